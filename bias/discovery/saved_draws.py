"""A draw a person has chosen, saved as a user word set with how it was chosen.

Apart from `sampling` (which draws and validates) because this is what happens to a draw once
a person has chosen it.
"""

from __future__ import annotations

import json
from dataclasses import replace

from bias.discovery.sampling import Draw, Sampling, draw_wordset
from bias.serialize import jsonable
from bias.stats.pvalues import holm
from bias.wordsets import Selection, WordSet


def _validation(draw: Draw, effect: float | None, embedding: str, sampling: Sampling | None):
    """The draw's own result and, with its sampling, how it was picked (for `save_draw`)."""
    validation = {
        "draw": draw.index,
        "p_value": draw.p_value,
        "effect_size": effect,
        "method": draw.method,
        "weat_seed": draw.weat_seed,
        "embedding": embedding or (sampling.embedding if sampling else ""),
    }
    if sampling is not None:
        position = [d.index for d in sampling.draws].index(draw.index)
        validation["p_value_holm_over_draws"] = float(
            holm([d.p_value for d in sampling.draws])[position]
        )
        validation["draws"] = sampling.summary.draws
        validation["share_significant"] = sampling.summary.share_significant
        validation["curated"] = sampling.curated
        validation["hand_decisions"] = sampling.hand_decisions
    return validation


def save_draw(
    wordset: WordSet,
    draw: Draw,
    title: str | None = None,
    embedding: str = "",
    sampling: Sampling | None = None,
) -> WordSet:
    """Save one draw as a user word set (it then appears with the others on the WEAT page).

    The draw's own WEAT result is stored as computed, with its provenance (seed test, filters,
    curation, draw number, number of draws, share significant), in `source`; never as a
    `reported` value: a published value is one a source reported, and this p was picked among
    many draws. Running WEAT on the saved set recomputes it.
    """
    from bias.wordsets.editing import save_user_wordset

    base = draw_wordset(wordset, draw.sets, draw.index)
    effect = jsonable(draw.effect_size)
    validation = _validation(draw, effect, embedding, sampling)
    chosen = replace(
        base,
        id=title or base.id,
        title=title or base.title,
        source={
            **base.source,
            "embedding": validation["embedding"],
            "draw": f"{draw.index}"
            + (f" of {sampling.summary.draws}" if sampling is not None else ""),
            "computed": f"p = {draw.p_value:.3g} ({draw.method}), d = "
            + ("n/a" if effect is None else f"{effect:.3f}")
            + (
                f"; after Holm's correction over the {sampling.summary.draws} draws p = "
                f"{validation['p_value_holm_over_draws']:.3g}"
                if sampling is not None
                else ""
            ),
            "provenance": json.dumps(
                {"validation": validation, **(sampling.provenance if sampling else {})},
                ensure_ascii=False,
            ),
        },
        reported=None,
        selection=None if sampling is None else Selection(
            embedding=validation["embedding"], draw=draw.index, draws=sampling.summary.draws,
            p_value=draw.p_value, p_corrected=validation["p_value_holm_over_draws"]),
        notes=(
            "Drawn at random from the "
            + ("curated" if sampling is not None and sampling.curated else "uncurated")
            + f" nearest neighbours of {wordset.id}" + (f" in {embedding}" if embedding else "")
            + f" (draw {draw.index}"
            + (f" of {sampling.summary.draws}" if sampling is not None else "")
            + "). Its p-value was picked among many draws, so it is not a published value; "
            "run WEAT on it, ideally on another embedding, to test it afresh.",
        ),
    )  # fmt: skip
    return save_user_wordset(chosen)
