"""The bundled WEATHub word sets: what tools/weathub.py makes, attributed, values as printed."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bias.wordsets.library import BUNDLED_DIR, bundled_wordsets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import weathub  # noqa: E402

CHECKOUT = Path(os.environ.get("BIASWORDS_WEATHUB") or ROOT.parent / "shared" / "weathub")
WEATHUB_LANGUAGES = {
    "ar", "bn", "ckb", "da", "de", "el", "es", "fa", "fr", "hi", "it", "ja", "ko", "ku", "mr",
    "pa", "ru", "te", "th", "tl", "tr", "ur", "vi", "zh",
}


def bundled() -> dict:
    return {ws.id: ws for ws in bundled_wordsets().values() if ws.from_weathub}


@pytest.mark.skipif(
    not (CHECKOUT / "reported_fasttext.csv").is_file(),
    reason=f"no WEATHub checkout at {CHECKOUT} (set BIASWORDS_WEATHUB to one)",
)
def test_bundled_files_equal_what_the_generator_makes_from_the_checkout():
    made = weathub.build(CHECKOUT)
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in BUNDLED_DIR.glob("weathub-*.json")}
    assert sorted(made) == sorted(on_disk)
    differ = [name for name in made if made[name] != on_disk[name]]
    assert differ == []
    # every source file of the three kinds became one word set, word for word
    sources = [p for p in (CHECKOUT / "data").glob("*_*/*.json")
               if p.parent.name.rsplit("_", 1)[1] in ("human", "new", "india")]
    assert len(sources) == len(made) == 396
    for path in sources:
        raw = json.loads(path.read_text(encoding="utf-8"))
        language = path.parent.name.rsplit("_", 1)[0]
        data = json.loads(on_disk[f"weathub-{language}-{path.stem}.json"])
        for theirs, ours in zip(("targ1", "targ2", "attr1", "attr2"), "XYAB", strict=True):
            assert data["sets"][ours] == {
                "name": raw[theirs]["category"], "words": raw[theirs]["examples"]}


def test_24_languages_besides_english_each_attributed():
    sets = bundled()
    assert {ws.language for ws in sets.values()} == WEATHUB_LANGUAGES | {"en"}
    for ws in sets.values():
        assert ws.licence.startswith("CC BY 4.0"), ws.id
        assert "Mukherjee" in ws.source["citation"]
        assert ws.source["url"] == "https://doi.org/10.18653/v1/2023.emnlp-main.981"
        assert any(note.startswith("Licence: CC BY 4.0") for note in ws.notes)
        assert not ws.from_paper


def test_readmes_attribute_weathub():
    for path in (ROOT / "README.md", BUNDLED_DIR / "README.md"):
        text = path.read_text(encoding="utf-8")
        assert "WEATHub" in text and "CC BY 4.0" in text and "Mukherjee" in text, path


def test_words_and_reported_values_as_published():
    sets = bundled()
    de7 = sets["weathub-de-weat7"]
    assert de7.X.words == ("Mathematik", "Algebra", "Geometrie", "Infinitesimalrechnung",
                           "Gleichungen", "Berechnung", "Zahlen", "Zusatz")
    assert (de7.X.name, de7.Y.name, de7.A.name, de7.B.name) == (
        "Math", "Arts", "MaleTerms", "FemaleTerms")
    # de,HT,weat7,-0.450,0.804 in reported_fasttext.csv: signed, as printed
    rep = de7.reported
    assert (rep.effect_size, rep.p_value, rep.p_value_text) == (-0.45, 0.804, "0.804")
    assert not rep.effect_size_is_absolute and rep.embedding.startswith("fastText cc.de.300")
    # culture-specific tests take the NEW_HT row: en,NEW_HT,weat11,-1.388,1.000
    en11 = sets["weathub-en-weat11"].reported
    assert (en11.effect_size, en11.p_value_text) == (-1.388, "1.000") and "NEW_HT" in en11.where
    # India tests take the HT row: hi,HT,weat16,1.606,0.000; 0.000 is explained
    hi16 = sets["weathub-hi-weat16"]
    assert (hi16.reported.effect_size, hi16.reported.p_value) == (1.606, 0.0)
    assert any("below 0.0005" in note for note in hi16.notes)
    # the authors report nothing on fastText for the b-variants
    assert sets["weathub-de-weat12b"].reported is None
    assert any("No published value" in note for note in sets["weathub-de-weat12b"].notes)


def test_repeats_phrases_and_nan_are_kept_and_named():
    sets = bundled()
    ar7 = sets["weathub-ar-weat7"]
    assert ar7.A.words.count("له") == 2
    assert "الهندسة الرياضية" in ar7.X.words
    assert any("الهندسة الرياضية" in n and "phrases" in n for n in ar7.notes)
    el12 = sets["weathub-el-weat12"]
    assert el12.Y.words.count("nan") == 4
    assert any("'nan' 4×" in note for note in el12.notes)


def test_cli_lists_every_language_with_source_licence_and_reported():
    out = subprocess.run(
        [sys.executable, "-m", "bias", "wordsets", "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    rows = json.loads(out.stdout)
    hub = [row for row in rows if row["id"].startswith("weathub-")]
    assert len(hub) == 396
    assert {row["language"] for row in rows} - {"en"} >= WEATHUB_LANGUAGES
    assert all(row["source"]["licence"].startswith("CC BY 4.0") for row in hub)
    de7 = next(row for row in hub if row["id"] == "weathub-de-weat7")
    assert de7["reported"]["effect_size"] == -0.45
