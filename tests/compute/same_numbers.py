"""The numbers Batch and BiasWords' draws gave before they became tasks (recorded at 008aa4b).

`batch_numbers` and `draw_numbers` run a small Batch and small BiasWords validations on the
bundled GloVe and keep every number that the seeds decide; `recorded.json` holds what they
returned on main without this work (Batch and the draws as plain loops): first at cfe6e09, then
again at 008aa4b, whose new candidate filters changed the draws' pools (the Batch rows were the
same). Rewrite it only on purpose, from a main without tasks.

Two comparisons, for two claims. Today's local numbers against the recorded ones: `agree`,
within `RTOL` and `ATOL`, since the vectors are float32 and another CPU (another BLAS kernel, or
another order of a sum's terms) moves a result by about 1e-8 (seen on an AMD EPYC machine,
issue 43); 1e-6 is float32's own precision (about 6e-8 relative) with room, and far below any
digit a verdict or a report shows. Everything that is not a float (words, seeds, methods,
verdicts) must be equal. Local against cluster numbers computed in the same run, on the same
machine: `same`, bit for bit, as the tasks promise (docs/cluster.md).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

RECORDED = Path(__file__).with_name("recorded.json")
BATCH_TESTS = ("weat1", "weat3", "weat6", "weat7-ita")
"""Randomized (weat1, weat3) and exact (weat6) tests, and one skipped (Italian, no embedding)."""
DRAW_CASES = {
    "default": {"draws": 6, "seed": 3, "sizes": None},
    "randomized": {"draws": 4, "seed": 11, "sizes": {"X": 12, "Y": 12, "A": 8, "B": 8},
                   "iterations": 500},
}
"""8 + 8 draws (exact WEATs), and 12 + 12 ones (randomized WEATs: their seeds decide p)."""


def batch_numbers(scheduler: str | None = None) -> list[dict]:
    from bias.stats.batch import run_batch
    from bias.stats.weat import WeatOptions
    from bias.vectors.catalog import DEFAULT_EMBEDDING
    from bias.wordsets.library import get_wordset

    rows = run_batch([get_wordset(i) for i in BATCH_TESTS], [DEFAULT_EMBEDDING],
                     WeatOptions(iterations=2000, seed=3, ci_resamples=1000),
                     **({"scheduler": scheduler} if scheduler else {}))
    return [
        {"wordset": r.wordset, "p": r.p_value, "d": r.effect_size, "holm": r.p_holm,
         "bh": r.p_bh, "ci": [r.d_ci_low, r.d_ci_high], "method": r.method,
         "verdict": r.verdict, "skipped": r.skipped and r.skipped.code}
        for r in rows
    ]


def seed_candidates():
    """WEAT 7's candidates on GloVe, without a tagger (HanTa takes 5 s to load)."""
    from bias.discovery.candidates import generate_candidates
    from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
    from bias.wordsets.library import get_wordset

    wordset = get_wordset("weat7")
    return wordset, generate_candidates(load_embedding(DEFAULT_EMBEDDING), wordset, tagger=None)


def draw_numbers(case: str, candidates=None, scheduler: str | None = None) -> dict:
    from bias.discovery.biaswords import validate
    from bias.discovery.sampling import DrawOptions
    from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding

    wordset, found = candidates or seed_candidates()
    spec = dict(DRAW_CASES[case])
    sizes = spec.pop("sizes")
    sampling = validate(load_embedding(DEFAULT_EMBEDDING), wordset, found, DrawOptions(**spec),
                        sizes=sizes, **({"scheduler": scheduler} if scheduler else {}))

    def listed(draws):
        return [{**{k: list(v) for k, v in d.sets.items()}, "p": d.p_value, "d": d.effect_size,
                 "method": d.method, "seed": d.weat_seed} for d in draws]

    return {"draws": listed(sampling.draws), "baseline": listed(sampling.baseline.draws),
            "share": sampling.summary.share_significant,
            "baseline_share": sampling.baseline.summary.share_significant}


RTOL = 1e-6
"""Relative tolerance of a float against its recorded value (see the module's docstring)."""
ATOL = 1e-6
"""Absolute tolerance, for values near 0 (a d or a confidence bound close to it)."""


def same(a, b) -> bool:
    """Equal to the last bit (json keeps every bit of a float; NaN compares as NaN)."""
    return json.dumps(a) == json.dumps(b)


def agree(a, b) -> bool:
    """Equal, floats within `RTOL`/`ATOL` (NaN only to NaN), everything else exactly."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(agree(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(agree(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=RTOL,
                                                                  abs_tol=ATOL)
    return type(a) is type(b) and a == b


def recorded() -> dict:
    return json.loads(RECORDED.read_text(encoding="utf-8"))


if __name__ == "__main__":
    data = {"batch": batch_numbers(), "draws": {case: draw_numbers(case) for case in DRAW_CASES}}
    RECORDED.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
