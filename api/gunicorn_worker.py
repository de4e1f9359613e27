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

The workers share their connections out evenly (``Peers``, ``BalancedServer``): every worker of a
master listens on the same socket, and the kernel wakes them all for a new connection; the worker
that gets there first takes it. Under load that is the worker already running (a sleeping one must
be scheduled first), so a busy worker took ever more of the keep-alive connections: measured with
``scripts/bench_load.py`` at 50 tables, one worker held 45 to 49 of the 50 move connections (and
most of the streams) while the other idled, and its queue set the move's p99 (docs/command-path.md,
fifteenth session). Now a worker carrying more open connections than a live peer (an event
stream counting half) leaves the new connection to that peer for a moment.
"""

from __future__ import annotations

import mmap
import os
import struct
import sys
import time
from functools import partial
from select import POLLIN
from typing import Any

import gevent
from gevent.monkey import get_original
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn import glogging, util
from gunicorn.http import wsgi
from gunicorn.sock import ssl_context
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

    #: Told of a response that is an event stream (its socket), in a worker (``Worker``): the
    #: connection then counts as a stream in the load the workers balance.
    on_event_stream: Any = None

    def process_headers(self, headers: list[tuple[str, str]]) -> None:
        super().process_headers(headers)
        if any(name.lower() == "connection" and "close" in value.lower() for name, value in headers):
            self.force_close()
        if OneSend.on_event_stream is not None and any(
                name.lower() == "content-type" and value.lower().startswith("text/event-stream")
                for name, value in headers):
            OneSend.on_event_stream(self.sock)

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


class Peers:
    """Each worker's load in open connections, in memory shared by the workers of one master.

    A connection sending request after request (a player's moves) counts 1, one serving an event
    stream ``STREAM`` (a frame per change costs its worker less: the stream's frames were 30 % of a
    web worker's samples against 46 % for the move's path at 50 tables, PROFILE of issue 39). Both
    kinds arrive interleaved (a page opens its stream after its first requests), and counted alike
    the totals stayed even while one worker held 38 of the 50 move connections and the other 39 of
    the streams; counting only request connections, one worker held 35 of the streams (measured,
    docs/command-path.md). A connection counts 1 from its acceptance, ``STREAM`` while its answer
    is an event stream.

    The master maps it (anonymous, shared) before it forks its first worker; every worker writes
    only its own slot (its pid, its load, when it last said it is alive) and reads the others'. A
    slot is ``age % SLOTS``: gunicorn numbers its workers in the order it starts them, so live
    workers never share one unless one outlived 64 restarts of the others (then two count
    together: the balance is off, nothing else). A peer that has not said it is alive for
    ``STALE_S`` (a hung or dead worker: gunicorn's own heartbeat runs every second) is not a peer.
    """

    SLOTS = 64
    _SLOT = struct.Struct("qdd")  # pid, load, alive at (time.monotonic, system-wide)
    STALE_S = 5.0
    STREAM = 0.5

    def __init__(self) -> None:
        self.memory = mmap.mmap(-1, self.SLOTS * self._SLOT.size)

    def read(self, slot: int) -> tuple[int, float, float]:
        return self._SLOT.unpack_from(self.memory, slot * self._SLOT.size)

    def write(self, slot: int, pid: int, load: float, alive: float) -> None:
        self._SLOT.pack_into(self.memory, slot * self._SLOT.size, pid, load, alive)

    def least(self, mine: int, now: float) -> float | None:
        """The least load of a live worker other than slot ``mine`` (None: no peer)."""
        loads = []
        for slot in range(self.SLOTS):
            if slot != mine:
                pid, load, alive = self.read(slot)
                if pid and now - alive < self.STALE_S:
                    loads.append(load)
        return min(loads) if loads else None


#: The master's ``Peers`` (made on the first worker it builds, so every worker forked inherits it).
_peers: Peers | None = None


def peers() -> Peers:
    global _peers
    if _peers is None:
        _peers = Peers()
    return _peers


class BalancedServer(StreamServer):
    """gevent's server that leaves a new connection to a peer holding fewer connections.

    When a connection waits and this worker carries more load (``Peers``) than the least loaded
    live peer (``ahead()``), it stops watching the listening socket for ``DEFER_S``; the peer,
    woken by the kernel as well, takes the connection meanwhile. Then it looks again: nothing
    waiting, it watches the socket as before; a connection still waiting is left again while this
    worker is still ahead, for ``MAX_DEFER_S`` at most, then taken (the peer alive but not
    accepting): balance is a preference, never a refusal. ``count(1)`` is told of each connection
    taken, as it is taken, so the next choice sees it.
    """

    DEFER_S = 0.005
    MAX_DEFER_S = 0.25

    def __init__(self, *args: Any, ahead: Any, count: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ahead, self.count = ahead, count
        self._left_since = 0.0

    def _do_read(self) -> None:
        if self.ahead():
            self._left_since = time.monotonic()
            self._leave()
        else:
            super()._do_read()

    def _leave(self) -> None:
        self.stop_accepting()
        self._timer = self.loop.timer(self.DEFER_S)
        self._timer.start(self._look_again)

    def _look_again(self) -> None:
        self.stop_accepting()  # the timer that called this
        if not self.started:
            return
        if _waiting(self.socket):
            if self.ahead() and time.monotonic() - self._left_since < self.MAX_DEFER_S:
                self._leave()
                return
            super()._do_read()  # take it: this worker is no longer ahead, or no peer took it
        self.start_accepting()

    def do_handle(self, *args: Any) -> None:
        self.count(1)
        try:
            super().do_handle(*args)
        except BaseException:
            self.count(-1)  # never handled (gevent closed it): the handler's own -1 will not come
            raise


def _waiting(listener: Any) -> bool:
    """Whether a connection waits on ``listener`` (the original ``poll``, not gevent's patches: this
    runs in the hub, which must not block or switch; ``poll``, unlike ``select``, takes any fd)."""
    poller = get_original("select", "poll")()
    poller.register(listener.fileno(), POLLIN)
    return bool(poller.poll(0))


class Worker(GeventWorker):
    leaving = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # in the master, before the fork
        self.peers = peers()
        self.slot = self.age % Peers.SLOTS
        self.connections = 0  # open connections, streams included
        self.streaming: set[Any] = set()  # sockets whose current answer is an event stream

    def init_process(self) -> None:
        wsgi.Response = OneSend  # what ``wsgi.create`` builds for each request, in this worker only
        OneSend.on_event_stream = self.stream_started
        self.pid = os.getpid()
        self._say_connections()
        super().init_process()

    def load(self) -> float:
        return self.connections - (1 - Peers.STREAM) * len(self.streaming)

    def _say_connections(self) -> None:
        self.peers.write(self.slot, self.pid, self.load(), time.monotonic())

    def ahead(self) -> bool:
        """Whether a live peer carries less load than this worker."""
        least = self.peers.least(self.slot, time.monotonic())
        return least is not None and self.load() > least

    def notify(self) -> None:
        super().notify()  # gunicorn's heartbeat, every second from ``run``
        self._say_connections()

    def count(self, delta: int) -> None:
        """Open connections: +1 as the server takes one, -1 as its handler ends."""
        self.connections += delta
        self._say_connections()

    def stream_started(self, sock: Any) -> None:
        """The answer on ``sock`` is an event stream: it counts as one while it lasts."""
        if sock not in self.streaming:
            self.streaming.add(sock)
            self._say_connections()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        try:
            super().handle(listener, client, addr)
        finally:
            self.count(-1)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> None:
        try:
            super().handle_request(listener_name, req, sock, addr)
        finally:
            if sock in self.streaming:  # the stream ended: a request connection again (it may serve more)
                self.streaming.discard(sock)
                self._say_connections()

    def run(self) -> None:
        """gunicorn's ``GeventWorker.run`` (23.0) with ``BalancedServer`` for its ``StreamServer``:
        serve until told to stop, then let open connections finish within ``graceful_timeout``."""
        servers = []
        ssl_args = {"ssl_context": ssl_context(self.cfg)} if self.cfg.is_ssl else {}
        for s in self.sockets:
            s.setblocking(1)
            server = BalancedServer(s, handle=partial(self.handle, s), spawn=Pool(self.worker_connections),
                                    ahead=self.ahead, count=self.count, **ssl_args)
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append(server)
        while self.alive:
            self.notify()
            gevent.sleep(1.0)
        try:
            for server in servers:
                server.close()  # stop accepting
            started = time.time()
            while time.time() - started <= self.cfg.graceful_timeout:
                if all(server.pool.free_count() == server.pool.size for server in servers):
                    return
                self.notify()
                gevent.sleep(1.0)
            self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
            for server in servers:
                server.stop(timeout=1)
        except Exception:  # noqa: BLE001, S110 - as gunicorn's own: the worker is leaving anyway
            pass

    def handle_quit(self, sig: int, frame: Any) -> None:
        gevent.spawn(self._quit)

    def _quit(self) -> None:
        self.alive = False
        self.cfg.worker_int(self)
        gevent.sleep(0.1)
        if not self.leaving:
            sys.exit(0)


def worker_exit(server: Any, worker: Any) -> None:
    """gunicorn hook, in the worker as it leaves: a quit still pending need not exit again, and
    its peers stop counting it."""
    worker.leaving = True
    if getattr(worker, "peers", None) is not None:
        worker.peers.write(worker.slot, 0, 0, 0.0)
