"""Benchmark: median engine time of a whole 4-player Fantasy Ranch bot game, and of its replay.

One line per level (level 3 is the heaviest: community, employees, upgrade tokens). Chance is
drawn with ``domain.fairness.draw`` as the platform does. Bar: game < 250 ms median, replay
< 100 ms. Run from the repo root: ``PYTHONPATH=. python scripts/bench_fantasy_ranch.py``.
"""

from __future__ import annotations

import hashlib
import random
import statistics
import time

from domain.fairness import draw
from domain.games.fantasy_ranch import GAME
from domain.games.game import CHANCE, chance_action

PLAYERS, SEEDS = GAME.max_players, 20


def bot_game(seed: int, options: dict) -> tuple[float, list]:
    secret = hashlib.sha256(f"bench-{seed}".encode()).hexdigest()
    rng = random.Random(seed)
    steps, n = [], 0
    start = time.perf_counter()
    state = GAME.setup(PLAYERS, GAME.resolve_options(PLAYERS, options))
    while not GAME.is_over(state):
        actors = GAME.to_act(state)
        if CHANCE in actors:
            request = GAME.chance(state)
            outcome = draw(request, secret, n)
            n += 1
            state = GAME.resolve_chance(state, outcome)
            steps.append((CHANCE, chance_action(request, outcome)))
        else:
            seat = rng.choice(sorted(actors))
            move = GAME.bot_move(state, seat, rng)
            state = GAME.play(state, seat, move)
            steps.append((seat, move))
    return time.perf_counter() - start, steps


def replay(steps: list, options: dict) -> float:
    start = time.perf_counter()
    state = GAME.setup(PLAYERS, GAME.resolve_options(PLAYERS, options))
    for actor, action in steps:
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
    assert GAME.is_over(state)
    return time.perf_counter() - start


def main() -> None:
    for level in (1, 2, 3):
        options = {"level": level}
        games, replays, lengths = [], [], []
        for seed in range(SEEDS):
            elapsed, steps = bot_game(seed, options)
            games.append(elapsed)
            replays.append(replay(steps, options))
            lengths.append(len(steps))
        print(
            f"Fantasy Ranch level {level}, {PLAYERS} players, {SEEDS} seeds, median {statistics.median(lengths):.0f} steps: "
            f"whole bot game median {statistics.median(games) * 1000:.1f} ms (bar 250), "
            f"replay median {statistics.median(replays) * 1000:.1f} ms (bar 100)"
        )


if __name__ == "__main__":
    main()
