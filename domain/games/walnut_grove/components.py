"""Walnut Grove component data (spec section 11), loaded once and kept as plain tables.

The year discs, the town and the 50 landscape tiles come verbatim from the spec's JSON blocks
(``components.json``); the small tables (boards, building tiles, upgrades, coins, labourers) are
transcribed below. Most values are *representative* designs (spec §1, §11): keeping them as
data means the printed values can replace them without touching the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

_DATA = json.loads((Path(__file__).with_name("components.json")).read_text(encoding="utf-8"))

GOODS = ("grain", "fish", "dairy", "wood", "stone")
FOODS = ("grain", "fish", "dairy")
#: landscape letter -> the good it produces (§5.0).
LANDSCAPE_GOOD = {"G": "grain", "L": "fish", "P": "dairy", "F": "wood", "M": "stone"}
#: labourer colour -> the good it eats (§11.1, last paragraph).
COLOUR_FOOD = {"yellow": "grain", "blue": "fish", "white": "dairy"}
QUADRANTS = ("NW", "NE", "SE", "SW")
ROTATIONS = (0, 90, 180, 270)
YEARS = 8


@dataclass(frozen=True)
class YearDisc:
    id: str
    pile: str
    draw: int
    keep: int
    summer_bonus: str
    fall_bonus: str
    double_eater: str
    fires: int


@dataclass(frozen=True)
class TownSpace:
    pos: int
    id: str
    kind: str | None
    capacity: int
    cost_coins: int
    cost_goods: tuple[tuple[str, int], ...]
    buys: tuple[str, ...] = ()
    toll: str | None = None
    start_spaces: int = 0


@dataclass(frozen=True)
class LandscapeTile:
    id: str
    kind: str
    q: str
    fence: str
    store: str


def _town_space(row: dict) -> TownSpace:
    cost = dict(row["cost"])
    coins = cost.pop("coins", 0)
    return TownSpace(
        pos=row["pos"],
        id=row["id"],
        kind=row["kind"],
        capacity=row["capacity"],
        cost_coins=coins,
        cost_goods=tuple(sorted(cost.items(), key=lambda kv: GOODS.index(kv[0]))),
        buys=tuple(row.get("buys", ())),
        toll=row.get("toll"),
        start_spaces=row.get("start_spaces", 0),
    )


YEAR_DISCS: dict[str, YearDisc] = {d["id"]: YearDisc(**d) for d in _DATA["year_discs"]}
PILE_A = tuple(d for d in YEAR_DISCS if YEAR_DISCS[d].pile == "A")
PILE_B = tuple(d for d in YEAR_DISCS if YEAR_DISCS[d].pile == "B")

TOWN: dict[str, TownSpace] = {row["id"]: _town_space(row) for row in _DATA["town"]}
TOWN_BY_POS: dict[int, TownSpace] = {space.pos: space for space in TOWN.values()}
#: The 11 buildings a figure may move to (WG-R31: never the Town Hall).
DESTINATIONS = tuple(space.id for space in sorted(TOWN.values(), key=lambda s: s.pos) if space.kind)
START_BUILDINGS = ("church", "town_hall")
TOLL_POSITIONS = {0: "taxes", 6: "bazaar"}
STREET = 12

LANDSCAPE_TILES: dict[str, LandscapeTile] = {t["id"]: LandscapeTile(**t) for t in _DATA["landscape_tiles"]}

#: §11.3: board landscape row (x = 0..4) and the colour of housing space H1.
PLAYER_BOARDS: dict[str, tuple[str, str]] = {
    "PB1": ("PGLMF", "yellow"),
    "PB2": ("GPMLF", "blue"),
    "PB3": ("LMPGF", "yellow"),
    "PB4": ("MLGPF", "blue"),
}
BOARD_FENCE = "00111111"
BOARD_SLOTS = 2
HOUSING_SPACES = 4
MAX_CABINS = 4
MAX_BARN_TILES = 2
BARN_BASE_SLOTS = 4
BARN_SLOTS_PER_TILE = 2
UPGRADE_SPACES = ("home", "yard", "land")

#: §11.5 building tiles: id -> kind.
BUILDING_TILES: dict[str, str] = {f"{kind}_{i}": kind for kind in ("cabin", "barn") for i in range(1, 5)}


@dataclass(frozen=True)
class Upgrade:
    id: str
    name: str
    space: str
    #: how the final VP are computed (scoring.py reads it); ``value`` is its constant or factor.
    effect: str
    value: int = 0


#: §11.6 upgrade tiles (representative).
UPGRADES: dict[str, Upgrade] = {
    u.id: u
    for u in (
        Upgrade("U01", "Rocking Chair", "home", "flat", 3),
        Upgrade("U02", "Cast-Iron Stove", "home", "per_cabin", 2),
        Upgrade("U03", "Pantry Shelves", "home", "half_goods"),
        Upgrade("U04", "Family Bible", "home", "no_help", 4),
        Upgrade("U05", "Sewing Machine", "home", "per_white", 2),
        Upgrade("U06", "Strongbox", "home", "per_coin", 1),
        Upgrade("U07", "Pump Organ", "home", "barn_tiles_plus", 2),
        Upgrade("U08", "Chicken Coop", "yard", "per_labourer", 1),
        Upgrade("U09", "Smokehouse", "yard", "owned:fish", 5),
        Upgrade("U10", "Root Cellar", "yard", "owned:grain", 5),
        Upgrade("U11", "Woodshed", "yard", "owned:wood", 5),
        Upgrade("U12", "Springhouse", "yard", "owned:dairy", 5),
        Upgrade("U13", "Stone Wall", "yard", "owned:stone", 5),
        Upgrade("U14", "Windmill", "yard", "flat", 3),
        Upgrade("U15", "Surveyor's Chain", "land", "per_enclosure", 2),
        Upgrade("U16", "Plough", "land", "largest:G"),
        Upgrade("U17", "Rowboat", "land", "largest:L"),
        Upgrade("U18", "Crosscut Saw", "land", "largest:F"),
        Upgrade("U19", "Butter Churn", "land", "largest:P"),
        Upgrade("U20", "Pickaxe", "land", "largest:M"),
        Upgrade("U21", "Land Deed", "land", "half_tiles"),
    )
}

#: §11.7 coins: c01-c11 copper (0), c12-c22 silver (1), c23-c30 gold (2).
COIN_VALUES: dict[str, int] = {f"c{i:02d}": (0 if i <= 11 else 1 if i <= 22 else 2) for i in range(1, 31)}

#: §11.8 labourers: id -> colour.
LABOURERS: dict[str, str] = {
    **{f"y{i}": "yellow" for i in range(1, 7)},
    **{f"b{i}": "blue" for i in range(1, 7)},
    **{f"w{i}": "white" for i in range(1, 5)},
}
FARMER = "farmer"


def town_stock_size(players: int) -> int:
    """WG-SU06..08: items dealt to each hiring/building/upgrade building (2/2/3/4)."""
    return {1: 2, 2: 2, 3: 3, 4: 4}[players]


def is_coin(item: str) -> bool:
    return item in COIN_VALUES
