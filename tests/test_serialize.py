"""The one serialiser: nested frozen results to JSON-ready data."""

import json
import math
from dataclasses import dataclass, field

import numpy as np

from bias.serialize import NOT_SERIALISED, jsonable


@dataclass(frozen=True)
class Inner:
    low: float
    high: float


@dataclass(frozen=True)
class Outer:
    name: str
    values: tuple[float, ...]
    inner: Inner | None
    raw: np.ndarray = field(default=None, metadata=NOT_SERIALISED)
    counts: dict = field(default_factory=dict)


def test_nested_results_become_plain_json_with_nan_as_null():
    value = Outer("t", (1.0, math.nan, math.inf), Inner(np.float64(0.5), -math.inf),
                  raw=np.zeros(3), counts={1: np.int64(4), "a": np.array([1.5, np.nan])})
    data = jsonable(value)
    assert data == {"name": "t", "values": [1.0, None, None],
                    "inner": {"low": 0.5, "high": None},
                    "counts": {"1": 4, "a": [1.5, None]}}
    assert type(data["inner"]["low"]) is float and type(data["counts"]["1"]) is int
    json.dumps(data, allow_nan=False)  # strict JSON: raises on any NaN left


def test_plain_values_pass_through():
    assert jsonable(None) is None and jsonable(True) is True and jsonable("x") == "x"
    assert jsonable(Outer("n", (), None))["inner"] is None
