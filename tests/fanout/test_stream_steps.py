"""The saving process's stream renders from the states its command computed (fifteenth session).

A command keeps, per event it records, the table's game state, seats and rules version just before
that event (``Table.deciding_copy``); ``Tables.save`` hands them with the events and the saved table
to ``Tables.on_recorded``, and a stream on that process tells each new event from them instead of
applying the events again through the rules. Pinned here: every frame is byte for byte what a
process that read every event from the store renders (seats taken, the start, moves, bots, chance,
an undo; a seat and a spectator; a stream that lags several commands; versions another process
saved in between), no event is applied again for the versions the process saved, and the steps
are never part of a saved table.
"""

from __future__ import annotations

import json
import random
from uuid import UUID

import pytest

from api.routes import stream
from api.routes.stream import FrameSource
from domain.application import Tables
from domain.games import GAMES
from domain.games.game import BotInput
from domain.table import STEPS, Table
from tests.fanout.sse import parse

GAMES_PLAYED = [("bunny_kingdom", 4), ("fantasy_ranch", 2), ("homesteaders", 3), ("walnut_grove", 2)]


def old_frame(event: str, version: int, data) -> bytes:
    return f"id: {version}\nevent: {event}\ndata: {json.dumps(data, separators=(',', ':'), default=str)}\n\n".encode()


def sqlite_tables(path) -> Tables:
    return Tables(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})


class Watched:
    """A seat-0 stream and a spectator stream on ``source``, taking their new frames on demand."""

    def __init__(self, tables: Tables, source: FrameSource, table_id: UUID) -> None:
        self.tables, self.source, self.table_id = tables, source, table_id
        self.sent: dict[int | None, int] = {0: 0, None: 0}
        self.frames: list[tuple[int | None, int, int, bytes]] = []
        self.take()  # opened: everything so far, as a stream without ``Last-Event-ID`` sends

    def take(self) -> None:
        for viewer in self.sent:
            upto = self.tables.table(self.table_id).version
            last, blob = self.source.frames(self.table_id, viewer, self.sent[viewer], upto)
            assert last == upto
            self.frames.append((viewer, self.sent[viewer], upto, blob))
            self.sent[viewer] = last


def play(tables: Tables, table_id: UUID, game: str, rng: random.Random) -> bool:
    """One move of seat 0 (seeded from its legal moves; the bots answer inside the command)."""
    if tables.table(table_id).status != "running":
        return False
    legal = tables.legal_moves(table_id, 0)
    if not legal:
        return False
    view = tables.view(table_id, 0)["view"]
    tables.play_move(table_id, 0, GAMES[game].bots["random"](BotInput(0, view, legal, rng)))
    return True


def assert_as_from_the_store(path, table_id: UUID, frames, monkeypatch) -> None:
    """Every frame equals what a process that saved nothing renders (every event read from the
    store), encoded as before orjson, and carries each version after the stream's, in order."""
    with monkeypatch.context() as patch:
        patch.setattr(stream, "_frame", old_frame)
        reader = sqlite_tables(path)
        try:
            reference = FrameSource(reader)
            for viewer, after, upto, blob in frames:
                assert reference.frames(table_id, viewer, after, upto) == (upto, blob), (viewer, after, upto)
                assert [m["id"] for m in parse([blob]) if m.get("event") == "entry"] == list(range(after + 1, upto + 1))
        finally:
            reader.close()


@pytest.fixture
def replays(monkeypatch):
    """The versions a ``FrameSource`` applies an event for (``Table.Event.mutate`` under ``frames``)."""
    applied: list[int] = []
    framing: list[int] = []
    real_mutate, real_frames = Table.Event.mutate, FrameSource.frames

    def mutate(self, aggregate):
        if framing:
            applied.append(self.originator_version)
        return real_mutate(self, aggregate)

    def frames(self, *args):
        framing.append(1)
        try:
            return real_frames(self, *args)
        finally:
            framing.pop()

    monkeypatch.setattr(Table.Event, "mutate", mutate)
    monkeypatch.setattr(FrameSource, "frames", frames)
    return applied


@pytest.mark.parametrize(("game", "seats"), GAMES_PLAYED)
def test_frames_told_from_the_commands_states_are_the_stores_byte_for_byte(tmp_path, monkeypatch, replays, game, seats):
    """Streams open on the opened table: the seats taken (the seats change), the start (the state
    appears), then moves with the bots' and chance's, taken after every command, then after every
    third (a frame spans several saves; one longer than the steps kept replays), then across
    versions another process saved."""
    tables = sqlite_tables(tmp_path / "t.db")
    other = sqlite_tables(tmp_path / "t.db")
    try:
        table_id = tables.open_table(game, seats).table_id
        watched = Watched(tables, FrameSource(tables), table_id)
        replays.clear()  # the opening, rendered from the store when the streams opened
        tables.take_seat(table_id, "Ann", seat=0)
        watched.take()
        for seat in range(1, seats):
            tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
        watched.take()
        tables.start(table_id)
        watched.take()
        assert replays == []  # the seats and the start: told from the commands' states
        rng = random.Random(11)
        checked = 0
        for n in range(24):
            if not play(tables, table_id, game, rng):
                break
            if n < 8 or n % 3 == 2:
                span, replayed = tables.table(table_id).version - min(watched.sent.values()), len(replays)
                watched.take()
                if span <= FrameSource.RECENT_STEPS:  # every step kept: told from the command's states
                    assert replays[replayed:] == [], span
                    checked += 1
        assert checked >= 8
        theirs = tables.table(table_id).version
        for _ in range(2):
            play(other, table_id, game, rng)  # another worker's saves: read from the store, applied
        play(tables, table_id, game, rng)
        watched.take()
        assert replays  # the other process's versions were applied again
        assert_as_from_the_store(tmp_path / "t.db", table_id, watched.frames, monkeypatch)
        assert watched.frames[-1][2] > theirs
    finally:
        other.close()
        tables.close()


def test_an_undo_is_told_from_the_commands_states_as_from_the_store(tmp_path, monkeypatch, replays):
    """``Undone`` replaces the state with an older one's copy: the next move is told from it."""
    tables = sqlite_tables(tmp_path / "t.db")
    try:
        table_id = tables.open_table("bunny_kingdom", 4, undo_policy="free").table_id
        watched = Watched(tables, FrameSource(tables), table_id)
        replays.clear()
        tables.take_seat(table_id, "Ann", seat=0)
        for seat in (1, 2, 3):
            tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
        tables.start(table_id)
        watched.take()
        rng = random.Random(3)
        for _ in range(3):
            play(tables, table_id, "bunny_kingdom", rng)
        watched.take()
        back_to = tables.table(table_id).start_version
        tables.request_undo(table_id, 0, back_to)
        watched.take()
        play(tables, table_id, "bunny_kingdom", rng)
        watched.take()
        entries = [m for _, _, _, blob in watched.frames for m in parse([blob]) if m.get("event") == "entry"]
        assert "Undone" in {m["data"]["event"] for m in entries}
        assert replays == []
        assert_as_from_the_store(tmp_path / "t.db", table_id, watched.frames, monkeypatch)
    finally:
        tables.close()


@pytest.mark.parametrize(("game", "seats"), GAMES_PLAYED)
def test_a_commands_steps_are_the_states_a_replay_gives_and_never_part_of_the_saved_table(game, seats):
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    handed: list = []
    tables.on_recorded.append(lambda table_id, events, table, steps: handed.append((events, table, steps)))
    try:
        table_id = tables.open_table(game, seats).table_id
        tables.take_seat(table_id, "Ann", seat=0)
        for seat in range(1, seats):
            tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
        tables.start(table_id)
        rng = random.Random(2)
        for _ in range(6):
            play(tables, table_id, game, rng)
        assert handed[0][2] is None  # the opening: no table before it
        checked = 0
        for events, table, steps in handed[1:]:
            assert STEPS not in table.__dict__  # not in a snapshot, not in equality
            assert len(steps) == len(events)
            replay = tables.table(table_id, version=events[0].originator_version - 1).working_copy()
            for event, (state, seats_before, rules) in zip(events, steps, strict=True):
                assert (state, seats_before, rules) == (replay.state, tuple(replay.players), replay.rules_version)
                replay = event.mutate(replay)
                checked += 1
            assert (replay.state, replay.players, replay.version) == (table.state, table.players, table.version)
        assert checked > 10
        latest = tables.table(table_id)
        assert STEPS not in latest.__dict__ and latest == tables.repository.get(table_id)
    finally:
        tables.close()


def test_a_refused_event_leaves_no_step_and_a_copy_of_a_deciding_copy_keeps_none():
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        table_id = tables.open_table("bunny_kingdom", 4).table_id
        tables.take_seat(table_id, "Ann", seat=0)
        deciding = tables.table(table_id).deciding_copy()
        with pytest.raises(Exception):  # noqa: B017, PT011 - the seat's refusal, whatever its class
            deciding.take_seat(0, "Bob", False, None)
        assert deciding.__dict__[STEPS] == []
        deciding.take_seat(1, "Bob", False, None)
        assert len(deciding.__dict__[STEPS]) == 1
        assert STEPS not in deciding.working_copy().__dict__
    finally:
        tables.close()


def test_only_the_last_steps_of_a_run_are_kept_and_a_stream_further_behind_replays(tmp_path, monkeypatch, replays):
    tables = sqlite_tables(tmp_path / "t.db")
    try:
        table_id = tables.open_table("bunny_kingdom", 4).table_id
        source = FrameSource(tables)
        watched = Watched(tables, source, table_id)
        tables.take_seat(table_id, "Ann", seat=0)
        for seat in (1, 2, 3):
            tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
        tables.start(table_id)
        watched.take()
        replays.clear()
        at = watched.sent[0]
        rng = random.Random(4)
        while tables.table(table_id).version < at + FrameSource.RECENT_STEPS + 8:
            play(tables, table_id, "bunny_kingdom", rng)
        kept = source._recent[table_id]
        stepped = [event.originator_version for event, step in kept if step is not None]
        assert len(kept) > FrameSource.RECENT_STEPS and len(stepped) == FrameSource.RECENT_STEPS
        assert stepped == [event.originator_version for event, _ in kept[-FrameSource.RECENT_STEPS:]]
        watched.take()  # beyond the kept steps, so the events are applied
        assert replays
        assert_as_from_the_store(tmp_path / "t.db", table_id, watched.frames, monkeypatch)
    finally:
        tables.close()


def test_a_table_no_stream_of_the_process_has_rendered_keeps_no_states(tmp_path):
    tables = sqlite_tables(tmp_path / "t.db")
    try:
        table_id = tables.open_table("bunny_kingdom", 4).table_id
        source = FrameSource(tables)
        tables.take_seat(table_id, "Ann", seat=0)
        tables.take_seat(table_id, "Bob", seat=1)
        assert [step for _, step in source._recent[table_id]] == [None, None]  # its two seats
        assert table_id not in source._tables
        source.frames(table_id, None, 0, tables.table(table_id).version)  # a stream renders it
        tables.take_seat(table_id, "Cy", seat=2)
        assert source._recent[table_id][-1][1] is not None
        assert tables.table(table_id).version in source._tables[table_id]
    finally:
        tables.close()
