"""Homesteaders' bots build a town (issue 38): they gather what their next buildings cost, bid
only on land they can build on, want a worker only with a slot for it, and turn what scores
nothing into points in the final round."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domain.games.homesteaders import bots
from domain.games.homesteaders import components as c
from domain.games.homesteaders.legal import free_moves, legal_moves, phase_moves
from domain.games.homesteaders.rules import setup
from domain.games.homesteaders.state import NOBODY, Player


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


def test_a_lone_worker_gathers_the_wood_every_first_building_costs():
    state = setup(4, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"})
    state = replace(state, phase="allocation", round=1)
    assert state.seat(0).wood == 0 and len(state.seat(0).workers) == 1
    for style in (bots.BASIC, bots.STRONG):
        move = bots.decide(state, 0, legal_moves(state, 0), random.Random(0), style)
        assert move["type"] == "assign_worker" and move["building"].startswith("homestead")
        assert c.building(move["building"])["worker_slots"][move["slot"] - 1]["yield"] == {"wood": 1}
    # the first heuristic put it on the VP token and never gathered wood (four such bots built nothing)
    move = bots.decide(state, 0, legal_moves(state, 0), random.Random(0), bots.FIRST)
    assert c.building(move["building"])["worker_slots"][move["slot"] - 1]["yield"] == {"vp": 1}


def test_basic_does_not_bid_on_land_it_cannot_build_on():
    state = setup(4, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"})
    state = replace(state, phase="bidding", round=1, slots=("A02", "A13", "A24"), actor=0,
                    bids=((NOBODY, 0),) * 3)
    poor = state.with_seat(0, replace(state.seat(0), silver=6, wood=0, steel=0, trade=0))
    no_foundry = replace(poor, supply=tuple(i for i in poor.supply if not i.startswith("foundry")))
    bids = [m for m in phase_moves(no_foundry, 0) if m["type"] == "place_bid" and m["slot"] in (1, 2)]
    assert bids  # Industrial and any type: the seat may bid, it just has nothing it can build there
    assert bots._ranked_bids(no_foundry, 0, bids, bots.BASIC) == [{"type": "pass_bidding"}]
    # the first heuristic bid on them, won, and declined to build (then it was short of silver)
    assert bots._ranked_bids(no_foundry, 0, bids, bots.FIRST)[0]["type"] == "place_bid"


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
    for style in (bots.BASIC, bots.STRONG):
        assert bots._reward_value(state, player, move, style) < 0 < bots._reward_value(state, player, move, bots.FIRST)


def test_strong_buys_the_gold_a_copper_costs_to_build_the_town_hall():
    """The Town Hall (10 VP) costs a copper; a seat with silver and trade tokens but no gold
    buys a gold, then the copper with it, then builds; ``basic``'s shopping never buys the gold
    (so strong's rollouts, which build as basic did, saw a bid on such land lose to a pass)."""
    from domain.games.homesteaders.rules import play, to_act

    state = setup(4, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"})
    state = replace(state, phase="build_choice", round=9, slots=("A09", "A20", "A29"), actor=0,
                    cur_slot=1, supply=("town_hall#1", "workshop#1"))
    state = state.with_seat(0, replace(state.seat(0), silver=12, wood=2, trade=3, workers=("w1-1",)))
    assert 0 in to_act(state)
    bought = []
    for _ in range(6):
        move = bots.decide(state, 0, legal_moves(state, 0), random.Random(0), bots.STRONG)
        if move["type"] != "buy_resource":
            break
        bought.append(move["resource"])
        state = play(state, 0, move)
    assert bought == ["gold", "copper"]
    assert move["type"] == "build_building" and move["building"].startswith("town_hall")
    start = state.with_seat(0, replace(state.seat(0), gold=0, copper=0, silver=12, trade=3))
    basic = bots.decide(start, 0, legal_moves(start, 0), random.Random(0), bots.BASIC)
    # basic settles for the Workshop (2 VP): it buys the steel, never the gold
    assert basic == {"type": "buy_resource", "resource": "steel", "gold_used": 0}


def test_strong_counts_what_a_building_adds_to_the_end_bonuses_it_owns_and_may_still_gain():
    """Issue 38: strong plans toward the end bonuses. With the Town Hall (1 VP a Commercial
    building at the end) a Market is worth a point more to strong; basic counts neither."""
    state = setup(4, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"})
    state = replace(state, round=4)
    plain = state.with_seat(0, replace(state.seat(0), buildings=("homestead#1",)))
    with_hall = state.with_seat(0, replace(state.seat(0), buildings=("homestead#1", "town_hall#1")))
    for style, gain in ((bots.STRONG, 1), (bots.BASIC, 0)):
        assert bots._building_value(with_hall, 0, "market#1", None, style) == pytest.approx(
            bots._building_value(plain, 0, "market#1", None, style) + gain)
    # the Depot scores a point per track at the end: strong counts the tracks still to come
    left = c.ROUNDS - 4
    assert bots._building_value(plain, 0, "depot#1", None, bots.STRONG) == pytest.approx(
        bots._building_value(plain, 0, "depot#1", None, bots.BASIC) + bots.BONUS_GROWTH["per_track"] * left)
