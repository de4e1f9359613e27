"""The read side the routes use: tables in the lobby, a table's scoreboard, its human-readable log.

Each is one function that finds its own source through ``api.wiring``/``api.live``: the read
models (projections) when they run, else the event store through the process's ``Tables``
(``TABLETOP_PROJECTIONS=off``, and any answer the read models cannot give, such as a score at a past
version or a table they have not seen yet, whose refusal then comes from the application).

Read-your-writes: a client passes the ``position`` a command just returned and the read waits,
bounded, until the read models have processed it. In the embedded mode (projections in a thread
of this very process) every read waits for the log's head, so a single-process service reads its
own writes without asking.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask_smorest import abort

from api import live, wiring
from api.errors import NotCaughtUp
from domain.score_history import with_last
from projections.queries import ReadModels

#: How long a read waits for the read models to reach a position (seconds).
WAIT_S = 2.0


def _read_models(position: int | None) -> ReadModels | None:
    models = live.read_models()
    if models is None:
        return None
    if position is not None or live.embedded():
        head = wiring.tables().recorder.max_notification_id() or 0
        target = wait_target(position, head)
        if not models.wait(target, timeout=WAIT_S) and position is not None:
            # The client asked to read its own write: a stale answer would look like a lost command.
            raise NotCaughtUp(f"the read models have not reached position {target} within {WAIT_S:g} s; retry shortly")
    return models


def wait_target(position: int | None, head: int) -> int:
    """What a read waits for: the client's position, never past the log's head (it could not be
    reached: a position from another store, or made up); the head itself when none is given."""
    return head if position is None else min(position, head)


def list_tables(*, status: str | None = None, game: str | None = None, limit: int = 50,
                after: UUID | None = None, position: int | None = None) -> list[dict[str, Any]]:
    """Public summaries of tables, newest first, filtered by status and game, after a given table."""
    models = _read_models(position)
    if models is not None:
        try:
            return models.tables(status, game, limit, after)
        except LookupError as error:
            _unknown_cursor(error)
    tables = wiring.tables()
    ids = list(reversed(list(tables.table_ids())))
    if after is not None:
        if after not in ids:
            _unknown_cursor(LookupError(f"there is no table {after} to list after"))
        ids = ids[ids.index(after) + 1:]
    found = []
    for table_id in ids:
        summary = tables.summary(table_id)
        if (status is None or summary["status"] == status) and (game is None or summary["game"] == game):
            found.append(summary)
            if len(found) >= limit:
                break
    return found


def _unknown_cursor(error: LookupError) -> None:
    abort(422, message="some fields are missing or invalid; see errors", messages={"query": {"after": [str(error)]}})


def scoreboard(table_id: UUID, version: int | None = None, position: int | None = None) -> dict[str, Any]:
    """Live (or final) totals with the per-source breakdown, now or at ``version``."""
    models = _read_models(position) if version is None else None
    board = models.scores(table_id) if models is not None else None
    if board is not None:
        return board["scores"]
    return wiring.tables().scores(table_id, version)


def score_history(table_id: UUID, position: int | None = None) -> dict[str, Any]:
    """Every seat's total at each version where one changed, plus the first and the last version."""
    models = _read_models(position)
    if models is not None and models.table(table_id) is not None:
        doc = models.score_history(table_id)
        points = with_last(doc["points"], doc["version"]) if doc is not None else []
    else:
        points = wiring.tables().score_history(table_id)
    return {"table": table_id, "points": points}


def human_log(table_id: UUID, viewer: int | None, *, after: int = 0,
              limit: int = 100, position: int | None = None) -> list[dict[str, Any]]:
    """One sentence per event as ``viewer`` may read it, its facts' sentences under it; undone events are marked."""
    models = _read_models(position)
    if models is not None and models.table(table_id) is not None:
        entries = models.log(table_id, viewer, after=after, limit=limit)
    else:
        entries = [e.to_dict() for e in wiring.tables().log(table_id, viewer, after=after, limit=limit)]
    return [_line(e) for e in entries]


def _line(entry: dict[str, Any]) -> dict[str, Any]:
    """A log line; ``facts``, the sentences to show under it, only when the event set anything off."""
    line = {"version": entry["version"], "text": entry["text"], "undone": entry["undone"]}
    if entry.get("facts"):
        line["facts"] = [f["text"] for f in entry["facts"]]
    return line
