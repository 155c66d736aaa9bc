"""`python -m bias embeddings`: list the available embeddings, or delete an imported one."""

from __future__ import annotations

import argparse

from bias.cli.args import print_json


def register(commands: argparse._SubParsersAction) -> None:
    embeddings = commands.add_parser("embeddings", help="list the available embeddings")
    embeddings.add_argument("--json", action="store_true", help="machine-readable output")
    embeddings.add_argument("--delete", metavar="NAME", help="delete an imported embedding")
    embeddings.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    if args.delete:
        from bias.vectors.store import delete_cached

        delete_cached(args.delete)
        print(f"Deleted the imported embedding {args.delete}.")
        return
    from bias.vectors.catalog import available_embeddings

    infos = available_embeddings()
    if args.json:
        print_json([info.to_dict() for info in infos])
        return
    for info in infos:
        print(
            f"{info.name:24} {info.language}  {info.words:>9,} words × {info.dimensions:<4} "
            f"{info.kind}"
        )
