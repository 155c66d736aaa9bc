"""A word-set file without "language": its language guessed from its words and said, never
silently English (German lists were read as English, with English frequencies)."""

import json

import numpy as np
import pytest

from bias.report.note_sentences import notes_text
from bias.stats.confounds_frequency import frequency_check
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.embeddings import Embedding
from bias.wordsets.language_guess import guess_language, main_script
from bias.wordsets.library import get_named_sets, get_wordset
from bias.wordsets.parsing import read_wordset

GERMAN = get_wordset("weathub-de-weat7")
"""WEATHub's German WEAT 7 (Math/Arts, male/female terms), as bundled with its language."""


def german_file(tmp_path, language=None):
    data = {key: {"name": terms.name, "words": list(terms.words)}
            for key, terms in GERMAN.sets().items()}
    if language:
        data["language"] = language
    path = tmp_path / "de.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_german_lists_without_a_language_are_read_as_german_and_say_so(tmp_path):
    wordset = read_wordset(german_file(tmp_path))
    assert wordset.language == "de"
    guess = wordset.language_guess
    assert guess.decided and guess.script == "LATIN"
    assert guess.scores["de"] - max(v for k, v in guess.scores.items() if k != "de") > 1.5
    words = sorted({w for t in GERMAN.sets().values() for w in t.words})
    rng = np.random.default_rng(0)
    embedding = Embedding.from_raw("tiny-de", "de", words, rng.normal(size=(len(words), 8)))
    result = run_weat(embedding, wordset, WeatOptions(ci_resamples=0))
    codes = [note.code for note in result.notes]
    assert codes[0] == "wordset_language_guessed" and "language_mismatch" not in codes
    sentence = notes_text(result.notes)[0]
    assert sentence.startswith("The word set's language was not given; its words look German "
                               f"(mean word frequency {guess.scores['de']:.1f} on the Zipf scale "
                               "in German, ")
    assert "so German frequencies and checks were used" in sentence
    assert "The word set is in English" not in " ".join(notes_text(result.notes))
    assert frequency_check(wordset).language == "de"  # German words' frequencies, from German
    assert result.to_dict()["notes"][0]["language"] == "de"


def test_a_given_language_is_kept_and_no_guess_is_noted(tmp_path):
    wordset = read_wordset(german_file(tmp_path, language="it"))
    assert wordset.language == "it" and wordset.language_guess is None


def test_measures_read_the_same_guess(tmp_path):
    sets = get_named_sets(str(german_file(tmp_path)))
    assert sets.language == "de" and sets.language_guess.decided


@pytest.mark.parametrize(("words", "language", "decided"), [
    (["수학", "예술"], "ko", True),
    (["すうがく", "数学"], "ja", True),  # kana: Japanese
    (["数学", "艺术"], "zh", False),  # Han alone: Chinese, but kanji-only Japanese looks alike
    (["математика"], "ru", True),
    (["x0", "y1", "a2"], "en", False),  # not words of any language: English, and said
])
def test_scripts_and_undecided_guesses(words, language, decided):
    guess = guess_language(words)
    assert (guess.language, guess.decided) == (language, decided)


def test_an_undecided_guess_asks_for_the_language():
    from bias.notes import Note

    guess = guess_language(["x0", "y1", "a2"])
    text = notes_text([Note("wordset_language_guessed", guess.to_dict())])[0]
    # wordfreq counts 'x0' as a token: English leads German, French, Italian by under 0.3
    assert text == ("The word set's language was not given; its words look English but could as "
                    "well be German, French or Italian, so it was read as English. If that is "
                    'wrong, add "language" (e.g. "en") to the file.')
    marathi = guess_language(["गणित", "कला"])  # Devanagari: Marathi has no frequency list
    text = notes_text([Note("wordset_language_guessed", marathi.to_dict())])[0]
    assert "its words look Hindi but could as well be Marathi, so it was read as Hindi" in text


def test_the_main_script_counts_letters_only():
    assert main_script(["123", "—"]) is None
    assert main_script(["Straße", "αβγδ", "Haus"]) == "LATIN"
