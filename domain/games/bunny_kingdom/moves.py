"""The moves a seat can send, and the shape checks every one of them passes first.

Moves are JSON objects; ``parse`` checks the type, the exact field set and field types, and
that coordinates are on the board, so the rule modules only ever see well-formed moves.
Malformed moves raise ``IllegalMove`` naming the rule of the command they imitate (BK-R24 for
an unknown type).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMove
from domain.games.bunny_kingdom.components import INDEX
from domain.games.game import require_fields

NONE = type(None)

#: move type -> (rule named when malformed, {field: types})
SHAPES: dict[str, tuple[str, dict[str, Any]]] = {
    "submit_pick": ("BK-R27", {"round": int, "pick": int, "play": list, "discard": (str, NONE)}),
    "retract_pick": ("BK-R31", {"round": int, "pick": int}),
    "place_camp": ("BK-R32", {"card": str, "coord": str}),  # off-board coord: BK-R33
    "keep_camp": ("BK-R35", {"card": str}),
    "build_city": ("BK-R37", {"card": str, "coord": str}),
    "build_farm": ("BK-R41", {"card": str, "coord": str}),
    "build_sky_tower": ("BK-R43", {"card": str, "coord_a": str, "coord_b": str}),
    "finish_construction": ("BK-R47", {}),
    "choose_trading_posts": ("BK-R50", {"round": int, "choices": Mapping}),
    "choose_copy_target": ("BK-R54", {"card": str, "target": str}),
}

COORD_FIELDS = ("coord", "coord_a", "coord_b")

#: move type -> its exact field names, and each field with the types it takes (``bool`` only
#: where named: ``require_fields`` refuses a bool for an int field).
_KEYS = {kind: frozenset(shape) | {"type"} for kind, (_rule, shape) in SHAPES.items()}
_TYPED = {kind: tuple((name, kinds, bool in (kinds if isinstance(kinds, tuple) else (kinds,)))
                      for name, kinds in shape.items()) for kind, (_rule, shape) in SHAPES.items()}


def _well_formed(move: dict[str, Any], kind: str) -> bool:
    """Whether ``require_fields`` passes the move: exactly its fields, each of its types. Every
    move the web worker and the projection worker apply is one; the general check (sorting a set
    difference, a generator per move) was a tenth of applying a pick. Anything else takes it."""
    if move.keys() != _KEYS[kind]:
        return False
    for name, kinds, bool_ok in _TYPED[kind]:
        value = move[name]
        if (value.__class__ is bool and not bool_ok) or not isinstance(value, kinds):
            return False
    return True


def parse(move: Any) -> dict[str, Any]:
    """The move, checked for shape; raises ``IllegalMove`` for anything malformed."""
    kind = move.get("type") if isinstance(move, Mapping) else None
    if not isinstance(kind, str) or kind not in SHAPES:
        raise IllegalMove("BK-R24", f"unknown move type {kind!r}")
    rule, shape = SHAPES[kind]
    move = dict(move) if move.__class__ is dict and _well_formed(move, kind) else require_fields(move, rule, **shape)
    for name in COORD_FIELDS:
        if name in move and move[name] not in INDEX:
            # BK-R33 for camps; BK-R01 (what a coordinate is) for every other move.
            coord_rule = "BK-R33" if kind == "place_camp" else "BK-R01"
            raise IllegalMove(coord_rule, f"{move[name]!r} is not a coordinate A1..J10")
    if kind == "submit_pick" and not all(isinstance(c, str) for c in move["play"]):
        raise IllegalMove("BK-R27", "played cards must be card ids")
    if kind == "choose_trading_posts":
        choices = move["choices"]
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in choices.items()):
            raise IllegalMove("BK-R50", "trading post choices map coordinates to resources")
        for coord in choices:
            if coord not in INDEX:
                raise IllegalMove("BK-R01", f"{coord!r} is not a coordinate A1..J10")
    return move
