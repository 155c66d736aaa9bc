"""Which embedding a language's choice makes active (`catalog.language_default`): the bundled
one, or one this visitor chose, never another visitor's import or training (issue 43)."""

from bias.vectors.catalog import EmbeddingInfo, language_default, own_or_shipped


def info(name: str, language: str, kind: str) -> EmbeddingInfo:
    return EmbeddingInfo(name, language, 100, 50, "hand case", kind)


# In the catalog's order: by language, tables of vectors before the encoder, then by name.
SERVER = [
    info("addresses-jokes.r1", "de", "trained"),  # a visitor's training: sorts first
    info("cc-de", "de", "imported"),
    info("e5-small-de-passage", "de", "encoder"),
    info("glove-6b-50d", "en", "bundled"),
    info("glove-6b-50d-hard", "en", "derived"),
    info("e5-small-en-passage", "en", "encoder"),
    info("it-small", "it", "imported"),
]


def test_a_language_opens_on_its_shipped_embedding_not_on_a_training_that_sorts_first():
    assert language_default("de", SERVER) == "e5-small-de-passage"
    assert language_default("en", SERVER) == "glove-6b-50d"  # the table before the encoder


def test_the_visitors_own_choice_of_that_language_comes_back_the_last_one_first():
    assert language_default("de", SERVER, ["cc-de"]) == "cc-de"
    assert language_default("de", SERVER, ["cc-de", "glove-6b-50d"]) == "cc-de"
    assert language_default("de", SERVER, ["addresses-jokes.r1", "cc-de"]) == "cc-de"
    assert language_default("de", SERVER, ["cc-de", "addresses-jokes.r1"]) == "addresses-jokes.r1"
    assert language_default("de", SERVER, ["gone-since"]) == "e5-small-de-passage"


def test_a_language_with_only_others_embeddings_has_no_default():
    assert language_default("it", SERVER) is None
    assert language_default("it", SERVER, ["it-small"]) == "it-small"
    assert language_default("sv", SERVER, ["cc-de"]) is None


def test_own_or_shipped_keeps_the_catalogs_order():
    assert [i.name for i in own_or_shipped(SERVER, {"it-small"})] == [
        "e5-small-de-passage", "glove-6b-50d", "e5-small-en-passage", "it-small"]
