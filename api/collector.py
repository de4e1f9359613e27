"""The cycle collector of a long-running server process: start-up objects frozen, collections rarer.

Why: nearly everything a request or a batch allocates (events, frozen game states, view documents)
is freed by reference counting, yet CPython's default thresholds (700, 10, 10) run a young
collection every 700 net allocations and a full one over the whole heap now and then. Measured in
production shape (``scripts/bench_load.py``, 200 Bunny Kingdom tables): the collector took 8 % of
a web worker's CPU with full collections pausing every request in the worker for up to 120 ms, and
43 % of the projection worker's CPU (its full collections up to 380 ms); see docs/command-path.md.

``apply`` freezes what exists (imports, the built app: never garbage, never scanned again) and
sets the young generation's threshold to ``TABLETOP_GC_THRESHOLD`` (0 keeps CPython's). It is
called once per server process, after start-up: a gunicorn worker when it has built its app
(``api.wsgi``), ``tabletop serve`` and ``tabletop projections run``. Tests and one-shot commands
keep CPython's defaults.
"""

from __future__ import annotations

import gc

#: Collections of the young generation before the middle one is collected, and of the middle one
#: before the whole heap is (the latter also waits until the heap grew by a quarter: CPython's rule).
OLDER = (20, 20)


def apply(threshold: int) -> None:
    """Freeze the objects that exist now and collect the young generation every ``threshold`` net
    allocations (0: CPython's thresholds, nothing frozen)."""
    if threshold <= 0:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(threshold, *OLDER)
