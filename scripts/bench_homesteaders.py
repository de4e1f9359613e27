"""Homesteaders engine benchmark: a whole bot game, and its replay, at the maximum player count.

Over 20 seeds with 4 players (default options) it prints the median engine time of a whole bot
game (setup to end, every chance step drawn with ``domain.fairness.draw``) and of replaying the
finished game from its recorded steps. Bars (issue 6): game < 250 ms median, replay < 100 ms.

    PYTHONPATH=. python scripts/bench_homesteaders.py [--seeds 20] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from domain.fairness import draw
from domain.games.game import CHANCE, chance_action
from domain.games.homesteaders import GAME
from tests.games.playout import seed_hex


def bot_game(players: int, seed: int) -> tuple[float, list]:
    """Play one game; return its engine time in seconds and its recorded steps."""
    secret, rng, steps, n = seed_hex(seed), random.Random(seed), [], 0
    start = time.perf_counter()
    state = GAME.setup(players, GAME.resolve_options(players, {}))
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


def replay(players: int, steps: list) -> float:
    start = time.perf_counter()
    state = GAME.setup(players, GAME.resolve_options(players, {}))
    for actor, action in steps:
        state = GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
    assert GAME.is_over(state)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--players", type=int, default=GAME.max_players)
    args = parser.parse_args()
    games, replays, lengths = [], [], []
    for seed in range(args.seeds):
        elapsed, steps = bot_game(args.players, seed)
        games.append(elapsed)
        lengths.append(len(steps))
        replays.append(replay(args.players, steps))
    print(f"Homesteaders, {args.players} players, {args.seeds} seeds, median {statistics.median(lengths):.0f} steps per game")
    print(f"whole bot game: median {statistics.median(games) * 1000:7.1f} ms  (max {max(games) * 1000:.1f} ms; bar 250 ms)")
    print(f"replay:         median {statistics.median(replays) * 1000:7.1f} ms  (max {max(replays) * 1000:.1f} ms; bar 100 ms)")


if __name__ == "__main__":
    main()
