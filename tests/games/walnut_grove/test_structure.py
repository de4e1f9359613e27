"""Game structure (WG-G01..G07) and the automatic steps (WG-A01..A11)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.errors import NotYourTurn
from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.flow import order_key, year_order
from tests.games.playout import playout
from tests.games.walnut_grove.builders import (
    P1,
    P2,
    P3,
    f3_from_setup,
    f3_players,
    fall_turn,
    farmer,
    refused,
    table,
    tile,
    work,
)


def _walk(players: int, seed: int):
    """(state before, actor) for every step of a seeded bot game, plus the final state."""
    run = playout(GAME, players, {}, seed=seed, check=False)
    state = GAME.setup(players, {})
    seen = []
    for actor, action in run.steps:
        seen.append((state, actor))
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
    return seen, state


def test_wg_g01_g07_eight_years_of_four_seasons_then_final_adjustments():
    """WG-G01/G07: setup, start choice, (spring, summer, fall, winter) x 8, final adjustments, ended."""
    seen, final = _walk(3, seed=4)
    phases = []
    for state, _ in seen:
        label = (state.year, state.phase)
        if not phases or phases[-1] != label:
            phases.append(label)
    seasons = [(y, ph) for y, ph in phases if ph in ("spring", "summer", "fall", "winter")]
    assert seasons == [(y, ph) for y in range(1, 9) for ph in ("spring", "summer", "fall", "winter")]
    assert phases[:2] == [(0, "setup"), (0, "setup_start_choice")]
    assert final.phase == "ended" and final.year == 8 and len(final.removed_discs) == 8
    assert [d[0] for d in final.removed_discs] == ["A"] * 4 + ["B"] * 4


def test_wg_g02_spring_summer_winter_are_simultaneous():
    """WG-G02: every unsubmitted player may act, in any order; the season ends with the last one."""
    state = table(phase="winter")
    assert GAME.to_act(state) == {P1, P2, P3}
    state = GAME.play(state, P3, {"type": "resolve_winter"})
    assert GAME.to_act(state) == {P1, P2}
    refused(state, P3, {"type": "resolve_winter"}, "WG-R50")
    state = GAME.play(GAME.play(state, P2, {"type": "resolve_winter"}), P1, {"type": "resolve_winter"})
    assert (state.year, state.phase) == (2, "spring")


def test_wg_g03_fall_is_sequential_in_year_order():
    """WG-G03: one fall turn each, in year order; another seat acting is NotYourTurn."""
    state = table()
    assert GAME.to_act(state) == {P1}
    with pytest.raises(NotYourTurn) as caught:
        GAME.play(state, P2, {"type": "pass_fall_turn"})
    assert caught.value.rule == "WG-R40"
    for seat in (P1, P3, P2):
        assert GAME.to_act(state) == {seat}
        state = GAME.play(state, seat, {"type": "pass_fall_turn"})
    assert state.phase == "winter"


def test_wg_g04_year_order_ties_street_before_start_spaces_and_lower_index_first():
    """WG-G04: farther first; on one position street space, then slot 1, slot 2, then start spaces."""
    assert order_key("church") < order_key("church:1") < order_key("church:2")
    assert order_key("svensons:1") < order_key("svensons:2") < order_key("general_store_1")
    assert order_key("lodge") < order_key("post_office") < order_key("town_hall:1") < order_key("town_hall:2")


def test_wg_g05_no_start_player_token_order_follows_the_figures():
    """WG-G05: when everybody passes, nobody moves and next year's order is unchanged."""
    state = table()
    for seat in (P1, P3, P2):
        state = GAME.play(state, seat, {"type": "pass_fall_turn"})
    for seat in (P1, P2, P3):
        state = GAME.play(state, seat, {"type": "resolve_winter"})
    assert state.year == 2 and state.order == (P1, P3, P2)


def test_wg_g06_free_actions_outside_ones_turn_but_not_during_setup():
    """WG-G06 / WG-D25: p3 moves a good while p1 takes the fall turn; nothing is free in setup."""
    state = table()
    assert GAME.to_act(state) == {P1}
    after = GAME.play(state, P3, {"type": "move_goods_to_barn", "from_slot": "board:4:1"})
    assert after.player(P3).barn == ("c05", "c06", "wood", "") and GAME.to_act(after) == {P1}
    setup = replace(state, phase="setup_start_choice")
    refused(setup, P3, {"type": "move_goods_to_barn", "from_slot": "board:4:1"}, "WG-R65")


def test_wg_g07_unknown_move_types_and_wrong_phases_are_refused():
    """WG-G07: the phase machine: a move type that does not exist, or one out of its phase."""
    state = table()
    refused(state, P1, {"type": "roll_dice"}, "WG-G07")
    refused(state, P1, {"type": "place_figures", "assignments": []}, "WG-R20")
    refused(state, P1, {"type": "place_landscape_tiles", "placements": []}, "WG-R10")


def test_wg_a01_a02_year_start_turns_the_disc_and_draws_in_year_order():
    """WG-A01/A02: A1 face up (draw 4), every player draws 4 in year order before anyone places."""
    state = f3_from_setup()
    bag = len(state.tile_bag)
    requests = []
    while state.chance_step:
        request = GAME.chance(state)
        requests.append((state.order[state.cursor], request.count))
        state = GAME.resolve_chance(state, list(request.items[: request.count]))
    assert requests == [(P1, 4), (P3, 4), (P2, 4)]
    assert len(state.tile_bag) == bag - 12 and GAME.to_act(state) == {P1, P2, P3}


def test_wg_a02_a_short_bag_draws_fewer_and_an_empty_one_submits_automatically():
    """WG-A02 / WG-D06: min(draw, tiles in bag); a player who drew nothing is submitted."""
    state = replace(
        table(phase="spring"), tile_bag=("L01", "L02"), chance_step="spring_draw", order=(P1, P3, P2)
    )
    assert GAME.chance(state).count == 2
    state = GAME.resolve_chance(state, ["L02", "L01"])
    assert GAME.chance(state).count == 0
    state = GAME.resolve_chance(GAME.resolve_chance(state, []), [])
    assert GAME.to_act(state) == {P1} and state.player(P3).done and state.player(P2).done
    state = GAME.play(
        state, P1, {"type": "place_landscape_tiles", "placements": [tile("L01", 0, 1), tile("L02", 1, 1)]}
    )
    assert state.phase == "summer"  # WG-A03


def test_wg_a03_a04_a05_seasons_follow_when_everyone_is_done():
    """WG-A03, WG-A04, WG-A05: spring -> summer -> fall (year order, first player) -> winter."""
    state = table(phase="summer")
    for seat in (P1, P2, P3):
        state = GAME.play(
            state, seat, work(("farmer", 0, 0, "NW"), (state.player(seat).active[0], 1, 0, "NW"))
        )
    assert state.phase == "fall" and GAME.to_act(state) == {P1}
    for seat in (P1, P3, P2):
        state = GAME.play(state, seat, {"type": "pass_fall_turn"})
    assert state.phase == "winter"


def test_wg_a06_pending_hires_neither_eat_nor_need_heat():
    """WG-A06: only active labourers eat; the double eater eats 2; wood = fires + max(0, active - cabins)."""
    from domain.games.walnut_grove.winter import winter_needs

    player = farmer("PB1", active=("y1", "w1"), pending=("b3",), cabins=("cabin_1",))
    needs = winter_needs(table(phase="winter", disc="A3"), player)  # A3: white doubles, 1 fire
    assert needs.food == {"grain": 1, "fish": 0, "dairy": 2} and (needs.fires, needs.wagons, needs.wood) == (
        1,
        1,
        2,
    )


def test_wg_a07_a08_food_before_wood_and_tiles_taken_one_by_one():
    """WG-A07, WG-A08: 1 fish missing then 2 wood missing: three tiles, each flipping the one before."""
    p1 = farmer("PB1", active=("b3",), storage={}, help_returnable=True)  # A1: blue eats 2, 1 fire + 1 wagon
    state = table((p1,), phase="winter", disc="A1")
    state = state.with_player(P1, replace(state.player(P1), barn=("fish", "", "", "")))
    after = GAME.play(state, P1, {"type": "resolve_winter"})
    assert (after.player(P1).help_flipped, after.player(P1).help_returnable) == (3, True)
    assert after.player(P1).barn == ("", "", "", "")


def test_wg_a09_hires_enter_play_and_the_disc_is_removed():
    """WG-A09: after the last winter, pending labourers become active; the next disc turns up."""
    p1 = farmer(
        "PB1", active=("y1",), pending=("w2",), storage={"board:4:1": "wood"}, barn=("grain", "wood", "", "")
    )
    state = GAME.play(table((p1,), phase="winter", year=2, disc="A2"), P1, {"type": "resolve_winter"})
    assert state.player(P1).active == ("y1", "w2") and state.player(P1).pending == ()
    assert state.removed_discs[-1] == "A2" and state.year == 3 and state.disc == "A3"


def test_wg_a10_only_a_returnable_tile_with_three_goods_must_confirm():
    """WG-A10: p1 (returnable + 3 goods) must confirm; p2 (returnable, 2 goods) and p3 are automatic."""
    players = (
        farmer("PB1", help_returnable=True, barn=("grain", "fish", "wood", ""), done=True, active=()),
        farmer("PB2", help_returnable=True, barn=("grain", "fish", "", ""), done=True, active=()),
        # p3 heats B4's 3 fires with its 3 wood and keeps 3 goods, but holds no help tile
        farmer(
            "PB3",
            barn=("grain", "fish", "wood", "stone"),
            storage={"board:4:1": "wood", "board:4:2": "wood"},
            active=(),
        ),
    )
    state = GAME.play(table(players, phase="winter", year=8, disc="B4"), P3, {"type": "resolve_winter"})
    assert state.phase == "final_adjustments" and GAME.to_act(state) == {P1}
    refused(state, P2, {"type": "confirm_final_scoring"}, "WG-R75")
    state = GAME.play(state, P1, {"type": "confirm_final_scoring"})
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()


def test_wg_a11_coins_owed_beyond_the_bag_are_not_received():
    """WG-A11: one coin left in the bag pays one of two owed; an empty bag pays none."""
    state = replace(table(cursor=2), coin_bag=("c30",))
    sale = fall_turn("general_store_1", sell=[{"good": "wood", "source": "board:4:1"}])
    after = GAME.play(state, P2, sale)
    assert GAME.chance(after).count == 1
    after = GAME.resolve_chance(after, ["c30"])
    assert after.player(P2).barn == ("c03", "c04", "c30", "") and after.phase == "winter"
    empty = GAME.play(replace(state, coin_bag=()), P2, sale)
    assert empty.phase == "winter" and empty.player(P2).barn == ("c03", "c04", "", "")


def test_wg_g04_figures_keep_their_places_so_spring_and_fall_share_the_order():
    """WG-G04: the order fixed at year start (from F3 places) is the fall order: play year 1's
    spring and summer for real and watch who draws and who takes the fall turns."""
    import random

    assert year_order(table(f3_players())) == (P1, P3, P2)
    state, rng, drawers = f3_from_setup(), random.Random(0), []
    while state.phase != "fall":
        if GAME.to_act(state) == {CHANCE}:
            drawers.append(state.order[state.cursor])
            request = GAME.chance(state)
            state = GAME.resolve_chance(state, list(request.items[: request.count]))
        else:
            seat = min(GAME.to_act(state))
            state = GAME.play(state, seat, GAME.bot_move(state, seat, rng))
    turns = []
    while state.phase == "fall":
        (seat,) = GAME.to_act(state)
        turns.append(seat)
        state = GAME.play(state, seat, {"type": "pass_fall_turn"})
    assert drawers == turns == [P1, P3, P2]


def test_wg_a06_spare_cabins_never_lower_the_fires():
    """WG-A06: wood = fires + max(0, active - cabins): two cabins for one labourer still burn the
    disc's fires (B3: 3), not 2."""
    from domain.games.walnut_grove.winter import winter_needs

    player = farmer("PB1", active=("y1",), cabins=("cabin_1", "cabin_2"))
    needs = winter_needs(table(phase="winter", disc="B3"), player)
    assert (needs.fires, needs.wagons, needs.wood) == (3, 0, 3)
