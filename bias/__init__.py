"""BiasWords engine: WEAT on word embeddings of any language, and discovery of new biased word sets.

Pure Python + numpy; never imports Streamlit, so it works the same from a notebook, the command line
(`python -m bias`, or `biaswords` once installed) and the dashboard. The few names a notebook needs
are importable from here; each is loaded on first use, so `import bias` costs nothing.

Measure a published test on the bundled English GloVe:

>>> import bias
>>> glove = bias.load_embedding("glove-6b-50d")
>>> result = bias.run_weat(glove, bias.load_wordset("weat7"))
>>> round(result.effect_size, 2), result.method, result.iterations
(1.54, 'exact', 12870)
>>> round(result.p_value * result.iterations)  # 3 of 12,870 partitions are at least as extreme
3

Your own lists work the same way (a word missing from the embedding is reported, never dropped
silently):

>>> lists = {"X": ["doctor", "engineer", "qqzx"], "Y": ["nurse", "teacher"],
...          "A": ["he", "man"], "B": ["she", "woman"]}
>>> mine = bias.parse_wordset(lists, where="my lists", default_id="mine", origin="notebook")
>>> result = bias.run_weat(glove, mine)
>>> result.effect_size > 0, result.sets["X"].missing
(True, ('qqzx',))

The other measures (docs/metrics.md) share one result type; each reports every word's part:

>>> rnd = bias.run_measure("rnd", glove, bias.load_named_sets("weat6"))
>>> round(rnd.value, 4), rnd.per_word[0].word
(-0.1754, 'executive')

Debiasing, checked on held-out words, with the test of whether the bias was only hidden
(docs/debias.md):

>>> result = bias.debias(glove, bias.load_debias_pairs("en-gender"), [bias.load_wordset("weat7")])
>>> result.recoverability.hidden, result.usefulness.protected_unchanged > 100
(True, True)

Candidates for new biased word sets, near a known one (BiasWords, section 2.4 of the paper):

>>> candidates = bias.generate_candidates(glove, bias.load_wordset("weat6"))
>>> candidates.table.height > 0
True
"""

from __future__ import annotations

import importlib
from typing import Any

# public name -> (module, attribute)
_PUBLIC = {
    "load_embedding": ("bias.vectors.catalog", "load_embedding"),
    "available_embeddings": ("bias.vectors.catalog", "available_embeddings"),
    "Embedding": ("bias.vectors.embeddings", "Embedding"),
    "load_wordset": ("bias.wordsets.library", "get_wordset"),
    "all_wordsets": ("bias.wordsets.library", "all_wordsets"),
    "parse_wordset": ("bias.wordsets.parsing", "parse_wordset"),
    "WordSet": ("bias.wordsets", "WordSet"),
    "run_weat": ("bias.stats.weat", "run_weat"),
    "WeatOptions": ("bias.stats.weat", "WeatOptions"),
    "WeatResult": ("bias.stats.weat", "WeatResult"),
    "load_named_sets": ("bias.wordsets.library", "get_named_sets"),
    "run_measure": ("bias.stats.measure_catalog", "run_measure"),
    "METRICS": ("bias.stats.measure_catalog", "METRICS"),
    "MeasureOptions": ("bias.stats.measure_result", "MeasureOptions"),
    "MeasureResult": ("bias.stats.measure_result", "MeasureResult"),
    "generate_candidates": ("bias.discovery.candidates", "generate_candidates"),
    "CandidateOptions": ("bias.discovery.candidates", "CandidateOptions"),
    "draw_sets": ("bias.discovery.sampling", "draw_sets"),
    "DrawOptions": ("bias.discovery.sampling", "DrawOptions"),
    "BiasInputError": ("bias.errors", "BiasInputError"),
    "debias": ("bias.debiasing.protocol", "debias"),
    "DebiasOptions": ("bias.debiasing.protocol", "DebiasOptions"),
    "load_debias_pairs": ("bias.debiasing.inputs", "load_inputs"),
    "train_corpus": ("bias.corpus.train_corpus", "train_corpus"),
    "TrainOptions": ("bias.corpus.options", "TrainOptions"),
    "ReadOptions": ("bias.corpus.options", "ReadOptions"),
    "run_trained": ("bias.stats.replicates", "run_trained"),
    "compare_groups": ("bias.stats.group_difference", "compare_groups"),
}

__all__ = sorted(_PUBLIC)

def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562), so the command line stays fast."""
    if name == "__version__":
        from bias.version import version

        return version()
    if name not in _PUBLIC:
        raise AttributeError(f"module 'bias' has no attribute {name!r}")
    module, attribute = _PUBLIC[name]
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value
