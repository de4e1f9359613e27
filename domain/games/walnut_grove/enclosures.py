"""What a farm's fences are worth before they close: enclosed areas now, and the open ones
that tiles still to come could close.

An enclosed area scores its size at the end (WG-E02 d). An open one is worth its size times a
chance that falls with the number of empty cells its unfenced outline faces: each such cell
needs a tile with a fence (or the same landscape) on that side. An area whose unfenced outline
touches a filled cell, or a cell below the tile rows, can never close and is worth nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from domain.games.walnut_grove.components import LANDSCAPE_TILES
from domain.games.walnut_grove.farm import BORDERS, SUB_OFFSET, Area, farm_areas, farm_cells, subcell
from domain.games.walnut_grove.state import Placement

#: the chance that an open area closes, by the number of empty cells it still needs.
CLOSING = {1: 0.55, 2: 0.25, 3: 0.1}


def needed_cells(cells: dict, area: Area) -> frozenset | None:
    """The empty cells the area's unfenced outline faces, or None if it can never close."""
    needs = needed_edges(cells, area)
    return None if needs is None else frozenset(needs)


def outlook(board: str, tiles: tuple[Placement, ...], to_come: int, closing: dict = CLOSING) -> float:
    """Enclosed points now plus what the open areas may still bring, ``to_come`` tiles left."""
    return outlook_of(farm_cells(board, tiles), farm_areas(board, tiles), to_come, closing)


def outlook_of(cells: dict, areas: tuple[Area, ...], to_come: int, closing: dict = CLOSING) -> float:
    """``outlook`` of a farm's cells and areas as given (``farm.cells_of``, ``farm.areas_of``)."""
    total = 0.0
    for size, needs in _scored_areas(cells, areas, to_come):  # summed in the farm's order: basic's choices
        total += size if needs is None else size * closing.get(len(needs), 0.0)
    return total


def _scored_areas(cells: dict, areas: tuple[Area, ...], to_come: int):
    """``(size, None)`` for each enclosed area and ``(size, needed_edges)`` for each open one that
    ``to_come`` tiles could still close, in the farm's order: what both outlooks start from."""
    for area in areas:
        if area.enclosed:
            yield area.size, None
        elif to_come > 0:
            needs = needed_edges(cells, area)
            if needs is not None and len(needs) <= to_come:
                yield area.size, needs


def needed_edges(cells: dict, area: Area) -> dict | None:
    """Per empty cell the area's unfenced outline faces, the half-edges (the cell's own, table
    orientation) a tile placed there must fence to close that side; None if it can never close."""
    needs: dict = {}
    for sx, sy in area.subcells:
        x, y = sx // 2, sy // 2
        own = cells[(x, y)]
        for (dx, dy), edge, other_edge, other_q in BORDERS[SUB_OFFSET.index((sx - 2 * x, sy - 2 * y))]:
            nx, ny = x + dx, y + dy
            neighbour = cells.get((nx, ny))
            if neighbour is not None and subcell(nx, ny, other_q) in area.subcells:
                continue
            if own.fence[edge] == "1" or (neighbour is not None and neighbour.fence[other_edge] == "1"):
                continue
            if neighbour is not None or ny < 1:
                return None
            needs[(nx, ny)] = needs.get((nx, ny), 0) | (1 << other_edge)
    return needs


#: each fence pattern among the landscape tiles, and the half-edge masks it fences turned 0-270°.
FENCES = tuple(sorted({t.fence for t in LANDSCAPE_TILES.values()}))
_TURNED = tuple(
    frozenset(sum(1 << h for h in range(8) if fence[(h - 2 * k) % 8] == "1") for k in range(4)) for fence in FENCES
)


def fence_counts(tiles: Iterable[str]) -> tuple[int, ...]:
    """How many of ``tiles`` carry each of ``FENCES``: all a closing chance reads of a pool."""
    counts = [0] * len(FENCES)
    for tile in tiles:
        counts[FENCES.index(LANDSCAPE_TILES[tile].fence)] += 1
    return tuple(counts)


@lru_cache(maxsize=4096)
def fit_share(pool: tuple[int, ...], mask: int) -> float:
    """The share of a pool (``fence_counts``) whose tiles, turned some way, fence every half-edge
    of ``mask``."""
    total = sum(pool)
    if not total:
        return 0.0
    fitting = sum(n for n, turns in zip(pool, _TURNED) if any(t & mask == mask for t in turns))
    return fitting / total


#: strong's closing chance from the tiles left (issue 38): a needed cell closes with the chance
#: that one of ``BAG_REACH`` x the draws to come (shared among the cells an area needs, by their
#: square root, and among the farm's open areas, by ``BAG_SHARE``) fences its side, and an area
#: with every such chance at most ``BAG_SURE``. Fitted on 7,907 open areas of 60 games (strong
#: against three basic, every seat's farm after each spring, closed or not at the end): log-loss
#: 0.560 against the fixed table's 0.659 (docs/bots.md, branch wg-strong3).
BAG_REACH = 0.3
BAG_SURE = 0.8
#: the draws shared among the farm's open areas that may close, by this power of their number
#: (0: not shared).
BAG_SHARE = 0.5


def bag_chance(needs: dict, pool: tuple[int, ...], draws: float) -> float:
    """The chance an open area needing ``needs`` (``needed_edges``) closes, ``draws`` tiles still
    to be drawn from a pool like ``pool`` (``fence_counts``)."""
    reach = BAG_REACH * draws / len(needs) ** 0.5
    chance = BAG_SURE
    for mask in needs.values():
        chance *= 1.0 - (1.0 - fit_share(pool, mask)) ** reach
    return chance


def bag_outlook(board: str, tiles: tuple[Placement, ...], to_come: int, pool: tuple[int, ...], draws: int) -> float:
    """``outlook`` with each open area's chance from the tiles still in the bag (``bag_chance``):
    an area whose missing side few tiles can fence, or that few draws are left to close, counts
    less than the fixed table says, one many tiles fit counts more."""
    return bag_outlook_of(farm_cells(board, tiles), farm_areas(board, tiles), to_come, pool, draws)


def bag_outlook_of(cells: dict, areas: tuple[Area, ...], to_come: int, pool: tuple[int, ...], draws: int) -> float:
    """``bag_outlook`` of a farm's cells and areas as given (``farm.cells_of``, ``farm.areas_of``)."""
    total, open_areas = 0.0, []
    for size, needs in _scored_areas(cells, areas, to_come):
        if needs is None:
            total += size
        else:
            open_areas.append((size, needs))
    if open_areas:
        shared = draws / len(open_areas) ** BAG_SHARE if BAG_SHARE else draws
        total += sum(size * bag_chance(needs, pool, shared) for size, needs in open_areas)
    return total
