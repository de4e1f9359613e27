"""Lettered sub-rules of the Fantasy Ranch spec, each pinned by a test named after it (the
rule-coverage test counts lettered ids too)."""

from __future__ import annotations

from domain.games.fantasy_ranch import GAME
from tests.games.fantasy_ranch.helpers import EX1, YELLOW, move, owner, place_of, play, refused, table
from tests.games.fantasy_ranch.test_setup import level_3_after_fate, level_3_draft

PURPLE2 = 1


def ex1(**kw):
    owners = {"2B-H": YELLOW, "1B-H": PURPLE2} | kw.pop("owners", {})
    kw.setdefault("employees", {YELLOW: "ryan", PURPLE2: "tom"})
    return table(3, 2, grid=EX1, owners=owners, **kw)


def test_fr_r093b_a_horse_boards_another_players_territory_next_to_one_of_its_own():
    """FR-R093b: Purple's paddock 1B-4 (not a home, free places) is legal for Yellow's white horse
    because Yellow's horse stands on the adjacent 1B-1; without that neighbour it is not."""
    horses = {"H13": (PURPLE2, "1B-4"), "H01": (YELLOW, "1B-1"), "H03": (YELLOW, "2B-H")}
    state = ex1(owners={"1B-4": PURPLE2, "1B-1": YELLOW}, horses=horses)
    boarded = play(state, YELLOW, move("H03", "1B-4"))  # play() also checks it is listed
    assert place_of(boarded, "H03") == "1B-4" and owner(boarded, "1B-4") == PURPLE2
    lonely = ex1(owners={"1B-4": PURPLE2}, horses={"H13": (PURPLE2, "1B-4"), "H03": (YELLOW, "2B-H")})
    refused(lonely, YELLOW, move("H03", "1B-4"), "FR-R120c")  # destination not legal under FR-R093


def _not_your_turn(state, seat, chosen, rule):
    from domain.errors import NotYourTurn

    try:
        GAME.play(state, seat, chosen)
    except NotYourTurn as error:
        assert error.rule == rule, error.rule
    else:
        raise AssertionError(f"{chosen} was accepted from seat {seat}")
    assert not any(m == chosen for m in GAME.legal_moves(state, seat))


def test_fr_r101a_starting_employees_are_chosen_in_turn_order_from_the_start_player():
    """FR-R101a: seat 1 starts, so seat 2 may not choose first, and seat 0 comes last."""
    state = level_3_after_fate(3, start_player=1)
    _not_your_turn(state, 2, {"type": "choose_starting_employee", "employee": "tessa"}, "FR-R101a")
    state = play(state, 1, {"type": "choose_starting_employee", "employee": "tessa"})
    _not_your_turn(state, 0, {"type": "choose_starting_employee", "employee": "gail"}, "FR-R101a")


def test_fr_r103a_homes_are_chosen_in_reverse_order_from_the_right_of_the_start_player():
    """FR-R103a: start player 1 in 3 seats: seat 0 chooses first, then 2, then 1."""
    state = level_3_draft(3, start_player=1)
    for _ in range(4):
        for seat in range(3):
            state = GAME.play(state, seat, {"type": "draft_pick", "card_id": state.hands[seat][0]})
    state = GAME.resolve_chance(state, [f"TC{i:02d}" for i in range(16, 0, -1)])
    state = GAME.resolve_chance(state, [2, 5, 1, 4, 6, 3])
    _not_your_turn(state, 1, {"type": "choose_home_territory", "territory_id": "2B-H"}, "FR-R103a")
    state = play(state, 0, {"type": "choose_home_territory", "territory_id": "2B-H"})
    _not_your_turn(state, 1, {"type": "choose_home_territory", "territory_id": "1B-H"}, "FR-R103a")


def test_fr_r150b_level_3_claims_only_a_card_of_the_bonus_display():
    """FR-R150b [L3]: a fate card still in the deck is not claimable; one in the display is checked further."""
    state = ex1(horses={"H01": (YELLOW, "2B-H")}, display=("TF01", "TF02", "TF03", "TF04"))
    assert "TF20" not in state.display
    refused(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF20"}, "FR-R150b")
    refused(state, YELLOW, {"type": "claim_fate_card", "card_id": 7}, "FR-R150b")


def test_fr_r200a_a_tournament_entry_needs_the_entries_phase():
    """FR-R200a: during a turn no tournament takes entries."""
    state = ex1(horses={"H01": (YELLOW, "2B-H")})
    refused(state, YELLOW, {"type": "enter_tournament", "card_id": "H01"}, "FR-R200a")


def test_fr_r201a_a_paid_final_entry_needs_the_entries_phase():
    """FR-R201a: paying into a final outside the tournament entries is refused as FR-R201a."""
    state = ex1(horses={"H01": (YELLOW, "2B-H")}, goods={YELLOW: (4, 4)})
    refused(state, YELLOW, {"type": "enter_final_paid", "carrots": 2, "boots": 2}, "FR-R201a")


def test_fr_r102_a_drafted_card_leaves_the_hand_at_once_and_is_shown_pending_until_the_step_ends():
    """FR-R102: the card leaves the hand when picked; the drafter's private view shows it as the
    pending pick (not in the hand) until every seat has picked, and the public hand sizes still say 4."""
    from tests.games.fantasy_ranch.test_setup import DECK, start

    state = GAME.resolve_chance(
        GAME.resolve_chance(start(2, 2, start_player=0), DECK), [f"TF{i:02d}" for i in range(1, 26)]
    )
    state = play(state, 0, {"type": "draft_pick", "card_id": "H05"})
    assert "H05" not in state.hands[0]
    assert GAME.legal_moves(state, 0) == []
    private = GAME.player_view(state, 0)["private"]
    assert "H05" not in private["hand"] and private["pending_pick"] == "H05"
    for viewer in (None, 1):
        public = GAME.player_view(state, viewer)
        assert public["draft"]["hand_sizes"] == [4, 4]
        assert "H05" not in str(public)  # the pick stays secret until the step completes
    state = play(state, 1, {"type": "draft_pick", "card_id": "H02"})
    assert GAME.player_view(state, None)["draft"]["hand_sizes"] == [3, 3]
    after = GAME.player_view(state, 0)["private"]
    assert after["pending_pick"] is None and "H05" in after["picks"] and "H05" not in after["hand"]
