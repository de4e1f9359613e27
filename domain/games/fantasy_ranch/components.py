"""Component data of the spec's section 11, kept as data so printed values can replace it.

Horse cards, fate cards, tournament cards and the ranch boards are the spec's *representative*
designs (§11.4-§11.8; the seed lists no card contents); location prices, skills, employees and
the constants are the seed's own (§11.2, §11.3, §11.9, §11.10). The boards live in
``boards.json`` verbatim from §11.5. Nothing here changes during a game.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROUNDS = 5
MARKET_SIZE = 8
START_GOODS = (4, 4)
START_HORSES = 4
PRODUCTION_LIMIT = 6
TRADE_RATE = 2
HOME_CAPACITY = 3
FINAL_ENTRY_FEE = 4
EMPLOYEE_FEE = 2
TESSA_CARDS = 3
DISPLAY_SIZE = 4
UPGRADE_TOKENS = 6
DRAFT_HAND = {2: 4, 3: 6}
COLOURS = ("yellow", "red", "blue", "purple")
GOODS = ("carrots", "boots")

#: §11.2: the boots price of a for-sale token per location type (homes are never for sale).
LOCATION_PRICE = {"pasture": 2, "corral": 5, "paddock": 3, "mountain": 3, "stable": 3}
#: §11.2: which horse colour each location type takes in (a home takes every colour).
TYPE_OF_COLOUR = {
    "green": "pasture",
    "red": "corral",
    "white": "paddock",
    "yellow": "mountain",
    "brown": "stable",
}

SKILLS = (
    "cattle_drive",
    "western_games",
    "western_pleasure",
    "eventing",
    "dressage",
    "trail",
    "driving",
    "jumping",
)
EMPLOYEES = ("tom", "alex", "gail", "ryan", "tessa", "megan")
EMPLOYEE_NAMES = {
    "tom": "Tom the trainer",
    "alex": "Alex the dealer",
    "gail": "Gail the trail guide",
    "ryan": "Ryan the broker",
    "tessa": "Tessa the rider",
    "megan": "Megan the manager",
}

#: §11.6: the printed skill of slots T1..T8 (levels 1-2).
PRINTED_SKILLS = (
    "cattle_drive",
    "jumping",
    "dressage",
    "trail",
    "eventing",
    "western_pleasure",
    "driving",
    "western_games",
)
#: FR-R220 / §11.6: printed prizes per place, each place a tuple of items in printed order.
PRINTED_PRIZES = (("horse",), ("goods2",), ("goods1",), ("goods1",))
#: FR-R223 / FR-D20 (representative): the finals' prizes per place.
FINAL_PRIZES = (("horse", "horse"), ("horse",), (), ())
SLOT_NAMES = ("T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "F1", "F2", "F3")
FINAL_SLOTS = (8, 9, 10)

#: FR-R356 / FR-D16: trophies by the number of boards a player owns territory on.
EXPANSION_BONUS = {0: 0, 1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5}


@dataclass(frozen=True)
class Horse:
    """One horse card (§11.4): ``skills`` are (skill, dice) pairs; ``colour`` picks its location type."""

    id: str
    name: str
    cost: int
    colour: str
    home_type: str
    skills: tuple[tuple[str, int], ...]
    friend: str | None
    world_class: bool

    def dice(self, skill: str) -> int:
        return dict(self.skills).get(skill, 0)

    @property
    def best_dice(self) -> int:
        """FR-R200c / FR-D19: a champion rolls its highest skill dice number in a final."""
        return max(d for _, d in self.skills)


@dataclass(frozen=True)
class FateCard:
    """A Twist of Fate card (§11.7); requirement and reward are the spec's codes, parsed on use."""

    id: str
    name: str
    levels: tuple[int, ...]
    requirement: str
    reward: str
    kept: bool

    @property
    def trophies(self) -> int:
        code, args = parse_code(self.reward)
        return int(args[0]) if code == "trophies" else 0


@dataclass(frozen=True)
class TournamentCard:
    """A level-3 tournament (show) card (§11.8): its skill and prizes per place."""

    id: str
    sponsor: str
    skill: str
    prizes: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Location:
    """One location of one board side (§11.5)."""

    id: str
    board: int
    type: str
    capacity: int
    cells: tuple[tuple[int, int], ...]

    @property
    def is_home(self) -> bool:
        return self.type == "home"

    @property
    def price(self) -> int:
        return LOCATION_PRICE.get(self.type, 0)

    def accepts(self, horse: Horse) -> bool:
        """A location takes a horse of its own colour; a home takes every colour."""
        return self.is_home or self.type == horse.home_type


@dataclass(frozen=True)
class BoardSide:
    board: int
    side: str
    trophies: int
    locations: tuple[Location, ...]
    adjacent: tuple[tuple[str, str], ...]
    edges: dict  # "N"/"S"/"W"/"E" -> colours of the segments

    @property
    def home(self) -> str:
        return next(loc.id for loc in self.locations if loc.is_home)

    def at(self, x: int, y: int) -> str:
        return next(loc.id for loc in self.locations if (x, y) in loc.cells)


def parse_code(text: str) -> tuple[str, tuple[str, ...]]:
    """Split a §11.7 code such as ``own_location_types([corral,mountain],2)`` into name and args."""
    match = re.fullmatch(r"(\w+)(?:\((.*)\))?", text)
    if not match:
        raise ValueError(f"bad code {text!r}")
    name, inner = match.group(1), match.group(2)
    if not inner:
        return name, ()
    parts = re.findall(r"\[[^\]]*\]|[^,]+", inner)
    return name, tuple(p.strip() for p in parts)


HORSE_LIST: tuple[Horse, ...] = (
    Horse("H01", "Acorn", 2, "green", "pasture", (("cattle_drive", 2),), "horseshoe", False),
    Horse("H02", "Amber", 3, "red", "corral", (("eventing", 2), ("driving", 1)), "horseshoe", False),
    Horse(
        "H03",
        "Aspen",
        3,
        "white",
        "paddock",
        (("western_games", 1), ("dressage", 1), ("jumping", 1)),
        "horseshoe",
        False,
    ),
    Horse(
        "H04", "Banjo", 4, "yellow", "mountain", (("western_pleasure", 2), ("trail", 2)), "horseshoe", False
    ),
    Horse("H05", "Biscuit", 4, "brown", "stable", (("cattle_drive", 3), ("eventing", 1)), "horseshoe", False),
    Horse(
        "H06",
        "Blaze",
        5,
        "green",
        "pasture",
        (("driving", 2), ("western_games", 2), ("dressage", 1)),
        "horseshoe",
        False,
    ),
    Horse("H07", "Bluebell", 2, "red", "corral", (("jumping", 1), ("western_pleasure", 1)), "heart", False),
    Horse("H08", "Bramble", 3, "white", "paddock", (("trail", 3),), "heart", False),
    Horse(
        "H09", "Buckwheat", 3, "yellow", "mountain", (("cattle_drive", 2), ("eventing", 1)), "heart", False
    ),
    Horse(
        "H10",
        "Cactus",
        4,
        "brown",
        "stable",
        (("driving", 2), ("western_games", 1), ("dressage", 1)),
        "heart",
        False,
    ),
    Horse("H11", "Calico", 4, "green", "pasture", (("jumping", 2), ("western_pleasure", 2)), "heart", False),
    Horse("H12", "Candy", 5, "red", "corral", (("trail", 3), ("cattle_drive", 2)), "heart", False),
    Horse("H13", "Cedar", 2, "white", "paddock", (("eventing", 2),), "star", False),
    Horse(
        "H14",
        "Chester",
        3,
        "yellow",
        "mountain",
        (("driving", 1), ("western_games", 1), ("dressage", 1)),
        "star",
        False,
    ),
    Horse("H15", "Cinnamon", 3, "brown", "stable", (("jumping", 2), ("western_pleasure", 1)), "star", False),
    Horse("H16", "Clover", 4, "green", "pasture", (("trail", 3), ("cattle_drive", 1)), "star", False),
    Horse(
        "H17",
        "Cocoa",
        4,
        "red",
        "corral",
        (("eventing", 2), ("driving", 1), ("western_games", 1)),
        "star",
        False,
    ),
    Horse(
        "H18",
        "Comet",
        5,
        "white",
        "paddock",
        (("dressage", 2), ("jumping", 2), ("western_pleasure", 1)),
        "star",
        False,
    ),
    Horse("H19", "Copper", 2, "yellow", "mountain", (("trail", 1), ("cattle_drive", 1)), "clover", False),
    Horse("H20", "Daisy", 3, "brown", "stable", (("eventing", 2), ("driving", 1)), "clover", False),
    Horse("H21", "Dakota", 3, "green", "pasture", (("western_games", 3),), "clover", False),
    Horse("H22", "Dusty", 4, "red", "corral", (("dressage", 2), ("jumping", 2)), "clover", False),
    Horse(
        "H23",
        "Ember",
        4,
        "white",
        "paddock",
        (("western_pleasure", 2), ("trail", 1), ("cattle_drive", 1)),
        "clover",
        False,
    ),
    Horse("H24", "Fable", 5, "yellow", "mountain", (("eventing", 3), ("driving", 2)), "clover", False),
    Horse("H25", "Fiddle", 2, "brown", "stable", (("western_games", 2),), "moon", False),
    Horse("H26", "Flicka", 3, "green", "pasture", (("dressage", 2), ("jumping", 1)), "moon", False),
    Horse(
        "H27",
        "Ginger",
        3,
        "red",
        "corral",
        (("western_pleasure", 1), ("trail", 1), ("cattle_drive", 1)),
        "moon",
        False,
    ),
    Horse("H28", "Hazel", 4, "white", "paddock", (("eventing", 3), ("driving", 1)), "moon", False),
    Horse("H29", "Honey", 4, "yellow", "mountain", (("western_games", 2), ("dressage", 2)), "moon", False),
    Horse(
        "H30",
        "Jasper",
        5,
        "brown",
        "stable",
        (("jumping", 2), ("western_pleasure", 2), ("trail", 1)),
        "moon",
        False,
    ),
    Horse("H31", "Juniper", 2, "green", "pasture", (("cattle_drive", 1), ("eventing", 1)), "sun", False),
    Horse("H32", "Kestrel", 3, "red", "corral", (("driving", 3),), "sun", False),
    Horse("H33", "Lark", 3, "white", "paddock", (("western_games", 2), ("dressage", 1)), "sun", False),
    Horse(
        "H34",
        "Maple",
        4,
        "yellow",
        "mountain",
        (("jumping", 2), ("western_pleasure", 1), ("trail", 1)),
        "sun",
        False,
    ),
    Horse("H35", "Marigold", 4, "brown", "stable", (("cattle_drive", 3), ("eventing", 1)), "sun", False),
    Horse("H36", "Misty", 5, "green", "pasture", (("driving", 3), ("western_games", 2)), "sun", False),
    Horse("H37", "Nugget", 2, "red", "corral", (("dressage", 2),), "feather", False),
    Horse(
        "H38",
        "Oakley",
        3,
        "white",
        "paddock",
        (("jumping", 1), ("western_pleasure", 1), ("trail", 1)),
        "feather",
        False,
    ),
    Horse("H39", "Pepper", 3, "yellow", "mountain", (("cattle_drive", 3),), "feather", False),
    Horse("H40", "Pickles", 4, "brown", "stable", (("eventing", 2), ("driving", 2)), "feather", False),
    Horse(
        "H41",
        "Poppy",
        4,
        "green",
        "pasture",
        (("western_games", 2), ("dressage", 1), ("jumping", 1)),
        "feather",
        False,
    ),
    Horse(
        "H42",
        "Rusty",
        5,
        "white",
        "paddock",
        (("western_pleasure", 2), ("trail", 2), ("cattle_drive", 1)),
        "feather",
        False,
    ),
    Horse("H43", "Sage", 2, "yellow", "mountain", (("eventing", 1), ("driving", 1)), "apple", False),
    Horse("H44", "Sierra", 3, "brown", "stable", (("western_games", 2), ("dressage", 1)), "apple", False),
    Horse(
        "H45",
        "Sorrel",
        3,
        "green",
        "pasture",
        (("jumping", 1), ("western_pleasure", 1), ("trail", 1)),
        "apple",
        False,
    ),
    Horse("H46", "Sundance", 4, "brown", "stable", (("cattle_drive", 3), ("eventing", 1)), "apple", False),
    Horse("H47", "Willow", 4, "green", "pasture", (("driving", 2), ("western_games", 2)), "apple", False),
    Horse("H48", "Wren", 5, "green", "pasture", (("dressage", 3), ("jumping", 2)), "apple", False),
    Horse(
        "H49",
        "Aurora",
        6,
        "green",
        "pasture",
        (("western_pleasure", 3), ("trail", 2), ("cattle_drive", 1)),
        None,
        True,
    ),
    Horse(
        "H50",
        "Diamond Star",
        7,
        "green",
        "pasture",
        (("eventing", 3), ("driving", 2), ("western_games", 2)),
        None,
        True,
    ),
    Horse(
        "H51",
        "Golden Crown",
        6,
        "red",
        "corral",
        (("dressage", 3), ("jumping", 2), ("western_pleasure", 1)),
        None,
        True,
    ),
    Horse(
        "H52",
        "Midnight Legend",
        7,
        "red",
        "corral",
        (("trail", 3), ("cattle_drive", 3), ("eventing", 1)),
        None,
        True,
    ),
    Horse(
        "H53",
        "Royal Thunder",
        6,
        "white",
        "paddock",
        (("driving", 3), ("western_games", 2), ("dressage", 1)),
        None,
        True,
    ),
    Horse(
        "H54",
        "Silver Arrow",
        7,
        "white",
        "paddock",
        (("jumping", 3), ("western_pleasure", 2), ("trail", 2)),
        None,
        True,
    ),
    Horse(
        "H55",
        "Starlight Queen",
        6,
        "yellow",
        "mountain",
        (("cattle_drive", 3), ("eventing", 2), ("driving", 1)),
        None,
        True,
    ),
    Horse(
        "H56",
        "Storm King",
        7,
        "yellow",
        "mountain",
        (("western_games", 3), ("dressage", 3), ("jumping", 1)),
        None,
        True,
    ),
    Horse(
        "H57",
        "Victory Blaze",
        7,
        "brown",
        "stable",
        (("western_pleasure", 3), ("trail", 2), ("cattle_drive", 2)),
        None,
        True,
    ),
)

FATE_LIST: tuple[FateCard, ...] = (
    FateCard("TF01", "Spare Stall", (2, 3), "home_free(1)", "draw_horse_home", False),
    FateCard("TF02", "Spare Stall", (2, 3), "home_free(1)", "draw_horse_home", False),
    FateCard("TF03", "Green Grass", (2, 3), "own_location_type(pasture,1)", "boots(2)", False),
    FateCard("TF04", "Corral Builder", (2, 3), "own_location_type(corral,1)", "trophies(2)", True),
    FateCard("TF05", "Mountain View", (2, 3), "own_location_type(mountain,1)", "carrots(3)", False),
    FateCard("TF06", "Paddock Party", (2, 3), "own_location_type(paddock,1)", "goods(2)", False),
    FateCard("TF07", "Barn Dance", (2, 3), "own_location_type(stable,1)", "boots(2)", False),
    FateCard("TF08", "Matching Coats", (2, 3), "horses_same_colour(3)", "trophies(1)", True),
    FateCard("TF09", "Best Friends", (2, 3), "friends(2)", "carrots(2)", False),
    FateCard("TF10", "Friends Forever", (2, 3), "friends(3)", "trophies(2)", True),
    FateCard("TF11", "Champion Blood", (2, 3), "world_class(1)", "trophies(1)", True),
    FateCard("TF12", "Big Ranch", (2, 3), "own_locations(4)", "trophies(2)", True),
    FateCard("TF13", "Growing Ranch", (2, 3), "own_locations(2)", "boots(3)", False),
    FateCard("TF14", "Big Herd", (2, 3), "horses(6)", "trophies(1)", True),
    FateCard("TF15", "Rainbow Herd", (2, 3), "colours(4)", "trophies(2)", True),
    FateCard("TF16", "Full House", (2, 3), "home_full", "goods(3)", False),
    FateCard("TF17", "Jumping Star", (2, 3), "skill_dice(jumping,2)", "carrots(2)", False),
    FateCard("TF18", "Dressage Debut", (2, 3), "skill_dice(dressage,2)", "boots(2)", False),
    FateCard("TF19", "Cattle Call", (2, 3), "skill_dice(cattle_drive,2)", "goods(2)", False),
    FateCard("TF20", "Trail Blazer", (2, 3), "skill_dice(trail,2)", "goods(2)", False),
    FateCard("TF21", "All-Rounder", (2, 3), "three_skill_horse", "carrots(3)", False),
    FateCard("TF22", "Nest Egg", (2, 3), "goods_at_least(8)", "trophies(1)", True),
    FateCard("TF23", "Feed Delivery", (2, 3), "pay_boots(2)", "carrots(4)", False),
    FateCard("TF24", "Horse Trader", (2, 3), "pay_carrots(3)", "market_horse", False),
    FateCard("TF25", "Show Circuit", (2, 3), "skills_covered(6)", "trophies(2)", True),
    FateCard("TF26", "Land Surveyor", (3,), "boards(2)", "upgrade(2)", False),
    FateCard("TF27", "Good Neighbour", (3,), "boarders(1)", "goods(2)", False),
    FateCard("TF28", "Boarding House", (3,), "boarders(2)", "trophies(2)", True),
    FateCard("TF29", "Foreman", (3,), "own_territories(5)", "upgrade(2)", False),
    FateCard("TF30", "Homestead", (3,), "home_full", "upgrade(1)", False),
    FateCard("TF31", "Border Ride", (3,), "boards(3)", "trophies(2)", True),
    FateCard("TF32", "Builder's Yard", (3,), "upgrades_placed(2)", "boots(3)", False),
    FateCard("TF33", "Rough Country", (3,), "own_location_types([corral,mountain],2)", "trophies(2)", True),
    FateCard("TF34", "Hired Hand", (3,), "pay_goods(2)", "upgrade(2)", False),
    FateCard("TF35", "Five Colours", (3,), "colours(5)", "trophies(3)", True),
)

TOURNAMENT_CARD_LIST: tuple[TournamentCard, ...] = (
    TournamentCard(
        "TC01", "Red Rock Feed Co.", "cattle_drive", (("horse",), ("goods2",), ("goods1",), ("goods1",))
    ),
    TournamentCard(
        "TC02",
        "Big Sky Boots",
        "cattle_drive",
        (("horse",), ("upgrade", "upgrade"), ("goods2",), ("goods1",)),
    ),
    TournamentCard(
        "TC03",
        "Silver Spur Saddlery",
        "western_games",
        (("horse",), ("goods2", "upgrade"), ("goods1",), ("upgrade",)),
    ),
    TournamentCard(
        "TC04",
        "Copper Kettle Diner",
        "western_games",
        (("horse", "upgrade"), ("goods2",), ("upgrade",), ("goods1",)),
    ),
    TournamentCard(
        "TC05",
        "Prairie Wind Outfitters",
        "western_pleasure",
        (("horse",), ("goods2",), ("goods1",), ("goods1",)),
    ),
    TournamentCard(
        "TC06",
        "Whispering Pines Lodge",
        "western_pleasure",
        (("horse",), ("upgrade", "upgrade"), ("goods2",), ("goods1",)),
    ),
    TournamentCard(
        "TC07",
        "Bluegrass Veterinary",
        "eventing",
        (("horse",), ("goods2", "upgrade"), ("goods1",), ("upgrade",)),
    ),
    TournamentCard(
        "TC08",
        "High Plains Insurance",
        "eventing",
        (("horse", "upgrade"), ("goods2",), ("upgrade",), ("goods1",)),
    ),
    TournamentCard(
        "TC09", "Canyon Creek Farms", "dressage", (("horse",), ("goods2",), ("goods1",), ("goods1",))
    ),
    TournamentCard(
        "TC10", "Cottonwood Bank", "dressage", (("horse",), ("upgrade", "upgrade"), ("goods2",), ("goods1",))
    ),
    TournamentCard(
        "TC11", "Golden Oat Mills", "trail", (("horse",), ("goods2", "upgrade"), ("goods1",), ("upgrade",))
    ),
    TournamentCard(
        "TC12", "Lone Pine Tack Shop", "trail", (("horse", "upgrade"), ("goods2",), ("upgrade",), ("goods1",))
    ),
    TournamentCard("TC13", "Sunset Trailers", "driving", (("horse",), ("goods2",), ("goods1",), ("goods1",))),
    TournamentCard(
        "TC14",
        "Maple Leaf Stables",
        "driving",
        (("horse",), ("upgrade", "upgrade"), ("goods2",), ("goods1",)),
    ),
    TournamentCard(
        "TC15",
        "Rolling Hills Ranch Supply",
        "jumping",
        (("horse",), ("goods2", "upgrade"), ("goods1",), ("upgrade",)),
    ),
    TournamentCard(
        "TC16",
        "Clearwater Hay & Grain",
        "jumping",
        (("horse", "upgrade"), ("goods2",), ("upgrade",), ("goods1",)),
    ),
)

HORSES: dict[str, Horse] = {h.id: h for h in HORSE_LIST}
FATE_CARDS: dict[str, FateCard] = {c.id: c for c in FATE_LIST}
TOURNAMENT_CARDS: dict[str, TournamentCard] = {c.id: c for c in TOURNAMENT_CARD_LIST}


def _load_boards() -> dict[tuple[int, str], BoardSide]:
    raw = json.loads((Path(__file__).with_name("boards.json")).read_text())
    sides = {}
    for board in raw:
        for side, data in board["sides"].items():
            locations = tuple(
                Location(
                    loc["id"], board["board"], loc["type"], loc["capacity"], tuple(map(tuple, loc["cells"]))
                )
                for loc in data["locations"]
            )
            sides[board["board"], side] = BoardSide(
                board["board"],
                side,
                data["trophies"],
                locations,
                tuple(tuple(pair) for pair in data["adjacent"]),
                board["edge_colours"],
            )
    return sides


BOARDS: dict[tuple[int, str], BoardSide] = _load_boards()
BOARD_NUMBERS = tuple(sorted({b for b, _ in BOARDS}))
LOCATIONS: dict[str, Location] = {loc.id: loc for side in BOARDS.values() for loc in side.locations}


def board_of(location_id: str) -> BoardSide:
    loc = LOCATIONS[location_id]
    return BOARDS[loc.board, location_id[1]]


def fate_cards_for(level: int) -> tuple[str, ...]:
    """FR-R005 / FR-R006: level 2 removes the level-3 cards; level 3 uses all 35."""
    return tuple(c.id for c in FATE_LIST if level in c.levels)


@cache
def horse_ids() -> tuple[str, ...]:
    return tuple(HORSES)
