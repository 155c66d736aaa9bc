"""Importing real fastText sizes, and reloading them: the project beside a baseline, and the ratio.

Generates a `.vec.gz` in the shape of fastText's `cc.<lang>.300.vec.gz` (a header line, 4-decimal
values, a trailing space on each line; 1,000,000 × 300 by default; the rows repeat every 2,000
lines, far beyond gzip's 32 KB window, so decompression and parsing cost what they cost on real
files), or uses `--file`. Then, each in a fresh process, for this checkout and for a baseline
commit exported with `git archive` (default `62c1077`: main when issue 13 was filed, the
"today" its targets are measured against):

- the whole import into the cache (read, normalise, write, checksum): words/s and peak memory
  (the process's maximum resident set), beside the size of the final float32 matrix;
- the reload: from `load_cached` to the first WEAT result on that embedding (words found by
  lookup, vectors read from the memory map);
- the floor, in its own process: the same text only decompressed (ISA-L, one core) and only
  parsed (polars, in the import's 32 MB blocks, all cores), without words, checks or cache. No
  import can be faster than their CPU time spread over the machine's cores.

Asserts nothing; prints figures.

    python bench/import_speed.py [--words 1000000] [--file F.vec.gz] [--baseline COMMIT]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DISTINCT_ROWS = 2_000

CHILD = r"""
import json, os, resource, sys, time
path, limit = sys.argv[1], int(sys.argv[2])
try:  # this checkout
    from bias.vectors import download, store
    from bias.stats.weat import WeatOptions, run_weat
except ModuleNotFoundError:  # the flat layout of the baseline (62c1077)
    from bias import download, store
    from bias.weat import WeatOptions, run_weat
from bias.wordsets import TermSet, WordSet
start = time.perf_counter()
info, _ = download.import_embedding(path, name="bench", language="de", limit=limit)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
n = info.words
sets = [TermSet(k, tuple(f"wort{(i * 7919 + j) % n}" for i in range(8)))
        for j, k in enumerate("XYAB")]
start = time.perf_counter()
embedding = store.load_cached("bench")
run_weat(embedding, WordSet("b", "b", "de", *sets), WeatOptions(iterations=1000))
reload = time.perf_counter() - start
print(json.dumps({"words": n, "dims": info.dimensions, "seconds": seconds, "peak": peak,
                  "reload": reload}))
"""

FLOOR = r"""
import json, resource, sys, time
import polars as pl
from isal import isal_zlib
path, limit = sys.argv[1], int(sys.argv[2])
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
data = open(path, "rb").read()
gzipped = data[:2] == b"\x1f\x8b"
start, before = time.perf_counter(), cpu()
if gzipped:  # as the import inflates: 256 KB read, at most 1 MB out a step, not kept
    inflater = isal_zlib.decompressobj(wbits=31)
    for at in range(0, len(data), 256 << 10):
        rest = data[at : at + (256 << 10)]
        while rest:
            inflater.decompress(rest, 1 << 20)
            rest = inflater.unconsumed_tail
inflate, inflate_cpu = time.perf_counter() - start, cpu() - before
text = isal_zlib.decompress(data, wbits=31) if gzipped else data  # the parse's input, untimed
del data
head = text.find(b"\n") + 1
dims = int(text[:head].split()[1])
end = head
for _ in range(limit):
    end = text.find(b"\n", end) + 1
    if end == 0:
        end = len(text)
        break
schema = {"word": pl.String(), **{f"v{i}": pl.Float32() for i in range(dims)}, "pad": pl.String()}
values = [f"v{i}" for i in range(dims)]
start, before, at = time.perf_counter(), cpu(), head
while at < end:
    cut = text.rfind(b"\n", at, min(at + (32 << 20), end)) + 1
    table = pl.read_csv(text[at:cut], has_header=False, separator=" ", quote_char=None,
                        schema=schema)
    table.select(values).to_numpy(order="c")
    at = cut
parse, parse_cpu = time.perf_counter() - start, cpu() - before
print(json.dumps({"inflate": inflate, "inflate_cpu": inflate_cpu, "parse": parse,
                  "parse_cpu": parse_cpu}))
"""


def generate(path: Path, words: int, dimensions: int = 300) -> None:
    import numpy as np
    from isal import igzip

    rng = np.random.default_rng(0)
    values = rng.normal(0, 0.1, (DISTINCT_ROWS, dimensions))
    rows = [" ".join(f"{x:.4f}" for x in row) for row in values]
    with igzip.open(path, "wb", compresslevel=2) as gz:
        gz.write(f"{words} {dimensions}\n".encode())
        for start in range(0, words, 20_000):
            gz.write("".join(f"wort{i} {rows[i % DISTINCT_ROWS]} \n"
                             for i in range(start, min(start + 20_000, words))).encode())


def measure(code: Path, path: Path, limit: int, script: str = CHILD) -> dict:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "BIASWORDS_HOME": home, "PYTHONPATH": str(code)}
        done = subprocess.run([sys.executable, "-c", script, str(path), str(limit)], env=env,
                              cwd=code, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the import failed in {code}:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=1_000_000)
    parser.add_argument("--file", type=Path, help="an existing .vec/.vec.gz instead")
    parser.add_argument("--baseline", default="62c1077", help="commit to compare with")
    parser.add_argument("--skip-baseline", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = args.file
        if path is None:
            path = folder / "cc.xx.300.vec.gz"
            start = time.perf_counter()
            generate(path, args.words)
            print(f"generated {args.words:,} × 300, {path.stat().st_size / 1e6:,.0f} MB .vec.gz, "
                  f"in {time.perf_counter() - start:.0f} s")
        limit = args.words
        floor = measure(ROOT, path, limit, FLOOR)
        ours = measure(ROOT, path, limit)
        theirs = None
        if not args.skip_baseline:
            base = folder / "baseline"
            base.mkdir()
            archive = subprocess.run(["git", "archive", args.baseline, "bias", "wordsets"],
                                     cwd=ROOT, check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
            theirs = measure(base, path, limit)
    matrix = ours["words"] * ours["dims"] * 4
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"final matrix {matrix / 1e9:.2f} GB; baseline {args.baseline}")
    rows = [
        ("import, words/s", ours["words"] / ours["seconds"],
         theirs and theirs["words"] / theirs["seconds"], "{:,.0f}", True),
        ("import, peak memory (GB)", ours["peak"] / 1e9, theirs and theirs["peak"] / 1e9,
         "{:.2f}", False),
        ("peak ÷ final matrix", ours["peak"] / matrix, theirs and theirs["peak"] / matrix,
         "{:.2f}", False),
        ("reload to first WEAT (s)", ours["reload"], theirs and theirs["reload"], "{:.3f}", False),
    ]
    print(f"{'':28} {'project':>10} {'baseline':>10} {'better by':>10}")
    for label, mine, base, fmt, higher in rows:
        ratio = "" if base is None else f"{(mine / base if higher else base / mine):9.1f}x"
        print(f"{label:28} {fmt.format(mine):>10} "
              f"{'' if base is None else fmt.format(base):>10} {ratio:>10}")
    words = ours["words"]
    serial = floor["inflate"] + floor["parse"]
    both_cores = (floor["inflate_cpu"] + floor["parse_cpu"]) / 2
    print(f"floor, same file: decompress alone {floor['inflate']:.1f} s (1 core), polars parse "
          f"alone {floor['parse']:.1f} s ({floor['parse_cpu']:.1f} CPU s)")
    print(f"  one after the other: {words / serial:,.0f} words/s; the import takes "
          f"{ours['seconds'] / serial:.2f}× that")
    print(f"  their CPU spread over {os.cpu_count()} cores: {words / both_cores:,.0f} words/s "
          f"(no import can beat this); the import takes {ours['seconds'] / both_cores:.2f}× that")


if __name__ == "__main__":
    main()
