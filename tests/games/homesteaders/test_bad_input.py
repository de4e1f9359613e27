"""Bad input never escapes as anything but an ``IllegalMove`` naming a rule, state unchanged.

Unknown types, missing/extra fields, wrong types, off-board slots, tokens not held, out of turn
and wrong phase; then a Hypothesis fuzz throwing random JSON-ish moves at ``play`` in states
taken from every phase of a real game (HS-R01–HS-R03).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import IllegalMove
from domain.games.game import CHANCE
from domain.games.homesteaders import GAME
from domain.games.homesteaders.moves import SHAPES

from .helpers import A, B, bidding, new_game, refused, resolving
from .walk import walk

RULE_ID = re.compile(r"^HS-(R|SET-)\d+$")


def _states_by_phase():
    """One state of every phase reached in a 4-player and a 2-player bot game."""
    found = {}
    for players in (4, 2):
        for before, actor, _, _ in walk(players, {}, seed=3):
            if actor != CHANCE:
                found.setdefault((players, before.phase), before)
    return list(found.values())


STATES = _states_by_phase()

json_scalar = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.text(max_size=12)
json_value = st.recursive(json_scalar, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3), max_leaves=6)
field_names = st.sampled_from(sorted({f for _, fields in SHAPES.values() for f in fields} | {"resource", "extra", "type"})) | st.sampled_from([0, None, 1.5])
move_types = st.sampled_from(sorted(SHAPES)) | st.text(max_size=10) | json_scalar


@st.composite
def moves(draw):
    if draw(st.integers(0, 9)) == 0:
        return draw(json_value)
    move = {"type": draw(move_types)}
    for name in draw(st.lists(field_names, max_size=4)):
        move[name] = draw(json_value | st.integers(-3, 60) | st.sampled_from(["wood", "gold", "farm#1", "homestead#1", "w1-1", "trade", "resource"]))
    return move


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(STATES) - 1), seat=st.integers(-2, 5), move=moves())
def test_random_json_moves_are_accepted_or_refused_with_a_rule(index, seat, move):
    state = STATES[index]
    before = GAME.to_dict(state)
    try:
        GAME.play(state, seat, move)
    except IllegalMove as refusal:
        assert RULE_ID.match(refusal.rule), refusal.rule
    assert GAME.to_dict(state) == before


def test_every_phase_was_sampled():
    phases = {s.phase for s in STATES}
    assert {"allocation", "bidding", "dummy", "rail_reward", "auction_payment", "build_choice", "final_actions"} <= phases


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        ({"type": "place_bid", "slot": 1}, "HS-R24"),  # missing field
        ({"type": "place_bid", "slot": 1, "value": 3, "colour": "red"}, "HS-R24"),  # extra field
        ({"type": "place_bid", "slot": "1", "value": 3}, "HS-R24"),  # wrong type
        ({"type": "place_bid", "slot": 1.0, "value": 3}, "HS-R24"),
        ({"type": "place_bid", "slot": True, "value": 3}, "HS-R24"),
        ({"type": "place_bid", "slot": 9, "value": 3}, "HS-R23"),  # off the auction board
        ({"type": "place_bid", "slot": 1, "value": 2**80}, "HS-R24"),
        ({"type": "pay_wages", "gold_used": 0, "take_debt_for_shortfall": True}, "HS-R15"),  # wrong phase
        ({"type": "sell_resource", "resource": "copper"}, "HS-R65"),  # not held
        ({"type": "sell_resource", "resource": None}, "HS-R62"),
        ({"type": "take_debt", "count": 10**9}, "HS-R69"),
        ({"type": "assign_worker", "worker": "w1-1", "building": "homestead#1", "slot": 99}, "HS-R10"),
        ({"type": "Place_Bid", "slot": 1, "value": 3}, "HS-R03"),
    ],
)
def test_malformed_moves_name_a_rule_and_change_nothing(move, rule):
    refused(bidding(new_game(3), active=A), A, move, rule)


def test_out_of_turn_and_wrong_phase():
    """HS-R22, HS-R30: another seat's turn, and a command of another phase."""
    state = bidding(new_game(3), active=A)
    refused(state, B, {"type": "pass_bidding"}, "HS-R22")
    refused(state, A, {"type": "pay_auction", "gold_used": 0, "take_debt_for_shortfall": False}, "HS-R30")
    refused(resolving(new_game(3), 1, A, 3), A, {"type": "pass_bidding"}, "HS-R22")


@pytest.mark.parametrize(
    "move",
    [
        {"type": "pass_bidding", 1: 2, "x": 3},
        {"type": "place_bid", "slot": 1, "value": 3, None: 1, "a": 1},
        {"type": "take_debt", "count": 1, (1, 2): 0, 2.5: 1},
        {"type": "confirm_workers", 7: "seven"},
    ],
)
def test_hs_r03_moves_with_non_string_keys_are_refused_not_crashed(move):
    """HS-R03: a move object whose keys are not all strings is refused with a rule (never a TypeError)."""
    state = bidding(new_game(3), active=A)
    before = GAME.to_dict(state)
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, A, move)
    assert RULE_ID.match(info.value.rule)
    assert GAME.to_dict(state) == before
