"""Content checks for the bundled word sets in wordsets/*.json.

Stdlib json only; the engine is not imported.
"""

import json
import math
from pathlib import Path

import pytest

WORDSETS = Path(__file__).resolve().parent.parent / "wordsets"
FILES = sorted(p for p in WORDSETS.glob("*.json") if not p.name.startswith("weathub-"))
"""The hand-made files; the generated WEATHub ones are checked in test_wordsets_weathub.py."""
TOP_KEYS = {"id", "title", "language", "sets", "source", "reported", "notes", "variant_of"}
REPORTED_KEYS = {
    "p_value",
    "p_value_text",
    "effect_size",
    "effect_size_is_absolute",
    "embedding",
    "where",
}
LANGUAGES = {"en", "it", "sv", "de", "fr"}

ITA_VARIANTS = (
    "meraviglioso",
    "meravigliosa",
    "magnifico",
    "magnifica",
    "fantastico",
    "fantastica",
)

EXPECTED_IDS = (
    [f"weat{n}" for n in range(1, 11)]
    + ["weat5-ori", "weat5-ita", "weat5-swe", "weat6-ori", "weat6-ita", "weat6-ita-ch", "weat6-swe"]
    + ["weat7-ori", "weat7-ita", "weat7-swe", "weat8-ori", "weat8-ita", "weat8-swe"]
    + ["weat5-origin", "weat6-origin-m", "weat6-origin-f", "biasw1", "biasw2", "biasw3"]
    + [f"weat5-ita-{w}" for w in ITA_VARIANTS]
    + ["weat6-ita-successo"]
)

# X, Y, A, B sizes as printed by the sources.
SIZES = {
    # Caliskan et al. 2017 (Table 1 N column: 25x2, 25x2, 32x2, 16x2, 16x2, 8x2, 8x2, 8x2, 6x2, 8x2)
    "weat1": (25, 25, 25, 25),
    "weat2": (25, 25, 25, 25),
    "weat3": (32, 32, 25, 25),
    "weat4": (16, 16, 25, 25),
    "weat5": (16, 16, 8, 8),
    "weat6": (8, 8, 8, 8),
    "weat7": (8, 8, 8, 8),
    "weat8": (8, 8, 8, 8),
    "weat9": (6, 6, 7, 7),
    "weat10": (8, 8, 8, 8),
    # Kurpicz-Briki & Leoni 2021, Tables 2-6 and 9
    "weat5-ori": (18, 18, 8, 8),
    "weat5-ita": (10, 16, 8, 8),
    "weat5-swe": (18, 18, 8, 8),
    "weat6-ori": (8, 8, 8, 8),
    "weat6-ita": (10, 10, 8, 8),
    "weat6-ita-ch": (8, 8, 8, 8),
    "weat6-swe": (8, 8, 8, 8),
    "weat7-ori": (8, 8, 8, 8),
    "weat7-ita": (8, 8, 8, 8),
    "weat7-swe": (8, 8, 8, 8),
    "weat8-ori": (8, 8, 8, 8),
    "weat8-ita": (8, 8, 8, 8),
    "weat8-swe": (8, 8, 8, 8),
    "weat5-origin": (16, 16, 7, 8),
    "weat6-origin-m": (8, 8, 8, 8),
    "weat6-origin-f": (8, 8, 8, 8),
    "biasw1": (8, 8, 8, 8),
    "biasw2": (8, 8, 8, 8),
    "biasw3": (8, 8, 8, 8),
    "weat6-ita-successo": (10, 10, 8, 8),
    "weat5-ita-fantastica": (10, 16, 8, 8),
}


def load(wordset_id):
    with open(WORDSETS / f"{wordset_id}.json", encoding="utf-8") as f:
        return json.load(f)


def words(wordset_id, key):
    return load(wordset_id)["sets"][key]["words"]


def test_all_expected_files_exist():
    present = {p.stem for p in FILES}
    missing = [i for i in EXPECTED_IDS if i not in present]
    assert not missing


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_format(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) == TOP_KEYS
    assert data["id"] == path.stem
    assert data["id"] == data["id"].lower()
    assert isinstance(data["title"], str) and data["title"]
    assert data["language"] in LANGUAGES
    assert set(data["sets"]) == {"X", "Y", "A", "B"}
    for key, s in data["sets"].items():
        assert set(s) == {"name", "words"}, key
        assert isinstance(s["name"], str) and s["name"], key
        assert s["words"], key
        for w in s["words"]:
            assert isinstance(w, str) and w and w == w.strip(), (key, w)
        assert len(set(s["words"])) == len(s["words"]), key
    src = data["source"]
    assert set(src) == {"citation", "table", "url"}
    assert all(isinstance(v, str) and v for v in src.values())
    rep = data["reported"]
    if rep is not None:
        assert set(rep) == REPORTED_KEYS
        assert isinstance(rep["p_value"], float) and 0 < rep["p_value"] <= 1
        assert isinstance(rep["p_value_text"], str) and rep["p_value_text"]
        assert isinstance(rep["effect_size"], float)
        assert isinstance(rep["effect_size_is_absolute"], bool)
        assert rep["embedding"] and rep["where"]
    assert isinstance(data["notes"], list) and all(isinstance(n, str) for n in data["notes"])
    if data["variant_of"] is not None:
        assert (WORDSETS / f"{data['variant_of']}.json").exists()


def test_files_are_utf8_without_escapes():
    text = (WORDSETS / "weat5-origin.json").read_text(encoding="utf-8")
    assert "Snežana" in text and "Ayşe" in text and "\\u" not in text


@pytest.mark.parametrize("wordset_id", sorted(SIZES))
def test_set_sizes(wordset_id):
    data = load(wordset_id)
    assert tuple(len(data["sets"][k]["words"]) for k in "XYAB") == SIZES[wordset_id]


def test_exact_words_as_printed():
    assert "Geschät" in words("weat6-origin-f", "A")
    assert "Geschäft" in words("weat6-origin-m", "A")
    assert "suo" in words("weat7-ita", "A") and "suo" in words("weat7-ita", "B")
    assert "suo" in words("weat8-ita", "A") and "suo" in words("weat8-ita", "B")
    assert "Mächen" in words("biasw3", "B")
    assert "Eheman" in words("biasw1", "A")
    assert "Techologie" in words("biasw2", "X")
    assert "Gabriell" in words("weat5-ita", "Y")
    assert "Frederica" in words("weat6-ita", "Y")
    assert words("weat6-ita-ch", "B")[-1] == "parent"
    assert "Snežana" in words("weat5-origin", "Y") and "Ayşe" in words("weat6-origin-f", "Y")
    assert words("weat5-ori", "A")[0] == "Joy" and words("weat6-ori", "B")[6] == "weddings"
    assert words("weat5-ita", "X")[0] == "Andrea"


def test_table9_mapping():
    assert words("biasw1", "X")[0] == "Mikrosensorik"
    assert words("biasw1", "Y")[0] == "Pferdemedizin"
    assert words("biasw1", "A")[0] == "Onkel"
    assert words("biasw1", "B")[0] == "Halbschwester"


def test_variants():
    base = load("weat5-ita")
    for w in ITA_VARIANTS:
        v = load(f"weat5-ita-{w}")
        assert v["variant_of"] == "weat5-ita"
        assert v["reported"]["where"] == "Section 3.1"
        assert "incredibile" not in v["sets"]["A"]["words"] and w in v["sets"]["A"]["words"]
        for key in "XYB":
            assert v["sets"][key]["words"] == base["sets"][key]["words"]
    s = load("weat6-ita-successo")
    assert s["variant_of"] == "weat6-ita"
    assert s["sets"]["A"]["words"][0] == "successo"
    assert math.isclose(s["reported"]["effect_size"], 3.133)
    assert math.isclose(s["reported"]["p_value"], 0.01467)


def test_reported_values_kurpicz_briki():
    r = load("weat6-swe")["reported"]
    assert math.isclose(r["effect_size"], 3.74003113) and math.isclose(r["p_value"], 0.12559)
    assert r["effect_size_is_absolute"] is True and r["where"] == "Table 7"
    r = load("weat5-ita")["reported"]
    assert math.isclose(r["effect_size"], 0.870561014) and math.isclose(r["p_value"], 0.01209)
    r = load("weat7-swe")["reported"]
    assert math.isclose(r["p_value"], 0.001) and r["p_value_text"] == "< 10^-3"
    r = load("weat5-origin")["reported"]
    assert math.isclose(r["effect_size"], 1.027370342) and r["where"] == "Table 8"
    r = load("biasw3")["reported"]
    assert math.isclose(r["effect_size"], 0.48409739) and math.isclose(r["p_value"], 0.00192)
    r = load("weat5-ita-meravigliosa")["reported"]
    assert math.isclose(r["effect_size"], 0.819) and math.isclose(r["p_value"], 0.00097)


def test_reported_values_caliskan():
    expected = {
        1: (1.50, 1e-7),
        2: (1.53, 1e-7),
        3: (1.41, 1e-8),
        4: (1.50, 1e-4),
        5: (1.28, 1e-3),
        6: (1.81, 1e-3),
        7: (1.06, 0.018),
        8: (1.24, 1e-2),
        9: (1.38, 1e-2),
        10: (1.21, 1e-2),
    }
    for n, (d, p) in expected.items():
        r = load(f"weat{n}")["reported"]
        assert math.isclose(r["effect_size"], d) and math.isclose(r["p_value"], p), n
    for n in (5, 6, 7, 8):
        ori = load(f"weat{n}-ori")["reported"]
        assert ori["effect_size"] == load(f"weat{n}")["reported"]["effect_size"]


def test_caliskan_words():
    assert "bomb" in words("weat3", "B") and "prison" in words("weat1", "B")
    assert "short-term" in words("weat9", "A")
    assert "Billy" in words("weat10", "X")
    assert "wedding" in words("weat6", "B")
    assert "Jay" not in words("weat4", "X") and "Jay" in words("weat5-ori", "X")


def test_ger_sets_if_present():
    for wordset_id in ("ger1", "ger2", "weat7-ger", "weat8-ger"):
        if not (WORDSETS / f"{wordset_id}.json").exists():
            continue
        data = load(wordset_id)
        assert data["language"] == "de"
        assert "BFH-AMI/BIAS" in data["source"]["url"]
    if (WORDSETS / "ger1.json").exists():
        assert "Veterinärmedizin" in words("ger1", "Y")
