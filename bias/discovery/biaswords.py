"""BiasWords (Kurpicz-Briki & Leoni 2021, section 2.4): find new biased word sets near known ones.

The method, in three steps, each in its own module:

1. Candidates (`candidates`). For every word of a word set that shows bias (the seeds), take
   its k nearest neighbours in the embedding and filter them: the set's part of speech (the
   majority of its seeds' tags), at least `min_edit` letters different from the seed, clean-up,
   not already a seed, not closer to the opposite set, one word per group of forms, and not near
   a seed that means something else here (`ambiguity`: "Bill" found only as "bill"). Nothing is
   deleted: every dropped neighbour stays in the table with the reason, so a person can restore
   it; words to check are flagged.
2. Curation (`curation`). The user toggles `kept` and may correct a spelling, in their own
   workspace; the table is saved as JSON, and exported or imported as CSV.
3. Draws (`sampling`, `baseline`). New sets of the original sizes are drawn at random from the
   kept candidates and each is validated with WEAT; the same draws from random matched words
   give the baseline. An uncurated run is labelled exploratory.

This module joins the draws to their baseline and provenance (`validate`); the steps together,
with one options object for every face, are `bias.analysis.biaswords`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace

from bias.discovery.baseline import run_baseline
from bias.discovery.candidates import Candidates
from bias.discovery.pos import AUTO, TaggerChoice, choose_tagger
from bias.discovery.sampling import DrawOptions, Sampling, draw_sets, draw_sizes, streams
from bias.errors import BiasInputError
from bias.jobs import part
from bias.limits import MAX_NAME_CHARS, MAX_TITLE_CHARS, shorten
from bias.provenance import Provenance
from bias.serialize import jsonable
from bias.stats.budget import check_draws
from bias.vectors.embeddings import Embedding
from bias.vectors.encoder import block_of
from bias.wordsets import SET_KEYS, TermSet, WordSet


@dataclass(frozen=True)
class BiasWordsRun:
    """Candidates and draws of one run (the command line's, or the page's curated table)."""

    candidates: Candidates
    sampling: Sampling
    provenance: Provenance | None = None
    """Software, time, the embedding's identity, the seed test as supplied and the options
    (bias.provenance); with the curated table it is what `python -m bias reproduce` re-runs."""

    def to_dict(self) -> dict:
        sampled = self.sampling.to_dict()
        return {
            **self.candidates.to_dict(),
            "curated": self.sampling.curated,
            "hand_decisions": self.sampling.hand_decisions,
            "exploratory": self.sampling.exploratory,
            "draws": sampled.pop("draws"),
            "summary": sampled.pop("summary"),
            "baseline": sampled.pop("baseline"),
            "sampling": sampled,
            "provenance": jsonable(self.provenance),
            **({"encoder": encoder} if self.provenance and (
                encoder := block_of(self.provenance.embedding.identity)) else {}),
        }


def pool_wordsets(wordsets: Sequence[WordSet]) -> WordSet:
    """Several seed tests of one language as one: each set the union of theirs, in order.

    The paper built its BiasWords sets from more than one test. The tests must mean the same
    thing by X, Y, A and B (e.g. male and female names); their set names are joined. Draws keep
    the sizes of the first test (`draw_sizes` of the caller).
    """
    if not wordsets:
        raise BiasInputError("Choose at least one seed test.")
    if len(wordsets) == 1:
        return wordsets[0]
    languages = {ws.language for ws in wordsets}
    if len(languages) > 1:
        raise BiasInputError(
            f"Seed tests can only be pooled within one language; these are in "
            f"{', '.join(sorted(languages))}."
        )
    sets = {}
    for key in SET_KEYS:
        names = list(dict.fromkeys(ws.sets()[key].name for ws in wordsets))
        words = list(dict.fromkeys(w for ws in wordsets for w in ws.sets()[key].words))
        sets[key] = TermSet(shorten(" / ".join(names), MAX_NAME_CHARS), tuple(words))
    first = wordsets[0]
    return WordSet(
        id="+".join(ws.id for ws in wordsets),
        title=shorten("Pooled: " + "; ".join(ws.title for ws in wordsets), MAX_TITLE_CHARS),
        language=first.language,
        **sets,
        source={"pooled": [ws.id for ws in wordsets]},
        origin="user",
    )


def validate(
    embedding: Embedding,
    wordset: WordSet,
    candidates: Candidates,
    options: DrawOptions = DrawOptions(),
    sizes: Mapping[str, int] | None = None,
    tagger: TaggerChoice = AUTO,
    scheduler: str | None = None,
) -> Sampling:
    """The draws from a (curated) candidates table, its baseline, and the run's provenance.

    This is what the page and the command line call: `draw_sets` plus `baseline.run_baseline`
    (when `options.baseline`), with `curated` taken from the candidates (a hand decision or the
    person's "reviewed" mark). Each draw's WEAT is a task (`bias.compute.run_tasks`): on the
    cluster at `scheduler` when one is given, else on this machine.
    """
    check_draws(draw_sizes(wordset, sizes), options)
    parts = 2 if options.baseline else 1  # the draws, then as many baseline draws (bias.jobs)
    with part(0, parts):
        sampling = draw_sets(embedding, wordset, candidates.table, options, sizes, scheduler)
    base = None
    if options.baseline:
        # By default the baseline's words get a word type only if the candidates' did.
        if tagger == AUTO and not candidates.tagger:
            tagger = None
        chosen = choose_tagger(tagger, embedding.language)
        with part(1, parts):
            base = run_baseline(
                embedding, wordset, candidates, sampling, options, streams(options.seed), chosen,
                scheduler,
            )
    provenance = {
        "seed_test": wordset.id,
        "seed_test_title": wordset.title,
        "embedding": embedding.name,
        "filters": asdict(candidates.options),
        "tagger": candidates.tagger,
        "set_pos": dict(candidates.set_pos),
        "curated": candidates.curated,
        "hand_decisions": candidates.hand_decisions(),
        "draws": options.draws,
        "seed": options.seed,
        "share_significant": sampling.summary.share_significant,
    }
    return replace(
        sampling,
        curated=candidates.curated,
        hand_decisions=candidates.hand_decisions(),
        baseline=base,
        provenance=provenance,
    )
