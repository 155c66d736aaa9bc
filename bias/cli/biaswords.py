"""`python -m bias biaswords`: candidates near a known biased set, new sets drawn and validated."""

from __future__ import annotations

import argparse

from bias.analysis.biaswords import CONCEPT_FIELDS, BiasWordsOptions
from bias.cli.args import add_scheduler_option, bounded, bounded_help
from bias.discovery.encoder_vocabulary import VOCABULARY_WORDS
from bias.discovery.options import (
    CONCEPT_KEEP,
    CONCEPT_NEIGHBOURS,
    MAX_FIT_RANK,
    MIN_EDIT,
    MIN_FIT_LEAN,
    MIN_FIT_SEEDS,
    NEIGHBOURS,
)
from bias.discovery.sampling import SET_DRAWS
from bias.stats.permutation import DRAWS as RESHUFFLINGS
from bias.stats.permutation import SEED
from bias.vectors.catalog import DEFAULT_EMBEDDING

DEFAULTS = BiasWordsOptions()
CANDIDATES, DRAWS = DEFAULTS.candidates, DEFAULTS.draws


def register(commands: argparse._SubParsersAction) -> None:
    words = commands.add_parser(
        "biaswords", help="discover new biased word sets near a known one, validated with WEAT"
    )
    words.add_argument("--embedding", default=DEFAULT_EMBEDDING, help="embedding name")
    words.add_argument("--wordset", required=True, help="seed word-set id or a JSON file path")
    words.add_argument("--neighbours", type=bounded(NEIGHBOURS), default=CANDIDATES.neighbours,
                       help=bounded_help("nearest neighbours per seed word", NEIGHBOURS,
                                         CANDIDATES.neighbours))
    words.add_argument("--min-edit", type=bounded(MIN_EDIT), default=CANDIDATES.min_edit,
                       help=bounded_help("letters a candidate must differ from its seed by",
                                         MIN_EDIT, CANDIDATES.min_edit))
    words.add_argument("--draws", type=bounded(SET_DRAWS), default=DRAWS.draws,
                       help=bounded_help("random new word sets to draw and validate", SET_DRAWS,
                                         DRAWS.draws))
    words.add_argument("--seed", type=bounded(SEED), default=DRAWS.seed,
                       help=bounded_help("random seed", SEED, DRAWS.seed))
    words.add_argument("--iterations", type=bounded(RESHUFFLINGS), default=DRAWS.iterations,
                       help=bounded_help("WEAT reshufflings per draw, when a draw's sets are "
                                         "too big for the exact test (as the page's field)",
                                         RESHUFFLINGS, DRAWS.iterations))
    words.add_argument("--curation", metavar="FILE.csv",
                       help="apply a curated table exported from the dashboard (CSV)")
    words.add_argument("--save-curation", metavar="FILE.csv",
                       help="write the candidates table (curated, if --curation) as CSV")
    words.add_argument("--keep-ambiguous", action="store_true",
                       default=CANDIDATES.keep_ambiguous,
                       help="keep the neighbours of seeds flagged as ambiguous (Bill as 'bill')")
    words.add_argument("--report", metavar="FILE.html",
                       help="also write a self-contained report (`reproduce` draws again)")
    words.add_argument("--paper-filters-only", action="store_true",
                       default=DEFAULTS.paper_filters_only,
                       help="switch off our filters (names vs. nouns, gender, forms of a seed, "
                            "function words, Unicode normal form): the paper's filters alone")
    concept_fit_arguments(words)
    words.add_argument("--no-baseline", dest="baseline", action="store_false",
                       default=DRAWS.baseline,
                       help="skip the baseline draws from random matched words")
    words.add_argument("--vocabulary", metavar="FILE.txt",
                       help="on the encoder: the words to search the neighbours among, one a "
                       f"line (default: the language's {VOCABULARY_WORDS:,} most frequent words "
                       "from wordfreq, where it has them)")
    add_scheduler_option(words)
    words.add_argument("--json", action="store_true", help="machine-readable output")
    words.set_defaults(run=run)


def concept_fit_arguments(words: argparse.ArgumentParser) -> None:
    """Concept fit's switch and thresholds (`bias.discovery.concept_fit`)."""
    words.add_argument("--no-concept-fit", dest="concept_fit", action="store_false",
                       default=CANDIDATES.concept_fit,
                       help="do not judge concept sets against the whole set (before issue 36)")
    words.add_argument("--concept-neighbours", type=bounded(CONCEPT_NEIGHBOURS),
                       default=CANDIDATES.concept_neighbours,
                       help=bounded_help("neighbours per seed of a concept set", CONCEPT_NEIGHBOURS,
                                         CANDIDATES.concept_neighbours))
    words.add_argument("--max-fit-rank", type=bounded(MAX_FIT_RANK),
                       default=CANDIDATES.max_fit_rank,
                       help=bounded_help("frequent words at most nearer a concept word than its "
                                         "set's centre", MAX_FIT_RANK, CANDIDATES.max_fit_rank))
    words.add_argument("--min-fit-lean", type=float, default=CANDIDATES.min_fit_lean,
                       help="least lean of a concept word, as a multiple of its seeds' median "
                            f"({MIN_FIT_LEAN.span}; default {CANDIDATES.min_fit_lean:g})")
    words.add_argument("--min-fit-seeds", type=bounded(MIN_FIT_SEEDS),
                       default=CANDIDATES.min_fit_seeds,
                       help=bounded_help("seeds a concept word must be near (0 = off)",
                                         MIN_FIT_SEEDS, CANDIDATES.min_fit_seeds))
    words.add_argument("--concept-keep", type=bounded(CONCEPT_KEEP),
                       default=CANDIDATES.concept_keep,
                       help=bounded_help("words a concept set keeps, the best on the encoder's "
                                         "name lean (without the encoder the thresholds decide)",
                                         CONCEPT_KEEP, CANDIDATES.concept_keep))
    words.add_argument("--no-name-lean", dest="concept_keep", action="store_const", const=None,
                       help="let the static concept-fit thresholds decide even with the encoder")


def run(args: argparse.Namespace) -> None:
    print(biaswords_cli(args.embedding, args.wordset, neighbours=args.neighbours,
                        min_edit=args.min_edit, draws=args.draws, seed=args.seed,
                        iterations=args.iterations,
                        as_json=args.json, curation=args.curation,
                        keep_ambiguous=args.keep_ambiguous, baseline=args.baseline,
                        save_curation=args.save_curation,
                        paper_filters_only=args.paper_filters_only, report=args.report,
                        vocabulary=args.vocabulary,
                        concept={name: getattr(args, name) for name in CONCEPT_FIELDS},
                        scheduler=args.scheduler))


def biaswords_cli(
    embedding: str,
    wordset: str,
    neighbours: int = CANDIDATES.neighbours,
    min_edit: int = CANDIDATES.min_edit,
    draws: int = DRAWS.draws,
    seed: int = DRAWS.seed,
    iterations: int = DRAWS.iterations,
    as_json: bool = False,
    curation: str | None = None,
    keep_ambiguous: bool = CANDIDATES.keep_ambiguous,
    baseline: bool = DRAWS.baseline,
    save_curation: str | None = None,
    paper_filters_only: bool = DEFAULTS.paper_filters_only,
    report: str | None = None,
    vocabulary: str | None = None,
    concept: dict | None = None,
    scheduler: str | None = None,
) -> str:
    """The text `python -m bias biaswords` prints: JSON, or a short human summary, of
    `bias.analysis.biaswords.run`. `concept`: concept fit's options (`CONCEPT_FIELDS`).

    Raises BiasInputError for anything the user can get wrong (unknown embedding or word set,
    too few candidates for the original sizes, a damaged curation file).
    """
    import json
    from dataclasses import replace
    from pathlib import Path

    from bias.analysis import biaswords
    from bias.files import check_output_file, read_text, write_text_atomic
    from bias.report.biaswords_text import format_run, run_json
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import get_wordset

    if save_curation:  # before the work: a wrong path should not cost a whole run
        check_output_file(Path(save_curation), "curation file")
    words = read_text(Path(vocabulary), "word list").splitlines() if vocabulary else None
    options = BiasWordsOptions(
        candidates=replace(CANDIDATES, neighbours=neighbours, min_edit=min_edit,
                           keep_ambiguous=keep_ambiguous, **(concept or {})),
        draws=replace(DRAWS, draws=draws, seed=seed, iterations=iterations, baseline=baseline),
        paper_filters_only=paper_filters_only,
        vocabulary=None if words is None else tuple(words),
        curation=Path(curation) if curation else None,
    )
    run = biaswords.run(options, load_embedding(embedding), get_wordset(wordset),
                        scheduler=scheduler).run
    if save_curation:
        from bias.discovery.curation import curation_csv

        write_text_atomic(Path(save_curation), curation_csv(run.candidates))
    if report:
        from bias.cli.args import write_report
        from bias.report.biaswords_html import biaswords_report_html

        write_report(report, biaswords_report_html(run))
    if as_json:
        return json.dumps(run_json(run), ensure_ascii=False, indent=2)
    return format_run(run)
