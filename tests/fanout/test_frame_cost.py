"""The stream's cheaper frames (fourteenth session): the same bytes as before, in the same order.

Two cuts are pinned here. A frame's JSON is encoded by orjson only where its bytes equal what
``json.dumps(separators=(',', ':'), default=str)`` wrote before (the client parses that text), and
a stream on the process that saved a command renders its versions from the events that process
just recorded (``Tables.on_recorded``) instead of reading them back: each frame it sends is byte
for byte the frame a process that read everything from the store sends.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from enum import IntEnum, StrEnum
from types import SimpleNamespace
from uuid import UUID

import pytest

from api.routes import stream
from api.routes.stream import FrameSource
from domain.application import Tables
from domain.games import GAMES
from domain.games.bunny_kingdom.memo import FrozenDict, FrozenList
from domain.games.game import BotInput
from tests.fanout.sse import parse


class Seat(IntEnum):
    ONE = 1


class Word(StrEnum):
    A = "a"


#: (game, seats): one person (seat 0) and bots, as bench_load plays, over every product game.
GAMES_PLAYED = [("bunny_kingdom", 4), ("fantasy_ranch", 2), ("homesteaders", 3), ("walnut_grove", 2)]
COMMANDS = 30  # the person's moves per game (each with the bots' moves after it)


def old_frame(event: str, version: int, data) -> bytes:
    """How a frame was encoded before orjson (main at 92b75fc)."""
    return f"id: {version}\nevent: {event}\ndata: {json.dumps(data, separators=(',', ':'), default=str)}\n\n".encode()


def sqlite_tables(path) -> Tables:
    return Tables(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})


def seated_table(tables: Tables, game: str, seats: int) -> UUID:
    table_id = tables.open_table(game, seats).table_id
    tables.take_seat(table_id, "Ann", seat=0)
    for seat in range(1, seats):
        tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
    tables.start(table_id)
    return table_id


def play_watched(tables: Tables, source: FrameSource, table_id: UUID, game: str, commands: int,
                 other: Tables | None = None, start: int = 0) -> list[tuple[int | None, int, int, bytes]]:
    """Ann's moves (seeded from her legal moves, the bots answering inside each command), with a
    seat-0 stream and a spectator stream on ``source`` taking the new frames after each command,
    as a live stream does on its notice. With ``other``, every third command is played by that
    process instead (its events are not this process's own). Returns every (viewer, after, upto,
    bytes) the streams sent; ``start``: the version both streams already have."""
    rng, rules = random.Random(5), GAMES[game]
    sent: dict[int | None, int] = {0: start, None: start}
    out = []
    for n in range(commands):
        for viewer in sent:
            upto = tables.table(table_id).version
            last, blob = source.frames(table_id, viewer, sent[viewer], upto)
            assert last == upto
            out.append((viewer, sent[viewer], upto, blob))
            sent[viewer] = last
        playing = other if other is not None and n % 3 == 2 else tables
        table = playing.table(table_id)
        if table.status != "running":
            break
        legal = playing.legal_moves(table_id, 0)
        if not legal:
            break
        view = playing.view(table_id, 0)["view"]
        playing.play_move(table_id, 0, rules.bots["random"](BotInput(0, view, legal, rng)))
    return out


@pytest.mark.parametrize(("game", "seats"), GAMES_PLAYED)
def test_live_frames_are_byte_for_byte_the_old_encoding_of_a_rendering_from_the_store(tmp_path, monkeypatch, game, seats):
    tables = sqlite_tables(tmp_path / "t.db")
    other = sqlite_tables(tmp_path / "t.db")  # another worker on the same store
    try:
        table_id = seated_table(tables, game, seats)
        live = FrameSource(tables)
        sent = play_watched(tables, live, table_id, game, COMMANDS, other)
        assert len(sent) > 10 and all(blob for _, _, _, blob in sent[2:])
        # The reference: a process that saved nothing itself (every event read from the store),
        # encoding as before.
        monkeypatch.setattr(stream, "_frame", old_frame)
        reader = sqlite_tables(tmp_path / "t.db")
        try:
            reference = FrameSource(reader)
            for viewer, after, upto, blob in sent:
                assert reference.frames(table_id, viewer, after, upto) == (upto, blob), (viewer, after, upto)
                versions = [m["id"] for m in parse([blob]) if m.get("event") == "entry"]
                assert versions == list(range(after + 1, upto + 1))  # each change, in order
        finally:
            reader.close()
    finally:
        other.close()
        tables.close()


def test_a_stream_on_the_process_that_saved_renders_without_reading_those_events_back(tmp_path):
    tables = sqlite_tables(tmp_path / "t.db")
    try:
        table_id = seated_table(tables, "bunny_kingdom", 4)
        source = FrameSource(tables)
        reached = play_watched(tables, source, table_id, "bunny_kingdom", 2)[-1][2]  # the streams are live
        reads: list = []
        framing = []
        real_get, real_frames = tables.events.get, source.frames
        tables.events.get = lambda *a, **k: (framing and reads.append(k)) or real_get(*a, **k)

        def frames(*args):
            framing.append(1)
            try:
                return real_frames(*args)
            finally:
                framing.pop()

        source.frames = frames
        before = tables.table(table_id).version
        sent = play_watched(tables, source, table_id, "bunny_kingdom", 3, start=reached)
        assert sent[-1][2] > before  # new versions were sent...
        assert reads == []  # ...from the events this process recorded, none read back
    finally:
        tables.close()


def test_events_another_process_saved_are_read_from_the_store(tmp_path):
    tables = sqlite_tables(tmp_path / "t.db")
    other = sqlite_tables(tmp_path / "t.db")
    try:
        table_id = seated_table(tables, "bunny_kingdom", 4)
        source = FrameSource(tables)
        play_watched(tables, source, table_id, "bunny_kingdom", 2)
        after = tables.table(table_id).version
        play_watched(other, FrameSource(other), table_id, "bunny_kingdom", 2)  # not this process's
        upto = other.table(table_id).version
        last, blob = source.frames(table_id, 0, after, upto)
        assert last == upto
        assert [m["id"] for m in parse([blob]) if m.get("event") == "entry"] == list(range(after + 1, upto + 1))
    finally:
        other.close()
        tables.close()


def test_only_a_contiguous_run_of_recorded_events_is_kept():
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        source = FrameSource(tables)
        table_id = UUID(int=1)

        class E:
            def __init__(self, v):
                self.originator_version = v

        source.recorded(table_id, [E(3), E(4)])
        source.recorded(table_id, [E(5)])
        assert [e.originator_version for e, _ in source._recent[table_id]] == [3, 4, 5]
        source.recorded(table_id, [E(9), E(10)])  # 6-8 saved elsewhere: a new run
        assert [e.originator_version for e, _ in source._recent[table_id]] == [9, 10]
        assert [e.originator_version for e in source._events(table_id, 9, 10)] == [10]
    finally:
        tables.close()


@pytest.mark.parametrize("data", [
    {"b": 1, "a": [True, None, "x"], "t": (1, 2)},  # the dict's own order, tuples as lists
    {"id": UUID(int=7)},  # default=str
    {"text": "Zoë's farm"},  # non-ASCII: escaped by json
    {"when": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)},  # default=str, not ISO with a T
    {1: "int key"},
    {"big": 2**70},
    {"f": 1e16, "g": 0.1, "h": 1.5e-7},  # exponent forms
    {"s": "1e5 rabbits", "t": "x,1e5", "u": [1e-05, -2.5e+20]},  # a text that looks like one: the slower path
    {"digest": "3e5f09e1", "head": "0e+1"},  # hex digests are texts, not numbers: orjson's path
    {"sign": "2×3", "names": ["Zoë", "李", "🐇", "a\u2028b", "\x7f", "\ud800"]},  # json's escapes, a lone surrogate
    {"f": [0.1, 1.0, -0.0, 1e15, 123456.789, 2.5, 1 / 3, 0.0001]},  # floats without an exponent
    {"shared": FrozenDict({"a": FrozenList([1, "b"])}), "enum": [Seat.ONE, Word.A]},  # subclasses, by contents
    {"nested": [{"x": {"y": [1, 2.5, "z"]}}]},
])
def test_a_frames_json_is_what_json_dumps_wrote(data):
    assert stream._json(data) == json.dumps(data, separators=(",", ":"), default=str).encode()
    assert stream._frame("view", 12, data) == old_frame("view", 12, data)


def test_a_live_stream_encodes_every_frame_with_orjson(tmp_path, monkeypatch):
    """The fallback is for what orjson would write otherwise, not the common frame: a game's
    entries and views (hex digests, seed commitments and all) never take it."""
    tables = sqlite_tables(tmp_path / "t.db")
    try:
        table_id = seated_table(tables, "bunny_kingdom", 4)
        fallbacks = []
        monkeypatch.setattr(stream, "json", SimpleNamespace(dumps=lambda *a, **k: fallbacks.append(a) or json.dumps(*a, **k)))
        sent = play_watched(tables, FrameSource(tables), table_id, "bunny_kingdom", 5)
        assert len(sent) == 10 and fallbacks == []
    finally:
        tables.close()


def test_every_character_is_escaped_as_json_escapes_it():
    text = "".join(chr(n) for n in range(0x110000) if not 0xD800 <= n < 0xE000)
    data = {text: [text, {"k": text[::-1]}]}
    assert stream._json(data) == json.dumps(data, separators=(",", ":"), default=str).encode()
