"""The human-readable table log: one sentence per event per viewer, undone ranges marked.

Sentences come from ``domain.log.describe_event`` (the game's ``describe``/``action_view`` for
moves and chance), rendered once per viewer, so a seat's log never shows another seat's secret.
When an ``Undone`` event arrives, the entries it took back are marked in every viewer's log.
"""

from __future__ import annotations

from domain.log import describe_event
from domain.table import Table
from projections.base import Batch, Projection, Step, viewer_key, viewers


def log_group(table_id: object, viewer: int | None) -> str:
    return f"{table_id}:{viewer_key(viewer)}"


class AuditLog(Projection):
    name = "log"

    def on_event(self, step: Step, batch: Batch) -> None:
        event, table = step.event, step.table
        version = event.originator_version
        for viewer in viewers(table):
            seat, action, text = describe_event(table, event, step.before_state, step.before_players, viewer)
            grp = log_group(table.id, viewer)
            batch.put(self.name, f"{grp}:{version:09d}", grp, {
                "version": version, "event": type(event).__name__, "seat": seat, "text": text,
                "action": action, "undone": False, "timestamp": event.timestamp.isoformat(),
            })
        if isinstance(event, Table.Undone):
            first, last = event.undone
            for viewer in viewers(table):
                grp = log_group(table.id, viewer)
                for v in range(first, last + 1):
                    entry = batch.get(self.name, f"{grp}:{v:09d}")
                    if entry is not None and not entry["undone"]:
                        batch.put(self.name, f"{grp}:{v:09d}", grp, {**entry, "undone": True})
