"""BiasWords, as every face runs it: candidates near a seed test, then new sets drawn from the
(curated) candidates and validated with WEAT, with their baseline and provenance.

The method is interactive on the page (candidates, then hand curation, then draws), so it is
offered in two steps that every face calls with the same `BiasWordsOptions`: `candidates`
(the neighbours, filtered, and a curated table from a file if the options name one) and `draw`
(the draws and their baseline from a curated table). `run` is both at once, as the command
line does; `reproduce` calls `draw` on a report's recorded table. The same options and table
give the same numbers on every face (tests/analysis/test_faces_agree_discovery.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bias.discovery.biaswords import BiasWordsRun, validate
from bias.discovery.candidates import CandidateOptions, Candidates, generate_candidates
from bias.discovery.encoder_vocabulary import with_vocabulary
from bias.discovery.filters import paper_only
from bias.discovery.sampling import Draw, DrawOptions, Sampling, draw_sizes
from bias.provenance import provenance
from bias.stats.budget import check_draws
from bias.vectors.embeddings import Embedding
from bias.wordsets import WordSet

CONCEPT_FIELDS = ("concept_fit", "concept_neighbours", "max_fit_rank", "min_fit_lean",
                  "min_fit_seeds", "concept_keep")  # fmt: skip
"""Concept fit's options (issue 36), fields of `CandidateOptions` that a face sets as given."""

SHOWN_DRAWS = 3
"""Draws laid out side by side like the paper's Table 9: the chosen one and the best others."""


@dataclass(frozen=True)
class BiasWordsOptions:
    """Every choice of a BiasWords run, each default written once (in the engine's options)."""

    candidates: CandidateOptions = field(default_factory=CandidateOptions)
    draws: DrawOptions = field(default_factory=DrawOptions)
    paper_filters_only: bool = False
    """Our filters switched off (`paper_only`): the paper's filters alone, to compare."""
    vocabulary: tuple[str, ...] | None = None
    """On the encoder, the words its neighbours are searched among (None: the language's most
    frequent, `with_vocabulary`); a table of vectors ignores it."""
    curation: Path | None = None
    """A curated table exported from the dashboard (CSV), applied to the fresh candidates."""

    @property
    def filters(self) -> CandidateOptions:
        """The candidates' options as they run (the paper's alone when asked)."""
        return paper_only(self.candidates) if self.paper_filters_only else self.candidates


@dataclass(frozen=True)
class BiasWordsAnalysis:
    """One BiasWords run: its candidates (curated), its draws and baseline, its provenance, and
    the options it ran with. `run` is what the report embeds and `reproduce` re-runs."""

    run: BiasWordsRun
    options: BiasWordsOptions

    @property
    def candidates(self) -> Candidates:
        return self.run.candidates

    @property
    def sampling(self) -> Sampling:
        return self.run.sampling

    def shown(self, chosen: int) -> tuple[Draw, ...]:
        """The chosen draw and the most significant others, as the page lays them out."""
        chosen_draw = self.sampling.draw(chosen)
        others = (d for d in self.sampling.ranked() if d.index != chosen)
        return (chosen_draw, *others)[:SHOWN_DRAWS]

    def to_dict(self) -> dict:
        return self.run.to_dict()


def prepared(options: BiasWordsOptions, embedding: Embedding) -> Embedding:
    """The embedding with the words an encoder's neighbours are searched among (a table of
    vectors as it is). The page prepares its own with progress and Cancel (the same words)."""
    return with_vocabulary(embedding, options.vocabulary)


def candidates(options: BiasWordsOptions, embedding: Embedding, wordset: WordSet) -> Candidates:
    """Step 1: the neighbours of `wordset`'s words, filtered, with the curation file applied if
    the options name one (read first: a wrong file should not cost the search)."""
    from bias.discovery.curation import apply_curation_table, read_curation_file

    table = None if options.curation is None else read_curation_file(options.curation)
    found = generate_candidates(embedding, wordset, options.filters)
    return found if table is None else apply_curation_table(found, wordset, table)


def check(options: BiasWordsOptions, first: WordSet) -> None:
    """Refuse draws over the budget in one sentence, before any work is queued."""
    check_draws(draw_sizes(first), options.draws)


def draw(options: BiasWordsOptions, embedding: Embedding, wordset: WordSet,
         curated: Candidates, *, sizes: Mapping[str, int] | None = None,
         scheduler: str | None = None) -> BiasWordsAnalysis:
    """Step 2: new sets drawn from the kept candidates of `curated` (sizes: the seed test's, or
    `sizes`, a pooled test's first's), each validated with WEAT, and the baseline."""
    sampling = validate(embedding, wordset, curated, options.draws, sizes=sizes,
                        scheduler=scheduler)
    recorded = provenance(embedding, wordset, {"candidates": curated.options,
                                               "draws": options.draws})
    return BiasWordsAnalysis(BiasWordsRun(curated, sampling, recorded), options)


def run(options: BiasWordsOptions, embedding: Embedding, wordset: WordSet, *,
        scheduler: str | None = None) -> BiasWordsAnalysis:
    """Both steps at once (the command line): candidates, the curation file if any, draws."""
    embedding = prepared(options, embedding)
    return draw(options, embedding, wordset, candidates(options, embedding, wordset),
                scheduler=scheduler)
