"""``take_listed_fall_turn`` and ``place_listed_figures`` (what a ``basic`` bot plays its fall and
summer candidates with, issue 39) give the state ``play`` gives for every fall turn
``legal_moves`` lists and for summer placements, move for move, over a seeded bot game."""

from __future__ import annotations

from itertools import combinations, islice

from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.fall import take_listed_fall_turn
from domain.games.walnut_grove.farm import farm_areas
from domain.games.walnut_grove.legal import summer_move
from domain.games.walnut_grove.rules import play
from domain.games.walnut_grove.summer import figures, place_listed_figures
from tests.games.playout import playout

ACTIONS = ("goods", "labourer_id", "building_tile_id", "upgrade_id", "sell")


def test_a_listed_fall_turn_gives_the_state_the_rules_give():
    run = playout(GAME, 3, {}, seed=1039)
    state, compared, kinds = GAME.setup(3, GAME.resolve_options(3, run.options)), 0, set()
    for actor, action in run.steps:
        if actor != CHANCE and state.phase == "fall" and not state.overflow and not state.chance_step:
            for move in GAME.legal_moves(state, actor):
                if move["type"] == "take_fall_turn":
                    assert take_listed_fall_turn(state, actor, move) == play(state, actor, move), move
                    compared += 1
                    kinds.add(next(k for k in ACTIONS if k in move))
        state = _step(state, actor, action)
    assert compared > 100
    assert kinds == set(ACTIONS)  # every kind of action compared


def _step(state, actor, action):
    if actor == CHANCE:
        return GAME.resolve_chance(state, action["outcome"])
    return GAME.play(state, actor, action)


def test_listed_figures_give_the_state_the_rules_give():
    """``place_listed_figures`` (a ``basic`` summer's candidates) is ``place_figures`` of the
    ``summer_move`` spelling the same areas, for every summer placement of a seeded game."""
    run = playout(GAME, 3, {}, seed=1039)
    state, compared = GAME.setup(3, GAME.resolve_options(3, run.options)), 0
    for actor, action in run.steps:
        if actor != CHANCE and state.phase == "summer" and not state.player(actor).done:
            player = state.player(actor)
            areas = farm_areas(player.board, player.tiles)
            for chosen in islice(combinations(areas, len(figures(player))), 6):
                listed = place_listed_figures(state, actor, chosen)
                assert listed == play(state, actor, summer_move(player, chosen)), chosen
                compared += 1
        state = _step(state, actor, action)
    assert compared > 50
