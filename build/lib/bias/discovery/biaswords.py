"""BiasWords (Kurpicz-Briki & Leoni 2021, section 2.4): find new biased word sets near known ones.

The method, in three steps, each in its own module:

1. Candidates (`candidates`). For every word of a word set that shows bias (the seeds), take
   its k nearest neighbours in the embedding and filter them: compatible part of speech, at least
   `min_edit` letters different from the seed, clean-up (not words; duplicates, with ß = ss for
   German), not already a seed. Nothing is deleted: every dropped neighbour stays in the table
   with the reason, so a person can restore it, and words near both sides of an opposed pair
   (X/Y, A/B) are flagged, not dropped, because the paper left that judgement to a person
   ("Ehemann" near male and female).
2. Curation (`curation`). The user toggles `kept` and may correct a spelling; the table is
   saved as JSON so the work survives a reload. `draw_sets` accepts any such table.
3. Draws (`sampling`). New sets of the original sizes are drawn at random from the kept
   candidates and each is validated with WEAT. The paper drew once; one lucky draw proves little,
   so we draw R times (default 100) and report the share of significant draws and the spread of
   effect sizes.

This module runs the whole method in one call, without manual curation, for the command line.
Everything is plain numpy/polars; the dashboard page only calls these functions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import polars as pl

from bias.discovery.candidates import CandidateOptions, Candidates, generate_candidates
from bias.discovery.sampling import DrawOptions, Sampling, draw_sets
from bias.vectors.embeddings import Embedding
from bias.wordsets import WordSet


@dataclass(frozen=True)
class BiasWordsRun:
    """Candidates and draws of one command-line run."""

    candidates: Candidates
    sampling: Sampling

    def to_dict(self) -> dict:
        sampled = self.sampling.to_dict()
        return {
            **self.candidates.to_dict(),
            "draws": sampled.pop("draws"),
            "summary": sampled.pop("summary"),
            "sampling": sampled,
        }


def run_biaswords(
    embedding: Embedding,
    wordset: WordSet,
    candidate_options: CandidateOptions = CandidateOptions(),
    draw_options: DrawOptions = DrawOptions(),
) -> BiasWordsRun:
    """Candidates with the default filters and no manual curation, then the draws."""
    candidates = generate_candidates(embedding, wordset, candidate_options)
    return BiasWordsRun(candidates, draw_sets(embedding, wordset, candidates.table, draw_options))


def biaswords_cli(
    embedding: str,
    wordset: str,
    neighbours: int = 20,
    min_edit: int = 3,
    draws: int = 100,
    seed: int = 0,
    as_json: bool = False,
) -> str:
    """The text `python -m bias biaswords` prints: JSON, or a short human summary.

    Raises BiasInputError for anything the user can get wrong (unknown embedding or word set,
    too few candidates for the original sizes).
    """
    from bias.vectors.catalog import load_embedding
    from bias.wordsets import get_wordset

    run = run_biaswords(
        load_embedding(embedding),
        get_wordset(wordset),
        CandidateOptions(neighbours=neighbours, min_edit=min_edit),
        DrawOptions(draws=draws, seed=seed),
    )
    if as_json:
        return json.dumps(run.to_dict(), ensure_ascii=False, indent=2)
    return format_run(run)


def format_run(run: BiasWordsRun) -> str:
    """A plain-text report: kept candidates per set, then the draws' summary and the best draw."""
    cand, sampling, summary = run.candidates, run.sampling, run.sampling.summary
    table = cand.table
    lines = [f"BiasWords: {cand.wordset_id} in {cand.embedding}"]
    lines += [f"  note: {note}" for note in cand.notes]
    for key, words in cand.kept_words().items():
        dropped = table.filter((pl.col("set") == key) & ~pl.col("kept")).height
        lines.append(f"{key}: {len(words)} kept, {dropped} dropped: {', '.join(words)}")
    q = summary.effect_size_quantiles
    lines.append(
        f"{summary.draws} draws: {summary.significant} significant at p < {summary.alpha:g} "
        f"({summary.share_significant:.0%}); effect size median {q[0.5]:.2f} "
        f"(5–95%: {q[0.05]:.2f} to {q[0.95]:.2f})"
    )
    best = min(sampling.draws, key=lambda d: (d.p_value, -abs(d.effect_size)))
    lines.append(
        f"Most significant draw #{best.index}: p = {best.p_value:.3g}, d = {best.effect_size:.2f}"
    )
    lines += [f"  {key}: {', '.join(words)}" for key, words in best.sets.items()]
    return "\n".join(lines)
