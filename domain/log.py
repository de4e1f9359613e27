"""The table log as one viewer may read it: one entry, one plain sentence per event.

Moves and chance outcomes pass through the game's ``action_view`` and ``describe`` (its
``views.py``, the one place a game strips secrets); table events are described here and never
show the seed before ``GameFinished`` reveals it. Once the game is over nothing is secret any
more (the seed is public, so every outcome is re-derivable): the whole log shows every move and
outcome as recorded, each move described from its actor's viewpoint. Undone events stay in the
log, marked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from domain.games.game import CHANCE, ChanceRequest, chance_action
from domain.table import Table


@dataclass(frozen=True)
class LogEntry:
    version: int
    event: str
    seat: int | None
    text: str
    action: dict[str, Any] | None
    undone: bool
    timestamp: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def undone_versions(events: list[Any]) -> set[int]:
    """Every version some later ``Undone`` took back."""
    undone: set[int] = set()
    for event in events:
        if isinstance(event, Table.Undone):
            first, last = event.undone
            undone.update(range(first, last + 1))
    return undone


def table_log(events: Iterable[Any], viewer: int | None, after: int = 0, limit: int = 100, *,
              table: Table | None = None, undone: set[int] | None = None, over: bool | None = None) -> list[LogEntry]:
    """The entries after ``after``, at most ``limit``, from the table's events.

    Given the whole history, it finds the undone versions and whether the game is over itself.
    Given only the events after ``table`` (the table as of the version before the first of them,
    which the caller loads from a snapshot) it needs ``undone`` and ``over`` from the latest table,
    and its cost no longer grows with the table's history.
    """
    events = list(events)
    if undone is None:
        undone = undone_versions(events)
    if over is None:
        over = any(isinstance(event, Table.GameFinished) for event in events)
    entries: list[LogEntry] = []
    for event in events:
        before = table.state if table is not None else None
        players = list(table.players) if table is not None else []
        table = event.mutate(table)
        version = event.originator_version
        if version <= after:
            continue
        seat, action, text = _describe(table, event, before, players, viewer, over)
        entries.append(
            LogEntry(version, type(event).__name__, seat, text, action, version in undone, event.timestamp.isoformat())
        )
        if len(entries) >= limit:
            break
    return entries


def _name(players: list[dict | None], seat: int) -> str:
    player = players[seat] if 0 <= seat < len(players) else None
    return f"{player['name']} (seat {seat})" if player else f"seat {seat}"


def _describe(
    table: Table, event: Any, before: Any, players: list, viewer: int | None, over: bool
) -> tuple[Any, Any, str]:
    game = table.game
    if isinstance(event, Table.MovePlayed):
        if over:
            return event.seat, event.move, game.describe(before, event.seat, event.move, event.seat)
        return (
            event.seat,
            game.action_view(before, event.seat, event.move, viewer),
            game.describe(before, event.seat, event.move, viewer),
        )
    if isinstance(event, Table.ChanceResolved):
        action = chance_action(ChanceRequest.from_dict(event.request), event.outcome)
        if over:
            return CHANCE, action, game.describe(before, CHANCE, action, viewer)
        return CHANCE, game.action_view(before, CHANCE, action, viewer), game.describe(before, CHANCE, action, viewer)
    if isinstance(event, Table.Opened):
        text = f"A {game.title} table opened with {event.seats} seats; seed commitment {event.seed_commitment}."
        if event.forked_from:
            text += f" Forked from table {event.forked_from['table']} at version {event.forked_from['version']}."
        return None, {"options": event.options, "undo_policy": event.undo_policy}, text
    if isinstance(event, Table.SeatTaken):
        return event.seat, None, f"{event.name} took seat {event.seat}{' as a bot' if event.bot else ''}."
    if isinstance(event, Table.SeatLeft):
        tail = "; a bot plays on for them" if event.replaced_by_bot else ""
        return event.seat, None, f"{_name(players, event.seat)} left{tail}."
    if isinstance(event, Table.GameStarted):
        return None, None, "The game started."
    if isinstance(event, Table.UndoRequested):
        needs = ", ".join(str(s) for s in event.needs)
        tail = f"; seats {needs} must approve" if event.needs else ""
        return event.seat, {"to_version": event.to_version}, f"{_name(players, event.seat)} asked to undo back to version {event.to_version}{tail}."
    if isinstance(event, Table.UndoVoted):
        verb = "approved" if event.approve else "rejected"
        return event.seat, {"approve": event.approve}, f"{_name(players, event.seat)} {verb} the undo."
    if isinstance(event, Table.Undone):
        return (
            event.by,
            {"to_version": event.to_version, "approvals": event.approvals},
            f"The table went back to version {event.to_version}; "
            f"versions {event.undone[0]} to {event.undone[1]} are undone.",
        )
    if isinstance(event, Table.GameFinished):
        winners = " and ".join(_name(players, s) for s in event.winners)
        totals = ", ".join(f"{_name(players, int(s))} {v}" for s, v in event.scores["totals"].items())
        return None, {"scores": event.scores, "winners": event.winners, "seed": event.seed}, (
            f"The game ended: {winners} won ({totals}). The seed was {event.seed}."
        )
    return None, None, type(event).__name__


def describe_event(
    table: Table, event: Any, before: Any, players: list, viewer: int | None, over: bool = False
) -> tuple[Any, Any, str]:
    """``(seat, action, sentence)`` of one event for ``viewer``; the log projection and the live
    stream render with it, event by event.

    ``table`` is the table right after ``event``; ``before``/``players`` its state and seats before;
    ``over``: the game has finished, so moves and chance outcomes are shown in full.
    """
    return _describe(table, event, before, players, viewer, over)
