"""`bias.report.charts.standalone`: a figure titled to stand alone keeps its plot's height and
its own margins' room, and a page of figures carries Plotly's script once."""

import plotly.graph_objects as go

from bias.report.charts.standalone import figures_html, titled


def figure(height=None, top=None, bottom=None):
    fig = go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))
    fig.update_layout(height=height, margin={"t": top, "b": bottom})
    return fig


def test_the_plot_keeps_its_height_when_the_margins_grow():
    fig = figure(height=400, top=20, bottom=30)
    out = titled(fig, "WEAT 7<br>glove-6b-50d · p = 0.001")
    assert out.layout.title.text == "WEAT 7<br>glove-6b-50d · p = 0.001"
    assert (out.layout.margin.t, out.layout.margin.b, out.layout.margin.l) == (88, 90, 80)
    assert out.layout.height == 400 + (88 - 20) + (90 - 30)  # the plot area is unchanged
    assert fig.layout.title.text is None  # a copy: the dashboard's figure is left alone


def test_without_a_height_plotlys_default_is_the_start():
    out = titled(figure(bottom=120), "One line")
    assert (out.layout.margin.t, out.layout.margin.b) == (70, 120)
    assert out.layout.height == 450 + 70 + 0
    assert out.layout.xaxis.automargin and out.layout.yaxis.automargin


def test_plotlys_script_only_in_the_first_figure():
    first, second = figures_html([figure(), figure()])
    marker = "plotly.js v"  # the bundled library's banner comment
    assert marker in first and marker not in second
    assert len(second) < 20_000 < len(first)
