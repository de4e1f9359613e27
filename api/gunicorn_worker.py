"""gunicorn's gevent worker, quitting once: no stray ``SystemExit`` traceback on Ctrl-C.

On a quick shutdown (Ctrl-C, ``SIGQUIT``) gunicorn's gevent worker spawns a greenlet that marks the
worker stopped, sleeps 0.1 s and calls ``sys.exit(0)``. When the worker's own loop notices first
and the process is already exiting, that second ``sys.exit`` lands in a greenlet during interpreter
shutdown and gevent prints it as a traceback in the operator's log (seen on a loaded machine). The
``worker_exit`` hook marks the worker as leaving, and the quit greenlet then has nothing left to do.
"""

from __future__ import annotations

import sys
from typing import Any

import gevent
from gunicorn.workers.ggevent import GeventWorker


class Worker(GeventWorker):
    leaving = False

    def handle_quit(self, sig: int, frame: Any) -> None:
        gevent.spawn(self._quit)

    def _quit(self) -> None:
        self.alive = False
        self.cfg.worker_int(self)
        gevent.sleep(0.1)
        if not self.leaving:
            sys.exit(0)


def worker_exit(server: Any, worker: Any) -> None:
    """gunicorn hook, in the worker as it leaves: a quit still pending need not exit again."""
    worker.leaving = True
