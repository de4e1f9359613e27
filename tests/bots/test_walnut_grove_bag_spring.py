"""Walnut Grove's strong bot reads an open area's chance of closing from the tiles still in the
bag (issue 38, thirteenth session): the side a needed cell must fence, how many tiles in the bag
fence it, and how many draws are left. ``basic`` keeps the fixed table (0.55 for one cell needed,
whatever is left). The bag and the discs face down are public, so this reads nothing hidden."""

from __future__ import annotations

import random

from domain.games import get_game
from domain.games.game import BotInput
from domain.games.walnut_grove import bots
from domain.games.walnut_grove.components import LANDSCAPE_TILES, YEAR_DISCS
from domain.games.walnut_grove.enclosures import (
    CLOSING,
    bag_chance,
    fence_counts,
    fit_share,
    needed_cells,
    needed_edges,
)
from domain.games.walnut_grove.farm import farm_areas, farm_cells
from tests.bots.helpers import positions, seed_of

GAME = get_game("walnut_grove")
EVERY_TILE = fence_counts(LANDSCAPE_TILES)
NORTH, EAST, SOUTH, WEST = 0b11, 0b1100, 0b110000, 0b11000000  # a cell's half-edges, two a side


def test_a_side_is_fenced_by_the_tiles_that_fence_a_whole_side_turned_some_way():
    # 20 half tiles fence two adjacent sides, 5 full tiles one side; nothing fences opposite sides
    assert fit_share(EVERY_TILE, NORTH) == 25 / 50
    assert fit_share(EVERY_TILE, NORTH | EAST) == 20 / 50
    assert fit_share(EVERY_TILE, NORTH | SOUTH) == 0
    assert fit_share(EVERY_TILE, 0b1) == 35 / 50  # one half-edge: the corner tiles fence it too


def test_an_area_whose_missing_cell_must_fence_opposite_sides_never_closes():
    """The table counts every area one cell short at 0.55; from the tiles, a cell that must be
    fenced north and south (the area on both sides of it) has no tile that closes it."""
    assert bag_chance({(0, 1): NORTH | SOUTH}, EVERY_TILE, 20) == 0
    assert bag_chance({(0, 1): NORTH}, EVERY_TILE, 20) > CLOSING[1]


def test_the_chance_of_closing_falls_with_the_draws_left_and_the_cells_needed():
    one = {(0, 1): SOUTH}
    assert bag_chance(one, EVERY_TILE, 2) < bag_chance(one, EVERY_TILE, 10) < bag_chance(one, EVERY_TILE, 20)
    assert bag_chance({(0, 1): SOUTH, (1, 1): SOUTH}, EVERY_TILE, 20) < bag_chance(one, EVERY_TILE, 20)
    assert bag_chance(one, fence_counts(["L01", "L03", "L05"]), 20) == 0  # no fence left in the bag


def test_needed_edges_name_the_cells_of_needed_cells_and_the_half_edges_to_fence():
    tiles = (("L32", 1, 1, 0), ("L06", 2, 1, 0), ("L31", 3, 1, 0))  # WG-S23's farm
    cells = farm_cells("PB1", tiles)
    pasture = next(a for a in farm_areas("PB1", tiles) if (0, 0) in a.cells)
    assert needed_edges(cells, pasture) == {(0, 1): SOUTH}  # the board pasture's open top
    for area in farm_areas("PB1", tiles):
        edges, needed = needed_edges(cells, area), needed_cells(cells, area)
        assert (edges is None and needed is None) or set(edges) == needed


def test_strong_takes_a_sure_enclosure_where_basic_waits_on_the_last_draws():
    """Year 7 of a seeded game of four ``basic`` bots, seat 2 keeps one of L23, L35 and L03, and
    one disc is face down (B3: two tiles drawn, one kept). Placing L35 leaves its four-cell forest
    one fenced side short: the table counts it 0.55 x 4 and ``basic`` places L35 there. From the
    bag, two draws close that side with a chance under 0.25, so ``strong`` places L23, which
    encloses a pasture cell now."""
    state, seat = next((s, seat) for at, s, seat in positions(GAME, 4, seed_of("wgs3", 0), ["basic"] * 4) if at == 148)
    assert state.phase == "spring" and state.year == 7 and seat == 2 and state.discs == ("B3",)
    assert YEAR_DISCS[state.disc].keep == 1 and set(state.player(seat).drawn) == {"L23", "L35", "L03"}

    def decide(policy) -> dict:
        inp = BotInput(seat, GAME.player_view(state, seat), GAME.legal_moves(state, seat), random.Random(3))
        return policy(inp)["placements"]

    assert decide(bots.basic_policy) == [{"tile_id": "L35", "x": 5, "y": 1, "rotation": 0}]
    assert decide(bots.strong_policy) == [{"tile_id": "L23", "x": 4, "y": 2, "rotation": 270}]
    player = state.player(seat)
    tiles = player.tiles + (("L35", 5, 1, 0),)
    forest = next(a for a in farm_areas(player.board, tiles) if a.landscape == "F" and a.size == 4)
    needs = needed_edges(farm_cells(player.board, tiles), forest)
    assert needs == {(4, 2): SOUTH}
    pool = fence_counts(state.tile_bag + tuple(t for p in state.players for t in p.drawn))
    assert bag_chance(needs, pool, YEAR_DISCS["B3"].draw) < 0.25 < CLOSING[1]
