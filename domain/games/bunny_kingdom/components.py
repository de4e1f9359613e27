"""Bunny Kingdom component data, verbatim from the spec's section 11 (board, cards, parchments).

Everything here is constant data plus the few derived tables the rules need often (adjacency
without lava edges, card kinds). Coordinates are strings like ``"A3"``; internally the board is a
tuple of 100 squares indexed ``row * 10 + column - 1`` (``A1`` = 0, ``J10`` = 99).
"""

from __future__ import annotations

from functools import cache

ROWS = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")
COLUMNS = tuple(range(1, 11))

TERRAIN_CODES = {
    "FO": "forest",
    "SE": "sea",
    "FI": "field",
    "PL": "plains",
    "MO": "mountain",
    "CI": "printed_city",
}
NATURAL_RESOURCE = {
    "forest": "wood",
    "sea": "fish",
    "field": "carrot",
    "plains": None,
    "mountain": None,
    "printed_city": None,
}

GRID = {
    "A": ("FO", "FO", "FO", "CI", "SE", "SE", "SE", "FO", "PL", "SE"),
    "B": ("MO", "MO", "CI", "SE", "SE", "MO", "CI", "PL", "CI", "SE"),
    "C": ("CI", "MO", "PL", "SE", "SE", "MO", "FI", "MO", "MO", "PL"),
    "D": ("PL", "MO", "CI", "FI", "MO", "MO", "FI", "PL", "CI", "FO"),
    "E": ("FO", "PL", "FI", "PL", "PL", "CI", "PL", "FI", "PL", "CI"),
    "F": ("FO", "MO", "MO", "FO", "FO", "PL", "FI", "CI", "FO", "PL"),
    "G": ("FO", "CI", "PL", "PL", "CI", "PL", "FI", "PL", "CI", "PL"),
    "H": ("PL", "FI", "CI", "FI", "PL", "PL", "CI", "PL", "PL", "FO"),
    "I": ("CI", "PL", "PL", "SE", "SE", "PL", "MO", "MO", "CI", "FO"),
    "J": ("FO", "FO", "CI", "SE", "SE", "FI", "MO", "MO", "SE", "SE"),
}

# BK-D03: the disputed eighth lava edge is D5-D6 (both mountains), not D6-D7 (D7 is a field).
LAVA_EDGES = (
    ("B1", "B2"),
    ("B6", "C6"),
    ("C2", "D2"),
    ("C8", "C9"),
    ("D5", "D6"),
    ("F2", "F3"),
    ("I7", "J7"),
    ("I8", "J8"),
)
PRINTED_CITIES = (
    "A4",
    "B3",
    "B7",
    "B9",
    "C1",
    "D3",
    "D9",
    "E6",
    "E10",
    "F8",
    "G2",
    "G5",
    "G9",
    "H3",
    "H7",
    "I1",
    "I9",
    "J3",
)
CORNERS = ("A1", "A10", "J1", "J10")

BASIC_RESOURCES = ("wood", "fish", "carrot")
LUXURY_RESOURCES = ("pearl", "mushroom", "carrot_spice", "gold", "diamond", "copper", "iron")

# ---- board, derived -------------------------------------------------------------------------

COORDS: tuple[str, ...] = tuple(f"{r}{c}" for r in ROWS for c in COLUMNS)
INDEX: dict[str, int] = {coord: i for i, coord in enumerate(COORDS)}
TERRAIN: tuple[str, ...] = tuple(TERRAIN_CODES[GRID[r][c - 1]] for r in ROWS for c in COLUMNS)
NATURAL: tuple[str | None, ...] = tuple(NATURAL_RESOURCE[t] for t in TERRAIN)
EDGE: frozenset[int] = frozenset(i for i in range(100) if i // 10 in (0, 9) or i % 10 in (0, 9))
CORNER: frozenset[int] = frozenset(INDEX[c] for c in CORNERS)
_LAVA = frozenset(frozenset((INDEX[a], INDEX[b])) for a, b in LAVA_EDGES)


def _neighbours(i: int) -> tuple[int, ...]:
    """Orthogonal neighbours of square ``i`` that are not cut off by a lava flow (BK-R02, BK-R03)."""
    row, col = divmod(i, 10)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < 10 and 0 <= c < 10 and frozenset((i, r * 10 + c)) not in _LAVA:
            out.append(r * 10 + c)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(100))

# ---- exploration cards (182) ------------------------------------------------------------------

TERRITORY_CARDS = tuple(f"T-{coord}" for coord in COORDS)

BUILDING_CARDS: dict[str, dict] = {}
for _n in range(1, 10):
    BUILDING_CARDS[f"B-CITY1-{_n}"] = {"kind": "city", "strength": 1, "terrain": None}
for _n in range(1, 10):
    BUILDING_CARDS[f"B-CITY2-{_n}"] = {"kind": "city", "strength": 2, "terrain": None}
for _n in range(1, 4):
    BUILDING_CARDS[f"B-CITY3-{_n}"] = {"kind": "city", "strength": 3, "terrain": "mountain"}
for _res in BASIC_RESOURCES:
    BUILDING_CARDS[f"B-FARM-{_res.upper()}"] = {"kind": "basic_farm", "produces": _res, "terrain": None}
for _n in (1, 2):
    BUILDING_CARDS[f"B-TRADING-POST-{_n}"] = {"kind": "trading_post", "produces": None, "terrain": None}
for _id, _res, _terrain in (
    ("B-LUX-PEARL", "pearl", "sea"),
    ("B-LUX-MUSHROOM", "mushroom", "forest"),
    ("B-LUX-SPICE", "carrot_spice", "field"),
    ("B-LUX-GOLD", "gold", "mountain"),
    ("B-LUX-DIAMOND", "diamond", "mountain"),
    ("B-LUX-COPPER", "copper", "mountain"),
    ("B-LUX-IRON", "iron", "mountain"),
):
    BUILDING_CARDS[_id] = {"kind": "luxury_farm", "produces": _res, "terrain": _terrain}
for _n in range(1, 4):
    BUILDING_CARDS[f"B-SKY-{_n}"] = {"kind": "sky_tower", "tokens": 2, "terrain": None}
for _n in range(1, 7):
    BUILDING_CARDS[f"B-CAMP-{_n}"] = {"kind": "camp", "priority": _n}

PROVISIONS_CARDS = ("PROV-1", "PROV-2", "PROV-3")
PROVISIONS_DRAW = 2

FARM_KINDS = ("basic_farm", "trading_post", "luxury_farm")

# Parchments (§11.5): id -> (type, rule). The rule shapes mirror the spec's JSON.
PARCHMENTS: dict[str, tuple[str, dict]] = {
    "P-ROYAL-RING": ("treasure", {"fixed": 1}),
    "P-ROYAL-COAT": ("treasure", {"fixed": 2}),
    "P-ROYAL-SCEPTER": ("treasure", {"fixed": 3}),
    "P-ROYAL-CHALICE": ("treasure", {"fixed": 4}),
    "P-ROYAL-CROWN": ("treasure", {"fixed": 5}),
    "P-ROYAL-CARROT": ("treasure", {"fixed": 6}),
    "P-LEFT-GLOVE": ("treasure", {"glove": {"partner": "P-RIGHT-GLOVE", "alone": 1, "paired": 4}}),
    "P-RIGHT-GLOVE": ("treasure", {"glove": {"partner": "P-LEFT-GLOVE", "alone": 1, "paired": 4}}),
    "P-BUREAUCRAT": ("mission", {"per": "parchment_cards", "points": 1}),
    "P-BURGOMASTER": ("mission", {"per": "cities", "points": 1}),
    "P-DIPLOMAT": ("mission", {"per": "edge_territories", "points": 1}),
    "P-EXPLORER": ("mission", {"per": "corner_territories", "points": 3}),
    "P-CARPENTER": ("mission", {"per": "units:wood", "points": 1}),
    "P-MASTER-CARPENTER": ("mission", {"per": "units:wood", "points": 2}),
    "P-WOODLAND-KING": ("mission", {"threshold": "units:wood", "min": 7, "points": 20}),
    "P-FISHER": ("mission", {"per": "units:fish", "points": 1}),
    "P-MASTER-FISHER": ("mission", {"per": "units:fish", "points": 2}),
    "P-FISHER-KING": ("mission", {"threshold": "units:fish", "min": 7, "points": 20}),
    "P-FARMER": ("mission", {"per": "units:carrot", "points": 1}),
    "P-MASTER-FARMER": ("mission", {"per": "units:carrot", "points": 2}),
    "P-CARROT-KING": ("mission", {"threshold": "units:carrot", "min": 5, "points": 15}),
    "P-MERCHANT": ("mission", {"per": "luxury_units", "points": 3}),
    "P-MASTER-OF-MOUNTAINS": ("mission", {"per": "mountain_territories", "points": 2}),
    "P-CARROTISTADOR": ("mission", {"per": "fiefs_with_min_territories:3", "points": 4}),
    "P-HARECINGETORIX": ("mission", {"per": "fiefs", "points": 1}),
    "P-HUNNY-KING": ("mission", {"threshold": "fiefs", "min": 10, "points": 12}),
    "P-BUN-SHEE": ("mission", {"per": "cities_in_fiefs_without_production", "points": 2}),
    "P-PANPAN": ("mission", {"per": "barren_territories", "points": 2}),
    "P-COLONIST": ("mission", {"per": "camp_cards_played", "points": 3}),
    "P-KING-OF-THIEVES": ("mission", {"threshold": "cities", "min": 9, "points": 12}),
    "P-MATRIARCH": ("mission", {"most": "territories", "ties_qualify": True, "points": 12}),
    "P-LITTLE-PRINCE": ("mission", {"extra_harvest_except_best": True}),
    "P-TREASURE-GUARDIAN": ("mission", {"per": "effective_treasures", "points": 3}),
    "P-TREASURE-HUNTER": ("mission", {"equals": "sum_effective_treasure_values"}),
    "P-LIBERAL": ("mission", {"copy_from": "right_neighbor"}),
    "P-SOCIALIST": ("mission", {"copy_from": "left_neighbor"}),
    "P-OPPORTUNIST": ("mission", {"rank": 2, "points": 10, "evaluated": "last"}),
}
COPY_CARDS = ("P-LIBERAL", "P-SOCIALIST")

ALL_CARDS: tuple[str, ...] = TERRITORY_CARDS + tuple(BUILDING_CARDS) + PROVISIONS_CARDS + tuple(PARCHMENTS)
CARD_SET = frozenset(ALL_CARDS)


def card_family(card: str) -> str:
    """``territory``, ``building``, ``provisions`` or ``parchment``: what playing the card does."""
    if card.startswith("T-"):
        return "territory"
    if card.startswith("B-"):
        return "building"
    if card.startswith("PROV-"):
        return "provisions"
    return "parchment"


def building_kind(card: str) -> str:
    return BUILDING_CARDS[card]["kind"]


def camp_priority(card: str) -> int:
    return BUILDING_CARDS[card]["priority"]


# ---- per-player-count parameters (§3.4) -------------------------------------------------------

HAND_SIZE = {2: 10, 3: 12, 4: 10}
PLAY_PER_PICK = {2: 1, 3: 2, 4: 2}
PICKS_PER_ROUND = {2: 10, 3: 6, 4: 5}
ROUNDS = 4


# ---- the client's catalog (GET /api/games/bunny_kingdom/components) ---------------------------

# Parchment names and one-line effects, as printed in the spec's §11.5 table.
PARCHMENT_TEXT: dict[str, tuple[str, str]] = {
    "P-ROYAL-RING": ("Royal Ring", "Treasure: 1 point"),
    "P-ROYAL-COAT": ("Royal Coat", "Treasure: 2 points"),
    "P-ROYAL-SCEPTER": ("Royal Scepter", "Treasure: 3 points"),
    "P-ROYAL-CHALICE": ("Royal Chalice", "Treasure: 4 points"),
    "P-ROYAL-CROWN": ("Royal Crown", "Treasure: 5 points"),
    "P-ROYAL-CARROT": ("Royal Carrot", "Treasure: 6 points"),
    "P-LEFT-GLOVE": ("Left Glove", "Treasure: 1 point; 4 if you also have the Right Glove"),
    "P-RIGHT-GLOVE": ("Right Glove", "Treasure: 1 point; 4 if you also have the Left Glove"),
    "P-BUREAUCRAT": ("Bureaucrat", "1 point per parchment card you own, itself included"),
    "P-BURGOMASTER": ("Burgomaster", "1 point per city you control"),
    "P-DIPLOMAT": ("Diplomat", "1 point per edge square you control"),
    "P-EXPLORER": ("Explorer", "3 points per corner square you control"),
    "P-CARPENTER": ("Carpenter", "1 point per wood you produce"),
    "P-MASTER-CARPENTER": ("Master Carpenter", "2 points per wood you produce"),
    "P-WOODLAND-KING": ("Woodland King", "20 points if you produce at least 7 wood"),
    "P-FISHER": ("Fisher", "1 point per fish you produce"),
    "P-MASTER-FISHER": ("Master Fisher", "2 points per fish you produce"),
    "P-FISHER-KING": ("Fisher King", "20 points if you produce at least 7 fish"),
    "P-FARMER": ("Farmer", "1 point per carrot you produce"),
    "P-MASTER-FARMER": ("Master Farmer", "2 points per carrot you produce"),
    "P-CARROT-KING": ("Carrot King", "15 points if you produce at least 5 carrots"),
    "P-MERCHANT": ("Merchant", "3 points per luxury resource you produce"),
    "P-MASTER-OF-MOUNTAINS": ("Master of the Mountains", "2 points per mountain square you control"),
    "P-CARROTISTADOR": ("Carrotistador", "4 points per fief of at least 3 squares"),
    "P-HARECINGETORIX": ("Harecingetorix", "1 point per fief"),
    "P-HUNNY-KING": ("Hun-ny King", "12 points if you have at least 10 fiefs"),
    "P-BUN-SHEE": ("Bun-Shee", "2 points per city in your fiefs that produce nothing"),
    "P-PANPAN": ("PanPan the Barbarian", "2 points per square of yours with no city and no production"),
    "P-COLONIST": ("Colonist", "3 points per camp card you played"),
    "P-KING-OF-THIEVES": ("King of Thieves", "12 points if you control at least 9 cities"),
    "P-MATRIARCH": ("Matriarch", "12 points if nobody controls more squares than you"),
    "P-LITTLE-PRINCE": ("Little Prince", "Harvest all your fiefs again, except your best one"),
    "P-TREASURE-GUARDIAN": ("Treasure Guardian", "3 points per treasure you have"),
    "P-TREASURE-HUNTER": ("Treasure Hunter", "Scores your treasures again (doubles them)"),
    "P-LIBERAL": ("Liberal", "At the end, copy one parchment of your right neighbour"),
    "P-SOCIALIST": ("Socialist", "At the end, copy one parchment of your left neighbour"),
    "P-OPPORTUNIST": ("Opportunist", "10 points if exactly one player is ahead of you at the end"),
}

TERRAIN_NAMES = {
    "forest": "Forest",
    "sea": "Sea",
    "field": "Field",
    "plains": "Plains",
    "mountain": "Mountain",
    "printed_city": "Printed city",
}
RESOURCE_NAMES = {
    "wood": "Wood",
    "fish": "Fish",
    "carrot": "Carrot",
    "pearl": "Pearl",
    "mushroom": "Mushroom",
    "carrot_spice": "Carrot spice",
    "gold": "Gold",
    "diamond": "Diamond",
    "copper": "Copper",
    "iron": "Iron",
}
MOVE_NAMES = {
    "submit_pick": "Choose cards",
    "retract_pick": "Withdraw the choice",
    "place_camp": "Place a camp",
    "keep_camp": "Keep the camp",
    "build_city": "Build a city",
    "build_farm": "Build a farm",
    "build_sky_tower": "Build a Sky Tower",
    "finish_construction": "Finish building",
    "choose_trading_posts": "Choose trading-post resources",
    "choose_copy_target": "Choose a parchment to copy",
}
PHASE_NAMES = {
    "shuffle": "Shuffling the deck",
    "deal": "Dealing",
    "exploration": "Exploration",
    "exploration_done": "Exploration over",
    "construction": "Construction",
    "harvest": "Harvest",
    "round_end": "End of the round",
    "copy": "Final scoring: copy choices",
    "over": "Game over",
}
PASS_NAMES = {"left": "Pass left", "right": "Pass right", "opponent": "Pass to the opponent"}
#: What a card is, in words, as the card tile prints it above the name (the components' ``kind``).
KIND_NAMES = {
    "territory": "Territory",
    "city": "City",
    "basic_farm": "Farm",
    "luxury_farm": "Luxury farm",
    "trading_post": "Trading post",
    "sky_tower": "Sky Tower",
    "camp": "Camp",
    "provisions": "Provisions",
    "treasure": "Treasure",
    "mission": "Mission",
    "printed_city": "Printed city",
    "parchment": "Parchment",
}
#: CSS colours of the four rabbit colours (§11.7: yellow, pink, red, black), in seat order.
SEAT_COLOURS = (
    {"name": "yellow", "css": "#d9a400"},
    {"name": "pink", "css": "#e0609a"},
    {"name": "red", "css": "#c8322a"},
    {"name": "black", "css": "#3a3a3a"},
)
PRINTED_CITY_ID = "CI"  # how the view names a printed city on a square


def _building_entry(card: str) -> dict:
    data = BUILDING_CARDS[card]
    kind, need = data["kind"], data.get("terrain")
    where = f" on a {need} square" if need else ""
    if kind == "city":
        n = data["strength"]
        name, effect = f"City ({n} tower{'s' if n > 1 else ''})", f"Build a {n}-tower city{where}"
    elif kind == "basic_farm":
        res = data["produces"]
        name, effect = f"{RESOURCE_NAMES[res]} farm", f"Build it on one of your squares: +1 {res}"
    elif kind == "trading_post":
        name, effect = "Trading post", "Produces the wood, fish or carrot you choose at each harvest"
    elif kind == "luxury_farm":
        res = data["produces"]
        name = f"{RESOURCE_NAMES[res]} farm"
        effect = f"+1 {RESOURCE_NAMES[res].lower()} (a luxury){where}"
    elif kind == "sky_tower":
        name, effect = "Sky Tower", "Two towers on two of your squares in different fiefs join those fiefs"
    else:
        n = data["priority"]
        name = f"Camp {n}"
        effect = f"Claim an empty square when offered; camp {n} is offered after lower numbers"
    return {"name": name, "kind": kind, "cost": None, "points": None, "effect": effect, **data}


def _parchment_points(rule: dict) -> object:
    if "fixed" in rule:
        return rule["fixed"]
    if "glove" in rule:
        return f"{rule['glove']['alone']} or {rule['glove']['paired']}"
    return rule.get("points")


def catalog() -> dict:
    """Everything public a client draws Bunny Kingdom from: cards, map, readable terms, colours.

    Built from the tables above (the spec's §11 data), never from a table's state: no deck order,
    no hand, no parchment of anyone.
    """
    components: dict[str, dict] = {}
    for coord, terrain, natural in zip(COORDS, TERRAIN, NATURAL):
        what = TERRAIN_NAMES[terrain].lower() + (f", produces {natural}" if natural else "")
        components[f"T-{coord}"] = {
            "name": f"Territory {coord}",
            "kind": "territory",
            "cost": None,
            "points": None,
            "effect": f"Put your rabbit on {coord} ({what})",
            "coord": coord,
            "terrain": terrain,
        }
    for card in BUILDING_CARDS:
        components[card] = _building_entry(card)
    for card in PROVISIONS_CARDS:
        components[card] = {
            "name": "Provisions",
            "kind": "provisions",
            "cost": None,
            "points": None,
            "effect": f"Draw the top {PROVISIONS_DRAW} cards of the deck and play both at once",
        }
    for card, (kind, rule) in PARCHMENTS.items():
        name, effect = PARCHMENT_TEXT[card]
        components[card] = {
            "name": name,
            "kind": kind,
            "cost": None,
            "points": _parchment_points(rule),
            "effect": effect,
            "rule": rule,
        }
    components[PRINTED_CITY_ID] = {
        "name": "Printed city",
        "kind": "printed_city",
        "cost": None,
        "points": None,
        "effect": "A neutral city of strength 1: whoever claims the square owns its tower",
        "strength": 1,
    }
    components["PARCHMENT"] = {
        "name": "Parchment",
        "kind": "parchment",
        "cost": None,
        "points": None,
        "effect": "A face-down parchment: scored at the end of the game",
    }
    terms = {**MOVE_NAMES, **PHASE_NAMES, **RESOURCE_NAMES, **TERRAIN_NAMES, **PASS_NAMES, **KIND_NAMES}
    for r in range(1, ROUNDS + 1):
        terms[f"harvest round {r}"] = f"Harvest, round {r}"
    for card, (name, _effect) in PARCHMENT_TEXT.items():
        terms[card] = name
    for copier in COPY_CARDS:
        copier_name = PARCHMENT_TEXT[copier][0]
        terms[f"{copier} (no target)"] = f"{copier_name} (copied nothing)"
        for target in PARCHMENTS:
            if target not in COPY_CARDS:
                terms[f"{copier} copying {target}"] = f"{copier_name} copying {PARCHMENT_TEXT[target][0]}"
    board = {
        "rows": list(ROWS),
        "columns": list(COLUMNS),
        "squares": {
            coord: {"terrain": terrain, "resource": natural, "printed_city": terrain == "printed_city"}
            for coord, terrain, natural in zip(COORDS, TERRAIN, NATURAL)
        },
        "lava_edges": [list(edge) for edge in LAVA_EDGES],
        "corners": list(CORNERS),
        "basic_resources": list(BASIC_RESOURCES),
        "luxury_resources": list(LUXURY_RESOURCES),
        "rounds": ROUNDS,
        "hand_size": {str(n): v for n, v in HAND_SIZE.items()},
        "play_per_pick": {str(n): v for n, v in PLAY_PER_PICK.items()},
    }
    return {
        "components": components,
        "terms": terms,
        "board": board,
        "tracks": [],
        "seat_colours": [dict(c) for c in SEAT_COLOURS],
    }


@cache
def names() -> dict[str, dict[str, str]]:
    """How log sentences name the cards (``Game.component_names``, ``component_ref("card", id)``),
    from the catalog: a territory by its map square, as the card prints it ("F8"); a parchment
    as "the Bureaucrat parchment"; every other card by its catalog name ("City (2 towers)")."""
    cards = {}
    for card, entry in catalog()["components"].items():
        family = card_family(card) if card not in (PRINTED_CITY_ID, "PARCHMENT") else "other"
        if family == "territory":
            cards[card] = entry["coord"]
        elif family == "parchment":
            cards[card] = f"the {entry['name']} parchment"
        else:
            cards[card] = entry["name"]
    return {"card": cards}
