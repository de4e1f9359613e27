"""A game with strong bots, replayed from its events, is the live game: every bot move recorded
is the move its level chooses again on the replayed state with the generator of that version,
and the audit passes."""

from __future__ import annotations

import pytest

from domain.application import bot_decision
from domain.fairness import bot_rng
from domain.games import get_game
from domain.table import Table


@pytest.mark.parametrize("game_name", ["bunny_kingdom", "homesteaders"])
def test_replaying_a_strong_bot_game_chooses_every_recorded_move_again(memory_tables, game_name):
    tables = memory_tables
    table_id = tables.open_table(game_name, 2).table_id
    tables.take_seat(table_id, "ann", bot=True, level="strong")
    tables.take_seat(table_id, "bob", bot=True, level="strong")
    tables.start(table_id)
    summary = tables.summary(table_id)
    assert summary["status"] == "finished"
    assert tables.audit(table_id).ok
    game, seed = get_game(game_name), summary["seed"]
    table, checked = None, 0
    for event in tables.events.get(table_id):
        if isinstance(event, Table.MovePlayed):
            version = event.originator_version - 1
            again = bot_decision(game, table.state, event.seat, table.bot_level(event.seat),
                                 bot_rng(seed, version, event.seat))
            assert again == event.move, f"version {event.originator_version}: the bot chose differently on replay"
            checked += 1
        table = event.mutate(table)
    assert checked > 20
    assert game.to_dict(table.state) == game.to_dict(tables.table(table_id).state)
