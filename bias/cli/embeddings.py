"""`python -m bias embeddings`: list the available embeddings, verify or delete an imported one."""

from __future__ import annotations

import argparse

from bias.cli.args import print_json
from bias.errors import BiasInputError


def register(commands: argparse._SubParsersAction) -> None:
    embeddings = commands.add_parser("embeddings", help="list the available embeddings")
    embeddings.add_argument("--json", action="store_true", help="machine-readable output")
    action = embeddings.add_mutually_exclusive_group()
    action.add_argument("--delete", metavar="NAME", help="delete an imported embedding")
    action.add_argument(
        "--verify",
        metavar="NAME",
        help="check an imported embedding against the sha256 recorded at import, and every "
        "vector for NaN, infinity and zero length; a debiased one also that its parent is "
        "unchanged",
    )
    embeddings.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from bias.vectors import store

    if args.delete is not None:
        _delete(_name(args.delete, "--delete"))
        return
    if args.verify is not None:
        from bias.debiasing.derived import verify_parent

        verification = store.verify(_name(args.verify, "--verify"))
        parent = verify_parent(args.verify)  # a debiased embedding: is its parent unchanged?
        checks = [c for c in (verification, parent) if c is not None]
        if args.json:
            print_json({**verification.to_dict(), **({"parent": parent.to_dict()} if parent
                                                      else {})})
        for check in checks:
            if not check.ok:
                raise BiasInputError(check.summary())
        if not args.json:
            print("\n".join(check.summary() for check in checks))
        return
    from bias.vectors import encoder
    from bias.vectors.catalog import available_embeddings

    infos = available_embeddings()
    damaged = store.list_damaged()
    if args.json:
        print_json(
            [info.to_dict() for info in infos]
            + [{**entry.to_dict(), "kind": "damaged"} for entry in damaged]
        )
        return
    for info in infos:
        shared = f" (+{info.shared_words:,} sharing a vector)" if info.shared_words else ""
        words = "any word" if info.kind == "encoder" else f"{info.words:,} words"
        print(
            f"{info.name:24} {info.language}  {words:>15} × {info.dimensions:<4} "
            f"{info.kind}{shared}"
        )
    for entry in damaged:
        print(f"{entry.name:24} damaged: {entry.problem}")
    from bias.corpus.claims import unfinished, unfinished_sentence

    for claim in unfinished():
        print(unfinished_sentence(claim))
    if (reason := encoder.unavailable()) is not None:
        print(reason)


def _delete(name: str) -> None:
    """Delete an imported embedding, or what an unfinished training left (its own models)."""
    from bias.corpus.claims import forget
    from bias.vectors import store

    if forget(name) is not None:
        print(f"Deleted the unfinished training {name}.")
        return
    store.delete_cached(name)
    print(f"Deleted the imported embedding {name}.")


def _name(text: str, flag: str) -> str:
    if not text.strip():
        raise BiasInputError(f"{flag} needs the name of an imported embedding, not an empty one.")
    return text
