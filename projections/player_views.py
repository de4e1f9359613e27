"""The latest view of every table for every viewer (each seat and the spectator).

Each document is exactly what ``Tables.view`` answers for that viewer: the game's
``player_view`` is the only thing that decides what a viewer may see, so nothing here can leak.
"""

from __future__ import annotations

from typing import Any

from domain.application import summarise
from projections.base import Batch, Projection, viewer_key, viewers


class PlayerViews(Projection):
    name = "views"

    def on_table(self, table: Any, batch: Batch) -> None:
        summary = summarise(table)
        for viewer in viewers(table):
            view = table.game.player_view(table.state, viewer) if table.state is not None else None
            batch.put(self.name, f"{table.id}:{viewer_key(viewer)}", str(table.id),
                      {"version": table.version, "viewer": viewer, "table": summary, "view": view})
