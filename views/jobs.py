"""Heavy jobs on a server shared by a room: a queue with places, a progress bar, a Cancel button,
and a job that ends with its tab.

`run_job(slot, label, work)` runs `work()` in the page's own script thread under a watcher
(`bias.jobs.watching`): at every checkpoint of the engine's loops the watcher moves the progress
bar (at most every `PROGRESS_SECONDS`), and moving it is a point where Streamlit interrupts the
script when the tab reruns (Cancel, or any widget changed), navigates away or closes (Streamlit
asks a disconnected session's script to stop). So a job stops within one block of work after its
visitor leaves, and its place in the queue is given back on the way out (`finally`).

Heavy jobs take a place in one server-wide queue (`Slots`): at most `MAX_HEAVY_JOBS` run at once,
the others wait in order of arrival and see their place ("waiting, position 2"); a tab has at most
`JOBS_PER_VISITOR` (its earlier one stops). `Slots` is plain Python, tested with threads.
"""

from __future__ import annotations

import itertools
import secrets
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TypeVar

import streamlit as st

from bias.errors import BiasInputError
from bias.jobs import Cancelled, watching
from bias.limits import JOBS_PER_VISITOR, MAX_HEAVY_JOBS
from bias.report.markup import md
from bias.report.text import plural

T = TypeVar("T")

# How often the progress bar moves at most: also how soon a job notices its tab has gone.
PROGRESS_SECONDS = 0.25

# How often a waiting job updates its place in the queue (and notices its tab has gone).
WAIT_SECONDS = 0.5

_tickets = itertools.count(1)


@dataclass(eq=False)
class Ticket:
    """One job's place in the queue."""

    owner: Hashable
    number: int = field(default_factory=lambda: next(_tickets))
    # Set when the same visitor started another job: this one stops at its next checkpoint.
    cancelled: bool = False


class Slots:
    """At most `capacity` jobs running at once, the rest waiting first come first served, and
    at most `per_owner` jobs per owner (a newer one cancels the owner's oldest). Thread-safe."""

    def __init__(self, capacity: int, per_owner: int = JOBS_PER_VISITOR):
        self.capacity, self.per_owner = capacity, per_owner
        self._queue: list[Ticket] = []  # in arrival order; the first `capacity` run
        self._changed = threading.Condition()

    def enter(self, owner: Hashable) -> Ticket:
        """A new ticket for `owner` at the end of the queue."""
        with self._changed:
            mine = [t for t in self._queue if t.owner == owner and not t.cancelled]
            for earlier in mine[: max(0, len(mine) - self.per_owner + 1)]:
                earlier.cancelled = True
            ticket = Ticket(owner)
            self._queue.append(ticket)
            self._changed.notify_all()
            return ticket

    def leave(self, ticket: Ticket) -> None:
        """Give the place back (the job finished, failed or stopped)."""
        with self._changed:
            if ticket in self._queue:
                self._queue.remove(ticket)
            self._changed.notify_all()

    def position(self, ticket: Ticket) -> int:
        """0 when the ticket's job may run, else its place among those waiting (1 = next)."""
        with self._changed:
            return max(0, self._queue.index(ticket) - self.capacity + 1)

    def wait(self, ticket: Ticket, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the ticket's turn: True when it may run. Raises
        `Cancelled` when the owner's newer job cancelled it."""
        with self._changed:
            self._changed.wait_for(
                lambda: ticket.cancelled or self._queue.index(ticket) < self.capacity, timeout
            )
            if ticket.cancelled:
                raise Cancelled
            return self._queue.index(ticket) < self.capacity

    @property
    def waiting(self) -> int:
        with self._changed:
            return max(0, len(self._queue) - self.capacity)

    @property
    def running(self) -> int:
        with self._changed:
            return min(len(self._queue), self.capacity)


@st.cache_resource
def server_slots() -> Slots:
    """The one queue of heavy jobs of this server process."""
    return Slots(MAX_HEAVY_JOBS)


def _visitor() -> Hashable:
    """This tab's owner key in the queue (a random id kept in its session)."""
    return st.session_state.setdefault("_jobs.visitor", secrets.token_hex(8))


def _cancelled(label: str) -> None:
    st.toast(f"Cancelled: {md(label)}", icon=":material/cancel:")


def job_slot():
    """The place a page's job shows its progress, drawn on every rerun whether a job runs or not.

    Streamlit knows an element by its position among the page's elements: a placeholder drawn
    only on the rerun that runs a job would move every element below it by one on the next
    rerun, and an expander that moves is drawn anew, closed (the Save box closed under a visitor
    typing a title right after a Run)."""
    return st.empty()


def run_job(slot, label: str, work: Callable[[], T], queued: bool = True,
            describe: Callable[[float, float], str] | None = None) -> T:
    """`work()` with a progress bar and a Cancel button in `slot` (`job_slot()`); when `queued`,
    after waiting for a place among the server's heavy jobs. The page's widgets stay usable:
    changing one, pressing Cancel or closing the tab stops the job (Streamlit's own
    interruption, raised at a checkpoint). `describe(fraction, seconds)` words the bar's
    progress (speed, time left) after the label."""
    with slot.container():
        status = st.empty()
        st.button("Cancel", key="_jobs.cancel", icon=":material/cancel:", on_click=_cancelled,
                  args=(label,))
    slots = server_slots() if queued else None
    ticket = slots.enter(_visitor()) if slots is not None else None
    try:
        if slots is not None and ticket is not None:
            status.info(md(f"{label}: waiting for a free place…"), icon=":material/hourglass:")
            while not slots.wait(ticket, WAIT_SECONDS):
                running = slots.running
                status.info(
                    md(f"{label}: waiting, position {slots.position(ticket)} in the queue "
                       f"({plural(running, 'heavy job')} running on this "
                       "server)."),
                    icon=":material/hourglass:",
                )
        bar = status.progress(0.0, text=md(label))
        shown = [time.monotonic()]
        started = shown[0]

        def report(fraction: float) -> None:
            if ticket is not None and ticket.cancelled:
                raise Cancelled
            now = time.monotonic()
            if now - shown[0] >= PROGRESS_SECONDS:
                shown[0] = now
                text = (label if describe is None
                        else f"{label}: {describe(fraction, now - started)}")
                bar.progress(min(max(fraction, 0.0), 1.0), text=md(text))

        with watching(report):
            result = work()
    except Cancelled:
        slot.empty()
        raise BiasInputError(f"{label} stopped: this tab started another job.") from None
    except Exception:  # a sentence for the page (BiasInputError) or a bug: no bar left behind
        slot.empty()
        raise
    finally:
        if slots is not None and ticket is not None:
            slots.leave(ticket)
    slot.empty()
    return result
