"""Reading the read models: what the API's lists, scoreboards and logs answer from.

``wait`` is read-your-writes: a client that just got ``position`` from a command passes it back,
and the read waits (bounded) until every read model has processed it. A read that times out
answers what is there and says it is behind (``caught_up=False``) rather than failing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from projections.audit_log import entry_for, log_key
from projections.base import viewer_key
from projections.lobby import listing_group, listing_key
from projections.runner import NAMES
from projections.stores import ReadStore

STATUSES = ("open", "running", "finished")
MAX_WAIT_S = 5.0


class ReadModels:
    """Queries over the read models in one store."""

    def __init__(self, store: ReadStore, models: Sequence[str] = NAMES) -> None:
        self.store = store
        self.models = list(models)

    def position(self) -> int:
        return min(self.store.reached(self.models).values(), default=0)

    def wait(self, position: int | None, timeout: float = 2.0) -> bool:
        """True once every read model has processed ``position`` (None: no wait)."""
        if position is None or position <= 0:
            return True
        return self.store.wait(self.models, position, max(0.0, min(timeout, MAX_WAIT_S)))

    def tables(self, status: str | None = None, game: str | None = None, limit: int | None = None,
               after: UUID | str | None = None) -> list[dict[str, Any]]:
        """Table summaries, newest first (what a lobby shows), optionally one status and one game.

        ``after``: the id of the last table of the previous page; raises ``LookupError`` when no
        such table is listed. Reads at most ``limit`` documents per status, never the whole lobby.
        """
        if status is not None and status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        prefix = "s/" if game is None else "g/"
        after_key = None
        if after is not None:
            last = self.table(after)
            if last is None:
                raise LookupError(f"there is no table {after} to list after")
            after_key = prefix + listing_key(last["opened"], last["id"])
        rows: list[tuple[str, dict]] = []
        for s in [status] if status else STATUSES:
            rows += self.store.group("lobby", listing_group(s, game), after_key=after_key, limit=limit)
        rows.sort(key=lambda row: row[0])
        return [body for _, body in rows[:limit]]

    def lobby(self, game: str | None = None) -> list[dict[str, Any]]:
        """Tables a player can join or watch: open and running ones."""
        return [r for r in self.tables(game=game) if r["status"] != "finished"]

    def table(self, table_id: UUID | str) -> dict[str, Any] | None:
        return self.store.get("lobby", str(table_id))

    def scores(self, table_id: UUID | str) -> dict[str, Any] | None:
        """The live scoreboard of one table (None before the game starts)."""
        return self.store.get("scores", str(table_id))

    def score_history(self, table_id: UUID | str) -> dict[str, Any] | None:
        """Every seat's total at each version where one changed (None before the game starts)."""
        return self.store.get("score_history", str(table_id))

    def standings(self, game: str) -> list[dict[str, Any]]:
        """Per player name: finished games played, wins and best total; most wins first."""
        rows = [body for _, body in self.store.group("standings", game)]
        return sorted(rows, key=lambda r: (-r["wins"], -(r["best"] or 0), r["name"]))

    def view(self, table_id: UUID | str, viewer: int | None) -> dict[str, Any] | None:
        return self.store.get("views", f"{table_id}:{viewer_key(viewer)}")

    def log(self, table_id: UUID | str, viewer: int | None, after: int = 0, limit: int = 100) -> list[dict[str, Any]]:
        """The table log as ``viewer`` may read it: entries after version ``after``, at most ``limit``."""
        rows = self.store.group("log", str(table_id), after_key=log_key(table_id, after), limit=limit)
        return [entry for _, row in rows if (entry := entry_for(row, viewer)) is not None]
