"""Farm geometry (spec §5.0, WG-D02/D03): cells, quadrants, land areas, storage and enclosure.

A farm is the board row ``(0,0)..(4,0)`` plus landscape tiles on cells with ``y >= 1``. Every
cell is four quadrant *sub-cells*; a land area is a maximal orthogonally connected set of
sub-cells of one landscape type, fences never splitting it. Its size counts distinct cells
(board landscapes included) and it is *enclosed* when every cell border on its outline is
fenced. Everything here is a pure function of ``(board, tiles)``, cached because summer,
scoring and the bot ask the same farm many times.

Storage slot ids name the *printed* quadrant (§5.0: "slot id ``<tile_id>:<printed
quadrant>``"), so a slot keeps its id however the tile is turned (``L38:SE`` for L38's slot,
which lies in the table's NW quadrant when the tile is turned 180°). Anchors, areas and the
canonical slot order use table orientation; each slot carries its table position for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from domain.games.walnut_grove.components import (
    BOARD_FENCE,
    BOARD_SLOTS,
    LANDSCAPE_GOOD,
    LANDSCAPE_TILES,
    PLAYER_BOARDS,
    QUADRANTS,
)
from domain.games.walnut_grove.state import Placement

Cell = tuple[int, int]
SubCell = tuple[int, int]

#: quadrant index -> sub-cell offset inside the cell (NW, NE, SE, SW).
SUB_OFFSET = ((0, 1), (1, 1), (1, 0), (0, 0))
#: quadrant index -> [(cell step, own half-edge, neighbour's half-edge, neighbour quadrant)]
#: for the two sides of the quadrant that lie on the cell border.
BORDERS = (
    (((0, 1), 0, 5, 3), ((-1, 0), 7, 2, 1)),  # NW: north, west
    (((0, 1), 1, 4, 2), ((1, 0), 2, 7, 0)),  # NE: north, east
    (((1, 0), 3, 6, 3), ((0, -1), 4, 1, 1)),  # SE: east, south
    (((0, -1), 5, 0, 0), ((-1, 0), 6, 3, 2)),  # SW: south, west
)


@dataclass(frozen=True)
class FarmCell:
    """One cell in table orientation: quadrant types, fence string, storage slots."""

    types: str  # four letters NW NE SE SW
    fence: str  # eight half-edges N1 N2 E1 E2 S1 S2 W1 W2
    slots: tuple[tuple[str, int], ...]  # (slot id, sort index)


@dataclass(frozen=True)
class Area:
    """A land area: its key, landscape type, cells, storage (canonical order) and enclosure."""

    key: str
    landscape: str
    subcells: frozenset[SubCell]
    cells: frozenset[Cell]
    slots: tuple[str, ...]
    enclosed: bool

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def good(self) -> str:
        return LANDSCAPE_GOOD[self.landscape]


def subcell(x: int, y: int, quadrant: int) -> SubCell:
    dx, dy = SUB_OFFSET[quadrant]
    return (2 * x + dx, 2 * y + dy)


@cache  # some 70 tiles, four turns each
def rotated_tile(tile_id: str, rotation: int) -> FarmCell:
    """The tile as it lies on the table after turning it ``rotation`` degrees clockwise, made
    once per tile and turn (a planned spring lays out some 300 farms a decision, issue 39)."""
    tile = LANDSCAPE_TILES[tile_id]
    k = rotation // 90
    types = "".join(tile.q[(p - k) % 4] for p in range(4))
    fence = "".join(tile.fence[(h - 2 * k) % 8] for h in range(8))
    slots = tuple((f"{tile_id}:{QUADRANTS[i]}", (i + k) % 4) for i in range(4) if tile.store[i] == "1")
    return FarmCell(types, fence, tuple(sorted(slots, key=lambda s: s[1])))


@lru_cache(maxsize=4096)
def farm_cells(board: str, tiles: tuple[Placement, ...]) -> dict[Cell, FarmCell]:
    return cells_of(board, tiles)


def cells_of(board: str, tiles: tuple[Placement, ...]) -> dict[Cell, FarmCell]:
    """``farm_cells`` not kept: for a farm looked at once (a planned spring's candidates)."""
    row, _ = PLAYER_BOARDS[board]
    cells = {
        (x, 0): FarmCell(
            kind * 4, BOARD_FENCE, tuple((f"board:{x}:{i}", i) for i in range(1, BOARD_SLOTS + 1))
        )
        for x, kind in enumerate(row)
    }
    for tile_id, x, y, rotation in tiles:
        cells[(x, y)] = rotated_tile(tile_id, rotation)
    return cells


@lru_cache(maxsize=4096)
def farm_areas(board: str, tiles: tuple[Placement, ...]) -> tuple[Area, ...]:
    """Every land area of the farm, ordered by key position (lowest row, then leftmost)."""
    return areas_of(farm_cells(board, tiles))


def areas_of(cells: dict[Cell, FarmCell]) -> tuple[Area, ...]:
    """``farm_areas`` of a farm's cells (``farm_cells`` or ``cells_of``), not kept: a planned
    spring judges some 300 farms a decision, each once, and keeping them all (4,096 farms of
    cells and areas) evicted the farms in play and left the collector that much more to scan
    (issue 39)."""
    kinds: dict[SubCell, str] = {}
    for (x, y), cell in cells.items():
        for q in range(4):
            kinds[subcell(x, y, q)] = cell.types[q]
    seen: set[SubCell] = set()
    areas = []
    for start in sorted(kinds, key=lambda s: (s[1], s[0])):
        if start in seen:
            continue
        kind = kinds[start]
        members = {start}
        frontier = [start]
        while frontier:
            sx, sy = frontier.pop()
            for nb in ((sx + 1, sy), (sx - 1, sy), (sx, sy + 1), (sx, sy - 1)):
                if nb not in members and kinds.get(nb) == kind:
                    members.add(nb)
                    frontier.append(nb)
        seen |= members
        areas.append(_area(cells, kind, frozenset(members), start))
    return tuple(areas)


def _area(cells: dict[Cell, FarmCell], kind: str, members: frozenset[SubCell], key: SubCell) -> Area:
    owned = frozenset((sx // 2, sy // 2) for sx, sy in members)
    slots = []
    for x, y in sorted(owned, key=lambda c: (c[1], c[0])):
        cell = cells[(x, y)]
        board_cell = y == 0
        for slot, index in cell.slots:
            if board_cell or subcell(x, y, index) in members:
                slots.append(slot)
    return Area(
        key=f"area:{key[0]},{key[1]}",
        landscape=kind,
        subcells=members,
        cells=owned,
        slots=tuple(slots),
        enclosed=_enclosed(cells, members),
    )


def _enclosed(cells: dict[Cell, FarmCell], members: frozenset[SubCell]) -> bool:
    """WG-D03: every outline half-edge between this area and another cell must be fenced."""
    for sx, sy in members:
        x, y = sx // 2, sy // 2
        q = SUB_OFFSET.index((sx - 2 * x, sy - 2 * y))
        own = cells[(x, y)]
        for (dx, dy), edge, other_edge, other_q in BORDERS[q]:
            neighbour = cells.get((x + dx, y + dy))
            if neighbour is not None and subcell(x + dx, y + dy, other_q) in members:
                continue
            if own.fence[edge] == "1" or (neighbour is not None and neighbour.fence[other_edge] == "1"):
                continue
            return False
    return True


def area_at(board: str, tiles: tuple[Placement, ...], x: int, y: int, quadrant: int) -> Area | None:
    """The land area holding quadrant ``quadrant`` of cell ``(x, y)`` (an anchor), if any."""
    target = subcell(x, y, quadrant)
    for area in farm_areas(board, tiles):
        if target in area.subcells:
            return area
    return None


@lru_cache(maxsize=4096)
def slot_goods(board: str, tiles: tuple[Placement, ...]) -> dict[str, str]:
    """Storage slot id -> the one good it may hold (its area's good), in canonical slot order."""
    order = []
    for area in farm_areas(board, tiles):
        order.extend((slot, area.good) for slot in area.slots)
    index = _canonical_index(board, tiles)
    return dict(sorted(order, key=lambda kv: index[kv[0]]))


@lru_cache(maxsize=4096)
def _canonical_index(board: str, tiles: tuple[Placement, ...]) -> dict[str, int]:
    """WG §5.0 canonical slot order: by cell y, then x, then board slot index or quadrant."""
    cells = farm_cells(board, tiles)
    ordered = []
    for x, y in sorted(cells, key=lambda c: (c[1], c[0])):
        ordered.extend(slot for slot, _ in cells[(x, y)].slots)
    return {slot: i for i, slot in enumerate(ordered)}


def open_cells(board: str, tiles: tuple[Placement, ...], taken: frozenset[Cell] = frozenset()) -> list[Cell]:
    """Cells where a tile may go now (WG-R14/R15): ``y >= 1``, empty, next to the farm."""
    filled = set(farm_cells(board, tiles)) | set(taken)
    found = set()
    for x, y in filled:
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell[1] >= 1 and cell not in filled:
                found.add(cell)
    return sorted(found, key=lambda c: (c[1], c[0]))
