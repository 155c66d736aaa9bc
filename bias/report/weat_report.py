"""The WEAT result as a short report for a terminal (the command line's `weat` without `--json`)."""

from __future__ import annotations

from bias.analysis.weat import DrawsNote, WeatAnalysis
from bias.report.confounds_text import confound_lines, confound_warnings
from bias.report.conventions_text import convention_text
from bias.report.encoder_text import encoder_text, sensitivity_lines
from bias.report.note_sentences import notes_text
from bias.report.text import (
    EFFECT_SIZE_CAVEAT,
    Comparison,
    effect_size_limit_text,
    explanation,
    format_d,
    format_p,
    interval_caveat,
    other_tail_phrase,
    ours_in_their_form,
    p_statement,
    plural,
    runs_the_other_way,
)
from bias.report.verdict import coverage_text, meaning, result_headline, why_not_comparable
from bias.stats.confounds import WeatConfounds
from bias.stats.encoder_methods import MethodSensitivity
from bias.stats.verdict import Coverage
from bias.stats.weat import WeatResult
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Match
from bias.wordsets import SET_KEYS


def weat_report(result: WeatResult, confounds: WeatConfounds | None = None,
                sensitivity: MethodSensitivity | None = None) -> str:
    """Title, d and p with how p was computed, the verdict, the source's values, words per set;
    for an encoder, its model and method, and the test under every method (`sensitivity`)."""
    lines = [
        f"{result.title}  [{result.wordset_id}]",
        f"Embedding: {result.embedding} ({language_name(result.language)})",
        *([f"  {encoder_text(result.encoder)}"] if result.encoder is not None else []),
        "",
        # The verdict first: what changes with the encoder's method or the picking among draws
        # leads it, before any number.
        f"  {result_headline(result, sensitivity)}.",
        *_number_lines(result),
        f"  {meaning(result)}",
        f"  {explanation(result)}",
        f"  {coverage_text(result.coverage)}.",
    ]
    if confounds is not None:
        lines += [f"  Warning: {line}" for line in confound_warnings(confounds)]
    lines += _source_lines(result)
    if sensitivity is not None:
        lines += ["", "  The same test under every extraction method:",
                  *(f"    {line}" for line in sensitivity_lines(sensitivity))]
    lines += ["", *(_set_line(result, key) for key in SET_KEYS)]
    lines += [f"  Note: {warning}" for warning in notes_text(result.notes)]
    if confounds is not None:
        lines += ["", "  Confounds checked:",
                  *(f"    {line}" for line in confound_lines(confounds))]
    return "\n".join(lines)


def _number_lines(result: WeatResult) -> list[str]:
    """d and p with how p was computed, the cap and caveat of d, and both intervals."""
    how = (
        f"exact, all {result.iterations:,} reshufflings"
        if result.method == "exact"
        else f"randomized, {result.iterations:,} random reshufflings, seed {result.seed}"
    )
    sided = "one-sided" if result.alternative == "greater" else "two-sided"
    p = p_statement(result) if result.p_value_is_bound else f"p = {result.p_value:.6g}"
    lines = [
        f"  effect size d = {result.effect_size:.4f}   {p} ({sided}; {how})",
        f"  ({effect_size_limit_text(result)}; Caliskan's sum s(X,Y,A,B) = "
        f"{result.statistic_sum:.4f})",
        f"  ({EFFECT_SIZE_CAVEAT}.)",
    ]
    if runs_the_other_way(result):
        lines.append(f"  The words lean against the stated direction: {other_tail_phrase(result)}")
    if result.p_value_interval:
        low, high = result.p_value_interval
        lines.append(f"  95% Monte-Carlo interval for p: {low:.3g} – {high:.3g}")
    if (ci := result.interval) is not None:
        lines.append(
            f"  {ci.level:.0%} interval for d: {ci.low:.4f} – {ci.high:.4f} "
            f"({ci.method} bootstrap, {ci.resamples:,} resamples, seed {ci.seed})"
        )
        if (caveat := interval_caveat(result)) is not None:
            lines.append(f"  ({caveat})")
    return lines


def _source_lines(result: WeatResult) -> list[str]:
    """The source's values and ours under its conventions, or why they are not comparable."""
    rep = result.reported
    if rep is None:
        return []
    if not result.verdict.comparable:
        return [f"  {why_not_comparable(result)}"]
    lines = [
        f"  Source reported: d = {format_d(rep.effect_size)}"
        f"{' (absolute value)' if rep.effect_size_is_absolute else ''}, "
        f"p = {rep.p_value_text or format_p(rep.p_value)}"
        f"{f' on {rep.embedding}' if rep.embedding else ''}"
    ]
    if (under := convention_text(result.source_convention, result.effect_size)) is not None:
        lines.append(f"  {under}")
    return lines


def comparison_sentence(cmp: Comparison) -> str:
    """'Reported in Mukherjee et al. 2023 …: d = 0.84, p 0.048. This run uses … Ours, written
    the same way: d = 0.47.': the source's values beside ours, as the WEAT page's Details say
    them (worded here, not on the page, as the README asks of every sentence for people)."""
    return (f"Reported in {cmp.where}: {cmp.reported_d}, p {cmp.reported_p}. {cmp.note} "
            f"{ours_in_their_form(cmp)}")


def found_text(counts: Coverage, leave_out_shared: bool) -> str:
    """'7 of 8 words found, 1 more only shares a vector': a list's words with a vector of their
    own, then those that only share a frequent word's (left out, or not). One wording for the
    WEAT page's note under each list and this report; a list of one word is '1 of 1 word found'
    (the page said '1 of 1 words', issue 42)."""
    text = f"{counts.found} of {plural(counts.listed, 'word')} found"
    if counts.shared:
        verb = "shares" if counts.shared == 1 else "share"
        text += f", {counts.shared} more only {verb} a vector"
        text += " (left out)" if leave_out_shared else ""
    return text


def list_caption(counts: Coverage, leave_out_shared: bool, repeated: bool) -> str:
    """The note under a list on the WEAT page: `found_text`, and the distinct vectors when
    repeats make them fewer than the words."""
    used = f"; {plural(counts.used, 'distinct vector')}" if repeated else ""
    return found_text(counts, leave_out_shared) + used


def _set_line(result: WeatResult, key: str) -> str:
    """'X Math: 7 of 8 words found, 1 more only shares a vector; 6 distinct vectors used; under
    another form: …; a frequent word's vector stands in for …': counted as the summary line counts
    them (`coverage_text`: words with a vector of their own), then the vectors that entered the
    test when repeats make them fewer."""
    rep = result.sets[key]
    counts = rep.coverage
    line = f"  {key} {rep.name}: {found_text(counts, rep.leave_out_shared)}"
    if counts.used != counts.found + (0 if rep.leave_out_shared else counts.shared):
        line += f"; {plural(counts.used, 'distinct vector')} used"
    spellings = [i for i in rep.fallbacks if i.match is not Match.SHARED_ROW]
    if spellings:
        line += "; under another form: " + ", ".join(
            f"{i.word}→{i.found_as}" if i.word != i.found_as else f"{i.word} ({i.match})"
            for i in spellings
        )
    if shared := [i for i in rep.fallbacks if i.match is Match.SHARED_ROW]:
        line += "; a frequent word's vector stands in for " + ", ".join(
            f"{i.word}→{i.found_as}" for i in shared
        )
    return line


def weat_json(result: WeatResult, confounds: WeatConfounds | None = None,
              sensitivity: MethodSensitivity | None = None) -> dict:
    """`result.to_dict()` plus `warnings`: the notes as sentences, for people reading the JSON;
    with the confound controls (bias.stats.confounds) under `confounds`, their warnings among
    the others; for an encoder, the test under every method under `encoder.method_sensitivity`."""
    caveat = interval_caveat(result)
    data = {**result.to_dict(),
            "warnings": notes_text(result.notes) + ([caveat] if caveat else [])}
    if result.encoder is not None and result.reported is not None:
        data["warnings"].append(why_not_comparable(result))
    if sensitivity is not None:
        data["encoder"] = {**data["encoder"], "method_sensitivity": sensitivity.to_dict()}
        data["warnings"] += notes_text(sensitivity.notes)
    if confounds is not None:
        data["confounds"] = confounds.to_dict()
        data["warnings"] += confound_warnings(confounds)
    return data


def analysis_json(analysis: WeatAnalysis) -> dict:
    """The JSON of a WEAT analysis (bias.analysis.weat): one embedding's as `weat_json`, a trained
    family's as its result's; with `draws_note` when a face ran fewer draws for speed."""
    if isinstance(analysis.result, WeatResult):
        data = weat_json(analysis.result, analysis.confounds, analysis.sensitivity)
    else:
        data = analysis.result.to_dict()
    if analysis.draws_note:
        data["draws_note"] = draws_text(analysis.draws_note)
    return data


def analysis_text(analysis: WeatAnalysis) -> str:
    """The plain text of a WEAT analysis, its draws note (if any) last, beside the numbers."""
    if isinstance(analysis.result, WeatResult):
        out = weat_report(analysis.result, analysis.confounds, analysis.sensitivity)
    else:  # imported here: replicates' scipy.stats would double a one-test CLI's time
        from bias.report.replicates_text import group_text

        out = group_text(analysis.result)
    return out + (f"\n{draws_line(analysis.draws_note)}" if analysis.draws_note else "")


def draws_text(note: DrawsNote) -> str:
    """'10,000 draws instead of 100,000 and 1,000 interval resamples instead of 10,000, for
    speed': what a run for speed did (`WeatAnalysis.draws_note`), as the JSON holds it."""
    resamples = f"{note.resamples:,} interval resamples instead of {note.default_resamples:,}"
    if note.draws is None:
        return f"{resamples}, for speed"
    return f"{note.draws:,} draws instead of {note.default_draws:,} and {resamples}, for speed"


def draws_line(note: DrawsNote | None) -> str:
    """The draws note as every face prints it (the page, the command line, the report)."""
    return f"Ran {draws_text(note)}." if note else ""
