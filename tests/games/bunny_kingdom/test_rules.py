"""Rule tests (``test_bk_rNN_...``): one behaviour each, told from the table side."""

from __future__ import annotations

import json

import pytest

from domain.errors import IllegalMove, InvalidOptions, NotYourTurn
from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import ALL_CARDS, COORDS, INDEX, NEIGHBOURS, PRINTED_CITIES
from domain.games.bunny_kingdom.construction import begin, pending_camp
from domain.games.bunny_kingdom.exploration import left, resolve_card, right
from domain.games.bunny_kingdom.fiefs import fiefs
from domain.games.bunny_kingdom.rules import advance
from domain.games.bunny_kingdom.scoring import parchment_scores
from domain.games.game import CHANCE
from tests.games.bunny_kingdom.builders import (
    ANA,
    BO,
    CY,
    PIA,
    build,
    deck_with,
    everyone_picks,
    first_pick,
    hold,
    own,
    refused,
    scrolls,
    table,
)
from tests.games.playout import playout


def dealt(players: int, top=()):
    return GAME.resolve_chance(GAME.setup(players, {}), deck_with(list(top)))


def test_bk_r01_coordinates_are_a1_to_j10_and_others_are_refused():
    assert (COORDS[0], COORDS[9], COORDS[90], COORDS[99], len(COORDS)) == ("A1", "A10", "J1", "J10", 100)
    state = hold(own(table(), PIA, "A1"), PIA, "B-CITY1-1")
    for coord in ("K1", "A11", "a1", "A0", ""):
        refused(state, PIA, {"type": "build_city", "card": "B-CITY1-1", "coord": coord}, "BK-R01")


def test_bk_r02_diagonal_squares_are_not_adjacent():
    assert {COORDS[i] for i in NEIGHBOURS[INDEX["E5"]]} == {"D5", "F5", "E4", "E6"}
    assert {COORDS[i] for i in NEIGHBOURS[INDEX["A10"]]} == {"A9", "B10"}
    assert len(fiefs(own(table(), PIA, "G3", "H4"), PIA)) == 2


def test_bk_r03_the_eight_lava_edges_cut_only_mountain_pairs():
    cut = [
        (a, b) for a in range(100) for b in range(a + 1, 100) if _touching(a, b) and b not in NEIGHBOURS[a]
    ]
    assert sorted((COORDS[a], COORDS[b]) for a, b in cut) == sorted(
        [
            ("B1", "B2"),
            ("B6", "C6"),
            ("C2", "D2"),
            ("C8", "C9"),
            ("D5", "D6"),
            ("F2", "F3"),
            ("I7", "J7"),
            ("I8", "J8"),
        ]
    )
    assert len(fiefs(own(table(), PIA, "B2", "C2"), PIA)) == 1  # B2-C2 is not lava


def _touching(a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, 10), divmod(b, 10)
    return abs(ra - rb) + abs(ca - cb) == 1


def test_bk_r05_a_table_seats_two_to_four_players():
    for players in (1, 5):
        with pytest.raises(InvalidOptions):
            GAME.resolve_options(players, {})
    assert GAME.resolve_options(2, {}) == {} and GAME.rules_version == "1"


def test_bk_r06_left_is_the_next_seat_clockwise_right_the_previous():
    assert (left(0, 4), right(0, 4), left(3, 4), right(3, 4)) == (1, 3, 0, 2)
    assert left(0, 2) == right(0, 2) == 1  # two players: both neighbours are the opponent


def test_bk_r07_r08_the_board_starts_with_18_neutral_cities_and_scores_at_zero():
    state = GAME.setup(3, {})
    assert sorted(COORDS[i] for i, b in enumerate(state.buildings) if b == "CI") == sorted(PRINTED_CITIES)
    assert set(state.owners) == {-1}
    assert GAME.scores(state).totals == {0: 0, 1: 0, 2: 0}


def test_bk_r09_r10_setup_waits_for_one_shuffle_of_182_cards_and_deals_nothing():
    state = GAME.setup(4, {})
    assert GAME.to_act(state) == {CHANCE}
    request = GAME.chance(state)
    assert (request.kind, sorted(request.items)) == ("shuffle", sorted(ALL_CARDS))
    assert state.hands == ((),) * 4 and state.deck == ()
    for bad in (ALL_CARDS[:-1], list(ALL_CARDS[:-1]) + ["T-A1"], "T-A1", None, [1] * 182):
        with pytest.raises(IllegalMove) as error:
            GAME.resolve_chance(state, bad)
        assert error.value.rule == "BK-R09"
    started = dealt(4)
    assert (started.phase, started.round, started.pick) == ("exploration", 1, 1)
    with pytest.raises(IllegalMove):
        GAME.chance(started)  # the deck is never reshuffled


def test_bk_r11_r13_a_game_runs_four_rounds_of_explore_build_harvest_then_final_scoring():
    run = playout(GAME, 3, {}, seed=11, check=False)
    assert all(len(h) == 4 for h in run.final.harvests)
    phases = []
    state = GAME.setup(3, {})
    for actor, action in run.steps:
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
        key = (state.round, state.phase)
        if not phases or phases[-1] != key:
            phases.append(key)
    rounds = [r for r, _ in phases]
    assert rounds == sorted(rounds) and set(rounds) == {1, 2, 3, 4}
    assert phases[-1] == (4, "over")


def test_bk_r12_every_seat_chooses_at_the_same_time():
    state = dealt(4)
    assert GAME.to_act(state) == {0, 1, 2, 3}
    state = GAME.play(state, 2, first_pick(state, 2))
    assert GAME.to_act(state) == {0, 1, 3}


def test_bk_r14_r91_every_round_deals_fresh_hands_in_blocks_by_seat():
    state = dealt(3)
    assert state.hands == tuple(
        state.seen[s] and tuple(deck_with([])[12 * s : 12 * s + 12]) for s in range(3)
    )
    assert len(state.deck) == 182 - 36


def test_bk_r16_four_players_make_five_picks_a_round():
    state, picks = dealt(4, [c for c in ALL_CARDS if c.startswith("T-")][:40]), 0
    while state.round == 1 and state.phase == "exploration":
        assert [len(h) for h in state.hands] == [10 - 2 * picks] * 4
        state, picks = everyone_picks(state), picks + 1
    assert picks == 5


def test_bk_r17_building_is_optional_and_unplaced_cards_stay():
    state = hold(hold(own(table(), PIA, "H6"), PIA, "B-CITY1-1"), BO, "B-CITY1-2")
    after = GAME.play(state, PIA, {"type": "finish_construction"})
    assert after.fronts[PIA] == ("B-CITY1-1",) and after.buildings[INDEX["H6"]] is None


def test_bk_r20_the_reserve_stays_unseen_until_its_top_card_is_drawn():
    state = dealt(2)
    view = GAME.player_view(state, 0)
    reserve = state.reserves[0]
    assert view["seats"][0]["reserve_size"] == 9
    assert not set(reserve) & set(view["you"]["seen"]) and not any(c in json.dumps(view) for c in reserve)
    assert state.hands[0][-1] in view["you"]["seen"]  # the drawn card is the owner's now


def test_bk_r21_r22_two_players_play_one_discard_one_and_pass_the_rest():
    state = dealt(2)
    hand0, hand1 = state.hands
    state = GAME.play(
        state, 0, {"type": "submit_pick", "round": 1, "pick": 1, "play": [hand0[0]], "discard": hand0[1]}
    )
    state = GAME.play(
        state, 1, {"type": "submit_pick", "round": 1, "pick": 1, "play": [hand1[0]], "discard": hand1[1]}
    )
    assert state.removed == ((hand0[1],), (hand1[1],))
    assert state.hands[1][:9] == hand0[2:] and state.hands[0][:9] == hand1[2:]
    assert hand0[1] not in json.dumps(GAME.player_view(state, 1))


def test_bk_r23_two_player_hands_hold_11_down_to_2_at_the_choose_steps():
    state, sizes = dealt(2, [c for c in ALL_CARDS if c.startswith("T-")][:40]), []
    while state.round == 1 and state.phase == "exploration":
        sizes.append(len(state.hands[0]))
        state = everyone_picks(state)
    assert sizes == list(range(11, 1, -1))


def test_bk_r24_a_refused_move_changes_nothing():
    state = dealt(4)
    refused(state, 0, {"type": "teleport"}, "BK-R24")
    refused(state, 0, "submit_pick", "BK-R24")
    with pytest.raises(NotYourTurn):
        GAME.play(state, 7, first_pick(state, 0))


def test_bk_r30_a_selection_may_be_replaced_before_the_reveal():
    state = dealt(4)
    first, *_, last = [m for m in GAME.legal_moves(state, 0) if m["type"] == "submit_pick"]
    state = GAME.play(GAME.play(state, 0, first), 0, last)
    assert state.selections[0] == (tuple(last["play"]), None)


def test_bk_r31_a_selection_may_be_retracted_until_the_reveal():
    state = dealt(3)
    retract = {"type": "retract_pick", "round": 1, "pick": 1}
    refused(state, 0, retract, "BK-R31")
    state = GAME.play(state, 0, first_pick(state, 0))
    assert retract in GAME.legal_moves(state, 0) and 0 not in GAME.to_act(state)
    state = GAME.play(state, 0, retract)
    assert state.selections[0] is None and 0 in GAME.to_act(state)


def test_bk_r31_retracting_nothing_chosen_and_retracting_after_the_reveal_are_one_refusal():
    """BK-R31: one command, one status: with no selection stored, and once the pick is revealed,
    retract_pick is the same illegal move (422 over HTTP), naming BK-R31 both times."""
    state = dealt(3)
    retract = {"type": "retract_pick", "round": 1, "pick": 1}
    nothing = refused(state, 0, retract, "BK-R31")
    for seat in range(3):
        state = GAME.play(state, seat, first_pick(state, seat))
    assert (state.round, state.pick) != (1, 1)  # every seat chose: revealed
    revealed = refused(state, 0, retract, "BK-R31")
    assert type(nothing) is type(revealed) is IllegalMove  # never NotYourTurn (409) for one and 422 for the other
    assert "no selection" in str(nothing) and "revealed" in str(revealed)


def test_bk_r33_a_camp_needs_a_real_coordinate():
    state = begin(hold(table(2), 0, "B-CAMP-1"))
    refused(state, 0, {"type": "place_camp", "card": "B-CAMP-1", "coord": "Z9"}, "BK-R33")


def test_bk_r48_r110_seats_with_nothing_to_build_are_finished_at_the_start():
    state = begin(hold(hold(table(3), ANA, "B-CAMP-1"), BO, "B-FARM-FISH"))
    assert state.finished == (True, False, True)
    assert GAME.to_act(state) == {ANA, BO}  # Ana still answers her camp offer


def test_bk_r113_building_goes_on_while_another_seat_answers_a_camp_offer():
    state = begin(hold(hold(own(table(2), BO, "H6"), ANA, "B-CAMP-1"), BO, "B-CITY1-1"))
    assert pending_camp(state) == (ANA, "B-CAMP-1")
    state = GAME.play(state, BO, {"type": "build_city", "card": "B-CITY1-1", "coord": "H6"})
    assert state.buildings[INDEX["H6"]] == "B-CITY1-1" and pending_camp(state) == (ANA, "B-CAMP-1")


def test_bk_r114_construction_ends_when_camps_are_answered_and_everyone_finished():
    state = begin(hold(hold(table(2), ANA, "B-CAMP-1"), BO, "B-CITY1-1"))
    state = GAME.play(state, BO, {"type": "finish_construction"})
    assert state.phase == "construction"  # the camp offer is still pending
    state = GAME.play(state, ANA, {"type": "keep_camp", "card": "B-CAMP-1"})
    assert state.phase != "construction" and len(state.harvests[0]) == 1


def test_bk_r112_with_no_empty_square_camps_are_kept_automatically():
    state = table(2)
    state = own(state, BO, *[c for i, c in enumerate(COORDS) if state.buildings[i] is None])
    assert pending_camp(begin(hold(state, ANA, "B-CAMP-1"))) is None


def test_bk_r52_trading_post_choices_may_be_replaced_until_the_last_chooser():
    state = own(table(2, "harvest", 2), ANA, "F10")
    state = build(own(build(state, "F10", "B-TRADING-POST-1"), BO, "C10"), "C10", "B-TRADING-POST-2")
    state = GAME.play(state, ANA, {"type": "choose_trading_posts", "round": 2, "choices": {"F10": "fish"}})
    state = GAME.play(state, ANA, {"type": "choose_trading_posts", "round": 2, "choices": {"F10": "wood"}})
    assert state.tp_pending[ANA] == (("F10", "wood"),)
    assert "wood" not in json.dumps(GAME.player_view(state, BO)["trading_posts"])
    state = GAME.play(state, BO, {"type": "choose_trading_posts", "round": 2, "choices": {"C10": "fish"}})
    assert GAME.player_view(state, None)["trading_posts"] == {"C10": "fish", "F10": "wood"}


def test_bk_r49_only_trading_post_owners_choose_and_only_in_the_harvest():
    state = build(own(table(2, "harvest", 2), ANA, "F10"), "F10", "B-TRADING-POST-1")
    refused(state, BO, {"type": "choose_trading_posts", "round": 2, "choices": {}}, "BK-R49")
    refused(state, ANA, {"type": "choose_trading_posts", "round": 1, "choices": {"F10": "fish"}}, "BK-R49")
    refused(
        state.set(phase="construction"),
        ANA,
        {"type": "choose_trading_posts", "round": 2, "choices": {"F10": "fish"}},
        "BK-R49",
    )


def copy_table(players=2):
    state = table(players, "round_end", 4).set(harvests=((0, 0, 0, 0),) * players)
    return state


def test_bk_r54_only_the_owner_of_a_copy_card_chooses_its_target():
    state = advance(scrolls(scrolls(copy_table(), ANA, "P-LIBERAL"), BO, "P-FISHER", "P-FARMER"))
    refused(state, BO, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-FISHER"}, "BK-R54")
    refused(state, ANA, {"type": "choose_copy_target", "card": "P-FISHER", "target": "P-FARMER"}, "BK-R54")


def test_bk_r57_r59_two_copy_cards_need_two_targets_and_choices_may_change():
    state = advance(
        scrolls(scrolls(copy_table(), ANA, "P-LIBERAL", "P-SOCIALIST"), BO, "P-FISHER", "P-FARMER")
    )
    state = GAME.play(state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-FISHER"})
    refused(state, ANA, {"type": "choose_copy_target", "card": "P-SOCIALIST", "target": "P-FISHER"}, "BK-R57")
    state = GAME.play(state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-FARMER"})
    assert state.copy_pending[ANA] == (("P-LIBERAL", "P-FARMER"),)  # replaced, still hidden
    assert "P-FARMER" not in json.dumps(GAME.player_view(state, BO)["copy_targets"])
    state = GAME.play(state, ANA, {"type": "choose_copy_target", "card": "P-SOCIALIST", "target": "P-FISHER"})
    assert state.copy_final == ((ANA, "P-LIBERAL", "P-FARMER"), (ANA, "P-SOCIALIST", "P-FISHER"))


def test_bk_r58_a_copy_card_without_eligible_target_copies_nothing_automatically():
    state = advance(scrolls(scrolls(copy_table(), ANA, "P-LIBERAL"), BO, "P-SOCIALIST"))
    assert state.phase == "over"
    assert state.copy_final == ((ANA, "P-LIBERAL", None), (BO, "P-SOCIALIST", None))


def test_bk_r95_the_pick_number_and_hand_sizes_are_public():
    view = GAME.player_view(dealt(3), None)
    assert (view["round"], view["pick"], [s["hand_size"] for s in view["seats"]]) == (1, 1, [12, 12, 12])


def test_bk_r108_a_draw_from_a_short_deck_takes_what_is_there():
    state = resolve_card(table(4, "exploration").set(deck=("T-A1",)), ANA, "PROV-1")
    assert state.deck == () and state.owners[INDEX["A1"]] == ANA


def test_bk_r128_fiefs_are_listed_by_their_smallest_coordinate_with_their_harvest():
    state = build(own(table(), PIA, "J10", "C5", "C4", "A1", "B1"), "C5", "B-CITY2-1")
    assert [[COORDS[i] for i in f] for f in fiefs(state, PIA)] == [["A1", "B1"], ["C4", "C5"], ["J10"]]
    shown = GAME.player_view(state, None)["fiefs"][PIA]
    assert shown[1] == {
        "territories": ["C4", "C5"],
        "strength": 2,
        "resources": ["fish"],
        "wealth": 1,
        "harvest": 2,
    }
    assert [f["harvest"] for f in shown] == [0, 2, 0]


def test_bk_r57_two_player_double_copy_with_one_eligible_target_copies_it_once():
    """BK-R57 gap (decision in final.required): only the Liberal copies; the Socialist gets nothing."""
    state = advance(scrolls(scrolls(copy_table(), ANA, "P-LIBERAL", "P-SOCIALIST"), BO, "P-FISHER"))
    assert GAME.legal_moves(state, ANA) == [
        {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-FISHER"}
    ]
    refused(state, ANA, {"type": "choose_copy_target", "card": "P-SOCIALIST", "target": "P-FISHER"}, "BK-R58")
    state = GAME.play(state, ANA, GAME.legal_moves(state, ANA)[0])
    assert state.copy_final == ((ANA, "P-LIBERAL", "P-FISHER"), (ANA, "P-SOCIALIST", None))


def test_bk_r141_parchments_are_revealed_at_final_scoring():
    state = scrolls(scrolls(copy_table(3), ANA, "P-LIBERAL"), CY, "P-FISHER")
    mid = GAME.player_view(state.set(phase="construction"), BO)
    assert "P-FISHER" not in json.dumps(mid)
    final = GAME.player_view(advance(state), BO)
    assert final["seats"][CY]["parchments"] == ["P-FISHER"]


def test_bk_r150_bureaucrat_counts_physical_parchments_itself_included():
    state = advance(
        scrolls(scrolls(copy_table(), ANA, "P-BUREAUCRAT", "P-LIBERAL", "P-ROYAL-RING"), BO, "P-FISHER")
    )
    state = GAME.play(state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-FISHER"})
    lines = {line.label: line.points for line in parchment_scores(state) if line.seat == ANA}
    assert lines["P-BUREAUCRAT"] == 3


def test_bk_r146_parchments_score_treasures_then_hunter_then_missions_then_opportunist():
    state = scrolls(copy_table(), ANA, "P-OPPORTUNIST", "P-FISHER", "P-TREASURE-HUNTER", "P-ROYAL-RING")
    state = advance(scrolls(state, BO, "P-ROYAL-COAT"))
    order = [(line.seat, line.card) for line in parchment_scores(state)]
    assert order == [
        (0, "P-ROYAL-RING"),
        (1, "P-ROYAL-COAT"),
        (0, "P-TREASURE-HUNTER"),
        (0, "P-FISHER"),
        (0, "P-OPPORTUNIST"),
    ]


def test_bk_r153_the_final_breakdown_adds_up_per_harvest_and_parchment():
    state = advance(scrolls(copy_table().set(harvests=((1, 2, 3, 4), (0, 0, 0, 0))), ANA, "P-ROYAL-CROWN"))
    breakdown = GAME.scores(state).breakdown[ANA]
    assert breakdown == {
        "harvest round 1": 1,
        "harvest round 2": 2,
        "harvest round 3": 3,
        "harvest round 4": 4,
        "P-ROYAL-CROWN": 5,
    }
    assert GAME.scores(state).totals[ANA] == 15


def test_bk_r127_mid_game_scores_are_the_harvests_so_far_without_parchments():
    state = scrolls(table(2).set(harvests=((5, 7), (2, 0))), ANA, "P-ROYAL-CROWN")
    assert GAME.scores(state).totals == {0: 12, 1: 2}
