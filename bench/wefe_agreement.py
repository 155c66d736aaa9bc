"""How close are our RND, MAC, ECT, RIPA and RNSB to WEFE 1.0's? Prints docs/metrics.md's table.

WEFE is not a dependency of BiasWords. To measure, install it into a throwaway virtualenv and run
this script three times (the vectors travel in a JSON file, so both sides use the same words):

    python bench/wefe_agreement.py export /tmp/wefe.json           # BiasWords side (this env)
    python -m venv --system-site-packages /tmp/wefe-venv && /tmp/wefe-venv/bin/pip install wefe
    /tmp/wefe-venv/bin/python bench/wefe_agreement.py wefe /tmp/wefe.json
    python bench/wefe_agreement.py compare /tmp/wefe.json

Queries: Caliskan's WEAT 1–10 on glove-6b-50d; RND, ECT and RIPA take targets X, Y and attribute
A; MAC takes X, Y and A, B; RNSB takes X, Y and A (positive), B (negative), over seeds 0–19 (ours)
and random_state 0–19 (WEFE). WEFE runs with normalize=True on exactly the words BiasWords found
(its lower-cased forms), and for RIPA on exactly the complete pairs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

WORDSETS = [f"weat{i}" for i in range(1, 11)]
METRICS = ("rnd", "mac", "ect", "ripa")
SEEDS = range(20)


def export(path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bias.stats.measure_catalog import run_measure
    from bias.stats.measure_result import MeasureOptions
    from bias.stats.weat import WeatOptions
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import get_named_sets

    embedding = load_embedding("glove-6b-50d")
    vectors, queries = {}, {}
    for wid in WORDSETS:
        sets = get_named_sets(wid)
        groups = []
        for terms in (*sets.targets, *sets.attributes):
            found = []
            for item in embedding.lookup_all(terms.words):
                if item.found and item.found_as not in found:
                    found.append(item.found_as)
                    vectors[item.found_as] = embedding.vectors_for([item])[0].tolist()
            groups.append(found)
        x, y = (embedding.lookup_all(t.words) for t in sets.targets)
        pairs = [(a.found_as, b.found_as) for a, b in zip(x, y, strict=True) if a.found and b.found]
        ours = {m: run_measure(m, embedding, sets).value for m in METRICS}
        ours["rnsb"] = [
            run_measure("rnsb", embedding, sets, MeasureOptions(test=WeatOptions(seed=s))).value
            for s in SEEDS
        ]
        queries[wid] = {"sets": groups, "pairs": pairs, "ours": ours}
    path.write_text(json.dumps({"vectors": vectors, "queries": queries}))
    print(f"wrote {len(vectors)} vectors and {len(queries)} queries to {path}")


def wefe(path: Path) -> None:
    import numpy as np
    from gensim.models import KeyedVectors
    from wefe.metrics import ECT, MAC, RIPA, RND, RNSB
    from wefe.query import Query
    from wefe.word_embedding_model import WordEmbeddingModel

    data = json.loads(path.read_text())
    kv = KeyedVectors(vector_size=50)
    words = list(data["vectors"])
    kv.add_vectors(words, np.array([data["vectors"][w] for w in words], dtype=np.float32))
    model = WordEmbeddingModel(kv, "glove-6b-50d")
    args = {"normalize": True, "lost_vocabulary_threshold": 1.0}
    for query in data["queries"].values():
        x, y, a, b = query["sets"]
        names = (["X", "Y"], ["A"])
        one = Query([x, y], [a], *names)
        two = Query([x, y], [a, b], ["X", "Y"], ["A", "B"])
        px, py = zip(*query["pairs"], strict=True)
        theirs = {
            "rnd": RND().run_query(one, model, **args)["result"],
            "mac": MAC().run_query(two, model, **args)["result"],
            "ect": ECT().run_query(one, model, **args)["result"],
            "ripa": RIPA().run_query(Query([list(px), list(py)], [a], *names), model,
                                     **args)["result"],
            "rnsb": [RNSB().run_query(two, model, random_state=s, **args)["result"]
                     for s in SEEDS],
        }
        query["wefe"] = {k: (float(v) if not isinstance(v, list) else [float(i) for i in v])
                         for k, v in theirs.items()}
    path.write_text(json.dumps(data))
    print(f"added WEFE's values to {path}")


def compare(path: Path) -> None:
    import numpy as np

    data = json.loads(path.read_text())
    print("| test | " + " | ".join(f"{m.upper()} ours / WEFE" for m in METRICS)
          + " | RNSB mean ± sd ours / WEFE (20 seeds) |")
    print("| --- " * (len(METRICS) + 2) + "|")
    worst = dict.fromkeys(METRICS, 0.0)
    for wid, query in data["queries"].items():
        ours, theirs = query["ours"], query["wefe"]
        cells = []
        for m in METRICS:
            worst[m] = max(worst[m], abs(ours[m] - theirs[m]))
            cells.append(f"{ours[m]:.6f} / {theirs[m]:.6f}")
        o, t = np.array(ours["rnsb"]), np.array(theirs["rnsb"])
        cells.append(f"{o.mean():.4f} ± {o.std():.4f} / {t.mean():.4f} ± {t.std():.4f}")
        print(f"| {wid} | " + " | ".join(cells) + " |")
    print("\nlargest difference: " + ", ".join(f"{m.upper()} {v:.1e}" for m, v in worst.items()))


if __name__ == "__main__":
    command, file = sys.argv[1], Path(sys.argv[2])
    {"export": export, "wefe": wefe, "compare": compare}[command](file)
