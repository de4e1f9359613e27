"""Walnut Grove: ``strong`` with its bag-aware spring against ``strong`` with ``basic``'s spring, on the same seeds.

Why: the two differ by a few points of win rate against three ``basic``, below the noise of
``bench_bots.py``'s 80 games; played on the same seeds, the games only one of the two won show
it (McNemar), and the margin difference has an interval of its own. Each game is played as the
platform plays it (``bot_decision`` for the three ``basic`` seats, the tested seat's policy on
its own view), the tested seat in seat 0 or the last seat alternately, chance from
``draw(…, seed, n)``. ``--seeds bench`` are ``bench_bots.py``'s seeds of ``--pairing
strong:basic`` (so its figure is the ``bag spring`` line), ``--seeds exp38`` those of the
earlier sessions' comparisons (``seed_of("exp38", 4, g)``, docs/bots.md). A shared first place
counts as a win. Prints each variant's wins with the Wilson 95% interval, its decision CPU
times (median, p99, max), the tested seat's points by source against the best other seat's,
and the paired figures (games only one won, McNemar's z, the margin difference with its 95%
interval).

    python scripts/compare_walnut_grove_strong.py --seeds exp38 --games 200 [--first 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.fairness import draw  # noqa: E402
from domain.games import get_game  # noqa: E402
from domain.games.game import BotInput, walk_to_end  # noqa: E402
from domain.games.walnut_grove import bots  # noqa: E402
from scripts.bench_bots import _p99, against_basic, paired_line, seed_of, wilson  # noqa: E402

GAME = get_game("walnut_grove")
PLAYERS = 4
SOURCES = ("coins", "labourers", "buildings", "enclosures", "upgrades", "help")


def shared_spring(inp: BotInput) -> dict:
    """``strong`` as it played before issue 38's bag-aware spring: ``basic``'s spring."""
    return bots.strong_move(inp.view, inp.seat, inp.rng, bag_spring=False)


VARIANTS = {"shared spring": shared_spring, "bag spring": bots.POLICIES["strong"]}


def seed(seeds: str, g: int) -> str:
    if seeds == "bench":
        return seed_of(GAME.name, PLAYERS, "strong", "basic", g)
    return seed_of(seeds, PLAYERS, g)


def play(name: str, seeds: str, g: int) -> tuple[bool, int, dict, dict, list[float]]:
    """One game: whether the tested seat won, its score less the best other seat's, its points
    by source, the best other seat's, and its decision CPU times."""
    policy, chance_seed = VARIANTS[name], seed(seeds, g)
    tested = 0 if g % 2 == 0 else PLAYERS - 1
    times: list[float] = []
    start = GAME.setup(PLAYERS, GAME.resolve_options(PLAYERS, {}))
    state = walk_to_end(GAME, start, lambda request, n: draw(request, chance_seed, n),
                        against_basic(GAME, chance_seed, tested, policy, times))
    scores = GAME.scores(state)
    best = max((s for s in scores.totals if s != tested), key=lambda s: scores.totals[s])
    won = tested in scores.winners
    return won, scores.totals[tested] - scores.totals[best], scores.breakdown[tested], scores.breakdown[best], times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="exp38", help="bench (bench_bots.py's) or a label (default exp38)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (seeds)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine has 2 cores)")
    args = parser.parse_args()
    games = range(args.first, args.first + args.games)
    print(f"Walnut Grove, 4 players, {args.seeds} seeds, games {games.start}-{games.stop - 1}, against 3 basic")
    results = {}
    with Pool(args.jobs) as pool:
        for name in VARIANTS:
            results[name] = pool.starmap(play, [(name, args.seeds, g) for g in games])
    for name, found in results.items():
        wins = sum(r[0] for r in found)
        low, high = wilson(wins, len(found))
        times = sorted(t for r in found for t in r[4])
        print(f"  {name:<13} {wins:>4} of {len(found)} = {wins / len(found):.0%} [{low:.0%}, {high:.0%}]  "
              f"mean margin {statistics.mean(r[1] for r in found):+.2f}  CPU median "
              f"{1000 * statistics.median(times):.1f} ms, p99 {1000 * _p99(times):.1f} ms, max {1000 * times[-1]:.0f} ms")
        print("    points a game, the tested seat (the best other seat): " + ", ".join(
            f"{s} {statistics.mean(r[2][s] for r in found):.2f} ({statistics.mean(r[3][s] for r in found):.2f})"
            for s in SOURCES))
    print(paired_line(results["shared spring"], results["bag spring"], "shared spring", "bag spring", "points"))


if __name__ == "__main__":
    main()
