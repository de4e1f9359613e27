"""Spec §9.2: the additional scenarios (HS-S19–HS-S40), illegal actions included."""

from __future__ import annotations

import json
from dataclasses import replace

from domain.games.homesteaders import GAME
from domain.games.homesteaders import components as c
from domain.games.homesteaders.rounds import income_lines, start_round
from domain.games.homesteaders.state import DUMMY, NOBODY

from .helpers import (
    CONFIRM,
    CONFIRM_FINAL,
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
    buy,
    convert,
    debt,
    dummy,
    holding,
    in_round,
    new_game,
    own,
    pay,
    pay_off,
    play,
    refused,
    resolving,
    reward,
    sell,
    take_bonus,
    wages,
)
from .test_scenarios_seed import confirmed_except


def test_hs_s19_first_round_income_and_automatic_wages():
    """HS-S19 (HS-SET-07, HS-R10, HS-R14, HS-A05–HS-A07): 6 silver, one worker on the wood slot."""
    state = new_game(3)
    assert (state.seat(A).silver, state.seat(A).workers, state.seat(A).placement) == (6, ("w1-1",), ())
    others = confirmed_except(state, A)
    worked = play(play(others, A, assign("w1-1", "homestead#1", 1)), A, CONFIRM)
    assert (worked.seat(A).silver, worked.seat(A).wood) == (7, 1)
    assert worked.phase == "bidding"  # every wage was paid automatically
    idle = play(others, A, CONFIRM)
    assert (idle.seat(A).silver, idle.seat(A).wood) == (7, 0)


def test_hs_s20_bid_values_must_be_on_the_ladder():
    """HS-S20 (HS-R24): 8, 2, 10 and 22 are refused; 9 is accepted."""
    state = bidding(new_game(3))
    for value in (8, 2, 10, 22):
        refused(state, A, bid(1, value), "HS-R24")
    assert play(state, A, bid(1, 9)).bids[0] == (A, 9)


def test_hs_s21_equal_bid_without_lawyer_is_refused():
    """HS-S21 (HS-R25): B holds slot 1 at 7; A must bid 9 (8 is not a ladder value)."""
    state = bidding(new_game(3), active=A)
    state = replace(holding(state, B, status="high", bid_slot=1, bid_value=7), bids=((B, 7), (NOBODY, 0)))
    refused(state, A, bid(1, 7), "HS-R25")
    refused(state, A, bid(1, 6), "HS-R25")
    assert play(state, A, bid(1, 9)).bids[0] == (A, 9)


def test_hs_s22_a_high_bidder_cannot_bid_or_pass_but_may_take_debt():
    """HS-S22 (HS-R22, HS-R60, HS-R69): free actions never change whose turn it is."""
    state = bidding(new_game(4), active=A)
    state = replace(holding(state, D, status="high", bid_slot=1, bid_value=3), bids=((D, 3), (NOBODY, 0), (NOBODY, 0)))
    refused(state, D, bid(2, 12), "HS-R22")
    refused(state, D, PASS, "HS-R22")
    after = play(state, D, debt(1))
    assert (after.seat(D).debt, after.seat(D).silver, after.actor, after.phase) == (1, 8, A, "bidding")


def test_hs_s23_reward_above_the_rail_position_is_refused():
    """HS-S23 (HS-R27, HS-R28, HS-A11): only B chooses, only from spaces 1–2, then C bids."""
    state = bidding(holding(new_game(3), B, rail=1), active=B)
    state = play(state, B, PASS)
    assert state.seat(B).rail == 2
    refused(state, B, reward("worker"), "HS-R28")
    refused(state, B, reward("resource", "gold"), "HS-R28")
    refused(state, C, reward("trade"), "HS-R27")
    assert state.actor == B and state.phase == "rail_reward"
    state = play(state, B, reward("track"))
    assert (state.phase, state.actor) == ("bidding", C)


def test_hs_s24_the_tile_fixes_the_building_type():
    """HS-S24 (HS-R33): tile A03 allows Commercial buildings only."""
    state = in_round(new_game(3), 3)
    state = holding(state, A, steel=1, wood=1, silver=3)
    state = play(resolving(state, 1, A, 3), A, pay())
    assert state.tile() == "A03"
    refused(state, A, build("farm#2"), "HS-R33")
    state = play(state, A, build("general_store#1"))
    assert "general_store#1" in state.seat(A).buildings and state.seat(A).steel == 0


def test_hs_s25_one_building_of_each_name():
    """HS-S25 (HS-R34, HS-D37): a second Farm is refused; a Grain Mill is fine."""
    state = own(in_round(new_game(3), 2), A, "farm#1")
    state = holding(state, A, steel=1, wood=1, silver=3)
    state = play(resolving(state, 1, A, 3, tile="A11"), A, pay())
    refused(state, A, build("farm#2"), "HS-R34")
    refused(state, A, build("farm"), "HS-R34")
    state = play(state, A, build("grain_mill#1"))
    assert (state.seat(A).steel, state.seat(A).wood) == (0, 0)


def test_hs_s26_superfluous_gold_is_refused():
    """HS-S26 (HS-R06): never more gold than ⌈A / 5⌉."""
    state = resolving(holding(new_game(3), A, silver=0, gold=2), 1, A, 4)
    refused(state, A, pay(gold=2), "HS-R06")
    assert play(state, A, pay(gold=1)).seat(A).gold == 1
    six = replace(holding(new_game(3), A, workers=6, silver=0, gold=2, wages_due=True), phase="wages")
    assert play(six, A, wages(gold=2)).seat(A).gold == 0
    five = holding(six, A, workers=5)
    refused(five, A, wages(gold=2), "HS-R06")


def test_hs_s27_debt_is_repaid_only_in_the_final_round():
    """HS-S27 (HS-R50, HS-D08): refused in round 6, accepted in FINAL_ACTIONS."""
    state = holding(in_round(new_game(3), 6), B, debt=1, silver=7)
    refused(state, B, pay_off(), "HS-R50")
    final = play(replace(state, phase="final_actions"), B, pay_off())
    assert (final.seat(B).debt, final.seat(B).silver) == (0, 2)


def test_hs_s28_market_conversion_needs_the_market():
    """HS-S28 (HS-R66, HS-R67, HS-D29): food_to_steel with the Market."""
    state = holding(new_game(4), C, trade=1, wood=1)
    refused(state, C, convert("wood_to_food"), "HS-R66")
    state = own(holding(state, D, trade=1, food=1), D, "market#1")
    state = play(state, D, convert("food_to_steel"))
    assert (state.seat(D).trade, state.seat(D).food, state.seat(D).steel) == (0, 0, 1)


def test_hs_s29_river_port_gold_pays_copper_and_livestock():
    """HS-S29 (HS-R35, HS-R36, HS-D20): Fairgrounds for gold 2 + wood 2."""
    state = in_round(new_game(3), 6)
    state = own(holding(state, A, gold=2, wood=2, silver=3), A, "river_port#1")
    state = play(resolving(state, 1, A, 3, tile="A17"), A, pay())
    done = play(state, A, build("fairgrounds#1", gold_as_copper=1, gold_as_livestock=1))
    assert (done.seat(A).gold, done.seat(A).wood, done.seat(A).buildings[-1]) == (0, 0, "fairgrounds#1")
    other = holding(new_game(3), B, gold=2, wood=2, silver=3)
    other = play(resolving(in_round(other, 6), 1, B, 3, tile="A17"), B, pay())
    refused(other, B, build("fairgrounds#1", gold_as_copper=1, gold_as_livestock=1), "HS-R35")


def test_hs_s30_era_changes_in_rounds_five_and_nine():
    """HS-S30 (HS-A02, HS-D21, HS-SET-06): the building supply across the eras (3 players)."""
    state = in_round(new_game(3), 4)
    state = own(state, A, "grain_mill#1", "farm#1", "market#1", "foundry#1", "railworkers_house#1")
    state = own(state, B, "farm#2", "ranch#1", "general_store#1", "river_port#1")
    state = own(state, C, "general_store#2")
    assert sorted(state.supply) == sorted(
        "farm#3 market#2 market#3 foundry#2 foundry#3 steel_mill#1 boarding_house#1 trading_post#1 ranch#2 "
        "gold_mine#1 gold_mine#2 copper_mine#1 copper_mine#2 river_port#2".split()
    )
    five = start_round(state, 5)
    removed = set(state.supply) - set(five.supply)
    assert removed == {"farm#3", "market#2", "market#3", "foundry#2", "foundry#3", "steel_mill#1"}
    town = [i for i in five.supply if c.building(i)["era"] == "town"]
    assert len(town) == 14 and five.town_pile == ()
    assert len([i for i in five.supply if c.building(i)["era"] == "settlement_town"]) == 8
    nine = start_round(in_round(five, 8), 9)
    assert sorted(nine.supply) == sorted(c.instances("city", 3)) and len(nine.supply) == 11
    assert nine.seat(A).buildings == state.seat(A).buildings  # owned buildings are untouched
    final = start_round(in_round(nine, 10), 11)
    assert final.supply == () and final.slots == ()


def test_hs_s31_final_scoring_and_silver_tiebreak():
    """HS-S31 (HS-E02, HS-E03, HS-E05, HS-E06, HS-D12): A scores exactly 50; B wins on silver."""
    state = own(
        new_game(3),
        A,
        "farm#1",
        "market#1",
        "boarding_house#1",
        "gold_mine#1",
        "river_port#1",
        "church#1",
        "factory#1",
        "town_hall#1",
    )
    state = holding(state, A, vp_tokens=14, gold=2, copper=1, livestock=0, wood=3, debt=2, silver=3)
    state = holding(state, B, vp_tokens=50, silver=5)
    state = holding(state, C, vp_tokens=10, silver=9)
    state = replace(state, phase="over")
    scores = GAME.scores(state)
    assert scores.breakdown[A] == {
        "vp_tokens": 14,
        "building_vp": 28,
        "bonus_vp": 5,
        "gold_vp": 4,
        "copper_vp": 2,
        "livestock_vp": 0,
        "debt_penalty": -3,
    }
    assert scores.totals[A] == 50 and scores.totals[B] == 50
    assert scores.ranking == (B, A, C) and scores.winners == (B,)
    shared = GAME.scores(holding(state, B, silver=3))
    assert set(shared.winners) == {A, B} and shared.ranking[2] == C


def test_hs_s32_train_station_extra_build_and_river_port_on_round_ten_bonus():
    """HS-S32 (HS-R34, HS-R40, HS-R41, HS-A34): Train Station, Restaurant, gold for the A10 bonus."""
    state = own(in_round(new_game(3), 10), A, "river_port#1")
    state = holding(state, A, silver=9, gold=2, copper=1, wood=2, livestock=1)
    state = resolving(state, 1, A, 9)
    assert state.tile() == "A10"
    state = play(state, A, pay(gold=0))
    assert state.seat(A).silver == 0
    state = play(state, A, build("train_station#1"))
    a = state.seat(A)
    assert (a.copper, a.wood, a.track, state.phase) == (0, 1, 1, "extra_build")
    refused(state, A, build("train_station#2"), "HS-R34")
    state = play(state, A, build("restaurant#1"))
    assert (state.seat(A).livestock, state.seat(A).wood, state.phase) == (0, 0, "auction_bonus")
    refused(state, A, take_bonus(river_port_gold=False), "HS-R40")
    state = play(state, A, take_bonus(river_port_gold=True))
    assert (state.seat(A).gold, state.seat(A).vp_tokens) == (1, 4)
    assert state.cur_slot == 0


def test_hs_s33_two_optional_workers_in_one_slot():
    """HS-S33 (HS-R38, HS-A33, HS-A35, HS-D31): decline the Workshop's worker, take the tile's."""
    state = in_round(new_game(3), 6)
    state = holding(state, B, steel=1, silver=3)
    state = play(resolving(state, 1, B, 3), B, pay())
    assert state.tile() == "A06"
    state = play(state, B, build("workshop#1"))
    assert (state.phase, state.source) == ("bonus_worker", "workshop#1")
    state = play(state, B, bonus_worker(False))
    assert (state.phase, state.source) == ("bonus_worker", "A06")
    state = play(state, B, bonus_worker(True))
    assert state.seat(B).workers == ("w2-1", "w2-2")
    assert ("workshop#1", {"vp_tokens": 1}) in income_lines(state.seat(B))


def test_hs_s34_wages_with_a_choice():
    """HS-S34 (HS-R07, HS-R15, HS-A07, HS-D26): gold means a choice; B pays automatically."""
    state = new_game(3)
    state = holding(state, A, workers=4, silver=0, gold=1)
    state = play(state, A, assign("w1-1", "homestead#1", 1))
    state = play(state, A, assign("w1-2", "homestead#1", 2))
    state = play(state, A, CONFIRM)
    state = holding(state, B, workers=3, silver=3)
    state = play(play(state, B, CONFIRM), C, CONFIRM)
    assert (state.phase, GAME.to_act(state)) == ("wages", frozenset({A}))
    assert state.seat(A).silver == 2
    assert (state.seat(B).silver, state.seat(B).wages_due) == (2, False)
    refused(state, A, wages(gold=0), "HS-R07")
    short = play(state, A, wages(gold=0, debt=True))
    assert (short.seat(A).silver, short.seat(A).debt, short.seat(A).gold) == (0, 1, 1)
    golden = play(state, A, wages(gold=1))
    assert (golden.seat(A).silver, golden.seat(A).gold) == (2, 0)
    refused(golden, A, wages(gold=0), "HS-R15")


def test_hs_s35_beyond_space_five_repeats_the_choice():
    """HS-S35 (HS-A40, HS-D13): the marker stays on 5, any reward may be taken."""
    state = play(bidding(holding(new_game(3), C, rail=5), active=C), C, PASS)
    assert state.seat(C).rail == 5
    assert play(state, C, reward("vp3")).seat(C).vp_tokens == 3
    assert play(state, C, reward("trade")).seat(C).trade == 1


def test_hs_s36_two_player_dummy_bid():
    """HS-S36 (HS-R20, HS-R25, HS-A17, HS-A20–HS-A25): two rounds with the dummy."""
    state = new_game(2, start=A)
    state = play(play(state, A, CONFIRM), B, CONFIRM)
    assert (state.phase, state.actor, state.dummy) == ("dummy", A, 5)
    state = play(state, A, dummy(1))
    assert state.bids[0] == (DUMMY, 5)
    state = play(state, A, bid(2, 3))
    refused(state, B, bid(1, 5), "HS-R25")
    state = play(state, B, bid(1, 6))
    assert state.dummy == 6
    assert state.winners == (B, A) and state.start == B
    state = play(play(state, B, pay()), B, DECLINE_BUILD)  # B pays 6 for slot 1
    state = play(play(state, A, pay()), A, DECLINE_BUILD)  # A pays 3 for slot 2
    # Round 2: B is start player and places the dummy at 6
    state = play(play(state, A, CONFIRM), B, CONFIRM)
    assert (state.round, state.phase, state.actor) == (2, "dummy", B)
    refused(state, A, dummy(2), "HS-R20")
    state = play(state, B, dummy(2))
    assert state.bids[1] == (DUMMY, 6)
    state = play(state, B, bid(1, 3))
    state = play(state, A, PASS)
    assert state.dummy == 5
    state = play(state, A, reward("trade"))
    assert state.winners == (B, NOBODY) and state.start == B
    state = play(play(state, B, pay(debt=True)), B, DECLINE_BUILD)  # 2 silver for a bid of 3: one debt
    assert state.seat(B).debt == 1
    assert (state.round, state.dummy, state.start) == (3, 5, B)  # slot 2's tile was discarded


def test_hs_s37_standard_rates():
    """HS-S37 (HS-R62–HS-R65, HS-D01): wood 1, food 2, steel 3, gold 4, copper/livestock 1 gold."""
    state = holding(new_game(3), A, trade=9, gold=1, silver=0, livestock=1)
    state = play(state, A, sell("gold"))
    assert (state.seat(A).trade, state.seat(A).gold, state.seat(A).silver, state.seat(A).vp_tokens) == (8, 0, 4, 1)
    state = play(state, A, buy("gold"))
    assert (state.seat(A).trade, state.seat(A).silver, state.seat(A).gold) == (7, 0, 1)
    state = play(state, A, buy("livestock"))
    assert (state.seat(A).trade, state.seat(A).gold, state.seat(A).livestock) == (6, 0, 2)
    rich = holding(state, A, silver=10, gold=0)
    refused(rich, A, buy("copper"), "HS-R64")
    state = play(state, A, sell("livestock"))
    assert (state.seat(A).gold, state.seat(A).vp_tokens, state.seat(A).livestock) == (1, 2, 1)
    prices = {r: c.RATES[r] for r in c.RESOURCES}
    assert prices == {
        "wood": {"silver": 1},
        "food": {"silver": 2},
        "steel": {"silver": 3},
        "gold": {"silver": 4},
        "copper": {"gold": 1},
        "livestock": {"gold": 1},
    }


def test_hs_s38_bank_income_discards_a_debt_or_pays_two_silver():
    """HS-S38 (HS-A06, HS-D19): one debt discarded per round, else +2 silver."""
    state = own(holding(new_game(3), B, debt=3), B, "bank#1")
    assert ("bank#1", {"debt": -1}) in income_lines(state.seat(B))
    state = play(play(play(state, A, CONFIRM), B, CONFIRM), C, CONFIRM)
    assert (state.seat(B).debt, state.seat(B).silver) == (2, 6 + 2 - 1)
    clear = holding(state, B, debt=0)
    assert ("bank#1", {"silver": 2}) in income_lines(clear.seat(B))


def test_hs_s39_screened_sale_is_private():
    """HS-S39 (HS-H02, HS-H04, HS-H06, HS-H07, HS-H11): other seats see only that A acted."""
    state = bidding(holding(new_game(3), A, trade=1, wood=1), active=B)
    move = sell("wood")
    after = play(state, A, move)
    assert GAME.action_view(state, A, move, A) == move
    for viewer in (B, None):
        assert GAME.action_view(state, A, move, viewer) == {"type": "private_action_taken", "seat": A}
        assert "wood" not in GAME.describe(state, A, move, viewer)
        seen = GAME.player_view(after, viewer)["seats"][A]
        assert {"workers", "buildings", "track", "rail", "status"} <= set(seen)
        assert "holdings" not in seen and "score" not in seen
    assert GAME.player_view(after, A)["seats"][A]["holdings"]["silver"] == 7
    assert GAME.scores(after).breakdown[A] == {"building_vp": 0, "bonus_vp": 0}
    over = replace(after, phase="over")
    assert GAME.player_view(over, B)["seats"][A]["holdings"]["vp_tokens"] == 1
    assert GAME.scores(over).breakdown[A]["vp_tokens"] == 1
    assert '"silver"' not in json.dumps(GAME.player_view(after, B)["seats"][A])


def test_hs_s40_hiring_needs_food():
    """HS-S40 (HS-R61, HS-R64): buy the food first, then hire."""
    state = holding(new_game(3), C, trade=1, food=0)
    refused(state, C, {"type": "hire_worker"}, "HS-R61")
    state = holding(state, C, trade=2, silver=2)
    state = play(state, C, buy("food"))
    assert (state.seat(C).trade, state.seat(C).food, state.seat(C).silver) == (1, 1, 0)
    state = play(state, C, {"type": "hire_worker"})
    assert (len(state.seat(C).workers), state.seat(C).trade, state.seat(C).food) == (2, 0, 0)


def test_final_round_runs_income_then_final_actions_then_scoring():
    """HS-A50–HS-A53, HS-E01, HS-R53: the final round after round 10."""
    state = start_round(in_round(new_game(3), 10), 11)
    assert (state.round, state.slots, state.phase) == (11, (), "allocation")
    for seat in (A, B, C):
        state = play(state, seat, CONFIRM)
    assert state.phase == "final_actions" and [p.silver for p in state.seats] == [7, 7, 7]
    state = play(state, A, CONFIRM_FINAL)
    refused(state, A, CONFIRM_FINAL, "HS-R53")
    refused(state, A, debt(1), "HS-R60")
    state = play(play(state, B, CONFIRM_FINAL), C, CONFIRM_FINAL)
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
