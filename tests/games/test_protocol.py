"""The shared helpers of the game protocol refuse malformed input with IllegalMove, never a crash."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMove, InvalidOptions
from domain.games.game import ChanceRequest, require_fields
from tests.tinygame import GAME as TINY


@pytest.mark.parametrize(
    "move",
    [
        "bid",
        ["bid"],
        {"type": "bid"},
        {"type": "bid", "card": "3"},
        {"type": "bid", "card": True},
        {"type": "bid", "card": 3, "extra": 1},
        {"type": "bid", 1: 2, "card": 3},
        {"type": "bid", None: 2, "card": 3},
    ],
)
def test_require_fields_refuses_malformed_moves_with_the_rule(move):
    with pytest.raises(IllegalMove) as refused:
        require_fields(move, "TD-R2", card=int)
    assert refused.value.rule == "TD-R2"


def test_require_fields_returns_a_copy_of_a_well_formed_move():
    move = {"type": "bid", "card": 3}
    assert require_fields(move, "TD-R2", card=int) == move


@pytest.mark.parametrize(
    ("players", "options", "problem"),
    [
        (1, {}, "seats 2 to 4"),
        (True, {}, "integer"),
        (2, {"hand_size": 4}, "must be one of"),
        (2, {"hand_size": "3"}, "must be one of"),
        (2, {"hand_size": True}, "must be one of"),
        (2, {"speed": 1}, "unknown option"),
    ],
)
def test_options_and_seat_counts_are_checked_with_a_clear_message(players, options, problem):
    with pytest.raises(InvalidOptions) as refused:
        TINY.resolve_options(players, options)
    assert problem in str(refused.value)


def test_chance_requests_are_checked_when_made():
    with pytest.raises(ValueError):
        ChanceRequest("coin")
    with pytest.raises(ValueError):
        ChanceRequest("sample", items=(1, 2), count=3)
    assert ChanceRequest.from_dict(ChanceRequest("roll", count=2).to_dict()) == ChanceRequest("roll", count=2)
