"""Walnut Grove's strong bot judges a fall choice after the seats that move after it this fall
have answered as `basic` would (issue 38, twelfth session): next year's fall starts from the
street they leave. The position comes from a seeded game of four `basic` bots
(``tests.bots.helpers.positions``); every policy reads the seat's view alone."""

from __future__ import annotations

import random

from domain.games import get_game
from domain.games.game import BotInput
from domain.games.walnut_grove import bots
from domain.games.walnut_grove.determinize import determinize
from domain.games.walnut_grove.rules import play, to_act
from tests.bots.helpers import positions, seed_of

GAME = get_game("walnut_grove")


def _position(seed: str, version: int):
    for at, state, seat in positions(GAME, 4, seed, ["basic"] * 4):
        if at == version:
            return state, seat
    raise AssertionError(f"the game never reached version {version}")


def _input(state, seat: int) -> BotInput:
    return BotInput(seat, GAME.player_view(state, seat), GAME.legal_moves(state, seat), random.Random(3))


def test_strong_judges_a_fall_turn_on_the_street_the_later_seats_leave():
    """Year 2's fall, seat 3 third of four: seat 1 stands on the post office, and moves after
    seat 3. Judged on the street as it stands, selling at General Store 2 leaves next year's fall
    nothing worth a turn (the post office, where seat 3 would buy goods next, is taken); once seat
    1 has moved on as ``basic`` would (to General Store 1), that turn counts (0.7 x 4.2), so
    strong sells its wood at General Store 2 where ``basic`` sells at General Store 1."""
    state, seat = _position(seed_of("wgs2", 0), 46)
    assert state.phase == "fall" and seat == 3 and state.order == (0, 2, 3, 1)
    assert state.player(1).place == "post_office"
    strong = bots.strong_policy(_input(state, seat))
    basic = bots.basic_policy(_input(state, seat))
    assert strong["destination"] == "general_store_2" and basic["destination"] == "general_store_1"
    world = determinize(GAME.player_view(state, seat), seat, random.Random(0))
    after = play(world, seat, strong)
    sold = bots._resolve(after, random.Random(11))  # the sale's coins drawn
    assert to_act(sold) == frozenset({1}) and bots.next_fall_potential(sold, seat) == 0
    judged = bots.finish_fall(after, seat, random.Random(11))
    assert judged - bots.worth(sold, seat, plan=True) > 2
