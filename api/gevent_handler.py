"""gevent's WSGI request handler for ``tabletop serve``, without the 40 ms keep-alive stall.

gevent's ``WSGIHandler`` sends a response's head and its body in two ``send`` calls. On a kept-alive
connection with Nagle's algorithm on (the default of an accepted socket), the body then waits in
the kernel until the client acknowledges the head, and the client delays that ACK by up to 40 ms
(Linux's delayed ACK) hoping to piggyback it on its next request: every request after a
connection's first was answered about 40 ms late (issue 31: 2 ms, 41 ms, 44 ms). The first request
escapes only because a fresh connection's client is still in quick-ACK mode.

Two changes, each enough on its own for a plain read, both kept:

* ``TCP_NODELAY`` on every accepted socket: small writes leave at once, so a stream's frames (each
  its own write, sent whenever a move lands) never wait for an ACK either. gunicorn sets it on its
  listening socket, which is why its workers never showed the stall.
* the head and the first piece of the body in one ``send`` (as ``api.gunicorn_worker.OneSend``):
  one packet and one system call per small answer instead of two.
"""

from __future__ import annotations

import socket
from typing import Any

from gevent.pywsgi import WSGIHandler


def no_delay(sock: Any) -> None:
    """Turn Nagle's algorithm off on a TCP socket (a Unix socket has none: left as it is)."""
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except (OSError, AttributeError):
        pass


class Handler(WSGIHandler):
    """gevent's handler with ``TCP_NODELAY`` and a response's head sent with its first body bytes."""

    def handle(self) -> None:
        no_delay(self.socket)
        super().handle()

    def _write_with_headers(self, data: bytes) -> None:
        # gevent's own method builds the head (same checks, same headers) and sends it, then the
        # data; with ``_sendall`` shadowed by a list, both are collected and go out in one send.
        pending: list[bytes] = []
        self._sendall = pending.append  # type: ignore[method-assign]
        try:
            super()._write_with_headers(data)
        finally:
            del self._sendall
        if pending:
            self._sendall(b"".join(pending))
