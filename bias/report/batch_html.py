"""A batch as one self-contained report: the summary, Table 7 (HTML, CSV and LaTeX), the pooled
effects, the forest plot, a methods paragraph with references, and the manifest of every result
(`python -m bias reproduce` re-runs each)."""

from __future__ import annotations

from collections.abc import Sequence

from bias.analysis.batch import BatchAnalysis
from bias.notes import Note
from bias.report import verdict as verdict_text
from bias.report.batch_report import NOT_COMPARABLE, batch_csv, header, summary, table7_latex
from bias.report.charts.forest import forest_figure
from bias.report.charts.groups import across_groups_figure
from bias.report.charts.standalone import figures_html, titled
from bias.report.html_page import escape, page
from bias.report.note_sentences import note_text
from bias.report.references import REFERENCES
from bias.report.replicates_text import group_text
from bias.report.text import format_d, format_p
from bias.report.weat_report import weat_json
from bias.serialize import jsonable
from bias.stats.batch import BatchRow
from bias.stats.pooling import PooledEffect
from bias.stats.replicates import AcrossGroups, ReplicateResult
from bias.vectors.encoder import parse_name
from bias.version import version

_CITED = ("caliskan2017", "kurpiczbriki2021", "efron1993", "holm1979", "benjamini1995",
          "dersimonian1986")



_TRAINED_CITED = ("antoniak2018", "hanley2006", "garg2018")


def trained_methods(groups: Sequence[ReplicateResult | AcrossGroups]) -> str:
    """The methods' sentences on embeddings trained here (empty without any)."""
    if not groups:
        return ""
    first = groups[0].groups[0] if isinstance(groups[0], AcrossGroups) else groups[0]
    trained = first.results[0].provenance.embedding.identity.get("trained", {}) if (
        first.results and first.results[0].provenance) else {}
    settings = trained.get("train", {})
    text = (f" The embeddings were trained on the researchers' corpus with gensim "
            f"{trained.get('gensim', '')} ({settings.get('method', '')} "
            f"{settings.get('architecture', '')}, {settings.get('dimensions', '')} dimensions, "
            f"window {settings.get('window', '')}, minimum count "
            f"{settings.get('min_count', '')}, {settings.get('epochs', '')} epochs, "
            + ("one thread per model, bit-reproducible from the recorded seeds)."
               if settings.get("threads", 1) == 1 else
               f"{settings.get('threads')} threads per model, not bit-reproducible)."))
    if first.verdict.replicates > 1:
        text += (f" Each group was trained {first.verdict.replicates} times on bootstrap "
                 "samples of its documents (Poisson frequencies; Hanley & MacGibbon 2006), as "
                 "Antoniak and Mimno (2018) recommend, every replicate with the vocabulary of "
                 "the whole group; we report each replicate's d, a 95% t prediction interval "
                 "for the d of another such training run (mean ± t·s·√(1 + 1/n) of the "
                 "replicates' d), and call a bias holding only when it holds in every "
                 "replicate with one sign.")
    if any(isinstance(g, AcrossGroups) for g in groups):
        text += (" One embedding was trained per group value and d computed within each, as "
                 "Garg et al. (2018) did per decade; vectors of different groups were not "
                 "compared.")
    return text


def batch_methods(rows: Sequence[BatchRow], pooled: Sequence[PooledEffect]) -> str:
    ran = [row for row in rows if row.ran]
    first = next((row.result for row in ran if row.result is not None), None)
    options = first.provenance.options if first and first.provenance else {}
    text = (
        f"We ran {len(ran)} Word Embedding Association Tests (Caliskan et al. 2017) as used by "
        f"Kurpicz-Briki and Leoni (2021), each on the embeddings of its language, with BiasWords "
        f"{version()}. p-values are one-sided permutation p-values (exact over all partitions up "
        f"to {options.get('exact_limit', 10**6):,} partitions, otherwise "
        f"{options.get('iterations', 100_000):,} random partitions, seed "
        f"{options.get('seed', 0)}), adjusted over the whole batch by Holm (1979) and by "
        "Benjamini and Hochberg (1995); effect sizes d use the population standard deviation, "
        f"with {options.get('ci_resamples', 10_000):,}-resample BCa bootstrap intervals "
        "(Efron & Tibshirani 1993) over the words of all four sets."
    )
    if pooled:
        text += (" Where a test ran on several embeddings, d was pooled with a random-effects "
                 "model (DerSimonian & Laird 1986), each d weighted by the inverse of its "
                 "bootstrap variance plus τ²; the embeddings are not independent samples of one "
                 "population, so the pooled d summarises these embeddings.")
    return text


def _table7(rows: Sequence[BatchRow]) -> str:
    head = ("<tr><th>test</th><th>embedding</th><th>d</th><th>95% CI</th><th>p</th>"
            "<th>p (Holm)</th><th>verdict</th><th>words</th><th>reported d, p</th></tr>")
    lines = []
    for row in rows:
        if not row.ran:
            continue
        ci = row.interval
        reported = (f"{format_d(row.reported_d)}, {row.reported_p_text or format_p(row.reported_p)}"
                    if row.reported_d is not None or row.reported_p is not None
                    else NOT_COMPARABLE if parse_name(row.embedding or "") else "–")
        cells = [row.title, row.embedding, format_d(row.effect_size),
                 f"{format_d(ci.low)} to {format_d(ci.high)}" if ci else "–",
                 format_p(row.p_value), format_p(row.p_holm), verdict_text.SHORT[row.verdict],
                 f"{row.words_listed - row.missing_words}/{row.words_listed}", reported]
        lines.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    return f"<table>{head}{''.join(lines)}</table>"


def _pooled(pooled: Sequence[PooledEffect], unpooled: Sequence[Note]) -> str:
    left_out = "".join(f"<p>{escape(note_text(note))}</p>" for note in unpooled)
    if not pooled:
        return left_out or "<p>No test ran on two or more embeddings, so nothing was pooled.</p>"
    head = ("<tr><th>test family</th><th>k</th><th>pooled d</th><th>95% CI</th><th>τ²</th>"
            "<th>I²</th><th>results</th></tr>")
    lines = [f"<tr><td>{escape(p.family)}</td><td>{p.k}</td><td>{format_d(p.estimate)}</td>"
             f"<td>{format_d(p.low)} to {format_d(p.high)}</td><td>{p.tau2:.3f}</td>"
             f"<td>{p.i2:.0%}</td><td>{escape(', '.join(p.rows))}</td></tr>" for p in pooled]
    return f"<table>{head}{''.join(lines)}</table>{left_out}"


def _groups(groups: Sequence[ReplicateResult | AcrossGroups]) -> list[str]:
    """Each trained group's replicates in words, and each family's chart across groups."""
    html: list[str] = []
    charts = [titled(across_groups_figure(g), f"{escape(g.title)} across "
                     f"{escape(g.group_column or 'groups')} ({escape(g.family)})<br><sup>dot: "
                     "mean d of the replicates; bar: 95% prediction interval for another "
                     "training run</sup>")
              for g in groups if isinstance(g, AcrossGroups)]
    figures = iter(figures_html(charts, with_plotly=False))
    for group in groups:
        html.append(f"<pre>{escape(group_text(group))}</pre>")
        if isinstance(group, AcrossGroups):
            html.append(f"<div class='figure'>{next(figures)}</div>")
    return html


def batch_report_html(analysis: BatchAnalysis) -> str:
    """The report of a batch (`bias.analysis.batch`): its rows, pooled effects, the test
    families not pooled and why, and the trained replicate groups and families."""
    rows, pooled, unpooled, groups = (analysis.rows, analysis.pooled, analysis.unpooled,
                                      analysis.summaries)
    spans = [(row.d_ci_low, row.d_ci_high) if row.interval else None for row in rows]
    forest = titled(forest_figure(rows, spans, pooled),
                    f"Effect sizes by test<br><sup>{escape(header(rows))}; dot: ours, "
                    "filled where the bias holds when words are resampled; open diamond: "
                    "reported; black diamond: pooled</sup>")
    cited = _CITED + (_TRAINED_CITED if groups else ())
    references = [REFERENCES[key] for key in cited]
    results = [weat_json(row.result) for row in rows if row.result is not None]
    body = [
        f"<h1>A batch of WEATs: {escape(header(rows))}</h1>",
        f"<p>{escape(summary(rows))}</p>",
        "<h2>Table 7</h2>", _table7(rows),
        "<h2>Pooled across embeddings</h2>", _pooled(pooled, unpooled),
        "<h2>Forest plot</h2>", *(f"<div class='figure'>{f}</div>" for f in figures_html([forest])),
        *(["<h2>Trained models: replicates and groups</h2>", *_groups(groups)] if groups else []),
        "<h2>Methods (ready to paste)</h2>",
        f"<p class='methods'>{escape(batch_methods(rows, pooled))}"
        f"{escape(trained_methods(groups))}</p>",
        "<h2>Table 7 for LaTeX (booktabs)</h2>", f"<pre>{escape(table7_latex(rows))}</pre>",
        "<h2>Table 7 as CSV</h2>", f"<pre>{escape(batch_csv(rows))}</pre>",
        "<h2>References</h2><ul>", *(f"<li>{escape(r.text)}</li>" for r in references),
        "</ul><h2>BibTeX</h2><pre>", escape("\n\n".join(r.bibtex for r in references)), "</pre>",
        "<h2>Re-run</h2><p><code>python -m bias reproduce THIS_FILE.html</code> re-runs every "
        "result and says whether every number matches.</p>",
    ]
    return page("BiasWords batch report", body,
                {"kind": "batch", "results": results, "pooled": jsonable(list(pooled))})
