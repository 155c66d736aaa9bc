"""Results shared by every visitor of one server, bounded in memory and in age.

A WEAT result holds its whole null distribution (40 MB at 10^7 draws, float32). Kept in
`st.cache_data(max_entries=256)` with no expiry, 30 runs with new seeds took a server from 70 MB
to 1.7 GB that stayed after the tab closed. This cache keeps at most `max_bytes` of results
(the oldest used go first), forgets any result after `ttl` seconds, and does not keep a result
larger than a quarter of the budget at all (its visitor still gets it, in their own session).
Pure Python: no Streamlit, so it is tested directly (tests/hostile/test_result_cache.py).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class ResultCache(Generic[T]):
    """A least-recently-used cache with a size budget and an age limit, safe across threads
    (each visitor's session runs in its own thread)."""

    def __init__(self, max_bytes: int, ttl: float, clock: Callable[[], float] = time.monotonic):
        self.max_bytes, self.ttl, self._clock = max_bytes, ttl, clock
        self._entries: OrderedDict[Hashable, tuple[float, int, T]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes of the results kept now."""
        with self._lock:
            return sum(size for _, size, _ in self._entries.values())

    def get_or_compute(self, key: Hashable, compute: Callable[[], T],
                       size_of: Callable[[T], int]) -> T:
        """The kept result for `key`, else `compute()` (outside the lock: two visitors never
        wait for each other's computation), kept if it fits."""
        now = self._clock()
        with self._lock:
            self._expire(now)
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key][2]
        value = compute()
        size = size_of(value)
        if size <= self.max_bytes // 4:
            with self._lock:
                self._entries[key] = (self._clock(), size, value)
                self._entries.move_to_end(key)
                while sum(entry[1] for entry in self._entries.values()) > self.max_bytes:
                    self._entries.popitem(last=False)
        return value

    def _expire(self, now: float) -> None:
        for key in [k for k, (made, _, _) in self._entries.items() if now - made > self.ttl]:
            del self._entries[key]
