"""The command path under load, in production shape; prints figures.

Run: ``PYTHONPATH=. python scripts/bench_load.py [--tables 1,10,50] [--seconds 10] [--db NAME]``.

What it starts on loopback, all its own: a redis-server on a free port, a PostgreSQL database
(``--db``, dropped and created; the server at ``TABLETOP_POSTGRES_HOST``/``_PORT``, default
127.0.0.1:5432), ``tabletop migrate``, the projection worker (``tabletop projections run``) and
gunicorn with ``deploy/gunicorn.conf.py`` (2 gevent workers unless ``--workers``) serving the real
app plus two baselines: the same append inside ``create_app()`` and in a plain Flask app.

For each point (a number of tables), closed-loop clients (one asyncio process, one keep-alive
connection per table) play Bunny Kingdom tables (``--game``, ``--seats``) of one person and three bots: ``POST
.../moves?legal_moves=true``, whose answer lists seat 0's next legal moves, the next move chosen from them
(``GET .../legal-moves`` only when the answer's list is not of the version the stream shows: a table's
first move, another seat's move since); ``--lane two``: ``GET .../legal-moves`` then ``POST .../moves``,
two round trips per move, as before the twelfth session (``--lane one,two --pairs 3``: both,
alternating, with a summary of the two), for ``--seconds``; a finished game is
replaced by a new table (not counted); once per bot level of ``--level`` (``random,basic``: both).
Then the same client drives the same number of lanes against two baselines that load one
eventsourcing aggregate (through the library's cached repository) and append one event, the floor
of any command that reads and appends: ``POST /bench/bare/<lane>``, a route added to the app
``create_app()`` builds (it pays the app's per-request layer), and ``POST /bench/plain/<lane>``, a
plain ``Flask(__name__)`` app outside ``create_app()`` (the issue's baseline) under the same
gunicorn, in the same workers (``--plain-store postgres,memory,sqlite``: also on the library's
in-memory and SQLite stores, ``POST /bench/plain/<store>/<lane>``, to tell the store's cost from the
app's; PostgreSQL's recorder locks the events table for each save). It prints, per point: commands/s, p50/p99 of the command and of the
read before it, both baselines' rates, the ratios to the plain one, and server CPU per command per
process (web workers, projection worker, the PostgreSQL backends of this database, redis), with the
projection worker's lag after the clients stop. CPU is read from ``/proc`` before and after; the
end reading waits (bounded) for the projection worker to reach the log's head, so its figure covers
the commands of the window. The load average beside each point says how busy the shared box was.

Each lane holds seat 0's live stream (``GET .../stream``, on a connection of its own, as a page
does) and after each answer waits on it for seat 0's next turn (a ``view`` frame at the answer's
version or later where seat 0 is to act and no bot is): the time from the answer to that turn is
printed beside the POST's. ``--bots inline,worker`` plays each point with the web workers'
``TABLETOP_BOTS`` at each setting in turn (gunicorn restarted in between); the bots worker
(``nice -n 10 tabletop bots run``, as deployed) runs throughout, idle while the bots play inline,
and its CPU is counted beside the others'.

Last per point, the issue's outside baseline (``--no-bgio`` skips it): boardgame.io 0.50.2, the
server issue 39's targets are stated against, installed at bench time with npm into a cache outside
the repository (``--bgio-cache``, default ``~/.cache/tabletop-bench/bgio``; skipped with the reason
printed when Node, npm or the packages are missing). Our own server and client (``scripts/bgio/``)
play a small grid game: the same number of two-player matches over boardgame.io's socket.io
transport, one move in flight per match, "move sent -> new state received" timed, a finished match
replaced, for ``--seconds``; once with the FlatFile store and once with the default in-memory store.
Its server's CPU per move (one node process, its store included) is read from ``/proc`` like the
others'; the summary prints Tabletop's rate against FlatFile's (target >= 0.8x, moonshot 1x).

The bots play at ``--level`` (default ``random``, the issue's baseline): the figures measure the
platform's command path, not the bots' thinking (a ``basic`` bot spends several ms of CPU per
decision, three decisions per command, in the web workers). ``--level basic`` measures the
default a person gets; ``--level random,basic`` runs both, one after the other, per point.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, uuid4, uuid5

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: The game and seats (``--game``, ``--seats``; the client subprocess reads them from the environment).
GAME = os.environ.get("BENCH_LOAD_GAME", "bunny_kingdom")
SEATS = int(os.environ.get("BENCH_LOAD_SEATS", "4"))
#: The bots worker's nice value, as deployed (``deploy/``); ``--bots worker:N`` runs it at N.
BOTS_NICE = 10
#: The bots' level (``--level``; the client subprocess reads it from its arguments).
LEVEL = "random"
SECRET = hashlib.sha256(b"bench-load, loopback only").hexdigest()  # a key api.config accepts
TICKS = os.sysconf("SC_CLK_TCK")


# -- the app gunicorn serves: the real one plus the bare-append route --------------------------------


class Lane(Aggregate):
    """One counter per client lane: the smallest aggregate a command could load and append to."""

    class Ticked(Aggregate.Event):
        n: int

        def apply(self, lane: Any) -> None:
            lane.n = self.n

    def __init__(self, lane: int) -> None:
        self.lane = lane
        self.n = 0

    @staticmethod
    def create_id(lane: int) -> Any:
        return uuid5(NAMESPACE_URL, f"tabletop:bench-load:lane:{lane}")


def tick(bare: Application, lane: int) -> int | None:
    """One event appended to ``lane`` (made on first use), retried on a concurrent save: the new
    version, or None after 12 lost races. Both baselines' routes do exactly this, so the in-app and
    the plain append differ only in the layer around them."""
    from eventsourcing.application import AggregateNotFoundError
    from eventsourcing.persistence import IntegrityError

    for _ in range(12):
        try:
            counter = bare.repository.get(Lane.create_id(lane))
            counter.trigger_event(Lane.Ticked, n=counter.n + 1)
        except AggregateNotFoundError:
            counter = Lane(lane)
        try:
            bare.save(counter)
        except IntegrityError:
            continue
        return counter.version
    return None


class Bare(Application):
    """The baseline's application: its own event store tables (``benchbare_*``)."""

    name = "BenchBare"


class BenchApp:
    """WSGI: ``create_app()`` plus ``POST /bench/bare/<lane>``, built on first use in each worker."""

    def __init__(self) -> None:
        self._app = None
        self._building = threading.Lock()  # the first requests arrive together: build one app, not fifty

    def build(self) -> Any:
        from flask import jsonify

        from api import collector, create_app
        from api.config import Settings

        app = create_app()
        collector.apply(Settings.from_env().gc_threshold)  # as api.wsgi does for the real app
        # The baseline stays the library's own append: one transaction per save, group commit or not.
        bare = Bare(env=Settings.from_env().with_(group_commit=False).eventsourcing_env("bench_bare"))

        @app.post("/bench/bare/<int:lane>")
        def bare_append(lane: int) -> Any:
            version = tick(bare, lane)
            return jsonify(version=version) if version is not None else (jsonify(error="conflict"), 409)

        return app

    def __call__(self, environ: dict, start_response: Any) -> Any:
        if environ.get("PATH_INFO", "").startswith(PLAIN_PREFIX):
            return plain_app(environ, start_response)  # never enters create_app()'s app
        if self._app is None:
            with self._building:
                if self._app is None:
                    self._app = self.build()
        return self._app(environ, start_response)


#: The plain baseline's path: ``BenchApp`` hands these requests to ``PlainApp`` before any of
#: ``create_app()``'s layer sees them (its app is not even built for them).
PLAIN_PREFIX = "/bench/plain/"


#: The plain append's event stores: PostgreSQL as the app's (``/bench/plain/<lane>``), and the
#: library's in-memory and SQLite stores (``/bench/plain/<store>/<lane>``, ``--plain-store``), which
#: show what the store, not the app, allows: PostgreSQL's recorder takes a table lock per save.
PLAIN_STORES = ("postgres", "memory", "sqlite")


class PlainApp:
    """WSGI: a plain ``Flask(__name__)`` with one route appending one eventsourcing event, the
    same as ``/bench/bare/<lane>`` but outside ``create_app()``: no request id, access line,
    metrics, limiter, body check or receipt (the issue's baseline). Built on first use per worker;
    each store's application on its first append."""

    def __init__(self) -> None:
        self._app = None
        self._building = threading.Lock()

    def build(self) -> Any:
        from flask import Flask, jsonify

        from api.config import Settings  # the store's connection settings only, not the app

        flask_app = Flask(__name__)
        settings = Settings.from_env().with_(group_commit=False)
        stores: dict[str, Bare] = {}
        opening = threading.Lock()

        def store_app(store: str) -> Bare:
            if store not in stores:
                with opening:
                    if store not in stores:  # the non-PostgreSQL stores are this worker's own, made here
                        stores[store] = Bare(env=settings.with_(store=store, create_tables=True)
                                             .eventsourcing_env("bench_plain") if store != "postgres" else
                                             settings.eventsourcing_env("bench_bare"))
            return stores[store]

        @flask_app.post(PLAIN_PREFIX + "<int:lane>")
        @flask_app.post(PLAIN_PREFIX + "<any(memory, sqlite):store>/<int:lane>")
        def plain_append(lane: int, store: str = "postgres") -> Any:
            version = tick(store_app(store), lane)
            return jsonify(version=version) if version is not None else (jsonify(error="conflict"), 409)

        return flask_app

    def __call__(self, environ: dict, start_response: Any) -> Any:
        if self._app is None:
            with self._building:
                if self._app is None:
                    self._app = self.build()
        return self._app(environ, start_response)


plain_app = PlainApp()
app = BenchApp()


# -- the client: closed loops over keep-alive connections (its own process) -------------------------


class Conn:
    """A minimal HTTP/1.1 keep-alive client: enough for JSON requests to gunicorn on loopback."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            data = b"" if body is None else json.dumps(body).encode()
            head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Length: {len(data)}\r\n"
            if body is not None:
                head += "Content-Type: application/json\r\n"
            if token:
                head += f"Authorization: Bearer {token}\r\n"
            try:
                self.writer.write(head.encode() + b"\r\n" + data)
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError("closed")
                status = int(status_line.split()[1])
                length, close = 0, False
                while True:
                    line = await self.reader.readline()
                    if line in (b"\r\n", b""):
                        break
                    name, _, value = line.decode().partition(":")
                    name = name.strip().lower()
                    if name == "content-length":
                        length = int(value)
                    elif name == "connection" and value.strip().lower() == "close":
                        close = True
                payload = await self.reader.readexactly(length) if length else b""
                if close:
                    self.close()
                try:
                    return status, json.loads(payload) if payload else None
                except ValueError:
                    raise RuntimeError(f"{method} {path}: {status}, not JSON: {payload[:300]!r}") from None
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def setup_request(conn: Conn, method: str, path: str, body: Any, token: str | None, expect: int) -> Any:
    """A setup request (not measured), tried again while the store answers 503: fifty lanes opening
    tables at once on a busy box can outwait the pool (``TABLETOP_POSTGRES_WAIT_S``)."""
    for _ in range(20):
        status, answer = await conn.request(method, path, body, token)
        if status != 503:
            break
        await asyncio.sleep(0.5)
    assert status == expect, (method, path, status, answer)
    return answer


#: Lanes setting up a table at once (setup is not measured; 200 lanes opening tables together on a
#: busy box would only outwait the pool).
SETUP_AT_ONCE = asyncio.Semaphore(10)


async def open_table(conn: Conn) -> tuple[str, str, int]:
    """A Bunny Kingdom table of one person (seat 0) and three bots, started; its id, seat token and
    the start's version."""
    async with SETUP_AT_ONCE:
        return await _open_table(conn)


async def _open_table(conn: Conn) -> tuple[str, str, int]:
    table = (await setup_request(conn, "POST", "/api/tables", {"game": GAME, "seats": SEATS}, None, 201))["table_id"]
    token = (await setup_request(conn, "POST", f"/api/tables/{table}/seats", {"name": "Ann", "seat": 0}, None, 201))["token"]
    for seat in range(1, SEATS):
        await setup_request(conn, "POST", f"/api/tables/{table}/seats",
                            {"name": f"Bot {seat}", "seat": seat, "bot": True, "level": LEVEL}, None, 201)
    started = await setup_request(conn, "POST", f"/api/tables/{table}/start", {}, token, 200)
    return table, token, started["version"]


#: A table's version once opened and seated: its stream resumes after it, so the start's frames come.
SEATED_VERSION = 1 + SEATS


class Turns:
    """Seat 0's live stream of one table (``GET .../stream``, as a page holds it), read on a
    connection of its own: the newest version its ``view`` frames showed, and whether that version
    is seat 0's turn with no bot left to act (or the end). Both bot modes wait on it the same way:
    inline, the answer's version already is that turn; with the bots worker, it comes later."""

    def __init__(self, port: int, table: str, token: str, after: int) -> None:
        self.port, self.table, self.token, self.after = port, table, token, after
        self.version, self.turn = 0, False
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self.read())
        self.writer: asyncio.StreamWriter | None = None

    async def read(self) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.writer.write((f"GET /api/tables/{self.table}/stream HTTP/1.1\r\nHost: bench\r\n"
                           f"Authorization: Bearer {self.token}\r\nLast-Event-ID: {self.after}\r\n\r\n").encode())
        status = await reader.readline()
        assert b" 200 " in status, status
        chunked = False
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"transfer-encoding:") and b"chunked" in line.lower():
                chunked = True
        buffer = b""
        while True:
            if chunked:
                size = int((await reader.readline()).split(b";")[0], 16)
                if size == 0:
                    return
                data = await reader.readexactly(size)
                await reader.readexactly(2)
            else:
                data = await reader.read(65536)
                if not data:
                    return
            buffer += data
            while b"\n\n" in buffer:
                frame, buffer = buffer.split(b"\n\n", 1)
                self.frame(frame)

    def frame(self, frame: bytes) -> None:
        fields = dict(line.split(b": ", 1) for line in frame.split(b"\n") if b": " in line and not line.startswith(b":"))
        if fields.get(b"event") != b"view":
            return
        summary = json.loads(fields[b"data"])["table"]
        bots = {s["seat"] for s in summary["seats"] if s["bot"]}
        self.version = summary["version"]
        self.turn = summary["status"] != "running" or (0 in summary["to_act"] and not bots & set(summary["to_act"]))
        self.changed.set()

    async def wait(self, version: int) -> None:
        """Until the stream has shown ``version`` or later, and seat 0's turn (or the end)."""
        while not (self.version >= version and self.turn):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), timeout=60)

    def close(self) -> None:
        self.task.cancel()
        if self.writer is not None:
            self.writer.close()


#: The game lane's round trips per move (``--lane``; the client subprocess reads it from its
#: arguments): ``one``, the move's answer carries the seat's next legal moves
#: (``?legal_moves=true``) and GET legal-moves is sent only when it did not (a table's first move,
#: or when the stream showed a newer version than the answer's: another seat moved since); ``two``,
#: a GET legal-moves before every move (the lane before the twelfth session).
LANE = "one"


async def game_lane(port: int, rng: random.Random, state: dict, out: dict) -> None:
    conn = Conn(port)
    table, token, version = await open_table(conn)
    turns = Turns(port, table, token, SEATED_VERSION)
    held = {"move": conn, "stream": turns}  # the lane's two connections, for ``split``
    out.setdefault("held", []).append(held)
    await turns.wait(version)
    await state["go"].wait()
    one = LANE == "one"
    moves_path = f"/seats/0/moves{'?legal_moves=true' if one else ''}"
    carried: dict | None = None  # the last answer's list of seat 0's moves (lane ``one``)
    while not state["stop"]:
        t0 = time.perf_counter()
        if carried is not None and carried["moves"] and carried["version"] == turns.version:
            moves, read = carried["moves"], False  # the answer's list is the version the stream shows
        else:
            status, body = await conn.request("GET", f"/api/tables/{table}/seats/0/legal-moves", token=token)
            assert status == 200, (status, body)
            moves, read = body["moves"], True
        t1 = time.perf_counter()
        if not moves:  # the game is over: a new table (not counted)
            turns.close()
            table, token, version = await open_table(conn)
            turns = held["stream"] = Turns(port, table, token, SEATED_VERSION)
            await turns.wait(version)
            carried = None
            continue
        playable = [m for m in moves if not m["type"].startswith("retract")] or moves
        move = rng.choice(playable)
        status, body = await conn.request("POST", f"/api/tables/{table}{moves_path}",
                                          {"move": move, "command_id": uuid4().hex}, token)
        t2 = time.perf_counter()
        if state["stop"]:
            break
        if status != 200:
            out["errors"].append((status, body))
            carried = None
            continue
        carried = body.get("legal_moves") if one else None
        await turns.wait(body["version"])  # seat 0's next turn, on the live stream
        t3 = time.perf_counter()
        if read:
            out["reads"].append(t1 - t0)
        out["commands"].append(t2 - t1)
        out["turns"].append(t3 - t2)
    turns.close()
    conn.close()


#: The append baselines' paths by kind: inside ``create_app()`` and outside it (plain Flask). Their
#: lanes differ, so each kind appends to aggregates of its own.
APPEND_PATHS = {"bare": "/bench/bare/{lane}", "plain": PLAIN_PREFIX + "{lane}",
                **{f"plain:{store}": PLAIN_PREFIX + store + "/{lane}" for store in PLAIN_STORES[1:]}}
APPEND_LANES = {"bare": 0, "plain": 100_000, "plain:memory": 200_000, "plain:sqlite": 300_000}


async def bare_lane(port: int, lane: int, state: dict, out: dict, kind: str = "bare") -> None:
    conn = Conn(port)
    path = APPEND_PATHS[kind].format(lane=APPEND_LANES[kind] + lane)
    status, body = await conn.request("POST", path, {})  # connect and warm
    assert status == 200, (status, body)
    await state["go"].wait()
    while not state["stop"]:
        t0 = time.perf_counter()
        status, body = await conn.request("POST", path, {})
        t1 = time.perf_counter()
        if state["stop"]:
            break
        if status != 200:
            out["errors"].append((status, body))
            continue
        out["commands"].append(t1 - t0)
    conn.close()


def client_main(kind: str, port: int, lanes: int, seconds: float, seed: int) -> None:
    result = asyncio.run(drive(kind, port, lanes, seconds, seed))
    print("RESULT " + json.dumps(result), flush=True)


async def drive(kind: str, port: int, lanes: int, seconds: float, seed: int) -> dict:
    state: dict[str, Any] = {"go": asyncio.Event(), "stop": False}
    out: dict[str, list] = {"reads": [], "commands": [], "turns": [], "errors": []}
    rng = random.Random(seed)
    ready = [0]

    async def lane_task(i: int) -> None:
        go = state["go"]

        class Gate:
            async def wait(self) -> None:
                ready[0] += 1
                await go.wait()

        lane_state = {"go": Gate()}
        lane_state_view = _StateView(state, lane_state)
        if kind == "game":
            await game_lane(port, random.Random(rng.random() + i), lane_state_view, out)
        else:
            await bare_lane(port, i, lane_state_view, out, kind)

    tasks = [asyncio.create_task(lane_task(i)) for i in range(lanes)]
    setup_deadline = time.monotonic() + 600
    while ready[0] < lanes:
        failed = [t for t in tasks if t.done()]
        if failed or time.monotonic() > setup_deadline:
            raise SystemExit(f"bench_load: a lane failed during setup: {failed[0].exception() if failed else 'timeout'}")
        await asyncio.sleep(0.05)
    print("READY", flush=True)
    go_line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    workers = [int(pid) for pid in go_line.split()[1:]]  # "go PID PID": the web workers, for ``split``
    cpu0 = os.times()
    started = time.perf_counter()
    state["go"].set()
    await asyncio.sleep(seconds)
    state["stop"] = True
    elapsed = time.perf_counter() - started
    cpu1 = os.times()
    held = split(port, workers, out.get("held", []))  # at the window's end, before the lanes close them
    await asyncio.wait(tasks, timeout=30)
    for t in tasks:
        if t.done() and t.exception():
            out["errors"].append(("lane failed", repr(t.exception())))
    return {"elapsed": elapsed, "commands": out["commands"], "reads": out["reads"], "turns": out["turns"],
            "errors": [repr(e)[:300] for e in out["errors"][:5]], "n_errors": len(out["errors"]),
            "client_cpu": (cpu1.user - cpu0.user) + (cpu1.system - cpu0.system), "split": held}


def split(server_port: int, workers: list[int], held: list[dict]) -> dict[str, list[int]]:
    """How many of the lanes' move connections and stream connections each web worker (in the
    order given) holds: a keep-alive connection stays with the worker that accepted it, and a
    worker holding more lanes queues their requests longer (docs/command-path.md, fifteenth
    session). Read from ``/proc`` (the server side of each connection, by the client's port)."""
    owner = connection_owners(server_port, workers)
    counts = {kind: [0] * len(workers) for kind in ("move", "stream")}
    for lane in held:
        for kind, conn in lane.items():
            writer = conn.writer
            pid = owner.get(writer.get_extra_info("sockname")[1]) if writer is not None else None
            if pid in workers:
                counts[kind][workers.index(pid)] += 1
    return counts


def connection_owners(server_port: int, pids: list[int]) -> dict[int, int]:
    """Client port -> the pid (of ``pids``) holding the server's side of that loopback connection."""
    pid_of = {}
    for pid in pids:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                link = os.readlink(fd)
            except OSError:
                continue
            if link.startswith("socket:["):
                pid_of[link[8:-1]] = pid
    owners = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
            if state == "01" and int(local.rsplit(":", 1)[1], 16) == server_port and inode in pid_of:  # established
                owners[int(remote.rsplit(":", 1)[1], 16)] = pid_of[inode]
    return owners


class _StateView(dict):
    """What a lane sees: the shared stop flag, and its own gate in place of the shared ``go``."""

    def __init__(self, shared: dict, own: dict) -> None:
        super().__init__()
        self._shared, self._own = shared, own

    def __getitem__(self, key: str) -> Any:
        return self._own[key] if key in self._own else self._shared[key]


# -- the driver: services, CPU readings, figures ---------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                found.append(int(entry.name))
    return found


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Services:
    """Redis, the database, the projection worker and gunicorn, all for this run only."""

    def __init__(self, db: str, workers: int, limits: bool = False) -> None:
        self.db, self.workers, self.limits = db, workers, limits
        self.tmp = tempfile.mkdtemp(prefix="bench_load_")
        self.procs: list[subprocess.Popen] = []
        self.gunicorn_setting = os.environ.get("TABLETOP_GROUP_COMMIT", "on")
        self.bots_setting = "inline"
        self.pg_host = os.environ.get("TABLETOP_POSTGRES_HOST", "127.0.0.1")
        self.pg_port = int(os.environ.get("TABLETOP_POSTGRES_PORT", "5432"))
        self.pg_user = os.environ.get("TABLETOP_POSTGRES_USER", "postgres")

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_STORE": "postgres",
                "TABLETOP_POSTGRES_DB": self.db, "TABLETOP_POSTGRES_HOST": self.pg_host,
                "TABLETOP_POSTGRES_PORT": str(self.pg_port), "TABLETOP_POSTGRES_USER": self.pg_user,
                "TABLETOP_REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0", "TABLETOP_SECRET": SECRET,
                "TABLETOP_PROJECTIONS": "external", "TABLETOP_CREATE_TABLES": "n",
                "TABLETOP_DATA_DIR": self.tmp,
                # Every client of the benchmark is one address: per-client limits would refuse it.
                "TABLETOP_CLIENT_LIMITS": "on" if self.limits else "off"}

    def pg(self, dbname: str = "postgres") -> Any:
        import psycopg

        return psycopg.connect(host=self.pg_host, port=self.pg_port, user=self.pg_user, dbname=dbname,
                               autocommit=True)

    def start(self) -> None:
        self.redis_port = free_port()
        self.redis = subprocess.Popen([shutil.which("redis-server") or "redis-server", "--port", str(self.redis_port),
                                       "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", self.tmp],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.procs.append(self.redis)
        wait_port(self.redis_port)
        with self.pg() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.db}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{self.db}"')
        env = self.env()
        subprocess.run([sys.executable, "-m", "api.cli", "migrate"], cwd=ROOT,
                       env={**env, "TABLETOP_CREATE_TABLES": "y"}, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([sys.executable, "-c", "from scripts.bench_load import create_bare; create_bare()"],
                       cwd=ROOT, env={**env, "TABLETOP_CREATE_TABLES": "y"}, check=True)
        self.projections = subprocess.Popen([sys.executable, "-m", "api.cli", "projections", "run"], cwd=ROOT,
                                            env=env, stdout=subprocess.DEVNULL, stderr=open(Path(self.tmp) / "proj.log", "w"))
        self.procs.append(self.projections)
        self.start_bots(BOTS_NICE)
        self.start_web()

    def start_bots(self, nice: int) -> None:
        """The bots worker, as deployed: its own process under ``nice`` (idle while the web plays
        the bots inline)."""
        self.bots_nice = nice
        log = Path(self.tmp) / f"bots-{time.monotonic_ns()}.log"
        self.bots = subprocess.Popen(["nice", "-n", str(nice), sys.executable, "-m", "api.cli", "bots", "run"],
                                     cwd=ROOT, env={**self.env(), "TABLETOP_BOTS": "worker"},
                                     stdout=subprocess.DEVNULL, stderr=open(log, "w"))
        self.procs.append(self.bots)
        deadline = time.monotonic() + 60  # its start-up (imports, the re-check) is not a window's CPU
        while "bots worker:" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)

    def bots_mode(self, mode: str) -> None:
        """``TABLETOP_BOTS`` for the web workers (gunicorn restarted when it changes) and, for
        ``worker:N``, the bots worker's nice value (the worker restarted when it changes)."""
        setting, _, nice = mode.partition(":")
        nice_value = int(nice) if nice else BOTS_NICE
        if nice_value != self.bots_nice:
            self.bots.send_signal(signal.SIGTERM)
            self.bots.wait(timeout=30)
            self.procs.remove(self.bots)
            self.start_bots(nice_value)
        if setting != self.bots_setting:
            self.bots_setting = setting
            self.restart_web()

    def start_web(self, **extra: str) -> None:
        """gunicorn with the deploy config; ``extra`` environment on top (``--compare`` switches group
        commit with it)."""
        self.port = free_port()
        self.gunicorn = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py")], cwd=ROOT,
            env={**self.env(), "BIND": f"127.0.0.1:{self.port}", "WEB_CONCURRENCY": str(self.workers),
                 "WSGI_APP": "scripts.bench_load:app", "TABLETOP_BOTS": self.bots_setting, **extra},
            stdout=subprocess.DEVNULL, stderr=open(Path(self.tmp) / "gunicorn.log", "a"))
        self.procs.append(self.gunicorn)
        wait_port(self.port)
        deadline = time.monotonic() + 20
        while len(children(self.gunicorn.pid)) < self.workers and time.monotonic() < deadline:
            time.sleep(0.1)

    def restart_web(self, **extra: str) -> None:
        self.gunicorn.send_signal(signal.SIGTERM)
        try:
            self.gunicorn.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.gunicorn.kill()
        self.procs.remove(self.gunicorn)
        self.start_web(**extra)

    def bots_drained(self, timeout: float = 60) -> None:
        """Until the bots worker's queue is empty (the runs the window asked for are played)."""
        import redis

        from api.bot_worker import DUE, PLAYING

        client = redis.Redis(port=self.redis_port)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and (client.llen(DUE) or client.llen(PLAYING)):
            time.sleep(0.02)
        client.close()

    def pg_backends(self) -> list[int]:
        with self.pg() as conn:
            rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                                (self.db,)).fetchall()
        return [r[0] for r in rows]

    def cpu(self) -> dict[str, dict[int, float]]:
        return {
            "web": {p: cpu_seconds(p) for p in children(self.gunicorn.pid)},
            "projections": {self.projections.pid: cpu_seconds(self.projections.pid)},
            "bots": {self.bots.pid: cpu_seconds(self.bots.pid)},
            "postgres": {p: cpu_seconds(p) for p in self.pg_backends()},
            "redis": {self.redis.pid: cpu_seconds(self.redis.pid)},
        }

    def head(self, table: str) -> int:
        with self.pg(self.db) as conn:
            return conn.execute(f"SELECT coalesce(max(notification_id), 0) FROM {table}").fetchone()[0]

    def transactions(self, table: str, after: int) -> int:
        """How many transactions wrote the events after ``after`` (each row's ``xmin`` names the
        transaction that inserted it): with group commit, fewer than the commands."""
        with self.pg(self.db) as conn:
            return conn.execute(f"SELECT count(DISTINCT xmin::text) FROM {table} WHERE notification_id > %s",
                                (after,)).fetchone()[0]

    def projection_lag(self, timeout: float = 60) -> float:
        """Seconds until the projection worker reaches the log's head (bounded)."""
        started = time.monotonic()
        with self.pg(self.db) as conn:
            head = conn.execute("SELECT max(notification_id) FROM tables_events").fetchone()[0] or 0
            while time.monotonic() - started < timeout:
                rows = conn.execute("SELECT min(position) FROM readmodel_tracking").fetchone()
                if rows and rows[0] is not None and rows[0] >= head:
                    break
                time.sleep(0.05)
        return time.monotonic() - started

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        if os.environ.get("BENCH_LOAD_KEEP_LOGS"):
            print(f"bench_load: logs kept in {self.tmp}", flush=True)
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)
        try:
            with self.pg() as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.db}" WITH (FORCE)')
        except Exception:  # noqa: BLE001 - best effort
            pass


def create_bare() -> None:
    """The baseline's event store tables (run once, like ``tabletop migrate``)."""
    from api.config import Settings

    Bare(env=Settings.from_env().with_(group_commit=False).eventsourcing_env("bench_bare")).close()


class LockSampler(threading.Thread):
    """Samples ``pg_locks`` every 20 ms: the share of samples in which some transaction waited for
    the event table's insert lock (the library's ``LOCK TABLE ... IN EXCLUSIVE MODE``). Near 100 %
    means that lock, not CPU, is the ceiling (the case for group commit)."""

    def __init__(self, services: Services, table: str) -> None:
        super().__init__(daemon=True)
        self.services, self.table = services, table
        self.samples = self.waiting = 0
        self._stop_event = threading.Event()

    def run(self) -> None:
        with self.services.pg(self.services.db) as conn:
            while not self._stop_event.wait(0.02):
                row = conn.execute("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                                   "WHERE c.relname = %s AND NOT l.granted", (self.table,)).fetchone()
                self.samples += 1
                self.waiting += 1 if row[0] else 0

    def stop(self) -> None:
        self._stop_event.set()
        self.join(timeout=5)

    def share(self) -> float:
        return self.waiting / self.samples if self.samples else float("nan")


def run_point(services: Services, kind: str, lanes: int, seconds: float, seed: int, level: str | None = None,
              lane: str | None = None) -> dict:
    client = subprocess.Popen([sys.executable, __file__, "client", kind, str(services.port), str(lanes),
                               str(seconds), str(seed), level or LEVEL, lane or LANE], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = client.stdout.readline()
    if not line.startswith("READY"):
        client.wait()
        raise SystemExit(f"bench_load: the client failed during setup ({line.strip()})")
    services.bots_drained()
    services.projection_lag(120)  # setup's events are not the window's
    load0 = os.getloadavg()[0]
    events_table = "tables_events" if kind == "game" else "benchbare_events"
    head = services.head(events_table)
    before = services.cpu()
    client.stdin.write(" ".join(["go", *map(str, children(services.gunicorn.pid))]) + "\n")
    client.stdin.flush()
    sampler = LockSampler(services, events_table)
    sampler.start()
    result = None
    for line in client.stdout:
        if line.startswith("RESULT "):
            result = json.loads(line[7:])
    client.wait()
    sampler.stop()
    if result is None:
        raise SystemExit("bench_load: the client died")
    services.bots_drained()
    lag = services.projection_lag(60) if kind == "game" else 0.0
    after = services.cpu()
    result["load"] = (load0, os.getloadavg()[0])
    result["lock_waits"] = sampler.share()
    result["lag"] = lag
    result["transactions"] = services.transactions(events_table, head)
    result["cpu"] = {name: sum(after[name].get(p, 0.0) - before[name].get(p, 0.0) for p in after[name])
                     for name in after}
    return result


#: What each kind of point counts, as the report names it.
WHAT = {"game": "commands", "bare": "in-app appends", "plain": "plain appends",
        "plain:memory": "plain appends, memory", "plain:sqlite": "plain appends, SQLite"}


def report(kind: str, lanes: int, r: dict, label: str = "") -> str:
    n = len(r["commands"])
    rate = n / r["elapsed"] if r["elapsed"] else 0.0
    cpu = r["cpu"]
    per = {k: (v / n * 1000 if n else float("nan")) for k, v in cpu.items()}
    server = sum(per.values())
    what = WHAT[kind] + label
    line = (f"{lanes:>4} {'tables' if kind == 'game' else 'lanes '}  {what:>16}/s {rate:7.1f}   "
            f"p50 {pct(r['commands'], 50) * 1000:6.1f} ms  p99 {pct(r['commands'], 99) * 1000:7.1f} ms")
    if kind == "game":
        line += (f"   (read before it, {len(r['reads']) / max(n, 1):.0%} of moves: p50 {pct(r['reads'], 50) * 1000:5.1f} ms,"
                 f" p99 {pct(r['reads'], 99) * 1000:6.1f} ms;"
                 f" answer to seat 0's next turn: p50 {pct(r['turns'], 50) * 1000:5.1f} ms,"
                 f" p99 {pct(r['turns'], 99) * 1000:6.1f} ms)")
    line += (f"\n{'':>14}server CPU per {'command' if kind == 'game' else 'append'}: {server:5.2f} ms = web {per['web']:.2f}"
             f" + projections {per['projections']:.2f} + bots worker {per['bots']:.2f} + postgres {per['postgres']:.2f}"
             f" + redis {per['redis']:.2f}   (client {r['client_cpu'] / max(n, 1) * 1000:.2f})")
    if kind == "game":
        line += f"   projection lag after stop {r['lag']:.2f} s"
        held = r.get("split") or {}
        if held.get("move"):
            line += (f"   lanes per web worker: moves {'/'.join(map(str, held['move']))}, streams "
                     f"{'/'.join(map(str, held['stream']))}")
    line += f"   {r['transactions'] / max(n, 1):.2f} transactions per {'command' if kind == 'game' else 'append'}"
    line += f"   insert lock waited in {r['lock_waits']:.0%} of samples   load {r['load'][0]:.1f}->{r['load'][1]:.1f}"
    if r["n_errors"]:
        line += f"\n{'':>14}{r['n_errors']} errors, e.g. {r['errors'][:2]}"
    return line


def rate_of(r: dict | None) -> float:
    return len(r["commands"]) / r["elapsed"] if r and r["elapsed"] else float("nan")


def cpu_of(r: dict | None) -> dict[str, float]:
    """Server CPU ms per command (or append) by process kind, and their total."""
    if not r or not r["commands"]:
        return {k: float("nan") for k in ("web", "projections", "bots", "postgres", "redis", "total")}
    per = {k: v / len(r["commands"]) * 1000 for k, v in r["cpu"].items()}
    return {**per, "total": sum(per.values())}


def level_summary(rows: list[tuple[int, dict[str, dict | None]]], levels: list[str], modes: list[str]) -> str:
    """One line per point and server: rate, POST p50/p99, answer to seat 0's next turn p50/p99, CPU
    per command per process kind, and the ratio of the rate to the plain-Flask append of the same
    point and to the first level's rate in the same bots mode."""
    out = ["\nsummary (ratios against the plain Flask append of the same point, measured back to back; for "
           "boardgame.io the web column is its one node process, its store included):",
           "  tables | server                            | per s   | p50 ms | p99 ms | turn p50 | turn p99 "
           "| CPU ms: web  proj  bots    pg  redis  total | x plain | x " + levels[0] + " | load"]
    for lanes, figures in rows:
        plain = figures.get("plain")
        keys = [(f"game:{lv}:{m}", f"Tabletop, bots at {lv}, {m}") for m in modes for lv in levels]
        baselines = [("bare", "append inside create_app()"), ("plain", "append, plain Flask")]
        baselines += [(f"plain:{store}", f"append, plain Flask, {store} store") for store in PLAIN_STORES[1:]]
        baselines += [(f"bgio:{store}", name) for store, name in BGIO_STORES.items()]
        for key, name in keys + baselines:
            r = figures.get(key)
            if r is None:
                continue
            c = cpu_of(r)
            first = figures.get(f"game:{levels[0]}:{key.split(':', 2)[2]}") if key.startswith("game") else None
            turns = (f"{pct(r['turns'], 50) * 1000:8.1f} | {pct(r['turns'], 99) * 1000:8.1f}" if r.get("turns")
                     else f"{'':>8} | {'':>8}")
            out.append(f"  {lanes:>6} | {name:<33} | {rate_of(r):7.1f} | {pct(r['commands'], 50) * 1000:6.1f} | "
                       f"{pct(r['commands'], 99) * 1000:6.1f} | {turns} | {c['web']:9.2f} {c['projections']:5.2f} "
                       f"{c['bots']:5.2f} {c['postgres']:5.2f} {c['redis']:5.2f} {c['total']:6.2f} | "
                       f"{rate_of(r) / rate_of(plain):7.2f} | "
                       f"{rate_of(r) / rate_of(first) if first else float('nan'):8.2f} | "
                       f"{r['load'][0]:.1f}-{r['load'][1]:.1f}")
    keys = [(f"game:{lv}:{m}", f"Tabletop, bots at {lv}, {m}") for m in modes for lv in levels]
    if any(f.get("bgio:flatfile") or f.get("bgio:memory") for _, f in rows):
        out.append(bgio_targets(rows, keys))
    return "\n".join(out)


def lane_summary(rows: list[tuple[int, str, str, dict[str, list[dict]]]], lanes_order: list[str]) -> str:
    """Per point, bots level and mode: each lane's rate in every pair (in the order run), the mean,
    POST p50/p99 and the read p50 over every pair's commands pooled, the GET legal-moves sent per
    move, server CPU per command (every pair's CPU over every pair's commands), and the ratio of
    each lane's mean rate and CPU to the first lane's (``--lane one,two``: one round trip against two)."""
    first = lanes_order[0]
    out = [f"\nlane summary (pairs alternate their order; ratios against lane {first}'s mean):",
           "  tables | level  | mode    | lane | per s, each pair        |  mean | p50 ms | p99 ms | read p50 "
           "| reads/move | CPU ms/cmd: web  proj    pg  total | x rate | x CPU | load"]
    for lanes, level, mode, runs in rows:
        base = None
        for lane in lanes_order:
            rs = runs.get(lane) or []
            if not rs:
                continue
            rates = [rate_of(r) for r in rs]
            mean = sum(rates) / len(rates)
            commands = [c for r in rs for c in r["commands"]]
            reads = [c for r in rs for c in r["reads"]]
            n = max(len(commands), 1)
            cpu = {k: sum(r["cpu"][k] for r in rs) / n * 1000 for k in rs[0]["cpu"]}
            total = sum(cpu.values())
            if base is None:
                base = (mean, total)
            loads = f"{min(r['load'][0] for r in rs):.1f}-{max(r['load'][1] for r in rs):.1f}"
            out.append(f"  {lanes:>6} | {level:<6} | {mode:<7} | {lane:<4} | {' '.join(f'{x:6.1f}' for x in rates):<23} | "
                       f"{mean:5.1f} | {pct(commands, 50) * 1000:6.1f} | {pct(commands, 99) * 1000:6.1f} | "
                       f"{pct(reads, 50) * 1000:8.1f} | {len(reads) / n:10.2f} | {cpu['web']:14.2f} "
                       f"{cpu['projections']:5.2f} {cpu['postgres']:5.2f} {total:6.2f} | {mean / base[0]:6.2f} | "
                       f"{total / base[1]:5.2f} | {loads}")
    return "\n".join(out)


def summary_line(lanes: int, game: dict, bare: dict | None, label: str = "") -> str:
    rate = len(game["commands"]) / game["elapsed"]
    cpu = sum(game["cpu"].values()) / max(len(game["commands"]), 1) * 1000
    bare_rate = len(bare["commands"]) / bare["elapsed"] if bare else float("nan")
    return (f"  {lanes:>4}{label} | {rate:7.1f} | {pct(game['commands'], 50) * 1000:6.1f} | "
            f"{pct(game['commands'], 99) * 1000:7.1f} | {cpu:5.2f} | {bare_rate:7.1f} | "
            f"{rate / bare_rate if bare else float('nan'):.2f} | {game['load'][0]:.1f}")


def compare(services: Services, points: list[int], seconds: float) -> None:
    """Per point, back to back: the commands with group commit off, the bare append, the commands
    with group commit on (gunicorn restarted in between): on a shared box, the three figures of a
    point see about the same load."""
    rows = []
    for i, lanes in enumerate(points):
        figures = {}
        for kind, setting in (("game", "off"), ("bare", "off"), ("game", "on")):
            if services.gunicorn_setting != setting:
                services.restart_web(TABLETOP_GROUP_COMMIT=setting)
                services.gunicorn_setting = setting
            result = run_point(services, kind, lanes, seconds, seed=i)
            print(report(kind, lanes, result).replace(" tables ", f" tables, group commit {setting} ", 1), flush=True)
            figures[(kind, setting)] = result
        rows.append((lanes, figures))
    print("\nsummary: tables | commands/s | p50 ms | p99 ms | server CPU ms/command | bare appends/s | ratio | load")
    for lanes, figures in rows:
        for setting in ("off", "on"):
            print(summary_line(lanes, figures[("game", setting)], figures[("bare", "off")], f" gc {setting:>3}"))


# -- the boardgame.io baseline (issue 39): our node server and client of scripts/bgio/ ---------------

#: What npm installs into the cache: the issue's version, and the node-persist FlatFile requires (it
#: is not a dependency of boardgame.io). 3.0.5 writes each item when asked; from 3.1 node-persist
#: queues writes and flushes them once a second (``writeQueueIntervalMs``), and FlatFile's moves wait
#: for that flush: about 1 s per move, which is not what the issue measured (48 ms p50 at 50 matches).
BGIO_PACKAGES = ("boardgame.io@0.50.2", "node-persist@3.0.5")
BGIO_SCRIPTS = ROOT / "scripts" / "bgio"
#: The two stores, as the report names them.
BGIO_STORES = {"flatfile": "boardgame.io 0.50.2, FlatFile", "memory": "boardgame.io 0.50.2, in memory"}
#: The issue's targets for Tabletop at 50 tables, as multiples of boardgame.io FlatFile's rate.
BGIO_TARGET, BGIO_MOONSHOT = 0.8, 1.0


def bgio_default_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tabletop-bench" / "bgio"


def bgio_installed(cache: Path) -> bool:
    """Whether ``cache/node_modules`` holds each of ``BGIO_PACKAGES`` at its version."""
    for spec in BGIO_PACKAGES:
        name, _, version = spec.rpartition("@")
        try:
            found = json.loads((cache / "node_modules" / name / "package.json").read_text()).get("version")
        except (OSError, ValueError):
            return False
        if found != version:
            return False
    return True


def bgio_install(cache: Path) -> str | None:
    """The packages in ``cache`` (npm install there when missing, never in the repository, no lock
    file, nothing saved): None when ready, else why not (the baseline is skipped with it)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        return f"{'node' if not node else 'npm'} is not on PATH"
    if bgio_installed(cache):
        return None
    try:
        cache.mkdir(parents=True, exist_ok=True)
        if not (cache / "package.json").exists():  # anchors npm's prefix here, not in a parent folder
            (cache / "package.json").write_text('{"private": true, "description": "tabletop bench_load cache"}\n')
        done = subprocess.run([npm, "install", "--prefix", str(cache), "--no-save", "--no-package-lock", "--no-audit",
                               "--no-fund", *BGIO_PACKAGES], capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"npm install {' '.join(BGIO_PACKAGES)} failed: {exc}"
    if done.returncode or not bgio_installed(cache):
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        return f"npm install {' '.join(BGIO_PACKAGES)} failed (exit {done.returncode}): {' / '.join(tail)}"
    return None


def bgio_result(lines: Any) -> dict:
    """The client's ``RESULT`` line, parsed and checked (``FAILED ...`` or no result: RuntimeError)."""
    for line in lines:
        if line.startswith("FAILED"):
            raise RuntimeError(f"the boardgame.io client failed: {line[6:].strip()}")
        if line.startswith("RESULT "):
            try:
                result = json.loads(line[7:])
            except ValueError as exc:
                raise RuntimeError(f"the boardgame.io client's result is not JSON ({exc})") from None
            missing = {"elapsed", "commands", "n_errors", "errors", "client_cpu"} - set(result)
            if missing or not all(isinstance(t, (int, float)) for t in result["commands"]):
                raise RuntimeError(f"the boardgame.io client's result is malformed (missing {sorted(missing)})")
            return result
    raise RuntimeError("the boardgame.io client ended without a result")


def run_bgio_point(services: Services, cache: Path, store: str, lanes: int, seconds: float, seed: int) -> dict:
    """One point of the boardgame.io baseline: a fresh node server (``store``: flatfile, its files
    in this run's folder, or memory), the closed-loop client with ``lanes`` matches, the server's CPU
    across the window from ``/proc``; the result has the shape ``report`` and the summary read."""
    port = free_port()
    env = {**os.environ, "NODE_PATH": str(cache / "node_modules"), "NODE_ENV": "production"}
    folder = Path(services.tmp) / f"bgio-{store}-{lanes}-{time.monotonic_ns()}"
    log = open(Path(services.tmp) / "bgio-server.log", "a")
    server = subprocess.Popen(["node", str(BGIO_SCRIPTS / "server.js"), str(port), store, str(folder)],
                              env=env, stdout=subprocess.DEVNULL, stderr=log)
    client = None
    try:
        wait_port(port)
        client = subprocess.Popen(["node", str(BGIO_SCRIPTS / "client.js"), str(port), str(lanes), str(seconds),
                                   str(seed)], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = client.stdout.readline()
        if not line.startswith("READY"):
            raise RuntimeError(f"the boardgame.io client failed during setup ({line.strip() or 'no output'})")
        load0, before = os.getloadavg()[0], cpu_seconds(server.pid)
        client.stdin.write("go\n")
        client.stdin.flush()
        result = bgio_result(client.stdout)
        after = cpu_seconds(server.pid)
        client.wait(timeout=30)
    finally:
        for proc in (client, server):
            if proc is not None and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        log.close()
    result.update(load=(load0, os.getloadavg()[0]), reads=[], turns=[],
                  cpu={"web": after - before, "projections": 0.0, "bots": 0.0, "postgres": 0.0, "redis": 0.0})
    return result


def bgio_report(store: str, lanes: int, r: dict) -> str:
    n = len(r["commands"])
    line = (f"{lanes:>4} matches {BGIO_STORES[store]:>31}: moves/s {rate_of(r):7.1f}   "
            f"p50 {pct(r['commands'], 50) * 1000:6.1f} ms  p99 {pct(r['commands'], 99) * 1000:7.1f} ms\n"
            f"{'':>14}server CPU per move: {cpu_of(r)['total']:5.2f} ms (one node process, its store included)"
            f"   (client {r['client_cpu'] / max(n, 1) * 1000:.2f})   {r.get('replaced', 0)} finished matches replaced,"
            f" {r.get('replacing', 0.0) / max(r['elapsed'] * lanes, 1e-9):.0%} of the lanes' time"
            f"   load {r['load'][0]:.1f}->{r['load'][1]:.1f}")
    if r["n_errors"]:
        line += f"\n{'':>14}{r['n_errors']} errors, e.g. {r['errors'][:2]}"
    return line


def bgio_targets(rows: list[tuple[int, dict[str, dict | None]]], keys: list[tuple[str, str]]) -> str:
    """Per point and Tabletop setting: its rate as a multiple of boardgame.io FlatFile's and
    in-memory rate of the same point, beside the issue's target (0.8x FlatFile) and moonshot (1x);
    then FlatFile's server CPU per move over Tabletop's per command (all its processes): the rate
    ratio once both are CPU-bound on this box, steadier than the rates on a busy one."""
    out = [f"\nissue 39's targets (Tabletop's rate / boardgame.io's of the same point; target >= {BGIO_TARGET:g}x "
           f"FlatFile at 50 tables, moonshot {BGIO_MOONSHOT:g}x):"]
    for lanes, figures in rows:
        flat, memory = figures.get("bgio:flatfile"), figures.get("bgio:memory")
        if flat is None and memory is None:
            continue
        for key, name in keys:
            r = figures.get(key)
            if r is None:
                continue
            x_flat = rate_of(r) / rate_of(flat) if flat else float("nan")
            x_memory = rate_of(r) / rate_of(memory) if memory else float("nan")
            verdict = ("moonshot met" if x_flat >= BGIO_MOONSHOT else "target met" if x_flat >= BGIO_TARGET
                       else "below target")
            out.append(f"  {lanes:>4} tables | {name:<33} | {rate_of(r):7.1f}/s = {x_flat:5.2f}x FlatFile "
                       f"({rate_of(flat):7.1f}/s), {x_memory:5.2f}x in memory ({rate_of(memory):7.1f}/s) | {verdict}"
                       f" | server CPU {cpu_of(r)['total']:5.2f} ms/command, FlatFile {cpu_of(flat)['total']:5.2f} "
                       f"ms/move: {cpu_of(flat)['total'] / cpu_of(r)['total']:4.2f}x")
    return "\n".join(out)


def main() -> None:
    global LEVEL, GAME, SEATS, SEATED_VERSION, LANE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,10,50", help="comma-separated table counts (default 1,10,50)")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per point (default 10)")
    parser.add_argument("--db", default="tabletop_load_bench", help="PostgreSQL database to create and drop")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2, as deployed)")
    parser.add_argument("--no-bare", action="store_true", help="skip the append baselines (in-app and plain Flask)")
    parser.add_argument("--plain-store", default="postgres",
                        help="the plain Flask append's event stores, comma-separated, each a point of its own "
                             "(postgres, the app's, always runs: it is the baseline; memory, sqlite: the library's other "
                             "stores, without PostgreSQL's per-save table lock, run after it: they explain it)")
    parser.add_argument("--no-bgio", action="store_true",
                        help="skip the boardgame.io 0.50.2 baseline (FlatFile and in-memory, node, scripts/bgio/)")
    parser.add_argument("--bgio-cache", type=Path, default=bgio_default_cache(),
                        help="where npm installs boardgame.io for the baseline, outside the repository "
                             "(default ~/.cache/tabletop-bench/bgio)")
    parser.add_argument("--client-limits", action="store_true",
                        help="keep the per-client rate limits on (all clients are one address: raise them first)")
    parser.add_argument("--group-commit", choices=("on", "off"),
                        help="TABLETOP_GROUP_COMMIT for the game's commands (default: the environment's, else on)")
    parser.add_argument("--window-ms", type=float, help="TABLETOP_GROUP_COMMIT_WINDOW_MS (default: the environment's, else 0)")
    parser.add_argument("--level", default="random",
                        help="the bots' levels, comma-separated, each a point of its own (random, basic, strong; "
                             "default random: the command path, not the bots' thinking; random,basic: both)")
    parser.add_argument("--game", default=GAME, help="the game the lanes play (default bunny_kingdom: simultaneous "
                                                       "picks; homesteaders: sequential turns)")
    parser.add_argument("--seats", type=int, default=SEATS, help="seats per table: one person and bots (default 4)")
    parser.add_argument("--bots", default="inline",
                        help="TABLETOP_BOTS of the web workers, comma-separated, each a point of its own (inline, "
                             "worker: the bots worker process plays them, under nice 10 as deployed, worker:N under nice N; "
                             "default inline; inline,worker: both)")
    parser.add_argument("--lane", default="one",
                        help="the game lane's round trips per move, comma-separated, each a run of its own: one (the "
                             "move's answer carries the next legal moves, ?legal_moves=true; default) or two (GET "
                             "legal-moves before every move, as before); one,two: both, alternating")
    parser.add_argument("--pairs", type=int, default=1,
                        help="runs of each --lane per point, level and mode, alternating their order (default 1)")
    parser.add_argument("--compare", action="store_true",
                        help="per point: commands with group commit off, the bare append, commands with it on")
    args = parser.parse_args()
    levels = [lv.strip() for lv in args.level.split(",") if lv.strip()]
    if not levels or any(lv not in ("random", "basic", "strong") for lv in levels):
        parser.error(f"--level: random, basic or strong (comma-separated), not {args.level!r}")
    LEVEL = levels[0]
    lane_kinds = [lane.strip() for lane in args.lane.split(",") if lane.strip()]
    if not lane_kinds or any(lane not in ("one", "two") for lane in lane_kinds) or args.pairs < 1:
        parser.error(f"--lane: one or two (comma-separated), --pairs at least 1, not {args.lane!r}, {args.pairs}")
    LANE = lane_kinds[0]
    os.environ["BENCH_LOAD_GAME"], os.environ["BENCH_LOAD_SEATS"] = args.game, str(args.seats)
    GAME, SEATS, SEATED_VERSION = args.game, args.seats, 1 + args.seats
    modes = [m.strip() for m in args.bots.split(",") if m.strip()]
    if not modes or any(m != "inline" and not (m.partition(":")[0] == "worker" and
                                              (not m.partition(":")[2] or m.partition(":")[2].isdigit())) for m in modes):
        parser.error(f"--bots: inline, worker or worker:NICE (comma-separated), not {args.bots!r}")
    if args.group_commit:
        os.environ["TABLETOP_GROUP_COMMIT"] = args.group_commit
    if args.window_ms is not None:
        os.environ["TABLETOP_GROUP_COMMIT_WINDOW_MS"] = str(args.window_ms)
    plain_stores = [st.strip() for st in args.plain_store.split(",") if st.strip()]
    if not plain_stores or any(st not in PLAIN_STORES for st in plain_stores):
        parser.error(f"--plain-store: {', '.join(PLAIN_STORES)} (comma-separated), not {args.plain_store!r}")
    points = [int(x) for x in args.tables.split(",") if x.strip()]
    services = Services(args.db, args.workers, args.client_limits)
    print(f"bench_load: {GAME}, {SEATS} seats (1 person + {SEATS - 1} bots at level {' and '.join(levels)}; bots "
          f"{' and '.join(modes)}), gunicorn {args.workers} gevent "
          f"workers (deploy/gunicorn.conf.py), PostgreSQL db {args.db}, own redis, projection worker; "
          f"{args.seconds:g} s per point, {os.cpu_count()} cores; group commit "
          f"{os.environ.get('TABLETOP_GROUP_COMMIT', 'on')}, window {os.environ.get('TABLETOP_GROUP_COMMIT_WINDOW_MS', '0')} ms",
          flush=True)
    bgio_skipped = "--no-bgio" if args.no_bgio else bgio_install(args.bgio_cache)
    print(f"bench_load: boardgame.io baseline skipped ({bgio_skipped})" if bgio_skipped else
          f"bench_load: boardgame.io baseline: {' and '.join(BGIO_PACKAGES)} from {args.bgio_cache}, "
          f"node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}", flush=True)
    try:
        services.start()
        if args.compare:
            compare(services, points, args.seconds)
            return
        rows = []
        lane_rows = []
        for i, lanes in enumerate(points):
            figures: dict[str, dict | None] = {}
            for mode in modes:
                services.bots_mode(mode)
                for level in levels:
                    key = f"game:{level}:{mode}"
                    runs: dict[str, list[dict]] = {lane: [] for lane in lane_kinds}
                    for pair in range(args.pairs):
                        for lane in (lane_kinds if pair % 2 == 0 else lane_kinds[::-1]):
                            result = run_point(services, "game", lanes, args.seconds, seed=i, level=level, lane=lane)
                            runs[lane].append(result)
                            label = f" ({level}, {mode}" + (f", lane {lane}, pair {pair + 1})" if
                                                            len(lane_kinds) > 1 or args.pairs > 1 else ")")
                            print(report("game", lanes, result, label), flush=True)
                    figures[key] = runs[lane_kinds[0]][-1]
                    lane_rows.append((lanes, level, mode, runs))
            services.bots_mode("inline")
            if not args.no_bare:
                for kind in ["bare", "plain"] + [f"plain:{st}" for st in plain_stores if st != "postgres"]:
                    figures[kind] = run_point(services, kind, lanes, args.seconds, seed=i)
                    print(report(kind, lanes, figures[kind]), flush=True)
            for store in () if bgio_skipped else BGIO_STORES:
                try:
                    figures[f"bgio:{store}"] = run_bgio_point(services, args.bgio_cache, store, lanes, args.seconds, i)
                except RuntimeError as exc:
                    print(f"{lanes:>4} matches {BGIO_STORES[store]}: failed, {exc}", flush=True)
                    continue
                print(bgio_report(store, lanes, figures[f"bgio:{store}"]), flush=True)
            rows.append((lanes, figures))
        print(level_summary(rows, levels, modes))
        if len(lane_kinds) > 1 or args.pairs > 1:
            print(lane_summary(lane_rows, lane_kinds))
    finally:
        services.stop()


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "client":
        kind, port, lanes, seconds, seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
        LEVEL = sys.argv[7]
        LANE = sys.argv[8] if len(sys.argv) > 8 else LANE
        client_main(kind, port, lanes, seconds, seed)
    else:
        main()
