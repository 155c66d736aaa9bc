"""Issue 25, item 7: the pages' number fields take their minimum and maximum from the bound the
engine declares on the option (`views.shared.field_bounds`, `bias.bounds.bound_of`), so they
cannot drift from it (the WEAT and Batch pages asked for at least 1,000 draws where the engine
allows 1)."""

import pytest

from bias.bounds import bound_of
from bias.stats.permutation import PermutationOptions
from tests.apptest import open_app


def _range(at, key):
    field = at.number_input(key=key)
    return field.proto.min, field.proto.max


@pytest.mark.parametrize(("page", "draws", "seed"), [
    ("views/weat.py", "_weat.iterations", "_weat.seed"),
    ("views/batch.py", "_batch.iterations", "_batch.seed"),
    ("views/measures.py", None, "_measures.seed"),
])
def test_draws_and_seed_fields_are_at_the_engines_bounds(home, page, draws, seed):
    at = open_app(page)
    assert not at.exception
    iterations = bound_of(PermutationOptions, "iterations")
    assert (iterations.low, iterations.high) == (1, 10_000_000)
    if draws is not None:
        assert _range(at, draws) == (iterations.low, iterations.high)
    assert _range(at, seed)[0] == bound_of(PermutationOptions, "seed").low == 0


def test_one_draw_is_accepted_on_the_weat_page_as_by_the_engine(home):
    at = open_app()
    at.radio(key="_weat.method").set_value("randomized")
    at.number_input(key="_weat.iterations").set_value(1).run()
    next(b for b in at.button if b.label == "Run test").click().run()
    assert not at.exception and not at.error
    assert at.session_state["weat.result"].test.iterations == 1
