"""Finished records of every game, forged copies of them, and signed receipts, for the verifier tests.

The records come from the application itself (``Tables`` on the in-memory store, bot seats playing
whole games, as ``tabletop demo`` does); receipts are signed here as the server signs them
(docs/record.md), with a key of the test's own.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from api.config import Settings
from api.wiring import build_tables
from domain.record import chain_digest, table_record

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "verify_record.py"
VERIFY_JS = ROOT / "api" / "web" / "verify.js"

#: One table per game and mode worth telling apart (player counts, levels, screened/open).
CONFIGS = [
    ("bunny_kingdom", 2, {}),
    ("bunny_kingdom", 4, {}),
    ("fantasy_ranch", 2, {"level": 1}),
    ("fantasy_ranch", 3, {"level": 2}),
    ("fantasy_ranch", 4, {"level": 3}),
    ("homesteaders", 2, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"}),
    ("homesteaders", 4, {}),
    ("walnut_grove", 2, {}),
    ("walnut_grove", 4, {}),
    ("tiny_duel", 3, {}),
]


def load_verifier():
    spec = importlib.util.spec_from_file_location("verify_record", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: Seat names whose canonical JSON needs care: non-ASCII, beyond the BMP, quotes, a backslash.
ODD_NAMES = ('Zoë "Ace" \\ 日本', "🎲 Dice\tBot", "Ω")


def bot_game(tables, game: str, players: int, options: dict, names=None) -> Any:
    table_id = tables.open_table(game, players, options).table_id
    for seat in range(players):
        tables.take_seat(table_id, names[seat] if names else f"bot {seat}", bot=True)
    tables.start(table_id)
    assert tables.summary(table_id)["status"] == "finished"
    return table_id


def finished_records() -> dict[str, dict]:
    """A finished record per configuration, as JSON text read back (what a client receives)."""
    tables = build_tables(Settings(store="memory"))
    try:
        out = {}
        for game, players, options in CONFIGS:
            table_id = bot_game(tables, game, players, options)
            key = f"{game}-{players}p-{'-'.join(map(str, options.values())) or 'base'}"
            out[key] = json.loads(json.dumps(table_record(tables, table_id, None)))
        table_id = bot_game(tables, "tiny_duel", 3, {}, names=ODD_NAMES)
        out["tiny_duel-odd-names"] = json.loads(json.dumps(table_record(tables, table_id, None)))
        return out
    finally:
        tables.close()


def rechain(record: dict, start: int = 1) -> dict:
    """A forger's repair: recompute every digest from ``start`` on (and the head), as the server would."""
    events = record["events"]
    chain_format = int(events[0]["payload"].get("chain_format") or 1)
    prev = events[start - 2]["digest"] if start > 1 else "0" * 64
    for event in events[start - 1:]:
        event["prev_hash"] = prev
        event["digest"] = prev = chain_digest(prev, event["version"], event["event"], event["timestamp"],
                                              event["payload"], chain_format)
    record["head"] = {"version": events[-1]["version"], "digest": prev}
    return record


def chance_events(record: dict) -> list[dict]:
    return [e for e in record["events"] if e["event"] == "ChanceResolved"]


def forge_outcome(record: dict, repair: bool) -> tuple[dict, int]:
    """One chance outcome changed (two items swapped, or a die turned); the version changed."""
    forged = copy.deepcopy(record)
    event = next(e for e in chance_events(forged) if len(set(map(json.dumps, e["payload"]["outcome"]))) > 1
                 or e["payload"]["request"]["kind"] == "roll")
    outcome = event["payload"]["outcome"]
    if event["payload"]["request"]["kind"] == "roll":
        outcome[0] = outcome[0] % event["payload"]["request"]["sides"] + 1
    else:
        i = next(i for i in range(1, len(outcome)) if outcome[i] != outcome[0])
        outcome[0], outcome[i] = outcome[i], outcome[0]
    return (rechain(forged, event["version"]) if repair else forged), event["version"]


def forge_removed(record: dict, renumber: bool, kind: str = "MovePlayed", rewrite_end: bool = False) -> tuple[dict, int]:
    """One event of ``kind`` removed from the middle; with ``renumber`` the forger renumbers and
    re-chains the rest, with ``rewrite_end`` also making ``GameFinished`` state one version (and, for
    a chance step, one step) fewer. The removed event's version."""
    forged = copy.deepcopy(record)
    events = forged["events"]
    if kind == "ChanceResolved":  # one before the last (the last one cut is forge_cut_tail)
        chances = chance_events(forged)
        gone = chances[(len(chances) - 1) // 2]["version"]
    else:
        gone = next(e for e in events[len(events) // 2:] if e["event"] == kind)["version"]
    del events[gone - 1]
    if renumber:
        for event in events[gone - 1:]:
            event["version"] -= 1  # a later chance step keeps its n: the numbering now skips one
        if rewrite_end:
            end = next(e for e in events if e["event"] == "GameFinished")
            end["payload"]["final_version"] -= 1
            if kind == "ChanceResolved":
                end["payload"]["chance_count"] -= 1
        rechain(forged, gone)
    else:
        forged["head"] = {"version": events[-1]["version"], "digest": events[-1]["digest"]}
    return forged, gone


def forge_cut_tail(record: dict, rewrite_end: bool) -> tuple[dict, int]:
    """The last chance step removed, the events after it renumbered and the chain re-computed; with
    ``rewrite_end`` the forger also makes ``GameFinished`` state one chance step and one version
    fewer. The version where a verifier should find it: the end's (it now stands one earlier)."""
    forged = copy.deepcopy(record)
    events = forged["events"]
    gone = chance_events(forged)[-1]["version"]
    del events[gone - 1]
    for event in events[gone - 1:]:
        event["version"] -= 1
    end = next(e for e in events if e["event"] == "GameFinished")
    if rewrite_end:
        end["payload"]["chance_count"] -= 1
        end["payload"]["final_version"] -= 1
    rechain(forged, gone)
    return forged, end["version"]


def forge_scores(record: dict) -> tuple[dict, int]:
    """The winner's total raised by one in ``GameFinished``, the chain re-computed from there."""
    forged = copy.deepcopy(record)
    end = next(e for e in forged["events"] if e["event"] == "GameFinished")
    totals = end["payload"]["scores"]["totals"]
    seat = next(iter(totals))
    totals[seat] += 1
    return rechain(forged, end["version"]), end["version"]


def as_written_before_the_end_stated_its_count(record: dict) -> dict:
    """The record as a table finished before ``GameFinished`` stated ``chance_count`` and
    ``final_version`` records it (its digests never hashed them)."""
    old = copy.deepcopy(record)
    end = next(e for e in old["events"] if e["event"] == "GameFinished")
    del end["payload"]["chance_count"], end["payload"]["final_version"]
    return rechain(old, end["version"])


def forge_seed(record: dict) -> tuple[dict, int]:
    """A different seed revealed everywhere it shows, the chain re-computed over it."""
    forged = copy.deepcopy(record)
    seed = hashlib.sha256(b"another seed").hexdigest()
    forged["seed"] = seed
    forged["events"][0]["payload"]["seed"] = seed
    finished = next(e for e in forged["events"] if e["event"] == "GameFinished")
    finished["payload"]["seed"] = seed
    return rechain(forged), finished["version"]


def truncate(record: dict, keep: int) -> dict:
    """The record cut after version ``keep`` (what a server hiding the later events would serve)."""
    cut = copy.deepcopy(record)
    cut["events"] = cut["events"][:keep]
    cut["head"] = {"version": keep, "digest": cut["events"][-1]["digest"]}
    cut["finished"], cut["seed"], cut["result"] = False, None, None
    return cut


class Signer:
    """Signs table heads as the server does: Ed25519 over canonical {head, table, version}."""

    def __init__(self) -> None:
        self.key = Ed25519PrivateKey.generate()
        self.public = self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public_hex = self.public.hex()
        self.key_id = hashlib.sha256(self.public).hexdigest()[:16]

    def receipt(self, table: str, version: int, head: str) -> dict:
        message = json.dumps({"head": head, "table": table, "version": version}, sort_keys=True,
                             separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        return {"table": table, "version": version, "head": head, "key_id": self.key_id,
                "signature": self.key.sign(message).hex()}

    def of(self, record: dict, version: int) -> dict:
        return self.receipt(record["table"], version, record["events"][version - 1]["digest"])
