"""Homesteaders' strong bot: its economy style (``Style``) and the final round's liquidation."""

from __future__ import annotations

from dataclasses import replace

from domain.games.homesteaders import bots
from domain.games.homesteaders.legal import free_moves, phase_moves
from domain.games.homesteaders.rules import setup
from domain.games.homesteaders.state import Player


def _final(player: Player):
    state = setup(4, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"})
    state = replace(state, phase="final_actions", round=11, supply=())
    return state.with_seat(0, player)


def _liquidate_all(player: Player) -> Player:
    """Apply the strong final actions until it confirms (free actions change the holdings)."""
    from domain.games.homesteaders.rules import play

    state = _final(player)
    for _ in range(50):
        moves, free = phase_moves(state, 0), free_moves(state, 0)
        move = bots._liquidate(state.seat(0), moves, free)
        if move["type"] == "confirm_final_actions":
            return state.seat(0)
        state = play(state, 0, move)
    raise AssertionError("no confirmation")


def test_the_final_round_turns_what_scores_nothing_into_points():
    start = Player(silver=9, wood=2, steel=1, trade=6, workers=("w1-1",), buildings=("homestead#1",))
    end = _liquidate_all(start)
    assert end.wood == end.steel == 0  # sold: a VP token each
    assert end.gold >= 2  # silver into gold: 2 VP each
    points = lambda p: p.vp_tokens + 2 * (p.gold + p.copper + p.livestock)  # noqa: E731
    assert points(end) >= points(start) + 3 + 4
    assert end.trade <= 1


def test_the_final_round_pays_debt_before_buying_gold():
    end = _liquidate_all(Player(silver=7, trade=2, debt=1, workers=("w1-1",), buildings=("homestead#1",)))
    assert end.debt == 0


def test_basic_keeps_its_final_round_and_strong_its_style():
    assert not bots.BASIC.liquidate and bots.STRONG.liquidate
    assert bots.STRONG.affordable_only and bots.STRONG.slot_aware_workers


def test_strong_counts_a_tile_only_for_a_building_it_can_pay_for():
    state = setup(4, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"})
    state = replace(state, phase="bidding", round=1, slots=("A02", "A13", "A24"))
    poor = state.with_seat(0, replace(state.seat(0), silver=3, wood=0, steel=0, trade=0))
    # A02 builds Industrial: the Foundry is free, so both levels see a building
    assert bots._tile_value(poor, 0, 1, bots.STRONG, 3) > 0
    # with the free Foundry gone, nothing Industrial is affordable without wood, steel or trade
    no_foundry = replace(poor, supply=tuple(i for i in poor.supply if not i.startswith("foundry")))
    assert bots._tile_value(no_foundry, 0, 1, bots.STRONG, 3) == 0


def test_a_worker_without_a_slot_is_not_wanted_by_strong():
    player = Player(workers=("w1-1", "w1-2", "w1-3"), buildings=("homestead#1",))
    assert bots._capacity(player) == 2
    state = setup(4, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"})
    move = {"type": "choose_rail_reward", "reward": "worker"}
    assert bots._reward_value(state, player, move, bots.STRONG) < 0 < bots._reward_value(state, player, move)
