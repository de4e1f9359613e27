"""What facts cost the log; prints figures (run: ``PYTHONPATH=. python scripts/bench_log_facts.py``).

Facts are derived when the log is built (docs/log.md), so they cost where the log is rendered:
the projection worker (the ``log`` read model renders each event for every viewer) and
``Tables.log`` (the ``/events`` read when the read models lag). For one bot game per product
game (minimum seats, in-memory store), in one warm process, each figure with the games' facts and
without them (``Game.facts`` set to None), median of ``--repeat`` runs, in ms:

* the ``log`` read model rebuilt from the table's events (the projection worker's work, total:
  a finished game in one batch is rendered once, revealed);
* the same model's live work: every event of the running game rendered for every viewer, as the
  worker does event by event while a game runs (``audit_log._entries``), total;
* ``Tables.log`` of the whole running game for a seat (every move's facts for one reader);
* ``Tables.log`` of the last 10 entries of the finished game for a spectator (a page);
* the facts alone: ``Game.facts`` for every move and chance step of the running game and every
  viewer (the whole of what facts add to the live rendering), total.

On a loaded machine the with/without pairs move by more than facts cost; the last column is the
figure to read.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.application import Tables  # noqa: E402
from domain.games import _PRODUCT  # noqa: E402
from domain.log import event_facts, table_log  # noqa: E402
from domain.table import Table  # noqa: E402
from projections.audit_log import AuditLog, _entries  # noqa: E402
from projections.runner import Projector  # noqa: E402
from projections.stores import MemoryStore  # noqa: E402


def median_ms(action, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        action()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def played(tables: Tables, game) -> tuple:
    table_id = tables.open_table(game.name, game.min_players).table_id
    for seat in range(game.min_players):
        tables.take_seat(table_id, f"p{seat}", bot=True)
    tables.start(table_id)
    return table_id, list(tables.events.get(table_id))


def live_render(events: list) -> None:
    """Every event rendered for every viewer, the game still running (the worker's live path)."""
    table = None
    for event in events:
        before, players = (table.state, list(table.players)) if table is not None else (None, [])
        table = event.mutate(table)
        _entries(table, event, before, table.state, players, over=False)


def steps_of(events: list) -> list[tuple]:
    """``(table, event, state before, state after)`` of every event, replayed once."""
    steps, table = [], None
    for event in events:
        before = table.state if table is not None else None
        table = event.mutate(table)
        steps.append((table, event, before, table.state))
    return steps


def facts_alone(steps: list[tuple]) -> None:
    """``Game.facts`` for every move and chance step, for every viewer, the game still running."""
    for table, event, before, after in steps:
        for viewer in (None, *range(table.seats)):
            event_facts(table, event, before, after, viewer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"bench_log_facts: median of {args.repeat}, ms (load average {os.getloadavg()[0]:.1f})")
    print(f"{'game':<15} {'events':>6} {'facts':>6} | {'log model rebuild':>19} | {'live render, all':>19}"
          f" | {'Tables.log, seat':>19} | {'last 10, spectator':>19} | {'facts alone':>11}")
    print(f"{'':<15} {'':>6} {'':>6}" + " | {:>9} {:>9}".format("without", "with") * 4)
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        for game in _PRODUCT:
            table_id, events = played(tables, game)
            running = [e for e in events if not isinstance(e, Table.GameFinished)]
            last = tables.table(table_id).version
            derive = game.facts
            figures = {}
            for label, facts in (("without", None), ("with", derive)):
                object.__setattr__(game, "facts", facts)  # the frozen Game, for this process only
                rebuild = median_ms(lambda: Projector(tables, MemoryStore(), [AuditLog()]).catch_up(), args.repeat)
                live = median_ms(partial(live_render, running), args.repeat)
                whole = median_ms(partial(table_log, running, 0, limit=100_000), args.repeat)
                page = median_ms(partial(tables.log, table_id, None, after=last - 10, limit=10), args.repeat)
                figures[label] = (rebuild, live, whole, page)
            object.__setattr__(game, "facts", derive)
            count = sum(len(e.facts) for e in table_log(running, 0, limit=100_000))
            alone = median_ms(partial(facts_alone, steps_of(running)), args.repeat)
            row = "".join(f" | {a:>9.1f} {b:>9.1f}" for a, b in zip(figures["without"], figures["with"]))
            print(f"{game.name:<15} {len(events):>6} {count:>6}{row} | {alone:>11.2f}")
    finally:
        tables.close()


if __name__ == "__main__":
    main()
