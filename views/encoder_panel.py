"""The encoder's part of a WEAT result: its model and method, and the same test under every
extraction method (bias.stats.encoder_methods), each run cached like any WEAT."""

from __future__ import annotations

import polars as pl
import streamlit as st

from bias.report.encoder_text import encoder_text, sensitivity_lines
from bias.report.markup import md
from bias.report.notes import notes_text
from bias.report.verdict import SHORT
from bias.stats.encoder_methods import MethodSensitivity, method_sensitivity
from bias.stats.weat import WeatOptions
from views import state
from views.shared import cached_weat, user_errors


def encoder_panel(shown: state.ShownResult) -> MethodSensitivity | None:
    """For a result on the encoder: what it is, then the test under each method with the
    spread of d, and a warning when the sign depends on the method. None for other results."""
    result = shown.result
    if result.encoder is None or shown.wordset is None:
        return None
    st.caption(md(encoder_text(result.encoder)))
    options = shown.made_for[2] if shown.made_for else WeatOptions()
    sensitivity = None
    with user_errors(), st.spinner("The same test under every extraction method…"):
        sensitivity = method_sensitivity(result, shown.wordset, options, runner=cached_weat)
    if sensitivity is None:
        return None
    st.markdown("**The same test under every extraction method**")
    table = pl.DataFrame([{"method": row.method, "d": row.effect_size, "p": row.p_value,
                           "verdict": SHORT[row.verdict]} for row in sensitivity.rows])
    st.dataframe(table.with_columns(pl.col(pl.Float64).fill_nan(None)), hide_index=True,
                 column_config={"d": st.column_config.NumberColumn(format="%.2f"),
                                "p": st.column_config.NumberColumn(format="%.4f")})
    lines = sensitivity_lines(sensitivity)[len(sensitivity.rows):]
    for line in lines:
        st.caption(md(line))
    for warning in notes_text(sensitivity.notes):
        st.warning(md(warning), icon=":material/swap_vert:")
    return sensitivity
