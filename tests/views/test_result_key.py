"""Issue 25, item 7: the WEAT result cache keys options by field name, not by position
(`views.shared.result_key`), so adding a field to `WeatOptions` cannot shift a value into another
field's place in the key."""

from dataclasses import asdict, fields

from bias.stats.weat import WeatOptions
from bias.wordsets.library import get_wordset
from views.shared import result_key


def test_the_key_names_every_option_field_with_its_value(home):
    options = WeatOptions("randomized", 20_000, seed=7, ci_resamples=0, shared_rows=False)
    key = result_key("glove-6b-50d", get_wordset("weat7"), options)
    assert dict(key[3]) == asdict(options)
    assert {name for name, _ in key[3]} == {f.name for f in fields(WeatOptions)}
    assert dict(key[3])["seed"] == 7 and dict(key[3])["iterations"] == 20_000


def test_options_that_differ_in_one_field_never_share_a_result(home):
    wordset = get_wordset("weat7")
    one = result_key("glove-6b-50d", wordset, WeatOptions(seed=1, ci_resamples=0))
    other = result_key("glove-6b-50d", wordset, WeatOptions(seed=0, ci_resamples=1))
    assert one != other
    assert one == result_key("glove-6b-50d", wordset, WeatOptions(seed=1, ci_resamples=0))
