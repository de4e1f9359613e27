"""Seeded bot games shared by the playout-based tests (played once per test session)."""

from __future__ import annotations

import os
from functools import cache

from domain.games.fantasy_ranch import GAME
from tests.games.playout import Playout, option_sets, playout

#: Seeds per (players, options); ``FR_SEEDS=20`` for a long run.
SEEDS = int(os.environ.get("FR_SEEDS", "2"))

CASES = [
    (players, options, seed)
    for players in range(GAME.min_players, GAME.max_players + 1)
    for options in option_sets(GAME)
    if options["level"] == 3 or options["community_side"] == "B"  # the side only matters in level 3
    for seed in range(SEEDS)
]


def case_id(case: tuple) -> str:
    players, options, seed = case
    return f"L{options['level']}{options['community_side']}-{players}p-s{seed}"


@cache
def game(players: int, level: int, side: str, seed: int) -> Playout:
    return playout(GAME, players, {"level": level, "community_side": side}, seed=seed)


def run(case: tuple) -> Playout:
    players, options, seed = case
    return game(players, options["level"], options["community_side"], seed)
