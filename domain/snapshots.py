"""Snapshots a load can trust: each one is sealed with a key the store does not hold.

A snapshot is only a cache of the state the events give at its version, but a load that starts
from it never sees those events: someone able to edit the snapshot row would otherwise choose the
state every later read serves. So each snapshot carries ``seal = HMAC-SHA256(key, canonical JSON
of {table, version, state})`` where ``state`` is the snapshot's comparable form (below), and a
load uses a snapshot only when its seal verifies; any other one (forged, from before seals
existed, or sealed with another key) is skipped and the table is replayed from its events. The
audit checks every stored snapshot against the replayed state whatever its seal says, so a
snapshot the audit would reject can only be loaded by someone who holds the key.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import Snapshot
from eventsourcing.persistence import EventStore

from domain import hashchain
from domain.games import get_game

log = logging.getLogger(__name__)

#: The seal key of an application built without one (tests, tools): it still catches an edited
#: row, but anyone who reads this line can re-seal a forgery. Servers pass their own key.
UNKEYED = b"tabletop snapshots: no key configured"

#: Aggregate fields that are the library's bookkeeping, never part of a compared state.
_LIBRARY = frozenset({"_id", "_version", "_pending_events", "class_version"})

#: Fields a table restored from an older snapshot may lack (the code reads them with a default).
OPTIONAL = frozenset({"seated_since", "chain_format"})


@dataclass(frozen=True)
class SealedSnapshot(Snapshot):
    seal: str


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A table's fields (a snapshot's ``state``, or ``vars`` of a replayed table) as plain JSON
    values: the game state through its game's ``to_dict``, times and ids as strings."""
    fields = {k: v for k, v in state.items() if k not in _LIBRARY}
    game_state = fields.get("state")
    if game_state is not None and not isinstance(game_state, dict):
        fields["state"] = get_game(fields["game_name"], fields.get("rules_version")).to_dict(game_state)
    return hashchain.normalise_loose(fields)


def seal_of(key: bytes, table_id: Any, version: int, state: dict[str, Any]) -> str:
    body = hashchain.canonical({"table": str(table_id), "version": version, "state": comparable(state)})
    return hmac.new(key, body.encode("utf-8"), hashlib.sha256).hexdigest()


def sealed(key: bytes, table: Any) -> SealedSnapshot:
    """A sealed snapshot of ``table`` as it is now."""
    plain = Snapshot.take(table)
    return SealedSnapshot(  # type: ignore[call-arg]
        originator_id=plain.originator_id,
        originator_version=plain.originator_version,
        timestamp=plain.timestamp,
        topic=plain.topic,
        state=plain.state,
        seal=seal_of(key, plain.originator_id, plain.originator_version, plain.state),
    )


def seal_holds(key: bytes, snapshot: Any) -> bool:
    claimed = getattr(snapshot, "seal", None)
    if not isinstance(claimed, str):
        return False
    try:
        expected = seal_of(key, snapshot.originator_id, snapshot.originator_version, snapshot.state)
    except Exception:  # noqa: BLE001 - a state that cannot even be compared is not trusted
        return False
    return hmac.compare_digest(claimed, expected)


def differences(snapshot_state: dict[str, Any], replayed: dict[str, Any]) -> list[str]:
    """The fields where a snapshot differs from the replayed table at its version (``comparable``
    already); empty when none."""
    stored = comparable(snapshot_state)
    found = [k for k in sorted(set(stored) | set(replayed))
             if stored.get(k) != replayed.get(k) and not (k not in stored and k in OPTIONAL)]
    return found


class SealedSnapshotStore(EventStore):
    """The snapshot store as loads see it: a snapshot whose seal fails is never returned (the
    repository then replays the table from its events), and is logged once per load."""

    key: bytes = UNKEYED

    def get(self, originator_id: Any, *, gt: int | None = None, lte: int | None = None, desc: bool = False,
            limit: int | None = None) -> Iterator[Any]:
        found = super().get(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
        while True:
            try:
                snapshot = next(found)
            except StopIteration:
                return
            except Exception:  # noqa: BLE001 - an unreadable snapshot row: replay instead
                log.warning("a snapshot of table %s cannot be read; replaying from the events", originator_id)
                return
            if seal_holds(self.key, snapshot):
                yield snapshot
            else:
                log.warning("snapshot of table %s at version %s is not sealed by this server's key; "
                            "replaying from the events instead", originator_id, snapshot.originator_version)
