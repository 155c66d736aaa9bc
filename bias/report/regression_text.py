"""An embedding regression in words (command line; the page and reports will read the same
sentences): the numbers, what a norm means and does not mean, and what the run could not show."""

from __future__ import annotations

from bias.analysis.regress_results import (
    CoefficientReading,
    ContextLine,
    GroupNeighbours,
    RegressResult,
)
from bias.corpus.group_values import bin_label

MEANING = (
    "A coefficient's squared norm is how far the target's average use moves in the embedding "
    "space between the reference level and this one (or per unit of a numeric covariate), with "
    "the other covariates held fixed. The corrected value subtracts what noise alone would add "
    "over the dimensions (Green et al. 2025): near or below 0, no difference was measured. A norm "
    "says how much, not how: the neighbours and nearest contexts below show in which direction."
)

LIMITS = {
    "association-not-cause": (
        "The covariates describe who used the word; a difference is an association with them, "
        "not their effect (topics, time and speakers come with them)."),
    "unit-length-vectors": (
        "A norm has no scale of its own: its size depends on this embedding (its vectors at "
        "unit length), the window, the transform and the corpus, so compare norms within one "
        "run, not across embeddings, windows, transforms or corpora."),
    "plain-average": (
        "No transform: each instance is the plain average of its context words, which the most "
        "common words dominate; differences are harder to see (Khodak et al. 2018)."),
    "encoder-contexts": (
        "Each context was read whole, the target in it, by a sentence encoder: a different kind "
        "of model from word vectors, whose norms are not comparable with à la carte ones; its "
        "nearest words are the encoder's vectors of single words, which it was not made for."),
    "transform-from-file": (
        "The transform was read from a file: it is only right for vectors of the kind it was "
        "estimated on (this embedding, at unit length)."),
    "independent-instances": (
        "Instances were treated as independent (one cluster each); uses in one document share "
        "its speaker and topic, so the errors and the p-values may be too small."),
    "few-instances-per-group": (
        "At least one group has fewer than 50 instances: its average embedding is noisy "
        "(Rodriguez et al. 2023 find about 50 needed for a stable one)."),
    "numeric-no-neighbours": (
        "Numeric covariates have no groups, so no neighbours are listed for them."),
    "few-clusters": (
        "Fewer than 50 documents (or independent instances): with so few, the standard errors "
        "are too small, so the corrected estimate still leans upward and its interval can miss. "
        "On generated data with no difference at all, 20 documents and 300 dimensions, the "
        "corrected estimate averaged 5.5 and 6-8% of 95% intervals lay above 0; the "
        "permutation p-value did not err that way (docs/regression.md)."),
    "interval-undefined": (
        "Some intervals could not be computed: leaving out a single document leaves a level "
        "with no instance."),
    "few-permutations": (
        "Fewer than 1,000 permutations: the p-values are coarse (the smallest possible is "
        "1/(1 + permutations))."),
}


def _number(value: float) -> str:
    return "n/a" if value != value else f"{value:.3f}"


def _p(value: float) -> str:
    return f"{value:.4f}" if value >= 0.0001 else f"{value:.1e}"


def _line(line: ContextLine) -> str:
    where = ", ".join(f"{k}={v}" for k, v in line.covariates.items())
    return (f"    document {line.document:,} ({where}), cosine {line.cosine:.2f}: "
            f"… {line.left} [{line.keyword}] {line.right} …")


def _reading(reading: CoefficientReading) -> list[str]:
    lines = [f"  {reading.name}: contexts nearest its direction"]
    lines += [_line(line) for line in reading.nearest_contexts]
    moved = "; ".join(f"document {item.document:,} → {_number(item.estimate_without)} "
                      f"({item.change:+.3f})" for item in reading.most_influential)
    lines.append(f"    without one document: {moved}")
    lines.append(f"    {without_together(reading)}")
    return lines


def without_together(reading: CoefficientReading) -> str:
    """The check that a handful of documents do not carry the estimate."""
    return (f"without those {len(reading.most_influential)} together: "
            f"{_number(reading.without_most_influential)}")


def summary(result: RegressResult) -> tuple[str, ...]:
    """What was regressed on what, over how many instances, and how; then the reference each
    category is compared with (a decade's coefficient is its distance from the first decade)."""
    corpus, regression = result.corpus, result.regression
    forms = ", ".join(f"{form} {count:,}" for form, count in corpus.forms.items())
    return (
        f"Embedding regression of '{result.target}' on {covariates(result)} in "
        f"{corpus.file}: {corpus.instances:,} instances ({forms}) in {corpus.documents:,} "
        f"documents; {corpus.dropped:,} dropped because no context word has a vector; "
        f"{corpus.without_vector:,} of {corpus.context_tokens:,} context words have no vector "
        "and are left out of the averages.",
        f"Embedding {result.provenance.embedding.name}, transform: {result.transform}; "
        f"clusters: {corpus.clusters} ({corpus.units:,}); {regression.permutations:,} "
        f"permutations, seed {regression.seed}.",
        *references(result),
    )


def references(result: RegressResult) -> tuple[str, ...]:
    """The sentence naming each categorical covariate's reference level (its first group)."""
    first: dict[str, str] = {}
    for group in result.groups:
        first.setdefault(group.covariate, group.level)
    if not first:
        return ()
    named = ", ".join(f"{covariate} = {level}" for covariate, level in first.items())
    return (f"Each category's coefficient is its difference from the reference: {named}.",)


def covariates(result: RegressResult) -> str:
    """The covariates, each binned one with its bins ('year in bins of 10 (1950s: 1950–1959)')."""
    bins = dict(result.options.bins)
    return ", ".join(
        f"{name} in bins of {bins[name]:,} ({_bin_example(bins[name])})" if name in bins else name
        for name in result.covariates)


def _bin_example(width: int) -> str:
    """What one bin's label covers, on the labels' rule (bias.corpus.group_values.bin_label)."""
    start = 1950 // width * width
    label, span = bin_label(str(start), width, "", ""), f"{start}–{start + width - 1}"
    return f"e.g. {label}" if label.replace("-", "–") == span else f"{label}: {span}"


def neighbours_heading(result: RegressResult) -> str:
    regression = result.regression
    return ("Nearest words of each group's average use, by their cosine with it; beside each, "
            "the cosine corrected for the noise in an average (noise lowers cosines, more in "
            f"small groups) with its {regression.level:.0%} interval (jackknife over the "
            "group's documents; n/a where a group has fewer than 3 documents, or its average "
            "is mostly noise):")


def cosine(value: float) -> str:
    """A cosine without its leading zero ('.682', as APA writes numbers that cannot exceed 1):
    with a long word beside it, a group's table then fits half of an 800 px page."""
    return f"{value:.3f}".replace("0.", ".", 1)


def corrected_cell(corrected: float, low: float, high: float) -> str:
    """'.931 (.884–.979)': a neighbour's corrected cosine and its interval; 'n/a' where the group
    cannot say (`neighbours_heading` says when)."""
    if corrected != corrected:
        return "n/a"
    return f"{cosine(corrected)} ({cosine(low)}–{cosine(high)})"


def neighbour_cells(group: GroupNeighbours) -> list[tuple[str, float, str]]:
    """(word, observed cosine, corrected cosine with its interval) of each neighbour."""
    return [(word, observed, corrected_cell(corrected, low, high))
            for (word, observed), corrected, (low, high)
            in zip(group.neighbours, group.corrected, group.intervals, strict=True)]


def cannot_show(result: RegressResult) -> list[str]:
    """What the run could not show, one sentence per limit (an undefined interval with the
    coefficients from a single document, which cause it)."""
    out = [LIMITS[code] for code in result.limits]
    single = [c.name for c in result.regression.coefficients if c.units == 1]
    if "interval-undefined" in result.limits and single:
        at = result.limits.index("interval-undefined")
        out[at] = (f"{out[at][:-1]} ({', '.join(single)} come{'s' * (len(single) == 1)} "
                   "from a single document: merge it with a neighbouring group, or use wider "
                   "bins).")
    return out


def _pairs(pairs: tuple[tuple[str, float], ...]) -> str:
    return ", ".join(f"{word} {cosine:.3f}" for word, cosine in pairs)


def _cosines(result: RegressResult) -> list[str]:
    """Cosines with the chosen words: each group's average, each fitted embedding."""
    if not result.fitted:
        return []
    lines = ["Cosine with the chosen words, of each group's average use:"]
    lines += [f"  {g.covariate} = {g.level}: {_pairs(g.cosines)}" for g in result.groups]
    lines.append("and of the use the model expects (other covariates at their reference level "
                 "or mean):")
    lines += [f"  {f.covariate} at {f.setting} ({f.value}): {_pairs(f.cosines)}"
              if f.setting != f.value else f"  {f.covariate} = {f.value}: {_pairs(f.cosines)}"
              for f in result.fitted]
    if result.missing_words:
        lines.append(f"  No vector for: {', '.join(result.missing_words)}.")
    return [*lines, ""]


def _ratios(result: RegressResult) -> list[str]:
    """conText's nns_ratio: which neighbours tell a level's use from the reference's."""
    lines = []
    for item in result.ratios:
        lines.append(f"Cosine with {item.covariate} = {item.level}'s use over cosine with "
                     f"{item.reference}'s (above 1: nearer {item.level}'s; p from shuffling "
                     "documents):")
        lines.append("  " + ", ".join(f"{w.word} {w.ratio:.2f} (p {_p(w.p_value)})"
                                      for w in item.words))
    return [*lines, ""] if lines else []


def _leanings(result: RegressResult) -> list[str]:
    if not result.leanings:
        return []
    first = result.leanings[0]
    lines = [f"Leaning to '{first.first}' rather than '{first.second}' (mean cosine with the "
             "first list minus with the second), each level against its reference; p from "
             "shuffling documents between the two:"]
    lines += [f"  {item.covariate} = {item.level}: {item.level_leaning:+.3f} against "
              f"{item.reference} {item.reference_leaning:+.3f}: difference "
              f"{item.difference:+.3f}, p = {_p(item.p_value)}" for item in result.leanings]
    if result.missing_attribute_words:
        lines.append(f"  No vector for: {', '.join(result.missing_attribute_words)}.")
    return [*lines, ""]


def regression_text(result: RegressResult) -> str:
    regression = result.regression
    lines = [
        *summary(result),
        "",
        f"  {'coefficient':<24} {'squared norm':>12} {'corrected':>10} "
        f"{f'{regression.level:.0%} interval':>20} {'p':>8} {'instances':>9}",
    ]
    for c in regression.coefficients:
        interval = ("n/a" if c.interval.low != c.interval.low  # no interval (NaN): said once
                    else f"{_number(c.interval.low)} to {_number(c.interval.high)}")
        lines.append(f"  {c.name:<24} {c.squared_norm:>12.3f} {c.squared_norm_corrected:>10.3f} "
                     f"{interval:>20} {_p(c.p_value):>8} {c.instances:>9,}")
    lines += ["", MEANING, "", neighbours_heading(result)]
    for group in result.groups:
        words = ", ".join(f"{word} {observed:.2f} [{cell}]"
                          for word, observed, cell in neighbour_cells(group))
        lines.append(f"  {group.covariate} = {group.level} ({group.instances:,} instances): "
                     f"{words}")
    lines.append("")
    lines += _ratios(result)
    lines += _cosines(result)
    lines += _leanings(result)
    for reading in result.readings:
        lines += _reading(reading)
    lines += ["", "What this cannot show:"]
    lines += [f"  - {sentence}" for sentence in cannot_show(result)]
    return "\n".join(lines)
