"""Structured notes: what a reader of a result must know, as a code and its data.

The engine never writes sentences for people; it returns `Note`s and `bias.report.note_sentences`
words them (in the dashboard, the command line and the JSON's `warnings`). A code is a stable name
that scripts can test for; the data are plain JSON values.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Note:
    code: str
    data: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"code": self.code, **self.data}
