"""Spring (§5.3, WG-R10..R15, WG-D04..D07): place the kept landscape tiles, return the rest.

Everyone has drawn before anyone places (WG-A02, WG-D06); submissions are simultaneous and
public (WG-H11). Tiles go above the board row, next to the farm; nothing has to match.
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.walnut_grove import moves
from domain.games.walnut_grove.components import ROTATIONS, YEAR_DISCS
from domain.games.walnut_grove.farm import farm_cells
from domain.games.walnut_grove.flow import end_spring
from domain.games.walnut_grove.state import Placement, Player, WalnutGroveState, replace


def keep_count(state: WalnutGroveState, player: Player) -> int:
    """WG-R11: ``min(keep, tiles drawn)``."""
    return min(YEAR_DISCS[state.disc].keep, len(player.drawn))


def placing_player(state: WalnutGroveState, seat: int) -> Player:
    """WG-R10: the seat that may place tiles now (the move and its preview refuse alike)."""
    if state.phase != "spring" or state.chance_step:
        raise IllegalMove("WG-R10", "landscape tiles are placed in spring, after the draws")
    player = state.player(seat)
    if player.done:
        raise NotYourTurn("WG-R10", f"seat {seat} has already placed its tiles this spring")
    return player


def place_landscape_tiles(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    player = placing_player(state, seat)
    wanted = moves.placements(moves.fields(move, "WG-R11", placements=list)["placements"])
    check_placements(player, wanted, keep_count(state, player))
    placed = tuple(wanted)
    kept = {tile for tile, *_ in placed}
    returned = tuple(tile for tile in player.drawn if tile not in kept)
    player = replace(player, tiles=player.tiles + placed, drawn=(), done=True)
    state = replace(state.with_player(seat, player), tile_bag=tuple(sorted(state.tile_bag + returned)))
    return maybe_end_spring(state)


def maybe_end_spring(state: WalnutGroveState) -> WalnutGroveState:
    return end_spring(state) if all(p.done for p in state.players) else state


def check_placements(player: Player, wanted: list[Placement], keep: int) -> None:
    """WG-R11..R15 in the spec's order; the first violated rule is reported."""
    if len(wanted) != keep:
        raise IllegalMove("WG-R11", f"place exactly {keep} of the drawn tiles, not {len(wanted)}")
    ids = [tile for tile, *_ in wanted]
    for tile in ids:
        if tile not in player.drawn:
            raise IllegalMove("WG-R12", f"tile {tile!r} is not one you drew this spring")
    if len(set(ids)) != len(ids):
        raise IllegalMove("WG-R12", "a drawn tile can be placed only once")
    for _, _, _, rotation in wanted:
        if rotation not in ROTATIONS:
            raise IllegalMove("WG-R13", f"rotation must be 0, 90, 180 or 270, not {rotation}")
    filled = set(farm_cells(player.board, player.tiles))
    for _tile, x, y, _ in wanted:
        if y < 1:
            raise IllegalMove("WG-R14", f"({x},{y}) is not above the board row: tiles go at y >= 1")
        if (x, y) in filled:
            raise IllegalMove("WG-R14", f"cell ({x},{y}) is already filled")
        filled.add((x, y))
    filled = set(farm_cells(player.board, player.tiles))
    for _tile, x, y, _ in wanted:
        if not {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & filled:
            raise IllegalMove("WG-R15", f"cell ({x},{y}) touches neither the board nor a placed tile")
        filled.add((x, y))
