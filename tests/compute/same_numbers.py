"""The numbers Batch and BiasWords' draws gave before they became tasks (recorded at 008aa4b).

`batch_numbers` and `draw_numbers` run a small Batch and small BiasWords validations on the
bundled GloVe and keep every number that the seeds decide; `recorded.json` holds what they
returned on main without this work (Batch and the draws as plain loops): first at cfe6e09, then
again at 008aa4b, whose new candidate filters changed the draws' pools (the Batch rows were the
same). Rewrite it only on purpose, from a main without tasks. The tests compare today's numbers,
locally and on a cluster, with those bit for bit (JSON keeps a float's every bit).
"""

from __future__ import annotations

import json
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


def recorded() -> dict:
    return json.loads(RECORDED.read_text(encoding="utf-8"))


if __name__ == "__main__":
    data = {"batch": batch_numbers(), "draws": {case: draw_numbers(case) for case in DRAW_CASES}}
    RECORDED.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
