"""Every product game through the read models: a whole bot game, and each viewer's read models
equal what the application answers (so the game's own ``player_view``/``describe`` decide)."""

from __future__ import annotations

import pytest

from domain.application import Tables
from domain.games import _PRODUCT
from projections.queries import ReadModels
from projections.runner import Projector
from projections.stores import MemoryStore


@pytest.mark.parametrize("game", [g.name for g in _PRODUCT] or [pytest.param("none", marks=pytest.mark.skip)])
def test_a_whole_bot_game_projects_like_the_application_answers(game, tables: Tables):
    from domain.games import get_game

    found = get_game(game)
    table_id = tables.open_table(game, found.min_players).table_id
    for seat in range(found.min_players):
        tables.take_seat(table_id, f"bot-{seat}", bot=True)
    tables.start(table_id)
    store = MemoryStore()
    Projector(tables, store).catch_up()
    reads = ReadModels(store)
    assert reads.table(table_id)["status"] == tables.summary(table_id)["status"]
    for viewer in (None, *range(found.min_players)):
        assert reads.view(table_id, viewer)["view"] == tables.view(table_id, viewer)["view"]
        assert reads.log(table_id, viewer, limit=100_000) == [e.to_dict() for e in tables.log(table_id, viewer, limit=100_000)]
    assert reads.scores(table_id)["scores"] == tables.scores(table_id)
