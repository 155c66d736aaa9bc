"""The Debias page in Streamlit's AppTest: a hard debias run shows the held-out before/after,
the recoverability figures with the verdict, and saves the debiased embedding."""

import pytest

from bias.vectors import store
from tests.apptest import open_app


def test_hard_debias_runs_and_shows_before_after_and_the_verdict():
    at = open_app("views/debias.py")
    assert not at.exception
    at.button[0].click().run(timeout=180)
    assert not at.exception
    assert [e.value.split(":")[0] for e in at.error] == ["Bias was hidden, not removed"]
    labels = [m.label for m in at.metric]
    held = [label for label in labels if "held-out" in label]
    assert held == ["Before (held-out words)", "After (held-out words)"] * 2  # weat6, weat7
    assert labels.count("Before (fitting words)") == 2  # apart, in the circular expanders
    assert {"k-means alignment", "Linear classifier", "RBF classifier"} <= set(labels)
    tables = [t.value for t in at.dataframe]  # each check's held-out words' SC-WEAT
    assert [len(t) for t in tables] == [8, 8]
    assert list(tables[0]["Word"]) == ["Paul", "Mike", "Steve", "Bill", "Lisa", "Diana", "Ann",
                                       "Donna"]
    assert tables[0]["Lean before"].iloc[4] == pytest.approx(-1.59, abs=0.01)  # Lisa
    assert [info.name for info in store.list_cached()] == ["glove-6b-50d-hard"]
    use = next(b for b in at.button if b.label.startswith("Use glove-6b-50d-hard"))
    use.click().run(timeout=120)
    assert at.session_state["biaswords.embedding"] == "glove-6b-50d-hard"


def test_kept_choices_that_are_no_longer_offered_are_dropped_not_fatal():
    from bias import drafts

    draft_id = drafts.new_id()  # a draft naming a deleted word set and unknown pairs
    drafts.save(draft_id, {"debias.checks.en": ["weat6", "no-such-set"],
                           "debias.pairs.en": "no-such-pairs", "debias.method": "inlp"})
    at = open_app("views/debias.py", draft=draft_id)
    assert not at.exception
    assert at.multiselect(key="_debias.checks.en").value == ["weat6"]
    assert at.selectbox(key="_debias.pairs.en").value == "en-gender"


def test_the_suggested_name_follows_the_method():
    at = open_app("views/debias.py")
    assert at.text_input[0].value == "glove-6b-50d-hard"
    at.segmented_control[0].set_value("inlp").run()
    assert at.text_input[0].value == "glove-6b-50d-inlp"  # never an INLP run under "-hard"
