"""Scores (spec §6.6, §8): four harvests, then the parchments in the spec's order.

Mid-game the score is the sum of the harvests so far (parchments are secret until the end).
Once the game is over each effective parchment is scored on the final board (BK-R144-R152)
and listed separately in the breakdown, so a player can check every line by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from domain.games.bunny_kingdom.components import CORNER, EDGE, NATURAL, PARCHMENTS, TERRAIN
from domain.games.bunny_kingdom.fiefs import (
    PRODUCES,
    TOWERS,
    TRADING_POSTS,
    controlled,
    fiefs,
    strength_and_resources,
)
from domain.games.bunny_kingdom.memo import per_object, per_parts
from domain.games.bunny_kingdom.state import State
from domain.games.game import Scores

OPPORTUNIST = "P-OPPORTUNIST"
#: Parchments ``progress`` does not guess: copies wait for the end, Opportunist for the others'.
UNDECIDED = frozenset(("P-LIBERAL", "P-SOCIALIST", OPPORTUNIST))

#: How a ``basis`` line names each BK-R145 metric, so a player can check the count by hand.
METRIC_WORDS = {
    "parchment_cards": "parchment cards",
    "cities": "cities",
    "edge_territories": "edge squares",
    "corner_territories": "corner squares",
    "units:wood": "wood",
    "units:fish": "fish",
    "units:carrot": "carrots",
    "luxury_units": "luxury resources",
    "mountain_territories": "mountain squares",
    "fiefs_with_min_territories:3": "fiefs of 3+ squares",
    "fiefs": "fiefs",
    "cities_in_fiefs_without_production": "cities in fiefs producing nothing",
    "barren_territories": "squares without city or production",
    "camp_cards_played": "camp cards played",
    "effective_treasures": "treasures",
}

#: The one-of forms of ``METRIC_WORDS`` ("1 city", not "1 cities": the table review read "1 carrots × 1").
METRIC_ONE = {
    "parchment cards": "parchment card", "cities": "city", "edge squares": "edge square",
    "corner squares": "corner square", "carrots": "carrot", "luxury resources": "luxury resource",
    "mountain squares": "mountain square", "fiefs of 3+ squares": "fief of 3+ squares", "fiefs": "fief",
    "cities in fiefs producing nothing": "city in a fief producing nothing",
    "squares without city or production": "square without city or production",
    "camp cards played": "camp card played", "treasures": "treasure",
}


def counted(n: int, words: str) -> str:
    """``n`` things in words, one in the singular: "1 city", "3 cities", "1 wood"."""
    return f"{n} {METRIC_ONE.get(words, words) if n == 1 else words}"


@dataclass(frozen=True)
class ParchmentScore:
    """One ``ParchmentScored`` line (BK-R146)."""

    seat: int
    card: str  # the physical card
    copied_from: str | None  # the copied card, for Liberal / Socialist
    points: int
    basis: str

    @property
    def label(self) -> str:
        if self.card in ("P-LIBERAL", "P-SOCIALIST"):
            return (
                f"{self.card} copying {self.copied_from}" if self.copied_from else f"{self.card} (no target)"
            )
        return self.card


class Metrics:
    """BK-R145: the counts missions are scored on, for one seat on the final state."""

    def __init__(self, state: State, seat: int, squares: tuple[int, ...] | None = None,
                 fiefs: tuple[tuple[int, ...], ...] | None = None) -> None:
        self.squares = controlled(state, seat) if squares is None else squares
        self.parchment_cards = len(state.parchments[seat])
        self.state, self.seat = state, seat
        if fiefs is not None:  # counted already (a bot's estimate): the cached property's value
            self.__dict__["fiefs"] = fiefs

    # Each count is made when a parchment asks for it: a seat's view scores its own parchments
    # (``progress``) for every state the projection worker renders, and most need one or two.
    @cached_property
    def fiefs(self) -> tuple[tuple[int, ...], ...]:
        return fiefs(self.state, self.seat)

    # The counts read the board through ``fiefs``' tables (``TOWERS``, ``PRODUCES``,
    # ``TRADING_POSTS``): ``production`` and ``city_strength`` answer the same per square, through
    # a card lookup and a tuple each, and were most of a seat's parchment progress.
    @cached_property
    def units(self) -> dict[str, int]:
        buildings, trading = self.state.buildings, self.state.trading
        units: dict[str, int] = {}
        for i in self.squares:
            natural = NATURAL[i]
            if natural:
                units[natural] = units.get(natural, 0) + 1
            b = buildings[i]
            if b is not None:
                made = PRODUCES.get(b) or (trading[i] if b in TRADING_POSTS else None)
                if made:
                    units[made] = units.get(made, 0) + 1
        return units

    @cached_property
    def cities(self) -> int:
        buildings = self.state.buildings
        return sum(1 for i in self.squares if buildings[i] in TOWERS)

    @cached_property
    def harvests(self) -> list[int]:
        buildings, trading = self.state.buildings, self.state.trading
        out = []
        for f in self.fiefs:
            power, kinds = strength_and_resources(buildings, trading, f)
            out.append(power * len(kinds))
        return out

    @cached_property
    def camp_cards(self) -> int:
        seat = self.seat
        return sum(1 for c in self.state.fronts[seat] + self.state.discards[seat] if c.startswith("B-CAMP-"))

    def count(self, what: str) -> int:
        if what.startswith("units:"):
            return self.units.get(what[6:], 0)
        if what.startswith("fiefs_with_min_territories:"):
            return sum(1 for f in self.fiefs if len(f) >= int(what.split(":")[1]))
        if what == "luxury_units":
            return sum(n for r, n in self.units.items() if r not in ("wood", "fish", "carrot"))
        if what == "cities_in_fiefs_without_production":
            return self.idle_cities
        return _COUNTS[what](self)

    @cached_property
    def idle_cities(self) -> int:
        """Cities in fiefs producing nothing."""
        produces = self._produces
        buildings = self.state.buildings
        return sum(1 for f in self.fiefs if not any(produces(i) for i in f) for i in f if buildings[i] in TOWERS)

    @cached_property
    def barren(self) -> int:
        """Squares without a city or production."""
        produces = self._produces
        buildings = self.state.buildings
        return sum(1 for i in self.squares if buildings[i] not in TOWERS and not produces(i))

    def _produces(self, i: int) -> bool:
        """Whether square ``i`` produces anything (``production`` is not empty)."""
        if NATURAL[i]:
            return True
        b = self.state.buildings[i]
        return b is not None and (b in PRODUCES or (b in TRADING_POSTS and bool(self.state.trading[i])))


_MOUNTAINS = frozenset(i for i, t in enumerate(TERRAIN) if t == "mountain")

#: The other counts a mission may ask for, each made only when asked (``Metrics.count``).
_COUNTS: dict[str, Callable[[Metrics], int]] = {
    "parchment_cards": lambda m: m.parchment_cards,
    "cities": lambda m: m.cities,
    "edge_territories": lambda m: len(EDGE.intersection(m.squares)),
    "corner_territories": lambda m: len(CORNER.intersection(m.squares)),
    "mountain_territories": lambda m: len(_MOUNTAINS.intersection(m.squares)),
    "fiefs": lambda m: len(m.fiefs),
    "barren_territories": lambda m: m.barren,
    "camp_cards_played": lambda m: m.camp_cards,
    "territories": lambda m: len(m.squares),
}


def effective(state: State, seat: int) -> list[tuple[str, str | None]]:
    """BK-R143: (physical card, card it scores as) for each parchment, copies replaced."""
    copies = {card: target for s, card, target in state.copy_final if s == seat}
    return [(card, copies.get(card) if card in copies else card) for card in state.parchments[seat]]


def _step(card: str | None) -> int:
    """BK-R146: 1 treasures, 2 Treasure Hunter, 3 other missions, 4 Opportunist."""
    if card is None:
        return 3
    if PARCHMENTS[card][0] == "treasure":
        return 1
    return {"P-TREASURE-HUNTER": 2, OPPORTUNIST: 4}.get(card, 3)


def treasure_value(card: str, cards: set[str]) -> int:
    """BK-R147: fixed treasures; a glove is 4 with its partner in the same effective list, else 1."""
    rule = PARCHMENTS[card][1]
    if "glove" in rule:
        return rule["glove"]["paired"] if rule["glove"]["partner"] in cards else rule["glove"]["alone"]
    return rule["fixed"]


def parchment_scores(state: State) -> list[ParchmentScore]:
    """Every effective parchment's points, in the order of BK-R146."""
    n = state.players
    metrics = [Metrics(state, s) for s in range(n)]
    lists = [effective(state, s) for s in range(n)]
    territories = [m.count("territories") for m in metrics]
    out: list[ParchmentScore] = []
    for step in (1, 2, 3):
        for seat in range(n):
            cards = {c for _p, c in lists[seat] if c}
            for physical, card in lists[seat]:
                if _step(card) == step:
                    points, basis = _score(card, cards, metrics[seat], territories)
                    out.append(
                        ParchmentScore(seat, physical, card if card != physical else None, points, basis)
                    )
    provisional = [sum(state.harvests[s]) + sum(p.points for p in out if p.seat == s) for s in range(n)]
    for seat in range(n):  # BK-R152: exactly one other seat strictly ahead, no re-evaluation
        for physical, card in lists[seat]:
            if card == OPPORTUNIST:
                ahead = sum(1 for t in provisional if t > provisional[seat])
                points = 10 if ahead == 1 else 0
                basis = f"{ahead} {'player' if ahead == 1 else 'players'} ahead before Opportunist"
                out.append(ParchmentScore(seat, physical, card if card != physical else None, points, basis))
    return out


def _score(card: str | None, cards: set[str], m: Metrics, territories: list[int], words: bool = True) -> tuple[int, str]:
    """A parchment's points and the line a player checks them by (``words=False``: the points
    alone, for a bot's estimate, which reads no basis and was paying for its sentences)."""
    if card is None:
        return 0, "copies nothing"
    kind, rule = PARCHMENTS[card]
    if kind == "treasure":
        return treasure_value(card, cards), "treasure"
    if card == "P-TREASURE-HUNTER":  # BK-R148
        treasures = [c for c in cards if PARCHMENTS[c][0] == "treasure"]
        return sum(treasure_value(c, cards) for c in treasures), counted(len(treasures), "treasures") if words else ""
    if "per" in rule:
        what = rule["per"]
        if what == "effective_treasures":  # BK-R149
            n = sum(1 for c in cards if PARCHMENTS[c][0] == "treasure")
        else:
            n = m.count(what)
        return rule["points"] * n, f"{counted(n, METRIC_WORDS.get(what, what))} × {rule['points']}" if words else ""
    if "threshold" in rule:
        n = m.count(rule["threshold"])
        if not words:
            return (rule["points"] if n >= rule["min"] else 0), ""
        named = METRIC_WORDS.get(rule["threshold"], rule["threshold"])
        return (rule["points"] if n >= rule["min"] else 0), f"{counted(n, named)} (needs {rule['min']})"
    if "most" in rule:  # BK-R151 Matriarch, BK-D08: ties qualify
        mine = len(m.squares)
        return (
            rule["points"] if mine >= max(territories) else 0
        ), f"{mine} squares; the most anyone has is {max(territories)}" if words else ""
    if "extra_harvest_except_best" in rule:  # BK-R151 Little Prince, BK-D13
        h = m.harvests
        if not words:
            return (sum(h) - max(h) if h else 0), ""
        scoring = sorted((v for v in h if v), reverse=True)
        basis = f"fiefs harvesting {' + '.join(map(str, scoring))}, less the best" if scoring else "no fief harvests"
        return (sum(h) - max(h) if h else 0), basis
    raise ValueError(f"no scoring rule for {card}")  # pragma: no cover - data error


def progress(state: State, seat: int) -> list[dict[str, object]]:
    """What each of the seat's own parchments would score on the board as it is now.

    For the owner's eyes only (it names their parchments). It uses nothing another seat hides:
    copies (Liberal, Socialist) wait for the end, Opportunist depends on the others' parchments
    and is never guessed, and treasures count only the seat's own cards.

    Each line is the caller's own (a view's ``you`` part); the counts behind them are made once
    per board and seat (``_progress``).
    """
    return [dict(line) for line in _progress(state, seat)]


def _progress_parts(state: State, seat: int) -> tuple[Any, ...]:
    """All ``_progress`` reads: the board, the seat's parchments, its played camps' piles, and the
    seat count (every seat's squares). A pick that reveals nothing keeps them all."""
    return (state.owners, state.buildings, state.trading, state.parchments[seat], state.fronts[seat],
            state.discards[seat], state.players, seat)


@per_parts(_progress_parts, size=256)
def _progress(state: State, seat: int) -> list[dict[str, object]]:
    """``progress``, shared by the states of one board: half the view's CPU was these counts,
    remade for every state of a drafting round (the projection worker renders each seat's view
    of every state)."""
    metrics = Metrics(state, seat)
    territories = [len(controlled(state, s)) for s in range(state.players)]
    cards = set(state.parchments[seat])
    out: list[dict[str, object]] = []
    for card in state.parchments[seat]:
        if card in UNDECIDED:
            out.append({"card": card, "points": None, "basis": "decided at the end of the game"})
            continue
        points, basis = _score(card, cards, metrics, territories)
        out.append({"card": card, "points": points, "basis": basis})
    return out


def card_points(card: str, cards: set[str], metrics: Metrics, territories: list[int]) -> int:
    """What ``progress`` says one decided parchment scores now, without its sentence: what the
    ``basic`` bot's estimate counts, from counts it already made (``metrics``: the seat's squares
    and fiefs; ``territories``: every seat's square count; ``cards``: its parchments)."""
    return _score(card, cards, metrics, territories, words=False)[0]


def scores(state: State) -> Scores:
    """BK-R153-R155: totals, per-source breakdown, competition ranking, shared victory. Before
    the end they read the banked harvests only, so the states of a round share one result (the
    projection worker asks after every event; a pick changes the selections, not the harvests)."""
    if state.phase != "over":
        return _banked_scores(state.players, state.harvests)
    return _scores(state.players, state.harvests, parchment_scores(state))


@per_object
def _banked_scores(players: int, harvests: tuple[tuple[int, ...], ...]) -> Scores:
    return _scores(players, harvests, ())


def _scores(n: int, harvests: tuple[tuple[int, ...], ...], parchment_lines: Any) -> Scores:
    breakdown: dict[int, dict[str, int]] = {
        s: {f"harvest round {r + 1}": v for r, v in enumerate(harvests[s])} for s in range(n)
    }
    for line in parchment_lines:
        breakdown[line.seat][line.label] = line.points
    totals = {s: sum(breakdown[s].values()) for s in range(n)}
    ranking = tuple(sorted(range(n), key=lambda s: (-totals[s], s)))
    best = totals[ranking[0]]
    winners = tuple(s for s in ranking if totals[s] == best)
    return Scores(
        totals=totals,
        breakdown=breakdown,
        ranking=ranking,
        winners=winners,
        tiebreak={s: [] for s in range(n)},
    )


def ranks(state: State) -> dict[int, int]:
    """BK-R155: competition rank, 1 + the number of seats with a strictly higher total."""
    totals = scores(state).totals
    return {s: 1 + sum(1 for t in totals.values() if t > totals[s]) for s in totals}
