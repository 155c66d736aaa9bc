"""The WEAT page's Details bar counts every warning folded inside it, the extraction methods'
too (before, a sign that depends on the method was inside the fold with no count on its bar)."""

from dataclasses import replace

from bias.notes import Note
from bias.stats.encoder_methods import MethodRow, MethodSensitivity
from bias.stats.weat import WeatOptions, run_weat
from tests.synthetic import planted
from views.state import ShownResult
from views.weat_result import details_label


def test_the_bar_counts_the_method_warnings():
    embedding, wordset, _ = planted(strength=0.4, seed=3)
    result = replace(run_weat(embedding, wordset, WeatOptions(ci_resamples=0)),
                     encoder={"method": "passage"})
    shown = ShownResult(result, wordset, None, None)
    assert details_label(shown, None) == (
        "Details: the words found, the interval, the test under every extraction method")
    rows = (MethodRow("passage", "e5", 1.0, 0.01, "holds"),
            MethodRow("template", "e5", -1.0, 0.9, "other_way"))
    sensitivity = MethodSensitivity("planted", "en", "passage", rows, 2.0, True,
                                    (Note("method_sign_depends", {}),), verdict_depends=True)
    assert details_label(shown, sensitivity).endswith("every extraction method · 1 warning")
