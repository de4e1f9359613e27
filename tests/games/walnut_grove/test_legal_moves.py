"""``legal_moves`` is exact: over seeded bot games, every listed move is accepted and moves
outside the list (mutated fields, other types, other seats) are refused with a rule id.

``WG_SEEDS`` raises the number of games per player count (default 1).
"""

from __future__ import annotations

import copy
import os
import random

import pytest

from domain.errors import IllegalMove
from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from tests.games.playout import playout

SEEDS = int(os.environ.get("WG_SEEDS", "1"))
SAMPLE_STATES = 0.12
SAMPLE_MOVES = 12


def _mutations(move: dict) -> list[dict]:
    """Moves that differ from a legal one in a way no rule can accept."""
    out = [{**move, "bogus": 1}, {**move, "type": "no_such_move"}]
    for name in move:
        if name != "type":
            out.append({k: v for k, v in move.items() if k != name})
    kind = move["type"]
    bent = copy.deepcopy(move)
    if kind == "place_landscape_tiles":
        bent["placements"][0]["x"] += 100
        out += [bent, {**move, "placements": [{**move["placements"][0], "y": 0}] + move["placements"][1:]}]
    elif kind == "place_figures":
        bent["assignments"][0]["anchor"]["x"] += 100
        out.append(bent)
    elif kind == "take_fall_turn":
        out.append({**move, "destination": "town_hall"})
        out.append({**move, "tolls": move["tolls"] + ["help"]})
        out.append({**move, "payment": {**move["payment"], "coins": move["payment"]["coins"] + ["c99"]}})
    elif kind == "resolve_coin_overflow":
        out.append({**move, "keep": move["keep"] + ["c99"]})
    elif kind == "move_goods_to_barn":
        out.append({**move, "from_slot": "barn:1"})
    elif kind == "discard_from_barn":
        out.append({**move, "barn_slots": move["barn_slots"] + ["barn:99"]})
    elif kind == "return_neighbour_help_tile":
        out.append({**move, "goods": move["goods"] + [{"good": "grain", "source": "barn", "count": 1}]})
    elif kind == "choose_start_building":
        out.append({**move, "building": "saloon"})
    return out


def _refused(state, seat, move):
    before = GAME.to_dict(state)
    with pytest.raises(IllegalMove) as caught:
        GAME.play(state, seat, move)
    assert caught.value.rule.startswith("WG-"), caught.value
    assert GAME.to_dict(state) == before


def _check(state, rng: random.Random) -> int:
    checked = 0
    actors = GAME.to_act(state)
    for seat in range(state.n):
        legal = GAME.legal_moves(state, seat)
        if seat not in actors:
            assert all(
                m["type"] in ("return_neighbour_help_tile", "move_goods_to_barn", "discard_from_barn")
                for m in legal
            )
        for move in rng.sample(legal, min(SAMPLE_MOVES, len(legal))):
            GAME.play(state, seat, move)  # every listed move is accepted
            for bad in _mutations(move):
                assert bad not in legal
                _refused(state, seat, bad)
            checked += 1
        # another seat's turn move is never this seat's to make
        for other in actors - {seat, CHANCE}:
            turn = [
                m
                for m in GAME.legal_moves(state, other)
                if m["type"] not in ("discard_from_barn", "move_goods_to_barn", "return_neighbour_help_tile")
            ]
            if turn and seat not in actors and state.phase in ("setup_start_choice", "fall"):
                _refused(state, seat, rng.choice(turn))
    return checked


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_listed_moves_are_accepted_and_mutations_refused(players, seed):
    rng = random.Random(seed)
    run = playout(GAME, players, {}, seed=100 + seed, check=False)
    state = GAME.setup(players, {})
    checked = 0
    phases = set()
    for actor, action in run.steps:
        if actor != CHANCE and (rng.random() < SAMPLE_STATES or state.phase not in phases):
            phases.add(state.phase)
            checked += _check(state, rng)
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
    assert checked > 50 and {"setup_start_choice", "spring", "summer", "fall", "winter"} <= phases
    assert GAME.legal_moves(state, 0) == []  # nothing after the end


def test_chance_steps_list_no_moves():
    state = GAME.setup(2, {})
    assert GAME.to_act(state) == {CHANCE} and GAME.legal_moves(state, 0) == GAME.legal_moves(state, 1) == []


def test_wg_r11_wg_r15_spring_lists_every_ordered_placement():
    """WG-R11..R15: drew 4, keep 2, bare farm: 12 ordered tile pairs x 4 x 4 rotations x the cell
    pairs: the first tile goes on one of 5 cells above the board; the second on the other 4,
    above the first, or (first at x=0 or x=4) beside it at x=-1 / x=5: 6 + 5 + 5 + 5 + 6 = 27."""
    from dataclasses import replace

    from tests.games.walnut_grove.builders import P1, f3_players, table

    p1 = replace(f3_players()[P1], drawn=("L05", "L12", "L31", "L40"))
    state = table((p1,) + f3_players()[1:], phase="spring")
    moves = GAME.legal_moves(state, P1)
    spring = [m for m in moves if m["type"] == "place_landscape_tiles"]
    assert len(spring) == 12 * 27 * 4 * 4
    assert len({repr(m) for m in spring}) == len(spring)


def test_wg_r23_summer_lists_one_spelling_per_set_of_areas():
    """WG-R21..R23: a bare farm has 5 areas; farmer + 1 labourer choose 2 of them: 10 moves."""
    from tests.games.walnut_grove.builders import P1, table

    state = table(phase="summer")
    summer = [m for m in GAME.legal_moves(state, P1) if m["type"] == "place_figures"]
    assert len(summer) == 10
    assert all([a["figure_id"] for a in m["assignments"]] == ["farmer", "y1"] for m in summer)
