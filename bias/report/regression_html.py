"""An embedding regression (bias.analysis.regress) as a self-contained report: what was regressed
on what, the coefficients with intervals and p-values, their chart, each group's nearest words,
the texts behind each number, what the run cannot show, the method with its papers, and the
manifest that `python -m bias reproduce` re-runs (on the corpus beside the report)."""

from __future__ import annotations

from bias.analysis.regress_results import CoefficientReading, RegressResult
from bias.report.charts.regression import estimates_figure
from bias.report.charts.standalone import figures_html, titled
from bias.report.html_page import escape, page
from bias.report.regression_text import (
    MEANING,
    cannot_show,
    neighbour_cells,
    neighbours_heading,
    summary,
    without_together,
)
from bias.version import version

METHOD = (
    "Embedding regression (Rodriguez, Spirling & Stewart 2023, American Political Science "
    "Review): each use of the target is embedded à la carte from its context (Khodak et al. "
    "2018, ACL) and the uses' embeddings are regressed on the documents' covariates; each "
    "coefficient's squared norm is corrected for bias as in Green et al. 2025 (Political "
    "Analysis), with a leave-one-cluster-out jackknife interval and a permutation p-value."
)


def _cell(value: object) -> str:
    if isinstance(value, float):
        return "n/a" if value != value else f"{value:.4f}"
    return escape(value)


def _row(values: list[object], header: bool = False) -> str:
    tag = "th" if header else "td"
    return "<tr>" + "".join(f"<{tag}>{_cell(v)}</{tag}>" for v in values) + "</tr>"


def _coefficients(result: RegressResult) -> str:
    level = f"{result.regression.level:.0%}"
    rows = [_row(["coefficient", "corrected", f"{level} low", f"{level} high", "p-value",
                  "instances", "documents", "squared norm"], header=True)]
    rows += [_row([c.name, c.squared_norm_corrected, c.interval.low, c.interval.high,
                   c.p_value, c.instances, c.units, c.squared_norm])
             for c in result.regression.coefficients]
    return f"<table>{''.join(rows)}</table>"


def _groups(result: RegressResult) -> list[str]:
    if not result.groups:
        return []
    out = ["<h2>Nearest words per group</h2>", f"<p>{escape(neighbours_heading(result))}</p>"]
    for group in result.groups:
        words = ", ".join(f"{word} {observed:.3f} [corrected {cell}]"
                          for word, observed, cell in neighbour_cells(group))
        out.append(f"<p><b>{escape(group.covariate)} = {escape(group.level)}</b> "
                   f"({group.instances:,} instances): {escape(words)}</p>")
    return out


def _where(covariates: dict[str, str]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in covariates.items())


def _reading(reading: CoefficientReading) -> list[str]:
    lines = "".join(
        f"<li>document {line.document:,} ({escape(_where(line.covariates))}), cosine "
        f"{line.cosine:.2f}: … {escape(line.left)} <b>{escape(line.keyword)}</b> "
        f"{escape(line.right)} …</li>" for line in reading.nearest_contexts)
    moved = [_row(["document", "covariates", "without it", "change"], header=True)]
    moved += [_row([item.document, _where(item.covariates), item.estimate_without, item.change])
              for item in reading.most_influential]
    return [f"<h3>{escape(reading.name)}</h3><p>The uses nearest its direction:</p>"
            f"<ul>{lines}</ul><p>The documents that move it most (its corrected value without "
            f"each):</p><table>{''.join(moved)}</table>"
            f"<p>{escape(without_together(reading).capitalize())}.</p>"]


def regression_report_html(result: RegressResult) -> str:
    """The whole report as one HTML page."""
    title = f"Embedding regression of '{result.target}' on {', '.join(result.covariates)}"
    figure = titled(estimates_figure(result.regression),
                    f"{escape(title)}<br><sup>{escape(result.corpus.file)} · "
                    f"{escape(result.provenance.embedding.name)}</sup>")
    body = [
        f"<h1>{escape(title)}</h1>",
        *(f"<p>{escape(line)}</p>" for line in summary(result)),
        f"<h2>Coefficients</h2>{_coefficients(result)}<p>{escape(MEANING)}</p>",
        "<h2>Figure</h2>", *(f"<div class='figure'>{f}</div>" for f in figures_html([figure])),
        *_groups(result),
        "<h2>The texts behind each number</h2>",
        *(part for reading in result.readings for part in _reading(reading)),
        "<h2>What this cannot show</h2><ul>",
        *(f"<li>{escape(sentence)}</li>" for sentence in cannot_show(result)), "</ul>",
        "<h2>Methods</h2>",
        f"<p class='methods'>{escape(METHOD)} Computed with BiasWords {escape(version())}; "
        "every option and seed is in the manifest below (docs/regression.md).</p>",
        "<h2>Re-run</h2><p><code>python -m bias reproduce THIS_FILE.html</code>, with the "
        f"corpus {escape(result.corpus.file)} beside it (or <code>--corpus FILE</code>), "
        "re-runs it and says whether every number matches.</p>",
    ]
    return page(title, body, {"kind": "regress", "results": [result.to_dict()]})
