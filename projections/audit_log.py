"""The human-readable table log: one sentence per event per viewer, undone ranges marked.

Sentences come from ``domain.log`` (the game's ``describe``/``action_view`` for moves and
chance), rendered once per viewer, so a seat's log never shows another seat's secret while the
game runs. When an ``Undone`` event arrives, the entries it took back are marked in every viewer's
log. It always equals ``Tables.log`` for the same viewer (tested).
"""

from __future__ import annotations

from domain.log import describe_event, undone_versions
from domain.table import Table
from projections.base import Batch, Projection, Step, viewer_key, viewers


def log_key(table_id: object, version: int) -> str:
    return f"{table_id}:{version:09d}"


class AuditLog(Projection):
    """One document per event holding each viewer's entry (one row per event, not per viewer).

    While a game runs each event is rendered as it happens, hiding what each viewer may not know.
    When it ends (``GameFinished``) the whole table log is rendered again with the game over, as
    ``Tables.log`` does: moves and chance outcomes are then shown in full to everyone.
    """

    name = "log"

    def on_event(self, step: Step, batch: Batch) -> None:
        event, table = step.event, step.table
        if isinstance(event, Table.GameFinished):
            self._render_finished(step, batch)
            return
        version = event.originator_version
        entries = {}
        for viewer in viewers(table):
            seat, action, text = describe_event(table, event, step.before_state, step.before_players, viewer)
            entries[viewer_key(viewer)] = {"seat": seat, "text": text, "action": action}
        batch.put(self.name, log_key(table.id, version), str(table.id), {
            "version": version, "event": type(event).__name__, "undone": False,
            "timestamp": event.timestamp.isoformat(), "entries": entries,
        })
        if isinstance(event, Table.Undone):
            first, last = event.undone
            for v in range(first, last + 1):
                row = batch.lookup(self.name, str(table.id), log_key(table.id, v))
                if row is not None and not row["undone"]:
                    batch.put(self.name, log_key(table.id, v), str(table.id), {**row, "undone": True})

    def _render_finished(self, step: Step, batch: Batch) -> None:
        """Every entry again with the game over: one replay of the table for all viewers."""
        events = list(step.history())
        undone = undone_versions(events)
        table_id = str(step.table.id)
        table = None
        for event in events:
            before = table.state if table is not None else None
            players = list(table.players) if table is not None else []
            table = event.mutate(table)
            version = event.originator_version
            entries = {}
            for viewer in viewers(table):
                seat, action, text = describe_event(table, event, before, players, viewer, over=True)
                entries[viewer_key(viewer)] = {"seat": seat, "text": text, "action": action}
            batch.put(self.name, log_key(table_id, version), table_id, {
                "version": version, "event": type(event).__name__, "undone": version in undone,
                "timestamp": event.timestamp.isoformat(), "entries": entries,
            })


def entry_for(row: dict, viewer: int | None) -> dict | None:
    """One viewer's log entry out of an event's row (None when the viewer was not at the table yet)."""
    mine = row["entries"].get(viewer_key(viewer))
    if mine is None:
        return None
    return {"version": row["version"], "event": row["event"], "seat": mine["seat"], "text": mine["text"],
            "action": mine["action"], "undone": row["undone"], "timestamp": row["timestamp"]}
