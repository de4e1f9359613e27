"""The engine benchmark every game's script runs: a whole seeded bot game, then its replay.

Chance is drawn with ``domain.fairness.draw`` as the platform does; the bot chooses with a seeded
generator. Figures, not assertions (issues 5-8: a whole game under 250 ms median, replay under 100 ms).
Run a game's script from the repository root: ``PYTHONPATH=. python scripts/bench_<game>.py``.
"""

from __future__ import annotations

import hashlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from domain.fairness import draw
from domain.games.game import CHANCE, Game


def bot_game(game: Game, players: int, options: dict, seed: int, fresh: Callable[[], None]) -> tuple[float, list]:
    """One whole bot game: its engine time in seconds and its recorded steps."""
    secret = hashlib.sha256(f"bench-{seed}".encode()).hexdigest()
    rng = random.Random(seed)
    steps: list[tuple[int, Any]] = []
    n = 0  # chance steps drawn so far: outcome n comes from (seed, n)
    fresh()
    start = time.perf_counter()
    state = game.setup(players, game.resolve_options(players, options))
    while not game.is_over(state):
        actors = game.to_act(state)
        if CHANCE in actors:
            outcome = draw(game.chance(state), secret, n)
            n += 1
            state = game.resolve_chance(state, outcome)
            steps.append((CHANCE, outcome))
        else:
            seat = rng.choice(sorted(actors))
            move = game.bot_move(state, seat, rng)
            state = game.play(state, seat, move)
            steps.append((seat, move))
    return time.perf_counter() - start, steps


def replay(game: Game, players: int, options: dict, steps: list, fresh: Callable[[], None]) -> float:
    """Re-apply recorded steps from setup, as loading a table from its events does."""
    fresh()
    start = time.perf_counter()
    state = game.setup(players, game.resolve_options(players, options))
    for actor, action in steps:
        state = game.resolve_chance(state, action) if actor == CHANCE else game.play(state, actor, action)
    assert game.is_over(state)
    return time.perf_counter() - start


def bench(game: Game, options: dict | None = None, players: int | None = None, seeds: int = 20,
          fresh: Callable[[], None] = lambda: None) -> None:
    """Print the median whole-game and replay times over ``seeds`` games.

    ``fresh`` runs before each measurement (e.g. to empty a game's memo caches so no run is helped
    by an earlier one).
    """
    players = players or game.max_players
    options = options or {}
    games, replays, lengths = [], [], []
    for seed in range(seeds):
        elapsed, steps = bot_game(game, players, options, seed, fresh)
        games.append(elapsed)
        lengths.append(len(steps))
        replays.append(replay(game, players, options, steps, fresh))
    label = f"{game.title}, {players} players" + (f", options {options}" if options else "")
    print(f"{label}, {seeds} seeds, median {statistics.median(lengths):.0f} steps: "
          f"whole bot game median {statistics.median(games) * 1000:.1f} ms (max {max(games) * 1000:.1f}; bar 250), "
          f"replay median {statistics.median(replays) * 1000:.1f} ms (max {max(replays) * 1000:.1f}; bar 100)")
