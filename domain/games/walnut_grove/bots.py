"""A seeded random bot that always finishes: every choice is one ``legal_moves`` would list.

The bot is random but not careless, so a bot table looks like farming rather than begging:

* summer: figures go to the areas that yield most, weighting wood (heating) and the foods its
  labourers eat, with random noise;
* fall: moves are drawn from the listed ones, weighted towards sales, free food and wood, and
  away from taking help tiles for tolls; it passes now and then;
* free actions: now and then it moves a stored good to the barn or returns a help tile (never
  a discard, which only destroys); each consumes something, so they cannot loop.

Spring and summer moves are built directly (listing every spring placement costs far more
than picking one), always in the spelling ``legal_moves`` lists.
"""

from __future__ import annotations

import random

from domain.errors import IllegalMove
from domain.games.walnut_grove.components import (
    COLOUR_FOOD,
    LABOURERS,
    LANDSCAPE_GOOD,
    ROTATIONS,
    START_BUILDINGS,
)
from domain.games.walnut_grove.farm import Area, farm_areas, farm_cells, open_cells, rotated_tile
from domain.games.walnut_grove.legal import (
    fall_moves,
    free_action_moves,
    legal_moves,
    overflow_moves,
    summer_move,
)
from domain.games.walnut_grove.rules import to_act
from domain.games.walnut_grove.spring import keep_count
from domain.games.walnut_grove.state import Player, WalnutGroveState
from domain.games.walnut_grove.summer import figures

LANDSCAPE_LETTER = {good: letter for letter, good in LANDSCAPE_GOOD.items()}
FREE_ACTION_CHANCE = 0.05
PASS_CHANCE = 0.05
HELPFUL = ("move_goods_to_barn", "return_neighbour_help_tile")


def bot_move(state: WalnutGroveState, seat: int, rng: random.Random) -> dict:
    if seat not in to_act(state):
        options = [m for m in legal_moves(state, seat) if m["type"] in HELPFUL] or legal_moves(state, seat)
        if not options:
            raise IllegalMove("WG-G07", f"seat {seat} has nothing to do now")
        return rng.choice(options)
    player = state.player(seat)
    if state.phase != "setup_start_choice" and rng.random() < FREE_ACTION_CHANCE:
        helpful = [m for m in free_action_moves(player) if m["type"] in HELPFUL]
        if helpful:
            return rng.choice(helpful)
    if state.phase == "spring":
        return _spring(state, seat, rng)
    if state.phase == "summer":
        return _summer(player, rng)
    if state.phase == "fall":
        if state.overflow:
            return rng.choice(overflow_moves(player, state.overflow))
        options = fall_moves(state, seat)
        if options and rng.random() >= PASS_CHANCE:
            return rng.choices(options, weights=[_fall_weight(player, m) for m in options])[0]
        return {"type": "pass_fall_turn"}
    if state.phase == "winter":
        return {"type": "resolve_winter"}
    if state.phase == "final_adjustments":
        returns = [m for m in free_action_moves(player) if m["type"] == "return_neighbour_help_tile"]
        return rng.choice(returns) if returns else {"type": "confirm_final_scoring"}
    return {"type": "choose_start_building", "building": rng.choice(START_BUILDINGS)}


#: (cell step, this cell's two quadrants on that side, the neighbour's facing quadrants).
_SIDES = (
    ((0, 1), (0, 1), (3, 2)),
    ((0, -1), (3, 2), (0, 1)),
    ((1, 0), (1, 2), (0, 3)),
    ((-1, 0), (0, 3), (1, 2)),
)


def _spring(state: WalnutGroveState, seat: int, rng: random.Random) -> dict:
    """Place tiles where their landscapes continue the neighbours' (growing wanted areas)."""
    player = state.player(seat)
    cells = dict(farm_cells(player.board, player.tiles))
    weight = {LANDSCAPE_LETTER[good]: (2.0 if good in _wanted(player) else 1.0) for good in LANDSCAPE_LETTER}
    placements, left, taken = [], list(player.drawn), frozenset()
    for _ in range(keep_count(state, player)):
        best, best_score = None, -1.0
        for tile in left:
            for x, y in open_cells(player.board, player.tiles, taken):
                for rotation in ROTATIONS:
                    types = rotated_tile(tile, rotation).types
                    score = rng.random()
                    for (dx, dy), mine, theirs in _SIDES:
                        other = cells.get((x + dx, y + dy))
                        if other is not None:
                            score += sum(
                                weight[types[a]] for a, b in zip(mine, theirs) if types[a] == other.types[b]
                            )
                    if score > best_score:
                        best, best_score = (tile, x, y, rotation), score
        tile, x, y, rotation = best
        left.remove(tile)
        taken |= {(x, y)}
        cells[(x, y)] = rotated_tile(tile, rotation)
        placements.append({"tile_id": tile, "x": x, "y": y, "rotation": rotation})
    return {"type": "place_landscape_tiles", "placements": placements}


def _wanted(player: Player) -> set[str]:
    return {"wood"} | {COLOUR_FOOD[LABOURERS[lab]] for lab in player.active + player.pending}


def _summer(player: Player, rng: random.Random) -> dict:
    areas = list(farm_areas(player.board, player.tiles))
    wanted = _wanted(player)

    def value(area: Area) -> float:
        return area.size * (1.6 if area.good in wanted else 0.8) + rng.random()

    best = sorted(range(len(areas)), key=lambda i: -value(areas[i]))[: len(figures(player))]
    return summer_move(player, tuple(areas[i] for i in sorted(best)))


def _fall_weight(player: Player, move: dict) -> float:
    weight = {"sell": 4.0, "goods": 2.0, "labourer_id": 1.5, "building_tile_id": 1.5, "upgrade_id": 2.0}
    kind = next(k for k in weight if k in move)
    value = weight[kind]
    if kind == "goods":
        value *= 1 + sum(good in _wanted(player) for good in move["goods"])
    return value * 0.1 ** move["tolls"].count("help")
