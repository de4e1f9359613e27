"""Control, fiefs, production, strength and wealth (spec §6.5), shared by harvest and scoring.

All functions read the board tuples of ``State`` and return plain data; squares are indexes.
"""

from __future__ import annotations

from functools import lru_cache

from domain.games.bunny_kingdom.components import BUILDING_CARDS, NATURAL, NEIGHBOURS
from domain.games.bunny_kingdom.memo import evict, per_object
from domain.games.bunny_kingdom.state import PRINTED, State


def controlled(state: State, seat: int) -> tuple[int, ...]:
    """BK-R120: the squares carrying the seat's rabbit, in coordinate order."""
    return controlled_squares(state.owners, seat)


def controlled_squares(owners: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The seat's squares on a board, once per board and seat (by the identity of ``owners``),
    and one tuple for equal squares (interned): a pick's reveal gives a new board, on which a
    seat that claimed nothing keeps the very tuple it had, so results keyed by it
    (``views._fief_lines``: a seat's fief lines) are found again instead of made anew.

    Counted from the 100 squares (2 µs): deriving it from the board's last claims (``lineage``)
    cost about as much when the last board's squares were known, and a walk back through the
    claims when they were not (the rules ask for one seat's fiefs at a time).
    """
    key = (id(owners), seat)
    hit = _SQUARES.get(key)
    if hit is not None and hit[0] is owners:
        return hit[1]
    squares = tuple([i for i, owner in enumerate(owners) if owner == seat])
    squares = _INTERNED.setdefault(squares, squares)
    _SQUARES[key] = (owners, squares)  # holds the board: its id is not reused while kept
    if len(_SQUARES) > SQUARES_KEPT:
        evict(_SQUARES, SQUARES_KEPT)
    if len(_INTERNED) > SQUARES_KEPT:
        evict(_INTERNED, SQUARES_KEPT)
    return squares


#: (id of a board's owners, seat) -> (the owners, the seat's squares): every seat's squares of
#: 50 tables' latest boards and the boards before them (64 were evicted before a table came
#: round again).
_SQUARES: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
#: A seat's squares -> the one tuple of them handed out.
_INTERNED: dict[tuple[int, ...], tuple[int, ...]] = {}
SQUARES_KEPT = 1024


def fiefs(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """BK-R121: connected groups of the seat's squares (sides without lava, plus Sky Towers).

    Fiefs come ordered by their smallest square, each listed in square order (BK-R128). Once per
    board and seat, by the identity of the board's tuples rather than of the state: a view, its
    parchments' progress and the scores all ask for them, and the states of a drafting round
    (each a pick more) share one board, whose fiefs every seat's view of each showed again.
    """
    return fiefs_of(state.owners, state.buildings, seat)


@per_object
def fiefs_of(owners: tuple[int, ...], buildings: tuple[str | None, ...], seat: int) -> tuple[tuple[int, ...], ...]:
    return connected(controlled_squares(owners, seat), buildings)


def connected(squares: tuple[int, ...], buildings: tuple[str | None, ...]) -> tuple[tuple[int, ...], ...]:
    """``fiefs`` of a seat's squares (ascending) on a board's ``buildings``: groups joined by a
    side without lava or by a Sky Tower's two squares, each in square order, ordered by their
    smallest square. Once per squares and towers, by value: a bot's estimate asks it of boards
    rebuilt from the view that showed the same fiefs (``bunny_kingdom.bots``)."""
    towers = tuple([(i, buildings[i]) for i in squares if buildings[i] is not None and buildings[i].startswith("B-SKY-")])
    return _connected(squares, towers)


@lru_cache(maxsize=2048)
def _connected(squares: tuple[int, ...], towers: tuple[tuple[int, str], ...]) -> tuple[tuple[int, ...], ...]:
    mine = set(squares)
    links: dict[int, list[int]] = {}
    by_card: dict[str, list[int]] = {}
    for i, card in towers:
        by_card.setdefault(card, []).append(i)
    for a, *rest in by_card.values():
        for b in rest:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    seen: set[int] = set()
    out = []
    for start in squares:  # ascending
        if start in seen:
            continue
        group, stack = [start], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            for j in NEIGHBOURS[i]:
                if j in mine and j not in seen:
                    seen.add(j)
                    stack.append(j)
                    group.append(j)
            if links:
                for j in links.get(i, ()):
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
                        group.append(j)
        group.sort()
        out.append(tuple(group))
    return tuple(out)


def fief_index(state: State, seat: int) -> dict[int, int]:
    """Square -> number of its fief, for the seat's squares."""
    return {i: n for n, fief in enumerate(fiefs(state, seat)) for i in fief}


def production(state: State, i: int) -> tuple[str, ...]:
    """BK-R122: resource units a square produces: its terrain's, plus its farm's."""
    units = [NATURAL[i]] if NATURAL[i] else []
    b = state.buildings[i]
    if b is not None and b != PRINTED:
        card = BUILDING_CARDS[b]
        if card["kind"] in ("basic_farm", "luxury_farm"):
            units.append(card["produces"])
        elif card["kind"] == "trading_post" and state.trading[i]:
            units.append(state.trading[i])
    return tuple(units)


def city_strength(state: State, i: int) -> int:
    """Towers of the city on square ``i`` (printed city 1), 0 when there is none (BK-R124)."""
    b = state.buildings[i]
    if b == PRINTED:
        return 1
    if b is not None and BUILDING_CARDS[b]["kind"] == "city":
        return BUILDING_CARDS[b]["strength"]
    return 0


def strength(state: State, fief: tuple[int, ...]) -> int:
    """BK-R124: the sum of the towers of every city in the fief."""
    return sum(city_strength(state, i) for i in fief)


def resources(state: State, fief: tuple[int, ...]) -> list[str]:
    """The distinct resource types a fief produces, sorted (BK-R123)."""
    return sorted({r for i in fief for r in production(state, i)})


#: Per building card: the towers it adds to its fief (a city; a printed city is 1), the resource
#: it produces (a farm), and whether it is a trading post (it produces what its owner published).
TOWERS: dict[str, int] = {c: d["strength"] for c, d in BUILDING_CARDS.items() if d["kind"] == "city"}
TOWERS[PRINTED] = 1
PRODUCES: dict[str, str] = {
    c: d["produces"] for c, d in BUILDING_CARDS.items() if d["kind"] in ("basic_farm", "luxury_farm")
}
TRADING_POSTS = frozenset(c for c, d in BUILDING_CARDS.items() if d["kind"] == "trading_post")


def strength_and_resources(buildings: tuple[str | None, ...], trading: tuple[str | None, ...],
                           fief: tuple[int, ...]) -> tuple[int, set[str]]:
    """``strength`` and the set of ``resources`` of a fief on a board's ``buildings`` and
    ``trading`` posts, in one pass over its squares: a view shows both for every seat's every
    fief, and a bot's estimate asks them of many candidate boards."""
    power, kinds = 0, set()
    for i in fief:
        natural = NATURAL[i]
        if natural:
            kinds.add(natural)
        b = buildings[i]
        if b is not None:
            if b in TOWERS:
                power += TOWERS[b]
            elif b in PRODUCES:
                kinds.add(PRODUCES[b])
            elif b in TRADING_POSTS and trading[i]:
                kinds.add(trading[i])
    return power, kinds


def harvest_value(state: State, fief: tuple[int, ...]) -> int:
    """BK-R126: strength x wealth (0 without a city or without production); ``strength`` and
    ``resources`` in one pass over the tables (each harvest counts every seat's every fief)."""
    power, kinds = strength_and_resources(state.buildings, state.trading, fief)
    return power * len(kinds)


def is_empty(state: State, i: int) -> bool:
    """BK-R34: no rabbit and no building (a printed city is a building)."""
    return state.owners[i] == -1 and state.buildings[i] is None
