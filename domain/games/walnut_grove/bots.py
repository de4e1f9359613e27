"""A seeded random bot that always finishes: every choice is one ``legal_moves`` would list.

Spring and summer moves are built directly (listing every spring placement costs far more
than picking one); fall draws from the listed moves, preferring to act over passing. Free
actions are taken rarely and each consumes a good, coin or tile, so they cannot loop.
"""

from __future__ import annotations

import random

from domain.errors import IllegalMove
from domain.games.walnut_grove.components import ROTATIONS, START_BUILDINGS
from domain.games.walnut_grove.farm import farm_areas, open_cells
from domain.games.walnut_grove.legal import (
    fall_moves,
    free_action_moves,
    legal_moves,
    overflow_moves,
    summer_move,
)
from domain.games.walnut_grove.rules import to_act
from domain.games.walnut_grove.spring import keep_count
from domain.games.walnut_grove.state import WalnutGroveState
from domain.games.walnut_grove.summer import figures

FREE_ACTION_CHANCE = 0.05
PASS_CHANCE = 0.1


def bot_move(state: WalnutGroveState, seat: int, rng: random.Random) -> dict:
    if seat not in to_act(state):
        options = legal_moves(state, seat)
        if not options:
            raise IllegalMove("WG-G07", f"seat {seat} has nothing to do now")
        return rng.choice(options)
    player = state.player(seat)
    if state.phase != "setup_start_choice" and rng.random() < FREE_ACTION_CHANCE:
        free = free_action_moves(player)
        if free:
            return rng.choice(free)
    if state.phase == "spring":
        return _spring(state, seat, rng)
    if state.phase == "summer":
        areas = list(farm_areas(player.board, player.tiles))
        picked = sorted(rng.sample(range(len(areas)), len(figures(player))))
        return summer_move(player, tuple(areas[i] for i in picked))
    if state.phase == "fall":
        if state.overflow:
            return rng.choice(overflow_moves(player, state.overflow))
        options = fall_moves(state, seat)
        if options and rng.random() >= PASS_CHANCE:
            return rng.choice(options)
        return {"type": "pass_fall_turn"}
    if state.phase == "final_adjustments":
        returns = [m for m in free_action_moves(player) if m["type"] == "return_neighbour_help_tile"]
        if returns and rng.random() < 0.5:
            return rng.choice(returns)
        return {"type": "confirm_final_scoring"}
    if state.phase == "winter":
        return {"type": "resolve_winter"}
    return {"type": "choose_start_building", "building": rng.choice(START_BUILDINGS)}


def _spring(state: WalnutGroveState, seat: int, rng: random.Random) -> dict:
    player = state.player(seat)
    tiles = rng.sample(list(player.drawn), keep_count(state, player))
    placements, taken = [], frozenset()
    for tile in tiles:
        x, y = rng.choice(open_cells(player.board, player.tiles, taken))
        taken |= {(x, y)}
        placements.append({"tile_id": tile, "x": x, "y": y, "rotation": rng.choice(ROTATIONS)})
    return {"type": "place_landscape_tiles", "placements": placements}
