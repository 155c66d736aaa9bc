"""Debiasing speed and peak memory: hard debias and INLP on the bundled GloVe 6B 50d
(400,000 × 50) and on a generated 2,000,000 × 300 embedding, memory-mapped from a `.npy` as a
cached embedding is.

Each case runs in its own process, so its peak resident memory (`ru_maxrss`) is its own; it counts
the parent's memory-mapped pages while they are mapped (a pass lets each block's pages go once
used: `bias.debiasing.blocks`) as well as the new matrix and the libraries, and is printed beside
the matrix's size, since the issue bounds a run at 2.2× the matrix. "method" is fitting and
applying the method; "whole run" adds the checks (WEAT and SC-WEAT on held-out words,
recoverability, usefulness) and hashing the parent. Nothing is saved to the cache.

    python bench/debias_speed.py          # GloVe 400,000 × 50, hard and INLP
    python bench/debias_speed.py --big    # also the generated 2,000,000 × 300 (2.4 GB in /tmp)

The generated vectors are random, with the inputs' words planted along one direction so that
every step has something to find; they time the code, they are not an embedding to measure.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BIG_ROWS, BIG_DIMS = 2_000_000, 300
BIG_FILE = Path(tempfile.gettempdir()) / "biaswords-debias-bench-2000000x300.npy"


def _letters(i: int) -> str:
    """A letters-only word for row i (the checks keep only such words)."""
    out = ""
    while True:
        i, r = divmod(i, 26)
        out = chr(97 + r) + out
        if i == 0:
            return "zq" + out


def generate(path: Path) -> None:
    """Write the big embedding (unit rows) and its words, block by block."""
    import numpy as np

    from bias.debiasing.inputs import load_inputs

    inputs = load_inputs("en-gender")
    named = sorted({w.lower() for w in inputs.words()})
    rng = np.random.default_rng(0)
    g = rng.normal(size=BIG_DIMS).astype(np.float32)
    g /= np.linalg.norm(g)
    first = {w for pair in inputs.definitional + inputs.equalize for w in pair[:1]}
    out = np.lib.format.open_memmap(path, "w+", np.float32, (BIG_ROWS, BIG_DIMS))
    for start in range(0, BIG_ROWS, 100_000):
        block = rng.normal(size=(min(100_000, BIG_ROWS - start), BIG_DIMS)).astype(np.float32)
        block += rng.normal(size=(len(block), 1)).astype(np.float32) * g
        if start == 0:
            for i, word in enumerate(named):
                block[i] += (3.0 if word in {w.lower() for w in first} else -3.0) * g
        block /= np.linalg.norm(block, axis=1, keepdims=True)
        out[start : start + len(block)] = block
    out.flush()
    del out
    words = named + [_letters(i) for i in range(BIG_ROWS - len(named))]
    path.with_suffix(".txt").write_text("\n".join(words), encoding="utf-8")


def run_case(case: str) -> dict:
    """One case in this process: times and peak memory."""
    import numpy as np

    from bias.debiasing.inputs import load_inputs
    from bias.debiasing.protocol import DebiasOptions, debias
    from bias.vectors.catalog import load_embedding
    from bias.vectors.embeddings import Embedding
    from bias.vectors.vocabulary import Vocabulary
    from bias.wordsets.library import get_wordset

    where, method = case.split("-")
    if where == "glove":
        embedding = load_embedding("glove-6b-50d")
        checks = [get_wordset("weat6"), get_wordset("weat7")]
    else:
        words = Vocabulary(BIG_FILE.with_suffix(".txt").read_bytes())
        embedding = Embedding("generated", "en", words, np.load(BIG_FILE, mmap_mode="r"))
        checks = []
    marks: dict[str, float] = {}

    def progress(_share: float, what: str) -> None:
        marks.setdefault(what, time.perf_counter())

    start = time.perf_counter()
    debias(embedding, load_inputs("en-gender"), checks, DebiasOptions(method=method),
           progress=progress)
    end = time.perf_counter()
    fitted = marks.get("running WEAT on held-out words", end)
    chosen = marks.get("choosing the most biased words", start)
    matrix_gb = embedding.vectors.nbytes / 1e9
    peak_gb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e9
    return {"case": case, "rows": len(embedding), "dimensions": embedding.dimensions,
            "method_s": round(fitted - chosen, 2), "whole_run_s": round(end - start, 2),
            "matrix_gb": round(matrix_gb, 3), "peak_rss_gb": round(peak_gb, 3),
            "peak_over_matrix": round(peak_gb / matrix_gb, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--big", action="store_true", help="also 2,000,000 × 300 (generated)")
    parser.add_argument("--case", help=argparse.SUPPRESS)  # one case, in a child process
    parser.add_argument("--generate", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case)))
        return
    if args.generate:
        generate(BIG_FILE)
        return
    cases = ["glove-hard", "glove-inlp"]
    if args.big:
        if not BIG_FILE.exists():
            # In a process of its own: Linux carries a process's peak RSS over to the programs it
            # starts, so generating here would show up as every later case's peak.
            print(f"generating {BIG_ROWS:,} × {BIG_DIMS} in {BIG_FILE} …", flush=True)
            subprocess.run([sys.executable, __file__, "--generate"], check=True)
        cases += ["big-hard", "big-inlp"]
    print(f"{'case':12} {'rows × dims':>16} {'method':>8} {'whole run':>10} {'matrix':>8} "
          f"{'peak RSS':>9} {'peak/matrix':>11}")
    for case in cases:
        out = subprocess.run([sys.executable, __file__, "--case", case], capture_output=True,
                             text=True, check=True)
        r = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{case:12} {r['rows']:>9,} × {r['dimensions']:<4} {r['method_s']:>7.2f}s "
              f"{r['whole_run_s']:>9.2f}s {r['matrix_gb']:>6.2f}GB {r['peak_rss_gb']:>7.2f}GB "
              f"{r['peak_over_matrix']:>10.2f}×", flush=True)


if __name__ == "__main__":
    main()
