"""Walk seeded bot games state by state (shared by the property and hidden-information tests)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from domain.games.game import CHANCE
from domain.games.homesteaders import GAME
from domain.games.homesteaders.state import State
from tests.games.playout import option_sets, playout

#: Seeds per (player count, options) combination; raise with HS_SEEDS=20 for a long run.
SEEDS = int(os.environ.get("HS_SEEDS", "1"))

COMBINATIONS = [(players, options) for players in (2, 3, 4) for options in option_sets(GAME)]


def walk(players: int, options: dict[str, Any], seed: int) -> Iterator[tuple[State, int, dict[str, Any], State]]:
    """Yield (state before, actor, action, state after) for every step of a seeded bot game."""
    run = playout(GAME, players, options, seed=seed, check=False)
    state = GAME.setup(players, GAME.resolve_options(players, options))
    for actor, action in run.steps:
        if actor == CHANCE:
            after = GAME.resolve_chance(state, action["outcome"])
        else:
            after = GAME.play(state, actor, action)
        yield state, actor, action, after
        state = after
