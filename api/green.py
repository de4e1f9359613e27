"""psycopg's wait for gevent workers: look first, and wait on the hub only when nothing is ready.

psycopg runs every query as a generator that says what it waits for (read, write) and a ``wait``
function that waits for it. Under gevent's patched ``select`` psycopg chooses ``wait_poll``, whose
patched ``poll`` builds a poll object, a watcher per event and a ``Timeout`` on every call: a
pipelined command transaction (lock, notify, insert, commit) waits about 16 times, and that cost
0.45-0.53 ms of CPU per transaction against 0.27-0.30 here (``docs/command-path.md``, seventh
session). psycopg's maintainers point gevent users to a wait of their own for this
(psycopg/psycogreen#9), as psycogreen did for psycopg2.

``wait`` asks the socket with the unpatched ``poll`` (one system call, no greenlet switch), and
only when it is not ready parks the greenlet on one hub watcher until it is. psycopg's
``interval`` only lets a waiting generator look again (``READY_NONE``), which a query never needs;
a wait with a ``timeout`` (psycopg's connection attempts, ``notifies``) goes to psycopg's own. A
closed or broken socket reads as ready, so libpq reports the error instead of anyone waiting.
"""

from __future__ import annotations

import select
from typing import Any

from psycopg import waiting
from psycopg.waiting import READY_R, READY_W, WAIT_R, WAIT_RW, WAIT_W

_IN, _OUT = select.POLLIN, select.POLLOUT
_POLL_MASK = {WAIT_R: _IN, WAIT_W: _OUT, WAIT_RW: _IN | _OUT}
_HUB_EVENTS = {WAIT_R: 1, WAIT_W: 2, WAIT_RW: 3}  # libev/libuv READ = 1, WRITE = 2


def _original_poll() -> Any:
    from gevent import monkey

    return monkey.get_original("select", "poll")


_poll = _original_poll()


def _ready(fileno: int, state: int) -> int:
    """What the socket is ready for now (READY_R / READY_W), without waiting; 0 when nothing."""
    probe = _poll()
    probe.register(fileno, _POLL_MASK[state])
    found = probe.poll(0)
    if not found:
        return 0
    events = found[0][1]
    ready = (READY_R if events & _IN else 0) | (READY_W if events & _OUT else 0)
    return ready or READY_R | READY_W  # an error or a hang-up: let libpq find out what happened


def wait(gen: Any, fileno: int, interval: float | None = 0.0, timeout: float | None = None) -> Any:
    """``psycopg.waiting.wait`` for a gevent worker (same arguments, same result)."""
    if timeout is not None:
        return _psycopg_wait(gen, fileno, interval=interval, timeout=timeout)
    from gevent.hub import get_hub

    hub = get_hub()
    try:
        state = next(gen)
        while True:
            ready = _ready(fileno, state)
            while not ready:
                watcher = hub.loop.io(fileno, _HUB_EVENTS[state])
                try:
                    hub.wait(watcher)
                finally:
                    watcher.close()
                ready = _ready(fileno, state)
            state = gen.send(ready)
    except StopIteration as done:
        return done.value


#: psycopg's own wait under gevent (through the patched ``poll``), for the waits with a timeout.
_psycopg_wait = waiting.wait_poll


def install() -> None:
    """Make ``wait`` psycopg's wait in this process (a gevent worker, after monkey-patching)."""
    waiting.wait = wait
