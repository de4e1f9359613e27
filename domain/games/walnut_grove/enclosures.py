"""What a farm's fences are worth before they close: enclosed areas now, and the open ones
that tiles still to come could close.

An enclosed area scores its size at the end (WG-E02 d). An open one is worth its size times a
chance that falls with the number of empty cells its unfenced outline faces: each such cell
needs a tile with a fence (or the same landscape) on that side. An area whose unfenced outline
touches a filled cell, or a cell below the tile rows, can never close and is worth nothing.
"""

from __future__ import annotations

from domain.games.walnut_grove.farm import BORDERS, SUB_OFFSET, Area, farm_areas, farm_cells, subcell
from domain.games.walnut_grove.state import Placement

#: the chance that an open area closes, by the number of empty cells it still needs.
CLOSING = {1: 0.55, 2: 0.25, 3: 0.1}


def needed_cells(cells: dict, area: Area) -> frozenset | None:
    """The empty cells the area's unfenced outline faces, or None if it can never close."""
    needs = set()
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
            needs.add((nx, ny))
    return frozenset(needs)


def outlook(board: str, tiles: tuple[Placement, ...], to_come: int, closing: dict = CLOSING) -> float:
    """Enclosed points now plus what the open areas may still bring, ``to_come`` tiles left."""
    cells = farm_cells(board, tiles)
    total = 0.0
    for area in farm_areas(board, tiles):
        if area.enclosed:
            total += area.size
        elif to_come > 0:
            needs = needed_cells(cells, area)
            if needs is not None and len(needs) <= to_come:
                total += area.size * closing.get(len(needs), 0.0)
    return total
