"""`bias.vectors.text_blocks`: one block of vector lines parsed by polars (the fast path) gives
what the exact line-by-line path gives, for well-formed blocks and for each kind of bad line."""

from __future__ import annotations

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.vectors.import_report import BAD_WORD, BLANK, NOT_A_NUMBER, NOT_UTF8, WRONG_DIMENSION
from bias.vectors.text_blocks import _parse_lines, _parse_table, guess_dimension, parse_block


@pytest.mark.parametrize("pad", ["", " "])  # fastText ends each line with a space, GloVe not
def test_a_well_formed_block_is_read_the_same_by_both_paths(pad):
    block = "".join(f"w{i} {i} -{i}.5 1e-3{pad}\n" for i in range(50)).encode()
    fast = _parse_table(block, 3)
    exact = _parse_lines(block, 3)
    assert fast is not None and fast[2] is None  # no reasons: every line is kept
    assert fast[0] == exact[0] == [f"w{i}" for i in range(50)]
    np.testing.assert_array_equal(fast[1], exact[1])
    assert fast[1][7].tolist() == pytest.approx([7.0, -7.5, 1e-3])
    assert exact[2] == [None] * 50


@pytest.mark.parametrize(
    ("line", "reason", "fast"),
    [
        (b"short 1 2", WRONG_DIMENSION, True),
        (b"long 1 2 3 4", WRONG_DIMENSION, False),  # polars rejects the block: the exact path
        (b"word 1 x 3", NOT_A_NUMBER, False),
        (b"\xff\xfe 1 2 3", NOT_UTF8, True),
        (b"\xc2\xa0 1 2 3", BAD_WORD, True),  # a no-break space is no word
        (b"", BLANK, True),
    ],
)
def test_each_bad_line_is_named_and_the_others_kept(line, reason, fast):
    block = b"alpha 1 0 0\n" + line + b"\nbeta 0 1 0\n"
    words, matrix, reasons, _ = parse_block(block, 3)
    assert reasons is not None and reasons[0] is None and reasons[2] is None
    assert reasons[1] == reason
    assert (words[0], words[2]) == ("alpha", "beta")
    assert matrix[[0, 2]].tolist() == [[1, 0, 0], [0, 1, 0]]
    assert (_parse_table(block, 3) is not None) is fast
    assert _parse_lines(block, 3)[2] == reasons  # the exact path names the same reasons


def test_a_zero_or_infinite_row_is_parsed_but_not_usable():
    assert parse_block(b"alpha 1 0\nzero 0 0\n", 2)[3] is False
    assert parse_block(b"alpha 1 0\nbig inf 1\n", 2)[3] is False
    assert parse_block(b"alpha 1 0\nbeta 0 1\n", 2)[3] is True


def test_the_dimension_is_the_most_common_count_of_values():
    lines = [b"a 1 2 3", b"b 1 2", b"c 1 2 3", b"", b"d 4 5 6"]
    assert guess_dimension(lines, "v.txt") == 3
    with pytest.raises(BiasInputError, match=r"^v\.txt does not look like text vectors"):
        guess_dimension([b"justwords", b"", b"more"], "v.txt")
