"""How much one request may ask for: every bound on the size of a visitor's input, in one place.

A dashboard for a room runs every visitor's tests in one server process. Each bound below says
why it is where it is; docs/security.md lists them all. They are checked before any work starts
(`check_set_words` and `check_text` run when a set of words or a test is made,
`bias.wordsets.TermSet` and `WordSet`, so files are checked as they are read too), so an oversized
input costs one sentence, never minutes of computation or gigabytes of memory.
"""

from __future__ import annotations

import os
import re

from bias.errors import BiasInputError

MAX_SET_WORDS = 1_000
"""Words per set, for every measure (WEAT, the measures of `bias.stats.measure_catalog`, BiasWords'
seed tests, Batch): the published sets have 8 to 50 words, and every measure's work and memory grow
with the product of its sets' sizes, so a larger set would let one visitor slow the room for
everyone."""

MAX_INPUT_FILE_BYTES = 20_000_000
"""Bytes of a word-set, values or curation file read by name: a word set at every bound above
is under 1 MB, so this only stops a wrong file (a vector file, /dev/zero) being read whole."""

MAX_TEXT_UPLOAD_MB = 2
"""Size of a word-set file, values table or pairs file uploaded on a page, in MiB as Streamlit's
uploaders count (`max_upload_size`): the largest bundled word set is under 10 KB and a table of a
few thousand rows under 200 KB, while a chosen file stays in the server's memory for as long as
the tab keeps it."""

MAX_TEXT_UPLOAD_BYTES = MAX_TEXT_UPLOAD_MB << 20

MAX_SCWEAT_WORDS = 500
"""Words SC-WEAT measures in one run: each word costs a pass over every partition of A ∪ B."""

MAX_SEEDS_PER_SET = 500
"""Distinct seed words per set BiasWords accepts (the paper's sets have 8 to 50): each seed's
neighbours are looked up, tagged and shown in one table read by a person."""


def check_set_words(name: str, count: int) -> None:
    """Refuse a set of more than `MAX_SET_WORDS` words, in one sentence that says why."""
    if count > MAX_SET_WORDS:
        raise BiasInputError(
            f"The set '{shorten(name, 60)}' has {count:,} words; a set may have at most "
            f"{MAX_SET_WORDS:,} "
            "(the published sets have 8 to 50, and the work grows with the product of the sets' "
            "sizes on a server shared by the whole room)."
        )


MAX_TITLE_CHARS = 200
"""Characters in a test's title: every saved title is listed to every visitor on every page load
(the longest published one has 137); 20 MB titles once made the page too large to send."""

MAX_NAME_CHARS = 100
"""Characters in a set's name (the longest published one has 52); names label charts and tables."""

MAX_WORD_CHARS = 100
"""Characters in one word or phrase of a set (the longest published one has 41)."""

LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")
"""A language code as word sets and embeddings give it: ISO 639, two or three lower-case letters
('de', 'ckb'); never free text, since it is shown and used in names."""


def shorten(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, with an ellipsis where it was cut (for names
    made from others, e.g. "WEAT 7 (edited): …" or a pooled set's joined names)."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def check_text(what: str, text: str, limit: int) -> None:
    """Refuse a `what` ("title", "name of set X") longer than `limit` characters."""
    if len(text) > limit:
        raise BiasInputError(
            f"The {what} has {len(text):,} characters; at most {limit:,}, please."
        )


def check_language(code: str) -> str:
    """Return `code` if it is a language code (`LANGUAGE_CODE`), else refuse it in a sentence."""
    if not isinstance(code, str) or not LANGUAGE_CODE.fullmatch(code):
        raise BiasInputError(
            f"'{shorten(str(code), 20)}' is not a language code; use two or three lower-case "
            "letters, like 'de'."
        )
    return code


def check_known_language(code: str) -> str:
    """`check_language`, and a code that ISO 639 assigns to a language (through `langcodes`,
    which wordfreq installs): a training's language decides how its words are cut and is
    recorded with every model, so 'xx' is refused rather than trained on."""
    import langcodes

    check_language(code)
    if not langcodes.tag_is_valid(code):
        raise BiasInputError(
            f"'{code}' is not a language code ISO 639 assigns; use the corpus's language, like "
            "'en' or 'de'."
        )
    return code


MAX_HEAVY_JOBS = max(1, (os.cpu_count() or 2) - 1)
"""Heavy computations (a WEAT or a measure of more than `HEAVY_WORK` word-draws, a Batch,
BiasWords draws) running at once on one server; more wait in one queue, first come first served,
and see their place in it (views/jobs.py). One core is always left for page loads and small
tests: three BiasWords clicks once kept both cores of a two-core server busy for hours and other
visitors' pages took twice as long to open."""

JOBS_PER_VISITOR = 1
"""Heavy jobs one visitor (one tab: Streamlit cannot tell two tabs of one person apart) may have
running or waiting: a new one replaces the tab's earlier one, which stops."""

HEAVY_WORK = 100_000_000
"""A WEAT (on the WEAT page) or a measure (on the Measures page) asking for more word-draws than
this (`bias.stats.budget`) waits for a heavy-job slot: 2 to 20 s at the rates measured for
`WORK_BUDGET`, where a published test at the page's defaults is a few million at most (WEAT 6:
525,920), so it never waits behind someone's Batch. Counted in work, not in draws: a million
draws over 16 words is light, 100,000 over 2,000 words is not."""

WORK_BUDGET = 1_000_000_000
"""Word-draws one request may ask for, counted before any work starts (`bias.stats.budget`): each
random or enumerated arrangement, bootstrap resample or BiasWords draw times the words it works
on, summed over everything the request runs (a Batch's tests, BiasWords' draws and baseline).
Measured on the lab server's kind of machine (2-core AMD EPYC shared by five sessions,
`bench/work_budget.py`), a word-draw costs 5 to 30 ns in WEAT's permutation test, 20 to 220 ns
in its bootstrap (the slowest: 2,000 + 2,000 words) and 10 to 180 ns in the measures'
permutation tests, so the largest request allowed runs for at most about 4 minutes on one core,
while every published test at the page's defaults uses under a thousandth of it (WEAT 6:
12,870 × 16 + 10,000 × 32 = 525,920 word-draws)."""

TRAINING_WORK = 2_000_000_000
"""Words a training started from the dashboard may train on, counted after its preview pass and
before any model: the corpus's words × epochs × replicates (every group's models included).
gensim trains some 300,000 to 1,000,000 words per second per core here (`bench/train_speed.py`),
so the largest request allowed keeps both cores busy for about 20 to 60 minutes, while a
2-million-word corpus with 10 epochs and 10 replicates (2 × 10⁸) is a tenth of it. The command
line has no such bound: its user owns the machine."""
