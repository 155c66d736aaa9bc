"""How fast is importing text vectors? Prints timings; asserts nothing.

Generates a `.vec.gz` in the shape of fastText's `cc.<lang>.300.vec.gz` (a header line, 4-decimal
values, a trailing space on each line; 200,000 × 300 by default) in a temporary directory, then
times:

- our reader (`read_vectors`) on the `.vec.gz` and on the same text uncompressed,
- gensim's `KeyedVectors.load_word2vec_format(limit=N)` on the `.vec.gz`,
- the whole import into the cache (read, normalise, write, checksum),
- reloading from the cache (`bias.vectors.store.load_cached`: memory map + word list + index).

    python bench/import_speed.py [--words 200000] [--dimensions 300] [--skip-gensim]

The rows repeat every 2,000 lines, far beyond gzip's 32 KB window, so compression and parsing
cost what they cost on real files.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.vectors import download, sources, store

DISTINCT_ROWS = 2_000


def generate(folder: Path, words: int, dimensions: int) -> tuple[Path, Path]:
    rng = np.random.default_rng(0)
    rows = [
        " ".join(f"{x:.4f}" for x in row)
        for row in rng.normal(0, 0.1, (DISTINCT_ROWS, dimensions))
    ]
    gz_path, vec_path = folder / "cc.xx.300.vec.gz", folder / "cc.xx.300.vec"
    with gzip.open(gz_path, "wb", compresslevel=6) as gz, vec_path.open("wb") as vec:
        header = f"{words} {dimensions}\n".encode()
        gz.write(header)
        vec.write(header)
        for start in range(0, words, 10_000):
            block = "".join(
                f"wort{i} {rows[i % DISTINCT_ROWS]} \n"
                for i in range(start, min(start + 10_000, words))
            ).encode()
            gz.write(block)
            vec.write(block)
    return gz_path, vec_path


def timed(label: str, words: int, action):
    start = time.perf_counter()
    result = action()
    seconds = time.perf_counter() - start
    print(f"{label:<44} {seconds:7.2f} s  {words / seconds:>9,.0f} words/s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=200_000)
    parser.add_argument("--dimensions", type=int, default=300)
    parser.add_argument("--skip-gensim", action="store_true")
    args = parser.parse_args()
    n = args.words

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["BIASWORDS_HOME"] = str(folder / "home")
        start = time.perf_counter()
        gz_path, vec_path = generate(folder, n, args.dimensions)
        print(
            f"generated {n:,} × {args.dimensions}: .vec.gz {gz_path.stat().st_size / 1e6:.0f} MB, "
            f".vec {vec_path.stat().st_size / 1e6:.0f} MB in {time.perf_counter() - start:.0f} s"
            f" (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
        )
        timed("ours, .vec.gz", n, lambda: sources.read_vectors(gz_path, limit=n))
        timed("ours, .vec (uncompressed)", n, lambda: sources.read_vectors(vec_path, limit=n))
        if not args.skip_gensim:
            from gensim.models import KeyedVectors

            timed(
                "gensim load_word2vec_format(limit=N), .vec.gz",
                n,
                lambda: KeyedVectors.load_word2vec_format(str(gz_path), limit=n),
            )
        timed(
            "whole import into the cache, .vec.gz",
            n,
            lambda: download.import_embedding(gz_path, name="bench", language="de", limit=n),
        )
        embedding = timed("reload from the cache", n, lambda: store.load_cached("bench"))
        start = time.perf_counter()
        embedding.vectors_for(embedding.lookup_all([f"wort{i}" for i in (1, n // 2, n - 1)]))
        print(f"{'first lookup of 3 rows after reload':<44} {time.perf_counter() - start:7.3f} s")


if __name__ == "__main__":
    main()
