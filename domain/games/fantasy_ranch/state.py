"""The game state: one frozen dataclass of tuples and primitives, plus its mutable scratch copy.

``State`` is what the platform stores, compares and replays; it round-trips through JSON with
``to_dict``/``from_dict``. Rules never mutate it: ``play`` thaws it into a ``Work`` copy, applies
the move there and freezes the result, so a move that raises ``IllegalMove`` half-way leaves
the original untouched (the protocol's "state unchanged" promise comes for free).

Seats are ints. A horse's place is a location id or ``"holding"`` (FR-R017). Ownership of
locations is explicit at every level (FR-R141): ``owners`` maps a location id to a seat; homes
are owned from the moment they are chosen, so "for sale" is simply "not a home, not owned".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from domain.games.fantasy_ranch.components import LOCATIONS

HOLDING = "holding"


@dataclass(frozen=True)
class State:
    players: int
    level: int
    side: str  # FR-D27: community side used in level 3
    phase: str
    round: int = 0
    start: int = -1  # start player seat; -1 until drawn (FR-R002)
    cursor: int = 0  # index into the order of the current sequential step
    goods: tuple[tuple[int, int], ...] = ()  # per seat (carrots, boots)
    horses: tuple[tuple[str, int, str], ...] = ()  # (card, owner, place), sorted by card
    horse_deck: tuple[str, ...] = ()  # top first
    discard: tuple[str, ...] = ()
    market: tuple[str | None, ...] = ()
    ranches: tuple[tuple[int, str] | None, ...] = ()  # [L1 L2] per seat (board, side)
    grid: tuple[tuple[int, ...], ...] = ()  # [L3] community boards, row-major
    owners: tuple[tuple[str, int], ...] = ()  # location -> seat, sorted
    upgrades: tuple[tuple[str, tuple[int, ...]], ...] = ()  # [L3] location -> tokens per seat
    competed: tuple[str, ...] = ()  # horses that competed this round (FR-R206)
    hands: tuple[tuple[str, ...], ...] = ()  # draft hands per seat
    picks: tuple[tuple[str, ...], ...] = ()  # draft picks per seat
    step_picks: tuple[str | None, ...] = ()  # picks of the current draft step, secret until complete
    draft_step: int = 0
    seen: tuple[tuple[str, ...], ...] = ()  # FR-R302: every card of every hand each seat held
    fate_deck: tuple[str, ...] = ()
    pending_fate: tuple[tuple[str, ...], ...] = ()  # [L2] per seat
    kept_fate: tuple[tuple[str, ...], ...] = ()  # trophy cards per seat
    display: tuple[str | None, ...] = ()  # [L3] bonus display slots 1-4
    employees: tuple[str | None, ...] = ()  # [L3] per seat
    tournament_cards: tuple[str, ...] = ()  # [L3] on T1..T8
    removed_cards: tuple[str, ...] = ()  # [L3] secret (FR-R301)
    tessa: tuple[str, ...] = ()  # [L3] cards shown to the active player only (FR-R303)
    limited_used: bool = False
    claims: int = 0
    claim_limit: int = 1
    employee_used: bool = False
    slot: int = 0  # 0..7 = T1..T8, 8..10 = F1..F3
    entries: tuple[tuple[int, str | None, int, str], ...] = ()  # (seat, card, dice, kind) in entry order
    standings: tuple[tuple[int, ...], ...] = ()  # groups of still-tied entrants in place order
    rolls: int = 0  # dice rolls resolved in the current tournament: after the first, tie roll-offs (FR-R205)
    ranking: tuple[int, ...] = ()
    prizes: tuple[tuple[int, int, int, str], ...] = ()  # unresolved (seat, place, item_index, item)
    last_winner: int = -1  # [L3] 1st of the round's second tournament (FR-R060)
    reshuffle_due: bool = False  # FR-R257: the discard must be shuffled into the empty deck
    home_draw: int = -1  # FR-R257: seat whose fate reward waits for that shuffle to draw into its home
    dice: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = ()  # rolls of the current tournament, per roll
    results: tuple[tuple[int, tuple[int, ...], tuple, tuple], ...] = ()  # (slot, ranking, dice, entries) of past ones


def to_dict(state: State) -> dict[str, Any]:
    """JSON-ready primitives: tuples become lists (the only container the state uses)."""
    return {f.name: _listify(getattr(state, f.name)) for f in fields(State)}


def from_dict(data: Mapping[str, Any]) -> State:
    """The inverse of ``to_dict``; a field added after a state was stored (``rolls``, ``home_draw``, ``dice``, ``results``) takes its default."""
    return State(**{f.name: _tuplify(data[f.name]) for f in fields(State) if f.name in data})


def _listify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


class Work:
    """A mutable copy of a ``State`` that rules functions change in place, then ``freeze``."""

    def __init__(self, s: State) -> None:
        self.players = s.players
        self.level = s.level
        self.side = s.side
        self.phase = s.phase
        self.round = s.round
        self.start = s.start
        self.cursor = s.cursor
        self.goods = [list(g) for g in s.goods]
        self.owner_of = {c: o for c, o, _ in s.horses}
        self.place = {c: p for c, _, p in s.horses}
        self.horse_deck = list(s.horse_deck)
        self.discard = list(s.discard)
        self.market = list(s.market)
        self.ranches = list(s.ranches)
        self.grid = s.grid
        self.owners = dict(s.owners)
        self.upgrades = {loc: list(v) for loc, v in s.upgrades}
        self.competed = set(s.competed)
        self.hands = [list(h) for h in s.hands]
        self.picks = [list(p) for p in s.picks]
        self.step_picks = list(s.step_picks)
        self.draft_step = s.draft_step
        self.seen = [list(x) for x in s.seen]
        self.fate_deck = list(s.fate_deck)
        self.pending_fate = [list(x) for x in s.pending_fate]
        self.kept_fate = [list(x) for x in s.kept_fate]
        self.display = list(s.display)
        self.employees = list(s.employees)
        self.tournament_cards = s.tournament_cards
        self.removed_cards = s.removed_cards
        self.tessa = list(s.tessa)
        self.limited_used = s.limited_used
        self.claims = s.claims
        self.claim_limit = s.claim_limit
        self.employee_used = s.employee_used
        self.slot = s.slot
        self.entries = list(s.entries)
        self.standings = list(s.standings)
        self.rolls = s.rolls
        self.ranking = s.ranking
        self.prizes = list(s.prizes)
        self.last_winner = s.last_winner
        self.reshuffle_due = s.reshuffle_due
        self.home_draw = s.home_draw
        self.dice = list(s.dice)
        self.results = list(s.results)

    def freeze(self) -> State:
        return State(
            players=self.players,
            level=self.level,
            side=self.side,
            phase=self.phase,
            round=self.round,
            start=self.start,
            cursor=self.cursor,
            goods=tuple((c, b) for c, b in self.goods),
            horses=tuple(sorted((c, o, self.place[c]) for c, o in self.owner_of.items())),
            horse_deck=tuple(self.horse_deck),
            discard=tuple(self.discard),
            market=tuple(self.market),
            ranches=tuple(self.ranches),
            grid=self.grid,
            owners=tuple(sorted(self.owners.items())),
            upgrades=tuple(sorted((loc, tuple(v)) for loc, v in self.upgrades.items() if any(v))),
            competed=tuple(sorted(self.competed)),
            hands=tuple(tuple(h) for h in self.hands),
            picks=tuple(tuple(p) for p in self.picks),
            step_picks=tuple(self.step_picks),
            draft_step=self.draft_step,
            seen=tuple(tuple(x) for x in self.seen),
            fate_deck=tuple(self.fate_deck),
            pending_fate=tuple(tuple(x) for x in self.pending_fate),
            kept_fate=tuple(tuple(x) for x in self.kept_fate),
            display=tuple(self.display),
            employees=tuple(self.employees),
            tournament_cards=self.tournament_cards,
            removed_cards=self.removed_cards,
            tessa=tuple(self.tessa),
            limited_used=self.limited_used,
            claims=self.claims,
            claim_limit=self.claim_limit,
            employee_used=self.employee_used,
            slot=self.slot,
            entries=tuple(self.entries),
            standings=tuple(self.standings),
            rolls=self.rolls,
            ranking=self.ranking,
            prizes=tuple(self.prizes),
            last_winner=self.last_winner,
            reshuffle_due=self.reshuffle_due,
            home_draw=self.home_draw,
            dice=tuple(self.dice),
            results=tuple(self.results),
        )

    # --- small queries every module needs -------------------------------------------------

    @property
    def order(self) -> list[int]:
        """Turn order: start player first, then clockwise (seat + 1)."""
        return [(self.start + i) % self.players for i in range(self.players)]

    @property
    def active(self) -> int:
        return self.order[self.cursor]

    def carrots(self, seat: int) -> int:
        return self.goods[seat][0]

    def boots(self, seat: int) -> int:
        return self.goods[seat][1]

    def gain(self, seat: int, carrots: int = 0, boots: int = 0) -> None:
        """Add (or with negatives, pay) goods; FR-R091 is checked by callers before paying."""
        self.goods[seat][0] += carrots
        self.goods[seat][1] += boots

    def horses_of(self, seat: int) -> list[str]:
        return sorted(c for c, o in self.owner_of.items() if o == seat)

    def count_on(self, location: str) -> int:
        return sum(1 for p in self.place.values() if p == location)

    def count_of(self, seat: int, location: str) -> int:
        return sum(1 for c, p in self.place.items() if p == location and self.owner_of[c] == seat)

    def locked(self) -> set[str]:
        """Horses entered in the current tournament (locked until it completes)."""
        return {card for _, card, _, kind in self.entries if kind == "horse" and card}

    def home_of(self, seat: int) -> str | None:
        return next((loc for loc, o in self.owners.items() if o == seat and LOCATIONS[loc].is_home), None)
