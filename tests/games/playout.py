"""Seeded bot playouts of any game through the protocol alone, checking it at every step.

Game test suites use ``playout`` for conformance, golden playthroughs and property tests; the
platform's conformance test runs it over every registered game.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.fairness import draw
from domain.games.game import CHANCE, Game, chance_action


@dataclass
class Playout:
    game: Game
    players: int
    options: dict[str, Any]
    final: Any
    steps: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


def seed_hex(seed: int) -> str:
    return hashlib.sha256(f"playout-{seed}".encode()).hexdigest()


def option_sets(game: Game) -> Iterator[dict[str, Any]]:
    """Every combination of the game's options."""
    names = sorted(game.options)
    for values in itertools.product(*(game.options[n].choices for n in names)):
        yield dict(zip(names, values))


def playout(
    game: Game,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    check: bool = True,
    max_steps: int = 50_000,
) -> Playout:
    """Play a whole game with bots and seeded chance; with ``check``, assert the protocol holds."""
    resolved = game.resolve_options(players, options or {})
    state = game.setup(players, resolved)
    rng = random.Random(seed)
    secret = seed_hex(seed)
    result = Playout(game, players, resolved, state)
    n = 0
    for _ in range(max_steps):
        if game.is_over(state):
            break
        actors = game.to_act(state)
        assert actors, "the game is not over but nobody is to act"
        if CHANCE in actors:
            assert actors == {CHANCE}, "chance acts alone"
            request = game.chance(state)
            outcome = draw(request, secret, n)
            n += 1
            state = game.resolve_chance(state, outcome)
            result.steps.append((CHANCE, chance_action(request, outcome)))
        else:
            seat = rng.choice(sorted(actors))
            move = game.bot_move(state, seat, rng)
            if check:
                legal = game.legal_moves(state, seat)
                assert legal, f"seat {seat} must act but has no legal move"
                assert move in legal, f"the bot chose {move}, which is not among the legal moves"
            state = game.play(state, seat, move)
            result.steps.append((seat, move))
        if check:
            check_state(game, state)
    else:
        raise AssertionError(f"no end after {max_steps} steps")
    result.final = state
    return result


def check_state(game: Game, state: Any) -> None:
    """Round-trip through JSON and check every viewpoint serialises."""
    data = game.to_dict(state)
    again = json.loads(json.dumps(data))
    assert game.from_dict(again) == state, "to_dict/from_dict does not round-trip"
    for viewer in [None, *range(_players(game, state))]:
        json.dumps(game.player_view(state, viewer))


def _players(game: Game, state: Any) -> int:
    return len(game.scores(state).totals)


def replay(game: Game, players: int, options: Mapping[str, Any], steps: list[tuple[int, dict]]) -> Any:
    """Re-apply recorded steps from setup: the result must equal the live final state."""
    state = game.setup(players, game.resolve_options(players, options))
    for actor, action in steps:
        if actor == CHANCE:
            state = game.resolve_chance(state, action["outcome"])
        else:
            state = game.play(state, actor, action)
    return state
