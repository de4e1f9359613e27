"""The projection worker renders less and stores the same: the log's end of game renders only what
the reveal changes, seat names are computed when the seats change, a table's summary once a batch.

When a game ends, ``AuditLog`` stores every entry revealed. A row stored while the game ran whose
revealed entries were already known then (a table event; a move whose sentence no viewer reads
differently, its revealed facts derived beside the readers') is left as it is or rewritten from
what was kept, without rendering it again. These tests compare, byte for byte, the documents of a
worker that followed the games in small batches (the rows stored while they ran, then the end)
with those of one that saw each whole game in one batch (every entry rendered revealed), over a
seeded table of each product game with people and bots at it, and over Tiny Duel games whose
undo lands in the batch of the game's end.
"""

from __future__ import annotations

import random
from unittest import mock

import pytest

import domain.application as application
from domain.application import Tables, summarise
from domain.games import _PRODUCT
from domain.table import Table
from projections import audit_log, base, lobby, player_views
from projections.queries import ReadModels
from projections.runner import NAMES, Projector
from projections.stores import MemoryStore
from tests.domain.test_tables import play_to_end, seated
from tests.projections.test_read_models import bid_play_and_take_back

SEED = "1eaf" * 16
GAMES = [g.name for g in _PRODUCT] or [pytest.param("none", marks=pytest.mark.skip)]


def _texts(store: MemoryStore) -> dict:
    """Every stored document as the exact text a reader gets (not just equal once decoded)."""
    return {name: dict(store._docs.get(name, {})) for name in NAMES}


def _projected(tables: Tables, batch_size: int) -> tuple[dict, int]:
    """The documents after a catch-up in batches of ``batch_size``, and how many events the end of
    a game rendered again (``_entries`` with the game over)."""
    rendered = []
    original = audit_log._entries

    def counting(table, event, before, after, players, over):
        if over:
            rendered.append(event)
        return original(table, event, before, after, players, over)

    store = MemoryStore()
    with mock.patch.object(audit_log, "_entries", counting):
        Projector(tables, store).catch_up(batch_size=batch_size)
    return _texts(store), len(rendered)


@pytest.fixture(scope="module")
def product_tables():
    """One seeded four-seat table per product game: people at seats 0 and 2, random bots at 1 and 3;
    the people play the game's random rule from a seeded generator."""
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    ids = {}
    for game in GAMES:
        with mock.patch.object(application, "new_seed", lambda: SEED):
            table_id = tables.open_table(game, 4).table_id
        for seat in range(4):
            tables.take_seat(table_id, f"P{seat}", seat=seat, bot=seat % 2 == 1, level="random" if seat % 2 else None)
        tables.start(table_id)
        rng = random.Random(11)
        while (table := tables.table(table_id)).status == "running":
            seat = min(table.to_act())
            tables.play_move(table_id, seat, table.game.bot_move(table.state, seat, rng))
        ids[game] = table_id
    yield tables, ids
    tables.close()


@pytest.mark.parametrize("batch_size", [1, 5, 40])
def test_a_finished_product_games_log_equals_a_full_revealed_re_render_byte_for_byte(product_tables, batch_size):
    tables, ids = product_tables
    events = {game: list(tables.events.get(table_id)) for game, table_id in ids.items()}
    assert all(isinstance(e[-1], Table.GameFinished) for e in events.values())
    reference, everything = _projected(tables, 100_000)
    assert everything == sum(len(e) for e in events.values())  # the reference renders every entry revealed
    followed, rendered = _projected(tables, batch_size)
    assert followed == reference
    assert rendered < everything  # and the followed games' ends rendered fewer of them again


def _tiny_duels_with_undos(tables: Tables) -> None:
    for _ in range(3):
        table_id = seated(tables, names=("ann", "bob"), undo_policy="free")
        tables.start(table_id)
        bid_play_and_take_back(tables, table_id)
        play_to_end(tables, table_id)


def _undo_in_the_last_batch(tables: Tables, batch_size: int) -> bool:
    """Whether some game's ``Undone`` comes in the batch of its ``GameFinished`` and marks an event
    of an earlier batch (a row stored while the game ran that the end must mark)."""
    items = tables.recorder.select_notifications(start=1, limit=10_000)
    batch_of = {(n.originator_id, n.originator_version): (n.id - 1) // batch_size for n in items}
    for table_id in {n.originator_id for n in items}:
        history = list(tables.events.get(table_id))
        end = batch_of[(table_id, history[-1].originator_version)]
        for event in history:
            if isinstance(event, Table.Undone) and batch_of[(table_id, event.originator_version)] == end:
                if any(batch_of[(table_id, v)] < end for v in range(event.undone[0], event.undone[1] + 1)):
                    return True
    return False


def test_an_undo_in_the_batch_of_the_games_end_still_marks_the_rows_stored_before(tables):
    _tiny_duels_with_undos(tables)
    reference, _ = _projected(tables, 100_000)
    sizes = range(1, 13)
    for batch_size in sizes:
        assert _projected(tables, batch_size)[0] == reference, batch_size
    assert any(_undo_in_the_last_batch(tables, size) for size in sizes)  # the case this test is for


def test_seat_names_are_computed_again_only_when_a_tables_seats_change():
    calls = []
    names = audit_log.SeatNames()
    ann, bob, bot = {"name": "Ann", "bot": False}, {"name": "Bob", "bot": False}, {"name": "Ann", "bot": True}
    real = audit_log.seat_names
    with mock.patch.object(audit_log, "seat_names", lambda a, b: calls.append((list(a), list(b))) or real(a, b)):
        seats = [ann, None]
        assert names.get("t", seats, seats) == ["Ann", "Seat 2"]
        assert names.get("t", list(seats), list(seats)) == ["Ann", "Seat 2"]  # a copy of the same seats
        assert len(calls) == 1
        taken = [ann, bob]
        assert names.get("t", taken, seats) == ["Ann", "Bob"]
        assert names.get("u", taken, taken) == ["Ann", "Bob"]  # another table has names of its own
        assert len(calls) == 3
        # A bot takes over Bob's seat under Ann's name: a new dict, so the names are computed again.
        assert names.get("t", [ann, bot], taken) == ["Ann (seat 1)", "Ann (seat 2)"]
        assert len(calls) == 4


def test_the_lobby_and_the_views_share_one_summary_of_a_table_per_batch(tables):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    calls = []
    real = base.summarise
    store = MemoryStore()
    counting = lambda table: calls.append(table.version) or real(table)  # noqa: E731
    with mock.patch.object(base, "summarise", counting), \
            mock.patch.object(lobby, "summarise", counting, create=True), \
            mock.patch.object(player_views, "summarise", counting, create=True):  # wherever a model would call it
        Projector(tables, store).catch_up(batch_size=100)
    table = tables.table(table_id)
    assert calls == [table.version]  # one batch, one table: one summary for both models
    reads = ReadModels(store)
    assert reads.view(table_id, 0)["table"] == summarise(table)
    assert {k: v for k, v in reads.table(table_id).items() if k not in ("free_seats", "opened", "updated")} == (
        summarise(table))
