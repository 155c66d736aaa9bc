"""The command line: the same engine as the dashboard, with JSON or a short readable report.

Every mistake a user can make ends as one sentence on stderr and exit code 2, never a traceback:
`BiasInputError` from the engine, and argparse's own complaints (rewritten to one line).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from bias.errors import BiasInputError
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.catalog import (
    DEFAULT_EMBEDDING,
    available_embeddings,
    language_name,
    load_embedding,
)
from bias.wordsets import SET_KEYS, all_wordsets, get_wordset


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one sentence and exit code 2 (not a usage dump)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message[0].upper()}{message[1:]}. See `{self.prog} --help`.\n")


def _whole_number(text: str, minimum: int) -> int:
    """argparse type: a whole number (1_000 allowed) of at least `minimum`, else one sentence."""
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(
            f"{value} is not a positive number" if minimum == 1 else f"{value} is negative"
        )
    return value


def _positive_int(text: str) -> int:
    return _whole_number(text, 1)


def _non_negative_int(text: str) -> int:
    return _whole_number(text, 0)


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# --- wordsets -----------------------------------------------------------------------------------


def _cmd_wordsets(args: argparse.Namespace) -> None:
    wordsets = all_wordsets(args.language)
    if args.json:
        _print_json(
            [
                {
                    "id": ws.id,
                    "title": ws.title,
                    "language": ws.language,
                    "sets": {
                        k: {"name": s.name, "words": list(s.words)} for k, s in ws.sets().items()
                    },
                    "source": ws.source,
                    "reported": ws.to_dict()["reported"],
                    "origin": ws.origin,
                }
                for ws in wordsets
            ]
        )
        return
    if not wordsets:
        print(f"No word sets for language '{args.language}'.")
    for ws in wordsets:
        sizes = "/".join(str(len(s.words)) for s in ws.sets().values())
        print(f"{ws.id:24} {ws.language}  {sizes:11}  {ws.title}")


# --- weat ---------------------------------------------------------------------------------------


def _weat_report(result: WeatResult) -> str:
    from bias.report.explain import explanation, format_d, format_p, verdict

    how = (
        f"exact, all {result.iterations:,} partitions"
        if result.method == "exact"
        else f"randomized, {result.iterations:,} draws, seed {result.seed}"
    )
    sided = "one-sided" if result.alternative == "greater" else "two-sided"
    lines = [
        f"{result.title}  [{result.wordset_id}]",
        f"Embedding: {result.embedding} ({language_name(result.language)})",
        "",
        f"  effect size d = {result.effect_size:.4f}   p = {result.p_value:.6g} ({sided}; {how})",
    ]
    if result.p_value_interval:
        low, high = result.p_value_interval
        lines.append(f"  95% Monte-Carlo interval for p: {low:.3g} – {high:.3g}")
    lines += [f"  {verdict(result.p_value)}.", f"  {explanation(result)}"]
    if result.reported is not None:
        rep = result.reported
        lines.append(
            f"  Source reported: d = {format_d(rep.effect_size)}"
            f"{' (absolute value)' if rep.effect_size_is_absolute else ''}, "
            f"p = {rep.p_value_text or format_p(rep.p_value)}"
            f"{f' on {rep.embedding}' if rep.embedding else ''}"
        )
    lines.append("")
    for key in SET_KEYS:
        rep = result.sets[key]
        line = f"  {key} {rep.name}: {len(rep.used)} of {len(rep.words)} words used"
        if rep.fallbacks:
            line += "; found as " + ", ".join(
                f"{i.word}→{i.found_as}" if i.word != i.found_as else f"{i.word} ({i.match})"
                for i in rep.fallbacks
            )
        lines.append(line)
    lines += [f"  Note: {warning}" for warning in result.warnings]
    return "\n".join(lines)


def _cmd_weat(args: argparse.Namespace) -> None:
    method = "exact" if args.exact else "randomized" if args.sampled else "auto"
    options = WeatOptions(
        method=method,
        iterations=args.iterations,
        seed=args.seed,
        alternative="two-sided" if args.two_sided else "greater",
        exact_limit=args.exact_limit,
    )
    result = run_weat(load_embedding(args.embedding), get_wordset(args.wordset), options)
    if args.json:
        _print_json(result.to_dict())
    else:
        print(_weat_report(result))


# --- embeddings ---------------------------------------------------------------------------------


def _cmd_embeddings(args: argparse.Namespace) -> None:
    if args.delete:
        from bias.vectors.store import delete_cached

        delete_cached(args.delete)
        print(f"Deleted the imported embedding {args.delete}.")
        return
    infos = available_embeddings()
    if args.json:
        _print_json([info.to_dict() for info in infos])
        return
    for info in infos:
        print(
            f"{info.name:24} {info.language}  {info.words:>9,} words × {info.dimensions:<4} "
            f"{info.kind}"
        )


# --- import -------------------------------------------------------------------------------------


class _ProgressLine:
    """A progress callback that rewrites one stderr line: megabytes read and words kept."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, bytes_read: int, words: int) -> None:
        self.shown = True
        print(f"\r  {bytes_read / 1e6:,.1f} MB read, {words:,} words", end="", file=sys.stderr,
              flush=True)

    def close(self) -> None:
        if self.shown:
            print(file=sys.stderr)


def _cmd_import(args: argparse.Namespace) -> None:
    from bias.vectors.download import download_fasttext, import_embedding

    if (args.source is None) == (args.fasttext is None):
        raise BiasInputError("Give either a vector file or address, or --fasttext LL (not both).")
    if args.source and not (args.name and args.language):
        raise BiasInputError("Importing a file or address needs --name and --language.")
    progress = None if args.quiet else _ProgressLine()
    try:
        if args.fasttext:
            info, report = download_fasttext(args.fasttext, name=args.name, limit=args.limit,
                                             progress=progress, replace=args.replace)
        else:
            info, report = import_embedding(args.source, name=args.name, language=args.language,
                                            limit=args.limit, progress=progress,
                                            replace=args.replace)
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        _print_json({"embedding": info.to_dict(), "report": report.to_dict()})
        return
    print(f"Imported {info.name} ({language_name(info.language)}): {info.words:,} words × "
          f"{info.dimensions} dimensions.")
    print(report.summary())
    print(f"Use it with: python -m bias weat --embedding {info.name} --wordset ID")


# --- biaswords ----------------------------------------------------------------------------------


def _cmd_biaswords(args: argparse.Namespace) -> None:
    from bias.discovery.biaswords import biaswords_cli

    print(biaswords_cli(args.embedding, args.wordset, neighbours=args.neighbours,
                        min_edit=args.min_edit, draws=args.draws, seed=args.seed,
                        as_json=args.json))


# --- the parser ---------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m bias",
        description="Measure bias in word embeddings (WEAT) and discover new biased word sets.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sets = commands.add_parser("wordsets", help="list the bundled and your saved word sets")
    sets.add_argument("--language", help="only this language (ISO code, e.g. de, it, sv)")
    sets.add_argument("--json", action="store_true", help="machine-readable output")
    sets.set_defaults(run=_cmd_wordsets)

    weat = commands.add_parser("weat", help="run a Word Embedding Association Test")
    weat.add_argument("--embedding", default=DEFAULT_EMBEDDING, help="embedding name")
    weat.add_argument("--wordset", required=True, help="word-set id or a JSON file path")
    weat.add_argument(
        "--iterations",
        type=_positive_int,
        default=100_000,
        help="random draws for the randomization test (default 100000)",
    )
    how = weat.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every partition")
    how.add_argument("--sampled", action="store_true", help="always use random draws")
    weat.add_argument(
        "--exact-limit",
        type=_positive_int,
        default=1_000_000,
        help="enumerate when there are at most this many partitions (default 10^6)",
    )
    weat.add_argument("--seed", type=_non_negative_int, default=0, help="random seed (default 0)")
    weat.add_argument("--two-sided", action="store_true", help="two-sided p-value")
    weat.add_argument("--json", action="store_true", help="machine-readable output")
    weat.set_defaults(run=_cmd_weat)

    words = commands.add_parser(
        "biaswords", help="discover new biased word sets near a known one, validated with WEAT"
    )
    words.add_argument("--embedding", default=DEFAULT_EMBEDDING, help="embedding name")
    words.add_argument("--wordset", required=True, help="seed word-set id or a JSON file path")
    words.add_argument("--neighbours", type=_positive_int, default=20,
                       help="nearest neighbours per seed word (default 20)")
    words.add_argument("--min-edit", type=_non_negative_int, default=3,
                       help="letters a candidate must differ from its seed by (default 3)")
    words.add_argument("--draws", type=_positive_int, default=100,
                       help="random new word sets to draw and validate (default 100)")
    words.add_argument("--seed", type=_non_negative_int, default=0, help="random seed (default 0)")
    words.add_argument("--json", action="store_true", help="machine-readable output")
    words.set_defaults(run=_cmd_biaswords)

    imports = commands.add_parser(
        "import", help="import word vectors from a file or URL, or download fastText"
    )
    imports.add_argument("source", nargs="?", help="a vector file path or an http(s) address")
    imports.add_argument("--fasttext", metavar="LL",
                         help="download the official fastText vectors for this language code")
    imports.add_argument("--name", help="name to use it under (default for --fasttext: "
                                        "fasttext-cc-LL-300)")
    imports.add_argument("--language", help="ISO language code of the vectors, e.g. de")
    imports.add_argument("--limit", type=_positive_int, default=200_000,
                         help="keep the most frequent N words (default 200000)")
    imports.add_argument("--replace", action="store_true", help="replace an earlier import")
    imports.add_argument("--quiet", action="store_true", help="no progress line")
    imports.add_argument("--json", action="store_true", help="machine-readable output")
    imports.set_defaults(run=_cmd_import)

    embeddings = commands.add_parser("embeddings", help="list the available embeddings")
    embeddings.add_argument("--json", action="store_true", help="machine-readable output")
    embeddings.add_argument("--delete", metavar="NAME", help="delete an imported embedding")
    embeddings.set_defaults(run=_cmd_embeddings)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error already printed as one sentence
        return int(exc.code or 0)
    try:
        args.run(args)
    except BiasInputError as exc:
        print(f"{args.command}: {exc}", file=sys.stderr)
        return 2
    return 0
