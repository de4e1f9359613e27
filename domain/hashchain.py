"""The tamper-evident chain: each table event carries the digest of the one before it.

``digest = SHA-256(canonical JSON of {prev, version, event, payload})`` where ``payload`` is the
event's own fields (everything but the library's id, version and timestamp, and the two chain
fields). Canonical JSON sorts keys, uses compact separators and UTF-8, so an auditor can
recompute it outside Python. Changing any stored field of any event breaks the chain at that
event; re-computing that digest breaks it at the next event's ``prev_hash``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = "0" * 64

#: Fields that belong to the library or to the chain itself, not to the hashed payload.
UNHASHED = frozenset({"originator_id", "originator_version", "originator_topic", "timestamp", "prev_hash", "digest"})


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def normalise(value: Any) -> Any:
    """The value as it will read back from the store (tuples become lists, keys strings)."""
    return json.loads(canonical(value))


def digest(prev_hash: str, version: int, event: str, payload: dict[str, Any]) -> str:
    body = canonical({"prev": prev_hash, "version": version, "event": event, "payload": payload})
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def payload_of(event: Any) -> dict[str, Any]:
    """The hashed fields of a stored (decoded) event."""
    return {k: v for k, v in vars(event).items() if k not in UNHASHED}
