"""``legal_moves`` is exact: every listed move is accepted, moves off the list are refused.

Walks seeded bot games; at every step every listed move of every seat (acting or not) must be
accepted by ``play``, and mutated moves (other cards, squares, numbers, types, seats) that are
not listed must be refused with an ``IllegalMove`` naming a rule, leaving the state unchanged.
"""

from __future__ import annotations

import os
import random
import re

import pytest

from domain.errors import IllegalMove
from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import ALL_CARDS, COORDS
from domain.games.bunny_kingdom.moves import SHAPES
from domain.games.game import CHANCE
from tests.games.playout import playout

SEEDS = int(os.environ.get("BK_SEEDS", "1"))
RULE_ID = re.compile(r"^BK-R\d+$")


def mutations(move: dict, rng: random.Random) -> list[dict]:
    out = []
    for field, value in move.items():
        if field == "type":
            out += [{**move, "type": t} for t in rng.sample(sorted(SHAPES), 3)]
        elif field in ("card", "target"):
            out.append({**move, field: rng.choice(ALL_CARDS)})
        elif field.startswith("coord"):
            out.append({**move, field: rng.choice(COORDS)})
        elif field in ("round", "pick"):
            out.append({**move, field: value + rng.choice((-1, 1))})
        elif field == "play":
            out.append({**move, field: rng.sample(ALL_CARDS, len(value))})
            out.append({**move, field: [*value, rng.choice(ALL_CARDS)]})
        elif field == "discard":
            out.append({**move, field: rng.choice((None, *rng.sample(ALL_CARDS, 2)))})
        elif field == "choices":
            out.append({**move, field: {rng.choice(COORDS): rng.choice(("wood", "fish", "carrot", "gold"))}})
    return out


def check_state(state, rng: random.Random) -> int:
    checked = 0
    seats = range(state.players)
    legal = {s: GAME.legal_moves(state, s) for s in seats}
    for seat in seats:
        for move in legal[seat]:
            GAME.play(state, seat, move)  # must not raise
            checked += 1
        for move in rng.sample(legal[seat], min(4, len(legal[seat]))):
            for other_seat in seats:
                for bad in [move, *mutations(move, rng)]:
                    if bad in legal[other_seat]:
                        continue
                    before = GAME.to_dict(state)
                    with pytest.raises(IllegalMove) as error:
                        GAME.play(state, other_seat, bad)
                    assert RULE_ID.match(error.value.rule), f"{bad}: rule {error.value.rule!r}"
                    assert GAME.to_dict(state) == before
                    checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_legal_moves_are_exactly_what_play_accepts(players, seed):
    run = playout(GAME, players, {}, seed=100 + seed, check=False)
    rng = random.Random(seed)
    state, checked = GAME.setup(players, {}), 0
    for i, (actor, action) in enumerate(run.steps):
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
        if state.phase != "exploration" or i % 3 == 0:  # every build/camp/choice step, a third of the picks
            checked += check_state(state, rng)
    assert checked > 1000
