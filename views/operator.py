"""Deleting or replacing what every visitor shares: a confirmation, the operator's token, and
who saved which set.

An imported embedding, a saved word set and a shared curation are seen by the whole room, so one
click by anyone must not remove them. Every such action here is two steps (the action, then "Yes,
…" beside "No, keep it"). When the server is started with an operator token
(`BIASWORDS_OPERATOR_TOKEN`, docs/security.md), the second step also asks for it, compared in
constant time (`hmac.compare_digest`); without one, anyone may confirm, as before. A saved word
set may always be deleted by the tab that saved it: at save time the set's id is recorded with a
hash of that tab's draft id (`views.shared` gives every tab one, kept in its address), so the
saver is recognised after a refresh too, and nobody else can claim the set by knowing its title.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path

import streamlit as st

from bias.errors import BiasInputError
from bias.files import create_exclusive, home
from bias.report.markup import md
from bias.wordsets import WordSet
from bias.wordsets.editing import delete_user_wordset

# The environment variable holding the operator's token (unset or empty: no token asked).
OPERATOR_TOKEN_ENV = "BIASWORDS_OPERATOR_TOKEN"


def operator_token() -> str | None:
    return os.environ.get(OPERATOR_TOKEN_ENV) or None


def is_operator(given: str | None) -> bool:
    """Whether `given` is the server's operator token (False when the server has none)."""
    token = operator_token()
    return bool(token and given) and hmac.compare_digest(given.encode(), token.encode())


def _savers() -> Path:
    return home() / "savers"


def _mark() -> str:
    """This tab's saver mark: a hash of its draft id (the id itself is never stored)."""
    draft = str(st.session_state.get("_draft_id", ""))
    return hashlib.sha256(("biaswords-saver:" + draft).encode()).hexdigest() if draft else ""


def record_saver(wordset_id: str) -> None:
    """Remember that this tab saved `wordset_id` (the first saver keeps it: saving the same set
    again from another tab does not take it over)."""
    if mark := _mark():
        create_exclusive(_savers() / f"{wordset_id}.saver", mark)  # a full disk is a sentence


def saved_here(wordset_id: str) -> bool:
    """Whether this tab saved `wordset_id`."""
    mark = _mark()
    try:
        kept = (_savers() / f"{wordset_id}.saver").read_text(encoding="utf-8")[:64]
    except OSError:
        return False
    return bool(mark) and hmac.compare_digest(kept, mark)


def confirmed(key: str, label: str, question: str, *, owner: bool = False,
              icon: str = ":material/delete:") -> bool:
    """A button `label`; once pressed, `question` with "Yes, …" and "No, keep it" (and the
    operator token's box when the server has one and this tab is not `owner`). True in the run
    where the action is confirmed and allowed; the caller then does it."""
    armed = f"_operator.{key}.armed"
    if not st.session_state.get(armed):
        st.button(label, key=f"_operator.{key}.ask", icon=icon,
                  on_click=st.session_state.__setitem__, args=(armed, True))
        return False
    needs_token = operator_token() is not None and not owner
    with st.container(border=True):
        st.warning(md(question), icon=":material/warning:")
        given = st.text_input(
            "Operator token", type="password", key=f"_operator.{key}.token",
            help="This server's operator set a token: only they can delete or replace what "
            "every visitor shares.",
        ) if needs_token else None
        yes_col, no_col = st.columns(2)
        yes = yes_col.button(f"Yes, {label[0].lower()}{label[1:]}", type="primary",
                             key=f"_operator.{key}.yes")
        no_col.button("No, keep it", key=f"_operator.{key}.no",
                      on_click=st.session_state.pop, args=(armed, None))
    if not yes:
        return False
    if needs_token and not is_operator(given):
        st.error("That is not this server's operator token; nothing was changed.",
                 icon=":material/lock:")
        return False
    st.session_state.pop(armed, None)
    return True


def delete_saved_set(wordset: WordSet) -> None:
    """'Delete this saved set' for a set a visitor saved: its saver, or the operator."""
    mine = saved_here(wordset.id)
    who = "" if mine else " It was saved from another tab; other visitors may be using it."
    if confirmed(f"wordset.{wordset.id}", "Delete this saved set",
                 f"Delete the saved set '{wordset.title}' for every visitor of this server?{who}",
                 owner=mine):
        try:
            delete_user_wordset(wordset.id)
        except BiasInputError as exc:
            st.error(md(str(exc)), icon=":material/error:")
            return
        (_savers() / f"{wordset.id}.saver").unlink(missing_ok=True)
        st.toast(md(f"Deleted the saved set '{wordset.title}'."), icon=":material/delete:")
        st.rerun()
