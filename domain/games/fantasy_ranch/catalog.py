"""The public catalog a client draws Fantasy Ranch from (``GET /api/games/fantasy_ranch/components``).

Everything is built from ``components`` (one source of truth): horse cards with their colour,
skills and friend symbol; fate cards and tournament cards with their requirement/prizes in
plain English; employees; every location of every board side with its type, capacity and
price; the board geometry (cells, internal adjacency, coloured edge segments); the tournament
track; readable names for phases, moves, score sources and goods; and the player colours with
the hex values the board paints them in. Nothing here depends on a game in progress, so no
deck order, hand or removed tournament card can ever appear in it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from domain.games.fantasy_ranch.components import (
    BOARD_NUMBERS,
    BOARDS,
    COLOURS,
    EMPLOYEE_FEE,
    EMPLOYEE_NAMES,
    EMPLOYEES,
    FATE_LIST,
    FINAL_ENTRY_FEE,
    FINAL_PRIZES,
    HOME_CAPACITY,
    HORSE_LIST,
    LOCATION_PRICE,
    PRINTED_PRIZES,
    PRINTED_SKILLS,
    PRODUCTION_LIMIT,
    ROUNDS,
    SKILLS,
    SLOT_NAMES,
    TOURNAMENT_CARD_LIST,
    TYPE_OF_COLOUR,
    parse_code,
)

#: The player colours (FR-R001, §11.10) and how the board paints them.
SEAT_HEX = {"yellow": "#d4a017", "red": "#c0392b", "blue": "#2e6db4", "purple": "#7d3c98"}

#: §11.3: each skill's readable name and the colour the spec gives it.
SKILL_NAMES = {
    "cattle_drive": "Cattle Drive",
    "western_games": "Western Games",
    "western_pleasure": "Western Pleasure",
    "eventing": "Eventing",
    "dressage": "Dressage",
    "trail": "Trail",
    "driving": "Driving",
    "jumping": "Jumping",
}
SKILL_HEX = {
    "cattle_drive": "#b39ddb",  # lilac
    "western_games": "#f48fb1",  # pink
    "western_pleasure": "#ffb74d",  # orange
    "eventing": "#64b5f6",  # blue
    "dressage": "#e57373",  # red
    "trail": "#4dd0e1",  # turquoise
    "driving": "#81c784",  # green
    "jumping": "#fff176",  # yellow
}

#: §11.2: the horse colours (= location colours) and the paint of each.
HORSE_HEX = {"green": "#7cb342", "red": "#d9534f", "white": "#f4f1ea", "yellow": "#f2c94c", "brown": "#8d6e63"}
TYPE_HEX = {
    "pasture": "#aed581",
    "corral": "#ef9a9a",
    "paddock": "#eceff1",
    "mountain": "#ffe082",
    "stable": "#bcaaa4",
    "home": "#d7ccc8",
}
FRIEND_MARKS = {
    "horseshoe": "Ω",
    "heart": "♥",
    "star": "★",
    "clover": "♣",
    "moon": "☾",
    "sun": "☀",
    "feather": "❦",
    "apple": "●",
}

PRIZE_TEXT = {
    "horse": "a market horse, free",
    "goods2": "2 carrots or 2 boots",
    "goods1": "1 carrot or 1 boot",
    "upgrade": "an upgrade token on a for-sale territory",
}

EMPLOYEE_EFFECTS = {
    "tom": "Swap one of your horses (not world-class) for a market horse.",
    "alex": "Buy one market horse at its price besides your limited action.",
    "gail": "Claim up to 2 bonus cards this turn, or refresh the display and claim 1.",
    "ryan": "Buy one territory at its price besides your limited action.",
    "tessa": "Look at the top 3 horse cards and buy at most one of them.",
    "megan": "Place up to 2 of your upgrade tokens on for-sale territories.",
}

PHASES = {
    "draw_start_player": "Drawing the start player",
    "shuffle_horses": "Shuffling the horse deck",
    "shuffle_fate": "Shuffling the fate deck",
    "shuffle_tournament_cards": "Dealing the tournament cards",
    "lay_out_community": "Laying out the ranch community",
    "choose_ranch": "Choose a ranch board",
    "choose_employee": "Hire a starting employee",
    "choose_home": "Choose a home territory",
    "draft": "Starting draft",
    "turn": "Turns",
    "tessa_choice": "Tessa's cards",
    "tournament_entries": "Tournament entries",
    "tournament_roll": "Rolling the dice",
    "tournament_prizes": "Tournament prizes",
    "game_over": "Game over",
}

MOVES = {
    "choose_ranch_board": "Choose ranch board",
    "choose_starting_employee": "Hire starting employee",
    "draft_pick": "Draft a horse",
    "choose_home_territory": "Choose home territory",
    "buy_horse": "Buy horse",
    "buy_location": "Buy location",
    "produce_goods": "Produce goods",
    "move_horse": "Move horse",
    "sell_horse": "Sell horse",
    "trade_goods": "Trade goods",
    "claim_free_territory": "Claim free territory",
    "end_turn": "End turn",
    "claim_fate_card": "Claim fate card",
    "use_employee": "Use employee",
    "tessa_choose": "Buy from Tessa's cards",
    "enter_tournament": "Enter tournament",
    "enter_final_paid": "Pay into the final",
    "decline_tournament": "Stay out",
    "claim_prize": "Take prize",
    "decline_prize": "Decline prize",
}

SCORE_SOURCES = {
    "horses": "Horses owned (1 each)",
    "locations": "Locations bought (1 each, home excluded)",
    "friends": "Friends (2 of a symbol: 1, 3: 2)",
    "world_class": "World-class horses (1 each)",
    "fate_cards": "Kept fate cards",
    "ranch_bonus": "Whole ranch bought (the board side's trophies)",
    "territories": "Territories owned (1 each, home included)",
    "full_boards": "Full boards (the side's trophies)",
    "expansion": "Expansion (boards you own land on)",
}

OTHER_TERMS = {
    "carrots": "Carrots",
    "boots": "Boots",
    "goods": "Goods",
    "trophies": "Trophies",
    "score.unit": "trophies",  # what a total counts: the final ranking and the log say "7 trophies"
    "score.unit.one": "trophy",
    "holding": "Not yet placed",
    "tiebreak": "Tie-breakers: most horses, then most goods",
    "limited_action": "Limited action (buy a horse, buy a location or produce)",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def requirement_text(code: str) -> str:
    """A §11.7 requirement code as what the claimant must have or pay."""
    name, args = parse_code(code)
    n = int(args[-1]) if args and args[-1].isdigit() else 0
    texts = {
        "home_free": lambda: f"your home has {plural(n, 'free place')}",
        "home_full": lambda: "your home is full",
        "own_location_type": lambda: f"you own {n} {args[0]} (besides home)",
        "own_location_types": lambda: f"you own {n} of {' or '.join(args[0].strip('[]').split(','))}",
        "own_locations": lambda: f"you own {plural(n, 'location')} besides home",
        "own_territories": lambda: f"you own {plural(n, 'territory')}".replace("territorys", "territories"),
        "horses": lambda: f"you own {plural(n, 'horse')}",
        "horses_same_colour": lambda: f"{n} of your horses share a colour",
        "colours": lambda: f"your horses show {n} colours",
        "friends": lambda: f"{n} of your horses share a friend symbol",
        "world_class": lambda: f"you own {plural(n, 'world-class horse')}",
        "skill_dice": lambda: f"a horse of yours has {SKILL_NAMES[args[0]]} at {n} dice",
        "three_skill_horse": lambda: "a horse of yours has 3 skills",
        "skills_covered": lambda: f"your horses cover {n} skills",
        "goods_at_least": lambda: f"you hold {n} goods",
        "pay_carrots": lambda: f"pay {plural(n, 'carrot')}",
        "pay_boots": lambda: f"pay {plural(n, 'boot')}",
        "pay_goods": lambda: f"pay {n} goods (any mix)",
        "boards": lambda: f"you own land on {n} boards",
        "boarders": lambda: f"{plural(n, 'horse')} of yours board with others",
        "upgrades_placed": lambda: f"{plural(n, 'upgrade token')} of yours lie on territories",
    }
    return texts[name]()


def reward_text(code: str) -> str:
    name, args = parse_code(code)
    n = int(args[0]) if args else 0
    texts = {
        "draw_horse_home": lambda: "draw the top horse into your home",
        "market_horse": lambda: "take a market horse free",
        "carrots": lambda: f"gain {plural(n, 'carrot')}",
        "boots": lambda: f"gain {plural(n, 'boot')}",
        "goods": lambda: f"gain {n} goods (any mix)",
        "trophies": lambda: f"keep this card: {plural(n, 'trophy')} at the end".replace("trophys", "trophies"),
        "upgrade": lambda: f"place {plural(n, 'upgrade token')}",
    }
    return texts[name]()


def fate_sentence(requirement: str, reward: str) -> str:
    """A fate card's effect as one sentence: a payment is an order ("Pay 2 goods (any mix) to place 2
    upgrade tokens."), any other requirement a condition ("If your home is full, gain 3 goods (any mix).")."""
    need, gain = requirement_text(requirement), reward_text(reward)
    if parse_code(requirement)[0].startswith("pay_"):
        return f"{need[0].upper()}{need[1:]} to {gain}."
    return f"If {need}, {gain}."


def prizes_text(prizes: tuple[tuple[str, ...], ...]) -> list[str]:
    return [" + ".join(PRIZE_TEXT[item] for item in place) or "nothing" for place in prizes]


def horse_entries() -> dict[str, dict[str, Any]]:
    out = {}
    for h in HORSE_LIST:
        skills = ", ".join(f"{SKILL_NAMES[s]} {d}" for s, d in h.skills)
        kind = "world-class horse" if h.world_class else "horse"
        friend = f", friend {h.friend}" if h.friend else ""
        out[h.id] = {
            "name": h.name,
            "kind": kind,
            "cost": {"carrots": h.cost},
            "points": None,
            "effect": f"{h.colour.capitalize()} ({h.home_type}) · {skills}{friend}",
            "colour": h.colour,
            "home_type": h.home_type,
            "skills": dict(h.skills),
            "friend": h.friend,
            "world_class": h.world_class,
            "value": h.cost,
        }
    return out


def fate_entries() -> dict[str, dict[str, Any]]:
    out = {}
    for c in FATE_LIST:
        out[c.id] = {
            "name": c.name,
            "kind": "fate card",
            "cost": None,
            "points": c.trophies or None,
            "effect": fate_sentence(c.requirement, c.reward),
            "requirement": requirement_text(c.requirement),
            "reward": reward_text(c.reward),
            "kept": c.kept,
            "levels": list(c.levels),
        }
    return out


def tournament_entries() -> dict[str, dict[str, Any]]:
    out = {}
    for c in TOURNAMENT_CARD_LIST:
        places = prizes_text(c.prizes)
        out[c.id] = {
            "name": c.sponsor,
            "kind": "tournament card",
            "cost": None,
            "points": None,
            "effect": f"{SKILL_NAMES[c.skill]} · 1st {places[0]}; 2nd {places[1]}",
            "skill": c.skill,
            "prizes": [list(p) for p in c.prizes],
        }
    return out


def employee_entries() -> dict[str, dict[str, Any]]:
    return {
        e: {
            "name": EMPLOYEE_NAMES[e],
            "kind": "employee",
            "cost": None,
            "points": None,
            "effect": EMPLOYEE_EFFECTS[e],
        }
        for e in EMPLOYEES
    }


def where(cells) -> str:
    """A location's place on its 3x2 board in words ("top left", "bottom, middle and right"): the
    printed boards carry no location labels, so a location is named by its type, place and board."""
    rows = sorted({y for _, y in cells})
    cols = sorted({x for x, _ in cells})
    row = {0: "top", 1: "bottom"}
    col = {0: "left", 1: "middle", 2: "right"}
    if len(rows) == 1 and len(cols) == 1:
        return f"{row[rows[0]]} {col[cols[0]]}"
    if len(rows) == 1:
        return f"{row[rows[0]]}, {' and '.join(col[c] for c in cols)}"
    return f"{' and '.join(col[c] for c in cols)}, top and bottom"


def location_entries() -> dict[str, dict[str, Any]]:
    out = {}
    colour_of = {t: c for c, t in TYPE_OF_COLOUR.items()}
    for (board, side), data in sorted(BOARDS.items()):
        for loc in data.locations:
            home = loc.is_home
            out[loc.id] = {
                "name": f"{'Home' if home else loc.type.capitalize()}, {where(loc.cells)} of board {board}{side}",
                "kind": "location",
                "cost": None if home else {"boots": LOCATION_PRICE[loc.type]},
                "points": None,
                "effect": (
                    f"Home: holds {loc.capacity} horses of any colour, never for sale"
                    if home
                    else f"Holds {loc.capacity} {colour_of[loc.type]} horses"
                ),
                "type": loc.type,
                "capacity": loc.capacity,
                "board": board,
                "side": side,
                "cells": [list(c) for c in loc.cells],
            }
    return out


def skill_entries() -> dict[str, dict[str, Any]]:
    return {
        s: {
            "name": SKILL_NAMES[s],
            "kind": "skill",
            "cost": None,
            "points": None,
            "effect": f"Tournament skill: a horse rolls as many dice as its {SKILL_NAMES[s]} value",
            "hex": SKILL_HEX[s],
        }
        for s in SKILLS
    }


def board_geometry() -> dict[str, Any]:
    boards = {}
    for number in BOARD_NUMBERS:
        a = BOARDS[number, "A"]
        boards[str(number)] = {
            "edge_colours": a.edges,
            "sides": {
                side: {
                    "trophies": BOARDS[number, side].trophies,
                    "locations": [loc.id for loc in BOARDS[number, side].locations],
                    "home": BOARDS[number, side].home,
                    "adjacent": [list(p) for p in BOARDS[number, side].adjacent],
                }
                for side in ("A", "B")
            },
        }
    return {
        "cols": 3,
        "rows": 2,
        "boards": boards,
        "location_types": {
            t: {"name": t.capitalize(), "hex": TYPE_HEX[t], "price": LOCATION_PRICE.get(t)} for t in TYPE_HEX
        },
        "horse_colours": {c: {"hex": HORSE_HEX[c], "location_type": t} for c, t in TYPE_OF_COLOUR.items()},
        "friend_marks": FRIEND_MARKS,
        "home_capacity": HOME_CAPACITY,
        "rounds": ROUNDS,
        "production_limit": PRODUCTION_LIMIT,
        "final_entry_fee": FINAL_ENTRY_FEE,
        "employee_fee": EMPLOYEE_FEE,
        "edge_hex": {"orange": "#e67e22", "blue": "#2980b9"},
    }


def tournament_track() -> dict[str, Any]:
    """The 11 slots of the tournament board: T1-T8 printed (levels 1-2) and the finals F1-F3."""
    slots = []
    for i, slot in enumerate(SLOT_NAMES):
        final = i >= 8
        prizes = FINAL_PRIZES if final else PRINTED_PRIZES
        slots.append(
            {
                "id": slot,
                "round": 5 if final else i // 2 + 1,
                "final": final,
                "skill": None if final else PRINTED_SKILLS[i],
                "prizes": [list(p) for p in prizes],
                "prize_text": prizes_text(prizes),
            }
        )
    return {"id": "tournaments", "name": "Tournament board", "slots": slots}


def catalog() -> dict[str, Any]:
    components: dict[str, dict[str, Any]] = {}
    for part in (
        horse_entries(),
        fate_entries(),
        tournament_entries(),
        employee_entries(),
        location_entries(),
        skill_entries(),
    ):
        components.update(part)
    terms = {
        **PHASES,
        **MOVES,
        **SCORE_SOURCES,
        **OTHER_TERMS,
        **{f"prize_{k}": v for k, v in PRIZE_TEXT.items()},
        **{s: SKILL_NAMES[s] for s in SKILLS},
        **{slot: ("Final " + slot[1]) if slot.startswith("F") else ("Tournament " + slot[1]) for slot in SLOT_NAMES},
    }
    return {
        "components": components,
        "terms": terms,
        "board": board_geometry(),
        "tracks": [tournament_track()],
        "seat_colours": [{"id": c, "name": c.capitalize(), "hex": SEAT_HEX[c]} for c in COLOURS],
    }


_ROW_WORDS = ("top", "bottom")
_COLUMN_WORDS = ("left", "middle", "right")


@cache
def names() -> dict[str, dict[str, str]]:
    """How log sentences name components (``Game.component_names``), from the catalog: horses,
    fate cards, tournament cards, employees and skills by their names; a location by what it is
    and where it lies, as a player points at it ("stable on ranch board 2 (bottom right)", "home
    on ranch board 2"); a tournament slot as the board prints it ("Tournament 4", "Final 2")."""
    cat = catalog()
    groups: dict[str, dict[str, str]] = {k: {} for k in (
        "horse", "fate", "tournament", "employee", "location", "skill", "slot")}
    kinds = {"horse": "horse", "world-class horse": "horse", "fate card": "fate", "tournament card": "tournament",
             "employee": "employee", "skill": "skill"}
    types = cat["board"]["location_types"]
    for id, entry in cat["components"].items():
        if entry["kind"] == "location":
            groups["location"][id] = _location_name(entry, types)
        elif entry["kind"] in kinds:
            groups[kinds[entry["kind"]]][id] = entry["name"]
    groups["slot"] = {slot: cat["terms"][slot] for slot in SLOT_NAMES}
    return groups


def _location_name(entry: dict[str, Any], types: dict[str, Any]) -> str:
    kind = types[entry["type"]]["name"].lower()
    if entry["type"] == "home":
        return f"home on ranch board {entry['board']}"
    column, row = entry["cells"][0]
    return f"{kind} on ranch board {entry['board']} ({_ROW_WORDS[row]} {_COLUMN_WORDS[column]})"
