"""What every read model shares: the batch it writes into and the two hooks the runner calls.

A projection is game-agnostic: it sees ``Table`` events and the table aggregate the runner keeps
up to date beside them, and asks the game (``player_view``, ``scores``, ``describe``) for anything
game-specific, so hidden information is stripped in the same single place as everywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from domain.application import summarise
from projections.stores import ReadStore, Writes


class Batch:
    """The documents one batch of events changes; committed with the tracking rows at once.

    ``base``: the writes of the batch before, while another thread is still committing them; this
    batch reads through them, so it sees exactly what it would see had that commit finished.
    """

    def __init__(self, store: ReadStore, base: Writes | None = None) -> None:
        self.store = store
        self.base: Writes = base or {}
        self.writes: dict[tuple[str, str], tuple[str, dict] | None] = {}
        self._groups: dict[tuple[str, str], dict[str, dict]] = {}
        #: Per-batch working space a projection may use between ``on_event`` and ``on_table``.
        self.scratch: dict[Any, Any] = {}
        #: Stored documents read ahead for the whole batch (``prefetch``); None: known missing.
        self._fetched: dict[tuple[str, str], dict | None] = {}

    def _pending(self, model: str, key: str) -> tuple[bool, dict | None]:
        for writes in (self.writes, self.base):
            if (model, key) in writes:
                value = writes[(model, key)]
                return True, None if value is None else value[1]
        return False, None

    def get(self, model: str, key: str) -> dict | None:
        found, body = self._pending(model, key)
        if found:
            return body
        if (model, key) in self._fetched:
            return self._fetched[(model, key)]
        return self.store.get(model, key)

    def prefetch(self, model: str, keys: Iterable[str]) -> None:
        """Read the stored documents of ``keys`` that ``get`` will ask for, in one read for the
        batch instead of one per document (what the batch itself writes still comes first)."""
        wanted = [k for k in dict.fromkeys(keys) if (model, k) not in self._fetched]
        if not wanted:
            return
        found = self.store.get_many(model, wanted)
        for key in wanted:
            self._fetched[(model, key)] = found.get(key)

    def lookup(self, model: str, grp: str, key: str) -> dict | None:
        """``get`` for documents that never change group: the group is read once per batch
        (one query instead of one per document, which is what makes a rebuild fast on PostgreSQL)."""
        found, body = self._pending(model, key)
        if found:
            return body
        cached = self._groups.get((model, grp))
        if cached is None:
            cached = self._groups[(model, grp)] = dict(self.store.group(model, grp))
        return cached.get(key)

    def put(self, model: str, key: str, grp: str, body: dict) -> None:
        self.writes[(model, key)] = (grp, body)

    def delete(self, model: str, key: str) -> None:
        self.writes[(model, key)] = None

    def group(self, model: str, grp: str) -> list[tuple[str, dict]]:
        rows = dict(self.store.group(model, grp))
        for writes in (self.base, self.writes):
            for (m, key), value in writes.items():
                if m != model:
                    continue
                if value is not None and value[0] == grp:
                    rows[key] = value[1]
                else:
                    rows.pop(key, None)
        return sorted(rows.items())


@dataclass
class Step:
    """One table event with the table right after it and what it looked like just before.

    ``history()`` reads the table's events up to and including this one from the store (for
    the rare read model that must re-render a whole table, e.g. the log when a game ends).
    """

    event: Any
    table: Any
    before_state: Any
    before_players: list
    history: Callable[[], Iterable[Any]]


class Projection:
    """A read model. ``on_event`` sees every event; ``on_table`` the latest table once per batch."""

    name = ""
    #: True when every document belongs to one table, so partitioned workers can each keep the
    #: documents of their own tables. A model over many tables (standings) runs in partition 0.
    per_table = True
    #: The shape of this model's documents. Raise it when a change needs documents this code did
    #: not write: a store built by an older version is then rebuilt on start (``Projector.upgrade``).
    version = 1

    def prefetch(self, table_ids: list[Any], batch: Batch) -> None:
        """Before a batch: read ahead (``Batch.prefetch``) what ``on_event`` will read for these
        tables (the batch's own, in the order first seen)."""

    def wants(self, event: Any) -> bool:
        """Whether ``on_event`` does anything with this event (a model over many tables, run in
        partition 0, then loads another partition's table only for the events it needs)."""
        return True

    def on_event(self, step: Step, batch: Batch) -> None:
        """Record what this event adds (log lines, finished games)."""

    def on_table(self, table: Any, batch: Batch) -> None:
        """Record the latest state of a table this batch touched (lists, views, live scores)."""


def viewers(table: Any) -> list[int | None]:
    """Every viewer of a table: the spectator, then each seat."""
    return [None, *range(table.seats)]


def readers(table: Any) -> list[int | None]:
    """The viewers anyone can read as: the spectator, then each seat a person holds. A seat token
    is refused once its seat is free or played by a bot (``api.auth``), and bots decide from views
    of their own in the command, so documents for those seats would be written for nobody: at a
    table of one person and three bots, three of every five views and log entries."""
    return seated_readers(table.players)


def seated_readers(players: list) -> list[int | None]:
    """``readers`` of a table whose seats are ``players`` (the seats as they were at an event)."""
    return [None, *(s for s, p in enumerate(players) if p is not None and not p.get("bot"))]


def summary_of(table: Any, batch: Batch) -> dict:
    """``domain.application.summarise`` of the table as the batch leaves it, once per table per
    batch: the lobby and the views both store it (each ``on_table`` gets the same table object,
    unchanged between them). Callers must not change it (they copy or encode it)."""
    key = ("summary", table.id)
    cached = batch.scratch.get(key)
    if cached is not None and cached[0] is table and cached[1] == table.version:
        return cached[2]
    summary = summarise(table)
    batch.scratch[key] = (table, table.version, summary)
    return summary


def viewer_key(viewer: int | None) -> str:
    return "spectator" if viewer is None else str(viewer)
