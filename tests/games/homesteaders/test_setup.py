"""Setup (spec §3.3, HS-SET-01–HS-SET-10): every random step is a recorded chance step."""

from __future__ import annotations

import pytest

from domain.errors import IllegalMove
from domain.games.game import CHANCE
from domain.games.homesteaders import GAME
from domain.games.homesteaders import components as c

from .helpers import new_game


def fresh(players: int):
    return GAME.setup(players, GAME.resolve_options(players, {}))


def test_setup_asks_chance_for_each_tile_group_then_the_start_player():
    """HS-SET-04, HS-SET-05, HS-SET-08: three group shuffles per random stack, then one seat."""
    state = fresh(4)
    requests = []
    while GAME.to_act(state) == {CHANCE}:
        request = GAME.chance(state)
        requests.append((request.kind, len(request.items)))
        outcome = [2] if request.kind == "sample" else list(reversed(request.items))
        state = GAME.resolve_chance(state, outcome)
    assert requests == [("shuffle", 4), ("shuffle", 4), ("shuffle", 2)] * 2 + [("sample", 4)]
    assert state.stack2 == ("A14", "A13", "A12", "A11", "A18", "A17", "A16", "A15", "A20", "A19")
    assert state.stack3[:4] == ("A24", "A23", "A22", "A21")
    assert (state.start, state.round, state.phase) == (2, 1, "allocation")
    assert state.slots == ("A01", "A14", "A24")  # HS-A03: round 1 reveals the top of each stack


def test_two_and_three_players_use_stacks_one_and_two_only():
    """HS-SET-02, HS-SET-05: two slots, tiles A21–A30 out of the game."""
    for players in (2, 3):
        state = new_game(players)
        assert len(state.slots) == 2 and state.stack3 == ()
        assert len(state.pending_chance) == 0


def test_building_supply_and_set_aside_piles():
    """HS-SET-06, §3.4: Settlement + Settlement/Town in the supply, Town and City set aside."""
    state = new_game(2)
    assert state.supply == c.instances("settlement", 2) + c.instances("settlement_town", 2)
    assert len(state.supply) == 16 and len(state.town_pile) == 11 and len(state.city_pile) == 7
    assert "farm#3" not in state.supply and "farm#2" in state.supply


def test_players_are_endowed_and_two_players_get_the_dummy():
    """HS-SET-07, HS-SET-09: Homestead, one worker, 6 silver; dummy value 5 with two players."""
    assert new_game(2).dummy == 5 and new_game(3).dummy == 0
    player = new_game(3).seat(2)
    assert (player.buildings, player.workers, player.silver, player.rail, player.debt) == (
        ("homestead#3",),
        ("w3-1",),
        6,
        0,
        0,
    )


@pytest.mark.parametrize(
    "outcome",
    [None, "A11", ["A11", "A12", "A13"], ["A11", "A12", "A13", "A13"], ["A11", "A12", "A13", "A15"], [11, 12, 13, 14], [True] * 4],
)
def test_malformed_shuffle_outcomes_are_refused(outcome):
    """HS-SET-04: an outcome must be a permutation of the requested group."""
    state = fresh(3)
    with pytest.raises(IllegalMove):
        GAME.resolve_chance(state, outcome)


@pytest.mark.parametrize("outcome", [[], [3], [0, 1], ["0"], [True], [-1]])
def test_malformed_start_player_outcomes_are_refused(outcome):
    """HS-SET-08: one seat of the table."""
    state = fresh(3)
    for _ in range(3):
        state = GAME.resolve_chance(state, list(GAME.chance(state).items))
    assert GAME.chance(state).kind == "sample"
    with pytest.raises(IllegalMove):
        GAME.resolve_chance(state, outcome)


def test_no_chance_step_once_the_game_runs():
    state = new_game(3)
    with pytest.raises(IllegalMove):
        GAME.chance(state)
    with pytest.raises(IllegalMove):
        GAME.resolve_chance(state, [0])
