"""Where horses may stand and what may be bought: the ranch geometry of every level.

Levels 1-2 give each player a board of their own (FR-R013, FR-R092, FR-R113a); level 3 joins
4 or 6 boards into one community whose territories touch inside a board (§11.5 ``adjacent``)
and across seams through edge segments of the same colour (FR-R140). Everything here is a
query on a ``Work`` copy; nothing changes state.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from domain.games.fantasy_ranch.components import BOARDS, HORSES, LOCATIONS, UPGRADE_TOKENS
from domain.games.fantasy_ranch.state import HOLDING, Work


@cache
def community(
    grid: tuple[tuple[int, ...], ...], side: str
) -> tuple[tuple[str, ...], dict[str, frozenset[str]]]:
    """All territories of a level-3 community and their adjacency (internal + FR-R140 seams)."""
    links: dict[str, set[str]] = {}
    territories: list[str] = []
    for row in grid:
        for board in row:
            b = BOARDS[board, side]
            for loc in b.locations:
                territories.append(loc.id)
                links.setdefault(loc.id, set())
            for a, c in b.adjacent:
                links[a].add(c)
                links[c].add(a)

    def seam(x_board: int, x_edge: str, x_cells: list, y_board: int, y_edge: str, y_cells: list) -> None:
        bx, by = BOARDS[x_board, side], BOARDS[y_board, side]
        for k, (cx, cy) in enumerate(zip(x_cells, y_cells)):
            colour_x, colour_y = bx.edges[x_edge][k], by.edges[y_edge][k]
            if colour_x and colour_x == colour_y:
                a, c = bx.at(*cx), by.at(*cy)
                links[a].add(c)
                links[c].add(a)

    for y, row in enumerate(grid):
        for x, board in enumerate(row):
            if x + 1 < len(row):  # left X, right Y: X's E k touches Y's W k
                seam(board, "E", [(2, 0), (2, 1)], row[x + 1], "W", [(0, 0), (0, 1)])
            if y + 1 < len(grid):  # upper X, lower Y: X's S k touches Y's N k
                seam(board, "S", [(0, 1), (1, 1), (2, 1)], grid[y + 1][x], "N", [(0, 0), (1, 0), (2, 0)])
    return tuple(sorted(territories)), {k: frozenset(v) for k, v in links.items()}


def all_locations(w: Work) -> tuple[str, ...]:
    """Every location in play: the chosen boards [L1 L2] or the community [L3]."""
    if w.level == 3:
        return community(w.grid, w.side)[0]
    out: list[str] = []
    for ranch in w.ranches:
        if ranch:
            out.extend(loc.id for loc in BOARDS[tuple(ranch)].locations)
    return tuple(sorted(out))


def neighbours(w: Work, location: str) -> frozenset[str]:
    return community(w.grid, w.side)[1].get(location, frozenset())


def ranch_of(w: Work, seat: int) -> tuple[str, ...]:
    """[L1 L2] the locations of the seat's own board."""
    ranch = w.ranches[seat] if seat < len(w.ranches) else None
    return tuple(loc.id for loc in BOARDS[tuple(ranch)].locations) if ranch else ()


def for_sale(w: Work, location: str) -> bool:
    """A non-home location nobody owns (sale token still on it); never an out-of-play home."""
    return location in LOCATIONS and not LOCATIONS[location].is_home and location not in w.owners


def free_places(w: Work, location: str) -> int:
    return LOCATIONS[location].capacity - w.count_on(location)


def occupied_by(w: Work, seat: int) -> set[str]:
    """Locations where at least one horse of ``seat`` stands."""
    return {p for c, p in w.place.items() if w.owner_of[c] == seat and p != HOLDING}


def destinations(w: Work, seat: int, card: str, finals: bool = False, ignore: str | None = None) -> list[str]:
    """Every legal destination for horse ``card`` of ``seat`` (FR-R092 [L1 L2], FR-R093 [L3]).

    ``ignore`` is a horse treated as already gone (Tom's given horse frees its place, FR-R161).
    Adjacency for boarding is judged before the move, so the horse's own territory counts (FR-D14).
    """
    return destinations_of(w, seat, (card,), finals, ignore)[card]


def destinations_of(
    w: Work, seat: int, cards: Iterable[str], finals: bool = False, ignore: str | None = None
) -> dict[str, list[str]]:
    """``destinations`` of several horses of ``seat`` at once: the places taken and the seat's
    candidate locations are counted once (the move lists ask for every horse or market card,
    and the bots' look-ahead asks for them thousands of times a game)."""
    counts: dict[str, int] = {}
    mine: set[str] = set()
    for c, p in w.place.items():
        if c == ignore or p == HOLDING:
            continue
        counts[p] = counts.get(p, 0) + 1
        if w.owner_of[c] == seat:
            mine.add(p)
    if w.level != 3:
        candidates = [loc for loc in ranch_of(w, seat) if w.owners.get(loc) == seat]
    else:
        candidates = []
        links = community(w.grid, w.side)[1]
        owned = {loc for loc, o in w.owners.items() if o == seat}
        near = mine | owned if finals else mine
        for loc, owner in w.owners.items():
            if owner == seat:
                candidates.append(loc)
            elif not LOCATIONS[loc].is_home and links.get(loc, frozenset()) & near:
                candidates.append(loc)
    room = sorted(loc for loc in candidates if LOCATIONS[loc].capacity - counts.get(loc, 0) > 0)
    out: dict[str, list[str]] = {}
    for card in cards:
        horse = HORSES[card]
        current = w.place.get(card)
        out[card] = [loc for loc in room if loc != current and LOCATIONS[loc].accepts(horse)]
    return out


def buyable(w: Work, seat: int) -> list[str]:
    """Locations ``seat`` may buy, ignoring price: own board [L1 L2] (FR-R113a), adjacency [L3] (FR-R113b)."""
    if w.level != 3:
        return [loc for loc in ranch_of(w, seat) if for_sale(w, loc)]
    anchors = {loc for loc, o in w.owners.items() if o == seat}
    anchors |= {p for p in occupied_by(w, seat) if w.owners.get(p) not in (seat, None)}  # FR-R146
    links = community(w.grid, w.side)[1]
    return sorted(loc for loc in community(w.grid, w.side)[0] if for_sale(w, loc) and links[loc] & anchors)


def price(w: Work, seat: int, location: str) -> int:
    """FR-R113c: base cost minus the buyer's own upgrade tokens on it, never below 0."""
    tokens = w.upgrades.get(location, [0] * w.players)[seat]
    return max(0, LOCATIONS[location].price - tokens)


def tokens_in_supply(w: Work, seat: int) -> int:
    return UPGRADE_TOKENS - sum(v[seat] for v in w.upgrades.values())


def can_place_upgrade(w: Work, seat: int, location: str) -> bool:
    """FR-R170: a token in supply, a for-sale territory, and no more tokens than its base cost."""
    if w.level != 3 or location not in community(w.grid, w.side)[0] or not for_sale(w, location):
        return False
    mine = w.upgrades.get(location, [0] * w.players)[seat]
    return tokens_in_supply(w, seat) > 0 and mine + 1 <= LOCATIONS[location].price


def upgrade_targets(w: Work, seat: int) -> list[str]:
    if w.level != 3:
        return []
    return [loc for loc in community(w.grid, w.side)[0] if can_place_upgrade(w, seat, loc)]


def place_upgrade(w: Work, seat: int, location: str) -> None:
    w.upgrades.setdefault(location, [0] * w.players)[seat] += 1


def return_upgrades(w: Work, location: str) -> None:
    """FR-R172 / FR-D15: tokens on a territory that becomes owned go back to their owners."""
    w.upgrades.pop(location, None)


def place_horse(w: Work, seat: int, card: str, destination: str) -> None:
    """Put ``seat``'s horse on ``destination``; [L3] then the takeover check of FR-R145."""
    w.owner_of[card] = seat
    w.place[card] = destination
    owner = w.owners.get(destination)
    if w.level == 3 and owner is not None and owner != seat and not LOCATIONS[destination].is_home:
        if w.count_of(seat, destination) > w.count_of(owner, destination):
            w.owners[destination] = seat
