"""The read side the routes use: tables in the lobby, a table's scoreboard, its human-readable log.

Each is one function that finds its own source through ``api.wiring``, so the projections (issue 4:
lobby, scoreboards, audit log) replace one body each, and the wiring, without touching a route.
Today every answer is computed from the event store through the process's ``Tables``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Any
from uuid import UUID

from api import wiring


def list_tables(*, status: str | None = None, game: str | None = None,
                limit: int = 50) -> list[dict[str, Any]]:
    """Public summaries of tables in opening order, filtered by status and game."""
    tables = wiring.tables()

    def matching() -> Iterator[dict[str, Any]]:
        for table_id in tables.table_ids():
            summary = tables.summary(table_id)
            if (status is None or summary["status"] == status) and (game is None or summary["game"] == game):
                yield summary

    return list(islice(matching(), limit))


def scoreboard(table_id: UUID, version: int | None = None) -> dict[str, Any]:
    """Live (or final) totals with the per-source breakdown, now or at ``version``."""
    return wiring.tables().scores(table_id, version)


def human_log(table_id: UUID, viewer: int | None, *, after: int = 0,
              limit: int = 100) -> list[dict[str, Any]]:
    """One sentence per event as ``viewer`` may read it; undone events are marked."""
    return [
        {"version": e.version, "text": e.text, "undone": e.undone}
        for e in wiring.tables().log(table_id, viewer, after=after, limit=limit)
    ]
