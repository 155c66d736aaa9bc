"""Issue 26, item 1: WEAT's work is bounded. A set has at most `MAX_SET_WORDS` words, refused in
one sentence before any work; leave-one-out and the bootstrap's jackknife take memory linear in
the words (they built words × words matrices: 2 GB at 5,000 words per list)."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.limits import MAX_SET_WORDS
from bias.stats import bootstrap
from bias.stats.effect_size import effect_size
from bias.stats.influence import leave_one_out
from bias.stats.permutation import tie_tolerance
from bias.wordsets import TermSet
from bias.wordsets.parsing import parse_named_sets, parse_wordset


def _old_leave_one_out(s, cos_a, cos_b, nx):
    """The implementation this replaces (weat.py before issue 26), kept as the reference."""
    n = s.size
    without = {}
    reduced = np.broadcast_to(s, (n, n))[~np.eye(n, dtype=bool)].reshape(n, n - 1).T
    d_targets = np.empty(n)
    d_targets[:nx] = effect_size(reduced[:, :nx], nx - 1) if nx > 1 else np.nan
    d_targets[nx:] = effect_size(reduced[:, nx:], nx) if n - nx > 1 else np.nan
    without["X"], without["Y"] = d_targets[:nx], d_targets[nx:]
    mean_a, mean_b = cos_a.mean(axis=1), cos_b.mean(axis=1)
    for key, cos, other_mean, sign in (("A", cos_a, mean_b, 1.0), ("B", cos_b, mean_a, -1.0)):
        m = cos.shape[1]
        if m < 2:
            without[key] = np.full(m, np.nan)
            continue
        reduced_mean = (cos.sum(axis=1, keepdims=True) - cos) / (m - 1)
        without[key] = effect_size(sign * (reduced_mean - other_mean[:, None]), nx)
    return without


def _old_jackknife(cos_a, cos_b, nx):
    """The bootstrap's jackknife before issue 26 (one words × words count matrix per set)."""
    n = cos_a.shape[0]
    sizes = {"X": nx, "Y": n - nx, "A": cos_a.shape[1], "B": cos_b.shape[1]}
    groups = []
    for key, size in sizes.items():
        if size < 2:
            continue
        rows = {"T": np.ones((size, n)), "A": np.ones((size, sizes["A"])),
                "B": np.ones((size, sizes["B"]))}
        leave_out = 1.0 - np.eye(size)
        if key == "X":
            rows["T"][:, :nx] = leave_out
        elif key == "Y":
            rows["T"][:, nx:] = leave_out
        else:
            rows[key] = leave_out
        groups.append(bootstrap.effect_size_from_counts(cos_a, cos_b, nx, rows))
    return groups


def _cosines(seed, nx, ny, na, nb, planted=0.0):
    rng = np.random.default_rng(seed)
    cos_a = rng.uniform(-0.5, 0.8, (nx + ny, na))
    cos_b = rng.uniform(-0.5, 0.8, (nx + ny, nb))
    cos_a[:nx] += planted
    return cos_a, cos_b


@pytest.mark.parametrize("sizes", [(5, 6, 4, 3), (1, 7, 1, 2), (2, 1, 3, 1), (40, 25, 17, 30),
                                   (300, 301, 2, 250)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_leave_one_out_equals_the_words_by_words_implementation(sizes, seed):
    nx, ny, na, nb = sizes
    cos_a, cos_b = _cosines(seed, nx, ny, na, nb, planted=0.1 * seed)
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    new = leave_one_out(s, cos_a, cos_b, nx, tie_tolerance)
    old = _old_leave_one_out(s, cos_a, cos_b, nx)
    for key in "XYAB":
        assert new[key].shape == old[key].shape
        np.testing.assert_allclose(new[key], old[key], rtol=0, atol=1e-12, equal_nan=True)
    assert np.isnan(new["X"]).all() == (nx == 1) and np.isnan(new["B"]).all() == (nb == 1)


def test_leave_one_out_of_equal_associations_has_no_effect_size():
    s = np.array([0.3, 0.3, 0.3, 0.1 + 0.2, 0.5])  # without 0.5 every association is equal
    cos_a = (s + 1.0)[:, None] * np.ones((5, 2))
    cos_b = np.ones((5, 2))
    without = leave_one_out(cos_a.mean(1) - cos_b.mean(1), cos_a, cos_b, 2, tie_tolerance)
    assert np.isnan(without["Y"][2]) and not np.isnan(without["Y"][:2]).any()


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_jackknife_equals_the_count_matrix_one_and_so_does_the_interval(seed):
    cos_a, cos_b = _cosines(seed, 30, 20, 9, 1 + seed, planted=0.05 * seed)
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    new = [d for d in leave_one_out(s, cos_a, cos_b, 30, bootstrap._spread_floor).values()
           if d.size > 1]
    old = _old_jackknife(cos_a, cos_b, 30)
    assert len(new) == len(old)
    for mine, theirs in zip(new, old, strict=True):
        np.testing.assert_allclose(mine, theirs, rtol=0, atol=1e-12)
    interval = bootstrap.effect_size_interval(cos_a, cos_b, 30, resamples=400, seed=seed)
    ones = {"T": np.ones((1, 50)), "A": np.ones((1, 9)), "B": np.ones((1, 1 + seed))}
    estimate = float(bootstrap.effect_size_from_counts(cos_a, cos_b, 30, ones)[0])
    rng = np.random.default_rng(seed)  # the same resamples as effect_size_interval draws
    counts = {"T": np.hstack([bootstrap._draw(rng, 30, 400), bootstrap._draw(rng, 20, 400)]),
              "A": bootstrap._draw(rng, 9, 400), "B": bootstrap._draw(rng, 1 + seed, 400)}
    replicates = bootstrap.effect_size_from_counts(cos_a, cos_b, 30, counts)
    expected = bootstrap.bca_interval(replicates[~np.isnan(replicates)], estimate, old)
    assert expected is not None and interval.method == "BCa"
    assert (interval.low, interval.high) == pytest.approx(expected, abs=1e-12)


def test_leave_one_out_memory_grows_with_the_words_not_their_square():
    nx = ny = 4_000  # the words × words matrices took 256 MB here
    cos_a, cos_b = _cosines(0, nx, ny, 20, 20)
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    tracemalloc.start()
    leave_one_out(s, cos_a, cos_b, nx, tie_tolerance)
    bootstrap.effect_size_interval(cos_a, cos_b, nx, resamples=10, seed=0)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 40 * 1024**2  # the bootstrap's blocks (16 MB) dominate; not 8,000² numbers


def _words(prefix, count):
    return [f"{prefix}{i}" for i in range(count)]


def test_a_set_over_the_cap_is_one_sentence_wherever_it_comes_from():
    too_many = _words("w", MAX_SET_WORDS + 1)
    message = f"has {MAX_SET_WORDS + 1:,} words; a set may have at most {MAX_SET_WORDS:,}"
    with pytest.raises(BiasInputError, match=message):
        TermSet("pasted", tuple(too_many))
    four = {"X": too_many, "Y": ["a"], "A": ["b"], "B": ["c"]}
    with pytest.raises(BiasInputError, match=message):
        parse_wordset(four, where="big.json", default_id="big", origin="file")
    named = {"targets": {"t": ["a"]}, "attributes": {"big": too_many, "b": ["c"]}}
    with pytest.raises(BiasInputError, match=message):
        parse_named_sets(named, where="big.json", default_id="big")
    assert len(TermSet("exactly", tuple(too_many[:-1])).words) == MAX_SET_WORDS


def test_weat_on_6000_and_6000_words_refuses_in_one_sentence_with_little_memory(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"X": _words("x", 6000), "Y": _words("y", 6000),
                                "A": ["he", "man"], "B": ["she", "woman"]}))
    # The child reports its own peak, VmHWM of its address space (made anew at exec): the
    # rusage maxrss figures are the largest of every child this session waited for, and carry
    # the forking pytest's own size across exec (1.6 GB once the suite has loaded models).
    own_peak = ("import re, sys; from bias.cli import main; code = main(sys.argv[1:]); "
                "status = open('/proc/self/status').read(); "
                "print(re.search(r'VmHWM:\\s+(\\d+) kB', status).group(1), file=sys.stderr); "
                "sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", own_peak, "weat", "--wordset", str(path)],
                          capture_output=True, text=True, timeout=120)
    sentence, peak_kb = done.stderr.rstrip("\n").split("\n")
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr and f"at most {MAX_SET_WORDS:,}" in sentence
    assert int(peak_kb) < 1.5 * 1024**2  # KB: the bound of the issue


def test_12000_and_12000_words_pasted_on_the_page_are_one_sentence():
    from tests.apptest import open_app

    page = open_app()
    for key in "XY":
        box = next(t for t in page.text_area if t.key == f"_weat.words.{key}")
        box.input("\n".join(_words(key.lower(), 12_000))).run()
    next(b for b in page.button if b.label == "Run test").click().run()
    assert not page.exception
    errors = [e.value for e in page.error]
    assert len(errors) == 1 and "has 12,000 words; a set may have at most 1,000" in errors[0]
    assert not page.metric  # no result was computed
