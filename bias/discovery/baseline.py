"""The baseline for BiasWords' draws: the same draws from random words of the vocabulary.

The draws are not independent evidence: the candidates were chosen for being near words that
already show the bias, and on some embeddings many unrelated sets come out "significant" too. The
baseline answers "how often would random words, comparable to the candidates, pass the same
test?". For each set it fills a pool of random vocabulary words matched to the kept candidates:

* frequency band: vocabulary rows between the 5th and 95th percentile of the candidates' rows
  (fastText, word2vec and GloVe files list words from the most to the least frequent);
* part of speech: compatible with the set's (the same rule as the candidates' filter), when a
  tagger is available; a set of names is tagged capitalised, as its candidates were;
* size: as many words as the set's candidate pool, so a draw has as much choice;
* never a seed, a candidate, or a word of another baseline pool, and always a clean word.

Then it draws and validates exactly as for the candidates, on its own random streams.
"""

from __future__ import annotations

import numpy as np

from bias.discovery.candidates import Candidates
from bias.discovery.pos import Tagger, compatible
from bias.discovery.sampling import (
    Baseline,
    DrawOptions,
    Sampling,
    draw_from_pools,
    summarise,
    usable_pools,
)
from bias.discovery.table import WORD, fold
from bias.vectors.embeddings import Embedding
from bias.wordsets import SET_KEYS, WordSet

BAND_QUANTILES = (0.05, 0.95)
MAX_TRIES_PER_WORD = 60
"""Random rows looked at per pool word wanted, at most (bounds the tagging work)."""


def run_baseline(
    embedding: Embedding,
    wordset: WordSet,
    candidates: Candidates,
    sampling: Sampling,
    options: DrawOptions,
    streams: dict[str, np.random.SeedSequence],
    tagger: Tagger | None,
    scheduler: str | None = None,
) -> Baseline:
    """Random matched pools, then `options.draws` draws from them, validated by WEAT (on the
    cluster at `scheduler`, if given)."""
    pools, _ = usable_pools(embedding, candidates.table)
    taken = {fold(w, False) for w in candidates.table["candidate"].to_list() if w}
    taken |= {fold(w, False) for terms in wordset.sets().values() for w in terms.words}
    rng = np.random.default_rng(streams["baseline_pool"])
    random_pools: dict[str, list[str]] = {}
    bands: dict[str, tuple[int, int]] = {}
    shortfall = []
    for key in SET_KEYS:
        found = embedding.rows(pools[key])
        rows = np.array([found[word] for word in pools[key] if word in found])
        low, high = (int(v) for v in np.quantile(rows, BAND_QUANTILES))
        wanted = max(len(pools[key]), sampling.sizes[key])
        high = min(len(embedding) - 1, max(high, low + 20 * wanted))
        bands[key] = (low, high)
        expected = candidates.set_pos.get(key) if tagger is not None else None
        capitalise = expected == "PROPN"
        chosen: list[str] = []
        for row in rng.integers(low, high + 1, size=MAX_TRIES_PER_WORD * wanted):
            word = embedding.words[int(row)].strip()
            key_form = fold(word, False)
            if key_form in taken or not WORD.fullmatch(word):
                continue
            if expected is not None:
                tag = tagger.upos(word[:1].upper() + word[1:] if capitalise else word)
                if tag is None or not compatible(expected, tag):
                    continue
            taken.add(key_form)
            chosen.append(word)
            if len(chosen) == wanted:
                break
        if len(chosen) < sampling.sizes[key]:
            shortfall.append(key)
            chosen += _fill(embedding, rng, low, high, taken, sampling.sizes[key] - len(chosen))
        elif len(chosen) < wanted:
            shortfall.append(key)
        random_pools[key] = chosen
    draws = draw_from_pools(
        embedding, wordset, random_pools, sampling.sizes, options,
        streams["baseline_words"], streams["baseline_weat"], scheduler,
    )  # fmt: skip
    return Baseline(
        pools={key: len(pool) for key, pool in random_pools.items()},
        bands=bands,
        set_pos={key: candidates.set_pos.get(key) if tagger else None for key in SET_KEYS},
        draws=tuple(draws),
        summary=summarise(draws, options.alpha, options.alternative),
        shortfall=tuple(shortfall),
    )


def _fill(embedding, rng, low, high, taken, count) -> list[str]:
    """Clean words of the band without the part-of-speech match, when too few matched."""
    found: list[str] = []
    for row in rng.permutation(np.arange(low, high + 1)):
        word = embedding.words[int(row)].strip()
        if fold(word, False) not in taken and WORD.fullmatch(word):
            taken.add(fold(word, False))
            found.append(word)
            if len(found) == count:
                break
    return found

