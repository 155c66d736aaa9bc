"""Build the bundled WEATHub word sets (`wordsets/weathub-<lang>-<test>.json`) from a checkout.

WEATHub (Mukherjee, Raj, Zhu & Anastasopoulos, EMNLP 2023; CC BY 4.0) holds Caliskan's WEAT 1, 2,
6, 7, 8, 9 translated by native speakers into 24 languages (`data/<lang>_human/`), culture-specific
tests written by native speakers (`data/<lang>_new/`, WEAT 11–15) and India-specific tests
(`data/<lang>_india/`, WEAT 16–26). Each file becomes one word set: targ1/targ2/attr1/attr2 become
X/Y/A/B, the category names become the set names, the words are copied exactly (repeats, phrases
and the odd "nan" included, each named in the notes), and the authors' fastText effect size and
p-value for that language and test (`reported_fasttext.csv`: HT rows for the translations and the
India tests, NEW_HT rows for the culture-specific tests) become the reported values.

The English originals in `data/en/` are not converted: they are Caliskan's lists, bundled already
as `weat1` … `weat10`.

    python tools/weathub.py [--source ../shared/weathub] [--out wordsets]

rewrites every `weathub-*.json` under `--out` (and removes ones the checkout no longer yields).
`tests/test_wordsets_weathub.py` checks that the bundled files equal what this script produces.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bias.files import write_text_atomic  # noqa: E402
from bias.vectors.catalog import language_name  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "weathub"
DEFAULT_OUT = ROOT / "wordsets"
PREFIX = "weathub-"
COMMIT = "878d6ce"
CITATION = (
    "Mukherjee, Raj, Zhu & Anastasopoulos 2023, \"Global Voices, Local Biases: Socio-Cultural "
    "Prejudices across Languages\", EMNLP 2023, pp. 15828–15845 (WEATHub dataset)"
)
DOI = "https://doi.org/10.18653/v1/2023.emnlp-main.981"
LICENCE = "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)"
KEYS = {"targ1": "X", "targ2": "Y", "attr1": "A", "attr2": "B"}
KINDS = {
    "human": ("HT", "translated"),  # by native speakers
    "new": ("NEW_HT", "culture-specific"),
    "india": ("HT", "India-specific"),
}


def reported_values(source: Path) -> dict[tuple[str, str, str], tuple[str, str]]:
    """(language, data_source, test) -> (effect size, p-value) as printed in the CSV."""
    with (source / "reported_fasttext.csv").open(encoding="utf-8", newline="") as handle:
        return {
            (row["language"], row["data_source"], row["test"]): (row["effect_size"], row["p_value"])
            for row in csv.DictReader(handle)
        }


def _test_number(test: str) -> str:
    return test.removeprefix("weat").upper()


def _word_notes(sets: dict[str, dict]) -> list[str]:
    """Sentences naming what a word-vector file cannot take as written: repeats, phrases, 'nan'."""
    notes = []
    for key, terms in sets.items():
        repeats = [f"{w} ({n}×)" for w, n in Counter(terms["words"]).items() if n > 1]
        if repeats:
            notes.append(
                f"{key} ({terms['name']}) repeats, as published: {', '.join(repeats)}; the test "
                "counts each vector once and says so."
            )
    for key, terms in sets.items():
        phrases = list(dict.fromkeys(w for w in terms["words"] if any(c.isspace() for c in w)))
        if phrases:
            notes.append(
                f"{key} ({terms['name']}) has {len(phrases)} multi-word "
                f"{'entry' if len(phrases) == 1 else 'entries'}, kept as published and reported "
                f"as phrases (a word-vector file holds single words): {', '.join(phrases)}."
            )
    for key, terms in sets.items():
        nan = terms["words"].count("nan")
        if nan:
            notes.append(
                f"{key} ({terms['name']}) contains 'nan' {nan}× as published; it looks like an "
                "empty spreadsheet cell read as 'not a number', and is kept so the set matches "
                "the dataset."
            )
    return notes


def convert(path: Path, reported: dict[tuple[str, str, str], tuple[str, str]]) -> dict:
    """One WEATHub file as a BiasWords word set (the on-disk JSON object)."""
    folder, test = path.parent.name, path.stem
    language, kind = folder.rsplit("_", 1)
    data_source, what = KINDS[kind]
    raw = json.loads(path.read_text(encoding="utf-8"))
    sets = {
        KEYS[key]: {"name": raw[key]["category"], "words": list(raw[key]["examples"])}
        for key in KEYS
    }
    name = language_name(language)
    title = (
        f"WEATHub WEAT {_test_number(test)} ({name}, {what}): {sets['X']['name']} vs. "
        f"{sets['Y']['name']}, {sets['A']['name']} vs. {sets['B']['name']}"
    )
    relative = f"data/{folder}/{test}.json"
    notes = [
        f"Words copied exactly from the WEATHub dataset ({name}, {what} test "
        f"{_test_number(test)}); only the layout changed: its two target lists and two attribute "
        "lists became X, Y, A and B, and its category names became the set names.",
        f"Licence: CC BY 4.0 (Creative Commons Attribution). Cite {CITATION}.",
    ]
    notes += _word_notes(sets)
    values = reported.get((language, data_source, test))
    result = None
    if values is None:
        notes.append(
            f"No published value to compare with: the authors give no fastText result for this "
            f"test in {name}."
        )
    else:
        d, p = values
        result = {
            "p_value": float(p),
            "p_value_text": p,
            "effect_size": float(d),
            "effect_size_is_absolute": False,
            "embedding": f"fastText cc.{language}.300 (Common Crawl + Wikipedia)",
            "where": f"Mukherjee et al. 2023, WEATHub reported_fasttext.csv, {data_source} rows",
        }
        if float(p) == 0:
            notes.append(
                f"The authors print p-values to three decimals: p = {p} means below 0.0005."
            )
    return {
        "id": f"{PREFIX}{language}-{test}",
        "title": title,
        "language": language,
        "sets": sets,
        "source": {
            "citation": CITATION,
            "table": f"WEATHub {relative} (iamshnoo/weathub, commit {COMMIT})",
            "url": DOI,
            "licence": LICENCE,
        },
        "reported": result,
        "notes": notes,
        "variant_of": None,
    }


def build(source: Path) -> dict[str, str]:
    """File name -> file text for every WEATHub word set in the checkout at `source`."""
    reported = reported_values(source)
    paths = sorted(
        path
        for path in (source / "data").glob("*_*/*.json")
        if path.parent.name.rsplit("_", 1)[1] in KINDS
    )
    files = {}
    for path in paths:
        data = convert(path, reported)
        files[f"{data['id']}.json"] = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return files


def write(files: dict[str, str], out: Path) -> None:
    """Write `files` into `out` atomically and remove WEATHub files that are no longer produced."""
    for stale in out.glob(f"{PREFIX}*.json"):
        if stale.name not in files:
            stale.unlink()
    for name, text in files.items():
        write_text_atomic(out / name, text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="WEATHub checkout")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="word-set directory")
    args = parser.parse_args(argv)
    if not (args.source / "reported_fasttext.csv").is_file():
        print(f"{args.source} is no WEATHub checkout (no reported_fasttext.csv).", file=sys.stderr)
        return 2
    files = build(args.source)
    write(files, args.out)
    print(f"Wrote {len(files)} WEATHub word sets to {args.out}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
