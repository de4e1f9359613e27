"""``legal_moves`` is exact: every listed move is accepted, nearby unlisted moves are refused.

Along seeded bot games (every player count, level and side), at sampled states and for every
seat: each listed move (a seeded sample where the list is long) must be accepted by ``play``;
mutations of listed moves (other ids, off-board places, numbers pushed out of range, fields
dropped or added, another seat) must, unless they happen to be listed too, be refused with an
``IllegalMove`` that names a rule, leaving the state unchanged.
"""

from __future__ import annotations

import random
import re

import pytest

from domain.errors import IllegalMove
from domain.games.fantasy_ranch import GAME
from domain.games.game import CHANCE
from tests.games.fantasy_ranch.games import CASES, case_id, run
from tests.games.fantasy_ranch.helpers import listed

RULE = re.compile(r"^FR-R\d{3}[a-e]?$")
SAMPLE = 12


def states(case, every: int = 5):
    players, _, _ = case
    game = run(case)
    state = GAME.setup(players, game.options)
    for i, (actor, action) in enumerate(game.steps):
        if actor != CHANCE and i % every == 0:
            yield state
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )


def mutations(move: dict, rng: random.Random) -> list[dict]:
    out = []
    for key, value in move.items():
        if key == "type":
            continue
        if isinstance(value, str):
            out += [{**move, key: "H99"}, {**move, key: "9Z-9"}, {**move, key: value.lower() + "x"}]
        elif isinstance(value, bool) or value is None:
            out.append({**move, key: 7})
        elif isinstance(value, int):
            out += [{**move, key: value + 7}, {**move, key: -1}, {**move, key: str(value)}]
        elif isinstance(value, dict):
            out += [{**move, key: {}}, {**move, key: {**value, "extra": 1}}]
            out += [{**move, key: {**value, k: "H99"}} for k in value]
        elif isinstance(value, list):
            out += [{**move, key: value + ["2B-H"]}, {**move, key: "2B-1"}]
        without = dict(move)
        del without[key]
        out.append(without)
    out.append({**move, "surplus": 1})
    out.append({**move, "type": rng.choice(["buy_horse", "end_turn", "claim_prize", "draft_pick", "noop"])})
    return out


def check_refused(state, seat: int, move: dict, legal: list[dict]) -> None:
    if listed(move, legal):
        return
    before = GAME.to_dict(state)  # fresh lists: a later comparison sees any change
    with pytest.raises(IllegalMove) as caught:
        GAME.play(state, seat, move)
    assert RULE.match(caught.value.rule), (move, caught.value.rule)
    assert GAME.to_dict(state) == before


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_listed_moves_are_accepted_and_unlisted_ones_refused(case):
    rng = random.Random(f"legal-{case_id(case)}")
    players = case[0]
    for state in states(case):
        legal = {seat: GAME.legal_moves(state, seat) for seat in range(players)}
        for seat in range(players):
            assert len({repr(sorted(m.items())) for m in legal[seat]}) == len(legal[seat]), "no duplicates"
            for move in rng.sample(legal[seat], min(SAMPLE, len(legal[seat]))):
                GAME.play(state, seat, move)  # accepted: raises otherwise
                wrongs = mutations(move, rng)
                for wrong in rng.sample(wrongs, min(4, len(wrongs))):
                    check_refused(state, seat, wrong, legal[seat])
                other = (seat + 1) % players
                check_refused(state, other, move, legal[other])
