"""The engine's structured notes (`bias.notes.Note`) as sentences for people.

One function per code keeps every sentence in one place; an unknown code (from a newer engine
module) is still shown, as its code and data, rather than dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bias.notes import Note
from bias.report.text import as_words, plural
from bias.vectors.catalog import language_name
from bias.wordsets.language_guess import MIN_MARGIN, MIN_ZIPF


def _set(d: dict) -> str:
    """'B (Female Terms)': a note's set, its name as words (`as_words`)."""
    return f"{d['set']} ({as_words(d['name'])})"


def _language_mismatch(d: dict) -> str:
    return (
        f"The word set is in {language_name(d['wordset_language'])} but {d['embedding']} is "
        f"{language_name(d['embedding_language'])}: words found here may mean something else. "
        f"For a fair test add an embedding in {language_name(d['wordset_language'])} on the "
        f"Embeddings page (or `python -m bias import --fasttext {d['wordset_language']}`) and "
        "choose it."
    )


def _missing_words(d: dict) -> str:
    return (
        f"{_set(d)}: {len(d['words'])} of {d['total']} words are not in "
        f"{d['embedding']} and were left out: {', '.join(d['words'])}."
    )


def _phrases(d: dict) -> str:
    count = len(d["words"])
    what = "entry is a phrase" if count == 1 else "entries are phrases"
    return (
        f"{_set(d)}: {count} {what}"
        f" of several words, which {d['embedding']} does not hold as one word (a word-vector file "
        f"holds single words), so {'it was' if count == 1 else 'they were'} left out, not split: "
        f"{', '.join(d['words'])}."
    )


def _repeated_words(d: dict) -> str:
    twice = d.get("listed_twice", [])
    spelled = [w for w in d["words"] if w not in twice]
    parts = []
    if twice:
        parts.append(f"{', '.join(twice)} {'is' if len(twice) == 1 else 'are'} listed twice")
    if spelled:
        verb = "has" if len(spelled) == 1 else "have"
        parts.append(f"{', '.join(spelled)} {verb} the same vector as another spelling before "
                     "it in the set")
    return f"{_set(d)}: {'; '.join(parts)}; each vector is counted once."


def _shared_words(d: dict) -> str:
    words = d["words"]
    one = len(words) == 1
    return (
        f"{', '.join(words)} {'is' if one else 'are'} listed in both {d['first']} and "
        f"{d['second']}: kept in both, as the source did, {'it counts' if one else 'they count'} "
        f"on both sides, so {'its' if one else 'their'} pull cancels out and "
        f"{'it says' if one else 'they say'} nothing about the difference the test measures."
    )


def _shared_rows(d: dict) -> str:
    count = d["count"]
    pairs = ", ".join(f"{word} → {owner}" for word, owner in list(d["words"].items())[:8])
    more = "…" if count > 8 else ""
    fate = (
        "They were left out: the lists are in another language than the embedding, and a row "
        "shared with a word of its own language says nothing about them."
        if d.get("other_language")
        else "They were left out, as asked."
        if d["left_out"]
        else "They count with that vector: an approximation, which unticking 'Use words "
        "without a vector of their own' (Advanced options; `--no-shared-rows`) leaves out."
    )
    return (
        f"{count} of the {d['total']} words {'has' if count == 1 else 'have'} no vector of "
        f"{'its' if count == 1 else 'their'} own in {d['embedding']} (a pruned table): each shares "
        f"the vector of a more frequent word ({pairs}{more}). {fate}"
    )


def _unequal_sizes(d: dict) -> str:
    return (
        f"{d['first']} uses {plural(d['first_size'], 'distinct vector')} and {d['second']} "
        f"{d['second_size']:,}: every one is kept, and means are compared, not sums."
    )


def _ambiguous_word(d: dict) -> str:
    return (
        f"{d['set']}: '{d['word']}' was found only as '{d['found_as']}', whose nearest words "
        f"({', '.join(d['neighbours'][:4])}…) lie far from the rest of the set (closeness "
        f"{d['cohesion']:.2f} against {d['set_median']:.2f}), so it may mean something else "
        "here. Check the result without it (its influence is in the per-word table)."
    )


def _no_effect_size(d: dict) -> str:
    return "All target words have the same association, so there is no effect size."


def _single_trained_model(d: dict) -> str:
    text = (f"{d['embedding']} is one training run on your texts: its result may not survive "
            "retraining with another seed or sample of the documents")
    if d.get("replicates", 1) > 1:
        return text + f"; run the test on {d['family']} to see all {d['replicates']} replicates."
    return text + "; train with replicates to see the spread."


def _no_permutation_test(d: dict) -> str:
    return (
        f"{d['metric']} has no permutation p-value: it treats all target words alike, so "
        "swapping words between the target sets cannot change it."
    )


def _pairs_left_out(d: dict) -> str:
    count = len(d["pairs"])
    return (
        f"{count} pair{'s' if count > 1 else ''} left out because a word is missing: "
        f"{', '.join(d['pairs'])}."
    )


def _one_attribute_set(d: dict) -> str:
    unused = ", ".join(f"'{name}'" for name in d["unused"])
    return (
        f"{d['metric']} takes one attribute set: it used the first, '{d['used']}'; {unused} "
        "did not enter it."
    )


def _weak_classifier(d: dict) -> str:
    return (
        f"The classifier tells the two attribute sets apart in only {d['accuracy']:.0%} of the "
        f"{d['held_out']} held-out words: its 'negative' probabilities, and so RNSB, mean little."
    )


def _no_lean(d: dict) -> str:
    return (
        f"{', '.join(d['words'])}: the same cosine with every attribute word, so no lean "
        "(effect size) can be given."
    )


def _no_embedding_for_language(d: dict) -> str:
    chosen = ", ".join(language_name(code) for code in d.get("chosen_languages", ()))
    return (
        f"No chosen embedding is in {language_name(d['language'])}"
        f"{f' (chosen: {chosen})' if chosen else ''}: import one for {d['language']} on the "
        "Embeddings page (or `python -m bias import --fasttext "
        f"{d['language']}`), or run it across languages (`--cross-language`; on the Batch "
        "page 'Cross-language run')."
    )


def _pooled_with_parent(d: dict) -> str:
    return f"The test {d['family']} is not pooled: {related_text(d)}"


def related_text(d: dict) -> str:
    """Why an embedding and one derived from it are not pooled (`d`: the data of a
    `bias.stats.pooling.Related`)."""
    how = (f"{d['derived']} is derived from {d['other']}" if d["direct"]
           else f"{d['derived']} and {d['other']} are both derived from {d['origin']}")
    return (f"{how} (a debiased copy), so they are one embedding measured twice, not independent "
            "results, and a pooled interval would be narrower than the evidence.")


def _test_not_run(d: dict) -> str:
    return str(d["reason"])


def _no_tagger(d: dict) -> str:
    return (
        f"No part-of-speech tagger is available for '{d['language']}', so the part-of-speech "
        f"filter was skipped; check the candidates by eye. {tagging_hint(d['language'])}"
    )


def tagging_hint(language: str) -> str:
    """The one sentence on how to switch tagging on for a language that has no tagger."""
    return (
        f"To switch tagging on for {language_name(language)}, install a spaCy pipeline for it "
        f"(`python -m spacy download {language}_core_news_sm`, on a machine with internet "
        "access) and start again."
    )


def _concept_name_off(d: dict) -> str:
    return (
        f"The concept sets were judged without the encoder's name lean (fit_name; keeping the "
        f"best {d['keep']} of each set on it): {d['reason']} The static concept-fit thresholds "
        "(concept rank, lean, seeds near) decided instead, and they are less precise on the "
        "judged samples (docs/biaswords.md)."
    )


def _no_frequency_list(d: dict) -> str:
    return (
        f"There is no offline word-frequency list for '{d['language']}', so the frequency "
        "floor was skipped."
    )


def _edit_distance(d: dict) -> str:
    sharp_s = " and with ß as ss" if d["sharp_s"] else ""
    return (
        f"Edit distances are counted case-insensitively{sharp_s}; a neighbour needs at least "
        f"{d['min_edit']} edits from its seed."
    )


def _repeated_seeds(d: dict) -> str:
    return (
        f"{_set(d)}: {d['count']} seed word(s) repeat another one (as written or "
        "as found); each vector is used once."
    )


def _seeds_missing(d: dict) -> str:
    return (
        f"{_set(d)}: {len(d['words'])} seed word(s) are not in {d['embedding']} "
        f"and have no neighbours: {', '.join(d['words'])}."
    )


def _no_stop_words(d: dict) -> str:
    return (
        f"There is no stop-word list for '{d['language']}' (spaCy's lists), so function words "
        "were not dropped."
    )


def _no_lemmatiser(d: dict) -> str:
    return (
        f"There is no lemmatiser for '{d['language']}' (simplemma), so forms of the seeds were "
        "only caught by the letters-different and forms filters."
    )


def _no_names_dictionary(d: dict) -> str:
    return (
        "The first-names dictionary (package gender-guesser) is not installed, so sets of names "
        "were not checked for surnames and common words, nor names for their gender."
    )


def _names_unchecked(d: dict) -> str:
    return (
        f"{_set(d)}: the first-names dictionary does not know most of these "
        "seeds as first names, so this set's candidates were not checked against it (a surname "
        "among them stays); absence from the dictionary would have dropped real names."
    )


def _encoder_untrained_language(d: dict) -> str:
    return (
        f"{language_name(d['language'])} is not among the languages multilingual-e5 was trained "
        "on (XLM-R's CC-100): its tokeniser still splits the words, but what the vectors mean is "
        "unknown, so read this result with great care."
    )


def _encoder_cache_damaged(d: dict) -> str:
    files = d["files"]
    return (
        f"{files} file{'s' if files != 1 else ''} of the encoder's cache (BIASWORDS_HOME/encoder/) "
        f"{'were' if files != 1 else 'was'} damaged (not a file, or bytes unlike the digest "
        "recorded in its name) and set aside as .damaged; the words in them were computed "
        "again, so this result does not use them. Delete the .damaged files once looked at."
    )


def _method_sign_depends(d: dict) -> str:
    values = ", ".join(f"{method} {value:+.2f}" for method, value in d["effect_sizes"].items()
                       if value == value)
    return (f"The sign of d for {d['wordset']} depends on the encoder's extraction method "
            f"({values}): report the method with the result.")


SCRIPT_NAMES = {"LATIN": "the Latin alphabet", "ARABIC": "Arabic script",
                "DEVANAGARI": "Devanagari", "CYRILLIC": "Cyrillic", "GREEK": "the Greek alphabet",
                "HANGUL": "Hangul", "HIRAGANA": "Japanese kana", "CJK": "Han characters",
                "BENGALI": "Bengali script", "GURMUKHI": "Gurmukhi", "TELUGU": "Telugu script",
                "THAI": "Thai script"}


def _wordset_language_guessed(d: dict) -> str:
    """bias.wordsets.language_guess: the file gave no language, so its words decided it."""
    name, code = language_name(d["language"]), d["language"]
    text = "The word set's language was not given; "
    scores = d.get("scores") or {}
    if d["decided"] and scores:
        rest = sorted((lang for lang in scores if lang != code), key=lambda lang: -scores[lang])
        runner = f", {scores[rest[0]]:.1f} in {language_name(rest[0])}" if rest else ""
        text += (f"its words look {name} (mean word frequency {scores[code]:.1f} on the Zipf "
                 f"scale in {name}{runner}), so {name} frequencies and checks were used.")
    elif d["decided"]:
        text += (f"its words are written in {SCRIPT_NAMES.get(d['script'], d['script'])}, so "
                 f"it was read as {name}.")
    elif not d["script"] or (scores and max(scores.values()) < MIN_ZIPF):
        text += f"its words do not tell it, so it was read as {name}."
    else:
        best = scores.get(code, 0.0)
        close = [c for c in d["candidates"] if c != code
                 and (c not in scores or best - scores[c] < MIN_MARGIN)]  # unmeasured or near
        names = [language_name(c) for c in close]
        others = " or ".join(filter(None, (", ".join(names[:-1]), names[-1])))
        text += f"its words look {name} but could as well be {others}, so it was read as {name}."
    return text + f' If that is wrong, add "language" (e.g. "{code}") to the file.'


def _text(d: dict) -> str:
    """A sentence saved by an earlier version, before notes were codes."""
    return str(d["text"])


WORDING: dict[str, Callable[[dict], str]] = {
    "no_embedding_for_language": _no_embedding_for_language,
    "test_not_run": _test_not_run,
    "pooled_with_parent": _pooled_with_parent,
    "language_mismatch": _language_mismatch,
    "wordset_language_guessed": _wordset_language_guessed,
    "missing_words": _missing_words,
    "phrases": _phrases,
    "repeated_words": _repeated_words,
    "shared_words": _shared_words,
    "shared_rows": _shared_rows,
    "unequal_sizes": _unequal_sizes,
    "no_effect_size": _no_effect_size,
    "single_trained_model": _single_trained_model,
    "ambiguous_word": _ambiguous_word,
    "no_permutation_test": _no_permutation_test,
    "pairs_left_out": _pairs_left_out,
    "one_attribute_set": _one_attribute_set,
    "weak_classifier": _weak_classifier,
    "no_lean": _no_lean,
    "no_tagger": _no_tagger,
    "no_frequency_list": _no_frequency_list,
    "concept_name_off": _concept_name_off,
    "edit_distance": _edit_distance,
    "repeated_seeds": _repeated_seeds,
    "seeds_missing": _seeds_missing,
    "no_stop_words": _no_stop_words,
    "no_lemmatiser": _no_lemmatiser,
    "no_names_dictionary": _no_names_dictionary,
    "names_unchecked": _names_unchecked,
    "encoder_untrained_language": _encoder_untrained_language,
    "encoder_cache_damaged": _encoder_cache_damaged,
    "method_sign_depends": _method_sign_depends,
    "text": _text,
}


def note_text(note: Note) -> str:
    """One sentence for one note."""
    wording = WORDING.get(note.code)
    if wording is None:
        details = ", ".join(f"{k}={v}" for k, v in note.data.items())
        return f"{note.code}{f' ({details})' if details else ''}"
    return wording(note.data)


def notes_text(notes: Iterable[Note]) -> list[str]:
    """Sentences for several notes, in order."""
    return [note_text(note) for note in notes]
