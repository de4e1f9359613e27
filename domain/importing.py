"""``tabletop import``: a finished game's record replayed into a new table of this service.

A record is taken in only when it verifies (``domain.record.check_record``: chain, seed, chance
outcomes) and when the table's own commands, given the recorded seats, moves, undos and the
recorded (now public) seed, record exactly the recorded payloads again: every move is played
through the rules, every chance step is drawn again from the seed, the end scores are recomputed.
The new table has a new id and its own chain (its own timestamps); nothing of the record is
trusted that the rules would not produce.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any
from uuid import UUID, uuid4

from domain.errors import DomainError, UnknownGame
from domain.games import get_game
from domain.record import check_record, payload_of
from domain.table import Table


class InvalidRecord(DomainError):
    """A record that does not verify, or that this service's rules do not replay."""

    code = "invalid_record"


def replay_record(record: Any, table_id: UUID | None = None) -> Table:
    """The new table (unsaved) that replays ``record``; ``InvalidRecord`` names the first bad version."""
    found = check_record(record)
    if not found.ok:
        at = f" at version {found.bad_version}" if found.bad_version is not None else ""
        raise InvalidRecord(f"the record does not verify{at}: {found.problem}")
    events = record["events"]
    opened = events[0]["payload"]
    newest = get_game(opened["game"])
    try:  # a table replays under the rules it was opened with, whichever versions came since
        game = get_game(opened["game"], opened["rules_version"])
    except UnknownGame:
        known = ", ".join(v.rules_version for v in newest.versions())
        raise InvalidRecord(f"the record was played under {newest.title} rules {opened['rules_version']}, "
                            f"which this service does not have (it has rules {known})") from None
    table = Table.open(
        id=table_id or uuid4(), game=game, options=opened["options"], seats=opened["seats"],
        undo_policy=opened["undo_policy"], seed=opened["seed"], forked_from=opened["forked_from"],
        initial=opened["initial"], command_id=opened["command_id"],
    )
    _same(table, events[0])
    past = {1: SimpleNamespace(game=table.game, state=table.state, chance_count=table.chance_count)}
    for event in events[1:]:
        try:
            _apply(table, event["event"], event["payload"], past)
        except DomainError as error:
            raise InvalidRecord(f"version {event['version']} does not replay: {error}") from None
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidRecord(f"version {event['version']} does not replay: {error!r}") from None
        _same(table, event)
        past[table.version] = SimpleNamespace(game=table.game, state=table.state, chance_count=table.chance_count)
    return table


def _apply(table: Table, name: str, p: dict[str, Any], past: dict[int, Any]) -> None:
    if name == "SeatTaken":
        table.take_seat(p["seat"], p["name"], p["bot"], p["command_id"], p.get("level"))  # absent: recorded before levels
    elif name == "SeatLeft":
        table.leave(p["seat"], p["command_id"])
    elif name == "GameStarted":
        table.start(p["command_id"])
    elif name == "MovePlayed":
        table.play(p["seat"], p["move"], p["command_id"])
    elif name == "ChanceResolved":
        table.resolve_chance()
    elif name == "GameFinished":
        table.finish()
    elif name == "RulesVersionAdopted":
        table.adopt_rules(p["to_version"], table.version, p["command_id"])
    elif name == "UndoRequested":
        table.request_undo(p["seat"], p["to_version"], p["needs"], p["command_id"])
    elif name == "UndoVoted":
        table.vote_undo(p["seat"], p["approve"], p["command_id"])
    elif name == "Undone":
        if p["to_version"] not in past:
            raise InvalidRecord(f"the undo goes back to version {p['to_version']}, which the record does not have")
        table.undo(p["by"], p["to_version"], p["approvals"], past[p["to_version"]], p["command_id"])
    else:
        raise InvalidRecord(f"unknown event {name!r}")


def _same(table: Table, event: dict[str, Any]) -> None:
    """The event the table just recorded is the recorded one (name and payload; the chain differs)."""
    recorded = table.pending_events[-1] if table.pending_events else None
    version = event["version"]
    if recorded is None or recorded.originator_version != version or type(recorded).__name__ != event["event"]:
        raise InvalidRecord(f"version {version} does not replay: the rules record something else there")
    mine, theirs = payload_of(recorded), event["payload"]
    mine.pop("chain_format", None)  # the new table's chain is its own
    for added in getattr(type(recorded), "upcast_fields", ()):  # recorded in an older shape: as the upcast reads it
        if added not in theirs:
            mine.pop(added, None)
    theirs = {k: v for k, v in theirs.items() if k != "chain_format"}
    if event["event"] == "GameFinished":
        for stated in ("chance_count", "final_version"):  # a record from before the end stated them
            if stated not in theirs:
                mine.pop(stated, None)
    if json.dumps(mine, sort_keys=True) != json.dumps(theirs, sort_keys=True):
        differs = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
        raise InvalidRecord(f"version {version} does not replay: the rules give a different {', '.join(differs)}")


def import_record(tables: Any, record: Any) -> UUID:
    """Replay ``record`` into a new table of the ``Tables`` application and save it; its new id."""
    table = replay_record(record)
    tables.save(table)
    return table.id
