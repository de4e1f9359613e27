"""One conformance test over every game the product hosts, plus the test-only Tiny Duel.

Seeded random playouts at every player count and option combination: the protocol holds at
every step, the state round-trips, the final state equals a replay of the recorded steps, and
the scores rank every seat. ``CONFORMANCE_SEEDS`` raises the number of seeds per combination.
"""

from __future__ import annotations

import json
import os

import pytest

from domain.games import GAMES
from tests.games.playout import option_sets, playout, replay
from tests.tinygame import GAME as TINY

SEEDS = int(os.environ.get("CONFORMANCE_SEEDS", "2"))

CASES = [
    pytest.param(game, players, options, seed, id=f"{game.name}-{players}p-{json.dumps(options, sort_keys=True)}-s{seed}")
    for game in sorted([TINY, *GAMES.values()], key=lambda g: g.name)
    for players in range(game.min_players, game.max_players + 1)
    for options in option_sets(game)
    for seed in range(SEEDS)
]


@pytest.mark.parametrize(("game", "players", "options", "seed"), CASES)
def test_seeded_bot_playout_obeys_the_protocol_and_replays(game, players, options, seed):
    run = playout(game, players, options, seed=seed)
    assert game.is_over(run.final)
    assert game.to_act(run.final) == frozenset()
    assert replay(game, players, run.options, run.steps) == run.final
    scores = game.scores(run.final)
    assert sorted(scores.ranking) == list(range(players))
    assert set(scores.winners) <= set(scores.ranking) and scores.winners
    assert set(scores.totals) == set(range(players))
    for seat, parts in scores.breakdown.items():
        assert sum(parts.values()) == scores.totals[seat], "the breakdown must add up to the total"
