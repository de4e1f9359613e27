"""The audit: re-derive a table from its stored events and check every guarantee it makes.

Each check reports pass or the first version where it fails, so an auditor knows exactly where
to look: the hash chain (in the table's chain format: with timestamps from format 2), the seed
against its commitment (once revealed), every chance outcome against the seed, every move's
legality when it was played, every undo's restored state, the final scores, every stored
snapshot against the table replayed to its version, and the chain against signed receipts the
caller holds (a receipt for a version the store no longer has reveals a truncated history). The rules are replayed here directly, not through the aggregate, so a tampered or
illegal event is reported instead of making the table unloadable. The report never contains the
seed or any game state, so it is safe to show before the game ends.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain import hashchain
from domain.fairness import commitment, draw
from domain.games import get_game
from domain.games.game import ChanceRequest
from domain.snapshots import comparable, differences
from domain.table import Table

CHECKS = ("hash_chain", "seed", "chance", "moves", "undo", "final_scores", "snapshots", "receipts")


@dataclass
class Check:
    name: str
    ok: bool | None = True  # None: not applicable yet (e.g. the seed before the end)
    version: int | None = None
    detail: str = ""

    def fail(self, version: int, detail: str) -> None:
        if self.ok is not False:
            self.ok, self.version, self.detail = False, version, detail


@dataclass
class AuditReport:
    events: int = 0
    head_hash: str = hashchain.GENESIS
    checks: dict[str, Check] = field(default_factory=lambda: {name: Check(name) for name in CHECKS})

    @property
    def ok(self) -> bool:
        return all(check.ok is not False for check in self.checks.values())

    @property
    def first_bad_version(self) -> int | None:
        bad = [c.version for c in self.checks.values() if c.ok is False and c.version is not None]
        return min(bad) if bad else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "events": self.events,
            "head_hash": self.head_hash,
            "first_bad_version": self.first_bad_version,
            "checks": [vars(c) for c in self.checks.values()],
        }


def audit_events(decoded: Iterable[tuple[int, Any]], anchors: Iterable[tuple[int, str]] = (),
                 snapshots: Iterable[tuple[int, Any]] = ()) -> AuditReport:
    """Audit ``(version, event-or-decoding-error)`` pairs in version order, the stored
    ``(version, snapshot-or-decoding-error)`` pairs, and authenticated ``(version, head)`` anchors."""
    report = AuditReport()
    checks = report.checks
    snapshots = sorted(snapshots, key=lambda pair: pair[0])
    snapshot_versions = {v for v, _ in snapshots}
    replay_upto = max(snapshot_versions, default=0)
    replayed: Any = None  # the aggregate itself, replayed only as far as the last snapshot
    tables_at: dict[int, dict[str, Any]] = {}
    digests: dict[int, str] = {}
    fmt = 1
    prev = hashchain.GENESIS
    opened: Any = None
    game = None
    state: Any = None
    count = 0
    states: dict[int, Any] = {}
    finished: Any = None
    for version, event in decoded:
        report.events += 1
        if isinstance(event, Exception):
            checks["hash_chain"].fail(version, f"the stored event cannot be read: {event}")
            break
        payload = hashchain.payload_of(event)
        if version == 1:
            fmt = hashchain.chain_format(payload)
        claimed_prev, claimed = getattr(event, "prev_hash", None), getattr(event, "digest", None)
        if claimed_prev != prev:
            checks["hash_chain"].fail(version, "prev_hash does not match the previous event's digest")
        try:
            recomputed = hashchain.event_digest(event, fmt)
        except Exception:  # noqa: BLE001 - e.g. a timestamp that is not a time
            recomputed = None
        if recomputed != claimed:
            checks["hash_chain"].fail(version, "the event's content does not match its digest")
        prev = str(claimed)
        digests[version] = prev
        if version <= replay_upto and (replayed is not None or version == 1):
            try:
                replayed = event.mutate(None if version == 1 else replayed)
                if version in snapshot_versions:
                    tables_at[version] = comparable(vars(replayed))
            except Exception:  # noqa: BLE001 - reported by the checks below; snapshots past it cannot be compared
                replayed = None
        try:
            if isinstance(event, Table.Opened):
                opened, game = event, get_game(event.game, event.rules_version)
                count = int((event.initial or {}).get("chance_count", 0))
            elif isinstance(event, Table.RulesVersionAdopted):
                game = get_game(game.name, event.to_version)
            elif isinstance(event, Table.GameStarted):
                initial = opened.initial or {}
                state = game.from_dict(initial["state"]) if "state" in initial else game.setup(opened.seats, opened.options)
            elif isinstance(event, Table.MovePlayed):
                try:
                    state = game.play(state, event.seat, event.move)
                except Exception as error:  # noqa: BLE001 - any refusal is the finding
                    checks["moves"].fail(version, f"seat {event.seat}'s move was not legal: {error}")
            elif isinstance(event, Table.ChanceResolved):
                expected = game.chance(state).to_dict()
                if event.n != count:
                    checks["chance"].fail(version, f"chance step numbered {event.n}, expected {count}")
                elif event.request != expected:
                    checks["chance"].fail(version, "the chance request is not the one the rules asked for")
                elif event.outcome != draw(ChanceRequest.from_dict(event.request), opened.seed, event.n):
                    checks["chance"].fail(version, "the outcome is not the one the seed gives")
                state = game.resolve_chance(state, event.outcome)
                count = event.n + 1
            elif isinstance(event, Table.Undone):
                past = states.get(event.to_version)
                # the state as stored (a game whose to_dict holds tuples reads back lists)
                if past is None or hashchain.normalise(game.to_dict(past[0])) != event.state or past[1] != event.chance_count:
                    checks["undo"].fail(version, f"the restored state is not the state at version {event.to_version}")
                state, count = game.from_dict(event.state), event.chance_count
            elif isinstance(event, Table.GameFinished):
                finished = event
                if getattr(event, "chance_count", None) not in (None, count):
                    checks["chance"].fail(version, f"the end states {event.chance_count} chance steps, the history holds {count}")
                if event.scores != game.scores(state).to_dict():
                    checks["final_scores"].fail(version, "the recorded scores differ from the replayed game's")
        except Exception as error:  # noqa: BLE001 - a broken history must be reported, not crash the audit
            checks["moves"].fail(version, f"the history cannot be replayed here: {error}")
        states[version] = (state, count)
    report.head_hash = prev
    _check_snapshots(checks["snapshots"], snapshots, tables_at)
    _check_receipts(checks["receipts"], list(anchors), digests)
    if opened is None:
        checks["hash_chain"].fail(1, "the table has no Opened event")
    if finished is None:
        checks["seed"].ok = None
        checks["seed"].detail = "the seed is revealed when the game ends"
        checks["final_scores"].ok = None
    elif opened is not None and (finished.seed != opened.seed or commitment(finished.seed) != opened.seed_commitment):
        checks["seed"].fail(finished.originator_version, "the revealed seed does not match the commitment")
    return report


def _check_snapshots(check: Check, snapshots: list[tuple[int, Any]], tables_at: dict[int, dict[str, Any]]) -> None:
    """Every stored snapshot must equal the table replayed from the events to its version."""
    for version, snapshot in snapshots:
        if isinstance(snapshot, Exception):
            check.fail(version, f"the snapshot at version {version} cannot be read: {snapshot}")
            continue
        replayed = tables_at.get(version)
        if replayed is None:
            check.fail(version, f"the snapshot at version {version} has no replayable event history to match")
            continue
        try:
            differ = differences(snapshot.state, replayed)
        except Exception as error:  # noqa: BLE001 - a state that cannot be compared is a finding
            differ = [f"unreadable ({error})"]
        if differ:
            check.fail(version, f"the snapshot at version {version} differs from the replayed table in: {', '.join(differ)}")
    if check.ok:
        check.detail = f"{len(snapshots)} stored snapshot(s) match the replayed table"


def _check_receipts(check: Check, anchors: list[tuple[int, str]], digests: dict[int, str]) -> None:
    """Each authenticated ``(version, head)`` must still be in the chain: a missing version means
    the history was cut short, another digest that it was rewritten."""
    if not anchors:
        check.ok = None
        check.detail = "no receipt given: events removed from the end are found only against a later receipt"
        return
    last = max(digests, default=0)
    for version, head in sorted(anchors):
        if version > last:
            check.fail(last + 1, f"a signed receipt shows version {version} but the stored history ends at version "
                                 f"{last}: events {last + 1} to {version} were removed")
        elif digests.get(version) != head:
            check.fail(version, f"the event at version {version} is not the one the signed receipt was given for")
    if check.ok:
        check.detail = f"{len(anchors)} signed receipt(s) match the chain (up to version {max(v for v, _ in anchors)})"
