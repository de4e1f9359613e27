"""``walk``, the one loop every seeded bot game is played with: chance steps draw in order, the
lowest seat to act plays, and every step counts towards the version its seat's bot draws from."""

from __future__ import annotations

import pytest

from domain.games.game import walk, walk_to_end
from tests.tinygame import GAME as TINY


def _draw(drawn: list):
    def draw(request, n):
        drawn.append((request.kind, n))
        return list(range(1, 13)) if request.kind == "shuffle" else [n]

    return draw


def _bid_then_roll(version, state, seat):
    return {"type": "bid", "card": state.hands[seat][0]} if state.phase == "bid" else {"type": "roll"}


def test_a_walk_draws_chance_in_order_and_the_lowest_seat_to_act_plays_each_step_counted():
    drawn: list = []
    chosen: list = []

    def choose(version, state, seat):
        chosen.append((version, seat))
        return _bid_then_roll(version, state, seat)

    steps = walk(TINY, TINY.setup(2, TINY.resolve_options(2, {})), _draw(drawn), choose)
    seen = [(version, seat) for version, _state, seat in steps]
    # the deal is step 1; both seats bid at once, seat 0 first; every roll is a chance step of its own
    assert seen == chosen == [(2, 0), (3, 1), (4, 0), (6, 1), (8, 0), (10, 1)]
    assert drawn == [("shuffle", 0), ("roll", 1), ("roll", 2), ("roll", 3), ("roll", 4)]


def test_a_walk_yields_each_position_before_its_move_and_ends_with_the_final_state():
    start = TINY.setup(2, TINY.resolve_options(2, {}))
    steps = walk(TINY, start, _draw([]), _bid_then_roll)
    _version, state, seat = next(steps)
    assert state.phase == "bid" and state.bids[seat] is None  # not yet played
    final = walk_to_end(TINY, start, _draw([]), _bid_then_roll)
    # seat 1's bid (4) beats seat 0's (1) by TD-R3; the rolls are the draws' numbers, 1 and 3, 2 and 4
    assert TINY.is_over(final) and TINY.scores(final).totals == {0: 1 + 3, 1: 3 + 2 + 4}
    with pytest.raises(StopIteration) as ended:
        while True:
            next(steps)
    assert ended.value.value == final


def test_a_walk_that_does_not_end_within_its_limit_says_so():
    with pytest.raises(RuntimeError, match="tiny_duel: no end after 5 steps"):
        walk_to_end(TINY, TINY.setup(2, TINY.resolve_options(2, {})), _draw([]), _bid_then_roll, limit=5)
