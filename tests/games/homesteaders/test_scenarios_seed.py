"""Spec §9.1: the worked examples of the rulebook (HS-S01–HS-S18), with their exact numbers."""

from __future__ import annotations

from dataclasses import replace

from domain.games.homesteaders import GAME
from domain.games.homesteaders.rounds import income_lines
from domain.games.homesteaders.scoring import breakdown, debt_penalty
from domain.games.homesteaders.state import NOBODY

from .helpers import (
    CONFIRM,
    DECLINE_BONUS,
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
    debt,
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


def confirmed_except(state, seat):
    """Everyone but ``seat`` has already confirmed their allocation."""
    for other in range(state.players):
        if other != seat:
            state = state.with_seat(other, replace(state.seat(other), confirmed=True))
    return state


def test_hs_s01_bidding_example_outbid_switch_rebid_and_pass():
    """HS-S01 (HS-R22, HS-R25, HS-A11, HS-A12, HS-A13, HS-A16): the rulebook's bidding example."""
    state = bidding(in_round(new_game(4, start=A), 3))
    state = play(state, A, bid(1, 5))
    state = play(state, B, bid(1, 6))  # A is outbid but waits for the next turn
    assert state.seat(A).status == "outbid" and state.bids[0] == (B, 6)
    assert state.actor == C
    state = play(state, C, bid(2, 3))
    state = play(state, D, bid(1, 7))  # B outbid
    assert state.seat(B).status == "outbid" and state.actor == A
    state = play(state, A, bid(3, 3))  # switching slots is allowed
    state = play(state, B, bid(3, 4))  # A outbid
    # C (slot 2) and D (slot 1) hold high bids: both are skipped and A is active again
    assert state.actor == A
    refused(state, C, bid(3, 5), "HS-R22")
    state = play(state, A, bid(3, 5))  # rebidding on the slot just lost
    assert state.actor == B
    state = play(state, B, PASS)
    assert state.seat(B).rail == 1 and state.phase == "rail_reward"
    state = play(state, B, reward("trade"))
    assert state.seat(B).trade == 1
    # Bidding ended: slot 1 D @7, slot 2 C @3, slot 3 A @5; D becomes start player and pays first
    assert state.winners == (D, C, A)
    assert [v for _, v in state.bids] == [7, 3, 5]
    assert state.start == D
    assert (state.phase, state.actor, state.cur_slot) == ("auction_payment", D, 1)


def test_hs_s02_river_port_double_slot_needs_both_workers():
    """HS-S02 (HS-R13, HS-A06, HS-D38): a double slot with one worker yields nothing."""
    base = own(holding(new_game(3), B, workers=2), B, "river_port#1")
    base = confirmed_except(base, B)
    # (a) one worker on the River Port, one on the Homestead's wood slot
    state = play(base, B, assign("w2-1", "river_port#1", 1))
    state = play(state, B, assign("w2-2", "homestead#2", 1))
    state = play(state, B, CONFIRM)
    assert (state.seat(B).silver, state.seat(B).wood, state.seat(B).gold) == (6 + 2 - 2, 1, 0)
    # (b) both workers on the River Port's double slot
    state = play(base, B, assign("w2-1", "river_port#1", 1))
    state = play(state, B, assign("w2-2", "river_port#1", 1))
    state = play(state, B, CONFIRM)
    # B now holds a gold, so the wages are B's choice (HS-D26): 2 silver
    assert GAME.to_act(state) == frozenset({B})
    state = play(state, B, wages(gold=0))
    assert (state.seat(B).silver, state.seat(B).wood, state.seat(B).gold) == (6 + 2 - 2, 0, 1)


def test_hs_s03_railroad_reward_on_space_three():
    """HS-S03 (HS-R28, HS-A40, HS-A41): rewards of space 3 and below only; a new worker is idle."""
    state = bidding(holding(new_game(3), C, rail=2), active=C)
    state = play(state, C, PASS)
    assert state.seat(C).rail == 3
    for ok in (reward("trade"), reward("track"), reward("worker")):
        play(state, C, ok)
    refused(state, C, reward("resource", "copper"), "HS-R28")
    refused(state, C, reward("vp3"), "HS-R28")
    state = play(state, C, reward("worker"))
    assert state.seat(C).workers == ("w3-1", "w3-2")
    assert all(w != "w3-2" for w, _, _ in state.seat(C).placement)


def test_hs_s04_rodeo_pays_one_silver_per_worker_up_to_five():
    """HS-S04 (HS-A06, HS-D15): the Rodeo counts workers owned at income time, max 5."""
    state = own(holding(new_game(3), A, workers=3), A, "rodeo#1")
    assert ("rodeo#1", {"silver": 3}) in income_lines(state.seat(A))
    state = holding(state, A, workers=7)
    assert ("rodeo#1", {"silver": 5}) in income_lines(state.seat(A))


def test_hs_s05_forge_scores_for_train_station_and_its_extra_build():
    """HS-S05 (HS-A32, HS-A33, HS-D16, HS-R33, HS-R40): Forge +1 VP per later building."""
    state = in_round(new_game(3), 9)
    state = own(state, A, "forge#1")
    state = holding(state, A, silver=4, copper=1, wood=2, food=1, gold=0)
    state = play(resolving(state, 1, A, 4), A, pay())
    assert state.tile() == "A09" and state.phase == "build_choice"
    state = play(state, A, build("train_station#1"))
    a = state.seat(A)
    assert (a.copper, a.wood, a.vp_tokens, a.track, state.phase) == (0, 1, 1, 1, "extra_build")
    state = play(state, A, build("dude_ranch#1"))  # Residential: the extra build may be any type
    a = state.seat(A)
    assert (a.food, a.wood, a.vp_tokens) == (0, 0, 2)
    assert state.phase == "auction_bonus"
    refused(state, A, take_bonus(), "HS-R40")
    state = play(state, A, DECLINE_BONUS)
    assert state.seat(A).buildings[-2:] == ("train_station#1", "dude_ranch#1")
    assert state.cur_slot == 0


def test_hs_s06_general_store_adds_a_silver_to_every_sale():
    """HS-S06 (HS-R65, HS-D28): +1 silver per sale with the General Store, none on buying."""
    state = own(holding(new_game(3), B, trade=3, wood=1, copper=1, silver=0), B, "general_store#1")
    state = play(state, B, sell("wood"))
    assert (state.seat(B).silver, state.seat(B).vp_tokens) == (2, 1)
    state = play(state, B, sell("copper"))
    assert (state.seat(B).gold, state.seat(B).silver, state.seat(B).vp_tokens) == (1, 3, 2)
    state = play(state, B, buy("wood"))
    assert (state.seat(B).trade, state.seat(B).silver, state.seat(B).wood) == (0, 2, 1)
    plain = play(holding(new_game(3), C, trade=1, wood=1, silver=0), C, sell("wood"))
    assert (plain.seat(C).silver, plain.seat(C).vp_tokens) == (1, 1)


def test_hs_s07_lawyer_may_tie_the_high_bid():
    """HS-S07 (HS-R25, HS-D22): the Lawyer owner ties and displaces; others must bid higher."""
    state = own(in_round(new_game(3), 6), A, "lawyer#1")
    state = bidding(state, active=A)
    state = replace(state, bids=((NOBODY, 0), (B, 5)))
    state = holding(state, A, status="outbid")
    state = holding(state, B, status="high", bid_slot=2, bid_value=5)
    state = play(state, A, bid(2, 5))
    assert state.bids[1] == (A, 5) and state.seat(B).status == "outbid"
    state = play(state, B, PASS)
    state = play(state, B, reward("trade"))
    assert state.actor == C
    refused(state, C, bid(2, 5), "HS-R25")
    state = play(state, C, bid(2, 6))
    assert state.bids[1] == (C, 6)


def test_hs_s08_spending_gold_as_five_silver_without_change():
    """HS-S08 (HS-R05, HS-R06, HS-R52, HS-D07): the rulebook's gold examples."""
    # (a) wages for 7 workers with silver 2, gold 2
    state = replace(holding(new_game(3), A, workers=7, silver=2, gold=2, wages_due=True), phase="wages")
    one = play(state, A, wages(gold=1))
    assert (one.seat(A).gold, one.seat(A).silver) == (1, 0)
    two = play(state, A, wages(gold=2))
    assert (two.seat(A).gold, two.seat(A).silver) == (0, 2)
    refused(state, A, wages(gold=3), "HS-R06")
    # (b) an auction won at 9 with silver 4, gold 2
    state = resolving(holding(new_game(3), A, silver=4, gold=2), 1, A, 9)
    one = play(state, A, pay(gold=1))
    assert (one.seat(A).gold, one.seat(A).silver) == (1, 0)
    two = play(state, A, pay(gold=2))
    assert (two.seat(A).gold, two.seat(A).silver) == (0, 4)
    # (c) final round: 1 gold repays one debt
    state = replace(holding(new_game(3), A, gold=1, debt=1, silver=0), phase="final_actions")
    state = play(state, A, pay_off(use_gold=True))
    assert (state.seat(A).gold, state.seat(A).debt) == (0, 0)


def test_hs_s09_debt_penalty_is_triangular():
    """HS-S09 (HS-E02): −1, −3, −6, −10, −15 for 1–5 unpaid debts."""
    assert [debt_penalty(d) for d in range(1, 6)] == [-1, -3, -6, -10, -15]
    state = holding(new_game(3), A, debt=4)
    assert breakdown(state.seat(A))["debt_penalty"] == -10


def test_hs_s10_homestead_income_without_workers():
    """HS-S10 (HS-A06): automatic income comes whether or not the building's slots are used."""
    state = own(new_game(3), C, "farm#1")
    state = play(confirmed_except(state, C), C, assign("w3-1", "farm#1", 2))
    lines = dict(income_lines(state.seat(C)))
    assert lines == {"homestead#3": {"silver": 2}, "farm#1/2": {"food": 1}}
    state = play(state, C, CONFIRM)
    assert (state.seat(C).silver, state.seat(C).food) == (6 + 2 - 1, 1)


def test_hs_s11_a_buildings_bonus_cannot_pay_for_that_building():
    """HS-S11 (HS-R36, HS-R63, HS-A34, HS-D32): the Ranch's trade token does not exist yet."""
    state = in_round(new_game(3), 2)
    state = holding(state, B, silver=4, steel=1, wood=1, food=0, trade=0)
    state = play(resolving(state, 2, B, 3, tile="A11"), B, pay())
    assert state.seat(B).silver == 1
    refused(state, B, build("ranch#1"), "HS-R36")
    refused(state, B, buy("food"), "HS-R63")
    state = play(state, B, debt(1))  # debt only yields silver; still no food
    refused(state, B, build("ranch#1"), "HS-R36")
    state = play(state, B, DECLINE_BUILD)
    assert "ranch#1" in state.supply and state.phase == "allocation" and state.round == 3


def test_hs_s12_a_tiles_rewards_cannot_pay_for_the_tile():
    """HS-S12 (HS-R07, HS-R31, HS-R38, HS-A35, HS-A37): tile A14 gives a worker and a rail advance."""
    state = in_round(new_game(3), 2)
    state = holding(state, B, silver=3, gold=0, rail=1)
    state = resolving(state, 2, B, 4, tile="A14")
    refused(state, B, pay(), "HS-R07")
    refused(state, B, build("farm#1"), "HS-R31")
    state = play(state, B, debt(1))
    assert (state.seat(B).silver, state.seat(B).debt) == (5, 1)
    state = play(state, B, pay())
    assert state.seat(B).silver == 1 and state.phase == "bonus_worker"
    refused(state, B, build("farm#1"), "HS-R31")
    state = play(state, B, bonus_worker(True))
    assert len(state.seat(B).workers) == 2
    assert state.seat(B).rail == 2 and state.phase == "rail_reward"
    refused(state, B, build("farm#1"), "HS-R31")
    state = play(state, B, reward("track"))
    assert state.seat(B).track == 1
    assert state.cur_slot == 0 and state.round == 3  # the tile was discarded, the round ended


def test_hs_s13_start_player_succession():
    """HS-S13 (HS-A16, HS-D05): lowest-numbered slot won; unchanged when nobody won."""
    # (a) 4 players: slot 1 no bids, slot 2 C, slot 3 A; D, the last bidder, passes
    state = bidding(in_round(new_game(4, start=A), 2), active=D)
    state = replace(state, bids=((NOBODY, 0), (C, 4), (A, 3)))
    state = holding(state, C, status="high", bid_slot=2, bid_value=4)
    state = holding(state, A, status="high", bid_slot=3, bid_value=3)
    state = holding(state, B, status="passed")
    state = play(play(state, D, PASS), D, reward("trade"))
    assert state.winners == (NOBODY, C, A) and state.start == C
    # (b) 3 players, everybody passes
    state = bidding(new_game(3, start=B))
    for seat in (B, C, A):
        state = play(play(state, seat, PASS), seat, reward("trade"))
    assert state.start == B and state.round == 2


def test_hs_s14_a_buildings_bonus_may_pay_the_auction_bonus():
    """HS-S14 (HS-R40, HS-A34, HS-D04): the Ranch's trade token buys the wood for the A18 bonus."""
    state = in_round(new_game(3), 6)
    state = holding(state, C, silver=5, steel=1, food=1, wood=1, trade=0)
    state = play(resolving(state, 2, C, 3, tile="A18"), C, pay())
    state = play(state, C, build("ranch#2"))
    assert (state.seat(C).trade, state.phase) == (1, "auction_bonus")
    state = play(state, C, buy("wood"))
    assert (state.seat(C).trade, state.seat(C).silver, state.seat(C).wood) == (0, 1, 1)
    track = state.seat(C).track
    state = play(state, C, take_bonus())
    c = state.seat(C)
    assert (c.silver, c.trade, c.wood, c.track) == (1, 0, 0, track + 1)


def test_hs_s15_boarding_house_discards_a_debt_or_gives_two_silver():
    """HS-S15 (HS-A33, HS-D19): the Boarding House build bonus."""
    base = resolving(holding(new_game(3), A, wood=2, silver=3), 1, A, 3)
    state = play(play(base, A, pay()), A, build("boarding_house#1"))
    assert (state.seat(A).silver, state.seat(A).debt) == (2, 0)
    base = holding(base, A, debt=2)
    state = play(play(base, A, pay()), A, build("boarding_house#1"))
    assert (state.seat(A).silver, state.seat(A).debt) == (0, 1)


def test_hs_s16_bank_exchange_trade_for_silver_only():
    """HS-S16 (HS-R68, HS-D30): two exchanges with two tokens; the third is refused."""
    state = own(holding(new_game(3), B, trade=2, silver=0), B, "bank#1")
    state = play(play(state, B, {"type": "exchange_at_bank"}), B, {"type": "exchange_at_bank"})
    assert (state.seat(B).silver, state.seat(B).trade) == (2, 0)
    refused(state, B, {"type": "exchange_at_bank"}, "HS-R68")


def test_hs_s17_hiring_during_allocation_puts_the_worker_to_work_at_once():
    """HS-S17 (HS-R61, HS-D14, HS-D17): hire, assign three workers, pay three wages."""
    state = own(holding(new_game(4), D, workers=2, trade=1, food=1, silver=6), D, "farm#1")
    state = play(confirmed_except(state, D), D, {"type": "hire_worker"})
    assert (len(state.seat(D).workers), state.seat(D).trade, state.seat(D).food) == (3, 0, 0)
    state = play(state, D, assign("w4-1", "homestead#4", 1))
    state = play(state, D, assign("w4-2", "farm#1", 1))
    state = play(state, D, assign("w4-3", "farm#1", 2))
    state = play(state, D, CONFIRM)
    d = state.seat(D)
    assert (d.silver, d.wood, d.trade, d.food) == (6 + 4 - 3, 1, 1, 1)


def test_hs_s18_everybody_passes_at_once():
    """HS-S18 (HS-A11, HS-A13, HS-A16, HS-A30): three passes, three rewards, no winner."""
    state = holding(holding(new_game(3, start=A), B, rail=1), C, rail=4)
    state = bidding(state)
    state = play(play(state, A, PASS), A, reward("trade"))
    state = play(play(state, B, PASS), B, reward("track"))
    state = play(state, C, PASS)
    assert state.seat(C).rail == 5
    state = play(state, C, reward("vp3"))
    assert [(p.rail, p.trade, p.track, p.vp_tokens) for p in state.seats] == [(1, 1, 0, 0), (2, 0, 1, 0), (5, 0, 0, 3)]
    # no winner: both tiles were discarded unpaid and the next round began
    assert [p.silver for p in state.seats] == [6, 6, 6]
    assert state.start == A and state.round == 2 and state.phase == "allocation"
    assert GAME.to_act(state) == frozenset({A, B, C})
