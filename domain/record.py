"""The game record: a table's whole history as one JSON document anyone can check without our code.

The format is specified in docs/record.md (``format: "tabletop-record"``, ``format_version: 1``);
``scripts/verify_record.py`` and ``api/web/verify.js`` check it from that description alone. This
module writes it and checks it with the project's own code (``tabletop import`` refuses a record
that does not verify).

Before the end a record is its reader's own view: an event whose payload would tell the reader
something the game hides from them (the game's ``action_view`` of a move or chance outcome is not
the event itself), the ``Opened`` event (it holds the seed and a fork's starting state) and every
``Undone`` (it holds a whole state) keep their version, name, timestamp and chain fields but lose
the payload (``redacted: true``). The chain still links through them; their digests can be
recomputed once the game is over, when the record is whole and carries the seed.

The digest follows the table's ``chain_format`` (recorded in ``Opened``): format 1 hashes
``{prev, version, event, payload}``, format 2 adds the event's ``timestamp`` (its ISO string). It is
written out here from that contract rather than taken from ``domain.hashchain``, so a record is
checked by the same rule whichever format the store's code writes today.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.errors import SeatNotTaken
from domain.fairness import commitment, draw
from domain.games import get_game
from domain.games.game import CHANCE, ChanceRequest, chance_action
from domain.table import Table

FORMAT = "tabletop-record"
FORMAT_VERSION = 1
GENESIS = "0" * 64
#: Fields of a stored event that are the library's or the chain's, not the hashed payload.
UNHASHED = frozenset({"originator_id", "originator_version", "originator_topic", "timestamp", "prev_hash", "digest"})
#: The list an upcast leaves of the fields it added (the same contract as ``domain.hashchain``).
UPCAST_ADDED = "upcast_added"
#: Events whose payload holds a secret whoever reads before the end (the seed, a whole state).
ALWAYS_SECRET = ("Opened", "Undone")


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_digest(prev: str, version: int, event: str, timestamp: str, payload: Mapping[str, Any],
                 chain_format: int = 1) -> str:
    """An event's digest under the table's chain format (docs/record.md, "The hash chain")."""
    body: dict[str, Any] = {"prev": prev, "version": version, "event": event, "payload": payload}
    if chain_format >= 2:
        body["timestamp"] = timestamp
    return hashlib.sha256(canonical(body).encode("utf-8")).hexdigest()


def payload_of(event: Any) -> dict[str, Any]:
    """The hashed fields of a decoded stored event, as they were stored and read back from JSON
    (the fields an upcast added to an event stored in an older shape are not among them)."""
    fields = vars(event)
    added = fields.get(UPCAST_ADDED) or ()
    return json.loads(canonical({k: v for k, v in fields.items()
                                 if k not in UNHASHED and k != UPCAST_ADDED and k not in added}))


def build_record(events: Iterable[Any], viewer: int | None, receipt: Mapping[str, Any] | None = None,
                 latest: Table | None = None) -> dict[str, Any]:
    """The record of a table from its stored events (in version order), as ``viewer`` may read it.

    ``latest`` is the table after the last event, when the caller has it: a finished game's record
    then replays nothing (only a record before the end needs each event's prior state, to redact)."""
    events = list(events)
    if not events or not isinstance(events[0], Table.Opened):
        raise ValueError("a record starts with the table's Opened event")
    over = any(isinstance(e, Table.GameFinished) for e in events)
    opened = payload_of(events[0])
    replay = not over or latest is None or latest.version != events[-1].originator_version
    table: Table | None = None if replay else latest
    entries = []
    for event in events:
        before = None
        if replay:
            before = table.state if table is not None else None
            table = event.mutate(table)
        name = type(event).__name__
        entry: dict[str, Any] = {
            "version": event.originator_version,
            "event": name,
            "timestamp": event.timestamp.isoformat(),
            "prev_hash": event.prev_hash,
            "digest": event.digest,
        }
        if over or not _hidden(table, event, before, viewer):
            entry["redacted"] = False
            entry["payload"] = payload_of(event)
        else:
            entry["redacted"] = True
        entries.append(entry)
    last = events[-1]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "table": str(table.id),
        "game": table.game_name,
        "title": table.game.title,
        "options": opened["options"],
        "undo_policy": opened["undo_policy"],
        "rules_version": opened["rules_version"],
        "rules_label": get_game(table.game_name, opened["rules_version"]).rules_description()["label"],
        "seats": [{"seat": s, "name": p["name"] if p else None, "bot": bool(p and p["bot"])}
                  for s, p in enumerate(table.players)],
        "forked_from": opened.get("forked_from"),
        "chain_format": int(opened.get("chain_format") or 1),
        "seed_commitment": opened["seed_commitment"],
        "finished": over,
        "viewer": None if over else viewer,
        "events": entries,
        "seed": table.seed if over else None,
        "result": table.result,
        "head": {"version": last.originator_version, "digest": last.digest},
        "receipt": dict(receipt) if receipt else None,
    }


def table_record(tables: Any, table_id: Any, viewer: int | None,
                 receipt: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of a table of the ``Tables`` application as ``viewer`` (a seat or None) may read it."""
    table = tables.table(table_id)  # an unknown table is refused here
    if viewer is not None and not (isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < table.seats):
        raise SeatNotTaken(f"there is no seat {viewer!r} at this table")
    return build_record(tables.events.get(table_id, lte=table.version), viewer, receipt, latest=table)


def _hidden(table: Table, event: Any, before: Any, viewer: int | None) -> bool:
    """Whether the event's payload tells ``viewer`` something the game hides from them now."""
    name = type(event).__name__
    if name in ALWAYS_SECRET:
        return True
    game = table.game
    if isinstance(event, Table.MovePlayed):
        shown = game.action_view(before, event.seat, event.move, viewer)
        return _normal(shown) != _normal(event.move)
    if isinstance(event, Table.ChanceResolved):
        action = chance_action(ChanceRequest.from_dict(event.request), event.outcome)
        return _normal(game.action_view(before, CHANCE, action, viewer)) != _normal(action)
    return False


def _normal(value: Any) -> Any:
    return json.loads(canonical(value))


# -- checking -------------------------------------------------------------------------------------


@dataclass
class RecordCheck:
    """What checking a record found: the checks run, and the first bad version with the reason."""

    lines: list[str] = field(default_factory=list)
    bad_version: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.problem

    def fail(self, version: int | None, problem: str) -> None:
        if self.ok:
            self.bad_version, self.problem = version, problem


def check_record(record: Any) -> RecordCheck:
    """Check a finished record with the project's code: its shape, the hash chain (either format),
    the seed against its commitment and every chance outcome against the seed. The rules' own
    checks (each move legal, scores) are made by replaying it (``domain.importing``)."""
    found = RecordCheck()
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        found.fail(None, f"not a {FORMAT} document")
        return found
    if record.get("format_version") != FORMAT_VERSION:
        found.fail(None, f"record format version {record.get('format_version')!r} is not {FORMAT_VERSION}")
        return found
    events = record.get("events")
    if not isinstance(events, list) or not events:
        found.fail(None, "the record has no events")
        return found
    if any(not isinstance(e, Mapping) or e.get("redacted") or "payload" not in e for e in events):
        bad = next(e for e in events if not isinstance(e, Mapping) or e.get("redacted") or "payload" not in e)
        found.fail(bad.get("version") if isinstance(bad, Mapping) else None,
                   "the record is redacted (read before the end); only a finished table's record can be checked")
        return found
    try:
        _check_chain(record, events, found)
        if found.ok:
            _check_seed_and_chance(record, events, found)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        found.fail(found.bad_version, f"the record is malformed: {error!r}")
    return found


def _check_chain(record: Mapping[str, Any], events: list[Mapping[str, Any]], found: RecordCheck) -> None:
    opened = events[0]["payload"]
    chain_format = int(opened.get("chain_format") or 1)
    if int(record.get("chain_format") or 1) != chain_format:
        found.fail(1, "the record's chain_format differs from the one its Opened event recorded")
        return
    prev = GENESIS
    for expected, event in enumerate(events, 1):
        version = event["version"]
        if version != expected:
            found.fail(expected, f"version {expected} is missing (the record goes on at {version})")
            return
        if event["prev_hash"] != prev:
            found.fail(version, "prev_hash is not the previous event's digest")
            return
        digest = chain_digest(prev, version, event["event"], event["timestamp"], event["payload"], chain_format)
        if digest != event["digest"]:
            found.fail(version, "the event's content does not match its digest")
            return
        prev = event["digest"]
    head = record.get("head") or {}
    if head.get("version") != len(events) or head.get("digest") != prev:
        found.fail(len(events), "the record's head is not its last event")
        return
    found.lines.append(f"hash chain (format {chain_format}): {len(events)} events link from genesis to {prev}")


def _check_seed_and_chance(record: Mapping[str, Any], events: list[Mapping[str, Any]], found: RecordCheck) -> None:
    opened = events[0]["payload"]
    if events[0]["event"] != "Opened":
        found.fail(1, "the record does not start with Opened")
        return
    finished = [e for e in events if e["event"] == "GameFinished"]
    if not finished:
        found.fail(len(events) + 1, "the record has no GameFinished event: the game is not over (or was cut)")
        return
    seed = finished[-1]["payload"]["seed"]
    if record.get("seed_commitment") != opened["seed_commitment"]:
        found.fail(1, "the record's seed commitment differs from the one its Opened event recorded")
        return
    if commitment(seed) != opened["seed_commitment"] or opened.get("seed") != seed or record.get("seed") != seed:
        found.fail(finished[-1]["version"], "the revealed seed does not match the commitment")
        return
    found.lines.append(f"seed: SHA-256 of the revealed seed is the commitment {opened['seed_commitment']}")
    count, step = 0, int((opened.get("initial") or {}).get("chance_count") or 0)  # a fork goes on counting
    for event in events:
        if event["event"] == "Undone":
            step = int(event["payload"]["chance_count"])  # undone steps are drawn again with the same n
        if event["event"] != "ChanceResolved":
            continue
        p = event["payload"]
        if p["n"] != step:
            found.fail(event["version"], f"the chance step is numbered {p['n']}, the next one is {step}")
            return
        step += 1
        if p["outcome"] != draw(ChanceRequest.from_dict(p["request"]), seed, p["n"]):
            found.fail(event["version"], f"chance step {p['n']}'s outcome is not the one the seed gives")
            return
        count += 1
    found.lines.append(f"chance: {count} outcomes re-derived from the seed")
    end = finished[-1]
    stated, final = end["payload"].get("chance_count"), end["payload"].get("final_version")
    if stated is None and final is None:
        found.lines.append("end: GameFinished states no chance count (a record written before it did)")
    elif stated != step:
        found.fail(end["version"], f"the game ended after {stated} chance steps, the record holds {step}")
    elif final != end["version"]:
        found.fail(end["version"], f"the game ended at version {final}, the record puts its end at {end['version']}")
    else:
        found.lines.append(f"end: GameFinished states the {step} chance steps and its version {final}")
