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

The bytes hashed are the standard library's ``json.dumps(..., sort_keys=True, separators=(",", ":"),
ensure_ascii=False)`` encoded as UTF-8 (``canonical``), the contract an auditor recomputes
(docs/audit.md). A new event's payload and digest are encoded once, by orjson, when the payload
holds only what orjson writes byte for byte as that (``fast_bytes``); anything else is encoded by
``canonical`` as before.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

import orjson

GENESIS = "0" * 64

#: The chain format of tables opened now (``Opened.chain_format``); 1 is the form without timestamps.
CHAIN_FORMAT = 2

#: Fields that belong to the library or to the chain itself, not to the hashed payload.
UNHASHED = frozenset({"originator_id", "originator_version", "originator_topic", "timestamp", "prev_hash", "digest"})


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


#: How deep ``fast_bytes`` looks before leaving a value to ``canonical`` (orjson refuses 255 levels).
FAST_DEPTH = 64


def fast_bytes(value: Any) -> bytes | None:
    """``canonical(value)`` as UTF-8, written by orjson, when that is proven the same bytes; else None.

    Why: the chain encoded every event three times with the standard library (``normalise``'s
    dumps and loads, the digest's dumps), 5.7 % of a move's POST (docs/command-path.md, thirteenth
    session); orjson writes a move's payload about ten times faster. Its bytes equal
    ``canonical``'s for dicts with ``str`` keys (sorted by code point, which UTF-8's byte order
    keeps), lists, tuples, ``str`` (every code point but the surrogates, which neither writes
    as UTF-8, is written alike: checked for all of them), ``int`` within 64 bits, ``bool`` and
    None, each of exactly that type. So anything else gives None and the caller falls back to
    ``canonical``: a non-str key (Python sorts ``2`` before ``10``, their text the other way), an
    int beyond 64 bits (orjson refuses it), a float (orjson writes ``1e16`` where Python writes
    ``1e+16``, ``null`` for ``NaN``), a subclass (``IntEnum``, a ``str`` subclass), any other type,
    a value nested deeper than ``FAST_DEPTH`` or circular."""
    if not _plain_json(value, 0):
        return None
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:  # an int beyond 64 bits, a lone surrogate
        return None


def _plain_json(value: Any, depth: int) -> bool:
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return True
    if depth >= FAST_DEPTH:
        return False
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str or not _plain_json(item, depth + 1):
                return False
        return True
    if kind is list or kind is tuple:
        for item in value:
            if not _plain_json(item, depth + 1):
                return False
        return True
    return False


def normalise(value: Any) -> Any:
    """The value as it will read back from the store (tuples become lists, keys strings)."""
    text = fast_bytes(value)
    return orjson.loads(text) if text is not None else json.loads(canonical(value))


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
    return _digest(prev_hash, version, event, payload, fast_bytes(payload), timestamp)


def sealed(prev_hash: str, version: int, event: str, fields: dict[str, Any],
           timestamp: datetime | None = None) -> tuple[dict[str, Any], str]:
    """A new event's payload (``normalise(fields)``) and its digest (``digest`` of that payload),
    the payload encoded once for both when ``fast_bytes`` can write it."""
    text = fast_bytes(fields)
    payload = orjson.loads(text) if text is not None else json.loads(canonical(fields))
    return payload, _digest(prev_hash, version, event, payload, text, timestamp)


def _digest(prev_hash: str, version: int, event: str, payload: dict[str, Any], text: bytes | None,
            timestamp: datetime | None) -> str:
    """``digest``, given the payload's ``fast_bytes`` (None: the whole body by ``canonical``)."""
    stamp = timestamp.isoformat() if timestamp is not None else None
    if text is not None and type(prev_hash) is str and type(version) is int and type(event) is str and (
            stamp is None or type(stamp) is str):
        hashed: dict[str, Any] = {"prev": prev_hash, "version": version, "event": event,
                                  "payload": orjson.Fragment(text)}
        if stamp is not None:
            hashed["timestamp"] = stamp
        return hashlib.sha256(orjson.dumps(hashed, option=orjson.OPT_SORT_KEYS)).hexdigest()
    hashed = {"prev": prev_hash, "version": version, "event": event, "payload": payload}
    if stamp is not None:
        hashed["timestamp"] = stamp
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
