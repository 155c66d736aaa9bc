"""The corpus's language guessed from its own most frequent words (issue 41, item 9): a German
corpus chosen as English is said in one sentence, in the preview, its JSON and the command
line's output, and never refused for it."""

from collections import Counter

from bias.cli import main
from bias.corpus.language_guess import MARGIN, MIN_SHARE, TOP_WORDS, guess_language
from bias.corpus.options import ReadOptions
from bias.corpus.stop_words import stop_words
from bias.corpus.train_corpus import inspect_corpus
from bias.report.corpus_text import language_warning, preview_json, preview_text
from tests.corpus.corpora import write_german_csv, write_txt

GERMAN = Counter({"der": 30, "und": 20, "ist": 10, "john": 30, "office": 10})
"""60 of 100 occurrences are German stop words, none an English one."""


def slow_share(counts: Counter, language: str) -> float:
    """The share, the obvious way: every occurrence of the top words, one at a time."""
    top = [w for w, _ in sorted(counts.items(), key=lambda kv: -kv[1])[:TOP_WORDS]]
    occurrences = [w for w in top for _ in range(counts[w])]
    listed = stop_words(language)
    return sum(w in listed for w in occurrences) / len(occurrences)


def test_a_german_count_is_german_and_said_to_differ_from_english():
    guess = guess_language([GERMAN], "en")
    assert (guess.language, guess.share, guess.chosen_share) == ("de", 0.6, 0.0)
    assert guess.share == slow_share(GERMAN, "de")
    assert guess.differs
    assert language_warning(guess) == (
        "This corpus looks German, but English is chosen: 60% of its most frequent words are "
        "German function words, 0% English ones. Trained as English, its models are labelled "
        "English and offered English word sets; train it as German if the texts are in it.")
    assert language_warning(guess_language([GERMAN], "de")) is None


def test_groups_are_read_together_and_close_languages_are_not_called_each_other():
    english = Counter({"the": 40, "and": 30, "of": 20, "career": 10})
    guess = guess_language([english, Counter({"the": 5, "salary": 5})], "en")
    assert guess.language == "en" and guess.share == slow_share(english + Counter(
        {"the": 5, "salary": 5}), "en") and not guess.differs
    danish = Counter({"og": 30, "det": 20, "ikke": 10, "jeg": 10, "hus": 30})
    swedish = guess_language([danish], "sv")  # "och"/"det"/"jag" in Swedish: "det" shared
    assert swedish.language == "da"
    assert swedish.differs == (swedish.share > MARGIN * swedish.chosen_share)


def test_no_guess_without_function_words_and_nothing_said_without_a_list():
    assert guess_language([Counter({"john": 5, "office": 3, "filler1": 2})], "en") is None
    thin = Counter({"und": 19, "john": 81})  # 19% function words: under MIN_SHARE
    assert MIN_SHARE == 0.2 and guess_language([thin], "en") is None
    assert guess_language([Counter({"und": 20, "john": 80})], "en").language == "de"
    romansh = guess_language([GERMAN], "rm")  # spaCy has no Romansh list to weigh against
    assert romansh.chosen_share is None and language_warning(romansh) is None
    assert guess_language([Counter()], "en") is None


def test_the_preview_and_the_command_line_say_it_and_train_anyway(tmp_path, home, capsys):
    german = write_german_csv(tmp_path / "german.csv", range(1950, 1952), count=20)
    shown = inspect_corpus(german, language="en", read=ReadOptions("text"))
    assert shown.language_guess.language == "de" and shown.problem is None
    assert preview_json(shown)["language_guess"]["warning"] == language_warning(
        shown.language_guess)
    assert "warning" not in shown.to_dict()["language_guess"]  # the engine words nothing
    assert "  Warning: This corpus looks German, but English is chosen" in preview_text(shown)
    assert main(["train", str(german), "--name", "g", "--text-column", "text", "--language",
                 "en", "--preview"]) == 0
    assert "Warning: This corpus looks German" in capsys.readouterr().out
    english = write_txt(tmp_path / "english.txt", 1.0, count=20)
    assert inspect_corpus(english, language="en").language_guess is None  # names and topics
