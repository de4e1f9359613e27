"""Rule tests named after the precondition they pin (spec §5), beyond the §9 scenarios."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.errors import IllegalMove, NotYourTurn
from domain.games.homesteaders import GAME
from domain.games.homesteaders.state import NOBODY

from .helpers import (
    BANK,
    CONFIRM,
    CONFIRM_FINAL,
    DECLINE_BONUS,
    DECLINE_BUILD,
    HIRE,
    PASS,
    A,
    B,
    C,
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


def test_hs_r01_no_command_before_setup_ends_or_after_the_game():
    """HS-R01: the setup's chance steps come first; nothing is accepted once the game is over."""
    fresh = GAME.setup(3, GAME.resolve_options(3, {}))
    refused(fresh, A, debt(1), "HS-R01")
    refused(fresh, A, CONFIRM, "HS-R01")
    over = replace(new_game(3), phase="over")
    refused(over, A, debt(1), "HS-R01")
    assert GAME.legal_moves(fresh, A) == [] and GAME.legal_moves(over, A) == []


def test_hs_r02_only_seated_players_act():
    """HS-R02: seat numbers outside the table are refused."""
    state = new_game(3)
    for seat in (3, -1, 7):
        refused(state, seat, debt(1), "HS-R02")
    refused(state, True, debt(1), "HS-R02")


def test_hs_r03_unknown_commands_are_refused():
    """HS-R03: anything that is not a Homesteaders command in this state."""
    state = new_game(3)
    for move in ({"type": "teleport"}, {}, [], "pass_bidding", {"type": 3}, None):
        refused(state, A, move, "HS-R03")


def test_hs_r05_gold_used_is_limited_by_gold_held():
    """HS-R05: no more gold than held, never negative."""
    state = resolving(holding(new_game(3), A, silver=0, gold=1), 1, A, 12)
    refused(state, A, pay(gold=2), "HS-R05")
    refused(state, A, pay(gold=-1), "HS-R05")
    assert play(state, A, pay(gold=1, debt=True)).seat(A).debt == 4  # 7 silver short: 4 debts


def test_hs_r06_r07_shortfall_debt_is_the_minimum():
    """HS-R06, HS-R07: with the shortfall flag the engine takes ⌈d / 2⌉ debts, then pays."""
    state = resolving(holding(new_game(3), A, silver=2, gold=0), 1, A, 7)
    refused(state, A, pay(), "HS-R07")
    paid = play(state, A, pay(debt=True))
    assert (paid.seat(A).debt, paid.seat(A).silver) == (3, 1)
    refused(state, A, pay(gold=3, debt=True), "HS-R06")  # 7 needs at most 2 gold
    assert play(holding(state, A, silver=9), A, pay(debt=True)).seat(A).debt == 0  # no shortfall, no debt


def test_hs_r10_workers_are_assigned_only_during_allocation():
    """HS-R10: not during bidding, not after confirming, not out of turn in sequential mode."""
    state = new_game(3)
    refused(bidding(state), A, assign("w1-1", "homestead#1", 1), "HS-R10")
    confirmed = play(state, A, CONFIRM)
    with pytest.raises(NotYourTurn):
        play(confirmed, A, assign("w1-1", "homestead#1", 1))
    sequential = new_game(3, start=B, worker_assignment_mode="sequential")
    assert GAME.to_act(sequential) == frozenset({B})
    refused(sequential, A, assign("w1-1", "homestead#1", 1), "HS-R10")
    moved = play(sequential, B, assign("w2-1", "homestead#2", 2))
    assert moved.seat(B).shown == (("w2-1", "homestead#2", 2),)  # public at once in sequential mode


def test_hs_r11_workers_must_be_your_own():
    """HS-R11: another player's worker, an unknown worker, or unassigning an idle worker."""
    state = new_game(3)
    refused(state, A, assign("w2-1", "homestead#1", 1), "HS-R11")
    refused(state, A, assign("w1-9", "homestead#1", 1), "HS-R11")
    refused(state, A, {"type": "unassign_worker", "worker": "w1-1"}, "HS-R11")
    placed = play(state, A, assign("w1-1", "homestead#1", 1))
    idle = play(placed, A, {"type": "unassign_worker", "worker": "w1-1"})
    assert idle.seat(A).placement == ()


def test_hs_r12_the_building_and_slot_must_exist_and_be_yours():
    """HS-R12: own building only, slots numbered from 1 as in §11.2."""
    state = own(new_game(3), A, "grain_mill#1")
    refused(state, A, assign("w1-1", "homestead#2", 1), "HS-R12")
    refused(state, A, assign("w1-1", "homestead#1", 3), "HS-R12")
    refused(state, A, assign("w1-1", "homestead#1", 0), "HS-R12")
    refused(state, A, assign("w1-1", "grain_mill#1", 1), "HS-R12")  # no worker slots
    refused(state, A, assign("w1-1", "farm#1", 1), "HS-R12")  # not owned


def test_hs_r13_a_slot_takes_one_worker_or_two_on_the_double_slot():
    """HS-R13: single slots take one worker; the River Port's double slot two."""
    state = own(holding(new_game(3), A, workers=3), A, "river_port#1")
    state = play(state, A, assign("w1-1", "homestead#1", 1))
    refused(state, A, assign("w1-2", "homestead#1", 1), "HS-R13")
    refused(state, A, assign("w1-1", "homestead#1", 1), "HS-R13")  # already there
    state = play(state, A, assign("w1-2", "river_port#1", 1))
    state = play(state, A, assign("w1-3", "river_port#1", 1))
    refused(state, A, assign("w1-1", "river_port#1", 1), "HS-R13")
    moved = play(state, A, assign("w1-1", "homestead#1", 2))  # moving a worker frees its old slot
    assert ("w1-1", "homestead#1", 2) in moved.seat(A).placement and len(moved.seat(A).placement) == 3


def test_hs_r14_confirm_once_per_round_and_in_turn():
    """HS-R14: a second confirmation is refused; sequential mode goes clockwise from the start player."""
    state = new_game(3)
    once = play(state, B, CONFIRM)
    refused(once, B, CONFIRM, "HS-R14")
    refused(bidding(state), A, CONFIRM, "HS-R14")
    sequential = new_game(3, start=C, worker_assignment_mode="sequential")
    refused(sequential, A, CONFIRM, "HS-R14")
    order = []
    for _ in range(3):
        (seat,) = GAME.to_act(sequential)
        order.append(seat)
        sequential = play(sequential, seat, CONFIRM)
    assert order == [C, A, B]


def test_hs_r15_wages_only_when_due():
    """HS-R15: not before income, not twice."""
    state = holding(new_game(3), A, gold=1)
    refused(state, A, wages(), "HS-R15")
    for seat in (A, B, C):
        state = play(state, seat, CONFIRM)
    assert GAME.to_act(state) == frozenset({A})
    refused(state, B, wages(), "HS-R15")
    state = play(state, A, wages())
    assert state.phase == "bidding"


def test_hs_r20_r21_dummy_bid_by_the_start_player_on_slot_one_or_two():
    """HS-R20, HS-R21: only in the two-player dummy step, only slots 1 and 2."""
    state = replace(new_game(2, start=B), phase="dummy", actor=B)
    refused(state, A, dummy(1), "HS-R20")
    refused(state, B, dummy(3), "HS-R21")
    refused(state, B, dummy(0), "HS-R21")
    refused(bidding(new_game(3)), A, dummy(1), "HS-R20")
    assert play(state, B, dummy(2)).phase == "bidding"


def test_hs_r22_only_the_active_bidder_bids_or_passes():
    """HS-R22: other seats, passed players and other phases are refused."""
    state = bidding(new_game(3), active=B)
    refused(state, A, bid(1, 3), "HS-R22")
    refused(state, C, PASS, "HS-R22")
    refused(new_game(3), A, bid(1, 3), "HS-R22")
    with pytest.raises(NotYourTurn):
        play(state, A, PASS)


def test_hs_r23_slot_must_exist_for_the_player_count():
    """HS-R23: slots 1–2 with 2 or 3 players, 1–3 with 4."""
    three = bidding(new_game(3))
    for slot in (0, 3, -1):
        refused(three, A, bid(slot, 3), "HS-R23")
    four = bidding(new_game(4))
    assert play(four, A, bid(3, 3)).bids[2] == (A, 3)


def test_hs_r24_r25_bids_climb_the_ladder():
    """HS-R24, HS-R25: an empty slot takes any ladder value; 21 is matched only by the Lawyer."""
    state = bidding(new_game(3), active=A)
    state = replace(holding(state, B, status="high", bid_slot=1, bid_value=21), bids=((B, 21), (NOBODY, 0)))
    refused(state, A, bid(1, 21), "HS-R25")
    assert play(state, A, bid(2, 21)).bids[1] == (A, 21)
    lawyer = own(state, A, "lawyer#1")
    assert play(lawyer, A, bid(1, 21)).bids[0] == (A, 21)


def test_hs_r27_r28_rail_reward_belongs_to_the_advancing_player():
    """HS-R27, HS-R28: only the player who advanced chooses; space 4 allows a resource."""
    state = play(bidding(holding(new_game(3), A, rail=3)), A, PASS)
    refused(state, B, reward("trade"), "HS-R27")
    refused(state, A, reward("vp3"), "HS-R28")
    refused(state, A, reward("coins"), "HS-R28")
    refused(bidding(new_game(3)), A, reward("trade"), "HS-R27")
    assert play(state, A, reward("resource", "livestock")).seat(A).livestock == 1


def test_hs_r29_resource_given_iff_the_reward_is_a_resource():
    """HS-R29: a resource field only with reward=resource, and one of the six resources."""
    state = play(bidding(holding(new_game(3), A, rail=4)), A, PASS)
    refused(state, A, reward("resource"), "HS-R29")
    refused(state, A, reward("resource", "silver"), "HS-R29")
    refused(state, A, reward("trade", "wood"), "HS-R29")
    assert play(state, A, reward("resource", "steel")).seat(A).steel == 1


def test_hs_r30_only_the_winner_pays_for_the_tile():
    """HS-R30: other seats and other phases are refused."""
    state = resolving(new_game(3), 1, B, 3)
    refused(state, A, pay(), "HS-R30")
    refused(bidding(new_game(3)), A, pay(), "HS-R30")
    assert play(state, B, pay()).seat(B).silver == 3


def test_hs_r31_r32_building_needs_the_build_step_and_a_supply_instance():
    """HS-R31, HS-R32: only the winner in the build step; set-aside, owned or unknown buildings refused."""
    state = play(resolving(holding(new_game(3), A, wood=3, steel=2), 1, A, 3), A, pay())
    refused(state, B, build("farm#1"), "HS-R31")
    refused(resolving(new_game(3), 1, A, 3), A, build("farm#1"), "HS-R31")
    refused(state, A, build("church#1"), "HS-R32")  # Town building: still set aside
    refused(state, A, build("farm#9"), "HS-R32")
    refused(state, A, build("castle"), "HS-R32")
    taken = own(state, B, "farm#1", "farm#2", "farm#3")
    refused(taken, A, build("farm"), "HS-R32")  # no Farm left in the supply
    by_name = play(state, A, build("farm"))  # a building id means its lowest-numbered copy
    assert by_name.seat(A).buildings[-1] == "farm#1"


def test_hs_r33_tile_types():
    """HS-R33: tile A01 allows Residential or Commercial; Industrial is refused."""
    state = play(resolving(holding(new_game(3), A, wood=1), 1, A, 3), A, pay())
    assert state.tile() == "A01"
    refused(state, A, build("foundry#1"), "HS-R33")
    assert play(state, A, build("market#1")).seat(A).buildings[-1] == "market#1"


def test_hs_r35_r36_river_port_substitution_limits():
    """HS-R35, HS-R36: gold replaces at most the printed copper/livestock, and costs must be held."""
    state = in_round(new_game(3), 6)
    state = own(holding(state, A, gold=3, steel=2, silver=3), A, "river_port#1")
    state = play(resolving(state, 1, A, 3, tile="A17"), A, pay())
    refused(state, A, build("factory#1", gold_as_copper=2), "HS-R35")  # cost has 1 copper
    refused(state, A, build("factory#1", gold_as_livestock=1), "HS-R35")
    refused(state, A, build("factory#1", gold_as_copper=-1), "HS-R35")
    refused(state, A, build("factory#1"), "HS-R36")  # no copper held
    built = play(state, A, build("factory#1", gold_as_copper=1))
    assert (built.seat(A).gold, built.seat(A).steel) == (2, 0)


def test_hs_r37_declining_to_build_belongs_to_the_winner():
    """HS-R37, HS-D03: the winner may decline; the tile's bonus is still offered."""
    state = in_round(new_game(3), 5)
    state = play(resolving(state, 1, A, 3), A, pay())
    assert state.tile() == "A05"
    refused(state, B, DECLINE_BUILD, "HS-R37")
    refused(new_game(3), A, DECLINE_BUILD, "HS-R37")
    state = play(state, A, DECLINE_BUILD)
    assert (state.phase, state.source) == ("bonus_worker", "A05")


def test_hs_r38_bonus_worker_only_when_offered():
    """HS-R38: accepting a worker outside BONUS_WORKER or for another seat is refused."""
    state = play(play(resolving(in_round(new_game(3), 5), 1, A, 3), A, pay()), A, DECLINE_BUILD)
    refused(state, B, bonus_worker(True), "HS-R38")
    refused(new_game(3), A, bonus_worker(True), "HS-R38")
    assert play(state, A, bonus_worker(False)).seat(A).workers == ("w1-1",)


def test_hs_r39_r40_auction_bonus_once_and_only_when_due():
    """HS-R39, HS-R40: the bonus is offered once after building; declining ends the slot."""
    state = in_round(new_game(3), 9)
    state = play(resolving(holding(state, A, copper=2), 1, A, 3), A, pay())
    refused(state, A, take_bonus(), "HS-R39")  # still the build step
    refused(state, A, DECLINE_BONUS, "HS-R39")
    state = play(state, A, DECLINE_BUILD)
    refused(state, B, take_bonus(), "HS-R39")
    taken = play(state, A, take_bonus())
    assert (taken.seat(A).copper, taken.seat(A).vp_tokens, taken.cur_slot) == (1, 4, 0)
    refused(taken, A, take_bonus(), "HS-R39")
    assert play(state, A, DECLINE_BONUS).seat(A).copper == 2


def test_hs_r41_river_port_gold_only_for_the_round_nine_and_ten_bonuses():
    """HS-R41: not for the wood/food bonuses, not without a River Port or gold."""
    state = in_round(new_game(3), 6)
    state = own(holding(state, A, gold=2, wood=0), A, "river_port#1")
    state = play(play(resolving(state, 2, A, 3, tile="A18"), A, pay()), A, DECLINE_BUILD)
    refused(state, A, take_bonus(river_port_gold=True), "HS-R41")
    round9 = play(play(resolving(in_round(new_game(3), 9), 1, A, 3), A, pay()), A, DECLINE_BUILD)
    refused(holding(round9, A, gold=1), A, take_bonus(river_port_gold=True), "HS-R41")
    refused(own(round9, A, "river_port#1"), A, take_bonus(river_port_gold=True), "HS-R41")


def test_hs_r50_r51_r52_paying_off_debt():
    """HS-R50, HS-R51, HS-R52: only in FINAL_ACTIONS, only with a debt, with 5 silver or 1 gold."""
    final = replace(new_game(3), phase="final_actions")
    refused(holding(final, A, debt=0, silver=9), A, pay_off(), "HS-R51")
    refused(holding(final, A, debt=1, silver=4), A, pay_off(), "HS-R52")
    refused(holding(final, A, debt=1, gold=0), A, pay_off(use_gold=True), "HS-R52")
    done = play(final, A, CONFIRM_FINAL)
    refused(holding(done, A, debt=1), A, pay_off(), "HS-R50")


def test_hs_r53_confirm_final_actions_once():
    """HS-R53: only in FINAL_ACTIONS, once per player; the last confirmation ends the game."""
    refused(new_game(3), A, CONFIRM_FINAL, "HS-R53")
    final = replace(new_game(2), phase="final_actions")
    one = play(final, A, CONFIRM_FINAL)
    refused(one, A, CONFIRM_FINAL, "HS-R53")
    assert GAME.is_over(play(one, B, CONFIRM_FINAL))


def test_hs_r60_free_actions_any_time_until_final_confirmation():
    """HS-R60: out of turn, during another seat's decision, in every phase before confirming."""
    state = holding(new_game(3), C, trade=3, wood=2)
    for phase_state in (state, bidding(state, active=A), resolving(state, 1, A, 3), replace(state, phase="final_actions")):
        after = play(phase_state, C, sell("wood"))
        assert after.seat(C).wood == 1 and after.phase == phase_state.phase and after.actor == phase_state.actor
    done = play(replace(state, phase="final_actions"), C, CONFIRM_FINAL)
    refused(done, C, sell("wood"), "HS-R60")
    assert GAME.legal_moves(done, C) == []


def test_hs_r61_hiring_costs_trade_and_food():
    """HS-R61: the new worker is idle and numbered in order of acquisition."""
    state = holding(new_game(3), B, trade=1, food=0)
    refused(state, B, HIRE, "HS-R61")
    refused(holding(state, B, trade=0, food=1), B, HIRE, "HS-R61")
    hired = play(holding(state, B, food=1), B, HIRE)
    assert hired.seat(B).workers == ("w2-1", "w2-2")


def test_hs_r62_r63_r64_buying_resources():
    """HS-R62, HS-R63, HS-R64: six resources, a trade token each, gold-priced copper/livestock."""
    state = holding(new_game(3), A, trade=2, silver=3, gold=1)
    for item in ("silver", "trade", "vp", "worker", "debt", "track"):
        refused(state, A, buy(item), "HS-R62")
    refused(holding(state, A, trade=0), A, buy("wood"), "HS-R63")
    refused(holding(state, A, gold=0), A, buy("copper"), "HS-R64")  # silver cannot replace the gold
    refused(state, A, buy("steel", gold=2), "HS-R06")
    refused(holding(state, A, silver=2, gold=0), A, buy("steel"), "HS-R07")
    steel = play(state, A, buy("steel", gold=1))  # 1 gold stands in for 3 silver, no change
    assert (steel.seat(A).gold, steel.seat(A).silver, steel.seat(A).steel) == (0, 3, 1)


def test_hs_r65_selling_needs_trade_and_the_resource():
    """HS-R62, HS-R65: silver cannot be sold; selling gives the rate and 1 VP."""
    state = holding(new_game(3), A, trade=1, food=0, steel=1)
    refused(state, A, sell("food"), "HS-R65")
    refused(state, A, sell("silver"), "HS-R62")
    refused(holding(state, A, trade=0), A, sell("steel"), "HS-R65")
    sold = play(state, A, sell("steel"))
    assert (sold.seat(A).silver, sold.seat(A).vp_tokens, sold.seat(A).trade) == (9, 1, 0)


def test_hs_r66_r67_market_conversions():
    """HS-R66, HS-R67: the Market converts wood→food and food→steel for a trade token each."""
    state = own(holding(new_game(3), A, trade=1, wood=1, food=0), A, "market#1")
    refused(state, A, convert("food_to_steel"), "HS-R67")
    refused(state, A, convert("steel_to_gold"), "HS-R67")
    refused(holding(state, A, trade=0), A, convert("wood_to_food"), "HS-R67")
    food = play(state, A, convert("wood_to_food"))
    assert (food.seat(A).wood, food.seat(A).food, food.seat(A).trade) == (0, 1, 0)


def test_hs_r68_bank_exchange_needs_the_bank():
    """HS-R68: without the Bank the exchange is refused."""
    refused(holding(new_game(3), A, trade=2), A, BANK, "HS-R68")


def test_hs_r69_debt_count_between_1_and_50():
    """HS-R69: each debt gives 2 silver; 0 and 51 are refused; repeat for more."""
    state = new_game(3)
    refused(state, A, debt(0), "HS-R69")
    refused(state, A, debt(51), "HS-R69")
    big = play(play(state, A, debt(50)), A, debt(3))
    assert (big.seat(A).debt, big.seat(A).silver) == (53, 6 + 106)


def test_not_your_turn_is_an_illegal_move_with_a_rule():
    """HS-R03: a seat acting out of turn gets ``NotYourTurn`` (an ``IllegalMove``) naming the rule."""
    state = bidding(new_game(3), active=A)
    with pytest.raises(IllegalMove) as info:
        play(state, B, bid(1, 3))
    assert isinstance(info.value, NotYourTurn) and info.value.rule == "HS-R22"
