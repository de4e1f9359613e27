"""Fantasy Ranch ``strong``, rounds 4 and 5: flat Monte Carlo to the end.

Why: one ply of ``worth`` cannot see how the last purchases, fate claims, takeovers [L3] and
the three finals of the last rounds play out, and those settle a game; searched, they won more
often than the one-ply judgement on the same 300 games (docs/bots.md, Fantasy Ranch fourth
pass: 146 against 127 at level 3, 121 against 101 at level 2; level 1 since its rollouts plan
the finals with the seat's own prize horses counted, fifth pass: 109 and 100 against 97 and 86
of two sets of 300). Why only
late: a rollout to the end costs about 40 ms of CPU a round still to play at level 3, and the
budget is 300 ms a decision.

How: the seat's one-ply choice and its next best moves (``CANDIDATES``) are each played in the
same sampled worlds (``determinize`` of the seat's own view: hidden cards dealt from what the
seat has not seen, never read from the state) with the same dice (common random numbers), to
the end of the game: the seat plays ``strong``'s one ply (planned entries too), every other
seat ``basic``, both in their quick forms (``bots.QUICK``: the employees never seen used, and
most spellings of a fate claim, are not judged; each judgement is a ``play``). A result counts 1
for a win (a shared first place 0.5) plus ``MARGIN`` x the trophies over the best other seat.
The work is bounded by a count of simulated decisions, never by the clock, and every generator
comes from the one the bot was given, so a replay reproduces every move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from domain.games.fantasy_ranch.determinize import determinize
from domain.games.fantasy_ranch.rules import chance, play, resolve_chance, to_act
from domain.games.fantasy_ranch.scoring import scores
from domain.games.fantasy_ranch.state import State
from domain.games.game import CHANCE

Move = dict[str, Any]
#: a rollout policy: the move a seat makes in a simulated state.
Policy = Callable[[State, int, random.Random], Move]

#: the rules levels searched, from this round on. Level 1 measured no better searched while the
#: finals plan of its rollouts expected no prize horse for the seat (docs/bots.md, fourth and
#: fifth passes).
LEVELS = (1, 2, 3)
FROM_ROUND = 4
#: candidates compared: the one-ply choice and the next ones by ``STRONG``'s ranking.
CANDIDATES = 2
#: simulated decisions a search may spend (a turn decision counts ``TURN_COST``: it judges
#: several moves with ``play``, a tournament entry or a prize few), and worlds it needs at least.
BUDGET = 280
TURN_COST = 3
MIN_WORLDS = 2
MAX_WORLDS = 6
#: a result: 1 for a win (0.5 shared) plus this much a trophy of margin over the best other seat.
MARGIN = 0.1


def searched(state: State, seat: int) -> bool:
    """The decisions searched: at the ``LEVELS`` from ``FROM_ROUND`` on, a turn's claims,
    employees and limited action, a tournament entry, a prize."""
    if state.level not in LEVELS or state.round < FROM_ROUND:
        return False
    return state.phase in ("turn", "tournament_entries", "tournament_prizes")


def choose(
    view: Mapping[str, Any],
    seat: int,
    rng: random.Random,
    state: State,
    ranked: list[Move],
    mine: Policy,
    theirs: Policy,
) -> Move:
    """The candidate among ``ranked`` (best first) with the best mean result over the sampled
    worlds, the seat playing ``mine`` in the rollouts and the others ``theirs``; ``ranked[0]``
    when there is one candidate or the budget cannot pay for ``MIN_WORLDS`` worlds."""
    shortlist = _shortlist(state, ranked)
    if len(shortlist) < 2:
        return ranked[0]
    totals = [0.0] * len(shortlist)
    spent = 0
    worlds = 0
    while worlds < MAX_WORLDS:
        world = determinize(view, seat, random.Random(rng.getrandbits(64)))
        dice = rng.getrandbits(64)
        cost = 0
        results = []
        for i, move in enumerate(shortlist):
            value, steps = rollout(play(world, seat, move), seat, random.Random(dice), mine, theirs)
            results.append(value)
            cost += steps
            if worlds == 0 and i == 0 and MIN_WORLDS * steps * len(shortlist) > BUDGET:
                return ranked[0]
        worlds += 1
        spent += cost
        for i, value in enumerate(results):
            totals[i] += value
        if spent + cost > BUDGET:
            break
    if worlds < MIN_WORLDS:
        return ranked[0]
    best = max(range(len(shortlist)), key=lambda i: (totals[i], -i))
    return shortlist[best]


def _shortlist(state: State, ranked: list[Move]) -> list[Move]:
    if state.phase == "turn" and ranked[0]["type"] == "move_horse" and len(ranked) > 1:
        # held horses placed, or the home tidied: ``basic``'s turn does those first
        if all(m["type"] == "move_horse" for m in ranked):
            return ranked[:CANDIDATES]
    out: list[Move] = []
    for move in ranked:
        if move not in out:
            out.append(move)
        if len(out) == CANDIDATES:
            break
    return out


def rollout(
    state: State, seat: int, rng: random.Random, mine: Policy, theirs: Policy, limit: int = 2000
) -> tuple[float, int]:
    """Play to the end, the seat by ``mine``, the others by ``theirs``, dice and shuffles from
    ``rng``: the result and the decisions simulated (turn decisions weighted)."""
    steps = 0
    for _ in range(limit):
        if state.phase == "game_over":
            break
        actors = to_act(state)
        if CHANCE in actors:
            state = _resolve(state, rng)
            continue
        actor = seat if seat in actors else min(actors)
        steps += TURN_COST if state.phase == "turn" else 1
        policy = mine if actor == seat else theirs
        state = play(state, actor, policy(state, actor, rng))
    return _result(state, seat), steps


def _resolve(state: State, rng: random.Random) -> State:
    request = chance(state)
    if request.kind == "roll":
        outcome: Any = [rng.randint(1, request.sides) for _ in range(request.count)]
    elif request.kind == "shuffle":
        outcome = rng.sample(list(request.items), len(request.items))
    else:
        outcome = rng.sample(list(request.items), request.count)
    return resolve_chance(state, outcome)


def _result(state: State, seat: int) -> float:
    final = scores(state)
    best_other = max(t for s, t in final.totals.items() if s != seat)
    win = 0.0
    if seat in final.winners:
        win = 1.0 / len(final.winners)
    return win + MARGIN * (final.totals[seat] - best_other)
