"""The state of one Bunny Kingdom table: immutable tuples of primitives, JSON round-trippable.

The board is two tuples of 100 squares (index ``row * 10 + column - 1``): ``owners`` (seat or -1)
and ``buildings`` (``"CI"`` for a printed city, else the id of the placed building card, or
None). A Sky Tower is the same ``B-SKY-n`` id on two squares, a camp its ``B-CAMP-n`` id.
Per-seat data are tuples indexed by seat. Nothing here is a list or a dict, so
``from_dict(to_dict(s)) == s`` holds by turning JSON arrays back into tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from domain.games.bunny_kingdom.components import INDEX, PRINTED_CITIES

PRINTED = "CI"

# Phases: shuffle (awaiting the one deck shuffle), exploration, construction, harvest (trading
# post choices), copy (final Liberal/Socialist choices), over.


@dataclass(frozen=True)
class State:
    players: int
    phase: str = "shuffle"
    round: int = 0
    pick: int = 0
    deck: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    reserves: tuple[tuple[str, ...], ...] = ()
    # per seat: None, or (play ids, discard id or None) chosen for the current pick
    selections: tuple[Any, ...] = ()
    owners: tuple[int, ...] = ()
    buildings: tuple[str | None, ...] = ()
    fronts: tuple[tuple[str, ...], ...] = ()  # unplaced building cards, public (BK-R102)
    parchments: tuple[tuple[str, ...], ...] = ()  # face down, private to the owner (BK-R103)
    discards: tuple[tuple[str, ...], ...] = ()  # public discard piles
    removed: tuple[tuple[str, ...], ...] = ()  # two-player face-down discards (BK-R105)
    seen: tuple[tuple[str, ...], ...] = ()  # every card a seat has held in hand (BK-R130)
    finished: tuple[bool, ...] = ()  # construction finished this round (BK-R47)
    camps_answered: tuple[str, ...] = ()  # camps offered and answered this construction
    trading: tuple[str | None, ...] = ()  # published resource of each trading post square
    tp_pending: tuple[Any, ...] = ()  # per seat: None or ((coord, resource), ...) hidden
    copy_pending: tuple[tuple[tuple[str, str | None], ...], ...] = ()  # per seat, hidden
    copy_final: tuple[tuple[int, str, str | None], ...] = ()  # revealed copy targets
    harvests: tuple[tuple[int, ...], ...] = ()  # per seat, one value per harvested round

    def set(self, **changes: Any) -> State:
        """This state with ``changes``, the other fields shared. ``dataclasses.replace`` does the
        same through ``__init__`` and all 22 fields (4.1 µs a call, 0.6 here); the rules and the
        projection worker's replays change a state about three times an event."""
        if not changes.keys() <= _FIELDS:
            return replace(self, **changes)  # its TypeError names the unknown field
        new = object.__new__(State)
        attrs = new.__dict__
        attrs.update(self.__dict__)
        attrs.update(changes)
        return new


_FIELDS = frozenset(f.name for f in fields(State))


def initial_state(players: int) -> State:
    """The board prepared (BK-R07), scores 0 (BK-R08), the deck not yet shuffled (BK-R09)."""
    buildings = [None] * 100
    for coord in PRINTED_CITIES:
        buildings[INDEX[coord]] = PRINTED
    empty = ((),) * players
    return State(
        players=players,
        owners=(-1,) * 100,
        buildings=tuple(buildings),
        hands=empty,
        reserves=empty,
        selections=(None,) * players,
        fronts=empty,
        parchments=empty,
        discards=empty,
        removed=empty,
        seen=empty,
        finished=(False,) * players,
        trading=(None,) * 100,
        tp_pending=(None,) * players,
        copy_pending=empty,
        harvests=empty,
    )


def put(values: tuple, index: int, value: Any) -> tuple:
    """``values`` with ``values[index]`` replaced."""
    return values[:index] + (value,) + values[index + 1 :]


def to_dict(state: State) -> dict[str, Any]:
    return {f.name: _thaw(getattr(state, f.name)) for f in fields(state)}


def from_dict(data: Mapping[str, Any]) -> State:
    return State(**{f.name: _freeze(data[f.name]) for f in fields(State)})


def _thaw(value: Any) -> Any:
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value
