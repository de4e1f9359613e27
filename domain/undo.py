"""What an undo crosses, and so who must agree to it (docs/undo.md).

An undo is a peek when the span it takes back showed the requester something they did not decide
themselves: another seat's move, a chance outcome, or a secret that their own move revealed (the
last pick of a simultaneous draft shows every pick and the hand passed on). Only the game knows
its secrets, so each game answers ``secrets(state)``: what is hidden now, keyed by the seat that
alone sees it (``None``: nobody). A seat's own move is *quiet* when it changed no secret but its
own; any other secret that changed was consumed or shown (a deal from the deck, a reveal). A
game without ``secrets`` has every move count as a reveal.

Pure: it replays stored events onto the table as it was at the target version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from domain.table import Table

#: Events that an undo never counts (the undo bookkeeping itself).
_BOOKKEEPING = (Table.UndoRequested, Table.UndoVoted, Table.Undone)


@dataclass(frozen=True)
class Crossing:
    """What the undone span holds, as far as the requester is concerned.

    ``others``: a move (or a departure) of another seat, or a reveal, or chance: every other seated
    player must agree. ``reveals``: a chance outcome or a secret shown; bots refuse such an undo
    (the table's ``free`` policy aside), or a player alone with bots could replay around every roll.
    """

    others: bool = False
    reveals: bool = False


def crossing(past: Table, events: Iterable[Any], seat: int, undone: Callable[[int], bool]) -> Crossing:
    """Replay ``events`` (every stored event after ``past.version``) and classify those the undo
    takes back; events inside spans undone earlier (``undone(version)``, as the table knows them
    now) are replayed but not counted."""
    others = reveals = False
    table = past
    for event in events:
        counted = not undone(event.originator_version) and not isinstance(event, _BOOKKEEPING)
        before = table.state
        table = event.mutate(table)
        if not counted:
            continue
        if isinstance(event, Table.ChanceResolved):
            others = reveals = True
        elif isinstance(event, Table.MovePlayed):
            if _shows(table, before, event.seat, seat):
                others = reveals = True
            elif event.seat != seat:
                others = True
        else:  # a seat left (a bot took over), the game finished: not the requester's doing
            others = True
        if reveals:
            break
    return Crossing(others, reveals)


def _shows(table: Table, before: Any, mover: int, viewer: int) -> bool:
    """Did ``mover``'s move change a secret that is not its own (so somebody saw or drew it)?"""
    secrets = table.game.secrets
    if secrets is None:
        return True
    old, new = secrets(before), secrets(table.state)
    owners = (set(old) | set(new)) - {mover}
    return any(old.get(owner) != new.get(owner) for owner in owners)
