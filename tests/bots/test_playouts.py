"""Bots always finish: seeded games at every level and player count end, every move legal.

``random`` and ``basic`` fill every seat; ``strong`` sits in seat 0 against ``basic`` bots (a
table of four strong bots costs minutes and proves nothing more).
"""

from __future__ import annotations

import pytest

from domain.games.game import BOT_LEVELS
from tests.bots.helpers import PRODUCT, positions, seed_of

CASES = [
    pytest.param(game, players, level, id=f"{game.name}-{players}p-{level}")
    for game in PRODUCT
    for players in range(game.min_players, game.max_players + 1)
    for level in BOT_LEVELS
]


@pytest.mark.parametrize(("game", "players", "level"), CASES)
def test_a_seeded_bot_game_at_this_level_ends_with_every_move_legal(game, players, level):
    levels = [level] + ["basic" if level == "strong" else level] * (players - 1)
    seed = seed_of("playout", game.name, players, level)
    last = None
    for version, state, seat in positions(game, players, seed, levels):
        assert seat in game.to_act(state)
        last = (version, state, seat)
    assert last is not None
