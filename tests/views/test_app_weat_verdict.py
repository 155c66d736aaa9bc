"""The WEAT page shows the engine's verdict, the coverage, and counts the tests of a tab."""

import pytest

from bias.report import verdict as verdict_text
from tests.apptest import open_app


def run(at):
    next(b for b in at.button if b.label == "Run test").click().run()
    assert not at.exception


@pytest.fixture
def app(home):
    return open_app()


def test_significant_for_these_words_only_is_not_green(app):
    app.selectbox(key="_weat.preset").set_value("weat3").run()
    app.radio(key="_weat.method").set_value("randomized")
    app.number_input(key="_weat.iterations").set_value(2000)
    run(app)
    assert not app.success  # green is kept for a bias that holds when words are resampled
    box = app.warning[0].value
    assert box.startswith("**Significant for these exact words only**")
    assert "includes zero" in box
    assert any(c.value.startswith("114 of 114 words found") for c in app.caption)
    assert not any("different tests in this tab" in c.value for c in app.caption)


def test_the_second_test_in_a_tab_points_to_the_batch_page(app):
    run(app)
    assert app.success[0].value.startswith("**Bias detected")
    run(app)  # the same test again is not a second test
    assert not any("different tests in this tab" in c.value for c in app.caption)
    app.selectbox(key="_weat.preset").set_value("weat8").run()
    run(app)
    assert any(c.value == verdict_text.many_tests_text(2) for c in app.caption)

