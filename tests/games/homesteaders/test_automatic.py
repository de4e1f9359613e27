"""Automatic steps (spec §6, HS-A..), setup options (HS-SET-..) and scoring details (HS-E..)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.errors import InvalidOptions
from domain.games.homesteaders import GAME
from domain.games.homesteaders.scoring import breakdown, end_bonus
from domain.games.homesteaders.state import DUMMY, NOBODY

from .helpers import (
    CONFIRM,
    DECLINE_BUILD,
    PASS,
    A,
    B,
    C,
    D,
    assign,
    bid,
    bidding,
    bonus_worker,
    build,
    dummy,
    holding,
    in_round,
    new_game,
    own,
    pay,
    play,
    resolving,
    reward,
    take_bonus,
)


def test_hs_set_01_options_and_player_counts():
    """HS-SET-01: 2–4 players; resource_visibility and worker_assignment_mode with their defaults."""
    assert GAME.resolve_options(3, {}) == {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"}
    for players in (1, 5):
        with pytest.raises(InvalidOptions):
            GAME.resolve_options(players, {})
    with pytest.raises(InvalidOptions):
        GAME.resolve_options(3, {"resource_visibility": "hidden"})
    with pytest.raises(InvalidOptions):
        GAME.resolve_options(3, {"colour": "red"})


def test_hs_set_03_hs_set_10_stack_one_is_public_and_round_one_begins():
    """HS-SET-03, HS-SET-10: stack 1 face up in round order; round 1 starts after the chance steps."""
    state = new_game(3)
    view = GAME.player_view(state, None)
    assert view["stack_1"] == [f"A{r:02d}" for r in range(1, 11)]
    assert (view["round"], view["era"], view["phase"]) == (1, "settlement", "allocation")


def test_hs_h01_public_information_in_the_spectator_view():
    """HS-H01, HS-H07: everything public is in the spectator's view."""
    state = own(holding(new_game(4, start=B), C, track=2, rail=3), C, "farm#1")
    view = GAME.player_view(state, None)
    assert view["start_player"] == B and view["options"]["resource_visibility"] == "screened"
    groups = {"settlement": 4, "town": 4, "city": 2}
    assert {k: v["groups"] for k, v in view["random_stacks"].items()} == {"2": groups, "3": groups}
    assert [s["tile"] for s in view["slots"]] == list(state.slots)
    assert "farm#1" not in view["supply"] and "church#1" in view["set_aside"]["town"]
    seat = view["seats"][C]
    assert (seat["workers"], seat["track"], seat["rail"], seat["buildings"][-1]) == (["w3-1"], 2, 3, "farm#1")


def test_hs_a01_hs_a03_round_setup_clears_bids_and_reveals_the_rounds_tiles():
    """HS-A01, HS-A03: markers back, statuses reset, tile A0r and element r of stacks 2/3 revealed."""
    state = bidding(in_round(new_game(4), 2), active=A)
    state = play(state, A, bid(1, 3))
    for seat in (B, C, D):
        state = play(state, seat, PASS)
        state = play(state, seat, reward("trade"))
    state = play(play(state, A, pay()), A, DECLINE_BUILD)
    assert state.round == 3
    assert all(p.status == "no_bid" and p.bid_slot == 0 for p in state.seats)
    assert state.bids == ((NOBODY, 0),) * 3
    assert state.slots == ("A03", state.stack2[2], state.stack3[2])


def test_hs_a04_placements_persist_and_new_workers_start_idle():
    """HS-A04, HS-D18: workers stay where they were; the next allocation may change them."""
    state = play(holding(new_game(3), A, rail=2), A, assign("w1-1", "homestead#1", 1))
    for seat in (A, B, C):
        state = play(state, seat, CONFIRM)
    state = play(bidding(state), A, PASS)
    state = play(state, A, reward("worker"))
    state = in_round(replace(state, phase="allocation"), 2)
    assert state.seat(A).placement == (("w1-1", "homestead#1", 1),)
    assert state.seat(A).workers == ("w1-1", "w1-2") and not state.seat(A).confirmed


def test_hs_a10_hs_a14_bidding_starts_with_the_start_player_one_marker_each():
    """HS-A10, HS-A14: the start player bids first; a player's marker sits on one slot at most."""
    state = new_game(3, start=C)
    for seat in (A, B, C):
        state = play(state, seat, CONFIRM)
    assert (state.phase, state.actor) == ("bidding", C)
    state = play(state, C, bid(1, 3))
    state = play(state, A, bid(1, 4))
    state = play(state, B, bid(2, 3))
    state = play(state, C, bid(2, 4))  # C moves to slot 2
    assert state.bids == ((A, 4), (C, 4)) and state.seat(C).bid_slot == 2
    assert state.seat(B).status == "outbid" and state.actor == B


def test_hs_a21_to_a24_the_dummy_value_moves_on_its_own_ladder():
    """HS-A21, HS-A22, HS-A23, HS-A24: outbid → +1 step (cap 9), pass → −1 step (floor 3); a Lawyer ties it."""
    state = replace(new_game(2, start=A), phase="dummy", actor=A, dummy=9)
    state = play(state, A, dummy(2))
    assert state.bids[1] == (DUMMY, 9)
    tied = play(own(state, A, "lawyer#1"), A, bid(2, 9))
    assert tied.bids[1] == (A, 9) and tied.dummy == 9  # capped at 9
    state = play(state, A, PASS)
    assert state.dummy == 7  # 9 → 7: one step down the ladder 3, 4, 5, 6, 7, 9
    low = play(replace(new_game(2, start=A), phase="bidding", actor=A, dummy=3), A, PASS)
    assert low.dummy == 3


def test_hs_a31_hs_a35_a30_gives_six_vp_then_offers_food_for_two():
    """HS-A31, HS-A35: a tile without building types skips the build step."""
    state = resolving(holding(in_round(new_game(4), 9), A, food=1), 3, A, 3, tile="A30")
    state = play(state, A, pay())
    assert (state.phase, state.seat(A).vp_tokens) == ("auction_bonus", 6)
    state = play(state, A, take_bonus())
    assert (state.seat(A).vp_tokens, state.seat(A).food) == (8, 0)


def test_hs_a24_tile_a24_gives_a_worker_and_a_rail_advance():
    """HS-A35: A24 (4 players) — optional worker, then an advance that always happens."""
    state = resolving(new_game(4), 3, A, 3, tile="A24")
    state = play(play(state, A, pay()), A, bonus_worker(False))
    assert (state.phase, state.seat(A).rail, state.seat(A).workers) == ("rail_reward", 1, ("w1-1",))


@pytest.mark.parametrize(
    ("instance", "cost", "expect"),
    [
        ("depot#1", {"steel": 1, "wood": 1}, "rail"),
        ("forge#1", {"steel": 2}, "rail"),
        ("rail_yard#1", {"copper": 1, "gold": 1, "steel": 2}, "rail"),
        ("ranch#1", {"steel": 1, "food": 1, "wood": 1}, "trade"),
        ("workshop#1", {"steel": 1}, "worker"),
        ("church#1", {"copper": 1, "gold": 1, "steel": 1, "wood": 1}, None),
    ],
)
def test_hs_a33_build_bonuses(instance, cost, expect):
    """HS-A32, HS-A33: Depot/Forge/Rail Yard advance on the railroad; the Forge itself scores nothing."""
    round_ = 9 if instance == "rail_yard#1" else 6
    state = holding(in_round(new_game(3), round_), A, silver=3, **cost)
    state = play(play(resolving(state, 1, A, 3, tile="A08" if round_ == 6 else "A09"), A, pay()), A, build(instance))
    a = state.seat(A)
    assert a.vp_tokens == 0 and instance in a.buildings
    if expect == "rail":
        assert (state.phase, a.rail, state.source) == ("rail_reward", 1, instance)
    elif expect == "trade":
        assert a.trade == 1
    elif expect == "worker":
        assert (state.phase, state.source) == ("bonus_worker", instance)
    else:
        assert state.phase != "rail_reward"


def test_hs_a38_hs_a50_after_round_ten_the_final_round_starts():
    """HS-A38, HS-A50, HS-A51, HS-A52: income and wages again, then final actions; no auction."""
    state = resolving(in_round(new_game(3), 10), 1, A, 3)
    state = play(play(state, A, pay()), A, DECLINE_BUILD)
    state = play(state, A, {"type": "decline_auction_bonus"})
    assert (state.round, state.phase, state.slots, state.supply) == (11, "allocation", (), ())
    for seat in (A, B, C):
        state = play(state, seat, CONFIRM)
    assert state.phase == "final_actions" and GAME.to_act(state) == frozenset({A, B, C})


@pytest.mark.parametrize(
    ("instance", "bonus", "expected"),
    [
        ("boarding_house#1", "per_industrial", 2),  # foundry, river port
        ("railworkers_house#1", "per_worker_and_track", 3 + 2),
        ("stables#1", "per_residential", 2),  # Homestead and Farm (the Stables are Commercial)
        ("bank#1", "per_special", 1),  # lawyer
        ("lawyer#1", "per_commercial", 1),  # the bank
        ("rail_yard#1", "per_building", 7),
        ("dude_ranch#1", "per_worker", 3),
        ("terminal#1", "per_track", 2),
    ],
)
def test_hs_e03_end_bonuses_count_at_scoring_time(instance, bonus, expected):
    """HS-E03, HS-D12: counts include the Homestead (Residential) and, for per_building, the bonus building."""
    state = own(holding(new_game(3), A, workers=3, track=2), A, "farm#1", "foundry#1", "river_port#1", "bank#1", "lawyer#1")
    player = state.seat(A)
    if instance not in player.buildings:
        player = replace(player, buildings=player.buildings + (instance,))
    assert end_bonus(player, bonus) == expected


def test_hs_e04_wood_food_steel_silver_and_trade_score_nothing():
    """HS-E04, HS-E07: only the scoring sources of FinalScored appear in the breakdown."""
    player = holding(new_game(3), A, wood=5, food=5, steel=5, silver=50, trade=9).seat(A)
    assert breakdown(player) == {
        "vp_tokens": 0,
        "building_vp": 0,
        "bonus_vp": 0,
        "gold_vp": 0,
        "copper_vp": 0,
        "livestock_vp": 0,
        "debt_penalty": 0,
    }


def test_hs_h01_tile_sets_of_the_random_stacks_and_every_revealed_tile_are_public():
    """HS-H01, HS-H03: the set of tiles of each era group (never the order) and the tiles revealed so far."""
    state = in_round(new_game(4), 3)
    for viewer in (None, A, D):
        stacks = GAME.player_view(state, viewer)["random_stacks"]
        assert stacks["2"]["tiles"] == {
            "settlement": ["A11", "A12", "A13", "A14"],
            "town": ["A15", "A16", "A17", "A18"],
            "city": ["A19", "A20"],
        }
        assert stacks["3"]["tiles"]["city"] == ["A29", "A30"]
        assert stacks["2"]["revealed"] == list(state.stack2[:3]) and stacks["3"]["revealed"] == list(state.stack3[:3])
    final = GAME.player_view(in_round(state, 11), None)["random_stacks"]
    assert final["2"]["revealed"] == list(state.stack2) and len(final["3"]["revealed"]) == 10
    assert set(GAME.player_view(new_game(3), None)["random_stacks"]) == {"2"}
