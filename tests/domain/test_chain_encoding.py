"""The chain's digests are the audit's contract (docs/audit.md): the UTF-8 of the standard
library's ``json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)``. orjson writes
a new event's payload and digest (``hashchain.sealed``) only where its bytes are those; these
tests hold every event of seeded games, each fallback, every code point and digests written
before it to the standard library's bytes."""

from __future__ import annotations

import enum
import hashlib
import json
import random
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest

from domain import application, hashchain
from domain.application import Tables
from domain.errors import UndoRefused, UnknownVersion
from domain.importing import import_record
from domain.record import check_record, table_record
from tests.rules.tables import SEEDS, open_bot_table, seed_hex


def stdlib(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sealed_before(prev: str, version: int, event: str, fields: dict[str, Any],
                  timestamp: datetime | None = None) -> tuple[Any, str]:
    """``Table.trigger_event``'s payload and digest as they were computed before orjson: the
    standard library's dumps and loads, then its dumps of the hashed object."""
    payload = json.loads(stdlib(fields))
    hashed = {"prev": prev, "version": version, "event": event, "payload": payload}
    if timestamp is not None:
        hashed["timestamp"] = timestamp.isoformat()
    return payload, hashlib.sha256(stdlib(hashed).encode("utf-8")).hexdigest()


def same_json(a: Any, b: Any) -> bool:
    """Equal as stored: the same text in the same key order (``==`` alone takes 1 == 1.0 == True)."""
    return json.dumps(a) == json.dumps(b) and a == b


@pytest.fixture
def recorded_seals(monkeypatch):
    """Every ``hashchain.sealed`` call of the test, with what it returned."""
    calls: list[tuple[tuple, tuple]] = []
    real = hashchain.sealed

    def spy(*args: Any) -> Any:
        out = real(*args)
        calls.append((args, out))
        return out

    monkeypatch.setattr(hashchain, "sealed", spy)
    seeds = iter(range(10**6))
    monkeypatch.setattr(application, "new_seed", lambda: hashlib.sha256(f"chain-{next(seeds)}".encode()).hexdigest())
    return calls


def play_with_everything(tables: Tables, game: str, seats: int, seed: int) -> Any:
    """A seeded table of ``game``: two people and bots; a seat left before the start and taken
    again; an undo asked across the other person's move (voted on, refused when the rules refuse
    it), one asked and voted down; the second person leaving mid-game (a bot takes over); played
    to the end by the game's ``random`` rule."""
    table_id = tables.open_table(game, seats, undo_policy="consent", command_id=f"{game}-{seed}").table_id
    tables.take_seat(table_id, "Ann")
    tables.take_seat(table_id, "Ève ☃")  # non-ASCII: orjson writes it (proven alike below)
    tables.leave(table_id, 1)
    tables.take_seat(table_id, "Bo", seat=1)
    for seat in range(2, seats):
        tables.take_seat(table_id, f"Bot {seat}", bot=True, level="random")
    tables.start(table_id)
    rng = random.Random(seed)
    moves, undo_at = 0, [12, 6]
    while (table := tables.table(table_id)).status == "running":
        seat = min(table.to_act())
        if undo_at and moves >= undo_at[-1] and seat == 0:
            approve = undo_at.pop() == 6
            try:
                tables.request_undo(table_id, 0, table.version - 2)
                if tables.table(table_id).undo_request:
                    tables.vote_undo(table_id, 1, approve=approve)
                continue
            except (UndoRefused, UnknownVersion):
                pass
        if moves == 20 and table.is_bot(1) is False:
            tables.leave(table_id, 1)
            continue
        tables.play_move(table_id, seat, table.game.bot_move(table.state, seat, rng))
        moves += 1
    return table_id


def test_every_event_of_seeded_games_digests_as_the_standard_library_encodes_it(recorded_seals):
    """Four games, undo asked, voted and done, seats left and taken, forks, an import, a table
    moved to newer rules: each new event's payload and digest are what the standard library
    gave, every one of them written by orjson (no vacuous pass through the fallback)."""
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        played = [play_with_everything(tables, game, seats, seed)
                  for game, seats in (("bunny_kingdom", 3), ("fantasy_ranch", 3), ("homesteaders", 3),
                                      ("walnut_grove", 2))
                  for seed in (1, 2)]
        finished = played[0]
        forks = [tables.fork(finished, tables.table(finished).version // 2).table_id,
                 tables.fork(played[-1], 9, as_seat=0).table_id]
        for fork in forks:
            for seat in tables.table(fork).free_seats():
                tables.take_seat(fork, f"Bot {seat}", bot=True, level="random")
            tables.start(fork)
        moved = open_bot_table(tables, "walnut_grove", 2, seed_hex(SEEDS["unaffected"]), "1")
        tables.adopt_newest_rules(moved)
        imported = import_record(tables, json.loads(json.dumps(table_record(tables, moved, None))))
        for table_id in [*played, *forks, imported, moved]:
            assert tables.audit(table_id).ok, [c for c in tables.audit(table_id).checks.values() if c.ok is False]
            assert check_record(json.loads(json.dumps(table_record(tables, table_id, None)))).ok
    finally:
        tables.close()
    names = set()
    for args, (payload, digest) in recorded_seals:
        names.add(args[2])
        assert hashchain.fast_bytes(args[3]) is not None, args
        before_payload, before_digest = sealed_before(*args)
        assert digest == before_digest, args
        assert same_json(payload, before_payload), args
    assert names == {"Opened", "SeatTaken", "SeatLeft", "GameStarted", "MovePlayed", "ChanceResolved",
                     "UndoRequested", "UndoVoted", "Undone", "GameFinished", "RulesVersionAdopted"}
    assert len(recorded_seals) > 1000
    votes = {args[3]["approve"] for args, _ in recorded_seals if args[2] == "UndoVoted"}
    assert votes == {True, False}


class Level(enum.IntEnum):
    HIGH = 3


class Name(str):
    pass


#: Payloads orjson would write otherwise than the standard library, or not at all: each falls back.
FALLBACKS = {
    "a float in exponent form": {"x": 1e16},
    "a small float": {"x": 1e-7},
    "a plain float": {"x": 0.1},
    "NaN": {"x": float("nan")},
    "infinity": {"x": [float("inf"), float("-inf")]},
    "int keys that sort otherwise as text": {"x": {2: "a", 10: "b"}},
    "bool keys": {"x": {True: 1, False: 2}},
    "a None key": {"x": {None: 1}},
    "an int beyond 64 bits": {"x": 2**64},
    "a negative int beyond 64 bits": {"x": -(2**63) - 1},
    "an IntEnum": {"x": Level.HIGH},
    "a str subclass value": {"x": Name("n")},
    "a str subclass key": {Name("k"): 1},
    "nested deeper than FAST_DEPTH": {"x": json.loads("[" * 100 + "]" * 100)},
}

#: What orjson writes byte for byte as the standard library does: no fallback needed.
FAST = {
    "non-ASCII text and keys": {"naïve": "Ève ☃ 😀 \u2028 \x7f", "Z": {"é": 1, "e": 2}},
    "control characters and escapes": {"x": "\x00\x01\x1f\b\f\n\r\t\"\\/"},
    "tuples": {"x": (1, (2, "a")), "y": []},
    "the 64-bit limits": {"x": [2**64 - 1, -(2**63), 0, -1]},
    "bools and None": {"t": True, "f": False, "n": None},
    "nested to FAST_DEPTH": {"x": json.loads("[" * (hashchain.FAST_DEPTH - 1) + "]" * (hashchain.FAST_DEPTH - 1))},
}

STAMP = datetime(2026, 12, 6, 2, 15, 39, 123456, tzinfo=UTC)


@pytest.mark.parametrize("case", sorted(FALLBACKS))
def test_a_payload_orjson_would_write_otherwise_falls_back_to_the_standard_librarys_bytes(case):
    fields = FALLBACKS[case]
    assert hashchain.fast_bytes(fields) is None
    for stamp in (STAMP, None):
        payload, digest = hashchain.sealed("ab" * 32, 7, "MovePlayed", fields, stamp)
        before_payload, before_digest = sealed_before("ab" * 32, 7, "MovePlayed", fields, stamp)
        assert digest == before_digest
        assert json.dumps(payload) == json.dumps(before_payload)  # NaN == NaN is False: compare the text
        assert hashchain.normalise(fields).__repr__() == json.loads(stdlib(fields)).__repr__()
        assert hashchain.digest("ab" * 32, 7, "MovePlayed", fields, stamp) == hashlib.sha256(stdlib(
            {"prev": "ab" * 32, "version": 7, "event": "MovePlayed", "payload": fields,
             **({"timestamp": stamp.isoformat()} if stamp else {})}).encode("utf-8")).hexdigest()


@pytest.mark.parametrize("case", sorted(FAST))
def test_what_orjson_writes_alike_is_the_standard_librarys_bytes(case):
    fields = FAST[case]
    assert hashchain.fast_bytes(fields) == stdlib(fields).encode("utf-8")
    payload, digest = hashchain.sealed("cd" * 32, 3, "SeatTaken", fields, STAMP)
    before_payload, before_digest = sealed_before("cd" * 32, 3, "SeatTaken", fields, STAMP)
    assert digest == before_digest and same_json(payload, before_payload)
    assert hashchain.digest("cd" * 32, 3, "SeatTaken", fields) == sealed_before("cd" * 32, 3, "SeatTaken", fields)[1]


def test_every_code_point_is_written_alike_as_a_value_and_as_a_key():
    """Surrogates aside (neither encodes them to UTF-8), in runs of 512 consecutive code points."""
    points = [p for p in range(0x110000) if not 0xD800 <= p < 0xE000]
    for start in range(0, len(points), 512):
        text = "".join(map(chr, points[start:start + 512]))
        value = {"v": text, "list": list(text[:64]), **{c: 0 for c in text[::7]}}
        assert hashchain.fast_bytes(value) == stdlib(value).encode("utf-8"), hex(points[start])


def test_what_the_standard_library_refuses_is_still_refused():
    """A lone surrogate and a UUID fail as they did (the store never got such a payload)."""
    with pytest.raises(UnicodeEncodeError):
        sealed_before("0" * 64, 2, "SeatTaken", {"name": "\ud800"}, STAMP)
    with pytest.raises(UnicodeEncodeError):
        hashchain.sealed("0" * 64, 2, "SeatTaken", {"name": "\ud800"}, STAMP)
    with pytest.raises(TypeError):
        hashchain.sealed("0" * 64, 2, "SeatTaken", {"id": UUID(int=5)}, STAMP)
    circular: list = []
    circular.append(circular)
    with pytest.raises(ValueError, match="Circular"):
        hashchain.sealed("0" * 64, 2, "SeatTaken", {"x": circular}, STAMP)


def test_the_payload_is_a_copy_the_caller_cannot_change():
    fields = {"move": {"cells": [[1, 2]]}}
    payload, _ = hashchain.sealed("0" * 64, 2, "MovePlayed", fields, STAMP)
    fields["move"]["cells"][0].append(3)
    assert payload == {"move": {"cells": [[1, 2]]}}


#: Digests written by the code before orjson (commit 92b75fc), for these events: the bytes an
#: auditor holding an old record recomputes.
WRITTEN_BEFORE = [
    (("0" * 64, 1, "Opened", {"game": "walnut_grove", "seed": "5" * 64, "chain_format": 2, "initial": None,
                              "options": {"b": [1, 2], "a": "x"}}, STAMP),
     "b3bb08aa853edf49ffd2f66ef57f0eaf0786fbcb0b707403c68a6a5420ae8570"),
    (("ab" * 32, 12, "MovePlayed", {"seat": 1, "move": {"type": "play", "cells": [[3, 4], [5, 6]]},
                                    "command_id": None}, STAMP),
     "e4bfe2fa472bc7136130e023a9cc4a76ae945cebcda66ec07b17e2693e93088e"),
    (("ab" * 32, 12, "MovePlayed", {"seat": 1, "move": {"type": "play"}, "command_id": None}, None),
     "807468bd37e28837d8c25c1cc6c3ca643be83dec9034a250e68b09094eb79efc"),
    (("cd" * 32, 3, "SeatTaken", {"seat": 0, "name": "Ève ☃ 😀", "bot": False, "level": None,
                                  "command_id": "c-1"}, STAMP),
     "c1ba92cf829e3a6f1d6078bf9dda132d32f57912428c6692002865139f13d6e8"),
    (("cd" * 32, 4, "ChanceResolved", {"n": 0, "request": {2: 1, 10: 2}, "outcome": 0.5}, STAMP),
     "b92763936665ee801f880aa4b83b0c24e8dff524b497cec323ff9dd3e68e9452"),
]


@pytest.mark.parametrize(("args", "written"), WRITTEN_BEFORE)
def test_digests_written_before_are_recomputed_alike(args, written):
    assert hashchain.sealed(*args)[1] == written
    payload = hashchain.normalise(args[3])
    assert hashchain.digest(*args[:3], payload, args[4]) == written  # the audit's recomputation
