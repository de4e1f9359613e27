"""Scoreboards: live per table (totals and breakdown after every event), its history, and per
game and player.

The live board asks the game's ``scores`` (the same numbers ``GET .../scores`` shows); the history
keeps every seat's total at each version where one changed (``domain.score_history``), so a chart
reads one document instead of replaying the table. The standings count finished games only, per
player name: played, wins and best total.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Any

from domain.score_history import STATE_EVENTS, add_point
from domain.table import Table
from projections.base import Batch, Projection, Step


def scores_of(table: Any, batch: Batch) -> Any:
    """The game's ``scores`` of the table's state now, computed once per state per batch: the
    history (each event) and the live board (each batch's end) share it. Keyed by the state object
    itself: every move and chance outcome makes a new one, so a stale entry is never taken."""
    key = ("scores_of", table.id)
    cached = batch.scratch.get(key)
    if cached is not None and cached[0] is table.state:
        return cached[1]
    scores = table.game.scores(table.state)
    batch.scratch[key] = (table.state, scores)
    return scores


class TableScores(Projection):
    name = "scores"

    def on_table(self, table: Any, batch: Batch) -> None:
        if table.state is None:
            return
        batch.put(self.name, str(table.id), table.game_name, {
            "table": str(table.id),
            "game": table.game_name,
            "version": table.version,
            "status": table.status,
            "names": {str(s): p["name"] if p else None for s, p in enumerate(table.players)},
            "scores": scores_of(table, batch).to_dict(),
        })


class ScoreHistory(Projection):
    """Per table: ``{"table", "version", "points"}``, the points where some total changed.

    ``version`` is the table's last version; a reader closes the line there (``with_last``).

    The model keeps the document it last wrote for each table it follows (``KEPT`` tables), so a
    batch extends it without reading it back: at one table a batch is about one command, and the
    read was a statement and a decode of its own per batch. A kept document is used only for the
    very table object it was written from (the runner's, mutated event by event), at the version
    just before the batch's first event of that table; a document is a function of the table's
    events up to its version, so it is then the stored one, whoever stored it. Anything else (a
    table loaded again, a batch retried after a failed commit, another worker's progress) reads
    the stored document, as before.
    """

    name = "score_history"
    #: Tables whose last document is kept (the least recently extended dropped first).
    KEPT = 4096

    def __init__(self) -> None:
        self._kept: OrderedDict[Any, tuple[weakref.ref, int, dict]] = OrderedDict()

    def prefetch(self, table_ids: list[Any], batch: Batch) -> None:
        # each table's first event reads its doc, unless it is kept (checked again in ``on_event``)
        kept = self._kept
        batch.prefetch(self.name, [str(t) for t in table_ids if t not in kept or kept[t][0]() is None])

    def on_event(self, step: Step, batch: Batch) -> None:
        table = step.table
        if table.state is None:
            return
        key = (self.name, table.id)
        doc = batch.scratch.get(key)
        if doc is None:  # first event of this table in the batch: extend a copy of what is stored
            stored = self._stored(table, step.event.originator_version - 1, batch)
            doc = batch.scratch[key] = {"table": str(table.id), "version": 0,
                                        "points": list(stored["points"]) if stored else []}
        if isinstance(step.event, STATE_EVENTS):  # ``step.table`` is the table right after this event
            totals = {str(seat): int(v) for seat, v in scores_of(table, batch).totals.items()}
            add_point(doc["points"], step.event.originator_version, totals)
        doc["version"] = step.event.originator_version

    def _stored(self, table: Any, version: int, batch: Batch) -> dict | None:
        """The table's document as of ``version``: the kept one when it is that (see the class)."""
        kept = self._kept.get(table.id)
        if kept is not None and kept[0]() is table and kept[1] == version:
            return kept[2]
        return batch.get(self.name, str(table.id))

    def on_table(self, table: Any, batch: Batch) -> None:
        doc = batch.scratch.pop((self.name, table.id), None)
        if doc is not None:
            batch.put(self.name, str(table.id), table.game_name, doc)
            self._kept[table.id] = (weakref.ref(table), doc["version"], doc)
            self._kept.move_to_end(table.id)
            if len(self._kept) > self.KEPT:
                self._kept.popitem(last=False)


class Standings(Projection):
    name = "standings"
    per_table = False

    def wants(self, event: Any) -> bool:
        return isinstance(event, Table.GameFinished)

    def on_event(self, step: Step, batch: Batch) -> None:
        if not isinstance(step.event, Table.GameFinished):
            return
        for key, game, result in finished_results(step.event, step.table):
            batch.put(self.name, key, game, fold(batch.lookup(self.name, game, key), result))


def finished_results(event: Any, table: Any) -> list[tuple[str, str, dict]]:
    """``(key, game, result)`` per player name of a finished table: what it adds to the standings.

    A name that held several seats counts one game, won if any of its seats won, with its best total.
    """
    results: dict[str, dict] = {}
    for seat, total in event.scores["totals"].items():
        player = table.players[int(seat)]
        if player is None:
            continue
        mine = results.setdefault(player["name"], {"game": table.game_name, "name": player["name"], "won": False,
                                                   "best": total, "bot": player["bot"], "table": str(table.id)})
        mine["won"] = mine["won"] or int(seat) in event.winners
        mine["best"] = max(mine["best"], total)
    return [(f"{table.game_name}:{name}", table.game_name, result) for name, result in results.items()]


def fold(row: dict | None, result: dict) -> dict:
    """A standings row with one more finished game in it (results are folded in log order)."""
    row = dict(row) if row is not None else {"game": result["game"], "name": result["name"], "played": 0, "wins": 0,
                                             "best": None, "bot": result["bot"]}
    row["played"] += 1
    row["wins"] += int(result["won"])
    row["best"] = result["best"] if row["best"] is None else max(row["best"], result["best"])
    row["last_table"] = result["table"]
    return row
