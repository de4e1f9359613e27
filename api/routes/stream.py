"""``GET /api/tables/<id>/stream``: Server-Sent Events of one table, for one viewer.

The order matters and is why nothing is lost: the stream subscribes to the broker FIRST, then
catches up from the event store (so a notice that arrives during the catch-up is either covered
by it or dropped by the ``version <= sent`` check). Every ``id:`` is a table version, so a
reconnecting ``EventSource`` sends ``Last-Event-ID`` and resumes exactly after it. A notice that
skips versions, or ``GAP`` (Redis reconnected, the inbox overflowed), re-reads the store, and so
does every idle heartbeat that finds the store ahead (a publish that failed silently costs at
most one heartbeat). Comments (``: hb``) keep proxies from closing an idle stream and reveal dead
clients. A stream lives at
most ``max_age`` seconds, then ends; ``retry:`` makes the browser come back (to any worker).

What a frame carries is rendered from the store for that viewer only (the game's ``action_view``,
``describe`` and ``player_view``): the broker's notice carries no game data at all. The versions
this process saved itself are rendered from the events it recorded (``Tables.on_recorded``), the
same events the store holds, without reading them back. Rendering is
memoized per process by (table, viewer, after, upto), which is a pure function of the
append-only store, and encoded once: 500 spectators of one table cost one rendering per version
and one socket write each.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any
from uuid import UUID

import orjson
from flask import Blueprint, Response, current_app, request

from api import jsontext, limits, logs, metrics
from api.errors import STORE_DOWN
from api.fanout import GAP, Broker, Subscription
from domain.application import Tables
from domain.errors import DomainError
from domain.games import get_game
from domain.log import describe_event, event_facts, render_facts, seat_names
from domain.table import Step, Table

HEARTBEAT_S = 15.0
MAX_AGE_S = 300.0
RETRY_MS = 2000


#: orjson's types that ``json.dumps(default=str)`` would write otherwise (datetimes and dataclasses,
#: through ``str``) go to ``jsontext.not_plain``, which refuses them: that frame takes the ``json`` path.
#: Subclasses of dict, list, str and int (a view's shared parts are ``FrozenDict`` and ``FrozenList``
#: under the tests) are written from their contents by both.
_PLAIN_ONLY = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS

def _json(data: Any) -> bytes:
    """``json.dumps(data, separators=(',', ':'), default=str)``, the frame's JSON since the first
    stream, as bytes; encoded by orjson when that gives the same bytes.

    Why: a ``view`` frame is several kilobytes, and the ``json`` module spent about 0.3 ms of a web
    worker's CPU per command on the frames at 50 tables (8 % of its samples, fourteenth session).
    Both keep the dict's order and write compact separators; orjson's text equals ``json``'s for
    dicts with str keys, lists, tuples, str, int, bool, None and UUIDs (``str``, as ``default=str``)
    once every character from DEL up is escaped as ``json`` escapes it (``jsontext.ascii_escaped``: orjson writes
    them as UTF-8, and only those; the ASCII controls, quote and backslash both escape alike,
    which the tests check character by character). Anything else takes ``json``: a non-str key,
    an int beyond 64 bits, a datetime or dataclass (refused by ``jsontext.not_plain``), a string
    with a lone surrogate (orjson refuses it), and a float in exponent form (``jsontext.has_exponent``: ``json``
    writes ``1e+16``). A NaN or infinity, which no view holds and no browser's ``JSON.parse``
    reads, would be ``null`` here."""
    try:
        text = orjson.dumps(data, default=jsontext.not_plain, option=_PLAIN_ONLY)
    except TypeError:  # orjson.JSONEncodeError included
        text = None
    if text is not None and not jsontext.has_exponent(text):
        return jsontext.ascii_escaped(text)  # a name or a sign ("×") in a view: json's escapes
    return json.dumps(data, separators=(",", ":"), default=str).encode()


def _frame(event: str, version: int, data: Any) -> bytes:
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (version, event.encode(), _json(data))


class FrameSource:
    """Renders what one viewer may see of a table, from the event store, once per version.

    Frames are cached per (table, viewer, version), already encoded: every stream of that viewer
    shares them, whatever version it is at, so a stream that fell behind costs a concatenation,
    not another replay. Versions are immutable facts of an append-only store, so the cache never
    needs invalidating. Concurrent streams that miss the same frames wait for one rendering.
    """

    def __init__(self, tables: Tables, cache_size: int = 50_000) -> None:
        self.tables = tables
        self._entries: OrderedDict[tuple, bytes] = OrderedDict()
        self._views: OrderedDict[tuple, bytes] = OrderedDict()
        self._joined: OrderedDict[tuple, tuple[int, bytes]] = OrderedDict()
        self._size = cache_size
        self._lock = threading.Lock()
        self._inflight: dict[tuple, threading.Event] = {}
        #: Per table, the table as of the last few versions rendered (``KEPT_VERSIONS``): the next
        #: frame starts from one of them.
        self._tables: OrderedDict[UUID, dict[int, Table]] = OrderedDict()
        #: Per table, the last events this process saved (``Tables.on_recorded``), in version order:
        #: a frame of those versions starts from them instead of reading them back from the store.
        self._recent: OrderedDict[UUID, list] = OrderedDict()
        tables.on_recorded.append(self.recorded)

    #: Events kept per table (a command and its bots' moves are a handful), and tables kept.
    RECENT_EVENTS, RECENT_TABLES = 64, 1000
    #: Of those, the last ones whose step (the state before) is kept: a command and its bots' moves
    #: are a handful of events, and a game state is a few kB of its own.
    RECENT_STEPS = 16
    #: Versions of a table kept to render from: the streams of one table's viewers are not all at
    #: the same version when a notice comes (the first to render moves the table on; the others
    #: start from where they were, which the only one kept was no longer, so each loaded the table
    #: from the store: a snapshot and up to 100 events).
    KEPT_VERSIONS = 4

    def recorded(self, table_id: UUID, events: Sequence[Any], table: Table | None = None,
                 steps: Sequence[Step] | None = None) -> None:
        """``Tables.on_recorded``: keep the events this process just saved, already in the store,
        with the table before each of them (``steps``) and as saved (``table``).

        Why: a stream on the worker that ran the command read back from PostgreSQL the events the
        command had just written (a query and the events' decoding: about 7 % of a web worker's CPU
        samples at 50 tables, fourteenth session), and then applied them again through the rules
        to get the states each sentence is told from (``mutate``, a copy of the table: about a
        third of what remained, fifteenth session), though the command had just computed them.
        Only a contiguous run is kept: events that do not follow the kept ones (another process
        saved in between) start a new run, so a frame never skips a version; what the run lacks
        is read from the store and applied, as before."""
        if not events:
            return
        with self._lock:
            # Only a table a stream of this process has rendered keeps its states and saved
            # tables: the others' would cost memory (a state is a few kB) that no frame reads.
            watched = table_id in self._tables
        if not watched or steps is None or len(steps) != len(events):
            steps = (None,) * len(events)
        rows = list(zip(events, steps, strict=True))
        with self._lock:
            kept = self._recent.get(table_id)
            first = events[0].originator_version
            if kept and kept[-1][0].originator_version + 1 == first:
                kept.extend(rows)
                del kept[:-self.RECENT_EVENTS]
            else:
                kept = self._recent[table_id] = rows[-self.RECENT_EVENTS:]
            for i in range(max(0, len(kept) - self.RECENT_STEPS - len(rows)), len(kept) - self.RECENT_STEPS):
                kept[i] = (kept[i][0], None)  # older states let go: a stream this far behind replays
            self._recent.move_to_end(table_id)
            while len(self._recent) > self.RECENT_TABLES:
                self._recent.popitem(last=False)
        if watched and table is not None and table.version == events[-1].originator_version:
            self._remember(table)  # the table as of its newest version: the view renders from it

    def _events(self, table_id: UUID, since: int, upto: int) -> Iterable[Any]:
        """The table's events in ``(since, upto]``: this process's own when it saved them all
        (and ``since`` is a version it has the table at), else from the store."""
        if since >= 1:
            with self._lock:
                kept = self._recent.get(table_id)
                if kept and kept[0][0].originator_version <= since + 1 and kept[-1][0].originator_version >= upto:
                    first = kept[0][0].originator_version
                    return [event for event, _ in kept[since + 1 - first:upto + 1 - first]]
        return self.tables.events.get(table_id, gt=since or None, lte=upto)

    def _stepped(self, table_id: UUID, after: int, upto: int) -> list[tuple[Any, Any, list, Any]] | None:
        """``(event, state before, seats before, table after)`` for each version in ``(after,
        upto]``, from what this process's commands kept (``recorded``), or None when they did not
        keep every one of them (then the events are applied again). The table after the last is
        the one saved at ``upto``; after any other, what the next event's step says it was."""
        if after < 1:
            return None
        with self._lock:
            kept = self._recent.get(table_id)
            final = self._tables.get(table_id, {}).get(upto)
            if not kept or final is None:
                return None
            first = kept[0][0].originator_version
            if first > after + 1 or kept[-1][0].originator_version < upto:
                return None
            rows = kept[after + 1 - first:upto + 1 - first]
        if any(step is None for _, step in rows):
            return None
        # The table after each event is what the next event's step recorded; after the last, the saved one.
        afters = [_After(final, step) for _, step in rows[1:]] + [final]
        return [(event, step[0], list(step[1]), table) for (event, step), table in zip(rows, afters, strict=True)]

    def head(self, table_id: UUID) -> int:
        """The table's current version in the store (0 when there is no such table)."""
        stored = self.tables.recorder.select_events(table_id, desc=True, limit=1)
        return stored[0].originator_version if stored else 0

    def frames(self, table_id: UUID, viewer: int | None, after: int, upto: int) -> tuple[int, bytes]:
        """``(last version, SSE bytes)``: an ``entry`` frame per version in ``(after, upto]`` that
        the store has, then the ``view`` frame at the last one; empty when there is nothing new."""
        if upto <= after:
            return after, b""
        key = (table_id, viewer, after, upto)
        with self._lock:
            joined = self._joined.get(key)  # the common case: every stream at the same point
        if joined is not None:
            return joined
        # The streams a notice woke together all miss at once: one of them renders, the others
        # wait for it and then take its bytes, instead of each assembling them again.
        mine: list[tuple[int, bytes]] = []
        self._once(("joined", *key), lambda: mine.append(self._join(key)))
        if mine:
            return mine[0]
        with self._lock:
            joined = self._joined.get(key)
        return joined if joined is not None else self._frames(table_id, viewer, after, upto)

    def _join(self, key: tuple) -> tuple[int, bytes]:
        joined = self._frames(*key)
        if joined[0] == key[3]:  # complete: the store had every version, so the answer is final
            self._store(self._joined, key, joined, size=2048)
        return joined

    def _frames(self, table_id: UUID, viewer: int | None, after: int, upto: int) -> tuple[int, bytes]:
        with self._lock:
            have = all((table_id, viewer, v) in self._entries for v in range(after + 1, upto + 1))
        if not have:
            self._once((table_id, viewer, "entries", after, upto),
                       lambda: self._render_entries(table_id, viewer, after, upto))
        parts, last = [], after
        with self._lock:
            for v in range(after + 1, upto + 1):
                blob = self._entries.get((table_id, viewer, v))
                if blob is None:
                    break  # not in the store (yet): a notice ahead of it says nothing
                self._entries.move_to_end((table_id, viewer, v))
                parts.append(blob)
                last = v
        if last == after:
            return after, b""
        parts.append(self._view(table_id, viewer, last))
        return last, b"".join(parts)

    def _view(self, table_id: UUID, viewer: int | None, version: int) -> bytes:
        key = (table_id, viewer, version)
        with self._lock:
            blob = self._views.get(key)
        if blob is None:
            self._once((table_id, viewer, "view", version), lambda: self._store(self._views, key, _frame(
                "view", version, self._render_view(table_id, viewer, version))))
            with self._lock:
                blob = self._views.get(key) or b""
        return blob

    def _known(self, table_id: UUID, version: int) -> Table | None:
        with self._lock:
            return self._tables.get(table_id, {}).get(version)

    def _render_view(self, table_id: UUID, viewer: int | None, version: int) -> dict:
        known = self._known(table_id, version)
        if known is not None:  # the table the entries were rendered on
            with self.tables.reusing(known):
                return self.tables.view(table_id, viewer, version=version)
        return self.tables.view(table_id, viewer, version=version)

    def _render_entries(self, table_id: UUID, viewer: int | None, after: int, upto: int) -> None:
        # Each entry is rendered as it was when recorded (the game still running), whatever came
        # later: the frame for a version is then the same in every process and cache. Which
        # versions were undone is told by the ``Undone`` entries and the view's ``table.undone``;
        # the full reveal after the end is in the log (``GET .../log``).
        # Start from the table as of ``after`` (a snapshot and the events since), so a new frame
        # costs the same on a long table as on a short one.
        stepped = self._stepped(table_id, after, upto)
        if stepped is not None:  # this process's command kept the table before each event: no replay
            for event, before, players, table in stepped:
                self._render_entry(table_id, viewer, event, table, before, players)
            return
        table, since = None, 0
        if after >= 1:
            try:
                table, since = self._table_at(table_id, after).working_copy(), after
            except DomainError:  # not (yet) in this store: render from the start
                table, since = None, 0
        for event in self._events(table_id, since, upto):
            before = table.state if table is not None else None
            players = list(table.players) if table is not None else []
            table = event.mutate(table)
            version = event.originator_version
            if version <= after:
                continue
            self._render_entry(table_id, viewer, event, table, before, players)
        if table is not None:
            self._remember(table)

    def _render_entry(self, table_id: UUID, viewer: int | None, event: Any, table: Any, before: Any,
                      players: list) -> None:
        """One ``entry`` frame: ``event`` as ``viewer`` reads it, told from the table right after
        it (``table``: its game, seats and state) and the state and seats just before it."""
        version = event.originator_version
        seat, action, text = describe_event(table, event, before, players, viewer)
        facts = event_facts(table, event, before, table.state, viewer)
        if facts:
            facts = render_facts(facts, seat_names(list(table.players), players), viewer, table.game.name_component)
        data = {"version": version, "event": type(event).__name__, "seat": seat, "text": text,
                "action": action, "timestamp": event.timestamp.isoformat(), "facts": facts}
        self._store(self._entries, (table_id, viewer, version), _frame("entry", version, data))

    def _table_at(self, table_id: UUID, version: int) -> Table:
        """The table as of ``version``: the one a recent rendering ended on when it is that one
        (a live stream asks for the version after it), else from the store (a snapshot and the
        events since)."""
        known = self._known(table_id, version)
        if known is not None:
            return known
        return self.tables.table(table_id, version=version)

    def _remember(self, table: Table) -> None:
        with self._lock:
            kept = self._tables.setdefault(table.id, {})
            kept.setdefault(table.version, table)
            for version in sorted(kept)[:-self.KEPT_VERSIONS]:
                del kept[version]
            self._tables.move_to_end(table.id)
            while len(self._tables) > 1000:
                self._tables.popitem(last=False)

    def _store(self, cache: OrderedDict, key: tuple, blob: Any, size: int | None = None) -> None:
        with self._lock:
            cache[key] = blob
            while len(cache) > (size or self._size):
                cache.popitem(last=False)

    def _once(self, key: tuple, work: Callable[[], None]) -> None:
        """Run ``work`` unless another stream is already running it; then wait for that one."""
        with self._lock:
            waiting = self._inflight.get(key)
            if waiting is None:
                self._inflight[key] = threading.Event()
        if waiting is not None:
            waiting.wait(10)
            return
        try:
            work()
        finally:
            with self._lock:
                self._inflight.pop(key).set()


class _After:
    """What an entry is told from of the table right after an event that a later event of the
    same kept run follows (``FrameSource._stepped``): the game, seats and state the next event's
    step recorded, the rest being the saved table's (``describe_event`` and ``event_facts`` read
    only these three)."""

    __slots__ = ("game", "players", "state")

    def __init__(self, final: Table, step: Step) -> None:
        self.state, self.players = step[0], list(step[1])
        self.game = final.game if step[2] == final.rules_version else get_game(final.game_name, step[2])


def event_stream(
    source: FrameSource,
    sub: Subscription,
    table_id: UUID,
    viewer: int | None,
    last: int,
    *,
    heartbeat: float = HEARTBEAT_S,
    max_age: float = MAX_AGE_S,
    retry_ms: int = RETRY_MS,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[bytes]:
    """The SSE bytes of one stream. ``sub`` must already be subscribed (subscribe first!)."""
    started = clock()
    sent = last

    def catch_up(upto: int) -> Iterator[bytes]:
        nonlocal sent
        last, blob = source.frames(table_id, viewer, sent, upto)
        if blob:
            yield blob
            sent = last

    try:
        yield f"retry: {retry_ms}\n\n".encode()
        head = source.head(table_id)
        if sent > head:  # a Last-Event-ID from another history: start over
            sent = 0
        yield from catch_up(head)
        while (left := max_age - (clock() - started)) > 0:
            item = sub.get(timeout=min(heartbeat, left))
            if item is None:  # idle: a lost doorbell is noticed here, at the latest
                head = source.head(table_id)
                if head > sent:
                    yield from catch_up(head)
                else:
                    yield b": hb\n\n"
            elif item == GAP:
                yield from catch_up(source.head(table_id))
            elif item.version > sent:  # a version gap is covered: the store is read up to it
                yield from catch_up(item.version)
    finally:
        sub.close()


def parse_last_event_id(raw: str | None) -> int:
    """``Last-Event-ID`` (or ``?last_event_id=``) as a version; anything else means from the start."""
    raw = (raw or "").strip()
    return int(raw) if raw.isdigit() and len(raw) < 10 else 0


log = logging.getLogger(__name__)


def ended_by_store(body: Iterator[bytes], request_id: str) -> Iterator[bytes]:
    """The stream's bytes; if the event store goes away mid-stream, one warning line naming the
    request and the stream simply ends (the browser comes back with ``Last-Event-ID`` after
    ``retry``, and reconnects get their 503 until the store answers). Without this the error left
    the generator, outside the request, and the server logged it as an ERROR traceback with no
    request id, once per open stream (issue 31: 19 of them for one outage)."""
    try:
        yield from body
    except STORE_DOWN as error:
        log.warning("stream ended: the event store is unavailable", extra={
            "event": "stream_ended", "reason": "store_unavailable", "error": type(error).__name__,
            "request_id": request_id})


bp = Blueprint("stream", __name__)


@bp.get("/api/tables/<uuid:table_id>/stream")
def stream(table_id: UUID) -> Response:
    """Live table updates as Server-Sent Events, for the caller's seat or as a spectator."""
    live = current_app.extensions["live"]
    viewer = live.viewer(table_id)  # 401 for a bad token; None = spectator
    live.tables.summary(table_id)  # 404 for an unknown table, before the stream starts
    last = parse_last_event_id(request.headers.get("Last-Event-ID") or request.args.get("last_event_id"))
    caps = limits.caps()
    close = caps.open_stream(limits.client(), table_id) if caps is not None else (lambda: None)  # or 429
    try:
        sub = live.broker.subscribe(table_id)  # subscribe BEFORE reading the store
    except BaseException:
        close()
        raise
    body = metrics.streamed(limits.CountedStream(ended_by_store(event_stream(
        live.frames, sub, table_id, viewer, last, heartbeat=live.heartbeat, max_age=live.max_age,
        retry_ms=live.retry_ms), logs.request_id()), close))
    # direct_passthrough: the server iterates the generator itself (it yields bytes), without
    # werkzeug's per-chunk encoding and closing wrappers; closing it still runs its ``finally``.
    return Response(body, mimetype="text/event-stream", direct_passthrough=True,
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


class Live:
    """What the stream route needs, read once at app build (the generator runs outside the app context)."""

    def __init__(self, tables: Tables, broker: Broker, viewer: Callable[[UUID], int | None],
                 heartbeat: float = HEARTBEAT_S, max_age: float = MAX_AGE_S, retry_ms: int = RETRY_MS) -> None:
        self.tables = tables
        self.broker = broker
        self.viewer = viewer
        self.frames = FrameSource(tables)
        self.heartbeat = heartbeat
        self.max_age = max_age
        self.retry_ms = retry_ms
