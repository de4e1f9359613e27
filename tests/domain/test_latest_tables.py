"""The command path's shared latest tables: commands decide on a copy, the saved copy becomes the
latest version (no event is read back), snapshots are taken from it, and racing writers on one
table (two processes' worth of ``Tables`` on one store) lose and duplicate nothing.

Every story runs on the in-memory store, a SQLite file and the real PostgreSQL server.
"""

from __future__ import annotations

import threading
from uuid import uuid4

import pytest

from domain.application import Tables, summarise
from domain.errors import DomainError, IllegalMove
from domain.table import Table
from tests.backends import store_env
from tests.domain.test_tables import play_first_legal, play_to_end, seated


@pytest.fixture
def tables(backend, tmp_path):
    """``Tables`` as the API builds it: with its latest-tables cache on."""
    app = Tables(env={**store_env(backend, tmp_path), "AGGREGATE_CACHE_MAXSIZE": "100"})
    yield app
    app.close()


def replayed(tables: Tables, table_id, version=None) -> Table:
    """The table rebuilt from its stored events alone (no cache, no snapshot)."""
    table = None
    for event in tables.events.get(table_id, lte=version):
        table = event.mutate(table)
    return table


def facts(table: Table) -> dict:
    """Everything a table holds, as comparable data (the game state through its own encoding)."""
    return {**summarise(table), "state": table.game.to_dict(table.state) if table.state is not None else None,
            "commands": table.commands, "seated_since": table.seated_since, "chance_count": table.chance_count,
            "players": table.players, "start_version": table.start_version, "seed": table.seed}


class CountingReads:
    """Counts the event and snapshot reads an application makes."""

    def __init__(self, tables: Tables) -> None:
        self.count = 0
        for recorder in {id(r): r for r in (tables.events.recorder, tables.snapshots.recorder)}.values():
            original = recorder.select_events

            def counted(*args, _original=original, **kwargs):
                self.count += 1
                return _original(*args, **kwargs)

            recorder.select_events = counted


def test_the_table_after_a_save_equals_a_fresh_load(tables):
    table_id = seated(tables, names=("ann", "bob"), bots=("bot",))
    tables.start(table_id)
    for _ in range(6):
        play_first_legal(tables, table_id)
        latest = tables._latest.get(table_id)
        assert latest is not None and latest.version == tables.events.recorder.select_events(
            table_id, desc=True, limit=1)[0].originator_version
        assert facts(latest) == facts(replayed(tables, table_id))


def test_a_refused_command_leaves_the_shared_table_untouched(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    before = tables.table(table_id)
    kept = facts(before)
    with pytest.raises(IllegalMove):
        tables.play_move(table_id, 0, {"type": "bid", "card": 999})
    assert tables.table(table_id) is before and facts(before) == kept


def test_reading_a_current_table_reads_only_the_events_after_it(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    tables.table(table_id)
    reads = CountingReads(tables)
    first = tables.table(table_id)
    assert tables.table(table_id) is first  # shared, never copied
    assert reads.count == 2  # one look for newer events per load, nothing else
    play_first_legal(tables, table_id)
    reads.count = 0
    tables.play_move(table_id, 1, tables.legal_moves(table_id, 1)[0])
    assert reads.count == 2  # legal_moves and the command each look once for newer events


def test_a_command_on_a_table_loaded_for_the_request_reads_nothing_more(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    table = tables.table(table_id)
    move = tables.legal_moves(table_id, 0)[0]
    reads = CountingReads(tables)
    with tables.reusing(table):
        tables.play_move(table_id, 0, move)
    assert reads.count == 0


def test_a_command_on_the_table_this_process_keeps_reads_nothing(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    move = tables.legal_moves(table_id, 0)[0]
    reads = CountingReads(tables)
    own = tables.own_latest(table_id)
    assert own is tables.table(table_id) and reads.count == 1  # own_latest itself read nothing
    reads.count = 0
    with tables.reusing(own, read=False):
        tables.play_move(table_id, 0, move)
    assert reads.count == 0
    assert facts(tables.table(table_id)) == facts(replayed(tables, table_id))


@pytest.fixture
def two_workers(backend, tmp_path):
    """Two ``Tables`` on one store, as two web workers hold it; a Tiny Duel table (ann, bob)
    started by the first, in the bid step, known to both."""
    if backend == "memory":
        pytest.skip("two applications cannot share one in-memory store")
    env = {**store_env(backend, tmp_path), "AGGREGATE_CACHE_MAXSIZE": "100"}
    workers = [Tables(env=env), Tables(env={**env, "CREATE_TABLE": "n"})]
    table_id = seated(workers[0], names=("ann", "bob"))
    workers[0].start(table_id)
    workers[1].table(table_id)
    yield workers, table_id
    for worker in workers:
        worker.close()


def test_a_command_decided_on_an_old_version_is_decided_again_on_the_latest(two_workers):
    """TD-R2: bob's bid reaches the worker that has not seen ann's; it is recorded after hers."""
    (a, b), table_id = two_workers
    stale = a.own_latest(table_id)
    hands = stale.state.hands
    b.play_move(table_id, 0, {"type": "bid", "card": hands[0][0]})
    with a.reusing(stale, read=False):
        receipt = a.play_move(table_id, 1, {"type": "bid", "card": hands[1][0]})
    bids = [e.seat for e in a.events.get(table_id) if isinstance(e, Table.MovePlayed)]
    assert bids == [0, 1] and receipt.version == a.table(table_id).version
    assert facts(a.table(table_id)) == facts(replayed(a, table_id))
    assert a.own_latest(table_id) is None  # another process writes here: commands read it first now


def test_a_move_refused_on_an_old_version_is_judged_again_on_the_latest(two_workers):
    """TD-R4: both bids went through the other worker; ann's roll, refused in the bid step this
    worker last saw, is her turn's move on the latest version."""
    (a, b), table_id = two_workers
    stale = a.own_latest(table_id)
    for seat in (0, 1):
        b.play_move(table_id, seat, {"type": "bid", "card": stale.state.hands[seat][0]})
    with a.reusing(stale, read=False):
        a.play_move(table_id, 0, {"type": "roll"})
    assert a.table(table_id).state.turns_taken == 1
    assert facts(a.table(table_id)) == facts(replayed(a, table_id))


def test_a_move_refused_on_the_latest_version_is_refused_with_its_rule(two_workers):
    (a, _), table_id = two_workers
    head = a.table(table_id).version
    with a.reusing(a.own_latest(table_id), read=False), pytest.raises(IllegalMove) as refused:
        a.play_move(table_id, 0, {"type": "roll"})
    assert refused.value.rule and a.table(table_id).version == head


def test_the_seat_check_runs_again_on_the_version_a_command_is_decided_on(two_workers):
    """The other worker changed the table; the caller's check refuses the re-read version, and
    nothing is recorded."""
    (a, b), table_id = two_workers
    stale = a.own_latest(table_id)
    b.play_move(table_id, 0, {"type": "bid", "card": stale.state.hands[0][0]})
    head = b.table(table_id).version
    checked = []

    def check(table):
        checked.append(table.version)
        if table.version != stale.version:
            raise PermissionError("the seat changed hands")

    with a.reusing(stale, read=False, check=check), pytest.raises(PermissionError):
        a.play_move(table_id, 1, {"type": "bid", "card": stale.state.hands[1][0]})
    assert checked == [head] and a.table(table_id).version == head


def test_snapshots_are_the_saved_table_and_load_like_a_replay(tables):
    table_id = seated(tables, names=("ann", "bob"))
    for _ in range(60):  # a long history: the snapshot interval (100) is crossed mid-command
        tables.leave(table_id, 1)
        tables.take_seat(table_id, "bob")
    tables.start(table_id)
    play_to_end(tables, table_id)
    snapshots = list(tables.snapshots.get(table_id))
    assert snapshots
    for snapshot in snapshots:
        version = snapshot.originator_version
        assert facts(snapshot.mutate(None)) == facts(replayed(tables, table_id, version))


def test_two_processes_racing_on_one_table_lose_and_duplicate_nothing(backend, tmp_path):
    """Two ``Tables`` (two workers' caches) on one store: every seat bids twice with one command id,
    worker, some twice with the same command id; everything acknowledged is recorded once."""
    if backend == "memory":
        pytest.skip("two applications cannot share one in-memory store")
    env = {**store_env(backend, tmp_path), "AGGREGATE_CACHE_MAXSIZE": "100"}
    workers = [Tables(env=env), Tables(env={**env, "CREATE_TABLE": "n"})]
    try:
        table_id = seated(workers[0], names=tuple(f"p{i}" for i in range(4)))
        workers[0].start(table_id)
        workers[1].table(table_id)  # both caches hold the table before the race
        state = workers[0].table(table_id).state
        ids = {seat: uuid4().hex for seat in range(4)}
        receipts, errors = [], []

        def bid(seat, worker):
            try:
                receipts.append((seat, worker.play_move(table_id, seat, {"type": "bid", "card": state.hands[seat][0]},
                                                        command_id=ids[seat])))
            except DomainError as error:
                errors.append(error)

        threads = [threading.Thread(target=bid, args=(seat, workers[(seat + k) % 2]))
                   for seat in range(4) for k in range(2)]  # each bid twice, once per worker
        [t.start() for t in threads]
        [t.join() for t in threads]
        assert errors == []
        moves = [e for e in workers[0].events.get(table_id) if isinstance(e, Table.MovePlayed)]
        assert sorted(m.seat for m in moves) == list(range(4))
        by_seat = {}
        for seat, receipt in receipts:
            by_seat.setdefault(seat, set()).add(receipt.version)
        assert all(len(versions) == 1 for versions in by_seat.values())  # a retry answers the first result
        fresh = replayed(workers[0], table_id)
        for worker in workers:
            assert facts(worker.table(table_id)) == facts(fresh)
    finally:
        for worker in workers:
            worker.close()


def test_a_tables_save_records_every_pending_event_snapshots_and_tells_the_library_hooks(tables, monkeypatch):
    """``Tables.save`` takes a lone table without the library's protocol checks: what it records,
    snapshots and passes to the library's hooks is what the library's own ``save`` would."""
    from eventsourcing.application import Application, ProcessingEvent

    def refused(*args, **kwargs):
        raise AssertionError("the library's collect_events ran for a lone table")

    monkeypatch.setattr(ProcessingEvent, "collect_events", refused)
    monkeypatch.setattr(Tables, "snapshotting_intervals", {Table: 5})
    heard: list = []
    monkeypatch.setattr(tables, "_notify", lambda recordings: heard.append([r.notification.id for r in recordings]))
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    while tables.table(table_id).version < 12 and tables.table(table_id).status == "running":
        play_first_legal(tables, table_id)
    stored = list(tables.events.get(table_id))
    assert [e.originator_version for e in stored] == list(range(1, len(stored) + 1))
    assert sum(len(ids) for ids in heard) == len(stored)  # every save told the hook its recordings
    assert facts(replayed(tables, table_id)) == facts(tables.table(table_id))
    snapshots = [s.originator_version for s in tables.snapshots.get(table_id)]
    assert snapshots and all(v % 5 == 0 for v in snapshots)  # at the interval, as the library would
    # Anything else still goes through the library's save (and its collect_events).
    table = tables.table(table_id).working_copy()
    with pytest.raises(AssertionError, match="collect_events ran"):
        Application.save(tables, table)
