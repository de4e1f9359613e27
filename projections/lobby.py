"""The lobby: every table's public summary with its free seats, grouped by status for listing.

The document is ``domain.application.summarise`` (the same public facts ``GET /api/tables/<id>``
answers; the seed only once finished) plus the free-seat count and when the table opened.

Listing newest first must not read every table ever played, so each table also has two listing
copies whose keys sort newest first (``listing_key``): one in the group of its status and one in
the group of its status and game. A page of the lobby is then one ordered, limited read per status,
and the next page starts after the last key seen. A what-if branch (``forked_from.what_if``) has
no listing copies: it is private to whoever holds its address.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from projections.base import Batch, Projection, summary_of
from projections.stores import Encoded, dumps

#: Later than any table's opening, in microseconds since 1970 (the year 2286): newest sorts first.
_FAR_FUTURE = 10**16


def listing_key(opened: str, table_id: str) -> str:
    """A key that sorts tables newest first (then by id), from the document's ``opened`` time."""
    micros = int(datetime.fromisoformat(opened).timestamp() * 1_000_000)
    return f"{_FAR_FUTURE - micros:017d}:{table_id}"


def listing_group(status: str, game: str | None = None) -> str:
    return f"~{status}" if game is None else f"~{status}:{game}"


class Lobby(Projection):
    name = "lobby"
    version = 3  # 2: the listing copies; 3: a bot seat's level

    def on_table(self, table: Any, batch: Batch) -> None:
        summary = summary_of(table, batch)
        doc = {
            **summary,
            "free_seats": sum(1 for s in summary["seats"] if s["free"]),
            "opened": table.created_on.isoformat(),
            "updated": table.modified_on.isoformat(),
        }
        table_id = str(table.id)
        # The same body under up to three keys: encoded once (the stores write its text).
        doc = Encoded(doc, dumps(doc))
        batch.put(self.name, table_id, table.status, doc)
        if (table.forked_from or {}).get("what_if"):
            return  # a what-if branch is its forker's: found by its address (a link they share), never listed
        key = listing_key(doc["opened"], table_id)
        batch.put(self.name, f"s/{key}", listing_group(table.status), doc)
        batch.put(self.name, f"g/{key}", listing_group(table.status, table.game_name), doc)
