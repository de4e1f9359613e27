"""Bad input never escapes as anything but ``IllegalMove`` with a rule id, state unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import IllegalMove, NotYourTurn
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.moves import MOVE_TYPES
from tests.games.walnut_grove.builders import (
    P1,
    P2,
    P3,
    f3_players,
    fall_turn,
    farmer,
    refused,
    table,
    tile,
    work,
)


def _situations():
    """One table per kind of decision: start choice, spring, summer, fall, overflow, winter, final."""
    spring_p1 = replace(f3_players()[P1], drawn=("L05", "L12", "L31", "L40"))
    overflow_p1 = farmer("PB1", barn=("c01", "c02", "grain", "fish"), place="hotel")
    return {
        "start": replace(table(), phase="setup_start_choice", cursor=0),
        "spring": table((spring_p1,) + f3_players()[1:], phase="spring"),
        "summer": table(phase="summer"),
        "fall": table(stock={"hotel": ("w1",), "svensons": ("U01",)}),
        "overflow": replace(
            table((overflow_p1,) + f3_players()[1:], order=(P1, P3, P2)), overflow=("c20", "c21")
        ),
        "winter": table(phase="winter"),
        "final": table(
            (farmer("PB1", help_returnable=True, barn=("grain", "fish", "wood", "")),),
            phase="final_adjustments",
        ),
    }


SITUATIONS = _situations()

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(
        ["barn", "barn:1", "barn:²", "board:4:1", "c01", "help", "coin:c01", "grain", "NW", "L05", "hotel"]
    ),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.one_of(st.text(max_size=8), st.integers(0, 3)), inner, max_size=4)
    ),
    max_leaves=12,
)
field_names = st.sampled_from(
    [
        "building",
        "placements",
        "assignments",
        "destination",
        "tolls",
        "payment",
        "goods",
        "labourer_id",
        "building_tile_id",
        "upgrade_id",
        "sell",
        "keep",
        "discard",
        "food_sources",
        "wood_sources",
        "from_slot",
        "barn_slots",
        "tile_id",
        "x",
        "y",
        "rotation",
        "anchor",
    ]
)
moves = st.one_of(
    json_value,
    st.builds(
        lambda kind, extra, odd: {"type": kind, **extra, **odd},
        st.one_of(st.sampled_from([*MOVE_TYPES, "", "PLACE_FIGURES", 7]), json_value),
        st.dictionaries(field_names, json_value, max_size=5),
        st.dictionaries(st.integers(0, 3), json_leaf, max_size=1),
    ),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situation=st.sampled_from(sorted(SITUATIONS)), seat=st.integers(min_value=-2, max_value=4), move=moves)
def test_random_json_moves_are_refused_cleanly(situation, seat, move):
    state = SITUATIONS[situation]
    before = GAME.to_dict(state)
    try:
        GAME.play(state, seat, move)
    except IllegalMove as refusal:
        assert refusal.rule.startswith("WG-")
    assert GAME.to_dict(state) == before


@pytest.mark.parametrize(
    ("situation", "seat", "move", "rule"),
    [
        ("start", P1, {"type": "choose_start_building"}, "WG-R03"),
        ("start", P1, {"type": "choose_start_building", "building": 3}, "WG-R03"),
        ("start", P1, "choose_start_building", "WG-G07"),
        ("start", P1, {"building": "church"}, "WG-G07"),
        ("spring", P1, {"type": "place_landscape_tiles", "placements": "L05"}, "WG-R11"),
        (
            "spring",
            P1,
            {
                "type": "place_landscape_tiles",
                "placements": [{"tile_id": "L05", "x": "0", "y": 1, "rotation": 0}],
            },
            "WG-R12",
        ),
        (
            "spring",
            P1,
            {
                "type": "place_landscape_tiles",
                "placements": [{**tile("L05", 0, 1), "rotation": 90.0}, tile("L12", 1, 1)],
            },
            "WG-R12",
        ),
        (
            "spring",
            P1,
            {
                "type": "place_landscape_tiles",
                "placements": [{**tile("L05", 0, 1), "x": True}, tile("L12", 1, 1)],
            },
            "WG-R12",
        ),
        (
            "spring",
            P1,
            {"type": "place_landscape_tiles", "placements": [tile("L05", 0, 10**9), tile("L12", 1, 1)]},
            "WG-R15",
        ),
        (
            "spring",
            P1,
            {"type": "place_landscape_tiles", "placements": [tile("L05", 0, -3), tile("L12", 1, 1)]},
            "WG-R14",
        ),
        (
            "summer",
            P1,
            {
                "type": "place_figures",
                "assignments": [
                    {"figure_id": "farmer", "anchor": [0, 0, "NW"]},
                    {"figure_id": "y1", "anchor": {"x": 1, "y": 0, "q": "NW"}},
                ],
            },
            "WG-R21",
        ),
        ("summer", P1, work(("farmer", 0, 0, "XX"), ("y1", 1, 0, "NW")), "WG-R22"),
        ("summer", P1, work(("farmer", 0, -7, "NW"), ("y1", 1, 0, "NW")), "WG-R22"),
        (
            "fall",
            P1,
            {**fall_turn("post_office", ["help"], goods=["fish", "fish"]), "tolls": "help"},
            "WG-R33",
        ),
        ("fall", P1, {**fall_turn("post_office", ["help"], goods=["fish", "fish"]), "payment": []}, "WG-R35"),
        (
            "fall",
            P1,
            {**fall_turn("post_office", ["help"], goods=["fish", "fish"]), "payment": {"coins": "c01"}},
            "WG-R35",
        ),
        (
            "fall",
            P1,
            {
                **fall_turn("post_office", ["help"], goods=["fish", "fish"]),
                "payment": {"goods": [{"good": "wood"}]},
            },
            "WG-R35",
        ),
        (
            "fall",
            P1,
            {
                **fall_turn("post_office", ["help"], goods=["fish", "fish"]),
                "payment": {"goods": [{"good": "wood", "source": "board:4:1", "count": -1}]},
            },
            "WG-R35",
        ),
        ("fall", P1, fall_turn("post_office", ["help"], goods="fish"), "WG-R36"),
        ("fall", P1, fall_turn("post_office", ["help"], goods=[1, 2]), "WG-R36"),
        ("fall", P1, fall_turn("hotel", ["help"], ["c01", "c02"], labourer_id="w9"), "WG-R36"),
        (
            "fall",
            P1,
            fall_turn("svensons", ["help"], ["c01"], [("stone", "barn", 2)], upgrade_id="U01"),
            "WG-R35",
        ),
        ("fall", P1, fall_turn("general_store_1", ["help"], sell=[{"good": "wood"}]), "WG-R36"),
        (
            "fall",
            P1,
            fall_turn("general_store_1", ["help"], sell=[{"good": "wood", "source": "board:9:9"}]),
            "WG-R36",
        ),
        (
            "fall",
            P1,
            fall_turn(
                "general_store_1", ["coin:c01", "coin:c01"], sell=[{"good": "wood", "source": "board:4:1"}]
            ),
            "WG-R33",
        ),
        ("fall", P1, {"type": "take_fall_turn", "destination": ["hotel"]}, "WG-R31"),
        ("overflow", P1, {"type": "resolve_coin_overflow", "keep": "c20", "discard": []}, "WG-R46"),
        ("overflow", P1, {"type": "resolve_coin_overflow", "keep": [], "discard": ["barn:0"]}, "WG-R46"),
        ("overflow", P1, {"type": "resolve_coin_overflow", "keep": [], "discard": ["barn:01"]}, "WG-R46"),
        ("winter", P1, {"type": "resolve_winter", "food_sources": {"grain": 1}}, "WG-R51"),
        (
            "winter",
            P1,
            {"type": "resolve_winter", "food_sources": [{"good": "grain", "source": "barn", "count": "1"}]},
            "WG-R51",
        ),
        ("winter", P1, {"type": "discard_from_barn", "barn_slots": "barn:1"}, "WG-R71"),
        ("winter", P1, {"type": "discard_from_barn", "barn_slots": [1]}, "WG-R71"),
        ("winter", P1, {"type": "move_goods_to_barn", "from_slot": 4}, "WG-R66"),
        (
            "final",
            P1,
            {"type": "return_neighbour_help_tile", "goods": [{"good": "gold", "source": "barn", "count": 3}]},
            "WG-R62",
        ),
        ("final", P1, {"type": "confirm_final_scoring", "now": True}, "WG-R75"),
    ],
)
def test_malformed_moves_name_their_rule(situation, seat, move, rule):
    refused(SITUATIONS[situation], seat, move, rule)


@pytest.mark.parametrize("seat", [-1, 3, 99, True, "0", None])
def test_seats_that_do_not_exist_are_not_your_turn(seat):
    with pytest.raises(NotYourTurn):
        GAME.play(SITUATIONS["winter"], seat, {"type": "resolve_winter"})


@pytest.mark.parametrize(
    "outcome", [None, "PB1", [1, 2, 3, 4], ["PB1", "PB1", "PB2", "PB3"], ["PB1", "PB2", "PB3"]]
)
def test_malformed_chance_outcomes_are_refused(outcome):
    state = GAME.setup(2, {})
    with pytest.raises(IllegalMove):
        GAME.resolve_chance(state, outcome)


def test_a_draw_must_come_from_the_bag():
    state = replace(table(phase="spring"), chance_step="spring_draw", order=(P1, P3, P2))
    for outcome in (["L01", "L02", "L03"], ["L01", "L01", "L02", "L03"], ["L01", "L02", "L03", "X99"]):
        with pytest.raises(IllegalMove):
            GAME.resolve_chance(state, outcome)
    with pytest.raises(IllegalMove):
        GAME.chance(table())


@pytest.mark.parametrize("kind", [["place_figures"], {"a": 1}, {}])
def test_wg_g07_an_unhashable_move_type_is_an_unknown_move_type(kind):
    """WG-G07: a JSON list or object as ``type`` is refused like any unknown type (it once
    escaped as a TypeError from the move-type lookup)."""
    refused(SITUATIONS["winter"], P1, {"type": kind}, "WG-G07")


@pytest.mark.parametrize("slot", ["barn:²", "barn:¹", "barn:١"])
def test_wg_r71_r46_barn_slot_numbers_are_ascii_digits(slot):
    """WG-R71 / WG-R46: ``barn:²`` (a Unicode digit ``int`` cannot read, once a ValueError) and
    ``barn:١`` (one it can) are not barn slot ids."""
    refused(SITUATIONS["winter"], P1, {"type": "discard_from_barn", "barn_slots": [slot]}, "WG-R71")
    move = {"type": "resolve_coin_overflow", "keep": ["c20"], "discard": [slot]}
    refused(SITUATIONS["overflow"], P1, move, "WG-R46")


@pytest.mark.parametrize(
    ("situation", "move", "rule"),
    [
        ("winter", {"type": "resolve_winter", 1: 2, "a": 3}, "WG-R51"),
        ("winter", {"type": "discard_from_barn", "barn_slots": ["barn:1"], None: 1}, "WG-R71"),
        (
            "winter",
            {
                "type": "resolve_winter",
                "food_sources": [{"good": "grain", "source": "barn", "count": 1, 5: 1}],
            },
            "WG-R51",
        ),
        ("summer", work(("farmer", 0, 0, "NW"), ("y1", 1, 0, "NW")) | {(1,): "x"}, "WG-R21"),
        (
            "summer",
            {
                "type": "place_figures",
                "assignments": [{"figure_id": "farmer", "anchor": {"x": 0, "y": 0, "q": "NW", 0: 1}}],
            },
            "WG-R22",
        ),
        (
            "spring",
            {"type": "place_landscape_tiles", "placements": [{**tile("L05", 0, 1), 2: 0}, tile("L12", 1, 1)]},
            "WG-R12",
        ),
        (
            "fall",
            fall_turn("general_store_1", ["help"], sell=[{"good": "wood", "source": "board:4:1", 9: 9}]),
            "WG-R36",
        ),
    ],
)
def test_wg_g07_a_move_with_a_non_string_field_name_is_refused(situation, move, rule):
    """WG-G07 (bad input): JSON objects only have string keys; a dict with an int, None or tuple
    key among string keys is refused with the command's rule (it once escaped as a TypeError
    from sorting the unexpected field names)."""
    refused(SITUATIONS[situation], P1, move, rule)


@pytest.mark.parametrize(
    ("left_out", "rule"), [("payment", "WG-R35"), ("tolls", "WG-R33"), ("goods", "WG-R36")]
)
def test_wg_r33_r35_r36_a_fall_turn_missing_a_part_names_that_parts_rule_not_wg_r31(left_out, rule):
    """WG-R31 is the destination rule: a fall turn to a valid building without ``payment`` breaks
    WG-R35, without ``tolls`` WG-R33, without its action's parameter WG-R36."""
    move = fall_turn("post_office", ["help"], goods=["fish", "fish"])
    del move[left_out]
    error = refused(SITUATIONS["fall"], P1, move, rule)
    assert left_out in str(error)
