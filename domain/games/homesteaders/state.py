"""Homesteaders state: immutable plain data (frozen dataclasses of ints, strings and tuples).

One ``Player`` per seat (spec §3.2) and one ``State`` for the table. The pending-decision model
of spec §4.5 is ``State.phase`` plus ``State.actor`` (the one seat owing a sequential decision);
the rest of a build resolution still to run is ``State.agenda``, a tuple of step names consumed
by ``rules.advance`` (so a rail reward or bonus worker can interrupt it and resume it exactly).

Seats are 0-based here (protocol); instance ids use the spec's 1-based seat numbers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

#: The holder of a slot's bid when it is the two-player dummy (HS-A20).
DUMMY = -2
NOBODY = -1

#: Holdings behind the screen (HS-H02).
SCREENED = ("silver", "wood", "food", "steel", "gold", "copper", "livestock", "trade", "debt", "vp_tokens")


@dataclass(frozen=True)
class Player:
    silver: int = 6
    wood: int = 0
    food: int = 0
    steel: int = 0
    gold: int = 0
    copper: int = 0
    livestock: int = 0
    trade: int = 0
    debt: int = 0
    vp_tokens: int = 0
    track: int = 0
    rail: int = 0
    workers: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()
    #: (worker, building instance, slot) of the placement being edited (secret in simultaneous mode).
    placement: tuple[tuple[str, str, int], ...] = ()
    #: The last placement every seat may see (HS-H05).
    shown: tuple[tuple[str, str, int], ...] = ()
    confirmed: bool = False
    wages_due: bool = False
    status: str = "no_bid"  # no_bid | outbid | high | passed
    bid_slot: int = 0
    bid_value: int = 0
    done: bool = False  # final actions confirmed (HS-R53)
    #: The last income collected, line by line: public (HS-H01, the rulebook shows it before it
    #: goes behind the screen). (source, ((holding, amount), ...))
    income: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()

    def holds(self, **amounts: int) -> bool:
        return all(getattr(self, k) >= v for k, v in amounts.items())

    def gain(self, **amounts: int) -> Player:
        return replace(self, **{k: getattr(self, k) + v for k, v in amounts.items()})

    def owns(self, building_id: str) -> bool:
        return any(b.split("#", 1)[0] == building_id for b in self.buildings)

    def next_worker_id(self, seat: int) -> str:
        return f"w{seat + 1}-{len(self.workers) + 1}"


@dataclass(frozen=True)
class State:
    players: int
    visibility: str  # screened | open
    mode: str  # simultaneous | sequential
    phase: str
    seats: tuple[Player, ...]
    round: int = 0
    start: int = NOBODY
    pending_chance: tuple[str, ...] = ()
    stack2: tuple[str, ...] = ()
    stack3: tuple[str, ...] = ()
    supply: tuple[str, ...] = ()
    town_pile: tuple[str, ...] = ()
    city_pile: tuple[str, ...] = ()
    slots: tuple[str, ...] = ()
    #: per slot: (holder seat | DUMMY | NOBODY, value)
    bids: tuple[tuple[int, int], ...] = ()
    winners: tuple[int, ...] = ()
    dummy: int = 0
    actor: int = NOBODY
    agenda: tuple[str, ...] = ()
    cur_slot: int = 0
    source: str = ""

    def seat(self, s: int) -> Player:
        return self.seats[s]

    def with_seat(self, s: int, player: Player) -> State:
        return replace(self, seats=self.seats[:s] + (player,) + self.seats[s + 1 :])

    def tile(self) -> str:
        """The tile of the slot being resolved."""
        return self.slots[self.cur_slot - 1]


def to_dict(state: State) -> dict[str, Any]:
    return asdict(state)


def _tuplify(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tuplify(v) for v in value)
    return value


_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_STATE_FIELDS = tuple(f.name for f in fields(State))


def from_dict(data: Any) -> State:
    seats = tuple(Player(**{k: _tuplify(p[k]) for k in _PLAYER_FIELDS}) for p in data["seats"])
    values = {k: _tuplify(data[k]) for k in _STATE_FIELDS if k != "seats"}
    return State(seats=seats, **values)
