"""The report layer words every note code the engine emits; unknown codes are shown, not dropped."""

from bias.notes import Note
from bias.report.note_sentences import WORDING, note_text, notes_text


def test_every_code_has_a_sentence() -> None:
    note = Note("missing_words", {"set": "A", "name": "Career", "words": ["xq", "zz"], "total": 8,
                                  "embedding": "glove"})
    assert note_text(note) == (
        "A (Career): 2 of 8 words are not in glove and were left out: xq, zz."
    )
    assert note_text(Note("repeated_words", {"set": "X", "name": "N", "words": ["a"]})).startswith(
        "X (N): a has the same vector"
    )
    assert note_text(Note("repeated_words", {"set": "X", "name": "N", "words": ["a", "Man"],
                                             "listed_twice": ["a"]})) == (
        "X (N): a is listed twice; Man has the same vector as another spelling before it in the "
        "set; each vector is counted once.")
    assert "a, b have the same vector" in note_text(
        Note("repeated_words", {"set": "X", "name": "N", "words": ["a", "b"]})
    )
    assert note_text(Note("unequal_sizes", {"first": "X", "second": "Y", "first_size": 10,
                                            "second_size": 16})) == (
        "X uses 10 distinct vectors and Y 16: every one is kept, and means are compared, not sums."
    )
    assert note_text(Note("unequal_sizes", {"first": "A", "second": "B", "first_size": 1,
                                            "second_size": 4})).startswith(
        "A uses 1 distinct vector and B 4")  # not 'A has 1 words'
    assert set(WORDING) >= {"language_mismatch", "missing_words", "repeated_words",
                            "shared_words", "unequal_sizes", "no_effect_size"}


def test_an_unknown_code_is_shown_with_its_data() -> None:
    assert notes_text([Note("brand_new", {"n": 3}), Note("bare")]) == ["brand_new (n=3)", "bare"]
