"""Homesteaders moves: the JSON shape of every command (spec §5) and its validation.

Each move is ``{"type": <snake_case command>, ...fields}`` with exactly the listed fields. The
spec's ``AssignWorkers`` (replace the whole placement) is split into ``assign_worker`` and
``unassign_worker``, one worker per move, so that ``legal_moves`` can list the space exactly;
the rules of HS-R10–HS-R13 apply to each. Fields the spec gives a default (``gold_used = 0``,
``take_debt_for_shortfall = false``, ...) may be left out of a move (``OPTIONAL``); ``legal_moves``
lists each move in one canonical form, with every field present.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMove
from domain.games.game import require_fields

#: type -> (rule named when the shape is wrong, {field: type})
SHAPES: dict[str, tuple[str, dict[str, type]]] = {
    "assign_worker": ("HS-R12", {"worker": str, "building": str, "slot": int}),
    "unassign_worker": ("HS-R11", {"worker": str}),
    "confirm_workers": ("HS-R14", {}),
    "pay_wages": ("HS-R15", {"gold_used": int, "take_debt_for_shortfall": bool}),
    "place_dummy_bid": ("HS-R21", {"slot": int}),
    "place_bid": ("HS-R24", {"slot": int, "value": int}),
    "pass_bidding": ("HS-R22", {}),
    "choose_rail_reward": ("HS-R29", {"reward": str}),  # + "resource" iff reward == "resource"
    "pay_auction": ("HS-R30", {"gold_used": int, "take_debt_for_shortfall": bool}),
    "build_building": ("HS-R32", {"building": str, "gold_as_copper": int, "gold_as_livestock": int}),
    "decline_build": ("HS-R37", {}),
    "accept_bonus_worker": ("HS-R38", {"accept": bool}),
    "take_auction_bonus": ("HS-R41", {"use_river_port_gold": bool}),
    "decline_auction_bonus": ("HS-R39", {}),
    "pay_off_debt": ("HS-R52", {"use_gold": bool}),
    "confirm_final_actions": ("HS-R53", {}),
    "hire_worker": ("HS-R61", {}),
    "buy_resource": ("HS-R62", {"resource": str, "gold_used": int}),
    "sell_resource": ("HS-R62", {"resource": str}),
    "convert_at_market": ("HS-R67", {"conversion": str}),
    "exchange_at_bank": ("HS-R68", {}),
    "take_debt": ("HS-R69", {"count": int}),
}

#: Fields the spec makes optional, with their defaults (§5: silver payments, BuyResource,
#: BuildBuilding, TakeAuctionBonus).
PAYMENT_DEFAULTS = {"gold_used": 0, "take_debt_for_shortfall": False}
OPTIONAL: dict[str, dict[str, Any]] = {
    "pay_wages": PAYMENT_DEFAULTS,
    "pay_auction": PAYMENT_DEFAULTS,
    "buy_resource": {"gold_used": 0},
    "build_building": {"gold_as_copper": 0, "gold_as_livestock": 0},
    "take_auction_bonus": {"use_river_port_gold": False},
}

#: Marketplace, building-ability and debt actions any seated player may take at any time (HS-R60).
FREE = frozenset({"hire_worker", "buy_resource", "sell_resource", "convert_at_market", "exchange_at_bank", "take_debt"})

#: Transactions delivered in full only to their owner in screened mode (HS-H04).
PRIVATE = frozenset({"buy_resource", "sell_resource", "convert_at_market", "exchange_at_bank", "take_debt", "pay_off_debt"})

CONVERSIONS = {"wood_to_food": ("wood", "food"), "food_to_steel": ("food", "steel")}


def canonical(move: Any) -> Any:
    """The form ``legal_moves`` lists a move in: optional fields filled with their defaults, and
    ``gold_used`` 0 when buying copper or livestock (HS-R64: it is ignored there). Anything
    else is returned as it is."""
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        return move
    full = {**OPTIONAL.get(move["type"], {}), **move}
    gold_used = full.get("gold_used")
    resource = full.get("resource")
    if full["type"] == "buy_resource" and isinstance(resource, str) and resource in GOLD_PRICED and type(gold_used) is int:
        full["gold_used"] = 0
    return full


#: Resources bought for exactly 1 gold (HS-R64).
GOLD_PRICED = frozenset({"copper", "livestock"})


def parse(move: Any) -> dict[str, Any]:
    """Check the move's shape; return it as a plain dict or raise ``IllegalMove``."""
    kind = move.get("type") if isinstance(move, Mapping) else None
    if not isinstance(kind, str) or kind not in SHAPES:
        raise IllegalMove("HS-R03", f"{kind!r} is not a Homesteaders command")
    rule, fields = SHAPES[kind]
    if not all(isinstance(key, str) for key in move):  # JSON objects only have string keys
        raise IllegalMove(rule, f"every field name of a {kind!r} move must be a string")
    if kind == "choose_rail_reward" and move.get("reward") == "resource":
        return require_fields(move, rule, reward=str, resource=str)
    return require_fields({**OPTIONAL.get(kind, {}), **move}, rule, **fields)
