"""Whole games: seeded bot playouts at every player count and option (protocol checked at every
step, JSON round trip, replay equals the live state) and the golden playthroughs."""

from __future__ import annotations

import json

import pytest

from domain.games.homesteaders import GAME
from domain.games.homesteaders.scoring import breakdown
from tests.games.playout import playout, replay

from . import golden
from .walk import COMBINATIONS, SEEDS


@pytest.mark.parametrize("seed", range(100, 100 + SEEDS))
@pytest.mark.parametrize(("players", "options"), COMBINATIONS, ids=lambda v: str(v))
def test_bot_game_finishes_replays_and_scores(players, options, seed):
    """HS-E01, HS-E02, HS-E05: ten rounds and the final round, then a full, consistent score.

    HS-H10: replaying the recorded steps never re-draws: the stacks come from recorded outcomes,
    so every tile is revealed again exactly as it was live.
    """
    run = playout(GAME, players, options, seed=seed)
    final = run.final
    assert GAME.is_over(final) and final.round == 11 and GAME.to_act(final) == frozenset()
    replayed = replay(GAME, players, run.options, run.steps)
    assert replayed == final and (replayed.stack2, replayed.stack3) == (final.stack2, final.stack3)
    scores = GAME.scores(final)
    for seat, player in enumerate(final.seats):
        assert scores.breakdown[seat] == breakdown(player)
        assert scores.tiebreak[seat] == [player.silver]
    best = max(scores.totals.values())
    assert {s for s, t in scores.totals.items() if t == best} >= set(scores.winners)
    assert sum(1 for actor, _ in run.steps if actor == -1) == (7 if players == 4 else 4)


def test_golden_playthroughs_are_unchanged():
    """A rules change that alters a stored game fails until ``golden --regenerate`` is run on purpose."""
    stored = json.loads(golden.PATH.read_text(encoding="utf-8"))
    assert len(stored) == len(golden.CASES) == 9
    assert stored == golden.generate()
