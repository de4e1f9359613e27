"""Many SSE clients on one thread: raw loopback sockets and a selector, bounded in count and time."""

from __future__ import annotations

import re
import selectors
import socket
import time

ID = re.compile(rb"^id: (\d+)$", re.M)


class Clients:
    """``n`` open streams of one table; ``wait_for(version)`` reads until every one has seen it."""

    def __init__(self, port: int, path: str, n: int, headers: str = "", host: str = "127.0.0.1") -> None:
        self.selector = selectors.DefaultSelector()
        self.buffers: dict[socket.socket, bytearray] = {}
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{headers}\r\n".encode()
        for _ in range(n):
            sock = socket.create_connection((host, port), timeout=30)
            sock.sendall(request)
            sock.setblocking(False)
            self.buffers[sock] = bytearray()
            self.selector.register(sock, selectors.EVENT_READ)

    def latest(self, sock: socket.socket) -> int:
        found = ID.findall(bytes(self.buffers[sock]))
        return int(found[-1]) if found else 0

    def wait_for(self, version: int, timeout: float = 60) -> list[int]:
        """Read until every stream has sent ``id: version`` (or later); each stream's latest id."""
        deadline = time.monotonic() + timeout
        behind = {s for s in self.buffers if self.latest(s) < version}
        while behind and time.monotonic() < deadline:
            for key, _ in self.selector.select(timeout=0.5):
                sock = key.fileobj
                try:
                    chunk = sock.recv(65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    self.selector.unregister(sock)
                    behind.discard(sock)
                    continue
                self.buffers[sock] += chunk
                if self.latest(sock) >= version:
                    behind.discard(sock)
        return [self.latest(s) for s in self.buffers]

    def ids(self) -> list[list[int]]:
        """Every ``id:`` each stream sent, in order."""
        return [[int(x) for x in ID.findall(bytes(b))] for b in self.buffers.values()]

    def statuses(self) -> list[bytes]:
        return [bytes(b.split(b"\r\n", 1)[0]) for b in self.buffers.values()]

    def close(self) -> None:
        for sock in self.buffers:
            sock.close()
        self.selector.close()
