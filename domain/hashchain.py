"""The tamper-evident chain: each table event carries the digest of the one before it.

``digest = SHA-256(canonical JSON of {prev, version, event, payload})`` where ``payload`` is the
event's own fields (everything but the library's id, version and timestamp, and the two chain
fields). Tables opened with ``chain_format: 2`` in their ``Opened`` payload (every table opened
since format 2 exists) hash ``{prev, version, event, timestamp, payload}``, the timestamp being
the event's ``timestamp.isoformat()`` in UTC, so when a move was played is covered too; tables
without ``chain_format`` keep the first form and still audit. Canonical JSON sorts keys, uses
compact separators and UTF-8, so an auditor can recompute it outside Python. Changing any stored
field of any event breaks the chain at that event; re-computing that digest breaks it at the
next event's ``prev_hash``.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

GENESIS = "0" * 64

#: The chain format of tables opened now (``Opened.chain_format``); 1 is the form without timestamps.
CHAIN_FORMAT = 2

#: Fields that belong to the library or to the chain itself, not to the hashed payload.
UNHASHED = frozenset({"originator_id", "originator_version", "originator_topic", "timestamp", "prev_hash", "digest"})


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def normalise(value: Any) -> Any:
    """The value as it will read back from the store (tuples become lists, keys strings)."""
    return json.loads(canonical(value))


def normalise_loose(value: Any) -> Any:
    """Like ``normalise``, for values holding times, ids or sets (strings; sets sorted)."""
    return json.loads(json.dumps(value, sort_keys=True, default=_plain))


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def digest(prev_hash: str, version: int, event: str, payload: dict[str, Any], timestamp: datetime | None = None) -> str:
    """The event's digest: with its timestamp (chain format 2) when one is given, else format 1."""
    hashed: dict[str, Any] = {"prev": prev_hash, "version": version, "event": event, "payload": payload}
    if timestamp is not None:
        hashed["timestamp"] = timestamp.isoformat()
    return hashlib.sha256(canonical(hashed).encode("utf-8")).hexdigest()


def chain_format(opened_payload: dict[str, Any]) -> int:
    """The chain format a table's ``Opened`` payload declares (1 when it declares none)."""
    value = opened_payload.get("chain_format")
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def event_digest(event: Any, fmt: int) -> str:
    """Recompute a stored (decoded) event's digest in chain format ``fmt``."""
    timestamp = event.timestamp if fmt >= 2 else None
    return digest(str(getattr(event, "prev_hash", None)), event.originator_version, type(event).__name__,
                  payload_of(event), timestamp)


#: Set by an event class's upcast (``Table.RulesVersionAdopted.upcast_v1_v2``): the names of the
#: fields it added to an event stored in an older shape. The event was hashed (and is exported in
#: the record) as it was stored, so those fields and this list stay out of its payload.
UPCAST_ADDED = "upcast_added"


def payload_of(event: Any) -> dict[str, Any]:
    """The hashed fields of a stored (decoded) event, as they were stored."""
    fields = vars(event)
    added = fields.get(UPCAST_ADDED) or ()
    return {k: v for k, v in fields.items() if k not in UNHASHED and k != UPCAST_ADDED and k not in added}


def upcast_adds(state: dict[str, Any], **fields: Any) -> None:
    """For an ``upcast_vN_vN+1``: add ``fields`` to a stored event's state, keeping them out of
    its hashed payload (see ``UPCAST_ADDED``)."""
    state.update(fields)
    state[UPCAST_ADDED] = [*state.get(UPCAST_ADDED, ()), *fields]
