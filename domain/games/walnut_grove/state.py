"""Walnut Grove state: immutable plain data that round-trips exactly through JSON.

One ``Player`` per seat (seat 0 is the spec's ``first_player``, the youngest; seats run
clockwise) and one ``WalnutGroveState`` for the table. Secrets live in plain sight here
(``discs`` is the face-down pile, ``coin_bag`` the bag, coin ids in barns); ``views.py`` is the
only place that strips them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from domain.games.walnut_grove.components import BARN_BASE_SLOTS


def replace(obj: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for this module's frozen, plain classes, the unchanged fields shared.
    The library's goes through ``__init__`` and every field (a third of a ``basic`` bot's fall
    decision, which plays each candidate move: issue 39); this copies the instance's dict."""
    names = _FIELDS.get(type(obj))
    if names is None or not changes.keys() <= names:
        return dataclasses.replace(obj, **changes)  # another class, or its TypeError for a bad field
    new = object.__new__(type(obj))
    attrs = new.__dict__
    attrs.update(obj.__dict__)
    attrs.update(changes)
    return new


#: A landscape tile on a farm: (tile_id, x, y, rotation).
Placement = tuple[str, int, int, int]


@dataclass(frozen=True)
class Player:
    """One seat's farm, barn, people and town figure."""

    board: str = ""
    #: landscape tiles in placement order.
    tiles: tuple[Placement, ...] = ()
    #: occupied storage slots, sorted: (slot_id, good).
    storage: tuple[tuple[str, str], ...] = ()
    #: barn slots ``barn:1``.. in order: "" empty, a coin id (``c07``) or a good name.
    barn: tuple[str, ...] = ("",) * BARN_BASE_SLOTS
    #: active labourers in housing order (H1 first); hires made this fall wait in ``pending``.
    active: tuple[str, ...] = ()
    pending: tuple[str, ...] = ()
    cabins: tuple[str, ...] = ()
    barn_tiles: tuple[str, ...] = ()
    #: (space, upgrade id) for the filled upgrade spaces, in purchase order.
    upgrades: tuple[tuple[str, str], ...] = ()
    help_flipped: int = 0
    help_returnable: bool = False
    #: town place: "" before the start choice, ``church:1`` (start space), ``hotel``, ``svensons:2``.
    place: str = ""
    #: landscape tiles drawn this spring and not yet placed or returned.
    drawn: tuple[str, ...] = ()
    #: submitted this season (spring, summer, winter), ended the fall turn, or confirmed the score.
    done: bool = False


@dataclass(frozen=True)
class WalnutGroveState:
    """The whole table."""

    players: tuple[Player, ...]
    #: setup | setup_start_choice | spring | summer | fall | winter | final_adjustments | ended
    phase: str = "setup"
    #: the chance step awaited ("" = none): boards, discs_a, discs_b, labourers, buildings,
    #: upgrades (setup), spring_draw, coins (a general-store sale).
    chance_step: str = ""
    year: int = 0
    #: face-down year discs, top first (server-only, WG-H04).
    discs: tuple[str, ...] = ()
    disc: str = ""
    removed_discs: tuple[str, ...] = ()
    tile_bag: tuple[str, ...] = ()
    #: the coin bag (server-only content, WG-H02), sorted.
    coin_bag: tuple[str, ...] = ()
    #: what waits at each hiring/building/upgrade building: (building id, item ids).
    stock: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: seats in year order (WG-G04); ``cursor`` indexes it (next drawer, current fall player)
    #: or, during the start choice, is the next chooser's seat.
    order: tuple[int, ...] = ()
    cursor: int = 0
    #: coins a general-store sale still has to draw from the bag.
    owed: int = 0
    #: coins drawn that did not fit: the current fall player must resolve them (WG-R45).
    overflow: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def with_player(self, seat: int, player: Player) -> WalnutGroveState:
        return replace(self, players=self.players[:seat] + (player,) + self.players[seat + 1 :])

    def stock_at(self, building: str) -> tuple[str, ...]:
        """``dict(self.stock).get(building, ())`` without building the dict (the last entry for
        the building, as the dict keeps it): listing and judging fall moves asks it often."""
        for held, items in reversed(self.stock):
            if held == building:
                return items
        return ()

    def with_stock(self, building: str, items: tuple[str, ...]) -> WalnutGroveState:
        return replace(self, stock=tuple((b, items if b == building else got) for b, got in self.stock))


_FIELDS = {cls: frozenset(f.name for f in fields(cls)) for cls in (Player, WalnutGroveState)}


def to_dict(state: WalnutGroveState) -> dict[str, Any]:
    data = _plain(state)
    data["players"] = [_plain(p) for p in state.players]
    return data


def from_dict(data: Mapping[str, Any]) -> WalnutGroveState:
    players = tuple(
        Player(
            board=p["board"],
            tiles=tuple(tuple(t) for t in p["tiles"]),
            storage=tuple(tuple(s) for s in p["storage"]),
            barn=tuple(p["barn"]),
            active=tuple(p["active"]),
            pending=tuple(p["pending"]),
            cabins=tuple(p["cabins"]),
            barn_tiles=tuple(p["barn_tiles"]),
            upgrades=tuple(tuple(u) for u in p["upgrades"]),
            help_flipped=p["help_flipped"],
            help_returnable=p["help_returnable"],
            place=p["place"],
            drawn=tuple(p["drawn"]),
            done=p["done"],
        )
        for p in data["players"]
    )
    return WalnutGroveState(
        players=players,
        phase=data["phase"],
        chance_step=data["chance_step"],
        year=data["year"],
        discs=tuple(data["discs"]),
        disc=data["disc"],
        removed_discs=tuple(data["removed_discs"]),
        tile_bag=tuple(data["tile_bag"]),
        coin_bag=tuple(data["coin_bag"]),
        stock=tuple((b, tuple(items)) for b, items in data["stock"]),
        order=tuple(data["order"]),
        cursor=data["cursor"],
        owed=data["owed"],
        overflow=tuple(data["overflow"]),
    )


def _plain(obj: Any) -> dict[str, Any]:
    return {name: _json(getattr(obj, name)) for name in obj.__dataclass_fields__}


def _json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value
