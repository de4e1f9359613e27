"""The Homesteaders catalog for clients: every building, tile and term the views and moves name.

Built only from ``components.json`` (spec §11) through ``components``: the client draws and
explains the game from this dictionary and never holds its own copy of a cost, a reward or an
effect. Nothing here is a secret: the order of auction stacks 2 and 3 is state (HS-H03), never a
component; the catalog lists each tile once, with the group (era) it belongs to, as HS-H01 allows.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from domain.games.homesteaders import components as c
from domain.games.homesteaders.views import COLOURS

#: Readable names of every holding, resource and income key the views use.
HOLDINGS = {
    "silver": "silver", "wood": "wood", "food": "food", "steel": "steel", "gold": "gold", "copper": "copper",
    "livestock": "livestock", "trade": "trade tokens", "debt": "debt", "vp_tokens": "VP tokens", "vp": "VP",
    "track": "rail lines", "workers": "workers",
}

#: Score sources in the order the final scoring adds them up (HS-E02).
SCORE_TERMS = {
    "building_vp": "Buildings (printed VP)", "bonus_vp": "Building end bonuses", "vp_tokens": "VP tokens",
    "gold_vp": "Gold (2 each)", "copper_vp": "Copper (2 each)", "livestock_vp": "Livestock (2 each)",
    "debt_penalty": "Debt penalty (−1, −2, −3 …)",
}

PHASES = {
    "chance": "setting up", "allocation": "worker placement", "wages": "paying wages",
    "dummy": "placing the dummy bid", "bidding": "bidding", "rail_reward": "choosing a railroad reward",
    "auction_payment": "paying for the won auction", "build_choice": "building on the won land",
    "extra_build": "Train Station extra build", "bonus_worker": "taking a bonus worker",
    "auction_bonus": "the auction tile's bonus", "final_actions": "final actions and debt repayment",
    "over": "game over",
}

MOVES = {
    "assign_worker": "Place a worker", "unassign_worker": "Take a worker off", "confirm_workers": "Confirm workers",
    "pay_wages": "Pay wages", "place_dummy_bid": "Place the dummy bid", "place_bid": "Bid", "pass_bidding": "Pass",
    "choose_rail_reward": "Railroad reward", "pay_auction": "Pay for the auction", "build_building": "Build",
    "decline_build": "Build nothing", "accept_bonus_worker": "Bonus worker", "take_auction_bonus": "Take the tile bonus",
    "decline_auction_bonus": "Decline the tile bonus", "pay_off_debt": "Pay off a debt",
    "confirm_final_actions": "Confirm final actions", "hire_worker": "Hire a worker", "buy_resource": "Buy",
    "sell_resource": "Sell", "convert_at_market": "Market conversion", "exchange_at_bank": "Bank exchange",
    "take_debt": "Take debt",
}

STATUSES = {"no_bid": "no bid yet", "outbid": "outbid", "high": "high bidder", "passed": "passed"}

RAIL_REWARDS = {"trade": "1 trade token", "track": "1 rail line", "worker": "1 worker",
                "resource": "1 resource of your choice", "vp3": "3 VP"}

ERAS = {"settlement": "Settlement", "town": "Town", "city": "City", "settlement_town": "Settlement/Town",
        "start": "Start", "final": "Final round"}

TILE_BONUS = {
    "gain_worker": "+1 worker (optional)",
    "gain_worker_and_rail_advance": "+1 worker (optional) and a railroad advance with its reward",
    "pay_wood_for_track": "may pay 1 wood for 1 rail line",
    "pay_food_for_2vp": "may pay 1 food for 2 VP",
    "pay_copper_for_4vp": "may pay 1 copper (River Port: or 1 gold) for 4 VP",
    "pay_livestock_for_4vp": "may pay 1 livestock (River Port: or 1 gold) for 4 VP",
    "gain_6vp_then_pay_food_for_2vp": "+6 VP, then may pay 1 food for 2 VP",
}

BUILD_BONUS = {
    "pay_off_debt_or_2_silver": "when built: discard 1 debt, or +2 silver if you have none",
    "gain_trade": "when built: +1 trade token",
    "gain_worker_optional": "when built: +1 worker (optional)",
    "rail_advance": "when built: railroad advance and its reward",
    "gain_track_and_extra_build": "when built: +1 rail line and you may build one more building of any type",
}

END_BONUS = {
    "per_residential": "1 VP per Residential building at the end",
    "per_commercial": "1 VP per Commercial building at the end",
    "per_industrial": "1 VP per Industrial building at the end",
    "per_special": "1 VP per Special building at the end",
    "per_building": "1 VP per building you own at the end (Homestead and itself included)",
    "per_worker": "1 VP per worker at the end",
    "per_track": "1 VP per rail line at the end",
    "per_worker_and_track": "1 VP per worker and per rail line at the end",
}

ABILITY = {
    "market_conversions": "any time: 1 trade + 1 wood → 1 food, 1 trade + 1 food → 1 steel",
    "sell_bonus_silver": "+1 silver on every sale at the market",
    "gold_as_copper_or_livestock": "gold may replace copper or livestock in building costs and the A09/A10 bonus",
    "bank_exchange": "any time: 1 trade → 1 silver",
    "vp_per_later_build": "+1 VP for every later building you build",
    "tie_bids": "you may bid equal to the high bid",
}

SPECIAL_INCOME = {
    "pay_off_debt_or_2_silver": "discard 1 debt (or +2 silver if none)",
    "silver_per_worker_max_5": "1 silver per worker (max 5)",
}

#: Plain colours of the four building types (our own palette).
TYPE_COLOURS = {"R": "#7fae5a", "C": "#5b8fc9", "I": "#b0763c", "S": "#a070b8"}


def amounts(goods: dict[str, Any] | None) -> str:
    """``{"silver": 2, "trade": 1}`` -> ``"2 silver + 1 trade"``."""
    parts = []
    for key, value in (goods or {}).items():
        if key == "special":
            parts.append(SPECIAL_INCOME[value])
        else:
            parts.append(f"{value} {_UNIT.get(key, key)}")
    return " + ".join(parts)


_UNIT = {"vp": "VP", "trade": "trade"}


def building_effect(b: dict[str, Any]) -> str:
    """One line of plain English: income, worker slots, build bonus, end bonus, ability."""
    parts = []
    if b["income"]:
        parts.append(f"income {amounts(b['income'])} each round")
    for slot in b["worker_slots"]:
        who = "2 workers together" if slot["workers"] == 2 else "a worker"
        parts.append(f"{who}: {amounts(slot['yield'])}")
    if b["build_bonus"]:
        parts.append(BUILD_BONUS[b["build_bonus"]])
    if b["end_bonus"]:
        parts.append(END_BONUS[b["end_bonus"]])
    if b["ability"]:
        parts.append(ABILITY[b["ability"]])
    text = "; ".join(parts) or "no effect"
    return text[0].upper() + text[1:] + "."


def _building_entry(b: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": b["name"], "kind": f"{c.TYPE_NAMES[b['type']]} building", "cost": dict(b["cost"] or {}),
        "points": b["vp"], "effect": building_effect(b), "building": b["id"], "type": b["type"], "era": b["era"],
        "income": dict(b["income"]), "worker_slots": [dict(s) for s in b["worker_slots"]],
        "build_bonus": b["build_bonus"], "end_bonus": b["end_bonus"], "ability": b["ability"],
    }


def tile_effect(t: dict[str, Any]) -> str:
    types = t["build_types"]
    if not types:
        build = "No building"
    elif len(types) == 4:
        build = "Build any type (Residential, Commercial, Industrial or Special)"
    else:
        build = "Build " + " or ".join(c.TYPE_NAMES[x] for x in types)
    bonus = f"; {TILE_BONUS[t['bonus']]}" if t["bonus"] else ""
    return f"{build}{bonus}."


def _tile_entry(t: dict[str, Any]) -> dict[str, Any]:
    stack = int(t["stack"].rsplit("_", 1)[1])
    group = t["group"]
    when = f"round {group.split('_')[1]}" if group.startswith("round_") else f"{ERAS[group]} era"
    return {
        "name": f"Tile {t['id']}", "kind": "auction tile", "cost": None, "points": None, "effect": tile_effect(t),
        "build_types": list(t["build_types"]), "bonus": t["bonus"], "stack": stack, "group": group, "when": when,
    }


def catalog() -> dict[str, Any]:
    """The public static data of Homesteaders (see the module docstring)."""
    components: dict[str, Any] = {}
    for b in c.BUILDINGS.values():
        entry = _building_entry(b)
        components[b["id"]] = entry
        count = 4 if b["id"] == "homestead" else c.copies(b["id"], 4)
        for k in range(1, count + 1):  # instance ids, as the views and moves name them
            components[f"{b['id']}#{k}"] = entry
    for t in c.TILES.values():
        components[t["id"]] = _tile_entry(t)
    terms = {
        **{f"score.{k}": v for k, v in SCORE_TERMS.items()}, **SCORE_TERMS,
        **{f"phase.{k}": v for k, v in PHASES.items()},
        **{f"move.{k}": v for k, v in MOVES.items()},
        **{f"holding.{k}": v for k, v in HOLDINGS.items()},
        **{f"status.{k}": v for k, v in STATUSES.items()},
        **{f"reward.{k}": v for k, v in RAIL_REWARDS.items()},
        **{f"era.{k}": v for k, v in ERAS.items()},
        **{f"type.{k}": v for k, v in c.TYPE_NAMES.items()},
        **{f"tile_bonus.{k}": v for k, v in TILE_BONUS.items()},
        "track": "Rail lines (1 silver each)", "dummy": "the dummy bid",
        "conversion.wood_to_food": "1 trade + 1 wood → 1 food", "conversion.food_to_steel": "1 trade + 1 food → 1 steel",
    }
    rates = {r: dict(v) for r, v in c.RATES.items()}
    board = {
        "rounds": c.ROUNDS,
        "eras": [{"id": "settlement", "name": "Settlement", "rounds": [1, 4]},
                 {"id": "town", "name": "Town", "rounds": [5, 8]},
                 {"id": "city", "name": "City", "rounds": [9, 10]}],
        "bid_ladder": list(c.BID_LADDER),
        "dummy_ladder": list(c.DUMMY_LADDER),
        "types": [{"id": t, "name": c.TYPE_NAMES[t], "colour": TYPE_COLOURS[t]} for t in c.TYPES],
        "resources": list(c.RESOURCES),
        "holdings": ["silver", *c.RESOURCES, "trade", "debt", "vp_tokens"],
        "rates": rates,
        "market": {
            "hire_worker": "1 trade + 1 food → 1 worker",
            "buy": {r: f"1 trade + {amounts(v)} → 1 {r}" for r, v in rates.items()},
            "sell": {r: f"1 trade + 1 {r} → {amounts(v)} + 1 VP" for r, v in rates.items()},
            "take_debt": "+2 silver per debt (any time); repay 5 silver or 1 gold in the final round",
            "gold": "gold pays as 5 silver, without change",
        },
        "wages": "1 silver per worker each round",
        "debt_penalty": "−1 for the first debt, −2 for the second, … at the end",
        "rail_max": c.RAIL_MAX,
        "score_sources": list(SCORE_TERMS),
    }
    tracks = [
        {"id": "railroad", "name": "Railroad development",
         "spaces": [{"space": 0, "rewards": [], "text": "start"}]
         + [{"space": s, "rewards": list(c.RAIL_REWARDS[s]), "text": _rail_text(s)} for s in sorted(c.RAIL_REWARDS)]},
        {"id": "rounds", "name": "Rounds",
         "spaces": [{"space": r, "era": c.era_of(r), "text": f"Round {r}"} for r in range(1, c.ROUNDS + 1)]
         + [{"space": c.FINAL_ROUND, "era": "final", "text": "Final income and scoring"}]},
    ]
    colours = [{"seat": s, "colour": colour} for s, colour in enumerate(COLOURS)]
    return {"components": components, "terms": terms, "board": board, "tracks": tracks, "seat_colours": colours}


@cache
def names() -> dict[str, dict[str, str]]:
    """How log sentences name components (``Game.component_names``), from the catalog: a
    building (or any copy of it) by its name ("Foundry"); an auction tile, which the physical game
    does not number, by what it offers ("Build Residential or Commercial")."""
    components = catalog()["components"]
    return {
        "building": {i: e["name"] for i, e in components.items() if e["kind"] != "auction tile"},
        "tile": {i: _tile_name(e) for i, e in components.items() if e["kind"] == "auction tile"},
    }


def _tile_name(entry: dict[str, Any]) -> str:
    """An auction tile's offer in a few words: "Build any type; +1 worker (optional)"."""
    types = entry["build_types"]
    build = "No building" if not types else "Build any type" if len(types) == 4 else (
        "Build " + " or ".join(c.TYPE_NAMES[x] for x in types))
    return build + (f"; {TILE_BONUS[entry['bonus']]}" if entry["bonus"] else "")


def _rail_text(space: int) -> str:
    kind = next(k for k, s in c.REWARD_MIN_SPACE.items() if s == space)
    return RAIL_REWARDS[kind]
