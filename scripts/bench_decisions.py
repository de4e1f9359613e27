"""What one bot decision costs: CPU time per decision of four ``basic`` bots, game by game.

Issue 39: a ``basic`` decision ran inside the person's request (Bunny Kingdom median 1.8 ms, p99
7.4 ms of CPU), so its cost is the person's wait. This plays seeded games of four bots of one
level, as the platform plays them (``domain.application.bot_decision``: each bot reads its
seat's view only), and prints per game the median / p90 / p99 / max CPU time of this thread per
decision, for ``basic`` and, as the reference, ``random``. The seeds are fixed, so two runs play
the same games; ``choices`` is a digest of every move chosen, so a run on another commit shows
whether an optimisation changed any choice (it must not: the rules goldens are played by
``basic`` bots).

    nice -n 5 python scripts/bench_decisions.py                 # every game, 4 games each
    nice -n 5 python scripts/bench_decisions.py --games 8 --game homesteaders

CPU time (``time.thread_time``) does not count the time other processes held the cores, so the
figures are what a decision costs on an idle machine; still, read them beside the load printed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.application import bot_decision  # noqa: E402
from domain.fairness import bot_rng, draw  # noqa: E402
from domain.games import get_game  # noqa: E402
from domain.games.game import CHANCE  # noqa: E402

#: (label, game, options): Fantasy Ranch once per level, its bots differ by level.
CASES = (
    ("bunny_kingdom", "bunny_kingdom", {}),
    ("homesteaders", "homesteaders", {}),
    ("walnut_grove", "walnut_grove", {}),
    ("fantasy_ranch L1", "fantasy_ranch", {"level": 1}),
    ("fantasy_ranch L2", "fantasy_ranch", {"level": 2}),
    ("fantasy_ranch L3", "fantasy_ranch", {"level": 3}),
)
MAX_STEPS = 200_000


def play(game, options: dict, level: str, players: int, seed: str, times: list[float], digest) -> None:
    """One whole game of ``players`` bots at ``level``; each decision's CPU time into ``times``
    and each chosen move into ``digest``."""
    state = game.setup(players, game.resolve_options(players, options))
    chance_n = 0
    for version in range(1, MAX_STEPS):
        if game.is_over(state):
            return
        actors = game.to_act(state)
        if CHANCE in actors:
            state = game.resolve_chance(state, draw(game.chance(state), seed, chance_n))
            chance_n += 1
            continue
        seat = min(actors)
        started = time.thread_time()
        move = bot_decision(game, state, seat, level, bot_rng(seed, version, seat))
        times.append(time.thread_time() - started)
        digest.update(json.dumps(move, sort_keys=True, default=str).encode())
        state = game.play(state, seat, move)
    raise RuntimeError(f"{game.name}: no end after {MAX_STEPS} steps")


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per game and level (default 4)")
    parser.add_argument("--game", action="append", help="a label of CASES, e.g. homesteaders (default: all)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", action="append", help="levels (default: basic and random)")
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    print(f"{args.players} bots of one level, {args.games} seeded games per game; CPU ms per decision (thread time)")
    print(f"  {'game':<18} {'level':<7} {'decisions':>9} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}  choices")
    for label, name, options in CASES:
        if args.game and not any(label.startswith(g) for g in args.game):
            continue
        game = get_game(name)
        for level in args.level or ("basic", "random"):
            times: list[float] = []
            digest = hashlib.sha256()
            for g in range(args.games):
                seed = hashlib.sha256(f"decisions/{label}/{args.players}/{level}/{g}".encode()).hexdigest()
                play(game, options, level, args.players, seed, times, digest)
            ordered = sorted(times)
            print(f"  {label:<18} {level:<7} {len(ordered):>9} {statistics.median(ordered) * 1e3:>8.3f} "
                  f"{quantile(ordered, 0.9) * 1e3:>8.3f} {quantile(ordered, 0.99) * 1e3:>8.3f} "
                  f"{ordered[-1] * 1e3:>8.2f}  {digest.hexdigest()[:12]}", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
