"""The frame every report shares: one self-contained HTML page with its print stylesheet and
the manifest of its results (bias.report.manifest), and the one escape for the text in it."""

from __future__ import annotations

import html
from collections.abc import Sequence

from bias.report.manifest import with_manifest

STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; color: #1f1d2b; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.verdict { padding: .8rem 1rem; border-radius: .4rem; background: #fff4d6; }
.verdict.holds { background: #dff3e4; } .verdict.no_bias { background: #e6eefc; }
.verdict.other_way { background: #f3e4f7; }
table { border-collapse: collapse; margin: .5rem 0; } td, th { padding: .2rem .6rem;
  border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
pre { background: #f6f6f8; padding: .6rem; overflow-x: auto; white-space: pre-wrap; }
.methods { background: #f6f6f8; padding: .8rem 1rem; }
@media print { body { margin: 0; max-width: none; } .figure { page-break-inside: avoid; }
  h2 { page-break-after: avoid; } }
"""
"""The reports' stylesheet: readable on screen, and no figure split across pages in print."""


def escape(value: object) -> str:
    """Any value as HTML text: a visitor's words never become markup in a report."""
    return html.escape(str(value))


def page(title: str, body: Sequence[str], manifest: dict) -> str:
    """The whole page: `title` (text, escaped here), the `body` fragments (HTML), then the
    manifest that `python -m bias reproduce` reads, with the digest of all the rest."""
    before = "\n".join([
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{escape(title)}</title>", f"<style>{STYLE}</style></head><body>", *body, "",
    ])
    return with_manifest(before, manifest, "\n</body></html>")
