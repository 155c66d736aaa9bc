"""A slow, obvious WEAT written straight from Caliskan et al. (2017), to check the fast engine.

Plain Python lists and loops, cosines from raw (unnormalised) vectors, every partition enumerated
with itertools. Shares no code with `bias/`.
"""

from __future__ import annotations

import itertools
import math


def cosine(u, v):
    dot = sum(a * b for a, b in zip(u, v, strict=True))
    return dot / (math.sqrt(sum(a * a for a in u)) * math.sqrt(sum(b * b for b in v)))


def association(w, A, B):
    return sum(cosine(w, a) for a in A) / len(A) - sum(cosine(w, b) for b in B) / len(B)


def mean(values):
    return sum(values) / len(values)


def statistic(X, Y, A, B):
    return mean([association(x, A, B) for x in X]) - mean([association(y, A, B) for y in Y])


def effect_size(X, Y, A, B):
    everyone = [association(w, A, B) for w in list(X) + list(Y)]
    mu = mean(everyone)
    sd = math.sqrt(sum((s - mu) ** 2 for s in everyone) / len(everyone))
    return statistic(X, Y, A, B) / sd


def exact_p(X, Y, A, B, two_sided=False):
    """Share of all partitions of X∪Y whose statistic is at least the observed one."""
    targets = list(X) + list(Y)
    s = [association(w, A, B) for w in targets]
    observed = mean(s[: len(X)]) - mean(s[len(X) :])
    hits = total = 0
    for x_side in itertools.combinations(range(len(targets)), len(X)):
        rest = [i for i in range(len(targets)) if i not in x_side]
        value = mean([s[i] for i in x_side]) - mean([s[i] for i in rest])
        if two_sided:
            hits += abs(value) >= abs(observed) - 1e-12
        else:
            hits += value >= observed - 1e-12
        total += 1
    return hits / total


def statistic_sum(X, Y, A, B):
    """Caliskan's s(X, Y, A, B): sum of the X associations minus sum of the Y associations."""
    return sum(association(x, A, B) for x in X) - sum(association(y, A, B) for y in Y)
