"""One measure's result (bias.stats.measure) as a self-contained report: the sentence, the
numbers, the words per set, the chart, what the measure is with its paper, and the manifest that
`python -m bias reproduce` re-runs."""

from __future__ import annotations

import html

from bias.report.charts.measures import measure_figure
from bias.report.charts.standalone import figures_html, titled
from bias.report.manifest import embed
from bias.report.measures_text import (
    EXPLANATIONS,
    headline_numbers,
    measure_json,
    result_sentence,
)
from bias.report.weat_html import STYLE
from bias.stats.measure import MeasureResult
from bias.stats.measures import METRICS
from bias.version import version


def _e(value: object) -> str:
    return html.escape(str(value))


def measure_report_html(result: MeasureResult) -> str:
    """The whole report as one HTML page."""
    measure = METRICS[result.metric]
    data = measure_json(result)
    numbers = "".join(f"<tr><th>{_e(label)}</th><td>{_e(value)}</td><td>{_e(why)}</td></tr>"
                      for label, value, why in headline_numbers(result))
    sets = "".join(
        f"<tr><td>{_e(result.roles[name])}</td><td>{_e(name)}</td>"
        f"<td>{len(rep.used)} of {len(rep.words)}</td><td>{_e(', '.join(rep.used))}</td>"
        f"<td>{_e(', '.join(rep.missing) or '–')}</td></tr>"
        for name, rep in result.sets.items())
    figure = titled(measure_figure(result),
                    f"{_e(measure.label)}: {_e(result.title)}<br><sup>{_e(result.embedding)} · "
                    f"{_e(result_sentence(result))}</sup>")
    notes = "".join(f"<li>{_e(n)}</li>" for n in data["warnings"])
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{_e(measure.label)}: {_e(result.title)} on {_e(result.embedding)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{_e(measure.label)}: {_e(result.title)}</h1>",
        f"<p class='verdict'>{_e(result_sentence(result))}</p>",
        f"<p>{_e(EXPLANATIONS[result.metric])}</p>",
        f"<h2>Numbers</h2><table>{numbers}</table>",
        "<h2>Words per set</h2><table><tr><th>role</th><th>set</th><th>used</th>"
        f"<th>words used</th><th>missing</th></tr>{sets}</table>",
        f"<h2>Notes</h2><ul>{notes}</ul>" if notes else "",
        "<h2>Figure</h2>", *(f"<div class='figure'>{f}</div>" for f in figures_html([figure])),
        "<h2>Methods</h2>",
        f"<p class='methods'>{_e(measure.label)} ({_e(measure.paper)}) on the embedding "
        f"{_e(result.embedding)}, computed with BiasWords {_e(version())}; its formula and "
        "conventions are in docs/metrics.md, and every option and seed is in the manifest "
        "below.</p>",
        "<h2>Re-run</h2><p><code>python -m bias reproduce THIS_FILE.html</code> re-runs it and "
        "says whether every number matches.</p>",
        embed({"kind": "measure", "results": [data]}),
        "</body></html>",
    ]
    return "\n".join(parts)
