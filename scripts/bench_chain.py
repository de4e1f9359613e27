"""The hash chain's cost per event: the standard library's encoding against ``hashchain.sealed``.

Why: the chain's canonical JSON was 5.7 % of a move's POST (docs/command-path.md, thirteenth
session). This plays seeded tables of the four games in memory (a person playing the ``random``
rule against ``random`` bots, the second person leaving mid-game, an undo), keeps every event's fields
as ``Table.trigger_event`` got them, then times, in the same run and alternately, the old way
(``json.loads(canonical(fields))`` then the digest's ``canonical`` and SHA-256) and ``sealed``.
Every event's payload and digest are checked equal first; the script fails if one differs.

    python scripts/bench_chain.py [--rounds 7] [--tables 2]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import time
from typing import Any
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from domain import application, hashchain  # noqa: E402
from domain.application import Tables  # noqa: E402

GAMES = {"bunny_kingdom": 3, "fantasy_ranch": 3, "homesteaders": 3, "walnut_grove": 2}


def canonical_way(prev: str, version: int, event: str, fields: dict[str, Any], timestamp: Any) -> tuple[Any, str]:
    """The chain as it was encoded before ``sealed``: three passes of the standard library."""
    payload = json.loads(hashchain.canonical(fields))
    hashed = {"prev": prev, "version": version, "event": event, "payload": payload, "timestamp": timestamp.isoformat()}
    return payload, hashlib.sha256(hashchain.canonical(hashed).encode("utf-8")).hexdigest()


def collect(tables_per_game: int) -> list[tuple]:
    """The arguments of every ``sealed`` call of seeded games, in order."""
    calls: list[tuple] = []
    real = hashchain.sealed

    def spy(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    seeds = iter(range(10**6))
    with mock.patch.object(hashchain, "sealed", spy), \
            mock.patch.object(application, "new_seed", lambda: hashlib.sha256(f"chain-{next(seeds)}".encode()).hexdigest()):
        tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
        for game, seats in GAMES.items():
            for n in range(tables_per_game):
                table_id = tables.open_table(game, seats, undo_policy="free", command_id=f"{game}-{n}").table_id
                tables.take_seat(table_id, "Ann")
                tables.take_seat(table_id, "Bo")
                for seat in range(2, seats):
                    tables.take_seat(table_id, f"Bot {seat}", bot=True, level="random")
                tables.start(table_id)
                rng = random.Random(n)
                moves = 0
                while (table := tables.table(table_id)).status == "running":
                    seat = min(table.to_act())
                    if seat == 1 and moves > 12:
                        tables.leave(table_id, 1)  # a bot takes seat 1 over
                        continue
                    tables.play_move(table_id, seat, table.game.bot_move(table.state, seat, rng))
                    moves += 1
                    if moves == 4:
                        tables.request_undo(table_id, seat, tables.table(table_id).version - 1)
    return calls


def timed(way: Any, calls: list[tuple]) -> float:
    """CPU µs per event for ``way`` over every call."""
    start = time.process_time()
    for args in calls:
        way(*args)
    return (time.process_time() - start) / len(calls) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--tables", type=int, default=2, help="tables per game")
    args = parser.parse_args(argv)
    calls = collect(args.tables)
    fast = sum(hashchain.fast_bytes(c[3]) is not None for c in calls)
    sizes = [len(hashchain.canonical(c[3]).encode("utf-8")) for c in calls]
    for c in calls:
        if hashchain.sealed(*c) != canonical_way(*c):
            print(f"DIFFERENT: {c[2]} version {c[1]}")
            return 1
    print(f"{len(calls)} events, all equal; {fast} by orjson, {len(calls) - fast} fall back; "
          f"payload bytes mean {statistics.mean(sizes):.0f}, max {max(sizes)}")
    old, new = [], []
    for _ in range(args.rounds):
        old.append(timed(canonical_way, calls))
        new.append(timed(hashchain.sealed, calls))
    print("round  canonical µs/event  sealed µs/event  ratio")
    for i, (a, b) in enumerate(zip(old, new, strict=True), 1):
        print(f"{i:5d}  {a:18.2f}  {b:15.2f}  {b / a:5.2f}")
    print(f"median {statistics.median(old):13.2f}  {statistics.median(new):15.2f}  "
          f"{statistics.median(new) / statistics.median(old):5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
