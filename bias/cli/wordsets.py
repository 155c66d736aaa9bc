"""`python -m bias wordsets`: list the bundled and the user's saved word sets."""

from __future__ import annotations

import argparse

from bias.cli.args import print_json


def register(commands: argparse._SubParsersAction) -> None:
    sets = commands.add_parser("wordsets", help="list the bundled and your saved word sets")
    sets.add_argument(
        "--language", help="only this language, by code or name (e.g. de or German)"
    )
    sets.add_argument("--json", action="store_true", help="machine-readable output")
    sets.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from bias.errors import BiasInputError
    from bias.vectors.catalog import language_code, language_name
    from bias.wordsets.library import all_wordsets, damaged_user_wordsets

    code = language_code(args.language) if args.language else None
    wordsets = all_wordsets(code)
    if code and not wordsets:
        have = sorted({ws.language for ws in all_wordsets()}, key=language_name)
        raise BiasInputError(
            f"There are no word sets for the language '{args.language}'. Give a language by "
            "code or name; there are word sets for: "
            + ", ".join(f"{c} ({language_name(c)})" for c in have)
            + "."
        )
    if args.json:
        print_json(
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
    for ws in wordsets:
        sizes = "/".join(str(len(s.words)) for s in ws.sets().values())
        print(f"{ws.id:24} {ws.language}  {sizes:11}  {ws.title}")
    for filename, problem in damaged_user_wordsets().items():
        print(f"{filename:24} damaged: {problem}")
