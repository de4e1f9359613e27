"""The log projection does work per event, not per viewer per event, and never replays a game it
followed: a sentence no viewer reads differently is rendered once, and a game's end re-renders
its log from the steps kept while it ran, not from its history read back from the store.
Every entry stays what rendering it per viewer, or replaying the history, would store."""

from __future__ import annotations

import pytest

from domain.table import Table
from projections import audit_log
from projections.audit_log import EVERYONE, _entries
from projections.base import viewer_key, viewers
from projections.runner import Projector
from projections.stores import MemoryStore
from tests.domain.test_tables import play_first_legal, play_to_end, seated
from tests.projections.test_read_models import single_batch_snapshot, snapshot


def _steps(tables, table_id):
    """``(table, event, state before, seats before, state after)`` for each of the table's events."""
    table, out = None, []
    for event in tables.events.get(table_id):
        before, players = (table.state, list(table.players)) if table is not None else (None, [])
        table = event.mutate(table)
        out.append((table, event, before, players, table.state))
    return out


def _per_viewer(table, event, before, after, players):
    """The entries as rendered before this cut: one sentence per viewer, then compared."""
    entries = {}
    for viewer in viewers(table):
        seat, action, text = audit_log.neutral_event(table, event, before, players, viewer, False)
        facts = audit_log.event_facts(table, event, before, after, viewer, False)
        entries[viewer_key(viewer)] = {"seat": seat, "text": text, "action": action, "facts": facts}
    first = next(iter(entries.values()))
    return {EVERYONE: first} if all(e == first for e in entries.values()) else entries


def test_a_move_no_viewer_reads_differently_is_described_once_and_a_secret_bid_once_per_viewer(
        tables, monkeypatch):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    for seat in (0, 1):  # the two secret bids
        play_first_legal(tables, table_id, seat)
    play_first_legal(tables, table_id)  # a card played face up
    steps = _steps(tables, table_id)
    calls = []
    original = audit_log.neutral_event
    monkeypatch.setattr(audit_log, "neutral_event", lambda *a, **k: calls.append(a[1]) or original(*a, **k))
    moves = [step for step in steps if isinstance(step[1], Table.MovePlayed)]
    kinds = [e.move["type"] for _, e, _, _, _ in moves]
    assert kinds == ["bid", "bid", "play"]
    for table, event, before, players, after in moves:
        calls.clear()
        entries = _entries(table, event, before, after, players, over=False)
        expected = 1 if event.move["type"] == "play" else len(viewers(table))
        assert len(calls) == expected, event.move
        monkeypatch.setattr(audit_log, "neutral_event", original)
        assert entries == _per_viewer(table, event, before, after, players)
        monkeypatch.setattr(audit_log, "neutral_event", lambda *a, **k: calls.append(a[1]) or original(*a, **k))


def _games(tables, count=2):
    ids = []
    for _ in range(count):
        table_id = seated(tables, names=("ann", "bob"), undo_policy="free")
        tables.start(table_id)
        for seat in (0, 1):
            play_first_legal(tables, table_id, seat)
        mark = tables.table(table_id).version
        play_first_legal(tables, table_id)
        tables.request_undo(table_id, 0, mark)
        play_to_end(tables, table_id)
        ids.append(table_id)
    return ids


@pytest.mark.parametrize("batch_size", [1, 3])
def test_a_game_followed_from_its_start_ends_without_reading_its_history_back(tables, monkeypatch, batch_size):
    _games(tables)
    reference = single_batch_snapshot(tables)
    store = MemoryStore()
    projector = Projector(tables, store)
    monkeypatch.setattr(projector, "_history", lambda event: _unread)
    projector.catch_up(batch_size=batch_size)
    assert snapshot(store) == reference


def _unread():
    raise AssertionError("the game's history was read back from the store")


def test_a_worker_that_joins_a_game_midway_replays_its_history_at_the_end_and_stores_the_same(tables):
    [table_id] = _games(tables, 1)
    reference = single_batch_snapshot(tables)
    store = MemoryStore()
    half = tables.recorder.max_notification_id() // 2
    first = Projector(tables, store)
    for notification in tables.recorder.select_notifications(start=1, limit=half):
        first.process([notification])
    assert store.positions(["log"])["log"] == half
    # A first worker follows part of the game, a second (a restart: nothing kept) finishes it.
    Projector(tables, store).catch_up(batch_size=5)
    assert snapshot(store) == reference


def test_kept_steps_stay_within_their_bound(tables, monkeypatch):
    monkeypatch.setattr(audit_log, "KEPT_STEPS", 10)
    for _ in range(3):
        table_id = seated(tables, names=("ann", "bob"))
        tables.start(table_id)
        play_first_legal(tables, table_id, 0)
    reference = single_batch_snapshot(tables)
    store = MemoryStore()
    projector = Projector(tables, store)
    projector.catch_up(batch_size=2)
    log = next(p for p in projector.projections if isinstance(p, audit_log.AuditLog))
    assert sum(len(k) for k in log._kept.values()) <= 10 or len(log._kept) == 1
    assert snapshot(store) == reference
