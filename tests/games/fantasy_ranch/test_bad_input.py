"""Bad input: malformed, unknown, out-of-turn and wrong-phase moves are refused with a rule id.

Never another exception, never a changed state. Hypothesis throws JSON-ish moves built from the
real move vocabulary (so most reach the rules, not just the shape check) at states from every
phase of real games.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import IllegalMove
from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.moves import SHAPES
from domain.games.game import CHANCE
from tests.games.fantasy_ranch.games import game
from tests.games.fantasy_ranch.helpers import RED, YELLOW, listed, refused, table


def sample_states() -> list:
    """Every 7th decision point of a level-2 and a level-3 game (setup, turns, tournaments, draft)."""
    out = []
    for players, level in ((3, 2), (4, 3), (2, 1)):
        run = game(players, level, "B", 0)
        state = GAME.setup(players, run.options)
        for i, (actor, action) in enumerate(run.steps):
            if i % 7 == 0:
                out.append(state)
            state = (
                GAME.resolve_chance(state, action["outcome"])
                if actor == CHANCE
                else GAME.play(state, actor, action)
            )
        out.append(state)  # game over
    return out


STATES = sample_states()
FIELDS = [
    "card_id",
    "destination",
    "location_id",
    "territory_id",
    "carrots",
    "boots",
    "give",
    "units",
    "board",
    "side",
    "employee",
    "new_employee",
    "item_index",
    "choice",
    "payment",
    "choices",
    "fee",
    "params",
]
WORDS = [
    "H01",
    "H57",
    "H58",
    "2B-H",
    "1A-1",
    "9Z-9",
    "holding",
    "carrots",
    "boots",
    "tom",
    "megan",
    "A",
    "B",
    "",
]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from(WORDS), st.floats(allow_nan=False)
)
values = st.recursive(
    scalars,
    lambda kids: st.one_of(
        st.lists(kids, max_size=3),
        st.dictionaries(st.sampled_from(FIELDS + ["mode", "kind"]), kids, max_size=3),
    ),
    max_leaves=6,
)
moves = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(sorted(SHAPES) + ["teleport", 3, None])},
        optional={f: values for f in FIELDS},
    ),
    values,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(STATES) - 1), seat=st.integers(-1, 4), move=moves)
def test_random_json_moves_are_refused_with_a_rule_or_are_legal(index, seat, move):
    state = STATES[index]
    before = copy.deepcopy(GAME.to_dict(state))
    legal = GAME.legal_moves(state, seat) if 0 <= seat < state.players else []
    try:
        GAME.play(state, seat, move)
    except IllegalMove as refusal:
        assert refusal.rule.startswith("FR-R")
        assert not listed(move, legal)
    else:
        assert listed(move, legal), f"accepted a move legal_moves does not list: {move}"
    assert GAME.to_dict(state) == before


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        ({"type": "teleport"}, "FR-R090"),
        ({"card_id": "H01"}, "FR-R090"),
        ("end_turn", "FR-R090"),
        ({"type": "buy_location"}, "FR-R113"),
        ({"type": "buy_location", "location_id": "1A-1", "extra": 1}, "FR-R113"),
        ({"type": "buy_location", "location_id": 11}, "FR-R113"),
        ({"type": "produce_goods", "carrots": True, "boots": 1}, "FR-R114"),
        ({"type": "produce_goods", "carrots": 1.5, "boots": 1}, "FR-R114"),
        ({"type": "move_horse", "card_id": "H01", "destination": "9Z-9"}, "FR-R120c"),
        ({"type": "sell_horse", "card_id": "H02"}, "FR-R121a"),
        ({"type": "buy_location", "location_id": "7A-1"}, "FR-R113a"),
        ({"type": "enter_tournament", "card_id": "H01"}, "FR-R200a"),
        ({"type": "claim_prize", "item_index": 0, "choice": {}}, "FR-R210a"),
        ({"type": "draft_pick", "card_id": "H01"}, "FR-R090"),  # no draft in level 1
        ({"type": "choose_ranch_board", "board": 3, "side": "A"}, "FR-R100a"),
    ],
)
def test_malformed_foreign_and_wrong_phase_moves(move, rule):
    """Unknown type, missing/extra/mistyped fields, off-board places, cards not held, wrong phase."""
    state = table(
        1, ranches={YELLOW: (1, "A"), RED: (2, "A")}, horses={"H01": (YELLOW, "1A-H"), "H02": (RED, "2A-H")}
    )
    refused(state, YELLOW, move, rule)


@pytest.mark.parametrize(
    "move",
    [
        {"type": "buy_location", "location_id": "1A-1", 1: "x", "z": 2},
        {"type": "produce_goods", "carrots": 1, "boots": 1, None: 0, "extra": 1},
        {"type": "trade_goods", "give": "carrots", "units": 1, (3,): 1, "q": 1},
    ],
)
def test_fr_r090_field_names_of_mixed_types_are_refused_not_crashed(move):
    """FR-R090: an extra field whose name is not a string (next to one that is) is a refusal, never a TypeError."""
    state = table(1, ranches={YELLOW: (1, "A"), RED: (2, "A")})
    before = copy.deepcopy(GAME.to_dict(state))
    with pytest.raises(IllegalMove) as caught:
        GAME.play(state, YELLOW, move)
    assert caught.value.rule.startswith("FR-R")
    assert GAME.to_dict(state) == before


def test_out_of_turn_is_a_not_your_turn_refusal():
    from domain.errors import NotYourTurn

    state = table(1, ranches={YELLOW: (1, "A"), RED: (2, "A")})
    with pytest.raises(NotYourTurn):
        GAME.play(state, RED, {"type": "produce_goods", "carrots": 1, "boots": 1})


@pytest.mark.parametrize("outcome", [None, [1], "abc", [[1]], list(range(57)), [True]])
def test_malformed_chance_outcomes_are_refused(outcome):
    state = GAME.resolve_chance(GAME.setup(2, {"level": 1, "community_side": "B"}), [0])
    with pytest.raises(IllegalMove):
        GAME.resolve_chance(state, outcome)
