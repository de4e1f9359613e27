"""Homesteaders component data (spec section 11), loaded from ``components.json``.

The JSON file holds the three machine-readable blocks of the specification verbatim (buildings
§11.2, auction tiles §11.3, initial values §11.6); this module only indexes them for the rules.
Building instances are ``<building_id>#<k>``; the Homestead of seat s (0-based) is
``homestead#<s+1>`` because the spec numbers seats from 1 in instance ids (HS-SET-01).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType

_DATA = json.loads((Path(__file__).with_name("components.json")).read_text(encoding="utf-8"))

#: Every building kind by id (the Homestead included), in spec order.
BUILDINGS = MappingProxyType({b["id"]: b for b in _DATA["buildings"]})
#: Every auction tile by id, A01..A30.
TILES = MappingProxyType({t["id"]: t for t in _DATA["auction_tiles"]})
INITIAL = MappingProxyType(_DATA["initial"])

RESOURCES = ("wood", "food", "steel", "gold", "copper", "livestock")
#: Resources whose standard rate is paid in silver (the rest are priced in gold).
SILVER_PRICED = ("wood", "food", "steel", "gold")
RATES = MappingProxyType({r: dict(v) for r, v in INITIAL["rates"].items()})
BID_LADDER = tuple(INITIAL["bid_ladder"])
DUMMY_LADDER = tuple(INITIAL["dummy_ladder"])
DUMMY_START = INITIAL["dummy_value_start"]
RAIL_REWARDS = MappingProxyType({int(k): tuple(v) for k, v in INITIAL["rail_rewards"].items()})
#: Reward kinds by the lowest rail space that allows them (HS-R28).
REWARD_MIN_SPACE = MappingProxyType({"trade": 1, "track": 2, "worker": 3, "resource": 4, "vp3": 5})
RAIL_MAX = 5
START_SILVER = INITIAL["player"]["silver"]
ROUNDS = 10
FINAL_ROUND = 11
TYPES = ("R", "C", "I", "S")
TYPE_NAMES = MappingProxyType({"R": "Residential", "C": "Commercial", "I": "Industrial", "S": "Special"})


def n_slots(players: int) -> int:
    """Auction slots in play (HS-SET-02)."""
    return INITIAL["n_slots"][str(players)]


def copies(building_id: str, players: int) -> int:
    """Copies of a (non-Homestead) building for this player count (HS-SET-06, §3.4)."""
    b = BUILDINGS[building_id]
    return b["copies_2p"] if players == 2 else b["copies_3_4p"]


def instances(era: str, players: int) -> tuple[str, ...]:
    """The building instances of one era, in spec order: ``farm#1``, ``farm#2``, ..."""
    return tuple(
        f"{b['id']}#{k}" for b in _DATA["buildings"] if b["era"] == era for k in range(1, copies(b["id"], players) + 1)
    )


def kind(instance: str) -> str:
    """The building id of an instance (``farm#2`` -> ``farm``)."""
    return instance.split("#", 1)[0]


def building(instance: str) -> dict:
    return BUILDINGS[kind(instance)]


def homestead(seat: int) -> str:
    return f"homestead#{seat + 1}"


def tile_groups(stack: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The Settlement, Town and City tile groups of stack 2 or 3, each shuffled separately (HS-SET-04/05)."""
    name = f"auction_{stack}"
    tiles = [t for t in _DATA["auction_tiles"] if t["stack"] == name]
    return tuple(tuple(t["id"] for t in tiles if t["group"] == g) for g in ("settlement", "town", "city"))


def stack_1_tile(round_: int) -> str:
    """The specific-round tile of stack 1 (HS-SET-03)."""
    return f"A{round_:02d}"


def era_of(round_: int) -> str:
    if round_ <= 4:
        return "settlement"
    if round_ <= 8:
        return "town"
    if round_ <= ROUNDS:
        return "city"
    return "final"
