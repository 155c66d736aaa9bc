"""WEAT page: a randomized p with no draw at least as extreme is shown as a bound (issue 15)."""

from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset
from tests.apptest import open_app


def test_zero_count_shows_a_bound_with_the_interval(home):
    app = open_app()
    app.selectbox(key="_weat.preset").set_value("weat6").run()
    app.radio(key="_weat.method").set_value("randomized")
    app.number_input(key="_weat.iterations").set_value(1000)
    next(b for b in app.button if b.label == "Run test").click().run()
    assert not app.exception
    options = WeatOptions("randomized", 1000)
    direct = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat6"), options)
    assert direct.p_value_is_bound  # precondition: 1 of 12,870 partitions reaches WEAT 6
    metrics = {m.label: m.value for m in app.metric}
    assert metrics["p-value"] == "< 1.0 × 10⁻³"
    assert any("p < 1.0 × 10⁻³, 0 of 1,000 draws" in c.value for c in app.caption)  # Details
    assert "none of the 1,000 reshuffled lists" in app.success[0].value
    assert any("The exact p lies between" in c.value for c in app.caption)
