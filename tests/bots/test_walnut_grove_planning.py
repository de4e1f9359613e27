"""Walnut Grove's strong bot plans ahead (issue 21): what open fences may still enclose, and the
wood the winters after this one will ask for. Pure functions of the seat's own farm and the
public discs, so they are checked on small farms by hand (the spec's WG-S23 farm)."""

from __future__ import annotations

import pytest

from domain.games.walnut_grove import GAME, bots
from domain.games.walnut_grove.components import ROTATIONS
from domain.games.walnut_grove.enclosures import (
    CLOSING,
    bag_outlook,
    bag_outlook_of,
    fence_counts,
    needed_cells,
    outlook,
    outlook_of,
)
from domain.games.walnut_grove.farm import areas_of, cells_of, farm_areas, farm_cells, open_cells
from domain.games.walnut_grove.state import Player, WalnutGroveState
from tests.bots.helpers import positions, seed_of

#: WG-S23: lake (2,0)+(2,1) and mountain (3,0) enclosed (3 points); the rest open.
S23_TILES = (("L32", 1, 1, 0), ("L06", 2, 1, 0), ("L31", 3, 1, 0))


def _area(tiles, cell, landscape):
    return next(a for a in farm_areas("PB1", tiles) if cell in a.cells and a.landscape == landscape)


def test_with_no_tile_to_come_only_the_enclosed_areas_count():
    assert outlook("PB1", S23_TILES, 0) == 3


def test_an_open_area_counts_its_size_times_the_chance_of_closing():
    pasture = _area(S23_TILES, (0, 0), "P")  # the board's pasture: its top faces the empty (0,1)
    assert needed_cells(farm_cells("PB1", S23_TILES), pasture) == {(0, 1)}
    assert outlook("PB1", S23_TILES, 1) > 3 + CLOSING[1] * pasture.size


def test_an_area_whose_unfenced_outline_touches_a_filled_cell_can_never_close():
    tiles = (("L03", 0, 1, 0),)  # an unfenced field over the board's pasture
    pasture = _area(tiles, (0, 0), "P")
    assert needed_cells(farm_cells("PB1", tiles), pasture) is None


def test_an_open_area_needing_more_tiles_than_are_left_is_worth_nothing():
    field = _area(S23_TILES, (3, 1), "G")  # L31's east half: open north and east
    assert needed_cells(farm_cells("PB1", S23_TILES), field) == {(3, 2), (4, 1)}
    with_one, with_two = outlook("PB1", S23_TILES, 1), outlook("PB1", S23_TILES, 2)
    assert with_two - with_one >= field.size * CLOSING[2]


def test_wood_deficit_counts_the_fires_and_wagons_of_the_discs_still_face_down():
    player = Player(board="PB1", active=("y1",))
    state = WalnutGroveState(players=(player,), phase="fall", year=6, disc="B2", discs=("B3", "B4"))
    need = 3 + 3 + 1 * 2  # both B3 and B4 have 3 fires; one labourer without a cabin, two winters
    assert bots.wood_deficit(state, player) == pytest.approx(need - bots.FOREST_YIELD * 1 * 2)
    assert bots.wood_deficit(
        state, Player(board="PB1", active=("y1",), cabins=("cabin_1",))
    ) == pytest.approx(6 - bots.FOREST_YIELD * 2)
    assert (
        bots.wood_deficit(WalnutGroveState(players=(player,), phase="fall", year=8, disc="B1"), player) == 0
    )


def test_strong_counts_a_good_this_winter_needs_above_basic():
    """Issue 38: a missing good is a help tile (two points, and the returnable tile before it
    flips), so strong holds on to what this winter needs; basic's worth stays as it was."""
    player = Player(board="PB1", active=("y1",), barn=("wood",))
    state = WalnutGroveState(players=(player,), phase="fall", year=6, disc="B2", discs=("B3", "B4"))
    # this winter asks 2 fires + 1 wagon = 3 wood: the one held is covered, none spare
    assert bots.goods_worth(state, player) == pytest.approx(bots.NEEDED_GOOD)
    assert bots.goods_worth(state, player, plan=True) == pytest.approx(bots.NEEDED_GOOD_PLAN)
    assert bots.NEEDED_GOOD_PLAN > bots.NEEDED_GOOD


def test_a_candidate_farm_judged_without_the_caches_is_judged_as_through_them():
    """The planned spring lays out every placement of every drawn tile and judges each farm once,
    its cells and areas drawn without keeping them (``cells_of``, ``areas_of``, issue 39): for the
    farms of a seeded game's springs and every placement of a drawn tile on them, the cells,
    areas and both outlooks are those the cached functions give, and ``_plan_value`` is the value
    written through them before."""
    compared = 0
    for _version, state, seat in positions(GAME, 4, seed_of("wg-spring-uncached", 4), ["basic"] * 4):
        player = state.player(seat)
        if state.phase != "spring" or player.done or not player.drawn:
            continue
        pool = fence_counts(state.tile_bag)
        weight = {letter: 1.0 + (letter == "F") for letter in "FGPLM"}
        for tile in player.drawn:
            for x, y in open_cells(player.board, player.tiles):
                for rotation in ROTATIONS:
                    tiles = player.tiles + ((tile, x, y, rotation),)
                    cells = cells_of(player.board, tiles)
                    areas = areas_of(cells)
                    assert cells == farm_cells(player.board, tiles) and areas == farm_areas(player.board, tiles)
                    for to_come in (0, 2, 5):
                        assert outlook_of(cells, areas, to_come) == outlook(player.board, tiles, to_come)
                        assert bag_outlook_of(cells, areas, to_come, pool, 6) == bag_outlook(player.board, tiles, to_come, pool, 6)
                    kept = list(farm_areas(player.board, tiles))
                    before = outlook(player.board, tiles, 3) + bots._land_bonus(kept, (u for _, u in player.upgrades)) \
                        + bots.PLAN_PRODUCTION * bots._production(kept, weight, player)
                    assert bots._plan_value(player, tiles, weight, 3) == before
                    compared += 1
    assert compared > 2000
