"""What checking a stored embedding's vectors on load costs (bias.vectors.digests).

Writes a vectors.npy of GloVe's size (400,000 × 300 float32, 480 MB, and 6B-50d's 400,000 × 50)
into a temporary folder, then times, best of --repeats: our `file_sha256` (the first load in a
process), hashlib.file_digest (the standard library's own loop, for comparison), and a load of an
unchanged file once its digest is kept (a `stat`). The file was just written, so it is read from
the page cache: a cold read from disk adds the disk's own time. Prints figures; asserts nothing.

Run: python bench/digest_speed.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.vectors import digests

SHAPES = {"GloVe 400k × 300 (glove.6B.300d)": (400_000, 300),
          "GloVe 400k × 50 (glove.6B.50d)": (400_000, 50)}


def write_npy(path: Path, rows: int, dimensions: int) -> None:
    """A float32 .npy of random rows, written in blocks (never the whole matrix in memory)."""
    rng = np.random.default_rng(0)
    with path.open("wb") as handle:
        np.lib.format.write_array_header_1_0(
            handle, {"descr": "<f4", "fortran_order": False, "shape": (rows, dimensions)})
        for start in range(0, rows, 50_000):
            count = min(50_000, rows - start)
            handle.write(rng.random((count, dimensions), dtype=np.float32).tobytes())


def best(run, repeats: int) -> tuple[float, float]:
    """(wall, CPU) seconds of the fastest of `repeats` runs."""
    times = []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return min(times)


def file_digest(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def uncached(path: Path) -> str:
    digests._known.clear()
    return digests.file_sha256(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    with tempfile.TemporaryDirectory() as folder:
        for label, (rows, dimensions) in SHAPES.items():
            path = Path(folder) / "vectors.npy"
            write_npy(path, rows, dimensions)
            megabytes = path.stat().st_size / 1e6
            assert uncached(path) == file_digest(path)
            ours, _ = best(lambda p=path: uncached(p), args.repeats)
            ours_cpu = best(lambda p=path: uncached(p), 1)[1]
            library, _ = best(lambda p=path: file_digest(p), args.repeats)
            old = time.time() - 60
            os.utime(path, (old, old))
            time.sleep(digests.RECENT_NS / 1e9 + 0.1)  # past the recent-write window
            digests._known.clear()
            digests.file_sha256(path)  # the first load: hashed and kept
            kept, _ = best(lambda p=path: digests.file_sha256(p), args.repeats)
            print(f"{label}: {megabytes:,.0f} MB")
            print(f"  first load (file_sha256):   {ours:6.2f} s wall, {ours_cpu:5.2f} s CPU, "
                  f"{megabytes / ours:,.0f} MB/s")
            print(f"  hashlib.file_digest:        {library:6.2f} s wall, "
                  f"{megabytes / library:,.0f} MB/s ({library / ours:.2f}× ours)")
            print(f"  a later load, file unchanged: {kept * 1e6:,.0f} µs (a stat)")
            path.unlink()


if __name__ == "__main__":
    main()
