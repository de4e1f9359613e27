"""Bot strength and speed: seeded games between bot levels, printed as figures.

For each game, at two players and at the maximum: N seeded games per pairing (at the maximum:
strong vs 3 random, strong vs 3 basic, basic vs 3 random; at two: the same pairings 1 v 1). The
tested level sits in seat 0 in half the games and in the last seat in the other half (seat
order matters in some games); its win rate (a shared first place counts as a win) is printed
with its Wilson 95% interval, with the decision times per level (median, p99) and the median
winning score. Games are played as the platform plays them (``domain.application.bot_decision``:
each bot sees its seat's view only), with chance drawn from a seed per game, so a run is
reproducible.

    python scripts/bench_bots.py                      # every game, 20 games per pairing
    python scripts/bench_bots.py --games 40 --game bunny_kingdom --players 4
    python scripts/bench_bots.py --same-level --games 60 --game homesteaders   # level medians

``--same-level`` plays games of one level at every seat (at the maximum, or ``--players``) and
prints, per level, the medians a player compares with the rulebook: the winning score, a seat's
score, the share of seats finishing below zero and, for Homesteaders, the printed building VP
of a seat, beside the rulebook's worked example (``RULEBOOK_EXAMPLES``). They show whether the
bots play the game as its players do, which the win rates between levels cannot tell.
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
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.application import bot_decision  # noqa: E402
from domain.fairness import bot_rng, draw  # noqa: E402
from domain.games import GAMES, get_game  # noqa: E402
from domain.games.game import BotInput, Game, walk_to_end  # noqa: E402

PAIRINGS = (("strong", "random"), ("strong", "basic"), ("basic", "random"))
MAX_STEPS = 200_000
LEVELS = ("random", "basic", "strong")

#: The rulebooks' worked examples of a final score (game: (example id, the winner's score)).
RULEBOOK_EXAMPLES = {"homesteaders": ("HS-S31", 50), "walnut_grove": ("WG-S24", 20)}
#: Breakdown keys of a seat's printed building points, for the games that have them.
BUILDING_VP = {"homesteaders": "building_vp"}


def play_game(game: Game, levels: list[str], seed: str, times: dict[str, list[float]] | None = None,
              options: dict | None = None):
    """One whole game, every seat a bot at its level; the final ``Scores``."""

    def choose(version: int, state, seat: int) -> dict:
        started, cpu = time.perf_counter(), time.process_time()
        move = bot_decision(game, state, seat, levels[seat], bot_rng(seed, version, seat))
        if times is not None:
            times[levels[seat]].append(time.perf_counter() - started)
            times["cpu:" + levels[seat]].append(time.process_time() - cpu)
        return move

    start = game.setup(len(levels), game.resolve_options(len(levels), options or {}))
    return game.scores(walk_to_end(game, start, lambda request, n: draw(request, seed, n), choose, MAX_STEPS))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired(a: list, b: list) -> tuple[int, int, float, float, float]:
    """Two policies on the same seeds, each game ``(won, margin, ...)``: the games only ``a`` won,
    only ``b`` won, McNemar's z on them, and the mean margin difference ``b - a`` with its 95%
    half-interval. Why paired: a few points of win rate hide in the noise of two separate runs,
    but not in the games only one of two policies won on the very same deals."""
    only_a = sum(x[0] and not y[0] for x, y in zip(a, b, strict=True))
    only_b = sum(y[0] and not x[0] for x, y in zip(a, b, strict=True))
    z = (only_b - only_a) / math.sqrt(only_a + only_b) if only_a + only_b else 0.0
    diffs = [y[1] - x[1] for x, y in zip(a, b, strict=True)]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return only_a, only_b, z, statistics.mean(diffs), half


def paired_line(a: list, b: list, first: str, second: str, unit: str) -> str:
    """``paired(a, b)`` as the comparison scripts print it, ``first`` and ``second`` naming ``a``
    and ``b``, the margin in ``unit``."""
    only_a, only_b, z, mean_diff, half = paired(a, b)
    return (f"  only the {first} won {only_a}, only the {second} {only_b} (McNemar z {z:.2f}); "
            f"margin, {second} less {first}: {mean_diff:+.2f} ± {half:.2f} {unit}")


def against_basic(game: Game, seed: str, tested: int, policy, times: list[float]):
    """A ``choose`` for ``walk``: the ``tested`` seat plays ``policy`` on its own view (its CPU time
    appended to ``times``), every other seat ``basic`` as the platform plays it, each from
    ``bot_rng(seed, version, seat)``: how the comparison scripts put one policy against three
    ``basic`` bots on the very same deals."""

    def choose(version: int, state, seat: int):
        rng = bot_rng(seed, version, seat)
        if seat != tested:
            return bot_decision(game, state, seat, "basic", rng)
        cpu = time.process_time()
        move = policy(BotInput(seat, game.player_view(state, seat), game.legal_moves(state, seat), rng))
        times.append(time.process_time() - cpu)
        return move

    return choose


def seed_of(*parts: object) -> str:
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()


def bench(game: Game, players: int, games: int, pairings=PAIRINGS, options: dict | None = None) -> None:
    times: dict[str, list[float]] = defaultdict(list)
    shown = f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""
    print(f"\n{game.title}{shown}, {players} players, {games} games per pairing")
    print(f"  {'pairing':<26} {'wins':>5} {'rate':>6}  {'95% CI':<15} {'chance':>6}  median winning score")
    for tested, other in pairings:
        wins, winning = 0, []
        for g in range(games):
            seat = 0 if g % 2 == 0 else players - 1
            levels = [other] * players
            levels[seat] = tested
            scores = play_game(game, levels, seed_of(game.name, players, tested, other, g), times, options)
            wins += seat in scores.winners
            winning.append(max(scores.totals.values()))
        low, high = wilson(wins, games)
        label = f"{tested} vs {players - 1} {other}"
        print(f"  {label:<26} {wins:>5} {wins / games:>6.0%}  [{low:.0%}, {high:.0%}]{'':<5} {1 / players:>6.0%}  "
              f"{statistics.median(winning):g}")
    print("  decision times, wall clock | CPU time of this process (the CPU time does not count the")
    print("  time other processes held the cores, so it is what a decision costs on an idle machine):")
    for level in ("random", "basic", "strong"):
        wall, cpu = sorted(times.get(level, [])), sorted(times.get("cpu:" + level, []))
        if wall:
            print(f"    {level:<7} {len(wall):>7} decisions  median {_ms(statistics.median(wall))} | "
                  f"{_ms(statistics.median(cpu))}  p99 {_ms(_p99(wall))} | {_ms(_p99(cpu))}  "
                  f"max {_ms(wall[-1])} | {_ms(cpu[-1])}")


def same_level(game: Game, players: int, games: int, levels=LEVELS, options: dict | None = None) -> None:
    """Medians of games with every seat at one level, beside the rulebook's worked example."""
    example = RULEBOOK_EXAMPLES.get(game.name)
    building_key = BUILDING_VP.get(game.name)
    shown = f"; the rulebook's example {example[0]} ends with the winner at {example[1]}" if example else ""
    print(f"\n{game.title}, {players} bots of one level, {games} games per level{shown}")
    header = f"  {'level':<7} {'median winning':>14} {'median seat':>11} {'below zero':>10}  {'95% CI':<11}"
    print(header + (f" {'median building VP per seat':>28}" if building_key else ""))
    for level in levels:
        winning, seats, building = [], [], []
        for g in range(games):
            scores = play_game(game, [level] * players, seed_of("same", game.name, players, level, g), None, options)
            winning.append(max(scores.totals.values()))
            seats.extend(scores.totals.values())
            if building_key:
                building.extend(part.get(building_key, 0) for part in scores.breakdown.values())
        below = sum(v < 0 for v in seats)
        low, high = wilson(below, len(seats))
        line = (f"  {level:<7} {statistics.median(winning):>14g} {statistics.median(seats):>11g} "
                f"{below / len(seats):>10.0%}  [{low:.0%}, {high:.0%}]")
        print(line + (f" {statistics.median(building):>28g}" if building_key else ""))


def _p99(found: list[float]) -> float:
    return found[min(len(found) - 1, math.ceil(0.99 * len(found)) - 1)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--game", action="append", help="a game name (default: every game); repeatable")
    parser.add_argument("--players", type=int, action="append", help="player counts (default: 2 and the maximum)")
    parser.add_argument("--pairing", action="append", help="tested:other, e.g. strong:random (default: all three)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a table option as JSON, e.g. level=3 for Fantasy Ranch; repeatable")
    parser.add_argument("--same-level", action="store_true",
                        help="medians of games with every seat at one level (default: at the maximum)")
    parser.add_argument("--level", action="append", choices=LEVELS, help="with --same-level: the levels")
    args = parser.parse_args()
    options = {key: json.loads(value) for key, value in (o.split("=", 1) for o in args.option)}
    pairings = tuple(tuple(p.split(":")) for p in args.pairing) if args.pairing else PAIRINGS
    # decision times are wall-clock: on a shared machine read them with the load beside them
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    for name in args.game or sorted(GAMES):
        game = get_game(name)
        if args.same_level:
            for players in args.players or [game.max_players]:
                if game.min_players <= players <= game.max_players:
                    same_level(game, players, args.games, args.level or LEVELS, options)
            continue
        for players in args.players or sorted({2, game.max_players}):
            if game.min_players <= players <= game.max_players:
                bench(game, players, args.games, pairings, options)
    print(f"\nload average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
