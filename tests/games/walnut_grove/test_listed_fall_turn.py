"""``take_listed_fall_turn`` (what a ``basic`` bot plays its fall candidates with, issue 39) is
``take_fall_turn`` for every fall turn ``legal_moves`` lists: the same state, move for move,
over the fall turns of a seeded bot game."""

from __future__ import annotations

from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.fall import take_listed_fall_turn
from domain.games.walnut_grove.rules import play
from tests.games.playout import playout


def test_a_listed_fall_turn_gives_the_state_the_rules_give():
    run = playout(GAME, 3, {}, seed=1039)
    state, compared, kinds = GAME.setup(3, GAME.resolve_options(3, run.options)), 0, set()
    for actor, action in run.steps:
        if actor != CHANCE and state.phase == "fall" and not state.overflow and not state.chance_step:
            for move in GAME.legal_moves(state, actor):
                if move["type"] == "take_fall_turn":
                    assert take_listed_fall_turn(state, actor, move) == play(state, actor, move), move
                    compared += 1
                    kinds.add(next(k for k in ("goods", "labourer_id", "building_tile_id", "upgrade_id", "sell")
                                   if k in move))
        state = _step(state, actor, action)
    assert compared > 100
    assert kinds == {"goods", "labourer_id", "building_tile_id", "upgrade_id", "sell"}


def _step(state, actor, action):
    if actor == CHANCE:
        return GAME.resolve_chance(state, action["outcome"])
    return GAME.play(state, actor, action)
