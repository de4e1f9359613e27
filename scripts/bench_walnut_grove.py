"""Benchmark Walnut Grove's engine: a whole bot game and its replay, at the maximum player count.

Over 20 seeds, prints the median engine time of a bot game from setup to the end (chance drawn
with ``domain.fairness.draw``, as the platform does) and of replaying the finished game from its
recorded steps. Bar (issue 7): game < 250 ms, replay < 100 ms.

    PYTHONPATH=. python scripts/bench_walnut_grove.py
"""

from __future__ import annotations

import hashlib
import random
import statistics
import time

from domain.fairness import draw
from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME, farm

SEEDS = 20


def cold_caches() -> None:
    """Forget cached farm geometry so every measurement pays for it (no help from earlier runs)."""
    for cached in (farm.farm_cells, farm.farm_areas, farm.slot_goods, farm._canonical_index):
        cached.cache_clear()


def bot_game(seed: int) -> tuple[float, list]:
    secret = hashlib.sha256(f"bench-{seed}".encode()).hexdigest()
    rng = random.Random(seed)
    players = GAME.max_players
    steps = []
    cold_caches()
    start = time.perf_counter()
    state = GAME.setup(players, GAME.resolve_options(players, {}))
    n = 0
    while not GAME.is_over(state):
        actors = GAME.to_act(state)
        if CHANCE in actors:
            outcome = draw(GAME.chance(state), secret, n)
            n += 1
            state = GAME.resolve_chance(state, outcome)
            steps.append((CHANCE, outcome))
        else:
            seat = min(actors)
            move = GAME.bot_move(state, seat, rng)
            state = GAME.play(state, seat, move)
            steps.append((seat, move))
    return time.perf_counter() - start, steps


def replay(steps: list) -> float:
    cold_caches()
    start = time.perf_counter()
    state = GAME.setup(GAME.max_players, {})
    for actor, action in steps:
        state = GAME.resolve_chance(state, action) if actor == CHANCE else GAME.play(state, actor, action)
    assert GAME.is_over(state)
    return time.perf_counter() - start


def main() -> None:
    games, replays, lengths = [], [], []
    for seed in range(SEEDS):
        elapsed, steps = bot_game(seed)
        games.append(elapsed)
        lengths.append(len(steps))
        replays.append(replay(steps))
    print(
        f"Walnut Grove, {GAME.max_players} players, {SEEDS} seeds, median {statistics.median(lengths):.0f} steps"
    )
    print(f"  whole bot game: median {statistics.median(games) * 1000:.1f} ms (bar 250 ms)")
    print(f"  replay:         median {statistics.median(replays) * 1000:.1f} ms (bar 100 ms)")


if __name__ == "__main__":
    main()
