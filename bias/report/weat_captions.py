"""The words around a WEAT result's three charts: panel titles, axis titles and the sentence
under each chart. The charts (`bias.report.charts.weat`) and the WEAT page read them from here;
what the numbers mean in the verdict's sentences stays in `bias.report.text`."""

from __future__ import annotations

import math

from bias.report.text import format_d, reshuffled_share, set_names
from bias.stats.weat import WeatResult


def association_panel_title(panel: str) -> str:
    """Title of one panel of the 'each word' chart: what its words are measured against."""
    if panel == "targets":
        return "Target words: which attribute list is each closer to?"
    return "Attribute words: which target list is each closer to?"


def association_axis(left: str, right: str) -> str:
    """An axis whose negative side is closer to `left` and positive side closer to `right`."""
    return f"← closer to '{left}'   ·   closer to '{right}' →"


def influence_axis(d: float) -> str:
    """The influence axis (d without the word − d): the side where d moves toward zero without a
    word holds the words that support the result; the other side, those that work against it."""
    supports_left = math.isnan(d) or d >= 0
    support, against = "← supports the result", "works against it →"
    if not supports_left:
        support, against = "← works against the result", "supports it →"
    return f"change of d without the word<br>{support}   ·   {against}"


def null_histogram_caption(result: WeatResult) -> str:
    """The sentence under the histogram: what its bars, line and red band are, and how many
    reshufflings the band holds (often too few to see as bars)."""
    counted, share = result.exceed, reshuffled_share(result)
    text = (
        "Each bar counts reshufflings of the target words with that difference; the dark line is "
        "the real lists. The red band beyond it holds the reshufflings at least as extreme: "
        f"{counted:,} of {result.iterations:,} ({share}), the p-value"
    )
    if 0 < counted < 0.001 * result.iterations:  # bars under 0.1% of the height
        text += ", too few to show as bars"
    return text + "."


def influence_caption(d: float) -> str:
    """The sentence under the 'which words matter' chart, saying which direction supports it."""
    if math.isnan(d):
        return "There is no effect size, so no word can change it."
    side = "left (negative)" if d >= 0 else "right (positive)"
    return (
        f"How the effect size d ({format_d(d)}) changes when one word is left out. Bars to the "
        f"{side} mark words that support the result: without them d moves toward zero. Bars "
        "the other way mark words that work against it. Long bars mark words that carry the "
        "result on their own."
    )


def association_caption(result: WeatResult) -> str:
    """The sentence under the 'each word' chart: what the two panels measure, which way is bias."""
    x, y, a, b = set_names(result)
    return (
        f"Target words are measured against the attribute lists, attribute words against the "
        f"target lists. The tested bias shows as '{x}' words leaning to '{a}' and '{y}' words "
        f"to '{b}' (top), and as '{a}' words leaning to '{x}' and '{b}' words to '{y}' (bottom)."
    )
