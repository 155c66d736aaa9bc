"""WEAT page: a result's charts are drawn once and reused while the lists are edited, are always
the charts of the result on screen, and stay in the visitor's own session."""

import plotly.io

from bias.report.charts import weat as charts
from tests.apptest import open_app


def button(at, label):
    return next(b for b in at.button if b.label == label)


def text_area(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}")


def specs(at):
    return [chart.proto.spec for chart in at.get("plotly_chart")]


def drawn(result):
    figures = (charts.null_histogram_figure(result), charts.association_figure(result),
               charts.influence_figure(result))
    return [plotly.io.to_json(figure, validate=False) for figure in figures]


def test_charts_are_the_results_and_are_reused_while_a_list_is_edited(home):
    at = open_app()
    assert "weat.figures" not in at.session_state
    button(at, "Run test").click().run()
    result = at.session_state["weat.result"]
    kept = at.session_state["weat.figures"]
    assert kept[0] is result
    assert specs(at) == drawn(result)

    words = text_area(at, "X")
    words.set_value(words.value + "\ntelescope").run()
    assert not at.exception
    assert at.session_state["weat.figures"] is kept  # not drawn again
    assert specs(at) == drawn(result)

    button(at, "Run test").click().run()
    fresh = at.session_state["weat.result"]
    assert fresh is not result and "telescope" in {w.word for w in fresh.words}
    assert at.session_state["weat.figures"][0] is fresh
    assert specs(at) == drawn(fresh) != drawn(result)


def test_a_failed_run_drops_the_charts_with_the_result(home):
    at = open_app()
    button(at, "Run test").click().run()
    assert "weat.figures" in at.session_state
    text_area(at, "A").set_value("").run()
    button(at, "Run test").click().run()
    assert at.error and "weat.result" not in at.session_state
    assert "weat.figures" not in at.session_state
    assert at.get("plotly_chart") == []


def test_another_visitor_never_gets_these_charts(home):
    first = open_app()
    button(first, "Run test").click().run()
    second = open_app()
    assert "weat.figures" not in second.session_state and second.get("plotly_chart") == []
