"""A visitor's text shown as text: the one place that escapes titles, set names and words for
Streamlit's Markdown and for Plotly's labels.

On a server for a room, a title, set name or word typed by one visitor is shown to others. In
Streamlit's Markdown (`st.markdown`, `st.caption`, `st.info`, widget labels, …) `![x](http://…)`
would make their browser fetch an address, `[link](…)`, `**bold**` and a bare `http://…` would
render, and `:red[…]`, `:material/…:` and `$…$` are Streamlit directives; in Plotly's labels
`<a href=…>` and `<span style=…>` render live and `%{…}` is a template. The views pass every
user-given string through `md` (for Streamlit) and the charts through `plotly_text`, so it shows
as typed.

Both also neutralise bidirectional controls (U+202A–U+202E, U+2066–U+2069: "Trojan Source",
a name that displays as another) and other control characters, each shown as U+FFFD.
"""

from __future__ import annotations

import html
import re
import unicodedata

_REPLACEMENT = "\ufffd"
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_MARKUP = re.compile(
    r"[\\`*_\[\]$~]"  # emphasis, code, links and images, LaTeX
    r"|<(?=[a-z/!?])"  # HTML and <http://…> (not "p < 0.05")
    r"|:(?=\S)",  # :smile:, :material/home:, :red[…]
    re.IGNORECASE,
)
"""What makes Markdown or a Streamlit directive anywhere in a line; each gets a backslash, which
CommonMark allows before any ASCII punctuation. Only these, so ordinary text stays as it is."""
_AUTOLINK = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?=@)", re.IGNORECASE)
"""Where GitHub-flavoured Markdown turns bare text into a link (http://…, www.…, a@b.org), even
escaped: an invisible word joiner (U+2060) goes there instead."""
_WORD_JOINER = "\u2060"
_SHORTCODE = re.compile(r"\\:([\w/+-]+):")
"""An escaped `:smile:` or `:material/home:`: Streamlit still reads the code unless its closing
colon and the punctuation inside are escaped too."""
_LINE_START = re.compile(r"^(\s*\d*)([-+#>=|.)])")
"""What makes a list, heading, quote or table at the start of a line."""


def _shown(char: str) -> str:
    if char in _BIDI_CONTROLS or (unicodedata.category(char) == "Cc" and char not in "\t\n"):
        return _REPLACEMENT
    return " " if char in "\t\n" else char


def neutral(text: object) -> str:
    """`text` on one line, bidi and other control characters replaced by U+FFFD."""
    value = str(text)
    if value.isprintable() and "\n" not in value:  # the usual case, kept fast
        return value
    return "".join(_shown(char) for char in value)


def md(text: object) -> str:
    """`text` for any Streamlit element that renders Markdown (and radio options and tab
    labels, which do too): shown exactly as typed."""
    unlinked = _AUTOLINK.sub(_WORD_JOINER, neutral(text))
    escaped = _MARKUP.sub(lambda found: "\\" + found.group(0), unlinked)
    escaped = _SHORTCODE.sub(
        lambda found: "\\:" + re.sub(r"([/+-])", r"\\\1", found.group(1)) + "\\:", escaped
    )
    return _LINE_START.sub(lambda found: f"{found.group(1)}\\{found.group(2)}", escaped)


def plotly_text(text: object) -> str:
    """`text` for a Plotly label, legend, title or hover template: shown exactly as typed."""
    return html.escape(neutral(text), quote=False).replace("%{", "%&#123;")
