"""Bot strength and speed for Walnut Grove and Fantasy Ranch, in process: seeded games with one
level in seat 0 against another in the other seats; prints win rates (Wilson 95% interval),
decision times per level (median, p99; wall clock, and the process's CPU time, which other load
on a shared machine does not inflate) and the median winning score.

    python scripts/bench_bots_wg_fr.py [--games N] [--players 4] [--game walnut_grove|fantasy_ranch]
        [--pairing strong:random] [--level 1|2|3]

The platform's ``scripts/bench_bots.py`` covers every game; this one exists so the two games'
bots can be measured on their own while it is built.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.fairness import draw  # noqa: E402
from domain.games.game import CHANCE, BotInput  # noqa: E402

PAIRINGS = ("strong:random", "strong:basic", "basic:random")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n))


def load(name: str):
    if name == "walnut_grove":
        from domain.games.walnut_grove import GAME
    else:
        from domain.games.fantasy_ranch import GAME
    return GAME


def play_game(game, players: int, options: dict, levels: list[str], seed: int, times: dict, check: bool):
    resolved = game.resolve_options(players, options)
    state = game.setup(players, resolved)
    secret = hashlib.sha256(f"bench-{seed}".encode()).hexdigest()
    n = 0
    for step in range(100_000):
        if game.is_over(state):
            break
        actors = game.to_act(state)
        if CHANCE in actors:
            state = game.resolve_chance(state, draw(game.chance(state), secret, n))
            n += 1
            continue
        seat = min(actors)
        legal = game.legal_moves(state, seat) if check or game.name != "walnut_grove" else []
        rng = random.Random(f"{seed}/{step}/{seat}")
        inp = BotInput(seat=seat, view=game.player_view(state, seat), legal=legal, rng=rng)
        level = levels[seat]
        t0, c0 = time.perf_counter(), time.process_time()
        move = game.bots[level](inp)
        times.setdefault(level, []).append(time.perf_counter() - t0)
        times.setdefault(level + " cpu", []).append(time.process_time() - c0)
        if check:
            assert move in legal, (level, move)
        state = game.play(state, seat, move)
    return game.scores(state)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="walnut_grove")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", type=int, default=1, help="Fantasy Ranch rules level")
    parser.add_argument("--pairing", action="append", help="hero:others, e.g. strong:random")
    parser.add_argument("--check", action="store_true", help="also assert every move is legal")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load(args.game)
    options = {"level": args.level} if args.game == "fantasy_ranch" else {}
    for pairing in args.pairing or PAIRINGS:
        hero, other = pairing.split(":")
        levels = [hero] + [other] * (args.players - 1)
        times: dict[str, list[float]] = {}
        wins, winning = 0.0, []
        for g in range(args.games):
            scores = play_game(game, args.players, options, levels, args.seed + g, times, args.check)
            if 0 in scores.winners:
                wins += 1 / len(scores.winners)
            winning.append(scores.totals[scores.winners[0]])
        low, high = wilson(wins, args.games)
        label = f"{args.game}{' L' + str(args.level) if args.game == 'fantasy_ranch' else ''} {args.players}p"
        print(
            f"{label} {hero} vs {args.players - 1}x{other}: seat-0 wins {wins:.1f}/{args.games} = "
            f"{wins / args.games:.0%} (95% CI {low:.0%}-{high:.0%}); median winning score "
            f"{statistics.median(winning)}"
        )
        for level, ts in sorted(times.items()):
            ts.sort()
            p99 = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
            print(
                f"    {level:>10}: {len(ts)} decisions, median {statistics.median(ts) * 1000:.1f} ms, "
                f"p99 {p99 * 1000:.1f} ms, max {ts[-1] * 1000:.1f} ms"
            )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
