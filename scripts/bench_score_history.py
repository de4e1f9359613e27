"""Score history: what the read model costs the projector, and what it saves a reader.

``PYTHONPATH=. python scripts/bench_score_history.py [--repeat N]`` plays one bot game per product
game (its fewest seats), then prints, per game: the events, the points of its history, the time to
project the whole table with every read model and without ``score_history`` (ratio = its share of
the rebuild), and the time of one ``/scores/history`` answer from the read model against replaying
the table's events (what each request would cost without it). Times are the least CPU time of
``--repeat`` runs.
"""

from __future__ import annotations

import sys
import time

from domain.application import Tables
from domain.games import _PRODUCT
from domain.score_history import history_of, with_last
from projections.queries import ReadModels
from projections.runner import Projector, all_projections
from projections.stores import MemoryStore


def best(work, repeat: int) -> float:
    """The least CPU time of ``repeat`` runs (CPU, not wall time: the machine is shared)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def one_game(game, repeat: int) -> str:
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    table_id = tables.open_table(game.name, game.min_players).table_id
    for seat in range(game.min_players):
        tables.take_seat(table_id, f"bot {seat}", bot=True)
    tables.start(table_id)
    events = list(tables.events.get(table_id))
    without = [p for p in all_projections() if p.name != "score_history"]
    every = best(lambda: Projector(tables, MemoryStore()).catch_up(), repeat)
    rest = best(lambda: Projector(tables, MemoryStore(), without).catch_up(), repeat)
    store = MemoryStore()
    Projector(tables, store).catch_up()
    reads = ReadModels(store)

    def from_model():
        doc = reads.score_history(table_id)
        return with_last(doc["points"], doc["version"])

    model = best(lambda: [from_model() for _ in range(100)], repeat) / 100
    replay = best(lambda: history_of(tables.events.get(table_id)), repeat)
    assert from_model() == history_of(events)
    tables.close()
    return (f"{game.name:<14} {len(events):>6} {len(from_model()):>6} {every * 1000:>10.0f}ms {rest * 1000:>10.0f}ms "
            f"{every / rest:>6.2f} {model * 1e6:>9.0f}us {replay * 1000:>7.0f}ms {replay / model:>8.0f}x")


def main(repeat: int = 3) -> None:
    print(f"{'game':<14} {'events':>6} {'points':>6} {'project all':>12} {'w/o history':>12} {'ratio':>6} "
          f"{'read model':>11} {'replay':>9} {'speed-up':>9}")
    for game in _PRODUCT:
        print(one_game(game, repeat))


if __name__ == "__main__":
    main(int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3)
