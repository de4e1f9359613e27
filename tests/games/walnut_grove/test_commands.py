"""Command preconditions (spec §5, WG-R10..R75) pinned one rule at a time.

The scenarios cover the rulebook's stories; these tests pin the remaining edges: the order of
checks, every refusal's rule id, and effects the scenarios do not show.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.errors import NotYourTurn
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.legal import fall_moves
from tests.games.walnut_grove.builders import (
    P1,
    P2,
    P3,
    barn_of,
    f3_players,
    fall_turn,
    farmer,
    refused,
    storage_of,
    table,
    tile,
    work,
)


def _with(players, seat, player):
    return players[:seat] + (player,) + players[seat + 1 :]


# --- spring ---------------------------------------------------------------------------------


def _spring(drawn=("L05", "L12", "L31", "L40"), disc="A1", **more):
    p1 = replace(f3_players()[P1], drawn=drawn, **more)
    return table(_with(f3_players(), P1, p1), phase="spring", disc=disc)


def test_wg_r10_one_submission_per_spring():
    """WG-R10: after placing, a second submission is NotYourTurn; in summer it is the wrong phase."""
    state = GAME.play(
        _spring(), P1, {"type": "place_landscape_tiles", "placements": [tile("L05", 0, 1), tile("L12", 1, 1)]}
    )
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(state, P1, {"type": "place_landscape_tiles", "placements": []})
    assert caught.value.rule == "WG-R10"
    refused(replace(state, phase="summer"), P2, {"type": "place_landscape_tiles", "placements": []}, "WG-R10")


def test_wg_r11_keep_is_min_of_keep_and_drawn():
    """WG-R11: a player who drew only 1 tile under a keep-2 disc places exactly 1."""
    state = _spring(drawn=("L05",))
    refused(state, P1, {"type": "place_landscape_tiles", "placements": []}, "WG-R11")
    after = GAME.play(state, P1, {"type": "place_landscape_tiles", "placements": [tile("L05", 4, 1)]})
    assert after.player(P1).tiles == (("L05", 4, 1, 0),)


def test_wg_r13_r14_r15_later_tiles_may_touch_earlier_entries_and_any_rotation():
    """WG-R13..R15: (0,2) is legal only because (0,1) comes earlier in the list; 270 is a rotation."""
    state = _spring()
    refused(
        state,
        P1,
        {"type": "place_landscape_tiles", "placements": [tile("L05", 0, 2), tile("L12", 0, 1)]},
        "WG-R15",
    )
    refused(
        state,
        P1,
        {"type": "place_landscape_tiles", "placements": [tile("L05", 0, 1), tile("L12", 0, 1)]},
        "WG-R14",
    )
    refused(
        state,
        P1,
        {"type": "place_landscape_tiles", "placements": [tile("L05", 0, 1), tile("L12", 0, 2, 360)]},
        "WG-R13",
    )
    after = GAME.play(
        state,
        P1,
        {"type": "place_landscape_tiles", "placements": [tile("L05", 0, 1, 270), tile("L12", 0, 2)]},
    )
    assert after.player(P1).tiles == (("L05", 0, 1, 270), ("L12", 0, 2, 0))


def test_wg_r14_tiles_go_above_the_board_also_left_of_it():
    """WG-R14/R15 (WG-D05): cells beside the board row are not farm; above a tile at x=-1 is fine."""
    state = _spring()
    refused(
        state,
        P1,
        {"type": "place_landscape_tiles", "placements": [tile("L05", -1, 0), tile("L12", 0, 1)]},
        "WG-R14",
    )
    after = GAME.play(
        state, P1, {"type": "place_landscape_tiles", "placements": [tile("L05", 0, 1), tile("L12", -1, 1)]}
    )
    assert ("L12", -1, 1, 0) in after.player(P1).tiles


# --- summer ---------------------------------------------------------------------------------


def test_wg_r20_r21_summer_needs_every_figure_once():
    """WG-R20/R21: the farmer twice is refused; a second submission is NotYourTurn."""
    state = table(phase="summer")
    refused(state, P1, work(("farmer", 0, 0, "NW"), ("farmer", 1, 0, "NW")), "WG-R21")
    state = GAME.play(state, P1, work(("farmer", 0, 0, "NW"), ("y1", 1, 0, "NW")))
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(state, P1, work(("farmer", 0, 0, "NW"), ("y1", 1, 0, "NW")))
    assert caught.value.rule == "WG-R20"


def test_wg_r22_r23_any_quadrant_of_an_area_is_an_anchor():
    """WG-R22/R23: (0,0,SE) and (0,0,NW) are the same pasture; (5,0) is off the board row."""
    state = table(phase="summer")
    refused(state, P1, work(("farmer", 0, 0, "SE"), ("y1", 0, 0, "NW")), "WG-R23")
    refused(state, P1, work(("farmer", 5, 0, "SE"), ("y1", 0, 0, "NW")), "WG-R22")
    after = GAME.play(state, P1, work(("y1", 0, 0, "SE"), ("farmer", 4, 0, "NE")))
    assert storage_of(after, P1) == {
        "board:0:1": "dairy",
        "board:0:2": "dairy",
        "board:4:1": "wood",
        "board:4:2": "wood",
    }
    assert barn_of(after, P1) == (
        "c01",
        "c02",
        "",
        "",
    )  # A1 bonus dairy: 1 + 1 = 2 dairy; 1 wood fills board:4:2


# --- fall -----------------------------------------------------------------------------------


def test_wg_r30_fall_turns_wait_for_the_coin_overflow():
    """WG-R30: not in winter; not someone else's turn; not while a coin overflow is pending."""
    refused(table(phase="winter"), P1, fall_turn("post_office", goods=["fish", "fish"]), "WG-R30")
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(table(), P2, fall_turn("post_office", goods=["fish", "fish"]))
    assert caught.value.rule == "WG-R30"
    pending = replace(table(), overflow=("c20",))
    refused(pending, P1, fall_turn("post_office", goods=["fish", "fish"]), "WG-R30")
    refused(pending, P1, {"type": "pass_fall_turn"}, "WG-R40")


def test_wg_r31_r32_church_start_spaces_do_not_block_the_church_street_space():
    """WG-R31/R32 (WG-D12): p3 on church:2 reaches the Church (a full loop) though p1 stands on church:1."""
    state = table(cursor=1)
    after = GAME.play(state, P3, fall_turn("church", ["coin:c05"], goods=["stone", "stone"]))
    assert after.player(P3).place == "church" and barn_of(after, P3) == ("stone", "c06", "stone", "")
    refused(state, P3, fall_turn("nowhere", [], goods=["fish"]), "WG-R31")


def test_wg_r33_r34_toll_entries_are_distinct_held_coins_or_help():
    """WG-R33/R34: a coin not held, a coin twice, a malformed entry; help even when coins are held."""
    p3 = replace(f3_players()[P3], place="lodge")
    state = table(_with(f3_players(), P3, p3), order=(P3, P1, P2))
    to_church = "saloon"  # lodge (11) -> saloon (7) passes the Town Hall and the Church
    refused(
        state,
        P3,
        fall_turn(to_church, ["coin:c01", "help"], ["c06"], [("dairy", "barn", 1)], labourer_id="w1"),
        "WG-R34",
    )
    refused(state, P3, fall_turn(to_church, ["coin:c05", "coin:c05"], [], [], labourer_id="w1"), "WG-R34")
    refused(state, P3, fall_turn(to_church, ["c05", "help"], [], [], labourer_id="w1"), "WG-R33")
    refused(state, P3, fall_turn("post_office", [], goods=["fish", "fish"]), "WG-R33")
    after = GAME.play(state, P3, fall_turn("post_office", ["help"], goods=["fish", "dairy"]))
    assert barn_of(after, P3) == ("c05", "c06", "fish", "dairy") and after.player(P3).help_returnable


def test_wg_r35_the_activation_cost_is_exact_and_sources_must_hold_it():
    """WG-R35: Johansen's Mill costs 2 wood + 1 stone: too little, too much, or an empty slot fails."""
    p2 = replace(
        f3_players()[P2],
        barn=("c03", "wood", "stone", "stone"),
        storage=(("board:4:1", "wood"),),
    )
    state = table(_with(f3_players(), P2, p2), stock={"johansens_mill": ("cabin_1",)}, order=(P2,))
    refused(
        state,
        P2,
        fall_turn(
            "johansens_mill", [], [], [("wood", "barn", 1), ("stone", "barn", 1)], building_tile_id="cabin_1"
        ),
        "WG-R35",
    )
    refused(
        state,
        P2,
        fall_turn(
            "johansens_mill", [], [], [("wood", "barn", 2), ("stone", "barn", 1)], building_tile_id="cabin_1"
        ),
        "WG-R35",
    )
    refused(
        state,
        P2,
        fall_turn(
            "johansens_mill",
            [],
            [],
            [("wood", "board:4:2", 1), ("wood", "barn", 1), ("stone", "barn", 1)],
            building_tile_id="cabin_1",
        ),
        "WG-R35",
    )
    refused(
        state,
        P2,
        fall_turn(
            "johansens_mill",
            [],
            ["c03"],
            [("wood", "barn", 1), ("wood", "board:4:1", 1), ("stone", "barn", 1)],
            building_tile_id="cabin_1",
        ),
        "WG-R35",
    )
    after = GAME.play(
        state,
        P2,
        fall_turn(
            "johansens_mill",
            [],
            [],
            [("wood", "barn", 1), ("wood", "board:4:1", 1), ("stone", "barn", 1)],
            building_tile_id="cabin_1",
        ),
    )
    assert barn_of(after, P2) == ("c03", "", "", "stone") and after.player(P2).cabins == ("cabin_1",)


def test_wg_r36_r37_unusable_or_unaffordable_buildings_are_not_destinations():
    """WG-R36, WG-R37 (WG-D13, WG-D29): empty stock, nothing to sell or no way to pay: not listed, refused."""
    p1 = replace(f3_players()[P1], storage=(), barn=("c01", "", "", ""))
    state = table(_with(f3_players(), P1, p1), stock={"hotel": ()})
    listed = {m["destination"] for m in fall_moves(state, P1)}
    # only the free-goods buildings; p1's own Church is reached by a full loop (past the Town Hall)
    assert listed == {"post_office", "church"}
    refused(state, P1, fall_turn("general_store_1", ["help"], sell=[]), "WG-R36")
    refused(state, P1, fall_turn("hotel", ["help"], ["c01"], labourer_id="y3"), "WG-R35")
    refused(state, P1, fall_turn("carpenter", [], [], [], building_tile_id="cabin_1"), "WG-R35")
    refused(state, P1, fall_turn("post_office", ["coin:c01"], goods=["fish", "gold"]), "WG-R36")


def test_wg_r40_passing_ends_the_turn_and_takes_no_fields():
    """WG-R40: a pass carries no parameters; it ends the turn (the next player in year order acts)."""
    state = table()
    refused(state, P1, {"type": "pass_fall_turn", "destination": "hotel"}, "WG-R40")
    assert GAME.to_act(GAME.play(state, P1, {"type": "pass_fall_turn"})) == {P3}


def _overflow():
    p1 = farmer("PB1", barn=("c01", "grain", "fish", "stone"), storage={"board:4:1": "wood"}, place="hotel")
    state = table(_with(f3_players(), P1, p1), order=(P1, P3, P2))
    state = GAME.play(state, P1, fall_turn("general_store_1", sell=[{"good": "wood", "source": "board:4:1"}]))
    return GAME.resolve_chance(state, ["c20", "c29"])  # A1: wood is the fall bonus, 2 coins, 0 free slots


def test_wg_r45_only_the_drawing_player_resolves_an_overflow():
    """WG-R45: no overflow pending, or another seat, is refused."""
    refused(table(), P1, {"type": "resolve_coin_overflow", "keep": [], "discard": []}, "WG-R45")
    state = _overflow()
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(state, P2, {"type": "resolve_coin_overflow", "keep": [], "discard": []})
    assert caught.value.rule == "WG-R45"


def test_wg_r46_r47_keep_drawn_coins_and_discard_held_items():
    """WG-R46/R47: only drawn coins, only filled barn slots; keep = min(drawn, free + discarded)."""
    state = _overflow()
    refused(state, P1, {"type": "resolve_coin_overflow", "keep": ["c01"], "discard": ["barn:1"]}, "WG-R46")
    refused(state, P1, {"type": "resolve_coin_overflow", "keep": ["c20"], "discard": ["barn:9"]}, "WG-R46")
    refused(
        state, P1, {"type": "resolve_coin_overflow", "keep": ["c20", "c20"], "discard": ["barn:2"]}, "WG-R46"
    )
    refused(state, P1, {"type": "resolve_coin_overflow", "keep": ["c20"], "discard": []}, "WG-R47")
    nothing = GAME.play(state, P1, {"type": "resolve_coin_overflow", "keep": [], "discard": []})
    assert barn_of(nothing, P1) == ("c01", "grain", "fish", "stone") and {"c20", "c29"} <= set(
        nothing.coin_bag
    )
    swap = GAME.play(
        state, P1, {"type": "resolve_coin_overflow", "keep": ["c29", "c20"], "discard": ["barn:1", "barn:4"]}
    )
    assert barn_of(swap, P1) == ("c29", "grain", "fish", "c20") and "c01" in swap.coin_bag


# --- winter ---------------------------------------------------------------------------------


def _winter():
    p1 = farmer(
        "PB1",
        active=("y1",),
        barn=("grain", "wood", "", ""),
        storage={"board:1:1": "grain", "board:4:1": "wood"},
    )
    return table(
        _with(f3_players(), P1, p1), phase="winter", disc="A1"
    )  # y1 eats 1 grain; wood 1 fire + 1 wagon


def test_wg_r50_r51_named_sources_pay_exactly_what_is_due():
    """WG-R50/R51: too little, the wrong colour, or a slot without the good is refused."""
    state = _winter()
    grain = [{"good": "grain", "source": "board:1:1", "count": 1}]
    wood = [
        {"good": "wood", "source": "barn", "count": 1},
        {"good": "wood", "source": "board:4:1", "count": 1},
    ]
    refused(state, P1, {"type": "resolve_winter", "food_sources": [], "wood_sources": wood}, "WG-R51")
    refused(
        state,
        P1,
        {"type": "resolve_winter", "food_sources": [{"good": "fish", "source": "barn", "count": 1}]},
        "WG-R51",
    )
    refused(
        state,
        P1,
        {"type": "resolve_winter", "food_sources": [{"good": "grain", "source": "board:1:2", "count": 1}]},
        "WG-R51",
    )
    refused(state, P1, {"type": "resolve_winter", "food_sources": grain, "wood_sources": wood[:1]}, "WG-R51")
    after = GAME.play(state, P1, {"type": "resolve_winter", "food_sources": grain, "wood_sources": wood})
    assert barn_of(after, P1) == ("grain", "", "", "") and storage_of(after, P1) == {}
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(after, P1, {"type": "resolve_winter"})
    assert caught.value.rule == "WG-R50"


def test_wg_r52_the_default_takes_barn_goods_first():
    """WG-R52: without sources the barn grain is eaten and the stored grain stays."""
    after = GAME.play(_winter(), P1, {"type": "resolve_winter"})
    assert barn_of(after, P1) == ("", "", "", "") and storage_of(after, P1) == {"board:1:1": "grain"}
    assert not after.player(P1).help_returnable


# --- free actions and final scoring ---------------------------------------------------------


def test_wg_r60_r61_r62_returning_needs_the_phase_a_returnable_tile_and_three_goods():
    """WG-R60..R62: not during setup; flipped tiles stay; the goods must be held."""
    p1 = farmer("PB1", help_returnable=True, barn=("grain", "grain", "fish", ""))
    goods = [{"good": "grain", "source": "barn", "count": 2}, {"good": "fish", "source": "barn", "count": 1}]
    refused(
        table((p1,), phase="setup_start_choice"),
        P1,
        {"type": "return_neighbour_help_tile", "goods": goods},
        "WG-R60",
    )
    refused(
        table((replace(p1, help_returnable=False, help_flipped=1),)),
        P1,
        {"type": "return_neighbour_help_tile", "goods": goods},
        "WG-R61",
    )
    bad = [{"good": "grain", "source": "barn", "count": 3}]
    refused(table((p1,)), P1, {"type": "return_neighbour_help_tile", "goods": bad}, "WG-R62")
    after = GAME.play(
        table((p1,), phase="final_adjustments"), P1, {"type": "return_neighbour_help_tile", "goods": goods}
    )
    assert barn_of(after, P1) == ("", "", "", "") and not after.player(P1).help_returnable


def test_wg_r65_r66_r67_moving_goods_needs_a_filled_storage_slot_of_ones_own_farm():
    """WG-R65..R67: only in season phases; an unknown slot or another farm's slot; an empty slot."""
    state = table()
    refused(
        replace(state, phase="ended"), P1, {"type": "move_goods_to_barn", "from_slot": "board:4:1"}, "WG-R65"
    )
    refused(state, P1, {"type": "move_goods_to_barn", "from_slot": "L01:NW"}, "WG-R66")
    refused(state, P1, {"type": "move_goods_to_barn", "from_slot": "board:4:2"}, "WG-R67")


def test_wg_r70_r71_discarding_names_filled_barn_slots():
    """WG-R70/R71: coins go back into the bag, goods to the supply; empty or unknown slots fail."""
    state = table()
    refused(
        replace(state, phase="setup"), P1, {"type": "discard_from_barn", "barn_slots": ["barn:1"]}, "WG-R70"
    )
    refused(state, P1, {"type": "discard_from_barn", "barn_slots": ["barn:3"]}, "WG-R71")
    refused(state, P1, {"type": "discard_from_barn", "barn_slots": ["barn:5"]}, "WG-R71")
    refused(state, P1, {"type": "discard_from_barn", "barn_slots": ["board:4:1"]}, "WG-R71")
    refused(state, P1, {"type": "discard_from_barn", "barn_slots": []}, "WG-R71")
    after = GAME.play(state, P1, {"type": "discard_from_barn", "barn_slots": ["barn:2"]})
    assert barn_of(after, P1) == ("c01", "", "", "") and "c02" in after.coin_bag


def test_wg_r75_confirming_only_in_final_adjustments_and_once():
    """WG-R75: not before the end; a second confirmation is refused."""
    refused(table(), P1, {"type": "confirm_final_scoring"}, "WG-R75")
    players = (
        farmer("PB1", help_returnable=True, barn=("grain", "fish", "wood", "")),
        farmer("PB2", help_returnable=True, barn=("grain", "fish", "wood", "")),
    )
    state = table(players, phase="final_adjustments")
    state = GAME.play(state, P1, {"type": "confirm_final_scoring"})
    refused(state, P1, {"type": "confirm_final_scoring"}, "WG-R75")
    assert GAME.to_act(state) == {P2}


def test_wg_r13_rotation_turns_quadrants_fences_and_storage_together():
    """WG-R13 (WG-D04, §5.0): L38 (PPMM, fences north/east, slot SE) turned 180°: MMPP, fences
    south/west, its slot in the table's NW (mountain) quadrant, still named ``L38:SE`` (§5.0:
    "slot id ``<tile_id>:<printed quadrant>``")."""
    from domain.games.walnut_grove.farm import rotated_tile

    turned = rotated_tile("L38", 180)
    assert (turned.types, turned.fence, turned.slots) == ("MMPP", "00001111", (("L38:SE", 0),))
    # L31 (PGGP, west pasture, fences south and west, slots NW and SE) turned 90° clockwise:
    # the pasture is on top, the fences run west and north, the slots sit in the table's NE
    # and SW quadrants and keep their printed names
    quarter = rotated_tile("L31", 90)
    assert (quarter.types, quarter.fence) == ("PPGG", "11000011")
    assert quarter.slots == (("L31:NW", 1), ("L31:SE", 3))


def test_wg_r66_a_turned_tiles_storage_slot_keeps_its_printed_quadrant_id():
    """WG-R66 (§5.0 "slot id ``<tile_id>:<printed quadrant>``"): L38 (PPMM, slot SE) turned 90°
    above PB1's mountain is MPPM; its slot lies in the table's SW quadrant, in the mountain
    area, and is ``L38:SE`` in the farm, in production and in ``move_goods_to_barn``; the
    table-orientation name ``L38:SW`` is no slot."""
    from domain.games.walnut_grove.farm import area_at

    tiles = (("L38", 3, 1, 90),)
    mountain = area_at("PB1", tiles, 3, 0, 0)
    assert mountain.size == 2 and mountain.slots == ("board:3:1", "board:3:2", "L38:SE")
    p1 = farmer("PB1", tiles=tiles, storage={"L38:SE": "stone"}, barn=("c01", "", "", ""))
    state = table(_with(f3_players(), P1, p1), phase="summer")
    refused(state, P1, {"type": "move_goods_to_barn", "from_slot": "L38:SW"}, "WG-R66")
    after = GAME.play(state, P1, {"type": "move_goods_to_barn", "from_slot": "L38:SE"})
    assert barn_of(after, P1) == ("c01", "stone", "", "") and storage_of(after, P1) == {}
    produced = GAME.play(state, P1, work(("farmer", 3, 0, "NW"), ("y1", 0, 0, "NW")))
    assert storage_of(produced, P1)["board:3:1"] == "stone" and "L38:SW" not in storage_of(produced, P1)


def test_wg_r32_an_arriving_figure_takes_the_lowest_free_slot_of_a_two_slot_shop():
    """WG-R32 (§5.5 step 1, WG-D28): an empty Svenson's gives slot 1; with slot 1 taken, slot 2;
    with slot 2 taken (slot 1 left by its figure), slot 1 again."""
    p1 = replace(f3_players()[P1], barn=("c01", "stone", "stone", ""))
    players = _with(f3_players(), P1, p1)
    move = fall_turn("svensons", ["help"], ["c01"], [("stone", "barn", 2)], upgrade_id="U01")
    state = table(players, stock={"svensons": ("U01",)})
    assert GAME.play(state, P1, move).player(P1).place == "svensons:1"
    for other, free in (("svensons:1", "svensons:2"), ("svensons:2", "svensons:1")):
        crowded = table(_with(players, P2, replace(players[P2], place=other)), stock={"svensons": ("U01",)})
        assert GAME.play(crowded, P1, move).player(P1).place == free


def test_wg_r62_returning_a_help_tile_takes_three_goods_not_more():
    """WG-R62: exactly 3 goods units: 4 goods are refused like 2."""
    p1 = farmer("PB1", help_returnable=True, barn=("grain", "grain", "fish", "wood"))
    state = table((p1,), phase="winter")
    four = [{"good": "grain", "source": "barn", "count": 2}, {"good": "fish", "source": "barn", "count": 1}]
    four.append({"good": "wood", "source": "barn", "count": 1})
    refused(state, P1, {"type": "return_neighbour_help_tile", "goods": four}, "WG-R62")
    after = GAME.play(state, P1, {"type": "return_neighbour_help_tile", "goods": four[:2]})
    assert barn_of(after, P1) == ("", "", "", "wood") and not after.player(P1).help_returnable


def test_wg_r21_a_figure_listed_twice_is_refused_even_with_every_figure_named():
    """WG-R21: every figure exactly once: farmer, y1 and y1 again name everyone but y1 twice."""
    state = table(phase="summer")
    move = work(("farmer", 0, 0, "NW"), ("y1", 1, 0, "NW"), ("y1", 2, 0, "NW"))
    refused(state, P1, move, "WG-R21")


def test_wg_r36_the_post_office_gives_exactly_two_goods():
    """WG-R36: one good (or three) is refused; two goods, the same twice, are taken."""
    state = table(cursor=1)  # p3 on church:2: the Post Office passes the Town Hall
    refused(state, P3, fall_turn("post_office", ["help"], goods=["fish"]), "WG-R36")
    refused(state, P3, fall_turn("post_office", ["help"], goods=["fish", "fish", "wood"]), "WG-R36")
    assert barn_of(GAME.play(state, P3, fall_turn("post_office", ["help"], goods=["wood", "wood"])), P3)[
        2:
    ] == (
        "wood",
        "wood",
    )


def test_wg_r36_an_upgrade_leaves_the_shop_and_a_barn_tile_adds_two_slots():
    """WG-R36 effects (§5.5 step 4): the bought upgrade and building tile leave the town; a barn
    tile adds its two barn slots at once (§11.5)."""
    p2 = replace(
        f3_players()[P2],
        barn=("c03", "c04", "wood", "wood"),
        storage=(("board:2:1", "stone"), ("board:4:1", "wood")),
    )
    state = table(
        _with(f3_players(), P2, p2), stock={"soebucks": ("U01", "U14"), "carpenter": ("barn_2",)}, order=(P2,)
    )
    upgrade = fall_turn("soebucks", ["help"], ["c03", "c04"], [("stone", "board:2:1", 1)], upgrade_id="U14")
    assert GAME.play(state, P2, upgrade).stock_at("soebucks") == ("U01",)
    barn = GAME.play(
        state, P2, fall_turn("carpenter", ["help"], ["c03"], [("wood", "barn", 2)], building_tile_id="barn_2")
    )
    assert barn.stock_at("carpenter") == () and barn.player(P2).barn_tiles == ("barn_2",)
    assert barn_of(barn, P2) == ("", "c04", "", "", "", "")


def _field_farm():
    """PB1 with L03 (all field, slots NW/SE) at (0,1) and L04 (all field, slot NE) at (1,1): the
    field area holds cells (1,0), (0,1), (1,1); its lowest-then-leftmost sub-cell is (2,0)."""
    return (("L03", 0, 1, 0), ("L04", 1, 1, 0))


def test_wg_r23_production_fills_the_areas_storage_in_canonical_slot_order():
    """WG-R23 / §5.4 step 2 (§5.0 canonical order: cell y, then x, then quadrant): 3 grain go to
    board:1:1, board:1:2 (row 0) and L03:NW (row 1, x 0) before L03:SE and L04:NE."""
    tiles = _field_farm()
    from domain.games.walnut_grove.farm import area_at

    field = area_at("PB1", tiles, 1, 0, 0)
    assert field.key == "area:2,0" and field.size == 3
    assert field.slots == ("board:1:1", "board:1:2", "L03:NW", "L03:SE", "L04:NE")
    p1 = farmer("PB1", tiles=tiles, barn=("c01", "", "", ""))
    state = table(_with(f3_players(), P1, p1), phase="summer")  # A1: bonus dairy, not grain
    after = GAME.play(state, P1, work(("farmer", 0, 1, "NW"), ("y1", 4, 0, "NW")))
    grain = sorted(slot for slot, good in storage_of(after, P1).items() if good == "grain")
    assert grain == ["L03:NW", "board:1:1", "board:1:2"]


def test_wg_r52_the_default_takes_stored_goods_in_canonical_slot_order():
    """WG-R52: with no grain in the barn, y1's grain comes from board:1:1 (row 0) before L03:NW
    (row 1, although x 0 is further left)."""
    p1 = farmer(
        "PB1",
        tiles=_field_farm(),
        storage={"L03:NW": "grain", "board:1:1": "grain", "board:4:1": "wood", "board:4:2": "wood"},
    )
    after = GAME.play(table(_with(f3_players(), P1, p1), phase="winter"), P1, {"type": "resolve_winter"})
    assert storage_of(after, P1) == {"L03:NW": "grain"}


def test_wg_r35_paying_more_than_the_cost_or_two_goods_from_one_slot_is_refused():
    """WG-R35: Johansen's Mill costs exactly 2 wood + 1 stone: 3 wood is too much; a storage slot
    holds one good, so it cannot give 2 wood."""
    p2 = replace(
        f3_players()[P2],
        barn=("c03", "wood", "wood", "stone"),
        storage=(("board:4:1", "wood"),),
    )
    state = table(_with(f3_players(), P2, p2), stock={"johansens_mill": ("cabin_1",)}, order=(P2,))
    too_much = [("wood", "barn", 2), ("wood", "board:4:1", 1), ("stone", "barn", 1)]
    refused(state, P2, fall_turn("johansens_mill", [], [], too_much, building_tile_id="cabin_1"), "WG-R35")
    one_slot = [("wood", "board:4:1", 2), ("stone", "barn", 1)]
    refused(state, P2, fall_turn("johansens_mill", [], [], one_slot, building_tile_id="cabin_1"), "WG-R35")


def test_wg_r51_food_sources_pay_food_only():
    """WG-R51: wood named among the food sources is refused (it would be paid on top of the heat)."""
    state = _winter()
    p1 = state.player(P1)
    state = state.with_player(P1, replace(p1, storage=p1.storage + (("board:4:2", "wood"),)))
    food = [
        {"good": "grain", "source": "board:1:1", "count": 1},
        {"good": "wood", "source": "board:4:2", "count": 1},
    ]
    refused(state, P1, {"type": "resolve_winter", "food_sources": food}, "WG-R51")


def test_keeping_drawn_coins_without_a_discard_says_no_discard():
    """The table review read "Bot 2 kept 2 drawn coins and discarded 0 barn items."."""
    from domain.games.game import seat_ref

    keep_all = {"type": "resolve_coin_overflow", "keep": ["c20", "c21"], "discard": []}
    assert GAME.describe(table(), P1, keep_all, None) == f"{seat_ref(P1)} kept 2 drawn coins."
    one_out = {"type": "resolve_coin_overflow", "keep": ["c20"], "discard": ["barn:1"]}
    assert GAME.describe(table(), P1, one_out, None) == f"{seat_ref(P1)} kept 1 drawn coin and discarded 1 barn item."


def test_keeping_none_of_the_drawn_coins_says_none_not_zero():
    """The table review's second look read "Bot 2 kept 0 drawn coins."."""
    from domain.games.game import seat_ref

    none = {"type": "resolve_coin_overflow", "keep": [], "discard": []}
    assert GAME.describe(table(), P1, none, None) == f"{seat_ref(P1)} kept none of the drawn coins."
