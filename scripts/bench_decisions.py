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
    git archive 6704202 | tar -x -C /tmp/base                   # a commit to compare with
    nice -n 5 python scripts/bench_decisions.py --baseline /tmp/base
    nice -n 5 python scripts/bench_decisions.py --game walnut_grove --phases   # per phase too

``--baseline DIR`` plays every game twice, game by game in turn: once with the code of ``DIR`` (a
checkout of another commit, run by this script in a second process) and once with this tree's,
so both meet the same load; it prints both lines and the ratio of the medians and p99s.

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
import subprocess
import sys
import time
from pathlib import Path

#: The tree whose code is measured: this script's own, or a baseline's (``--baseline``).
ROOT = os.environ.get("BENCH_DECISIONS_ROOT") or str(Path(__file__).resolve().parent.parent)
sys.path.insert(0, ROOT)

from domain.application import bot_decision  # noqa: E402
from domain.fairness import bot_rng, draw  # noqa: E402
from domain.games import get_game  # noqa: E402

try:
    from domain.games.game import walk_to_end  # noqa: E402
except ImportError:  # a --baseline tree from before the shared walk: its games, walked by this tree's walk
    import importlib.util

    _spec = importlib.util.spec_from_file_location(
        "_bench_decisions_walk", Path(__file__).resolve().parent.parent / "domain" / "games" / "game.py")
    _walk = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = _walk  # its dataclasses look their module up
    _spec.loader.exec_module(_walk)
    walk_to_end = _walk.walk_to_end

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


def play(game, options: dict, level: str, players: int, seed: str, times: list[float], digest,
         phases: list[str] | None = None) -> None:
    """One whole game of ``players`` bots at ``level``; each decision's CPU time into ``times``,
    each chosen move into ``digest`` and (``phases``) the phase it was made in."""

    def choose(version: int, state, seat: int) -> dict:
        started = time.thread_time()
        move = bot_decision(game, state, seat, level, bot_rng(seed, version, seat))
        times.append(time.thread_time() - started)
        if phases is not None:
            phases.append(str(getattr(state, "phase", "")))
        digest.update(json.dumps(move, sort_keys=True, default=str).encode())
        return move

    start = game.setup(players, game.resolve_options(players, options))
    walk_to_end(game, start, lambda request, n: draw(request, seed, n), choose, MAX_STEPS)


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def one_game(label: str, level: str, players: int, g: int) -> tuple[list[float], str, list[str]]:
    """The CPU time of every decision of one seeded game, the digest of its choices and the phase
    of each decision."""
    name, options = next((n, o) for lb, n, o in CASES if lb == label)
    times: list[float] = []
    phases: list[str] = []
    digest = hashlib.sha256()
    seed = hashlib.sha256(f"decisions/{label}/{players}/{level}/{g}".encode()).hexdigest()
    play(get_game(name), options, level, players, seed, times, digest, phases)
    return times, digest.hexdigest(), phases


def worker() -> None:
    """``--worker``: one game per line read (``label|level|players|g``), its figures as a JSON line."""
    for line in sys.stdin:
        label, level, players, g = line.rstrip("\n").split("|")
        times, digest, phases = one_game(label, level, int(players), int(g))
        print(json.dumps({"times": times, "digest": digest, "phases": phases}), flush=True)


class Baseline:
    """This script run as a ``--worker`` on another tree's code, asked one game at a time."""

    def __init__(self, root: str) -> None:
        env = {**os.environ, "BENCH_DECISIONS_ROOT": str(Path(root).resolve()), "PYTHONPATH": str(Path(root).resolve())}
        self.process = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=env, cwd=root)

    def game(self, label: str, level: str, players: int, g: int) -> tuple[list[float], str, list[str]]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{label}|{level}|{players}|{g}\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return answer["times"], answer["digest"], answer.get("phases") or [""] * len(answer["times"])

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()


def line(label: str, level: str, times: list[float], digest: str) -> tuple[float, float]:
    ordered = sorted(times)
    median, p99 = statistics.median(ordered), quantile(ordered, 0.99)
    print(f"  {label:<24} {level:<7} {len(ordered):>9} {median * 1e3:>8.3f} "
          f"{quantile(ordered, 0.9) * 1e3:>8.3f} {p99 * 1e3:>8.3f} "
          f"{ordered[-1] * 1e3:>8.2f}  {digest[:12]}", flush=True)
    return median, p99


def phase_lines(label: str, times: list[float], phases: list[str]) -> None:
    """``--phases``: the median and p90 of the decisions made in each phase."""
    by: dict[str, list[float]] = {}
    for t, phase in zip(times, phases):
        by.setdefault(phase, []).append(t)
    for phase, ts in sorted(by.items()):
        ts.sort()
        print(f"    {label:<22} {phase:<20} {len(ts):>5} median {statistics.median(ts) * 1e3:>8.3f} "
              f"p90 {quantile(ts, 0.9) * 1e3:>8.3f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per game and level (default 4)")
    parser.add_argument("--game", action="append", help="a label of CASES, e.g. homesteaders (default: all)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", action="append", help="levels (default: basic and random)")
    parser.add_argument("--baseline", metavar="DIR", help="another commit's tree, played game by game in turn")
    parser.add_argument("--phases", action="store_true", help="also the median and p90 of each phase's decisions")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker()
    baseline = Baseline(args.baseline) if args.baseline else None
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    print(f"{args.players} bots of one level, {args.games} seeded games per game; CPU ms per decision (thread time)"
          + (f"; 'before' is {args.baseline}, played in turn with this tree" if baseline else ""))
    print(f"  {'game':<24} {'level':<7} {'decisions':>9} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}  choices")
    for label, _name, _options in CASES:
        if args.game and not any(label.startswith(g) for g in args.game):
            continue
        for level in args.level or ("basic", "random"):
            now: list[float] = []
            before: list[float] = []
            phases_now: list[str] = []
            phases_before: list[str] = []
            digest, digest_before = hashlib.sha256(), hashlib.sha256()
            for g in range(args.games):
                if baseline:
                    times, d, phases = baseline.game(label, level, args.players, g)
                    before += times
                    phases_before += phases
                    digest_before.update(d.encode())
                times, d, phases = one_game(label, level, args.players, g)
                now += times
                phases_now += phases
                digest.update(d.encode())
            if baseline:
                m0, p0 = line(label + " before", level, before, digest_before.hexdigest())
                m1, p1 = line(label + " after", level, now, digest.hexdigest())
                same = "the same choices" if digest.digest() == digest_before.digest() else "CHOICES DIFFER"
                print(f"  {'':<24} {'':<7} {'after/before':>9} {m1 / m0:>8.2f} {'':>8} {p1 / p0:>8.2f}  {same}")
                if args.phases:
                    phase_lines(f"{level} before", before, phases_before)
                    phase_lines(f"{level} after", now, phases_now)
            else:
                line(label, level, now, digest.hexdigest())
                if args.phases:
                    phase_lines(level, now, phases_now)
    if baseline:
        baseline.close()
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
