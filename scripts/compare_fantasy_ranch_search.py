"""Fantasy Ranch: ``strong`` with its rounds-4-and-5 search against its one ply, on the same seeds.

Why: a search's gain is a few points of win rate, below the noise of ``bench_bots.py``'s 48
games; played on the same seeds, the games only one of the two won show it (McNemar). Each game
is played as the platform plays it (``bot_decision`` for the three ``basic`` seats, the tested
seat's policy on its own view), the tested seat in seat 0 or the last seat alternately, chance
from ``draw(…, seed_of("fr5", 4, g), n)``; a shared first place counts as a win. Prints each
variant's wins with the Wilson 95% interval, its decision CPU times (median, p99, max), and the
paired figures (games only one of the two won, McNemar's z, the trophy-margin difference).

    python scripts/compare_fantasy_ranch_search.py --level 3 --games 300 [--first 0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.fairness import draw  # noqa: E402
from domain.games import get_game  # noqa: E402
from domain.games.fantasy_ranch import bots  # noqa: E402
from domain.games.fantasy_ranch.determinize import determinize  # noqa: E402
from domain.games.game import BotInput, walk_to_end  # noqa: E402
from scripts.bench_bots import _p99, against_basic, paired_line, seed_of, wilson  # noqa: E402

GAME = get_game("fantasy_ranch")
PLAYERS = 4


def one_ply(inp: BotInput) -> dict:
    """``strong`` without its search: the ``STRONG`` ranking's first move (planned entries first)."""
    state = determinize(inp.view, inp.seat, inp.rng)
    return bots.strong_ranking(state, inp.seat, inp.rng)[0]


VARIANTS = {"one ply": one_ply, "search": bots.POLICIES["strong"]}


def play(policy, level: int, g: int, times: list[float]) -> tuple[bool, int]:
    """One game: (whether the tested seat won, its trophies less the best other seat's)."""
    seed = seed_of("fr5", PLAYERS, g)
    tested = 0 if g % 2 == 0 else PLAYERS - 1

    start = GAME.setup(PLAYERS, GAME.resolve_options(PLAYERS, {"level": level}))
    scores = GAME.scores(walk_to_end(GAME, start, lambda request, n: draw(request, seed, n),
                                     against_basic(GAME, seed, tested, policy, times)))
    best_other = max(t for s, t in scores.totals.items() if s != tested)
    return tested in scores.winners, scores.totals[tested] - best_other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=3, help="rules level (default 3)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (seeds)")
    args = parser.parse_args()
    games = range(args.first, args.first + args.games)
    results = {}
    print(f"Fantasy Ranch level {args.level}, 4 players, games {games.start}-{games.stop - 1}, against 3 basic")
    for name, policy in VARIANTS.items():
        times: list[float] = []
        results[name] = [play(policy, args.level, g, times) for g in games]
        wins = sum(w for w, _ in results[name])
        low, high = wilson(wins, len(games))
        times.sort()
        print(f"  {name:<8} {wins:>4} of {len(games)} = {wins / len(games):.0%} [{low:.0%}, {high:.0%}]  "
              f"CPU median {1000 * statistics.median(times):.1f} ms, p99 {1000 * _p99(times):.1f} ms, "
              f"max {1000 * times[-1]:.0f} ms")
    print(paired_line(results["one ply"], results["search"], "one ply", "search", "trophies"))


if __name__ == "__main__":
    main()
