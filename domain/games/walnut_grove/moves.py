"""Move shapes: JSON dicts checked field by field before any rule looks at them.

Each parser returns plain Python values or raises ``IllegalMove`` naming the rule whose
parameter is malformed, so no ``KeyError``/``TypeError`` ever escapes ``play``. Only shapes are
checked here; whether a tile was drawn or a coin is held is the rules' business.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMove
from domain.games.game import require_fields as _require_fields
from domain.games.walnut_grove.components import QUADRANTS

#: move type -> the rule its phase/turn check cites (used for unknown-phase refusals too).
MOVE_TYPES = {
    "choose_start_building": "WG-R01",
    "place_landscape_tiles": "WG-R10",
    "place_figures": "WG-R20",
    "take_fall_turn": "WG-R30",
    "pass_fall_turn": "WG-R40",
    "resolve_coin_overflow": "WG-R45",
    "resolve_winter": "WG-R50",
    "return_neighbour_help_tile": "WG-R60",
    "move_goods_to_barn": "WG-R65",
    "discard_from_barn": "WG-R70",
    "confirm_final_scoring": "WG-R75",
}

#: destination kind -> the action parameter a fall turn carries (§5.5).
ACTION_FIELD = {
    "free_goods": ("goods", list),
    "hire": ("labourer_id", str),
    "building": ("building_tile_id", str),
    "upgrade": ("upgrade_id", str),
    "store": ("sell", list),
}


def require_fields(value: Any, rule: str, **kinds: type) -> dict:
    """The shared ``require_fields``, after refusing non-string field names (JSON objects only
    have string keys; the shared guard would fail sorting them with a TypeError)."""
    if isinstance(value, Mapping) and not all(isinstance(key, str) for key in value):
        raise IllegalMove(rule, "every field name must be a string")
    return _require_fields(value, rule, **kinds)


def move_type(move: Any) -> str:
    kind = move.get("type") if isinstance(move, Mapping) else None
    if not isinstance(kind, str) or kind not in MOVE_TYPES:
        raise IllegalMove("WG-G07", f"unknown move type {kind!r}")
    return kind


def fields(
    move: Mapping[str, Any], rule: str, optional: Mapping[str, type] | None = None, **required: type
) -> dict:
    """``require_fields`` plus optional fields: returns the move with optional ones present or None."""
    optional = dict(optional or {})
    present = {name: kind for name, kind in optional.items() if name in move}
    checked = require_fields(move, rule, **required, **present)
    for name in optional:
        checked.setdefault(name, None)
    return checked


def listed(value: Any, rule: str, what: str) -> list:
    if not isinstance(value, list):
        raise IllegalMove(rule, f"{what} must be a list")
    return value


def string_list(value: Any, rule: str, what: str) -> list[str]:
    items = listed(value, rule, what)
    for item in items:
        if not isinstance(item, str):
            raise IllegalMove(rule, f"{what} must list strings")
    return items


def placements(value: Any) -> list[tuple[str, int, int, int]]:
    """``[{tile_id, x, y, rotation}]`` (WG-R11..R13 shapes)."""
    result = []
    for entry in listed(value, "WG-R11", "placements"):
        entry = require_fields(entry, "WG-R12", tile_id=str, x=int, y=int, rotation=int)
        result.append((entry["tile_id"], entry["x"], entry["y"], entry["rotation"]))
    return result


def anchor(value: Any) -> tuple[int, int, int]:
    """``{x, y, q}`` -> (x, y, quadrant index) (WG-R22)."""
    entry = require_fields(value, "WG-R22", x=int, y=int, q=str)
    if entry["q"] not in QUADRANTS:
        raise IllegalMove("WG-R22", f"quadrant must be one of {', '.join(QUADRANTS)}")
    return entry["x"], entry["y"], QUADRANTS.index(entry["q"])


def assignments(value: Any) -> list[tuple[str, tuple[int, int, int]]]:
    result = []
    for entry in listed(value, "WG-R21", "assignments"):
        entry = require_fields(entry, "WG-R21", figure_id=str, anchor=dict)
        result.append((entry["figure_id"], anchor(entry["anchor"])))
    return result


def goods_entries(value: Any, rule: str) -> list[tuple[str, str, int]]:
    """``[{good, source, count}]`` as (good, source, count)."""
    result = []
    for entry in listed(value, rule, "goods"):
        entry = require_fields(entry, rule, good=str, source=str, count=int)
        result.append((entry["good"], entry["source"], entry["count"]))
    return result


def payment(value: Any) -> tuple[list[str], list[tuple[str, str, int]]]:
    """The payment object ``{coins: [ids], goods: [{good, source, count}]}`` (WG-R35)."""
    entry = fields(value, "WG-R35", optional={"coins": list, "goods": list})
    return (
        string_list(entry["coins"] or [], "WG-R35", "payment coins"),
        goods_entries(entry["goods"] or [], "WG-R35"),
    )


def sales(value: Any) -> list[tuple[str, str]]:
    """``sell: [{good, source}]`` (WG-R36)."""
    result = []
    for entry in listed(value, "WG-R36", "sell"):
        entry = require_fields(entry, "WG-R36", good=str, source=str)
        result.append((entry["good"], entry["source"]))
    return result
