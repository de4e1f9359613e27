"""gunicorn's gevent worker, quitting once: no stray ``SystemExit`` traceback on Ctrl-C.

On a quick shutdown (Ctrl-C, ``SIGQUIT``) gunicorn's gevent worker spawns a greenlet that marks the
worker stopped, sleeps 0.1 s and calls ``sys.exit(0)``. When the worker's own loop notices first
and the process is already exiting, that second ``sys.exit`` lands in a greenlet during interpreter
shutdown and gevent prints it as a traceback in the operator's log (seen on a loaded machine). The
``worker_exit`` hook marks the worker as leaving, and the quit greenlet then has nothing left to do.

Its responses send their head and the first piece of their body in one ``send`` (``OneSend``):
gunicorn sends the head on its own, then the body, and on loopback each send of an answer wakes
the client again; the head alone cost about a tenth of a worker's CPU under load (py-spy, 50
tables). Streamed (chunked) answers, SSE, are sent as before. Its head's ``Date`` is gunicorn's
text kept for the second it names (``email.utils.formatdate`` per answer was about 5 µs).

``Logger`` is gunicorn's logger without gunicorn's access line unless ``accesslog`` asks for one
(``ACCESS_LOG``): the app writes its own JSON access line (``api.logs``), which never holds the raw
path or the query string. With ``logconfig_dict`` set, gunicorn wrote its line as well (through
the root handler, raw request line and all), one more formatted line per request.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import gevent
from gunicorn import glogging, util
from gunicorn.http import wsgi
from gunicorn.workers.ggevent import GeventWorker


class _Collect:
    """A socket stand-in that keeps what gunicorn sends (``OneSend``)."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.sent.append(data)


#: ``(second, util.http_date, its text for that second)``: the last ``Date`` made.
_stamp: tuple[int, Any, str] = (-1, None, "")


def http_date() -> str:
    """gunicorn's ``util.http_date()``, made once a second: it names whole seconds (RFC 7231's
    IMF-fixdate), so every answer within one second has the same text. A replaced ``util.http_date``
    is followed at once."""
    global _stamp
    now = time.time()
    stamp = _stamp
    if stamp[0] != int(now) or stamp[1] is not util.http_date:
        stamp = _stamp = (int(now), util.http_date, util.http_date(now))
    return stamp[2]


class OneSend(wsgi.Response):
    """gunicorn's response, its head sent together with the first piece of the body: gunicorn's
    own ``write`` runs (the same head, the same length checks) against a collector, and what it
    would have sent in two goes to the client in one.

    It also honours an app's ``Connection: close`` (``api.limits`` sets it on a 408 or 429):
    gunicorn drops hop-by-hop headers from the app and would answer ``keep-alive``; a forced close
    makes it say ``close`` and end the connection before reading another request on it."""

    def process_headers(self, headers: list[tuple[str, str]]) -> None:
        super().process_headers(headers)
        if any(name.lower() == "connection" and "close" in value.lower() for name, value in headers):
            self.force_close()

    def default_headers(self) -> list[str]:
        """gunicorn's ``Response.default_headers`` (23.0, line for line; a test holds the two equal),
        its ``Date`` from ``http_date`` above."""
        if self.upgrade:
            connection = "upgrade"
        elif self.should_close():
            connection = "close"
        else:
            connection = "keep-alive"
        headers = [
            f"HTTP/{self.req.version[0]}.{self.req.version[1]} {self.status}\r\n",
            f"Server: {self.version}\r\n",
            f"Date: {http_date()}\r\n",
            f"Connection: {connection}\r\n",
        ]
        if self.chunked:
            headers.append("Transfer-Encoding: chunked\r\n")
        return headers

    def write(self, arg: Any) -> None:
        if self.headers_sent or self.chunked:
            return super().write(arg)
        sock, collect = self.sock, _Collect()
        self.sock = collect
        try:
            super().write(arg)
        finally:
            self.sock = sock
        if collect.sent:
            sock.sendall(b"".join(collect.sent))


class Logger(glogging.Logger):
    """gunicorn's logger; its access line only when ``accesslog`` is set (see the module docstring)."""

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        if self.cfg.accesslog:
            super().access(resp, req, environ, request_time)


class Worker(GeventWorker):
    leaving = False

    def init_process(self) -> None:
        wsgi.Response = OneSend  # what ``wsgi.create`` builds for each request, in this worker only
        super().init_process()

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
