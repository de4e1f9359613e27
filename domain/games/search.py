"""Search shared by the games' ``strong`` bots: flat Monte Carlo over determinizations.

A bot sees only its seat's view. To look ahead it samples full states consistent with that view
(the game's ``determinize``: hidden hands, deck order, hidden holdings drawn from what the seat
has not seen), plays each candidate move in every sample with the game's own pure functions and
scores where the simulation stops. The same samples and the same rollout seeds serve every
candidate (common random numbers), so differences come from the moves, not from luck. The work
is bounded by counts, never by the clock, so a replay reproduces every choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

Move = dict[str, Any]


def flat_monte_carlo(
    candidates: Sequence[Move],
    samples: int,
    rng: random.Random,
    sample_state: Callable[[random.Random], Any],
    rollout: Callable[[Any, Move, random.Random], float],
) -> Move:
    """The candidate with the best mean rollout value over ``samples`` sampled states (the first,
    i.e. the prior's favourite, on ties). ``rollout(state, move, rng)`` plays ``move`` in the
    sampled state and returns the value reached for the deciding seat."""
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        state = sample_state(random.Random(rng.getrandbits(64)))
        seed = rng.getrandbits(64)
        for i, move in enumerate(candidates):
            totals[i] += rollout(state, move, random.Random(seed))
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def listed(legal: Sequence[Move], move: Move) -> Move:
    """``move`` as listed in the seat's legal moves: a policy answers with one of them, and a
    heuristic that builds a move the rules do not list is a bug to surface, not to play."""
    for m in legal:
        if m == move:
            return m
    raise AssertionError(f"bot chose a move that is not legal: {move}")
