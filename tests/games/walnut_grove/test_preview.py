"""``preview`` (the optional ``Game.preview``) tells the truth: over seeded bot games, the areas a
spring placement previews are the areas the view shows once it is played, a summer's previewed
production is where playing it puts the goods, and a preview changes nothing."""

from __future__ import annotations

import random

import pytest

from domain.errors import IllegalMove
from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.preview import preview

SAMPLE_MOVES = 4


def _chance(state, rng):
    request = GAME.chance(state)
    if request.kind == "shuffle":
        outcome = list(request.items)
        rng.shuffle(outcome)
    elif request.kind == "sample":
        outcome = rng.sample(list(request.items), request.count)
    else:
        outcome = [rng.randint(1, request.sides) for _ in range(request.count)]
    return GAME.resolve_chance(state, outcome)


def _checked_states(players: int, seed: int):
    """(state, seat, sampled legal moves of the previewed kinds) over one seeded bot game."""
    rng = random.Random(seed)
    state = GAME.setup(players, {})
    while not GAME.is_over(state):
        actors = GAME.to_act(state)
        if CHANCE in actors:
            state = _chance(state, rng)
            continue
        seat = min(actors)
        moves = [m for m in GAME.legal_moves(state, seat) if m["type"] in ("place_landscape_tiles", "place_figures")]
        if moves:
            yield state, seat, rng.sample(moves, min(SAMPLE_MOVES, len(moves)))
        state = GAME.play(state, seat, GAME.bot_move(state, seat, rng))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_a_preview_equals_what_playing_the_move_shows(players, seed):
    checked = 0
    for state, seat, moves in _checked_states(players, seed):
        for move in moves:
            before = GAME.to_dict(state)
            answer = GAME.preview(state, seat, move)
            assert GAME.to_dict(state) == before  # nothing changed
            after = GAME.player_view(GAME.play(state, seat, move), seat)["players"][seat]
            if move["type"] == "place_landscape_tiles":
                assert answer["areas"] == after["areas"]
            else:
                assert answer["complete"]
                for made in answer["production"]:
                    assert all(after["storage"][slot] == made["good"] for slot in made["to_storage"])
                    assert all(after["barn"][int(slot.split(":")[1]) - 1] == made["good"] for slot in made["to_barn"])
            checked += 1
    assert checked > 20


def test_a_preview_refuses_what_the_move_refuses_with_the_same_rule():
    for state, seat, moves in _checked_states(2, 3):
        spring = [m for m in moves if m["type"] == "place_landscape_tiles"]
        if not spring:
            continue
        first, *rest = spring[0]["placements"]
        bad = {"type": "place_landscape_tiles", "placements": [{**first, "y": 0}, *rest]}
        with pytest.raises(IllegalMove) as previewed:
            preview(state, seat, bad)
        with pytest.raises(IllegalMove) as played:
            GAME.play(state, seat, bad)
        assert previewed.value.rule == played.value.rule == "WG-R14"
        return
    raise AssertionError("no spring reached")
