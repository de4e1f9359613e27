"""The lobby: every table with its game, status and free seats, grouped by status for listing."""

from __future__ import annotations

from typing import Any

from projections.base import Batch, Projection


class Lobby(Projection):
    name = "lobby"

    def on_table(self, table: Any, batch: Batch) -> None:
        seats = [
            {"seat": s, "name": p["name"] if p else None, "bot": bool(p and p["bot"]), "free": p is None}
            for s, p in enumerate(table.players)
        ]
        batch.put(self.name, str(table.id), table.status, {
            "id": str(table.id),
            "game": table.game_name,
            "title": table.game.title,
            "status": table.status,
            "version": table.version,
            "options": table.options,
            "seats": seats,
            "free_seats": sum(1 for s in seats if s["free"]),
            "forked_from": table.forked_from,
            "opened": table.created_on.isoformat(),
            "updated": table.modified_on.isoformat(),
        })
