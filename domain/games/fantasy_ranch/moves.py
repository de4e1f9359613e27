"""Move shapes: which fields each move type carries, at which levels it exists, and the rule it cites.

Every move is a JSON object with a snake_case ``type`` (the spec's commands, §5). Shape errors
(unknown type, missing, extra or mistyped fields) are refused here, before any rule looks at
the move, with the rule of the command itself, so ``play`` never raises anything but
``IllegalMove``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMove

ALL = (1, 2, 3)

#: type -> (rule id, levels, required fields). ``None`` fields are checked by the handler
#: because they depend on the state (optional ``fee``, ``payment``, ``choices``...).
SHAPES: dict[str, tuple[str, tuple[int, ...], dict[str, Any] | None]] = {
    "choose_ranch_board": ("FR-R100", (1, 2), {"board": int, "side": str}),
    "choose_starting_employee": ("FR-R101", (3,), {"employee": str}),
    "draft_pick": ("FR-R102", (2, 3), {"card_id": str}),
    "choose_home_territory": ("FR-R103", (3,), {"territory_id": str}),
    "buy_horse": ("FR-R112", ALL, {"card_id": str, "destination": str}),
    "buy_location": ("FR-R113", ALL, {"location_id": str}),
    "produce_goods": ("FR-R114", ALL, {"carrots": int, "boots": int}),
    "move_horse": ("FR-R120", ALL, {"card_id": str, "destination": str}),
    "sell_horse": ("FR-R121", ALL, {"card_id": str}),
    "trade_goods": ("FR-R122", ALL, {"give": str, "units": int}),
    "claim_free_territory": ("FR-R123", (3,), {"territory_id": str, "card_id": str}),
    "end_turn": ("FR-R130", ALL, None),
    "claim_fate_card": ("FR-R150", (2, 3), None),
    "use_employee": ("FR-R160", (3,), None),
    "tessa_choose": ("FR-R165", (3,), None),
    "enter_tournament": ("FR-R200", ALL, {"card_id": str}),
    "enter_final_paid": ("FR-R201", ALL, {"carrots": int, "boots": int}),
    "decline_tournament": ("FR-R202", ALL, {}),
    "claim_prize": ("FR-R210", ALL, {"item_index": int, "choice": dict}),
    "decline_prize": ("FR-R210", ALL, {"item_index": int}),
}


def move_type(move: Any, level: int) -> str:
    """The move's type, once it is known to exist at this level (FR-R090)."""
    if not isinstance(move, Mapping):
        raise IllegalMove("FR-R090", "a move must be a JSON object")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise IllegalMove("FR-R090", f"unknown move type {kind!r}")
    rule, levels, fields = SHAPES[kind]
    if level not in levels:
        raise IllegalMove("FR-R090", f"{kind} is not part of level {level}")
    if fields is not None:
        exact(move, rule, ignore=("type",), **fields)
    return kind


def exact(
    obj: Any, rule: str, ignore: tuple[str, ...] = (), optional: tuple[str, ...] = (), **types: Any
) -> dict:
    """``obj`` is an object with exactly these fields (plus ``optional`` ones), each of its type.

    ``bool`` is never accepted for ``int`` and ``None`` only where the type allows it.
    """
    if not isinstance(obj, Mapping):
        raise IllegalMove(rule, "expected a JSON object")
    # JSON field names are strings; a name of another type must be refused, not crash the sort
    extra = sorted(map(str, set(obj) - set(types) - set(ignore)))
    if extra:
        raise IllegalMove(rule, f"unexpected field(s) {', '.join(map(str, extra))}")
    for name, kind in types.items():
        if name not in obj:
            if name in optional:
                continue
            raise IllegalMove(rule, f"missing field {name!r}")
        value = obj[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise IllegalMove(rule, f"field {name!r} has the wrong type")
        if value is None and type(None) in kinds:
            continue
        if not isinstance(value, kinds):
            raise IllegalMove(rule, f"field {name!r} has the wrong type")
    return dict(obj)


def goods_pair(obj: Any, rule: str, total: int) -> tuple[int, int]:
    """A ``{carrots, boots}`` object of non-negative ints summing to ``total``."""
    data = exact(obj, rule, carrots=int, boots=int)
    carrots, boots = data["carrots"], data["boots"]
    if carrots < 0 or boots < 0 or carrots + boots != total:
        raise IllegalMove(rule, f"carrots and boots must be non-negative and total exactly {total}")
    return carrots, boots


def split(total: int) -> list[dict[str, int]]:
    """Every way to make ``total`` goods from carrots and boots, carrots descending."""
    return [{"carrots": c, "boots": total - c} for c in range(total, -1, -1)]
