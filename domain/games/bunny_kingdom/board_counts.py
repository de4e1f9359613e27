"""One seat's board as the bots' estimate reads it, counted once and derived square by square.

A ``basic`` decision asks its estimate (``bots.estimate``) of some 20-60 states: the decision's
state plus a card or two, or a building. Made square by square through ``fiefs`` and
``scoring.Metrics`` (memoized per state object, which a new candidate state never reuses), the
counts were most of a decision's cost (issue 39: 1.8 ms median in Bunny Kingdom). Here they are
made in one pass over the seat's fiefs (``board_of``; the fiefs by value, ``fiefs.connected``),
and a candidate's board is derived from the one before: a claimed square merges only the fiefs
it touches (``Board.claimed``), a city or a farm changes only its fief (``Board.built``), and
each parchment's points are kept for the boards whose counts it does not read. The counts are
the same numbers ``fiefs.fiefs``/``strength``/``resources``, ``Metrics`` and ``progress`` give
(tests/bots/test_bunny_kingdom_board_counts.py), so the bots' choices do not change."""

from __future__ import annotations

from bisect import bisect, insort

from domain.games.bunny_kingdom.components import CORNER, EDGE, NATURAL, NEIGHBOURS, PARCHMENTS, TERRAIN
from domain.games.bunny_kingdom.fiefs import PRODUCES, TOWERS, TRADING_POSTS, connected
from domain.games.bunny_kingdom.scoring import UNDECIDED, Metrics, card_points
from domain.games.bunny_kingdom.state import PRINTED, State


def _reads(card: str) -> str | None:
    """What a parchment's points read beyond the seat's board (``scoring._score``): which
    treasures are held ("held"), how many parchments ("count"), camp cards played ("camps"), or
    nothing (None); "undecided" for those ``progress`` leaves to the end (counted at 5)."""
    kind, rule = PARCHMENTS[card]
    if card in UNDECIDED:
        return "undecided"
    what = rule.get("per") or rule.get("threshold")
    if kind == "treasure" or card == "P-TREASURE-HUNTER" or what == "effective_treasures":
        return "held"
    return {"parchment_cards": "count", "camp_cards_played": "camps"}.get(what)


_READS = {card: _reads(card) for card in PARCHMENTS}

#: The board counts each mission's points read (``Metrics.count``): a board derived from another
#: (``Board.built``) keeps the other's points for the parchments whose counts it left alone.
_COUNT_READS = {
    "parchment_cards": (), "camp_cards_played": (), "effective_treasures": (), "cities": ("cities",),
    "edge_territories": ("edge",), "corner_territories": ("corner",), "mountain_territories": ("mountain",),
    "territories": ("territories",), "luxury_units": ("units",), "fiefs": ("fief_count",),
    "fiefs_with_min_territories:3": ("fief_sizes",), "cities_in_fiefs_without_production": ("idle",),
    "barren_territories": ("barren",),
}


def _board_reads(card: str) -> frozenset[str]:
    kind, rule = PARCHMENTS[card]
    if kind == "treasure" or card in UNDECIDED or card == "P-TREASURE-HUNTER":
        return frozenset()
    if "most" in rule:  # Matriarch: its squares against every seat's
        return frozenset(("territories",))
    if "extra_harvest_except_best" in rule:  # Little Prince: the fiefs' harvests
        return frozenset(("harvests",))
    what = rule.get("per") or rule["threshold"]
    return frozenset(("units",) if what.startswith("units:") else _COUNT_READS[what])


_BOARD_READS = {card: _board_reads(card) for card in PARCHMENTS}
#: The squares whose claim changes a count of the seat's squares by where they lie.
_PLACES = (("edge", EDGE), ("corner", CORNER), ("mountain", frozenset(i for i, t in enumerate(TERRAIN) if t == "mountain")))


def _kept(points: dict, changed: set[str]) -> dict:
    """The parchments' points of a board still right on one whose ``changed`` counts differ."""
    return {key: value for key, value in points.items()
            if not _BOARD_READS[key if isinstance(key, str) else key[0]] & changed}


def _camp_cards(state: State, seat: int) -> int:
    return Metrics(state, seat, ()).camp_cards


class Board:
    """One seat's squares (ascending), fiefs (as ``fiefs.fiefs`` lists them), per fief its
    strength, resource kinds and cities, every seat's square count, and the counts
    ``scoring.Metrics`` would make (``units``, ``cities``, ``idle_cities``, ``barren``)."""

    __slots__ = ("squares", "fiefs", "strengths", "kinds", "wealths", "towns", "units", "cities", "barren",
                 "territories", "_index", "_points")

    @property
    def idle_cities(self) -> int:
        return sum(t for t, k in zip(self.towns, self.kinds) if not k)

    def metrics(self, state: State, seat: int) -> Metrics:
        """``Metrics(state, seat)`` with the counts made here already in place."""
        m = Metrics(state, seat, self.squares, self.fiefs)
        m.__dict__.update(units=self.units, cities=self.cities, idle_cities=self.idle_cities, barren=self.barren,
                          harvests=[s * w for s, w in zip(self.strengths, self.wealths)])
        return m

    def parchment_points(self, state: State, seat: int) -> float:
        """What ``scoring.progress`` says the seat's parchments score now (an undecided one at
        5), on this board: each parchment's points once per board and what else it reads (the
        hand of parchments, camp cards played: ``_READS``), since candidates share boards and
        most of their parchments."""
        held = state.parchments[seat]
        if not held:
            return 0.0
        points, metrics, cards, total = self._points, None, None, 0
        for card in held:
            reads = _READS[card]
            if reads == "undecided":
                total += 5
                continue
            key = card if reads is None else (card, held) if reads == "held" else (
                (card, len(held)) if reads == "count" else (card, _camp_cards(state, seat)))
            found = points.get(key)
            if found is None:
                if metrics is None:
                    metrics, cards = self.metrics(state, seat), set(held)
                found = points[key] = card_points(card, cards, metrics, self.territories)
            total += found
        return total

    def claimed(self, i: int, building: str | None, seat: int) -> Board:
        """This board after the seat claims the empty square ``i`` (no building, or a printed
        city): the fiefs next to it merge with it, the others stay as they were."""
        if self._index is None:
            self._index = {sq: n for n, fief in enumerate(self.fiefs) for sq in fief}
        index = self._index
        joined = {index[j] for j in NEIGHBOURS[i] if j in index}
        city = 1 if building == PRINTED else 0
        natural = NATURAL[i]
        merged = [i]
        power, kinds, towns = city, ({natural} if natural else set()), city
        for n in joined:
            merged += self.fiefs[n]
            power += self.strengths[n]
            kinds |= self.kinds[n]
            towns += self.towns[n]
        merged.sort()
        new = Board()
        squares = list(self.squares)
        insort(squares, i)
        new.squares = tuple(squares)
        if len(joined) == 1 and merged[0] != i:  # one fief grows, its smallest square (its place) kept
            (n,) = joined
            fiefs, new.strengths, new.kinds = list(self.fiefs), list(self.strengths), list(self.kinds)
            new.wealths, new.towns = list(self.wealths), list(self.towns)
            fiefs[n], new.strengths[n], new.kinds[n] = tuple(merged), power, kinds
            new.wealths[n], new.towns[n] = len(kinds), towns
            new.fiefs = tuple(fiefs)
        else:
            keep = [n for n in range(len(self.fiefs)) if n not in joined]
            # the merged fief goes where its smallest square puts it among the others (ordered so)
            at = bisect([self.fiefs[n][0] for n in keep], merged[0])
            before, after = keep[:at], keep[at:]
            new.fiefs = tuple([self.fiefs[n] for n in before] + [tuple(merged)] + [self.fiefs[n] for n in after])

            def spliced(values: list, value: object) -> list:
                return [values[n] for n in before] + [value] + [values[n] for n in after]

            new.strengths = spliced(self.strengths, power)
            new.kinds = spliced(self.kinds, kinds)
            new.wealths = spliced(self.wealths, len(kinds))
            new.towns = spliced(self.towns, towns)
        units = dict(self.units)
        if natural:
            units[natural] = units.get(natural, 0) + 1
        new.units = units
        new.cities = self.cities + city
        new.barren = self.barren + (not natural and not city)
        territories = list(self.territories)
        territories[seat] += 1
        new.territories = territories
        # one fief grown leaves the number of fiefs as it was
        changed = {"territories", "fief_sizes", "harvests", "idle"} | ({"units"} if natural else {"barren"}) | (
            set() if len(joined) == 1 else {"fief_count"}) | (
            {"cities"} if city else set()) | {name for name, squares in _PLACES if i in squares}
        new._index, new._points = None, _kept(self._points, changed)
        return new


    def built(self, i: int, card: str, trading: str | None) -> Board | None:
        """This board after a city, farm or trading post is built on the seat's empty square
        ``i`` (``trading``: what the square's post would publish): only its fief's strength and
        resources change. None for a Sky Tower or a camp (count the board again)."""
        if self._index is None:
            self._index = {sq: n for n, fief in enumerate(self.fiefs) for sq in fief}
        n = self._index[i]
        made = PRODUCES.get(card) or (trading if card in TRADING_POSTS else None)
        towers = TOWERS.get(card, 0)
        if not made and not towers and card not in TRADING_POSTS:
            return None
        new = Board()
        new.squares, new.fiefs, new.territories, new._index, new._points = (
            self.squares, self.fiefs, self.territories, self._index, {})
        new.strengths, new.kinds, new.towns = list(self.strengths), list(self.kinds), list(self.towns)
        new.units, new.cities, new.barren = self.units, self.cities, self.barren
        changed = {"harvests", "idle"} | ({"cities"} if towers else set()) | ({"units"} if made else set())
        if (towers or made) and not NATURAL[i]:
            changed.add("barren")
        new._points = _kept(self._points, changed)
        if towers:
            new.strengths[n] += towers
            new.towns[n] += 1
            new.cities += 1
        if made:
            new.kinds[n] = self.kinds[n] | {made}
            new.units = dict(self.units)
            new.units[made] = new.units.get(made, 0) + 1
        if (towers or made) and not NATURAL[i]:
            new.barren -= 1  # it produced nothing and held no city
        new.wealths = list(self.wealths)
        new.wealths[n] = len(new.kinds[n])
        return new


#: (owners, seat) -> the seat's squares: a few decisions' worth.
_SQUARES: dict[tuple, tuple[int, ...]] = {}
#: The last board counted, by the identity of the parts it was counted from: a building or a
#: parchment card leaves the owners, buildings and trading posts as they were (the same tuples).
_LAST: list[tuple | None] = [None]


def board_of(state: State, seat: int) -> Board:
    """The seat's board in ``state``, counted (or the last one, if it was counted from the same tuples)."""
    owners, buildings, trading = state.owners, state.buildings, state.trading
    last = _LAST[0]  # one tuple, read and replaced whole (threads)
    if last is not None and last[0] is owners and last[1] is buildings and last[2] is trading and last[3] == seat:
        return last[4]
    board = _count(owners, buildings, trading, seat, state.players)
    _LAST[0] = (owners, buildings, trading, seat, board)
    return board


def _count(owners: tuple[int, ...], buildings: tuple[str | None, ...], trading: tuple[str | None, ...],
           seat: int, players: int) -> Board:
    squares = _SQUARES.get((owners, seat))
    if squares is None:
        if len(_SQUARES) > 512:
            _SQUARES.clear()
        squares = _SQUARES[owners, seat] = tuple([i for i, o in enumerate(owners) if o == seat])
    groups = connected(squares, buildings)  # by value: the view's fiefs, or the last candidate's
    board = Board()
    board.squares, board.fiefs = squares, groups
    board.strengths, board.kinds, board.towns = strengths, all_kinds, all_towns = [], [], []
    units: dict[str, int] = {}
    cities = barren = 0
    for fief in groups:
        power, kinds, towns = 0, set(), 0
        for i in fief:
            natural = NATURAL[i]
            if natural:
                kinds.add(natural)
                units[natural] = units.get(natural, 0) + 1
            b = buildings[i]
            if b is None:
                barren += not natural
            elif b in TOWERS:
                power += TOWERS[b]
                towns += 1
            elif b in PRODUCES:
                made = PRODUCES[b]
                kinds.add(made)
                units[made] = units.get(made, 0) + 1
            elif b in TRADING_POSTS and trading[i]:
                made = trading[i]
                kinds.add(made)
                units[made] = units.get(made, 0) + 1
            else:
                barren += not natural
        strengths.append(power)
        all_kinds.append(kinds)
        all_towns.append(towns)
        cities += towns
    board.wealths = [len(k) for k in all_kinds]
    board.units, board.cities, board.barren = units, cities, barren
    board.territories = [owners.count(s) for s in range(players)]
    board._index, board._points = None, {}
    return board
