"""The whole command-line process, `python -m bias weat --wordset weat7`, beside a baseline.

Runs the command in fresh processes for this checkout and for a baseline commit exported with
`git archive` (default `62c1077`, main when issue 13 was filed: every command's modules imported
at start, the word index built as a dict of all 400,000 words), on the bundled GloVe, and prints the
best and the median wall-clock time of `--repeats` runs and the ratio. Asserts nothing.

    python bench/cli_speed.py [--baseline COMMIT] [--repeats 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ["-m", "bias", "weat", "--wordset", "weat7"]


def timings(code: Path, repeats: int) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(code), "BIASWORDS_HOME": tempfile.mkdtemp()}
    subprocess.run([sys.executable, *COMMAND], cwd=code, env=env, check=True,
                   capture_output=True)  # warm the file cache
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, *COMMAND], cwd=code, env=env, check=True,
                       capture_output=True)
        seconds.append(time.perf_counter() - start)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", default="62c1077", help="commit to compare with")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        ours, theirs = [], []
        for _ in range(args.repeats):  # interleaved, so both see the same load
            ours += timings(ROOT, 1)
            theirs += timings(base, 1)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"{args.repeats} runs each; baseline {args.baseline}")
    print(f"{'python -m bias weat --wordset weat7':36} {'project':>9} {'baseline':>9} "
          f"{'speed-up':>9}")
    for label, pick in (("best", min), ("median", statistics.median)):
        mine, base_time = pick(ours), pick(theirs)
        print(f"{label:36} {mine:8.2f}s {base_time:8.2f}s {base_time / mine:8.1f}x")


if __name__ == "__main__":
    main()
