"""The record with the project's own code (domain/record.py, domain/importing.py): undone spans and
forks replay into a new table; a record is refused when it does not verify or does not replay."""

from __future__ import annotations

import json

import pytest

from api.config import Settings
from api.wiring import build_tables
from domain.importing import InvalidRecord, import_record, replay_record
from domain.record import check_record, table_record
from tests.verifier.helpers import load_verifier, rechain

verifier = load_verifier()


@pytest.fixture
def tables():
    tables = build_tables(Settings(store="memory"))
    yield tables
    tables.close()


def _play_out(tables, table_id, undo_at: int | None = None):
    """Seat 0 (a person) plays its first legal move whenever it must, bots play the rest."""
    moves = 0
    while tables.summary(table_id)["status"] == "running":
        summary = tables.summary(table_id)
        seat = 0 if 0 in summary["to_act"] else summary["to_act"][0]
        tables.play_move(table_id, seat, tables.legal_moves(table_id, seat)[0])
        moves += 1
        if moves == undo_at:
            tables.request_undo(table_id, 0, tables.summary(table_id)["version"] - 2)


def _record(tables, table_id) -> dict:
    return json.loads(json.dumps(table_record(tables, table_id, None)))


def test_a_record_with_an_undo_verifies_and_replays_into_a_new_table(tables):
    table_id = tables.open_table("tiny_duel", 2, undo_policy="free").table_id
    tables.take_seat(table_id, "ann")
    tables.take_seat(table_id, "bot", bot=True)
    tables.start(table_id)
    _play_out(tables, table_id, undo_at=2)
    record = _record(tables, table_id)
    assert "Undone" in {e["event"] for e in record["events"]}
    assert check_record(record).ok
    assert verifier.verify(record, [], None, False, out=open("/dev/null", "w")) is None
    new_id = import_record(tables, record)
    copy = _record(tables, new_id)
    assert copy["table"] != record["table"] and tables.audit(new_id).ok
    assert [e["payload"] for e in copy["events"]] == [e["payload"] for e in record["events"]]
    assert tables.summary(new_id)["result"] == tables.summary(table_id)["result"]


def test_a_record_keeps_each_bots_level_when_it_is_imported(tables):
    # A bot seated at a level other than the default replays at that level: the import seats it
    # as recorded, so the rules record the same SeatTaken and every later move is the same.
    table_id = tables.open_table("tiny_duel", 2).table_id
    tables.take_seat(table_id, "ann")
    tables.take_seat(table_id, "bot", bot=True, level="random")
    tables.start(table_id)
    _play_out(tables, table_id)
    record = _record(tables, table_id)
    assert [e["payload"]["level"] for e in record["events"] if e["event"] == "SeatTaken"] == [None, "random"]
    new_id = import_record(tables, record)
    assert [e["payload"] for e in _record(tables, new_id)["events"]] == [e["payload"] for e in record["events"]]
    assert tables.audit(new_id).ok


def test_a_forks_record_counts_chance_steps_on_from_its_start_and_replays(tables):
    source = tables.open_table("walnut_grove", 2).table_id
    for seat in range(2):
        tables.take_seat(source, f"bot {seat}", bot=True)
    tables.start(source)
    fork_at = tables.summary(source)["version"] // 2
    fork = tables.fork(source, fork_at).table_id
    for seat in tables.table(fork).free_seats():
        tables.take_seat(fork, f"new {seat}", bot=True)
    tables.start(fork)
    record = _record(tables, fork)
    assert record["forked_from"] == {"table": str(source), "version": fork_at}
    assert record["events"][0]["payload"]["initial"]["chance_count"] > 0
    assert check_record(record).ok
    assert verifier.verify(record, [], None, False, out=open("/dev/null", "w")) is None
    assert tables.audit(import_record(tables, record)).ok


def test_a_record_whose_moves_the_rules_refuse_is_not_replayed_even_with_a_perfect_chain(tables):
    table_id = tables.open_table("tiny_duel", 2).table_id
    for seat in range(2):
        tables.take_seat(table_id, f"bot {seat}", bot=True)
    tables.start(table_id)
    record = _record(tables, table_id)
    move = next(e for e in record["events"] if e["event"] == "MovePlayed" and e["payload"]["move"]["type"] == "play")
    move["payload"]["move"]["card"] = 99  # a card nobody holds
    rechain(record, move["version"])
    assert check_record(record).ok  # the chain, seed and dice say nothing about legality ...
    with pytest.raises(InvalidRecord, match=f"version {move['version']} does not replay"):
        replay_record(record)  # ... the rules do


def test_a_record_of_other_rules_is_refused(tables):
    table_id = tables.open_table("tiny_duel", 2).table_id
    for seat in range(2):
        tables.take_seat(table_id, f"bot {seat}", bot=True)
    tables.start(table_id)
    record = _record(tables, table_id)
    record["events"][0]["payload"]["rules_version"] = "0-ancient"
    record["rules_version"] = "0-ancient"
    rechain(record)
    with pytest.raises(InvalidRecord, match="rules 0-ancient"):
        replay_record(record)


STORES = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.integration)]


@pytest.mark.parametrize("kind", STORES)
def test_every_store_gives_back_the_timestamps_and_payloads_the_table_recorded(kind, tmp_path):
    """A record hashes what was written (timestamps too, in chain format 2): each store must read
    back each event's timestamp string and payload exactly as the table held them before saving."""
    from uuid import uuid4

    from domain.application import Tables
    from domain.fairness import new_seed
    from domain.games import get_game
    from domain.record import build_record, payload_of
    from domain.table import Table
    from tests.backends import store_env

    env = store_env(kind, tmp_path)
    table = Table.open(id=uuid4(), game=get_game("walnut_grove"), options={}, seats=2, undo_policy="consent",
                       seed=new_seed(), command_id=None)
    for seat in range(2):
        table.take_seat(seat, f"Zoë {seat}", True, None)
    table.start(None)
    written = [(e.timestamp.isoformat(), payload_of(e), e.digest) for e in table.pending_events]
    writer = Tables(env=env)
    writer.save(table)
    if kind != "memory":  # a fresh process's read (the in-memory store lives in its application)
        writer.close()
    reader = writer if kind == "memory" else Tables(env=env)
    try:
        record = build_record(reader.events.get(table.id), None)
    finally:
        reader.close()
    assert [(e["timestamp"], e.get("payload"), e["digest"]) for e in record["events"]][1:] == written[1:]
    assert record["events"][0]["timestamp"] == written[0][0]  # Opened: redacted before the end
    assert all(t.endswith("+00:00") for t, _, _ in written)
