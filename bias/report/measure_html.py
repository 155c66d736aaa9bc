"""One measure's analysis (bias.analysis.measure) as a self-contained report: the sentence, the
numbers, the words per set, the chart, what the measure is with its paper, and the manifest that
`python -m bias reproduce` re-runs."""

from __future__ import annotations

from textwrap import wrap

from bias.analysis.measure import MeasureAnalysis
from bias.report.charts.measures import measure_figure
from bias.report.charts.standalone import figures_html, titled
from bias.report.html_page import escape, page
from bias.report.measures_text import (
    EXPLANATIONS,
    analysis_json,
    headline_numbers,
    result_sentence,
)
from bias.stats.measure_catalog import METRICS
from bias.version import version

SUBTITLE_WIDTH = 110
"""Characters per line of a figure's subtitle: what fits the report's figure at Plotly's small
print (a 1000 px wide page shows it whole)."""


def measure_report_html(analysis: MeasureAnalysis) -> str:
    """The whole report as one HTML page; its data is the command line's JSON."""
    result = analysis.result
    measure = METRICS[result.metric]
    data = analysis_json(analysis)
    numbers = "".join(
        f"<tr><th>{escape(label)}</th><td>{escape(value)}</td><td>{escape(why)}</td></tr>"
        for label, value, why in headline_numbers(result))
    sets = "".join(
        f"<tr><td>{escape(result.roles[name])}</td><td>{escape(name)}</td>"
        f"<td>{len(rep.used)} of {len(rep.words)}</td><td>{escape(', '.join(rep.used))}</td>"
        f"<td>{escape(', '.join(rep.missing) or '–')}</td></tr>"
        for name, rep in result.sets.items())
    # Plotly never wraps a title: the sentence (SC-WEAT's runs to three lines with its
    # correction) is cut into lines that fit a report's figure
    subtitle = "<br>".join(f"<sup>{escape(line)}</sup>" for line in
                           wrap(f"{result.embedding} · {result_sentence(result)}", SUBTITLE_WIDTH))
    figure = titled(measure_figure(result),
                    f"{escape(measure.label)}: {escape(result.title)}<br>{subtitle}")
    notes = "".join(f"<li>{escape(n)}</li>" for n in data["warnings"])
    body = [
        f"<h1>{escape(measure.label)}: {escape(result.title)}</h1>",
        f"<p class='verdict'>{escape(result_sentence(result))}</p>",
        f"<p>{escape(EXPLANATIONS[result.metric])}</p>",
        f"<h2>Numbers</h2><table>{numbers}</table>",
        "<h2>Words per set</h2><table><tr><th>role</th><th>set</th><th>used</th>"
        f"<th>words used</th><th>missing</th></tr>{sets}</table>",
        f"<h2>Notes</h2><ul>{notes}</ul>" if notes else "",
        "<h2>Figure</h2>", *(f"<div class='figure'>{f}</div>" for f in figures_html([figure])),
        "<h2>Methods</h2>",
        f"<p class='methods'>{escape(measure.label)} ({escape(measure.paper)}) on the embedding "
        f"{escape(result.embedding)}, computed with BiasWords {escape(version())}; its formula and "
        "conventions are in docs/metrics.md, and every option and seed is in the manifest "
        "below.</p>",
        "<h2>Re-run</h2><p><code>python -m bias reproduce THIS_FILE.html</code> re-runs it and "
        "says whether every number matches.</p>",
    ]
    return page(f"{measure.label}: {result.title} on {result.embedding}", body,
                {"kind": "measure", "results": [data]})
