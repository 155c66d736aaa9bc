"""A corpus preview and a training's outcome in words (command line and the Your texts page)."""

from __future__ import annotations

from bias.corpus.counts import ADVISED_COUNTS, CountBalance
from bias.corpus.language_guess import LanguageGuess
from bias.corpus.preview import CorpusPreview, GroupPreview, SetCoverage
from bias.corpus.recheck import TrainingCheck
from bias.corpus.train_corpus import TrainResult
from bias.notes import Note
from bias.report.note_sentences import note_text
from bias.vectors.catalog import language_name

_TIMES = {0: "not at all", 1: "once", 2: "twice"}


def times(count: int) -> str:
    return _TIMES.get(count, f"{count:,} times")


def coverage_sentence(coverage: SetCoverage) -> str:
    """"7 of the 8 words of Career appear at least 5 times; 'salary' appears twice"."""
    verb = "appears" if len(coverage.enough) == 1 else "appear"
    text = (f"{len(coverage.enough)} of the {len(coverage.words)} words of {coverage.name} "
            f"{verb} at least {coverage.min_count} times")
    rare = coverage.too_rare
    if rare:
        listed = "; ".join(f"'{item.word}' appears {times(item.count)}" for item in rare[:6])
        more = f" (and {len(rare) - 6} more)" if len(rare) > 6 else ""
        text += f"; {listed}{more}, so {'it gets' if len(rare) == 1 else 'they get'} no vector"
    return text + "."


def _number(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"


ADVICE = (f"docs/corpus.md advises {ADVISED_COUNTS[0]}–{ADVISED_COUNTS[1]} for a steady "
          "vector")


def list_counts_sentence(coverage: SetCoverage) -> str:
    """Every word's count beside the advice: "Female terms in this corpus: 'woman' 4, 'women'
    33, …; none of the 4 words with a vector appears at least 50 times (…)", with what that means
    for a `thin` list."""
    counts = ", ".join(f"'{item.word}' {item.count:,}" for item in coverage.words)
    with_vector = len(coverage.enough)
    if not with_vector:
        return f"{coverage.name} in this corpus: {counts}; none gets a vector."
    steady = with_vector - len(coverage.under_advice)
    text = f"{coverage.name} in this corpus: {counts}; "
    if not coverage.under_advice:
        return text + (f"{'both' if with_vector == 2 else f'all {with_vector}'} words with a "
                       f"vector appear at least {ADVISED_COUNTS[0]} times ({ADVICE}).")
    verb = "appears" if steady in (0, 1) else "appear"
    many = "none" if not steady else f"{'only ' if coverage.thin else ''}{steady}"
    text += (f"{many} of the {with_vector} words with a vector {verb} at least "
             f"{ADVISED_COUNTS[0]} times ({ADVICE})")
    if coverage.thin:
        return text + (": their vectors are noisy, so a result on this list is weak evidence, "
                       "for a bias or against one.")
    return text + "."


def balance_sentence(balance: CountBalance) -> str:
    """The two lists' frequency in this corpus, with a warning past `BALANCE_RATIO`."""
    frequent, rare = balance.frequent, balance.rare
    ratio = f"{balance.ratio:,.0f}" if balance.ratio >= 10 else f"{balance.ratio:.1f}"
    text = (f"In this corpus the words of {frequent.name} appear {ratio} times as often as those "
            f"of {rare.name} (median {_number(frequent.median_count)} against "
            f"{_number(rare.median_count)} per word with a vector)")
    if balance.warning:
        return text + (": an association between them can come from frequency alone, and the "
                       "test's frequency check, which reads general counts of the language "
                       "(wordfreq), does not see this corpus.")
    return text + "."


def count_lines(group: GroupPreview) -> list[tuple[str, bool]]:
    """The group's count sentences, each with whether it is a warning: every list's counts
    beside the advice (a warning for a thin list), then the balance of each pair."""
    return ([(list_counts_sentence(c), c.thin) for c in group.sets]
            + [(balance_sentence(b), b.warning) for b in group.balances])


def language_warning(guess: LanguageGuess | None) -> str | None:
    """ "This corpus looks German, but English is chosen: …", or None when the corpus's
    frequent words agree with the chosen language (or were not guessed)."""
    if guess is None or not guess.differs:
        return None
    seen, chosen = language_name(guess.language), language_name(guess.chosen)
    return (
        f"This corpus looks {seen}, but {chosen} is chosen: {guess.share:.0%} of its most "
        f"frequent words are {seen} function words, {guess.chosen_share:.0%} {chosen} ones. "
        f"Trained as {chosen}, its models are labelled {chosen} and offered {chosen} word "
        f"sets; train it as {seen} if the texts are in it."
    )


def preview_json(preview: CorpusPreview) -> dict:
    """`preview.to_dict()` with the language warning worded, for people reading the JSON."""
    data = preview.to_dict()
    if preview.language_guess is not None:
        data["language_guess"]["warning"] = language_warning(preview.language_guess)
    return data


def group_line(group: GroupPreview, min_count: int) -> str:
    where = "The corpus" if group.value is None else f"Group '{group.value}'"
    empty = (f" ({group.empty_documents:,} empty ones skipped)" if group.empty_documents else "")
    return (f"{where}: {group.documents:,} documents{empty}, {group.tokens:,} words, "
            f"{group.vocabulary:,} distinct words appear at least {min_count} times.")


def preview_text(preview: CorpusPreview) -> str:
    lines = [f"{preview.file} (sha256 {preview.sha256[:16]}…), language {preview.language}:"]
    if (guessed := language_warning(preview.language_guess)) is not None:
        lines.append(f"  Warning: {guessed}")
    for group in preview.groups:
        lines.append("  " + group_line(group, preview.min_count))
        lines += [f"    {coverage_sentence(c)}" for c in group.sets]
        lines += [f"    {'Warning: ' if warning else ''}{text}" for text, warning in
                  count_lines(group)]
    return "\n".join(lines)


def command_line_use(family: str) -> str:
    return f"Use them with --embedding {family} (the whole family) or a name above."


def train_text(result: TrainResult, use: str | None = None) -> str:
    """The training's outcome; `use`, its last line, says where the models are used (the
    command line's option unless a page gives its own words)."""
    models = result.models
    lines = [preview_text(result.preview), ""]
    lines.append(f"Trained {len(models)} model{'' if len(models) == 1 else 's'} in "
                 f"{result.seconds:,.1f} s ({result.tokens_per_second:,.0f} words per second "
                 "over all epochs):")
    for model in models:
        lines.append(f"  {model.name}: {model.summary.words:,} words × "
                     f"{model.summary.dimensions} dimensions, seed {model.seed}"
                     + (f", bootstrap seed {model.bootstrap_seed}"
                        if model.bootstrap_seed is not None else ""))
    if len(models) == 1:
        lines.append(note_text(Note("single_trained_model", {"embedding": models[0].name})))
    lines.append(use or command_line_use(result.family))
    return "\n".join(lines)


def recheck_text(check: TrainingCheck) -> str:
    if check.outcome == "changed_on_disk":
        return check.sentence
    if check.outcome == "same":
        return (f"{check.name}: trained again from {check.corpus} (sha256 "
                f"{check.corpus_sha256[:16]}…, as recorded) with the recorded settings and "
                f"seeds, the vectors are the same bit for bit ({check.actual_sha256[:16]}…).")
    if check.outcome == "not_reproducible":
        return (f"{check.name}: it was trained with several threads, which is not "
                "bit-reproducible, and trained again its vectors differ, as expected.")
    why = ("; ".join(check.changed) if check.changed
           else "with the recorded gensim and numpy versions and the same cut of long "
           "documents: a difference not explained here")
    return (f"{check.name}: trained again from the same corpus, settings and seeds, the "
            f"vectors differ from the recorded ones ({why}).")
