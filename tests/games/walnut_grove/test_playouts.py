"""Seeded bot games at every player count: the protocol holds at every step, the state
round-trips, a replay equals the live game, and whole-game invariants of the spec hold.

``WG_SEEDS`` raises the number of seeds per player count (default 3).
"""

from __future__ import annotations

import os

import pytest

from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.components import HOUSING_SPACES
from tests.games.playout import option_sets, playout, replay

SEEDS = int(os.environ.get("WG_SEEDS", "3"))
CASES = [
    (players, options, seed)
    for players in range(GAME.min_players, GAME.max_players + 1)
    for options in option_sets(GAME)
    for seed in range(SEEDS)
]


@pytest.mark.parametrize(("players", "options", "seed"), CASES)
def test_bot_game_finishes_replays_and_keeps_the_invariants(players, options, seed):
    run = playout(GAME, players, options, seed=1000 + seed)
    final = run.final
    assert GAME.is_over(final) and GAME.to_act(final) == frozenset()
    assert replay(GAME, players, run.options, run.steps) == final
    assert final.year == 8 and [d[0] for d in final.removed_discs] == ["A"] * 4 + ["B"] * 4
    for player in final.players:
        assert len(player.tiles) == 10  # WG-D07: 5 + 5 kept tiles, the bag never runs short
        assert len(player.active) <= HOUSING_SPACES and not player.pending
        assert len(player.barn) == 4 + 2 * len(player.barn_tiles)
    scores = GAME.scores(final)
    assert sorted(scores.ranking) == list(range(players))
    for seat, parts in scores.breakdown.items():
        assert sum(parts.values()) == scores.totals[seat]
