"""Bunny Kingdom's per-command work: its outputs' digest, and CPU per apply / view / sentence / legal list.

Issue 39: the projection worker re-applies every event through the rules, renders every reader's
view and writes every reader's log sentence; the web worker applies the person's and the bots'
moves and lists legal moves. This plays seeded whole games (bots at ``basic``, and one ``random``
game per seat count for the moves ``basic`` never sends), then:

* ``digest``: a sha256 over every state's ``to_dict``, ``to_act`` and secrets, every reader's
  view, ``action_view``, sentence (``describe`` and ``describe_after``) and facts, and every seat's
  legal-move list, in play order. An optimisation must leave it unchanged (run it on a baseline
  tree in the same run: ``--baseline DIR``).
* the CPU (``time.thread_time``) per unit of each of the four kinds of work, replayed from the
  recorded moves so every state is a fresh object (the per-state memos start cold, as they do
  for a new event), each reader served from the same state as the worker serves them;
* and per command at 50 tables played in turn (``interleaved``): the projection worker's views
  of each table's latest state (``worker50``) and seat 0's stream's view of each state
  (``stream50``), where one table's per-board memos no longer stay warm between its commands.

    nice -n 5 python scripts/bench_bk_outputs.py                      # this tree
    nice -n 5 python scripts/bench_bk_outputs.py --baseline /tmp/base --rounds 3   # A B A B ...
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = os.environ.get("BENCH_BK_ROOT") or str(Path(__file__).resolve().parent.parent)
sys.path.insert(0, ROOT)

from domain.application import bot_decision  # noqa: E402
from domain.fairness import bot_rng, draw  # noqa: E402
from domain.games.bunny_kingdom import GAME  # noqa: E402
from domain.games.game import CHANCE, chance_action  # noqa: E402

#: (players, level, game number): basic bots at every seat count, and one random game each.
GAMES = [(p, "basic", g) for p in (2, 3, 4) for g in range(2)] + [(p, "random", 0) for p in (2, 3, 4)]


def record(players: int, level: str, g: int) -> list[tuple[int, dict]]:
    """The steps of one seeded game: (actor, action), chance steps as ``CHANCE``."""
    seed = hashlib.sha256(f"bk-outputs/{players}/{level}/{g}".encode()).hexdigest()
    state = GAME.setup(players, GAME.resolve_options(players, {}))
    steps: list[tuple[int, dict]] = []
    drawn = 0
    for version in range(1, 100_000):
        if GAME.is_over(state):
            return steps
        actors = GAME.to_act(state)
        if CHANCE in actors:
            request = GAME.chance(state)
            outcome = draw(request, seed, drawn)
            drawn += 1
            state = GAME.resolve_chance(state, outcome)
            steps.append((CHANCE, chance_action(request, outcome)))
            continue
        seat = min(actors)
        move = bot_decision(GAME, state, seat, level, bot_rng(seed, version, seat))
        state = GAME.play(state, seat, move)
        steps.append((seat, move))
    raise RuntimeError("no end")


def apply(state, actor: int, action: dict):  # noqa: ANN001, ANN201
    if actor == CHANCE:
        return GAME.resolve_chance(state, action["outcome"])
    return GAME.play(state, actor, action)


def digest(games: list[list[tuple[int, dict]]]) -> str:
    h = hashlib.sha256()

    def put(value) -> None:  # noqa: ANN001
        h.update(json.dumps(value, default=repr).encode())
        h.update(b"\n")

    for steps in games:
        state = GAME.setup(_players(steps), {})
        readers = [None, *range(state.players)]
        for actor, action in steps:
            after = apply(state, actor, action)
            put(GAME.to_dict(after))
            put(sorted(GAME.to_act(after)))
            put(repr(GAME.secrets(after)))
            for v in readers:
                put(GAME.player_view(after, v))
                put(GAME.action_view(state, actor, action, v))
                put(GAME.describe_after(state, actor, action, v, after))
                put(GAME.describe(state, actor, action, v))
                put(GAME.facts(state, actor, action, after, v))
                put(GAME.facts(state, actor, action, after, v, True))
            for s in range(after.players):
                put(GAME.legal_moves(after, s))
            state = after
    return h.hexdigest()


def _players(steps: list[tuple[int, dict]]) -> int:
    return steps[0][1]["players"]


def timings(games: list[list[tuple[int, dict]]]) -> dict[str, tuple[int, float]]:
    """CPU seconds and units for each kind of work, over every step of every game. Each kind is
    timed over a whole game at once: reading the thread's CPU clock is a system call here, dearer
    than a sentence."""
    out = {k: [0, 0.0] for k in ("apply", "view", "sentence", "legal")}
    clock = time.thread_time
    for steps in games:
        players = _players(steps)
        readers = [None, *range(players)]
        state = GAME.setup(players, {})
        path = []
        t0 = clock()
        for actor, action in steps:
            after = apply(state, actor, action)
            path.append((state, actor, action, after))
            state = after
        t1 = clock()
        for _before, _actor, _action, after in path:
            for v in readers:
                GAME.player_view(after, v)
        t2 = clock()
        for before, actor, action, after in path:
            for v in readers:
                GAME.describe_after(before, actor, action, v, after)
                GAME.facts(before, actor, action, after, v)
        t3 = clock()
        acting = [(after, s) for *_, after in path for s in GAME.to_act(after) if s != CHANCE]
        t4 = clock()
        for after, s in acting:
            GAME.legal_moves(after, s)
        t5 = clock()
        for key, dt, n in (("apply", t1 - t0, len(path)), ("view", t2 - t1, len(path) * len(readers)),
                           ("sentence", t3 - t2, len(path) * len(readers)), ("legal", t5 - t4, len(acting))):
            out[key][0] += n
            out[key][1] += dt
    return {k: (n, s) for k, (n, s) in out.items()}


def interleaved(games: list[list[tuple[int, dict]]], tables: int = 50) -> dict[str, tuple[int, float]]:
    """CPU seconds per command of ``tables`` tables played in turn, a command at a time (seat 0's
    move and the moves after it until seat 0 moves again; the tables replay the seeded games in
    turn): what the projection worker renders per command (the spectator's and seat 0's views of
    the table's latest state, composed as it stores them) and what seat 0's live stream renders
    (its view of each state of the command, encoded). Why: one table replayed alone keeps every
    per-board memo warm; at 50 tables each table's next command comes after 49 others'."""
    from projections.player_views import Parts
    from projections.stores import dumps

    def commands(steps: list[tuple[int, dict]]) -> list[list[tuple[int, dict]]]:
        out: list[list[tuple[int, dict]]] = []
        for step in steps:
            if step[0] == 0 or not out:
                out.append([])
            out[-1].append(step)
        return out

    played = [commands(games[t % len(games)]) for t in range(tables)]
    states = [GAME.setup(_players(games[t % len(games)]), {}) for t in range(tables)]
    clock = time.thread_time
    worker = stream = 0.0
    n = 0
    for i in range(max(map(len, played))):
        for t, table in enumerate(played):
            if i >= len(table):
                continue
            shown = []
            for actor, action in table[i]:
                states[t] = apply(states[t], actor, action)
                shown.append(states[t])
            t0 = clock()
            parts = Parts()
            for viewer in (None, 0):
                parts.compose(GAME.player_view(states[t], viewer))
            t1 = clock()
            for state in shown:
                dumps(GAME.player_view(state, 0))
            t2 = clock()
            worker += t1 - t0
            stream += t2 - t1
            n += 1
    return {f"worker{tables}": (n, worker), f"stream{tables}": (n, stream)}


def worker(repeat: int) -> None:
    """``--worker``: record the games, print the digest and the timings as one JSON line."""
    games = [_with_players(record(*g), g[0]) for g in GAMES]
    d = digest(games)
    best: dict[str, tuple[int, float]] = {}
    for _ in range(repeat):
        t = timings(games)
        t.update(interleaved(games))
        for k, (n, s) in t.items():
            if k not in best or s < best[k][1]:
                best[k] = (n, s)
    print(json.dumps({"digest": d, "timings": best, "steps": sum(len(s) for s in games)}), flush=True)


def _with_players(steps: list[tuple[int, dict]], players: int) -> list[tuple[int, dict]]:
    """The steps with the seat count riding on the first (chance) step's action, for replays."""
    first_actor, first = steps[0]
    return [(first_actor, {**first, "players": players}), *steps[1:]]


def run(root: str, repeat: int) -> dict:
    env = {**os.environ, "BENCH_BK_ROOT": str(Path(root).resolve()), "PYTHONPATH": str(Path(root).resolve())}
    out = subprocess.run([sys.executable, __file__, "--worker", "--repeat", str(repeat)], env=env, cwd=root,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(label: str, answer: dict) -> None:
    t = answer["timings"]
    cells = "  ".join(f"{k} {s / n * 1e6:8.1f} µs" for k, (n, s) in t.items())
    print(f"  {label:<8} {cells}  digest {answer['digest'][:16]}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="DIR", help="another commit's tree, run in turn with this one")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="replays per run; the fastest is kept")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.repeat)
    here = str(Path(__file__).resolve().parent.parent)
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    print(f"{len(GAMES)} seeded games; CPU per unit (thread time, fastest of {args.repeat} replays)")
    for r in range(args.rounds):
        if args.baseline:
            base = run(args.baseline, args.repeat)
            show("base", base)
        mine = run(here, args.repeat)
        show("branch", mine)
        if args.baseline:
            same = "same outputs" if base["digest"] == mine["digest"] else "OUTPUTS DIFFER"
            ratios = "  ".join(f"{k} {mine['timings'][k][1] / base['timings'][k][1]:.2f}x" for k in mine["timings"])
            print(f"  round {r + 1}: {ratios}  {same}; load {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
