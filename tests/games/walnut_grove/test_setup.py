"""Setup (spec §3.2, WG-SU01..SU11) and the start choice (WG-R01..R04, WG-R90/R91)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.errors import InvalidOptions, NotYourTurn
from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.components import LABOURERS
from domain.games.walnut_grove.state import Player
from tests.games.walnut_grove.builders import P1, P2, P3, f3_from_setup, refused, table


def _dealt(players: int, boards=("PB4", "PB3", "PB2", "PB1")):
    """Setup through the board deal (the first random step)."""
    state = GAME.setup(players, GAME.resolve_options(players, {}))
    assert GAME.to_act(state) == {CHANCE} and GAME.chance(state).kind == "shuffle"
    return GAME.resolve_chance(state, list(boards))


def _through_town(players: int):
    state = _dealt(players)
    while state.chance_step:
        state = GAME.resolve_chance(state, list(GAME.chance(state).items))
    return state


def test_wg_r90_one_to_four_players():
    """WG-R90: 1 <= players <= 4 (solo included, WG-E05)."""
    for players in (1, 2, 3, 4):
        assert GAME.resolve_options(players, {}) == {}
    for players in (0, 5):
        with pytest.raises(InvalidOptions):
            GAME.resolve_options(players, {})


def test_wg_r91_su01_first_player_is_seat_zero_and_chooses_first():
    """WG-R91/WG-SU01: seats are the clockwise seating order and seat 0 is the youngest, ``first_player``."""
    state = _through_town(3)
    assert state.phase == "setup_start_choice" and GAME.to_act(state) == {P1}


def test_wg_su02_boards_are_dealt_from_the_shuffle_and_the_rest_boxed():
    """WG-SU02: seat i gets the i-th board of the shuffled four; unused boards go to the box."""
    state = _dealt(2)
    assert [p.board for p in state.players] == ["PB4", "PB3"]


def test_wg_su03_starting_materials_follow_the_h1_colour_in_seat_order():
    """WG-SU03: H1-colour labourer (lowest unused id), coppers c(2i-1), c(2i), one wood on board:4:1."""
    state = f3_from_setup()
    assert [p.active for p in state.players] == [("y1",), ("b1",), ("y2",)]
    assert [p.barn for p in state.players] == [
        ("c01", "c02", "", ""),
        ("c03", "c04", "", ""),
        ("c05", "c06", "", ""),
    ]
    assert all(p.storage == (("board:4:1", "wood"),) for p in state.players)
    state = _dealt(4, ("PB1", "PB3", "PB2", "PB4"))
    assert [p.active for p in state.players] == [("y1",), ("y2",), ("b1",), ("b2",)]


@pytest.mark.parametrize(("players", "coins"), [(1, 28), (2, 26), (3, 24), (4, 22)])
def test_wg_su04_bags_hold_all_tiles_and_the_remaining_coins(players, coins):
    """WG-SU04: 50 tiles in the tile bag; 30 - 2N coins in the coin bag."""
    state = _dealt(players)
    assert len(state.tile_bag) == 50 and len(state.coin_bag) == coins


def test_wg_su05_a_discs_lie_on_top_of_the_b_discs():
    """WG-SU05: years 1-4 use the shuffled A pile, years 5-8 the shuffled B pile."""
    state = _dealt(2)
    state = GAME.resolve_chance(state, ["A3", "A1", "A4", "A2"])
    state = GAME.resolve_chance(state, ["B2", "B4", "B1", "B3"])
    assert state.discs == ("A3", "A1", "A4", "A2", "B2", "B4", "B1", "B3")


@pytest.mark.parametrize(("players", "k"), [(1, 2), (2, 2), (3, 3), (4, 4)])
def test_wg_su06_su07_su08_town_stock_per_player_count(players, k):
    """WG-SU06, WG-SU07, WG-SU08: k labourers / building tiles / upgrades per building, dealt in order; rest boxed."""
    state = _dealt(players)
    state = GAME.resolve_chance(
        GAME.resolve_chance(state, ["A1", "A2", "A3", "A4"]), ["B1", "B2", "B3", "B4"]
    )
    labourers = list(GAME.chance(state).items)
    assert len(labourers) == 16 - players and not set(labourers) & {
        lab for p in state.players for lab in p.active
    }
    state = GAME.resolve_chance(state, labourers)
    assert state.stock_at("hotel") == tuple(labourers[:k])
    assert state.stock_at("saloon") == tuple(labourers[k : 2 * k])
    assert state.stock_at("lodge") == tuple(labourers[2 * k : 3 * k])
    buildings = list(GAME.chance(state).items)
    state = GAME.resolve_chance(state, buildings)
    assert state.stock_at("johansens_mill") == tuple(buildings[:k])
    assert state.stock_at("carpenter") == tuple(buildings[k : 2 * k])
    upgrades = list(GAME.chance(state).items)
    state = GAME.resolve_chance(state, upgrades)
    assert state.stock_at("svensons") == tuple(upgrades[:k]) and state.stock_at("soebucks") == tuple(
        upgrades[k : 2 * k]
    )
    assert state.phase == "setup_start_choice"


def test_wg_su09_help_tiles_and_goods_supply_never_run_out():
    """WG-SU09 (WG-D16/D17): the supply is unlimited: a ninth help tile can still be taken."""
    p2 = replace(table().player(P2), help_flipped=8, help_returnable=False, active=("y4",), storage=())
    state = table((table().player(P1), p2, table().player(P3)), phase="winter")
    after = GAME.play(state, P2, {"type": "resolve_winter"})
    # 1 grain and 2 wood (1 fire + 1 wagon) missing: three more tiles, eleven held in all
    assert after.player(P2).help_flipped == 10 and after.player(P2).help_returnable


def test_wg_su10_r01_r02_r03_start_choice_in_seat_order():
    """WG-SU10, WG-R01..R03: clockwise from first_player; church or town_hall; lowest empty space."""
    state = _through_town(3)
    refused(state, P1, {"type": "choose_start_building", "building": "saloon"}, "WG-R03")
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(state, P2, {"type": "choose_start_building", "building": "church"})
    assert caught.value.rule == "WG-R02"
    state = GAME.play(state, P1, {"type": "choose_start_building", "building": "church"})
    state = GAME.play(state, P2, {"type": "choose_start_building", "building": "church"})
    assert [p.place for p in state.players[:2]] == ["church:1", "church:2"]
    spring = f3_from_setup()
    refused(spring, P1, {"type": "choose_start_building", "building": "church"}, "WG-R01")


def test_wg_r04_a_full_building_cannot_be_chosen():
    """WG-R04: never happens with four start spaces and four players; a five-figure table shows it."""
    crowd = tuple(Player(board="PB1", place=f"church:{i}") for i in range(1, 5)) + (Player(board="PB2"),)
    state = replace(table(), players=crowd, phase="setup_start_choice", cursor=4)
    refused(state, 4, {"type": "choose_start_building", "building": "church"}, "WG-R04")


def test_wg_su11_year_one_begins_after_the_last_choice():
    """WG-SU11 / WG-A01: the top disc (A1 here) turns face up and the spring draws begin."""
    state = f3_from_setup()
    assert (state.phase, state.year, state.disc, state.chance_step) == ("spring", 1, "A1", "spring_draw")
    assert state.discs == ("A2", "A3", "A4", "B1", "B2", "B3", "B4")
    assert set(LABOURERS) >= {lab for p in state.players for lab in p.active}
