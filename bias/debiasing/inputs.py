"""What a debiasing method is told: definitional groups, equalise groups, protected words.

The inputs are data, never code: a bundled file under `bias/debiasing/pairs/<id>.json` (with its
source) or the user's own JSON file of the same shape,

    {"definitional": [["he", "she"], ...], "equalize": [["man", "woman"], ...], "protected": [...]}

Groups of two are pairs (hard debias, INLP); groups of more than two words are for multiclass hard
debias (Manzini et al. 2019). An optional `"bias_pair": ["he", "she"]` names the two words whose
difference measures each word's original bias when the most biased words are chosen for INLP's
training and the recoverability test (Gonen & Goldberg 2019 and Ravfogel et al. 2020 both use
he − she); it is a measuring stick, not an input of the fit, and defaults to the first two words
of the first definitional group. Words are looked up with the embedding's usual fallbacks, and a
word the embedding lacks is reported in the result (`Resolved.missing`), never dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import read_json
from bias.suggest import no_such
from bias.vectors.embeddings import Embedding

PAIRS_DIR = Path(__file__).resolve().parent / "pairs"
"""The bundled inputs (packaged with `bias.debias`, see pyproject's package-data)."""

MAX_WORDS = 100_000
"""At most this many words over all lists of one input file (a hostile file stays bounded)."""

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_KEYS = ("definitional", "equalize", "protected")


@dataclass(frozen=True)
class DebiasInputs:
    """The lists a method needs, as the user (or a bundled file) wrote them."""

    id: str
    title: str
    language: str
    definitional: tuple[tuple[str, ...], ...]
    equalize: tuple[tuple[str, ...], ...] = ()
    protected: tuple[str, ...] = ()
    source: dict = field(default_factory=dict)
    bias_pair: tuple[str, str] | None = None

    @property
    def group_size(self) -> int:
        """The number of words in each definitional group (2 for pairs)."""
        return len(self.definitional[0])

    @property
    def measuring_pair(self) -> tuple[str, str]:
        """The pair whose difference is the original bias direction for choosing words."""
        if self.bias_pair is not None:
            return self.bias_pair
        return self.definitional[0][0], self.definitional[0][1]

    def words(self) -> set[str]:
        """Every word named anywhere in the inputs."""
        return (
            set(self.measuring_pair)
            | {w for group in self.definitional for w in group}
            | {w for group in self.equalize for w in group}
            | set(self.protected)
        )

    def without(self, words: set[str]) -> DebiasInputs:
        """These inputs with every definitional and equalise group that names one of `words`
        dropped: the held-out words of a check never inform a fit. The protected list is kept:
        no method learns from it (it only says which words to leave alone), and taking a
        held-out "her" off it would neutralise her, changing the very words a check compares
        with instead of testing whether the debiasing carried over to them."""
        folded = {w.casefold() for w in words}

        def keep(group: tuple[str, ...]) -> bool:
            return not any(w.casefold() in folded for w in group)

        return replace(
            self,
            definitional=tuple(g for g in self.definitional if keep(g)),
            equalize=tuple(g for g in self.equalize if keep(g)),
        )

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "language": self.language,
            "definitional": [list(g) for g in self.definitional],
            "equalize": [list(g) for g in self.equalize],
            "protected": list(self.protected),
            "bias_pair": list(self.measuring_pair),
            "source": self.source,
        }


def bundled_ids() -> list[str]:
    """The ids of the bundled inputs, sorted."""
    return sorted(path.stem for path in PAIRS_DIR.glob("*.json"))


def load_inputs(id_or_path: str) -> DebiasInputs:
    """Bundled inputs by id, or the user's JSON file; one sentence if neither fits."""
    if _ID.fullmatch(id_or_path) and (PAIRS_DIR / f"{id_or_path}.json").is_file():
        path, default_id = PAIRS_DIR / f"{id_or_path}.json", id_or_path
    else:
        path = Path(id_or_path).expanduser()
        if not path.is_file():
            raise BiasInputError(
                no_such(f"There are no debiasing pairs called '{id_or_path}'", id_or_path,
                        bundled_ids()) + " Use one of "
                f"{', '.join(bundled_ids())}, or the path of a JSON file with 'definitional', "
                "'equalize' and 'protected' lists."
            )
        default_id = path.stem
    return parse_inputs(read_json(path, "pairs file"), where=str(path), default_id=default_id)


def parse_inputs(data: object, *, where: str, default_id: str) -> DebiasInputs:
    """Check the shape of a parsed pairs file and return it as `DebiasInputs`."""
    if not isinstance(data, dict):
        raise BiasInputError(f"{where}: a pairs file is a JSON object with a 'definitional' list.")
    unknown = sorted(set(data) - {*_KEYS, "id", "title", "language", "source", "bias_pair"})
    if unknown:
        raise BiasInputError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}.")
    definitional = _groups(data.get("definitional"), "definitional", where)
    if len(definitional) < 1:
        raise BiasInputError(f"{where}: 'definitional' needs at least one group of words.")
    sizes = {len(g) for g in definitional}
    if len(sizes) != 1:
        raise BiasInputError(
            f"{where}: every definitional group needs the same number of words (one per group "
            f"of people); found sizes {sorted(sizes)}."
        )
    equalize = _groups(data.get("equalize", []), "equalize", where)
    protected = data.get("protected", [])
    if not isinstance(protected, list) or not all(_is_word(w) for w in protected):
        raise BiasInputError(f"{where}: 'protected' must be a list of words.")
    total = sum(map(len, definitional)) + sum(map(len, equalize)) + len(protected)
    if total > MAX_WORDS:
        raise BiasInputError(f"{where}: at most {MAX_WORDS:,} words in all, please.")
    bias_pair = data.get("bias_pair")
    if bias_pair is not None and not (
        isinstance(bias_pair, list) and len(bias_pair) == 2 and all(map(_is_word, bias_pair))
        and bias_pair[0].strip() != bias_pair[1].strip()
    ):
        raise BiasInputError(f"{where}: 'bias_pair' must be two different words, like "
                             '["he", "she"].')
    language = data.get("language", "")
    source = data.get("source", {})
    return DebiasInputs(
        id=str(data.get("id", default_id)),
        title=str(data.get("title", default_id)),
        language=language if isinstance(language, str) else "",
        definitional=definitional,
        equalize=equalize,
        protected=tuple(dict.fromkeys(w.strip() for w in protected)),
        source=source if isinstance(source, dict) else {},
        bias_pair=None if bias_pair is None else (bias_pair[0].strip(), bias_pair[1].strip()),
    )


def _is_word(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value.strip()) <= 200 and "\n" not in value


def _groups(raw: object, key: str, where: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list):
        raise BiasInputError(f"{where}: '{key}' must be a list of word groups.")
    groups = []
    for group in raw:
        if not isinstance(group, list) or len(group) < 2 or not all(map(_is_word, group)):
            raise BiasInputError(
                f"{where}: each entry of '{key}' is a list of at least two words, like "
                '["he", "she"].'
            )
        words = tuple(w.strip() for w in group)
        if len(set(words)) != len(words):
            raise BiasInputError(f"{where}: the group {list(words)} of '{key}' repeats a word.")
        groups.append(words)
    return tuple(groups)


@dataclass(frozen=True)
class Resolved:
    """The inputs as rows of one embedding; `missing` names each word it lacks."""

    definitional: tuple[tuple[int, ...], ...]
    equalize: tuple[tuple[int, ...], ...]
    protected: tuple[int, ...]
    missing: tuple[str, ...]
    bias_pair: tuple[int, int]

    def fixed_rows(self) -> set[int]:
        """Rows that are never neutralised: protected, definitional and equalised words."""
        return (
            set(self.protected)
            | {r for g in self.definitional for r in g}
            | {r for g in self.equalize for r in g}
        )


def resolve(inputs: DebiasInputs, embedding: Embedding) -> Resolved:
    """Rows of every input word; a group with a missing word is left out (and reported), a group
    found twice under fallback spellings (GloVe has 'dad' for both 'Dad' and 'dad') kept once."""
    words = sorted(inputs.words())
    found = {item.word: embedding.row(item.found_as) for item in embedding.lookup_all(words)
             if item.found_as is not None and embedding.row(item.found_as) is not None}
    missing = tuple(w for w in words if w not in found)

    def rows(groups: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, ...], ...]:
        kept = [tuple(found[w] for w in g) for g in groups if all(w in found for w in g)]
        return tuple(g for g in dict.fromkeys(kept) if len(set(g)) == len(g))

    definitional = rows(inputs.definitional)
    if not definitional:
        raise BiasInputError(
            f"None of the definitional groups of '{inputs.id}' is complete in {embedding.name}: "
            f"missing {', '.join(missing[:10])}."
        )
    protected = tuple(dict.fromkeys(found[w] for w in inputs.protected if w in found))
    first, second = inputs.measuring_pair
    if first not in found or second not in found:
        raise BiasInputError(
            f"The bias pair {first!r}, {second!r} of '{inputs.id}' is not in {embedding.name}; "
            "name another with 'bias_pair'."
        )
    return Resolved(definitional, rows(inputs.equalize), protected, missing,
                    (found[first], found[second]))
