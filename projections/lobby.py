"""The lobby: every table's public summary with its free seats, grouped by status for listing.

The document is ``domain.application.summarise`` (the same public facts ``GET /api/tables/<id>``
answers; the seed only once finished) plus the free-seat count and when the table opened.
"""

from __future__ import annotations

from typing import Any

from domain.application import summarise
from projections.base import Batch, Projection


class Lobby(Projection):
    name = "lobby"

    def on_table(self, table: Any, batch: Batch) -> None:
        summary = summarise(table)
        batch.put(self.name, str(table.id), table.status, {
            **summary,
            "free_seats": sum(1 for s in summary["seats"] if s["free"]),
            "opened": table.created_on.isoformat(),
            "updated": table.modified_on.isoformat(),
        })
