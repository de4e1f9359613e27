"""Seeded bot games at every player count: the protocol holds, replay equals the live game.

``BK_SEEDS`` raises the number of seeds per player count (default 2).
"""

from __future__ import annotations

import os

import pytest

from domain.games.bunny_kingdom import GAME
from tests.games.playout import option_sets, playout, replay

SEEDS = int(os.environ.get("BK_SEEDS", "2"))


@pytest.mark.parametrize("options", list(option_sets(GAME)), ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_bot_games_finish_round_trip_and_replay(players, options, seed):
    """BK-R11, BK-R153: four harvests each, a final breakdown that adds up, an identical replay."""
    run = playout(GAME, players, options, seed=1000 + seed)
    assert GAME.is_over(run.final) and GAME.to_act(run.final) == frozenset()
    assert replay(GAME, players, run.options, run.steps) == run.final
    result = GAME.scores(run.final)
    assert all(len(h) == 4 for h in run.final.harvests)
    for seat, parts in result.breakdown.items():
        assert sum(parts.values()) == result.totals[seat]
    assert sorted(result.ranking) == list(range(players))


def test_describe_gives_one_sentence_for_every_step():
    run = playout(GAME, 3, {}, seed=5, check=False)
    state = GAME.setup(3, {})
    from domain.games.game import CHANCE

    for actor, action in run.steps:
        for viewer in (None, 0):
            text = GAME.describe(state, actor, action, viewer)
            assert text.endswith(".") and "\n" not in text and len(text) > 10
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
