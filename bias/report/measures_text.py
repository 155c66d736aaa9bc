"""The measures in words: a plain paragraph per measure for people who do not program (what it
can say and what it cannot), one sentence per result, and the command line's short report."""

from __future__ import annotations

from collections.abc import Callable

from bias.analysis.measure import MeasureAnalysis, MeasuresCompared
from bias.report.confounds_text import pairs_text
from bias.report.note_sentences import notes_text
from bias.report.text import as_words, format_p, p_phrase
from bias.report.verdict import result_headline
from bias.stats.measure_catalog import METRICS
from bias.stats.measure_result import MeasureResult, WordScore
from bias.stats.pvalues import ALPHA
from bias.wordsets import NamedSets

EXPLANATIONS: dict[str, str] = {
    "weat": (
        "WEAT compares two groups of words (for example male and female names) against two "
        "themes (career and family). It asks whether the first group sits closer to the first "
        "theme and the second group to the second. The effect size d says how strongly, in "
        "standard deviations (2 at most; it grows with the number of theme words, so compare it "
        "only between tests of like sizes), the p-value whether that could be chance, and the "
        "interval how sure we are about d. It cannot say why the words are "
        "associated, nor whether the bias matters in a given application."
    ),
    "sc-weat": (
        "SC-WEAT measures one word at a time: does 'nurse' sit closer to the first theme (say, "
        "male words) or to the second (female words)? Each word gets a lean (effect size, "
        "between about −2 and 2; positive means the first theme) and a p-value saying whether "
        "the lean could come from how the theme words were picked. It suits a long list, such "
        "as occupations. It cannot compare groups of words with each other; a word with "
        "several meanings gets one lean for all of them."
    ),
    "wefat": (
        "WEFAT checks the embedding against the real world. You give words with a number each, "
        "for example occupations with the share of women working in them. Each word's lean to "
        "the first theme over the second is compared with your numbers: if the embedding "
        "mirrors the statistics, the correlation (Pearson's r, between −1 and 1) is strong and "
        "its p-value small. It shows that the embedding reflects the numbers, not that the "
        "numbers are fair, and a handful of words gives a wide interval."
    ),
    "rnd": (
        "RND (relative norm distance) asks which of two groups of words (say male and female "
        "words) a list of words, such as occupations, sits closer to, measuring straight-line "
        "distances to each group's average. Negative: closer to the first group; positive: "
        "to the second. Each listed word shows its own pull. It has no scale of 'small' or "
        "'large' and no test of its own: ask for a p-value to see whether a random split of "
        "the group words does as well."
    ),
    "mac": (
        "MAC (mean average cosine distance) averages how far every group word is from every "
        "theme: 0 would be identical, 1 unrelated, 2 opposite. It was made to compare an "
        "embedding before and after removing a bias: a lower MAC means closer associations. "
        "On its own it says little, and it cannot tell which group leans to which theme, "
        "because every word counts alike."
    ),
    "ect": (
        "ECT (embedding coherence test) ranks a list of words (such as occupations) by how "
        "close they are to each of two groups and compares the two rankings with Spearman's "
        "correlation. 1 means both groups order the words the same way (no bias in this "
        "sense); lower means they order them differently. It ignores how far apart the groups "
        "are, only the order; the optional p-value checks whether a random split of the group "
        "words would agree as little."
    ),
    "ripa": (
        "RIPA (relational inner product association) uses pairs of words, such as man/woman "
        "and he/she, to define a direction from the second word to the first, and measures how "
        "far each listed word lies along it. Positive: the word leans to the first side of the "
        "pairs. The pairs must match line by line. It does not say whether the lean is large; "
        "the optional p-value checks whether swapping words within pairs does as well."
    ),
    "rnsb": (
        "RNSB (relative negative sentiment bias) trains a simple classifier to tell pleasant "
        "from unpleasant words (the two themes), then asks how unpleasant it finds each group "
        "word, such as names of nationalities. If all groups looked equally unpleasant the "
        "value would be 0; the larger, the more unequal. It depends on the classifier: its "
        "accuracy on held-out words is shown, and another seed gives a somewhat different "
        "value. It has no p-value."
    ),
}


def value_label(metric: str) -> str:
    """What the result's one number is called."""
    return {
        "weat": "Effect size d",
        "sc-weat": "Mean lean (effect size)",
        "wefat": "Pearson's r",
        "rnd": "RND",
        "mac": "MAC",
        "ect": "Spearman's ρ",
        "ripa": "RIPA",
        "rnsb": "RNSB (KL divergence)",
    }[metric]


def measure_report(result: MeasureResult) -> str:
    """The command line's short report: value, p-value or interval, details, words per set."""
    label = METRICS[result.metric].label
    lines = [
        f"{label}: {result.title}  [{result.wordset_id}]",
        f"Embedding: {result.embedding}",
        "",
        f"  {value_label(result.metric)} = {result.value:.4f}",
    ]
    if result.p_value is not None:
        how = result.p_method or ""
        if result.test is not None:
            how += f", {result.test.iterations:,} {'arrangements' if how == 'exact' else 'draws'}"
        lines.append(f"  {p_phrase(result.p_value)} ({how})")
    if (ci := result.interval) is not None:
        lines.append(f"  {ci.level:.0%} interval: {ci.low:.4f} – {ci.high:.4f} "
                     f"({ci.method} bootstrap, seed {ci.seed})")
    for key, value in result.details.items():
        if isinstance(value, float):
            lines.append(f"  {key.replace('_', ' ')}: {value:.4g}")
    if result.metric == "sc-weat":
        lines.append("")
        for row in sorted(result.per_word, key=lambda r: -r.value):
            lines.append(f"  {row.word:>20}  {row.value:+.3f}  {p_phrase(row.p_value)}")
    lines.append("")
    for name, rep in result.sets.items():
        lines.append(f"  {result.roles[name]} '{name}': {len(rep.used)} of {len(rep.words)} "
                     "words used")
    lines += [f"  Note: {w}" for w in notes_text(result.notes)]
    return "\n".join(lines)


def measure_json(result: MeasureResult) -> dict:
    """`result.to_dict()` plus `warnings`: the notes as sentences, for people reading the JSON."""
    return {**result.to_dict(), "warnings": notes_text(result.notes)}


def pairs_warning(analysis: MeasureAnalysis) -> str | None:
    """Why RIPA's target lists are not natural pairs; None when they are, or for another
    measure."""
    return None if analysis.pairs is None else pairs_text(analysis.pairs)


def analysis_warnings(analysis: MeasureAnalysis) -> list[str]:
    """The result's notes as sentences, then why RIPA's lists are not natural pairs (if so)."""
    pairs = pairs_warning(analysis)
    return notes_text(analysis.result.notes) + ([pairs] if pairs else [])


def analysis_json(analysis: MeasureAnalysis) -> dict:
    """The JSON of `python -m bias measure` and of a report's data: the result's, its warnings
    with RIPA's pairs among them, and RIPA's check itself."""
    data = {**analysis.result.to_dict(), "warnings": analysis_warnings(analysis)}
    if analysis.pairs is not None:
        data["pairs"] = analysis.pairs.to_dict()
    return data


def analysis_report(analysis: MeasureAnalysis) -> str:
    """The command line's short report of an analysis (`measure_report` with RIPA's pairs)."""
    text = measure_report(analysis.result)
    pairs = pairs_warning(analysis)
    return text + (f"\n  Note: {pairs}" if pairs else "")


def compared_sentence(compared: MeasuresCompared, metric: str) -> str | None:
    """What `metric`'s p-value becomes when read with the other measures run on the same lists
    (Holm's correction over them); None when it is read alone or has no p-value."""
    adjusted = compared.adjusted(metric)
    if adjusted is None:
        return None
    others = [METRICS[m].label for m in compared.tested if m != metric]
    named = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
    n = len(compared.tested)
    return (f"This p-value is read with {'that' if len(others) == 1 else 'those'} of {named}, "
            f"run on the same lists and embedding: after Holm's correction for the {n} tests "
            f"it is {format_p(adjusted)}. The p-value above is this test's alone; where the "
            "measures disagree, one is called significant only after the correction.")


def inputs_sentence(metric: str, sets: NamedSets) -> str:
    """Which of the word set's lists this measure will use, and in which role."""
    info = METRICS[metric]
    targets = [f"'{as_words(t.name)}'" for t in sets.targets]
    attributes = [f"'{as_words(a.name)}'" for a in sets.attributes]
    if info.attributes[1] is not None:
        attributes = attributes[: info.attributes[1]]
    if info.needs in ("words", "values"):
        return (f"Leans are measured towards {attributes[0]} (positive) against "
                f"{attributes[1]} (negative)." if len(attributes) == 2 else
                f"{info.label} needs two attribute sets; this word set has {len(attributes)}.")
    if info.targets[1] is not None:
        targets = targets[: info.targets[1]]
    roles = {"rnsb": " (the first counts as positive, the second as negative)",
             "ripa": " (paired line by line)"}.get(metric, "")
    unused = len(sets.attributes) - len(attributes)
    text = (f"Target sets: {', '.join(targets)}{roles if metric == 'ripa' else ''}. "
            f"Attribute sets: {', '.join(attributes)}{roles if metric == 'rnsb' else ''}.")
    if unused > 0:
        text += f" {info.label} uses one attribute set, so the other is not used."
    return text


def result_sentence(result: MeasureResult) -> str:
    """One plain sentence on what this result says."""
    v, d = result.value, result.details
    if result.metric == "weat":
        lead = "" if result.weat is None else f"{result_headline(result.weat)}. "
        return lead + f"Effect size d = {v:.2f}, {p_phrase(result.p_value)}." + (
            f" 95% interval {result.interval.low:.2f} to {result.interval.high:.2f}."
            if result.interval else "")
    if result.metric == "sc-weat":
        return scweat_sentence(result)
    if result.metric == "wefat":
        strength = abs(v)
        word = "strong" if strength >= 0.5 else "moderate" if strength >= 0.3 else "weak"
        side = as_words(d["attribute_a"] if v > 0 else d["attribute_b"])
        return (f"A {word} {'positive' if v > 0 else 'negative'} correlation: the higher a "
                f"word's value, the more it leans to '{side}' in the embedding (r = {v:.2f}, "
                f"{p_phrase(result.p_value)}, {d['n']} words).")
    if result.metric == "rnd":
        names = [n for n, r in result.roles.items() if r == "target"]
        side = names[0] if v < 0 else names[1]
        return (f"On average the attribute words sit closer to '{as_words(side)}' (RND = {v:.3f}"
                + (f", {p_phrase(result.p_value)}" if result.p_value is not None else "") + ").")
    if result.metric == "mac":
        return (f"The target words are at a mean cosine distance of {v:.3f} from the attribute "
                "words (0 identical, 1 unrelated); compare it with another embedding or word set.")
    if result.metric == "ect":
        return (f"The two target groups rank the attribute words with a correlation of "
                f"{v:.2f} (1 = the same order, no bias in this sense)"
                + (f", {p_phrase(result.p_value)}" if result.p_value is not None else "") + ".")
    if result.metric == "ripa":
        names = [n for n, r in result.roles.items() if r == "target"]
        side = names[0] if v > 0 else names[1]
        return (f"The attribute words lean towards '{as_words(side)}' along the word pairs "
                f"(RIPA = {v:.3f}"
                + (f", {p_phrase(result.p_value)}" if result.p_value is not None else "") + ").")
    return (f"RNSB = {v:.4f}: 0 would mean every target word looks equally negative; the "
            f"classifier was right on {d['accuracy']:.0%} of {d['held_out']} held-out words.")


def scweat_sentence(result: MeasureResult) -> str:
    """SC-WEAT's count of words that lean clearly, made with Holm's correction for the number
    of words read at once (`p_holm`), and the uncorrected count beside it when they differ."""
    rows, d = result.per_word, result.details
    a, b = as_words(d["attribute_a"]), as_words(d["attribute_b"])

    def leaning(p_of: Callable[[WordScore], float]) -> tuple[int, int]:
        return (sum(r.value > 0 and p_of(r) < ALPHA for r in rows),
                sum(r.value < 0 and p_of(r) < ALPHA for r in rows))

    held = leaning(lambda r: r.extra["p_holm"])
    raw = leaning(lambda r: r.p_value)
    n = len(rows)
    if n == 1:  # one test: nothing to correct for
        if any(held):
            return f"The word leans clearly to '{a if held[0] else b}' (p < {ALPHA:g})."
        return f"The word's lean could be chance (p ≥ {ALPHA:g})."
    text = (f"Of {n} words, {held[0]} lean{'s' if held[0] == 1 else ''} clearly to '{a}' and "
            f"{held[1]} to '{b}' (p < {ALPHA:g} after Holm's correction for {n} tests); the "
            "others could be chance.")
    if raw != held:
        text += (f" Without the correction, {raw[0]} would lean to '{a}' and {raw[1]} to "
                 f"'{b}': with {n} words some p-values fall below {ALPHA:g} by chance alone.")
    return text


def headline_numbers(result: MeasureResult) -> list[tuple[str, str, str]]:
    """(label, value, help) for the few numbers shown large above the chart."""
    out = [(value_label(result.metric), f"{result.value:.3f}",
            "The measure's one number; docs/metrics.md gives its formula.")]
    if result.p_value is not None and result.metric not in ("sc-weat",):
        out.append(("p-value", format_p(result.p_value),
                    "How often chance alone would give a value at least this far from 'no "
                    "bias'. Below 0.05 is usually read as more than chance."))
    if (ci := result.interval) is not None:
        out.append(("95% interval", f"{ci.low:.2f} to {ci.high:.2f}",
                    f"{ci.method} bootstrap over the words: how large the effect is, "
                    "allowing for which words happened to be chosen."))
    d = result.details
    if result.metric == "wefat":
        lo, hi = d["pearson_ci"]
        out.append(("95% interval of r", f"{lo:.2f} to {hi:.2f}", "Fisher's z interval."))
        out.append(("Spearman's ρ", f"{d['spearman_rho']:.2f}",
                    f"Only the order of the values counts; {p_phrase(d['spearman_p'])}."))
    if result.metric == "rnsb":
        out.append(("Classifier accuracy", f"{d['accuracy']:.0%}",
                    f"On {d['held_out']} attribute words held out from training."))
    return out
