"""Equal-size samples per group (`TrainOptions.equal_groups`): every group trained on as many
documents as the smallest group has, so that a group's size cannot pass for its bias.

A smaller group gives noisier vectors, and noise moves d (issue 41: three groups with the same
planted bias, differing only in size, gave d from 0.04 to 0.68). Sampling every group down to
the smallest one's number of documents removes that difference in size (in documents: groups
whose documents differ in length still differ in words, which the preview shows).

Each group's sample is drawn without replacement from a seed derived from the run's seed and the
group's value (`sample_seed`), kept in file order and written as a token file beside the scan's,
so the same corpus, settings and seed give the same sample, whatever other groups there are; the
preview, the checks and the models then all see the sample. With replicates, each replicate's
bootstrap is drawn from the group's sample.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import numpy as np

from bias.corpus.options import MIN_DOCUMENTS, TrainOptions
from bias.corpus.scan import CorpusScan, GroupScan
from bias.corpus.train_model import stable_hash
from bias.errors import BiasInputError


def sample_seed(seed: int, value: str) -> np.random.SeedSequence:
    """The seed of one group's sample: the run's seed and the group's value, nothing else."""
    key = stable_hash(f"equal-size sample:{value}")
    return np.random.SeedSequence([seed, key & 0xFFFFFFFF, key >> 32])


def sampled(scanned: CorpusScan, options: TrainOptions, folder: Path) -> CorpusScan:
    """`scanned` with each group replaced by its equal-size sample when `options.equal_groups`
    (module docstring); `scanned` itself otherwise."""
    if not options.equal_groups:
        return scanned
    if not scanned.grouped:
        raise BiasInputError("Equal-size samples per group need a group column.")
    smallest = min(scanned.groups, key=lambda group: group.documents)
    size = smallest.documents
    if size < MIN_DOCUMENTS:
        raise BiasInputError(
            f"The group '{smallest.value}' of {scanned.file} has only {size} document"
            f"{'' if size == 1 else 's'} with words, so equal-size samples would leave every "
            f"group that few; each model needs at least {MIN_DOCUMENTS}."
        )
    groups = tuple(_sample(group, size, sample_seed(options.seed, str(group.value)),
                           folder / f"equal-{number}.tokens")
                   for number, group in enumerate(scanned.groups))
    return dataclasses.replace(scanned, groups=groups)


def _sample(group: GroupScan, size: int, seed: np.random.SeedSequence, path: Path) -> GroupScan:
    if group.documents == size:
        return group  # every document: the scan's own file
    chosen = np.sort(np.random.default_rng(seed).choice(group.documents, size, replace=False))
    counts: Counter[str] = Counter()
    tokens = 0
    wanted = iter(chosen.tolist())
    following = next(wanted)
    with open(group.tokens_path, "rb") as source, open(path, "wb") as target:
        for number, line in enumerate(source):
            if number != following:
                continue
            target.write(line)
            words = line.decode("utf-8").split()
            counts.update(words)
            tokens += len(words)
            following = next(wanted, -1)
            if following < 0:
                break
    return dataclasses.replace(group, documents=size, tokens=tokens, tokens_path=str(path),
                               counts=counts)
