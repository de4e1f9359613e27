"""Which board tuple a board tuple was made from, and the square that changed.

Why: the projection worker and each live stream show the board's squares and every seat's fief
lines of each table's latest state, and between two of a table's views a pick's reveal or a
build changes a few of the 100 squares. The rules make every board change through ``changed``
(a rabbit placed: ``owners``; a building placed or a camp removed: ``buildings``), which
remembers the board it came from; a view's per-board result can then be derived from the one it
made for an earlier board, square by square, instead of from the 100 squares (``views``). A
board made any other way (read back from a snapshot, rebuilt by a bot's estimate) has no
history and is counted from scratch: the same result either way (tests compare both over
seeded games to their ends).

The memo holds the boards it names, so an id is never reused while its entry lives; it is
bounded, and a board whose history fell out of it is counted from scratch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from domain.games.bunny_kingdom.memo import evict

T = TypeVar("T")

#: id of a board tuple made by ``changed`` -> (that tuple, the tuple it was made from, the square).
_MADE: dict[int, tuple[tuple, tuple, int]] = {}

#: Boards remembered: 50 tables' changes between two of their views (a four-seat reveal claims
#: up to about eight squares), with room to spare. Not more: what the memos hold alive, the
#: cycle collector scans (a ``basic`` bot's estimates also resolve cards through the rules, and
#: push the tables' boards out sooner: those are then counted from scratch).
KEPT = 2048

#: How many changes back ``since`` looks for a board with a known result: a four-seat reveal
#: claims up to about eight squares, and the projection worker may show a table once in a few
#: commands.
DEPTH = 32


def changed(values: tuple, i: int, value: Any) -> tuple:
    """``state.put(values, i, value)``, remembering that it was made from ``values`` at ``i``."""
    new = values[:i] + (value,) + values[i + 1 :]  # ``put``, inline: the rules' every claim and build
    _MADE[id(new)] = (new, values, i)
    if len(_MADE) > KEPT:
        evict(_MADE, KEPT)
    return new


def made(board: tuple) -> bool:
    """Whether ``board`` was made by ``changed`` (and is still remembered)."""
    link = _MADE.get(id(board))
    return link is not None and link[0] is board


def since(board: tuple, known: Callable[[tuple], T | None], depth: int = DEPTH) -> tuple[T, tuple, list[int]] | None:
    """The nearest board ``board`` was made from (``changed``, within ``depth`` changes) for which
    ``known`` has a result: (that result, that board, the squares changed since, oldest first,
    a square once per change); None when there is none."""
    squares = []
    for _ in range(depth):
        link = _MADE.get(id(board))
        if link is None or link[0] is not board:
            return None
        board = link[1]
        squares.append(link[2])
        result = known(board)
        if result is not None:
            squares.reverse()
            return result, board, squares
    return None
