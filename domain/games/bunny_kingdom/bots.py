"""A seeded random bot that always finishes: it builds while it can and ends its turns.

It picks uniformly among the legal moves, except that in Construction it finishes with
probability 1/4 each move (so it also keeps cards for later rounds) and never retracts a pick.
"""

from __future__ import annotations

import random
from typing import Any

from domain.games.bunny_kingdom.rules import legal_moves
from domain.games.bunny_kingdom.state import State


def bot_move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    moves = [m for m in legal_moves(state, seat) if m["type"] != "retract_pick"]
    if state.phase == "construction":
        camp = [m for m in moves if m["type"] in ("place_camp", "keep_camp")]
        if camp:
            return rng.choice(camp)
        finish = {"type": "finish_construction"}
        if finish in moves and (len(moves) == 1 or rng.random() < 0.25):
            return finish
        moves = [m for m in moves if m != finish]
    return rng.choice(moves)
