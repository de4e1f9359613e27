"""Bunny Kingdom component data, verbatim from the spec's section 11 (board, cards, parchments).

Everything here is constant data plus the few derived tables the rules need often (adjacency
without lava edges, card kinds). Coordinates are strings like ``"A3"``; internally the board is a
tuple of 100 squares indexed ``row * 10 + column - 1`` (``A1`` = 0, ``J10`` = 99).
"""

from __future__ import annotations

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
