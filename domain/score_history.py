"""A table's score history: every seat's total over the game, one point where the totals changed.

The totals are the game's ``scores`` (``GET .../scores``): public by the protocol, the same for
every reader, so hidden points (a secret parchment, a screened resource, an undrawn coin) stay
out until the game itself counts them in. A history is a list of ``{"version", "totals"}``
points: the first at the start, one at each version whose event changed a total (an undo that
takes points back is one), and the table's last version. The read model
(``projections.scoreboards.ScoreHistory``) extends it event by event; ``history_of`` replays a
table for a store without read models.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.table import Table

#: The events that change a table's game state, so possibly its totals (the others never do).
STATE_EVENTS = (Table.GameStarted, Table.MovePlayed, Table.ChanceResolved, Table.Undone, Table.RulesVersionAdopted)


def totals_of(table: Table) -> dict[str, int]:
    return {str(s): int(v) for s, v in table.game.scores(table.state).totals.items()}


def add_point(points: list[dict[str, Any]], version: int, totals: dict[str, int]) -> None:
    """Append ``(version, totals)`` unless the totals are the last point's."""
    if not points or points[-1]["totals"] != totals:
        points.append({"version": version, "totals": totals})


def with_last(points: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """The points closed by the table's last ``version`` (the last totals held until then)."""
    if points and points[-1]["version"] < version:
        return [*points, {"version": version, "totals": points[-1]["totals"]}]
    return list(points)


def history_of(events: Iterable[Any]) -> list[dict[str, Any]]:
    """A table's history, replaying its events (what the read model holds, for a store without one)."""
    points: list[dict[str, Any]] = []
    table: Table | None = None
    for event in events:
        table = event.mutate(table)
        if isinstance(event, STATE_EVENTS):
            add_point(points, event.originator_version, totals_of(table))
    if table is None or table.state is None:
        return []
    return with_last(points, table.version)
