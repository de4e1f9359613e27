"""Narrowing a long legal-move list before it is sent (``GET .../legal-moves?match=``).

Some games list thousands of legal moves at once (a Walnut Grove spring with "keep 2": every
ordered pair of tile placements in every rotation, ~20,000 moves, ~3 MB). Two generic tools keep
the answer small without any game knowing about HTTP:

* ``matches(move, partial)``: the composer's test (``api/web/composer.js``) extended to lists: an
  object agrees when every key of the partial agrees, a list when the partial's items agree with
  the move's first items (a prefix), anything else by equality. ``?match=`` keeps those moves.
* ``outline(moves, partial)``: when more than ``OUTLINE_ABOVE`` moves are left, each move's list
  fields are cut to one item more than ``match`` gave them (the first item without ``match``) and
  the duplicates dropped: the answer then lists the distinct next steps (``outline: true``,
  ``count`` = the full number). A client picks a step and asks again with ``?match=`` that
  partial move, which lists the moves going through it: each answer goes one item deeper, so
  asking again always ends in whole moves (a list chooser never offers a step it cannot follow).
"""

from __future__ import annotations

import json
from typing import Any

OUTLINE_ABOVE = 1000


def matches(move: Any, partial: Any) -> bool:
    if isinstance(partial, dict):
        return isinstance(move, dict) and all(k in move and matches(move[k], v) for k, v in partial.items())
    if isinstance(partial, list):
        return (isinstance(move, list) and len(partial) <= len(move)
                and all(matches(m, p) for m, p in zip(move, partial)))
    return type(move) is type(partial) and move == partial


def outline(moves: list[dict], partial: dict | None = None) -> list[dict]:
    given = {k: len(v) for k, v in (partial or {}).items() if isinstance(v, list)}
    seen: set[str] = set()
    result = []
    for move in moves:
        cut = {k: (v[:given.get(k, 0) + 1] if isinstance(v, list) else v) for k, v in move.items()}
        key = json.dumps(cut, sort_keys=True)
        if key not in seen:
            seen.add(key)
            result.append(cut)
    return result


def narrow(moves: list[dict], partial: dict | None) -> dict[str, Any]:
    """The ``moves``/``count``/``outline`` part of the legal-moves answer."""
    kept = [m for m in moves if matches(m, partial)] if partial is not None else moves
    if len(kept) > OUTLINE_ABOVE:
        return {"moves": outline(kept, partial), "count": len(kept), "outline": True}
    return {"moves": kept, "count": len(kept), "outline": False}
