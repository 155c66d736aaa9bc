"""The confound controls reach the command line: the JSON's `confounds`, and the warnings beside
the verdict in the text (bias.stats.confounds)."""

import json

import numpy as np

from bias.cli import main
from bias.stats.confounds_gender import control_list
from bias.wordsets.library import get_wordset
from tests.language_vectors import language_words


def test_a_frequency_gap_warns_beside_the_verdict(capsys):
    assert main(["weat", "--wordset", "weat3", "--sampled", "--iterations", "1000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["confounds"]["warnings"] == ["frequency"]
    assert data["confounds"]["grammatical_gender"]["state"] == "not_gender_test"
    assert any(w.startswith("Frequency may explain part") for w in data["warnings"])
    assert main(["weat", "--wordset", "weat3", "--sampled", "--iterations", "1000"]) == 0
    out = capsys.readouterr().out
    assert "  Warning: Frequency may explain part" in out and "Confounds checked:" in out


def test_a_german_gender_test_runs_its_grammatical_gender_control(home, tmp_path, capsys):
    """Vectors with a planted grammatical-gender direction: every masculine noun and every male
    term of the test leans one way, feminine nouns and female terms the other, so the control's
    d is large and the test says so."""
    wordset = get_wordset("weathub-de-weat7")
    control = control_list("de")
    male, female = wordset.A.words, wordset.B.words
    nouns = (*control.first.words, *control.second.words)
    words = list(dict.fromkeys([*language_words("de"), *nouns]))
    rng = np.random.default_rng(3)
    lines = [f"{len(words)} 8"]
    for word in words:
        vector = rng.normal(size=8) * 0.3
        vector[0] += 2.0 if word in (*male, *control.first.words) else -2.0 if word in (
            *female, *control.second.words) else 0.0
        lines.append(word + " " + " ".join(f"{v:.4f}" for v in vector))
    path = tmp_path / "de.vec"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["import", str(path), "--name", "de-planted", "--language", "de", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["weat", "--wordset", "weathub-de-weat7", "--embedding", "de-planted", "--json",
                 "--sampled", "--iterations", "1000"]) == 0
    gender = json.loads(capsys.readouterr().out)["confounds"]["grammatical_gender"]
    assert gender["state"] == "warning" and gender["control"] == "grammatical-gender-de"
    assert abs(gender["effect_size"]) > 0.5
