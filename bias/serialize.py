"""One walk from result objects to JSON-ready data: the only place that decides how a number,
a missing number or a nested result is written.

Every `to_dict()` of the engine composes `jsonable`, so a field added to a result (a frozen
dataclass) reaches the CLI's JSON, the dashboard's downloads and notebooks without a second
copy of the rule, and a NaN is `null` everywhere (JSON has no NaN; `json.dumps` would write the
invalid token `NaN`). Fields that must not be written (a 10^7-draw null distribution) say so in
their metadata: `field(metadata=NOT_SERIALISED)`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

NOT_SERIALISED = {"serialise": False}
"""Field metadata for data too large or too raw for JSON (it stays on the object)."""


def jsonable(value: Any) -> Any:
    """`value` as JSON-ready data: dataclasses become dicts of their serialised fields, tuples
    and arrays lists, numpy numbers Python numbers, and non-finite floats None."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: jsonable(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.metadata.get("serialise", True)
        }
    if isinstance(value, Mapping):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, np.generic):
        return jsonable(value.item())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
