"""Spec §9 scenarios WG-S01..S30, each as one table-side story with the spec's exact numbers.

Seats are 0-based (p1 = seat 0). States are built directly with ``builders``.
"""

from __future__ import annotations

from dataclasses import replace

from domain.games import get_game
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.fall import route
from domain.games.walnut_grove.farm import area_at, farm_areas
from domain.games.walnut_grove.flow import start_final_adjustments, year_order
from domain.games.walnut_grove.holdings import coins
from domain.games.walnut_grove.summer import produce
from domain.games.walnut_grove.winter import winter_needs
from tests.games.walnut_grove.builders import (
    P1,
    P2,
    P3,
    P4,
    barn_of,
    f3_from_setup,
    f3_players,
    fall_turn,
    farmer,
    refused,
    storage_of,
    table,
    tile,
    work,
)

S01_TILES = (("L02", 0, 1, 0), ("L38", 0, 2, 180), ("L04", 1, 1, 0), ("L03", 1, 2, 0))
S07_TILES = (("L31", 1, 1, 0), ("L01", 0, 1, 0))
S23_TILES = (("L32", 1, 1, 0), ("L06", 2, 1, 0), ("L31", 3, 1, 0))


def _with(players, seat, player):
    return players[:seat] + (player,) + players[seat + 1 :]


def test_wg_s01_summer_production_fills_storage_then_the_barn():
    """WG-S01 (seed example): A1 summer bonus dairy; y1 forest 1, b3 pasture 3+1, farmer field 3."""
    p1 = farmer("PB1", tiles=S01_TILES, barn=("c01", "c02", "", ""), active=("y1", "b3"), place="church:1")
    state = table(_with(f3_players(), P1, p1), phase="summer", year=3)
    areas = {a.key: a for a in farm_areas("PB1", S01_TILES)}
    assert areas["area:0,0"].size == 3 and areas["area:0,0"].slots == ("board:0:1", "board:0:2", "L02:NE")
    assert areas["area:2,0"].size == 3 and len(areas["area:2,0"].slots) == 5
    assert areas["area:8,0"].size == 1 and areas["area:8,0"].slots == ("board:4:1", "board:4:2")

    state = GAME.play(state, P1, work(("y1", 4, 0, "NW"), ("b3", 0, 0, "NW"), ("farmer", 1, 0, "NW")))

    assert storage_of(state, P1) == {
        "board:4:1": "wood",
        "board:0:1": "dairy",
        "board:0:2": "dairy",
        "L02:NE": "dairy",
        "board:1:1": "grain",
        "board:1:2": "grain",
        "L04:NE": "grain",
    }
    assert barn_of(state, P1) == ("c01", "c02", "dairy", "")  # 2 coins, 1 dairy, 1 empty, nothing lost


def test_wg_s02_general_store_sale_with_fall_bonus_draws_two_coins():
    """WG-S02: selling 1 wood (A1's fall bonus) owes 1 + 1 = 2 coins, drawn at random."""
    state = table(cursor=2)  # order p1, p3, p2: p2's turn
    assert route("town_hall:1", "general_store_1").distance == 3
    state = GAME.play(state, P2, fall_turn("general_store_1", sell=[{"good": "wood", "source": "board:4:1"}]))
    request = GAME.chance(state)
    assert (request.kind, request.count) == ("sample", 2)
    state = GAME.resolve_chance(state, ["c12", "c23"])
    assert barn_of(state, P2) == ("c03", "c04", "c12", "c23")
    assert len(coins(state.player(P2))) == 4
    assert "board:4:1" not in storage_of(state, P2)


def test_wg_s03_year_one_order_is_church_spaces_then_town_hall():
    """WG-S03: F3 after the start choices: order p1, p3, p2, used for the spring draws too."""
    state = f3_from_setup()
    assert state.order == (P1, P3, P2)
    drawers = []
    while state.chance_step == "spring_draw":
        drawers.append(state.order[state.cursor])
        state = GAME.resolve_chance(state, GAME.chance(state).items[:4])
    assert drawers == [P1, P3, P2]


def test_wg_s04_neighbour_help_lifecycle():
    """WG-S04: help for taxes; a winter shortfall flips it; 3 goods return the new one; -2 at the end."""
    p2 = farmer(
        "PB2", barn=("c03", "c04", "", ""), active=("y4",), storage={"board:4:1": "wood", "board:4:2": "wood"}
    )
    players = _with(f3_players(), P2, replace(p2, place="soebucks"))
    state = table(players, year=3, disc="A3", order=(P1, P3, P2), cursor=2)
    # (1) the Town Hall lies between Soebuck's (10) and the Post Office (1): "help" for the taxes
    state = GAME.play(state, P2, fall_turn("post_office", tolls=["help"], goods=["fish", "stone"]))
    assert (state.player(P2).help_flipped, state.player(P2).help_returnable) == (0, True)
    assert state.phase == "winter"
    # (2) in winter y4 needs 1 grain and p2 has none (wood for 1 fire + 1 wagon is there)
    assert winter_needs(state, state.player(P2)).food["grain"] == 1
    state = GAME.play(state, P2, {"type": "resolve_winter"})
    assert (state.player(P2).help_flipped, state.player(P2).help_returnable) == (1, True)
    # (3) return the returnable tile with 3 goods
    p2 = state.player(P2)
    state = state.with_player(P2, replace(p2, barn=("grain", "fish", "stone", "")))
    goods = [{"good": g, "source": "barn", "count": 1} for g in ("grain", "fish", "stone")]
    state = GAME.play(state, P2, {"type": "return_neighbour_help_tile", "goods": goods})
    assert (state.player(P2).help_flipped, state.player(P2).help_returnable) == (1, False)
    # (4) the flipped tile is worth -2
    assert GAME.scores(state).breakdown[P2]["help"] == -2


def test_wg_s05_full_loop_pays_both_tolls_and_hires():
    """WG-S05: Saloon to Saloon is distance 12, passing taxes then bazaar."""
    p3 = farmer("PB3", barn=("c05", "c06", "c13", "dairy"), active=("y2",), place="saloon")
    state = table(
        _with(f3_players(), P3, p3), year=3, disc="A3", stock={"saloon": ("w2",)}, order=(P3,), cursor=0
    )
    assert route("saloon", "saloon").distance == 12
    assert route("saloon", "saloon").tolls == ("taxes", "bazaar")
    move = fall_turn(
        "saloon", tolls=["coin:c05", "coin:c06"], coins=["c13"], cost=[("dairy", "barn", 1)], labourer_id="w2"
    )
    # Action B first (illegal): two tolls are passed, one entry given
    refused(state, P3, {**move, "tolls": ["coin:c05"]}, "WG-R33")
    after = GAME.play(state, P3, move)
    assert after.player(P3).pending == ("w2",)
    assert barn_of(after, P3) == ("", "", "", "")
    assert {"c05", "c06", "c13"} <= set(after.coin_bag)
    assert after.stock_at("saloon") == ()


def test_wg_s06_tile_placement_legality():
    """WG-S06: y = 0 and board cells are refused (R14), keep is exact (R11), tiles must touch (R15)."""
    p1 = replace(f3_players()[P1], drawn=("L05", "L12", "L31", "L40"))
    state = table(_with(f3_players(), P1, p1), phase="spring")

    def place(*tiles):
        return {"type": "place_landscape_tiles", "placements": list(tiles)}

    refused(state, P1, place(tile("L05", 5, 0), tile("L12", 0, 1)), "WG-R14")
    refused(state, P1, place(tile("L05", 1, 0), tile("L12", 0, 1)), "WG-R14")
    refused(state, P1, place(tile("L12", 0, 1)), "WG-R11")
    refused(state, P1, place(tile("L12", 0, 1), tile("L05", 3, 2)), "WG-R15")
    after = GAME.play(state, P1, place(tile("L12", 0, 1), tile("L05", 1, 1, 90)))
    assert after.player(P1).tiles == (("L12", 0, 1, 0), ("L05", 1, 1, 90))
    assert {"L31", "L40"} <= set(after.tile_bag) and "L05" not in after.tile_bag


def test_wg_s07_areas_merge_across_tiles_and_size_counts_cells():
    """WG-S07: L01 joins the board pasture and L31's pasture half into one area of size 3."""
    before = (("L31", 1, 1, 0),)
    field = area_at("PB1", before, 1, 0, 0)
    assert (field.key, field.size) == ("area:2,0", 2)
    assert area_at("PB1", before, 1, 1, 0).size == 1  # diagonal contact does not connect

    p1 = replace(f3_players()[P1], tiles=before, drawn=("L01", "L20", "L44"))
    state = table(_with(f3_players(), P1, p1), phase="spring", year=2, disc="A2")
    state = GAME.play(state, P1, {"type": "place_landscape_tiles", "placements": [tile("L01", 0, 1)]})
    tiles = state.player(P1).tiles
    pasture = area_at("PB1", tiles, 0, 0, 0)
    assert pasture.key == "area:0,0" and pasture.cells == {(0, 0), (0, 1), (1, 1)} and pasture.size == 3
    assert pasture.slots == ("board:0:1", "board:0:2", "L01:NW", "L01:SE", "L31:NW")
    field = area_at("PB1", tiles, 1, 0, 0)
    assert field.size == 2 and field.slots == ("board:1:1", "board:1:2", "L31:SE")
    assert (
        len({a.key for a in farm_areas("PB1", tiles) if (1, 1) in a.cells}) == 2
    )  # tile (1,1) hosts two areas


def test_wg_s08_one_figure_per_area_but_two_on_one_tile():
    """WG-S08: two anchors in the pasture are refused (R23); two areas of one tile are fine."""
    p1 = replace(f3_players()[P1], tiles=S07_TILES, storage=())
    state = table(_with(f3_players(), P1, p1), phase="summer", year=2, disc="A2")
    refused(state, P1, work(("farmer", 0, 0, "NW"), ("y1", 1, 1, "SW")), "WG-R23")
    after = GAME.play(state, P1, work(("farmer", 1, 1, "NW"), ("y1", 1, 1, "NE")))
    goods = list(storage_of(after, P1).values())
    assert goods.count("dairy") == 3 and goods.count("grain") == 2


def test_wg_s09_bonus_production_overflows_the_barn_and_loses_two():
    """WG-S09: B2 bonus dairy: 3 + 1 = 4 dairy -> L31:NW, barn:4, 2 lost; y1 2 grain to storage."""
    full = {slot: "dairy" for slot in ("board:0:1", "board:0:2", "L01:NW", "L01:SE")}
    p1 = farmer("PB1", tiles=S07_TILES, storage=full, barn=("c01", "c02", "grain", ""), active=("y1",))
    state = table(_with(f3_players(), P1, p1), phase="summer", year=6, disc="B2")
    move = work(("farmer", 0, 0, "NW"), ("y1", 1, 1, "NE"))
    after = GAME.play(state, P1, move)
    assert storage_of(after, P1)["L31:NW"] == "dairy"
    assert barn_of(after, P1) == ("c01", "c02", "grain", "dairy")
    assert storage_of(after, P1)["board:1:1"] == storage_of(after, P1)["board:1:2"] == "grain"
    areas = [area_at("PB1", S07_TILES, 0, 0, 0), area_at("PB1", S07_TILES, 1, 1, 1)]
    _, report = produce(p1, list(zip(("farmer", "y1"), areas)), "dairy")
    assert (report[0].base, report[0].bonus, report[0].to_storage, report[0].to_barn, report[0].lost) == (
        3,
        1,
        ("L31:NW",),
        ("barn:4",),
        2,
    )
    # Variant: discarding the grain first saves one more dairy: 1 storage + 2 barn + 1 lost
    emptied = GAME.play(state, P1, {"type": "discard_from_barn", "barn_slots": ["barn:3"]})
    _, report = produce(emptied.player(P1), list(zip(("farmer", "y1"), areas)), "dairy")
    assert (len(report[0].to_storage), len(report[0].to_barn), report[0].lost) == (1, 2, 1)


def test_wg_s10_taxes_when_passing_the_town_hall():
    """WG-S10: Church start space to the Post Office is distance 7 and passes the Town Hall."""
    state = table(cursor=1)  # p1 has moved; p3's turn
    assert route("church:2", "post_office").distance == 7
    after = GAME.play(state, P3, fall_turn("post_office", tolls=["coin:c05"], goods=["fish", "fish"]))
    assert barn_of(after, P3) == ("fish", "c06", "fish", "")
    assert "c05" in after.coin_bag
    variant = GAME.play(state, P3, fall_turn("post_office", tolls=["help"], goods=["fish", "fish"]))
    assert barn_of(variant, P3) == ("c05", "c06", "fish", "fish")
    assert variant.player(P3).help_returnable


def test_wg_s11_toll_coins_cannot_also_pay_the_activation_cost():
    """WG-S11: Soebuck's costs 2 coins + 1 stone; the bazaar toll coin cannot be reused."""
    p2 = replace(f3_players()[P2], storage=(("board:2:1", "stone"),))
    state = table(_with(f3_players(), P2, p2), stock={"soebucks": ("U01",)}, cursor=2)
    stone = [("stone", "board:2:1", 1)]
    refused(state, P2, fall_turn("soebucks", ["coin:c03"], ["c04"], stone, upgrade_id="U01"), "WG-R35")
    refused(state, P2, fall_turn("soebucks", ["coin:c03"], ["c03", "c04"], stone, upgrade_id="U01"), "WG-R35")
    after = GAME.play(state, P2, fall_turn("soebucks", ["help"], ["c03", "c04"], stone, upgrade_id="U01"))
    assert route("town_hall:1", "soebucks").distance == 10
    assert after.player(P2).upgrades == (("home", "U01"),)
    assert after.player(P2).help_returnable and barn_of(after, P2) == ("", "", "", "")


def test_wg_s12_occupied_buildings_and_the_two_slot_shops():
    """WG-S12: the Hotel holds one figure; Svenson's two."""
    players = f3_players()
    players = _with(players, P2, replace(players[P2], place="svensons:1"))
    players = _with(
        players, P1, replace(players[P1], place="general_store_1", barn=("c01", "stone", "stone", ""))
    )
    players = _with(players, P3, replace(players[P3], place="hotel", barn=("c05", "stone", "stone", "")))
    state = table(players, year=2, disc="A2", stock={"svensons": ("U01", "U08"), "hotel": ("w1",)})
    assert state.order == (P2, P1, P3)
    state = GAME.play(state, P2, {"type": "pass_fall_turn"})
    refused(state, P1, fall_turn("hotel", [], ["c01"], [], labourer_id="w1"), "WG-R32")
    state = GAME.play(state, P1, fall_turn("svensons", [], ["c01"], [("stone", "barn", 2)], upgrade_id="U01"))
    assert state.player(P1).place == "svensons:2"
    refused(state, P3, fall_turn("svensons", [], ["c05"], [("stone", "barn", 2)], upgrade_id="U08"), "WG-R32")


def test_wg_s13_year_order_in_a_later_year():
    """WG-S13: Soebuck's slot 1, slot 2, Post Office, Town Hall -> p2, p1, p3, p4."""
    places = {P1: "soebucks:2", P2: "soebucks:1", P3: "post_office", P4: "town_hall:1"}
    players = tuple(
        farmer(board, active=(lab,), place=places[seat], done=seat != P4)
        for seat, (board, lab) in enumerate((("PB1", "y1"), ("PB2", "b1"), ("PB3", "y2"), ("PB4", "b2")))
    )
    state = table(players, phase="winter", year=3, disc="A3")
    state = GAME.play(state, P4, {"type": "resolve_winter"})  # the last winter ends year 3
    assert state.year == 4 and state.order == (P2, P1, P3, P4)


def test_wg_s14_general_store_limits_and_bonus():
    """WG-S14: one good per type (R36), only goods the store buys (R36); A2 bonus grain: owed 4."""
    p1 = farmer(
        "PB1",
        barn=("grain", "fish", "stone", ""),
        storage={"board:4:1": "wood", "board:4:2": "wood"},
        place="hotel",
    )
    state = table(_with(f3_players(), P1, p1), year=2, disc="A2", order=(P1, P3, P2))
    two_woods = [{"good": "wood", "source": "board:4:1"}, {"good": "wood", "source": "board:4:2"}]
    refused(state, P1, fall_turn("general_store_1", sell=two_woods), "WG-R36")
    refused(state, P1, fall_turn("general_store_1", sell=[{"good": "stone", "source": "barn"}]), "WG-R36")
    sale = [
        {"good": "grain", "source": "barn"},
        {"good": "fish", "source": "barn"},
        {"good": "wood", "source": "board:4:1"},
    ]
    after = GAME.play(state, P1, fall_turn("general_store_1", sell=sale))
    assert after.owed == 4 and GAME.chance(after).count == 4


def test_wg_s15_coin_overflow_choice():
    """WG-S15: 3 coins drawn, 1 slot free: keep every coin that fits once the fish is discarded."""
    p1 = farmer("PB1", barn=("c01", "c02", "grain", "fish"), storage={"board:4:1": "wood"}, place="hotel")
    state = table(_with(f3_players(), P1, p1), year=3, disc="A1", order=(P1, P3, P2))
    sale = [{"good": "grain", "source": "barn"}, {"good": "wood", "source": "board:4:1"}]
    state = GAME.play(state, P1, fall_turn("general_store_1", sell=sale))
    assert state.owed == 3
    state = GAME.resolve_chance(state, ["c14", "c24", "c07"])
    assert state.overflow == ("c14", "c24", "c07") and GAME.to_act(state) == {P1}
    refused(state, P1, {"type": "resolve_coin_overflow", "keep": ["c24"], "discard": ["barn:4"]}, "WG-R47")
    refused(
        state, P1, {"type": "resolve_coin_overflow", "keep": ["c24", "c14", "c07"], "discard": []}, "WG-R47"
    )
    move = {"type": "resolve_coin_overflow", "keep": ["c24", "c14"], "discard": ["barn:4"]}
    after = GAME.play(state, P1, move)
    assert barn_of(after, P1) == ("c01", "c02", "c24", "c14")
    assert "c07" in after.coin_bag and "c14" not in after.coin_bag
    public = GAME.action_view(state, P1, move, P2)
    assert public == {"type": "resolve_coin_overflow", "kept_count": 2, "discard": ["barn:4"]}


def test_wg_s16_winter_with_double_eaters_and_shortfalls():
    """WG-S16: A1 double eater blue: grain 1, fish 2, wood 1 + 2 = 3; two tiles; w1 enters after."""
    p2 = farmer(
        "PB2",
        active=("b1", "y4"),
        pending=("w1",),
        barn=("grain", "fish", "", ""),
        storage={"board:4:1": "wood", "board:4:2": "wood"},
    )
    players = tuple(replace(p, done=True) for p in f3_players())
    state = table(_with(players, P2, p2), phase="winter", year=3, disc="A1")
    needs = winter_needs(state, p2)
    assert (needs.food, needs.wood) == ({"grain": 1, "fish": 2, "dairy": 0}, 3)
    after = GAME.play(state, P2, {"type": "resolve_winter"})
    p2 = after.player(P2)
    assert (p2.help_flipped, p2.help_returnable) == (1, True)
    assert p2.barn == ("", "", "", "") and p2.storage == ()
    assert p2.active == ("b1", "y4", "w1") and p2.pending == ()  # WG-A09: the hire entered play


def test_wg_s17_heating_with_a_cabin():
    """WG-S17: B3 (yellow double, 3 fires): food 2/1/1 paid; wood 3 + (3 - 1) = 5 paid; no tiles."""
    p3 = farmer(
        "PB3",
        active=("y2", "b2", "w3"),
        cabins=("cabin_1",),
        storage={
            "board:3:1": "grain",
            "board:3:2": "grain",
            "board:0:1": "fish",
            "board:2:1": "dairy",
            "board:4:1": "wood",
            "board:4:2": "wood",
        },
        barn=("wood", "wood", "wood", ""),
    )
    state = table(_with(f3_players(), P3, p3), phase="winter", year=7, disc="B3")
    needs = winter_needs(state, p3)
    assert (needs.food, needs.wood) == ({"grain": 2, "fish": 1, "dairy": 1}, 5)
    p3 = GAME.play(state, P3, {"type": "resolve_winter"}).player(P3)
    assert (p3.help_flipped, p3.help_returnable) == (0, False)
    assert p3.storage == () and p3.barn == ("", "", "", "")


def test_wg_s18_hiring_with_full_housing_is_refused():
    """WG-S18: four active labourers fill H1-H4 (R36)."""
    p1 = farmer("PB1", active=("y1", "b2", "w1", "y3"), barn=("c01", "fish", "", ""), place="saloon")
    state = table(_with(f3_players(), P1, p1), year=3, stock={"lodge": ("b5",)}, order=(P1, P3, P2))
    refused(state, P1, fall_turn("lodge", [], ["c01"], [("fish", "barn", 1)], labourer_id="b5"), "WG-R36")


def test_wg_s19_building_tile_limits():
    """WG-S19: both barn plots used refuses a third barn (R36); a cabin covers H1 and saves wood."""
    p2 = farmer(
        "PB2",
        active=("b1",),
        barn_tiles=("barn_1", "barn_3"),
        barn=("c03", "wood", "wood", "", "", "", "", ""),
        place="saloon",
    )
    state = table(
        _with(f3_players(), P2, p2), year=3, stock={"carpenter": ("barn_2", "cabin_4")}, order=(P2,)
    )
    pay = {"coins": ["c03"], "cost": [("wood", "barn", 2)]}
    refused(state, P2, fall_turn("carpenter", [], **pay, building_tile_id="barn_2"), "WG-R36")
    after = GAME.play(state, P2, fall_turn("carpenter", [], **pay, building_tile_id="cabin_4"))
    assert after.player(P2).cabins == ("cabin_4",)
    assert winter_needs(after, after.player(P2)).wagons == 0  # b1 lives in the cabin now


def test_wg_s20_upgrade_space_already_used():
    """WG-S20: the yard space holds U11, so U14 is refused; U01 goes on the home space."""
    p3 = farmer("PB3", upgrades=(("yard", "U11"),), barn=("c05", "c06", "stone", ""), place="carpenter")
    state = table(
        _with(f3_players(), P3, p3), year=4, disc="A4", stock={"soebucks": ("U14", "U01")}, order=(P3,)
    )
    pay = {"coins": ["c05", "c06"], "cost": [("stone", "barn", 1)]}
    refused(state, P3, fall_turn("soebucks", [], **pay, upgrade_id="U14"), "WG-R36")
    after = GAME.play(state, P3, fall_turn("soebucks", [], **pay, upgrade_id="U01"))
    assert dict(after.player(P3).upgrades) == {"yard": "U11", "home": "U01"}


def test_wg_s21_goods_only_move_from_storage_to_barn():
    """WG-S21: barn goods never go back (R66); the last barn slot fills (R68)."""
    p1 = farmer("PB1", storage={"board:4:1": "wood", "board:1:1": "grain"}, barn=("c01", "c02", "grain", ""))
    state = table(_with(f3_players(), P1, p1), phase="summer")
    refused(state, P1, {"type": "move_goods_to_barn", "from_slot": "barn:3"}, "WG-R66")
    state = GAME.play(state, P1, {"type": "move_goods_to_barn", "from_slot": "board:4:1"})
    assert barn_of(state, P1) == ("c01", "c02", "grain", "wood")
    refused(state, P1, {"type": "move_goods_to_barn", "from_slot": "board:1:1"}, "WG-R68")


def test_wg_s22_returning_a_help_tile():
    """WG-S22: 3 goods exactly (R62); only the returnable tile can go back (R61)."""
    p2 = farmer(
        "PB2",
        help_flipped=1,
        help_returnable=True,
        barn=("grain", "grain", "", ""),
        storage={"board:2:1": "stone"},
    )
    state = table(_with(f3_players(), P2, p2), phase="winter")
    two = {"type": "return_neighbour_help_tile", "goods": [{"good": "grain", "source": "barn", "count": 2}]}
    refused(state, P2, two, "WG-R62")
    three = {**two, "goods": two["goods"] + [{"good": "stone", "source": "board:2:1", "count": 1}]}
    state = GAME.play(state, P2, three)
    assert (state.player(P2).help_flipped, state.player(P2).help_returnable) == (1, False)
    refused(state, P2, three, "WG-R61")


def test_wg_s23_enclosed_areas_score_their_size():
    """WG-S23: lake (2,0)+(2,1) enclosed (2) and mountain (3,0) enclosed (1): 3 VP."""
    areas = {a.key: a for a in farm_areas("PB1", S23_TILES)}
    assert areas["area:4,0"].landscape == "L" and areas["area:4,0"].size == 2 and areas["area:4,0"].enclosed
    assert areas["area:6,0"].landscape == "M" and areas["area:6,0"].size == 1 and areas["area:6,0"].enclosed
    assert areas["area:2,0"].landscape == "G" and not areas["area:2,0"].enclosed
    assert not areas["area:0,0"].enclosed and not areas["area:8,0"].enclosed
    open_upper = [a for a in farm_areas("PB1", S23_TILES) if a.cells in ({(1, 1)}, {(3, 1)})]
    assert open_upper and not any(a.enclosed for a in open_upper)
    p1 = farmer("PB1", tiles=S23_TILES, active=())
    assert GAME.scores(table((p1,), phase="ended", year=8)).breakdown[P1]["enclosures"] == 3


def _s24_table():
    p1 = farmer(
        "PB1",
        tiles=S23_TILES,
        barn=("c03", "c15", "c24", "c25", "wood", "wood"),
        storage={"board:4:1": "wood", "board:4:2": "wood"},
        active=("y1", "b2", "w1"),
        cabins=("cabin_2",),
        barn_tiles=("barn_1",),
        upgrades=(("home", "U01"), ("yard", "U11"), ("land", "U15")),
        help_flipped=1,
        help_returnable=True,
    )
    p2 = farmer(
        "PB2",
        barn=("c23", "c26", "c27", "c28", "c29", "c30"),
        active=("b1",),
        barn_tiles=("barn_2",),
        upgrades=(("home", "U01"), ("yard", "U14")),
    )
    return start_final_adjustments(table((p1, p2), phase="winter", year=8, disc="B4"))


def test_wg_s24_final_scoring_and_tie_break_under_rules_1():
    """WG-S24 (rules 1): p1 must confirm; keeping the tile scores 20 and loses the tie to p2 (fewer help tiles)."""
    first = get_game(GAME.name, "1")
    state = _s24_table()
    assert state.phase == "final_adjustments" and first.to_act(state) == {P1}
    kept = first.play(state, P1, {"type": "confirm_final_scoring"})
    scores = first.scores(kept)
    assert scores.breakdown[P1] == {
        "coins": 5,
        "labourers": 3,
        "buildings": 2,
        "enclosures": 3,
        "upgrades": 11,
        "help": -4,
    }
    assert scores.totals == {P1: 20, P2: 20}
    assert scores.ranking == (P2, P1) and scores.winners == (P2,)
    # Returning the tile with 3 wood: the Woodshed drops to 1, one tile fewer: 19
    returned = first.play(state, P1, {"type": "return_neighbour_help_tile", "goods": S24_WOOD})
    returned = first.play(returned, P1, {"type": "confirm_final_scoring"})
    assert first.scores(returned).totals[P1] == 19


S24_WOOD = [
    {"good": "wood", "source": "barn", "count": 2},
    {"good": "wood", "source": "board:4:1", "count": 1},
]


def test_wg_s24_under_rules_2_only_the_flipped_tile_costs_points_so_keeping_the_returnable_one_wins():
    """WG-S24 (rules 2, WG-D19 as printed): keeping the returnable tile costs nothing: 22 beats p2's 20;
    returning it costs 3 wood (the Woodshed drops to 1) and gains nothing: 19."""
    state = _s24_table()
    kept = GAME.play(state, P1, {"type": "confirm_final_scoring"})
    scores = GAME.scores(kept)
    assert scores.breakdown[P1]["help"] == -2
    assert scores.totals == {P1: 22, P2: 20} and scores.winners == (P1,)
    returned = GAME.play(state, P1, {"type": "return_neighbour_help_tile", "goods": S24_WOOD})
    returned = GAME.play(returned, P1, {"type": "confirm_final_scoring"})
    assert GAME.scores(returned).totals[P1] == 19


def test_wg_s25_what_others_see_of_a_sale():
    """WG-S25: the coins drawn are p2's secret; others see a count and face-down coins."""
    state = table(cursor=2)
    state = GAME.play(state, P2, fall_turn("general_store_1", sell=[{"good": "wood", "source": "board:4:1"}]))
    request = GAME.chance(state)
    action = {"type": "chance", "request": request.to_dict(), "outcome": ["c12", "c23"]}
    assert GAME.action_view(state, -1, action, P2)["outcome"] == ["c12", "c23"]
    assert "coin" in GAME.describe(state, -1, action, P2) and "c23" in GAME.describe(state, -1, action, P2)
    for viewer in (P1, P3, None):
        seen = GAME.action_view(state, -1, action, viewer)
        assert seen["count"] == 2 and "outcome" not in seen and "items" not in seen["request"]
        assert "c12" not in GAME.describe(state, -1, action, viewer)
    after = GAME.resolve_chance(state, ["c12", "c23"])
    assert GAME.player_view(after, P1)["players"][P2]["barn"] == ["coin"] * 4
    assert GAME.player_view(after, P2)["players"][P2]["barn"] == ["c03", "c04", "c12", "c23"]
    assert all(parts["coins"] == 0 for parts in GAME.scores(after).breakdown.values())


def test_wg_s26_passing_moves_nothing_and_uses_nothing():
    """WG-S26: p3 passes on church:2: no toll, no goods; next year p3 ranks after the Church street."""
    state = table(cursor=1)
    after = GAME.play(state, P3, {"type": "pass_fall_turn"})
    assert after.player(P3) == replace(state.player(P3), done=True)
    moved = _with(f3_players(), P1, replace(f3_players()[P1], place="church"))
    assert year_order(table(moved)) == (P1, P3, P2)


def test_wg_s27_spring_parameter_errors():
    """WG-S27: a tile not drawn (R12), a tile twice (R12), rotation 45 (R13)."""
    p1 = replace(f3_players()[P1], drawn=("L05", "L12", "L31", "L40"))
    state = table(_with(f3_players(), P1, p1), phase="spring")

    def place(*tiles):
        return {"type": "place_landscape_tiles", "placements": list(tiles)}

    refused(state, P1, place(tile("L07", 0, 1), tile("L05", 1, 1)), "WG-R12")
    refused(state, P1, place(tile("L05", 0, 1), tile("L05", 1, 1)), "WG-R12")
    refused(state, P1, place(tile("L05", 0, 1, 45), tile("L12", 1, 1)), "WG-R13")


def test_wg_s28_summer_parameter_errors():
    """WG-S28: a missing figure (R21), another player's figure (R21), an anchor off the farm (R22)."""
    p2 = replace(f3_players()[P2], active=("b1", "y4"))
    state = table(_with(f3_players(), P2, p2), phase="summer", year=3)
    refused(state, P2, work(("farmer", 0, 0, "NW"), ("b1", 1, 0, "NW")), "WG-R21")
    refused(
        state,
        P2,
        work(("farmer", 0, 0, "NW"), ("b1", 1, 0, "NW"), ("y4", 2, 0, "NW"), ("y1", 3, 0, "NW")),
        "WG-R21",
    )
    refused(state, P2, work(("farmer", 0, 0, "NW"), ("b1", 1, 0, "NW"), ("y4", 7, 3, "NE")), "WG-R22")


def test_wg_s29_the_town_hall_is_not_a_destination():
    """WG-S29: the Town Hall has no action (R31)."""
    p1 = replace(f3_players()[P1], place="lodge")
    state = table(_with(f3_players(), P1, p1), order=(P1, P3, P2))
    refused(state, P1, fall_turn("town_hall", ["coin:c01"], goods=["wood", "wood"]), "WG-R31")


def test_wg_s30_post_office_goods_only_enter_the_barn():
    """WG-S30: Lodge -> Post Office passes the Town Hall; 1 wood fits the barn, 1 is lost."""
    p3 = farmer("PB3", barn=("c05", "grain", "dairy", "stone"), storage={}, place="lodge", active=("y2",))
    state = table(_with(f3_players(), P3, p3), order=(P3, P1, P2))
    assert route("lodge", "post_office").distance == 2
    after = GAME.play(state, P3, fall_turn("post_office", ["coin:c05"], goods=["wood", "wood"]))
    assert barn_of(after, P3) == ("wood", "grain", "dairy", "stone")
    assert storage_of(after, P3) == {}
