"""A BiasWords run as a self-contained report: what was drawn from which pool, how the draws and
the baseline came out, what that does and does not show, the kept candidates per set, the chart,
and the manifest (with the curated table) that `python -m bias reproduce` re-runs."""

from __future__ import annotations

from bias.discovery.biaswords import BiasWordsRun
from bias.report.biaswords_text import (
    NOT_INDEPENDENT,
    POOL_QUALITY,
    baseline_line,
    baseline_meaning,
    best_draw_line,
    curation_label,
    run_json,
    share_line,
)
from bias.report.charts.biaswords import draws_figure
from bias.report.charts.standalone import figures_html, titled
from bias.report.html_page import escape, page
from bias.wordsets import SET_KEYS


def biaswords_report_html(run: BiasWordsRun) -> str:
    """The whole report as one HTML page."""
    sampling, candidates = run.sampling, run.candidates
    pools = candidates.kept_words()
    kept = "".join(
        f"<tr><td>{key}</td><td>{len(pools.get(key, ()))}</td>"
        f"<td>{escape(', '.join(pools.get(key, ())))}</td></tr>" for key in SET_KEYS)
    lines = [curation_label(sampling), share_line(sampling), baseline_line(sampling),
             baseline_meaning(sampling),
             best_draw_line(sampling) + ".", NOT_INDEPENDENT, POOL_QUALITY]
    figure = titled(draws_figure(sampling),
                    f"Effect sizes of the draws<br><sup>{escape(sampling.wordset_id)} on "
                    f"{escape(sampling.embedding)} · {sampling.summary.draws} draws</sup>")
    version = run.provenance.version if run.provenance else "?"
    body = [
        f"<h1>BiasWords: new sets near {escape(sampling.wordset_id)}</h1>",
        "".join(f"<p>{escape(line)}</p>" for line in lines if line),
        "<h2>Kept candidates per set</h2><table><tr><th>set</th><th>kept</th><th>words</th>"
        f"</tr>{kept}</table>",
        "<h2>Figure</h2>", *(f"<div class='figure'>{f}</div>" for f in figures_html([figure])),
        "<h2>Methods</h2>",
        f"<p class='methods'>Candidates are the nearest neighbours of the seed words, filtered as "
        f"Kurpicz-Briki and Leoni (2021, section 2.4) describe plus our filters (docs/biaswords.md)"
        f", curated by hand where marked; {sampling.summary.draws} new sets of the seed test's "
        f"sizes were drawn from them (seed {sampling.options.seed}) and each validated with WEAT; "
        f"computed with BiasWords {escape(version)}.</p>",
        "<h2>Re-run</h2><p><code>python -m bias reproduce THIS_FILE.html</code> draws again from "
        "the recorded table and says whether every number matches.</p>",
    ]
    return page(f"BiasWords: {sampling.wordset_id} on {sampling.embedding}", body,
                {"kind": "biaswords", "results": [run_json(run)]})
