"""The public catalog of Walnut Grove for clients (``GET /api/games/walnut_grove/components``).

Built from ``components.py`` only (one source of truth): every id a view or a legal move names
(landscape tiles, town buildings and places, labourers, building and upgrade tiles, year discs,
player boards, goods, coins) gets a name, a kind and a one-line effect; ``terms`` names score
sources, move types, phases and upgrade spaces; ``board`` holds the farm and town geometry the
board draws. Coin ids and values are the printed coin list (§11.7), not who holds which coin:
holdings are state and only ever travel in the owner's view.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from domain.games.walnut_grove.components import (
    BARN_BASE_SLOTS,
    BARN_SLOTS_PER_TILE,
    BOARD_FENCE,
    BOARD_SLOTS,
    BUILDING_TILES,
    COIN_VALUES,
    COLOUR_FOOD,
    GOODS,
    HOUSING_SPACES,
    LABOURERS,
    LANDSCAPE_GOOD,
    LANDSCAPE_TILES,
    MAX_BARN_TILES,
    MAX_CABINS,
    PLAYER_BOARDS,
    QUADRANTS,
    ROTATIONS,
    STREET,
    TOLL_POSITIONS,
    TOWN,
    UPGRADE_SPACES,
    UPGRADES,
    YEAR_DISCS,
    YEARS,
)
from domain.games.walnut_grove.scoring import HELP_PENALTY

LANDSCAPES = {"P": "pasture", "G": "field", "L": "lake", "F": "forest", "M": "mountain"}
GOOD_COLOURS = {
    "grain": "#e8c547",
    "fish": "#3d7fc4",
    "dairy": "#f4f1e8",
    "wood": "#8a5a2b",
    "stone": "#9a9a9a",
}
LANDSCAPE_COLOURS = {"P": "#9ccc65", "G": "#f2d675", "L": "#7fb7e6", "F": "#3f8f4a", "M": "#b0a79a"}
SEAT_COLOURS = [
    {"name": "red", "colour": "#c0392b"},
    {"name": "purple", "colour": "#7d3c98"},
    {"name": "orange", "colour": "#d35400"},
    {"name": "teal", "colour": "#16a085"},
]
COIN_METALS = {0: "copper", 1: "silver", 2: "gold"}
KIND_EFFECTS = {
    "free_goods": "take any 2 goods into the barn",
    "hire": "hire 1 labourer waiting here (it works from next year)",
    "store": "sell up to one each of {buys} for 1 coin each (+1 for the year's fall bonus good)",
    "building": "buy 1 building tile waiting here (cabin or barn)",
    "upgrade": "buy 1 upgrade tile waiting here for its home, yard or land space",
}
UPGRADE_EFFECTS = {
    "flat": "{value} VP",
    "per_cabin": "{value} VP per cabin owned",
    "half_goods": "1 VP per 2 goods owned",
    "no_help": "{value} VP if you hold no help tile at the end",
    "per_white": "{value} VP per white labourer",
    "per_coin": "{value} VP per coin held (any value)",
    "barn_tiles_plus": "{value} VP + 1 per barn tile owned",
    "per_labourer": "{value} VP per labourer owned",
    "per_enclosure": "{value} VP per enclosed land area",
    "half_tiles": "1 VP per 2 landscape tiles placed",
}


def _cost_text(space) -> dict[str, int]:
    cost = {"coins": space.cost_coins} if space.cost_coins else {}
    cost.update(dict(space.cost_goods))
    return cost


def _upgrade_effect(upgrade) -> str:
    if upgrade.effect.startswith("owned:"):
        good = upgrade.effect.split(":")[1]
        return f"1 VP per {good} owned, at most {upgrade.value}"
    if upgrade.effect.startswith("largest:"):
        land = LANDSCAPES[upgrade.effect.split(":")[1]]
        return f"VP = size of your largest {land} area"
    return UPGRADE_EFFECTS[upgrade.effect].format(value=upgrade.value)


def _town() -> dict[str, dict[str, Any]]:
    result = {}
    for space in TOWN.values():
        name = {"general_store_1": "General Store (north)", "general_store_2": "General Store (south)"}.get(
            space.id,
            space.id.replace("_", " ")
            .title()
            .replace("Svensons", "Svenson's")
            .replace("Soebucks", "Soebuck's")
            .replace("Johansens", "Johansen's"),
        )
        if space.kind:
            effect = KIND_EFFECTS[space.kind].format(buys=", ".join(space.buys))
        else:
            effect = "start space; no action, never a destination"
        if space.toll:
            effect += f"; passing it costs the {space.toll} toll: 1 coin or 1 help tile"
        result[space.id] = {
            "name": name,
            "kind": "town_building",
            "cost": _cost_text(space) or None,
            "points": None,
            "effect": effect,
            "pos": space.pos,
            "capacity": space.capacity,
            "action": space.kind,
            "toll": space.toll,
            "buys": list(space.buys),
            "start_spaces": space.start_spaces,
        }
        for i in range(1, space.start_spaces + 1):
            result[f"{space.id}:{i}"] = {
                "name": f"{name} start space {i}",
                "kind": "town_place",
                "effect": "a figure's starting place before its first move",
                "pos": space.pos,
                "building": space.id,
            }
        if space.capacity > 1:
            for i in range(1, space.capacity + 1):
                result[f"{space.id}:{i}"] = {
                    "name": f"{name} slot {i}",
                    "kind": "town_place",
                    "effect": "one of the building's two figure slots",
                    "pos": space.pos,
                    "building": space.id,
                }
    return result


def _landscape_tiles() -> dict[str, dict[str, Any]]:
    result = {}
    for tile in LANDSCAPE_TILES.values():
        lands = sorted(set(tile.q), key=tile.q.index)
        name = " / ".join(LANDSCAPES[x] for x in lands)
        result[tile.id] = {
            "name": f"{name[0].upper()}{name[1:]} tile",  # the physical tiles carry no number; L01.. stay ids
            "kind": "landscape_tile",
            "cost": None,
            "points": None,
            "effect": f"{tile.kind.replace('_', '-')} tile: {name}; {tile.store.count('1')} storage space(s), "
            f"{tile.fence.count('1')} fence half-edge(s)",
            "shape": tile.kind,
            "q": tile.q,
            "fence": tile.fence,
            "store": tile.store,
        }
    return result


#: What a help tile costs at the end, by rules version (WG-D19): the catalog a pinned table reads
#: names the rules it plays.
HELP_RULES = {
    "1": ("{p} VP at the end; the returnable side goes back for 3 goods, a flipped one stays",
          "{p} VP per neighbour-help tile held, flipped or returnable"),
    "2": ("{p} VP at the end once flipped; the returnable side goes back for 3 goods and costs nothing at the end",
          "{p} VP per flipped neighbour-help tile (a returnable one costs nothing)"),
}


def catalog(rules: str = "1") -> dict[str, Any]:
    components: dict[str, dict[str, Any]] = {}
    components.update(_landscape_tiles())
    components.update(_town())
    for upgrade in UPGRADES.values():
        components[upgrade.id] = {
            "name": upgrade.name,
            "kind": "upgrade",
            "cost": None,
            "points": _upgrade_effect(upgrade),
            "space": upgrade.space,
            "effect": f"{upgrade.space} space: {_upgrade_effect(upgrade)} at the end",
        }
    for tile_id, kind in BUILDING_TILES.items():
        effect = (
            "covers a covered wagon: one labourer there needs no wagon wood in winter"
            if kind == "cabin"
            else f"+{BARN_SLOTS_PER_TILE} barn slots (at most {MAX_BARN_TILES} barns)"
        )
        components[tile_id] = {
            "name": kind.title(),
            "kind": f"building_{kind}",
            "cost": None,
            "points": 1,
            "effect": effect,
        }
    for labourer, colour in LABOURERS.items():
        components[labourer] = {
            "name": f"{colour.title()} labourer",
            "kind": "labourer",
            "colour": colour,
            "eats": COLOUR_FOOD[colour],
            "points": 1,
            "effect": f"works one land area in summer; eats 1 {COLOUR_FOOD[colour]} in winter",
        }
    components["farmer"] = {
        "name": "Farmer",
        "kind": "farmer",
        "points": 0,
        "effect": "works one land area in summer; never eats",
    }
    for disc in YEAR_DISCS.values():
        components[disc.id] = {
            "name": f"Year disc: draw {disc.draw}, keep {disc.keep}",  # the disc's face, not its id
            "kind": "year_disc",
            "pile": disc.pile,
            "effect": f"spring: draw {disc.draw}, keep {disc.keep}; summer bonus {disc.summer_bonus}; fall bonus "
            f"{disc.fall_bonus}; winter: {disc.double_eater} labourers eat double, {disc.fires} fire(s)",
            "draw": disc.draw,
            "keep": disc.keep,
            "summer_bonus": disc.summer_bonus,
            "fall_bonus": disc.fall_bonus,
            "double_eater": disc.double_eater,
            "fires": disc.fires,
        }
    for board, (row, h1) in PLAYER_BOARDS.items():
        components[board] = {
            "name": f"Farm board {board[-1]}",
            "kind": "player_board",
            "row": row,
            "h1_colour": h1,
            "effect": "board row: " + ", ".join(LANDSCAPES[x] for x in row),
        }
    eaters = {food: colour for colour, food in COLOUR_FOOD.items()}
    for good in GOODS:
        use = {
            "wood": "fuel for winter fires and wagons; pays costs",
            "stone": "building material: pays costs",
        }
        components[good] = {
            "name": good.title(),
            "kind": "good",
            "colour": GOOD_COLOURS[good],
            "effect": use.get(good) or f"food: feeds {eaters.get(good)} labourers",
        }
    for coin, value in COIN_VALUES.items():
        components[coin] = {
            "name": f"{COIN_METALS[value].title()} coin",
            "kind": "coin",
            "points": value,
            "effect": f"worth {value} VP at the end; pays 1 coin of any cost or toll",
        }
    components["coin"] = {
        "name": "Coin (face down)",
        "kind": "coin",
        "effect": "another player's coin: worth 0, 1 or 2 VP, secret until the end",
    }
    components["help_tile"] = {
        "name": "Neighbour-help tile",
        "kind": "help_tile",
        "points": HELP_PENALTY,
        "effect": HELP_RULES[rules][0].format(p=HELP_PENALTY),
    }
    terms = {
        "coins": "Coins",
        "labourers": "Labourers",
        "buildings": "Buildings",
        "enclosures": "Fenced areas",
        "upgrades": "Upgrades",
        "help": "Help tiles",
        "setup": "Setting up",
        "setup_start_choice": "Start choice",
        "spring": "Spring",
        "summer": "Summer",
        "fall": "Fall",
        "winter": "Winter",
        "final_adjustments": "Final adjustments",
        "ended": "Game over",
        "choose_start_building": "Choose a start building",
        "place_landscape_tiles": "Place landscape tiles",
        "place_figures": "Send figures to work",
        "take_fall_turn": "Move in town",
        "pass_fall_turn": "Pass",
        "resolve_coin_overflow": "Choose coins to keep",
        "resolve_winter": "Feed and heat",
        "return_neighbour_help_tile": "Return a help tile",
        "move_goods_to_barn": "Move a good to the barn",
        "discard_from_barn": "Discard from the barn",
        "confirm_final_scoring": "Confirm final scoring",
        "home": "Home",
        "yard": "Yard",
        "land": "Land",
        "taxes": "Taxes (Town Hall)",
        "bazaar": "Bazaar (Church)",
        **{good: good.title() for good in GOODS},
        **{f"landscape:{k}": v for k, v in LANDSCAPES.items()},
    }
    board = {
        "landscapes": {
            k: {"name": v, "good": LANDSCAPE_GOOD[k], "colour": LANDSCAPE_COLOURS[k]}
            for k, v in LANDSCAPES.items()
        },
        "goods": {good: {"colour": GOOD_COLOURS[good]} for good in GOODS},
        "quadrants": list(QUADRANTS),
        "rotations": list(ROTATIONS),
        "half_edges": ["N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2"],
        "board_row_fence": BOARD_FENCE,
        "board_slots": BOARD_SLOTS,
        "street": STREET,
        "tolls": {str(pos): toll for pos, toll in TOLL_POSITIONS.items()},
        "town_order": [s.id for s in sorted(TOWN.values(), key=lambda s: s.pos)],
        "barn_base_slots": BARN_BASE_SLOTS,
        "barn_slots_per_tile": BARN_SLOTS_PER_TILE,
        "housing_spaces": HOUSING_SPACES,
        "max_cabins": MAX_CABINS,
        "upgrade_spaces": list(UPGRADE_SPACES),
        "labourer_colours": {"yellow": "#e8c547", "blue": "#3d7fc4", "white": "#f4f1e8"},
        #: WG-E02, in scoring order: how each breakdown key is counted (a player checks it by hand).
        "score_sources": {
            "coins": "the values of the coins in the barn (copper 0, silver 1, gold 2), revealed at the end",
            "labourers": "1 VP per labourer owned (the farmer scores nothing)",
            "buildings": "1 VP per cabin and per barn tile",
            "enclosures": "every completely fenced land area scores its size",
            "upgrades": "each upgrade tile as printed, on the final farm",
            "help": HELP_RULES[rules][1].format(p=HELP_PENALTY),
        },
    }
    tracks = [
        {"id": "year", "name": "Year", "spaces": list(range(1, YEARS + 1))},
        {"id": "season", "name": "Season", "spaces": ["spring", "summer", "fall", "winter"]},
    ]
    return {
        "components": components,
        "terms": terms,
        "board": board,
        "tracks": tracks,
        "seat_colours": SEAT_COLOURS,
    }


@cache
def names() -> dict[str, dict[str, str]]:
    """How log sentences name components (``Game.component_names``), from the catalog, in the
    words of the physical game, which numbers none of them: a landscape tile by its landscapes
    ("forest and mountain tile"), a labourer by its colour ("yellow labourer"), a coin by its metal,
    a cabin or barn by what it is; town buildings, upgrades and farm boards by their names."""
    groups: dict[str, dict[str, str]] = {k: {} for k in (
        "tile", "town", "upgrade", "building", "figure", "coin", "board", "good")}
    for id, entry in catalog()["components"].items():
        kind, name = entry["kind"], entry["name"]
        if kind == "landscape_tile":
            groups["tile"][id] = name[0].lower() + name[1:].replace(" / ", " and ")
        elif kind == "town_building":
            groups["town"][id] = name
        elif kind == "upgrade":
            groups["upgrade"][id] = name
        elif kind.startswith("building_"):
            groups["building"][id] = kind.removeprefix("building_")
        elif kind == "labourer":
            groups["figure"][id] = f"{entry['colour']} labourer"
        elif kind == "farmer":
            groups["figure"][id] = "farmer"
        elif kind == "coin":
            groups["coin"][id] = name.lower() if id != "coin" else "coin"
        elif kind == "player_board":
            groups["board"][id] = name.lower()
        elif kind == "good":
            groups["good"][id] = name.lower()
    return groups
