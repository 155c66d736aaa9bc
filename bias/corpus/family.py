"""The models trained together, found again from their meta.json (`trained`): a family's
slices (one per group value, in the order training gave them) and each slice's replicates.

A name a user gives (`--embedding NAME`, the page's choice) may be one embedding, a replicate
group (NAME with NAME.r1 … NAME.rN, or NAME-<value> with its replicates), or a whole family
across groups; `resolve` says which, so the statistics can run over the group.
"""

from __future__ import annotations

from dataclasses import dataclass

from bias.corpus.claims import completed
from bias.corpus.group_values import order_values
from bias.corpus.options import GROUP_SEPARATOR, REPLICATE_SUFFIX
from bias.vectors import store
from bias.vectors.bundled import EmbeddingInfo


def _position(info: EmbeddingInfo) -> int | None:
    position = (info.trained.get("group") or {}).get("position")
    return position if isinstance(position, int) and not isinstance(position, bool) else None


def _order(by_value: dict[str | None, list[EmbeddingInfo]]) -> list[str | None]:
    """The group values in the order training gave them (each member records its group's
    `position`: the user's order, numbers as numbers, or the corpus's order of first
    appearance); a family trained before positions were recorded, or whose records disagree,
    by `group_values.order_values` over the values as listed."""
    positions = {value: {_position(info) for info in infos} for value, infos in by_value.items()}
    found = [next(iter(p)) for p in positions.values() if len(p) == 1 and None not in p]
    if len(found) == len(positions) and len(set(found)) == len(found):
        return sorted(by_value, key=lambda value: next(iter(positions[value])))  # type: ignore
    named = [value for value in by_value if value is not None]
    return ([None] if None in by_value else []) + list(order_values(named))


@dataclass(frozen=True)
class Slice:
    """One group value's models (the whole corpus's, without groups)."""

    name: str
    """The replicate group's name: NAME, or NAME-<value>."""
    value: str | None
    members: tuple[str, ...]
    """Embedding names, by replicate number (one name when trained without replicates)."""
    language: str

    @property
    def replicated(self) -> bool:
        return len(self.members) > 1


@dataclass(frozen=True)
class Family:
    name: str
    slices: tuple[Slice, ...]
    """In the order training gave the group values (`_order`)."""
    group_column: str | None

    @property
    def grouped(self) -> bool:
        return self.group_column is not None


def well_formed(trained: dict) -> bool:
    """Whether a meta.json's `trained` record has the shape a family is read from (a stored
    file may have been edited or damaged: such an entry stays an ordinary embedding)."""
    group, replicate = trained.get("group"), trained.get("replicate")
    return (isinstance(trained.get("family"), str) and isinstance(trained.get("run", ""), str)
            and (group is None or (isinstance(group, dict) and isinstance(group.get("value"), str)))
            and (replicate is None or (isinstance(replicate, int) and replicate > 0)))


def _trained() -> list[EmbeddingInfo]:
    return [info for info in store.list_cached() if info.trained and well_formed(info.trained)]


def _whole() -> list[EmbeddingInfo]:
    """The trained embeddings of whole families: those of a run whose completion record
    (`bias.corpus.claims.complete`, written after its last model) is there with every member
    saved; a killed or half-replaced run's models are no family. Models trained before runs
    had ids count as whole, as they did."""
    infos = _trained()
    by_run: dict[tuple[str, str], set[str]] = {}
    for info in infos:
        if "run" in info.trained:
            by_run.setdefault((info.trained["family"], info.trained["run"]), set()).add(info.name)
    whole = set()
    for (name, run), saved in by_run.items():
        record = completed(name)
        if record is not None and record[0] == run and record[1] <= saved:
            whole.add((name, run))
    return [info for info in infos if "run" not in info.trained
            or (info.trained["family"], info.trained["run"]) in whole]


def family_names(family: str) -> list[str]:
    """Every cached embedding trained under the name `family`, whole or not."""
    return [info.name for info in _trained() if info.trained.get("family") == family]


def family(name: str) -> Family | None:
    """The family trained under `name`, or None when nothing was, or not all of it is saved."""
    members = [info for info in _whole() if info.trained.get("family") == name]
    if not members:
        return None
    by_value: dict[str | None, list[EmbeddingInfo]] = {}
    for info in members:
        group = info.trained.get("group")
        by_value.setdefault(None if group is None else str(group.get("value")), []).append(info)
    slices = []
    for value in _order(by_value):
        infos = sorted(by_value[value], key=lambda info: info.trained.get("replicate") or 0)
        first = infos[0]
        slice_name = (first.name.rsplit(REPLICATE_SUFFIX, 1)[0] if first.trained.get("replicate")
                      else first.name)
        slices.append(Slice(slice_name, value, tuple(i.name for i in infos), first.language))
    column = next((m.trained["group"].get("column") for m in members if m.trained.get("group")),
                  None)
    return Family(name, tuple(slices), column)


def resolve(name: str) -> Family | Slice | None:
    """What `name` stands for when it is not one embedding: a family across groups, or one
    replicate group (a `Slice`); None for an ordinary embedding or an unknown name."""
    found = family(name)
    if found is not None:
        if found.grouped or found.slices[0].replicated:
            return found if found.grouped else found.slices[0]
        return None  # a single model: an ordinary embedding
    head = name.rpartition(GROUP_SEPARATOR)[0]
    while head:
        parent = family(head)
        if parent is not None:
            for item in parent.slices:
                if item.name == name and item.replicated:
                    return item
            return None
        head = head.rpartition(GROUP_SEPARATOR)[0]
    return None


def family_list() -> list[str]:
    """Every whole family trained here, by name."""
    return sorted({str(info.trained.get("family")) for info in _whole()})
