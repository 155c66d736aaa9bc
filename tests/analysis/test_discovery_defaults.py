"""The defaults and refusals that the faces of a debias and a training now share from
bias/analysis: the language's own pairs (the command line took English pairs for any
embedding), the checks the page preselects, and a comparison refused in one sentence before any
model is trained."""

import pytest

from bias.analysis import debias, train
from bias.corpus.preview import CorpusPreview
from bias.debiasing.inputs import bundled_ids
from bias.errors import BiasInputError
from bias.wordsets.library import get_wordset
from tests.corpus.corpora import write_grouped_csv


def test_a_debias_starts_with_the_pairs_of_the_embeddings_language():
    ids = bundled_ids()
    assert debias.default_pairs("de", ids) == "de-gender"
    assert debias.default_pairs("fr", ids) == "fr-gender"
    assert debias.default_pairs("ja", ids) == "en-gender"  # none of its own: English's
    assert debias.default_pairs("ja", ["sv-gender", "de-gender"]) == "sv-gender"
    assert debias.default_checks(["weat7", "weat1", "weat6"]) == ["weat6", "weat7"]
    assert debias.default_checks(["weat1"]) == []


def _preview(home) -> tuple[train.TrainAnalysisOptions, CorpusPreview]:
    from bias.corpus.options import ReadOptions

    path = write_grouped_csv(home / "g.csv", {"10": 0.5, "9": 1.0}, count=40)
    options = train.TrainAnalysisOptions(
        language="en", read=ReadOptions(text_column="text", group_column="decade"))
    return options, train.preview(options, path)


def test_a_comparison_is_refused_before_any_training(home):
    options, shown = _preview(home)
    assert [group.value for group in shown.groups] == ["9", "10"]
    weat6 = get_wordset("weat6")
    with pytest.raises(BiasInputError, match="needs a word set"):
        train.check_comparison(options, shown, ("9", "10"), None)
    with pytest.raises(BiasInputError, match=r"^The corpus has no group '8'; its groups "
                                             r"are: 9, 10\.$"):
        train.check_comparison(options, shown, ("8", "10"), weat6)
    train.check_comparison(options, shown, ("9", "10"), weat6)  # no bound: any work
    tokens = sum(group.tokens for group in shown.groups)
    work = tokens * options.train.epochs * (options.permutations + 1)
    bounded = train.TrainAnalysisOptions(language="en", read=options.read, max_work=work)
    train.check_comparison(bounded, shown, ("9", "10"), weat6)  # exactly the bound: allowed
    over = train.TrainAnalysisOptions(language="en", read=options.read, max_work=work - 1)
    with pytest.raises(BiasInputError, match=f"trains 40 pairs of models on their {tokens:,} "
                                             f"words × 10 epochs, more than this server trains "
                                             f"for one request \\({work - 1:,} words\\)"):
        train.check_comparison(over, shown, ("9", "10"), weat6)
