"""Slow, obvious versions of the measures, written from the papers (and WEFE 1.0's definitions)
with plain Python lists and loops, to check the vectorised engine. Shares no code with `bias/`."""

from __future__ import annotations

import itertools
import math


def unit(v):
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def dot(u, v):
    return sum(a * b for a, b in zip(u, v, strict=True))


def cos(u, v):
    return dot(u, v) / math.sqrt(dot(u, u) * dot(v, v))


def mean_vector(vectors):
    return [sum(column) / len(vectors) for column in zip(*vectors, strict=True)]


def norm_distance(u, v):
    return math.sqrt(sum((a - b) ** 2 for a, b in zip(u, v, strict=True)))


def rnd(t1, t2, attributes, distance="norm"):
    m1, m2 = mean_vector(t1), mean_vector(t2)
    if distance == "norm":
        parts = [norm_distance(a, m1) - norm_distance(a, m2) for a in attributes]
    else:
        parts = [cos(a, m1) - cos(a, m2) for a in attributes]
    return sum(parts) / len(parts), parts


def mac(targets, attributes):
    scores = []
    for t_set in targets:
        for t in t_set:
            for a_set in attributes:
                scores.append(sum(1 - cos(t, a) for a in a_set) / len(a_set))
    return sum(scores) / len(scores)


def ranks(values):
    """Average ranks, 1-based."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def pearson(x, y):
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy)


def spearman(x, y):
    return pearson(ranks(x), ranks(y))


def ect(t1, t2, attributes):
    m1, m2 = mean_vector(t1), mean_vector(t2)
    return spearman([cos(m1, a) for a in attributes], [cos(m2, a) for a in attributes])


def ripa(t1, t2, attributes):
    per_attribute = []
    for w in attributes:
        values = []
        for a, b in zip(t1, t2, strict=True):
            diff = [x - y for x, y in zip(a, b, strict=True)]
            length = math.sqrt(dot(diff, diff))
            values.append(dot(w, [d / length for d in diff]))
        per_attribute.append(sum(values) / len(values))
    return sum(per_attribute) / len(per_attribute), per_attribute


def partition_p(t1, t2, statistic, extreme):
    """Share of all splits of t1 ∪ t2 into sizes |t1|, |t2| at least as extreme as observed."""
    pool = list(t1) + list(t2)
    observed = statistic(t1, t2)
    hits = total = 0
    for first in itertools.combinations(range(len(pool)), len(t1)):
        a = [pool[i] for i in first]
        b = [pool[i] for i in range(len(pool)) if i not in first]
        value = statistic(a, b)
        if extreme == "two-sided":
            hits += abs(value) >= abs(observed) - 1e-12
        elif extreme == "less":
            hits += value <= observed + 1e-12
        else:
            hits += value >= observed - 1e-12
        total += 1
    return hits / total


def sc_weat(w, A, B, two_sided=False):
    """Association, effect size (population sd) and exact one- or two-sided p of one word."""
    ca = [cos(w, a) for a in A]
    cb = [cos(w, b) for b in B]
    joint = ca + cb
    mu = sum(joint) / len(joint)
    sd = math.sqrt(sum((c - mu) ** 2 for c in joint) / len(joint))
    observed = sum(ca) / len(ca) - sum(cb) / len(cb)
    hits = total = 0
    for first in itertools.combinations(range(len(joint)), len(A)):
        a = [joint[i] for i in first]
        b = [joint[i] for i in range(len(joint)) if i not in first]
        value = sum(a) / len(a) - sum(b) / len(b)
        if two_sided:
            hits += abs(value) >= abs(observed) - 1e-12
        else:
            hits += value >= observed - 1e-12
        total += 1
    return observed, observed / sd, hits / total


def kl_from_uniform(probabilities):
    total = sum(probabilities)
    n = len(probabilities)
    return sum((p / total) * math.log((p / total) * n) for p in probabilities)
