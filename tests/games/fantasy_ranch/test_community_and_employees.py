"""Level 3 (§5.5-§5.8): ownership, boarding, employees, fate cards on the display, upgrade tokens."""

from __future__ import annotations

from domain.games.fantasy_ranch import GAME
from domain.games.game import CHANCE, seat_ref
from tests.games.fantasy_ranch.helpers import (
    EX1,
    RED,
    YELLOW,
    move,
    owner,
    place_of,
    play,
    refused,
    table,
    tokens,
)


def ex1(employees=None, **kw):
    owners = {"2B-H": YELLOW, "1B-H": RED} | kw.pop("owners", {})
    return table(3, 2, grid=EX1, owners=owners, employees=employees or {YELLOW: "tom", RED: "alex"}, **kw)


def test_fr_r141_ownership_is_explicit_on_every_board():
    """FR-R141 / FR-R142: territories on the home board need an owner too; boarded horses stay their owner's."""
    state = ex1(owners={"1B-1": YELLOW}, horses={"H01": (YELLOW, "1B-1")})
    view = GAME.player_view(state, None)
    assert view["owners"] == {"1B-1": YELLOW, "1B-H": RED, "2B-H": YELLOW}
    assert "2B-1" not in view["owners"]  # on Yellow's home board, yet for sale until bought


def test_fr_r144_a_full_territory_accepts_no_horse():
    """FR-R144: 2B-5 (paddock, capacity 1) with one horse is full, even for its owner."""
    state = ex1(owners={"2B-5": YELLOW}, horses={"H03": (YELLOW, "2B-5"), "H08": (YELLOW, "2B-H")})
    refused(state, YELLOW, move("H08", "2B-5"), "FR-R120c")


def test_fr_r143_r146_a_boarded_horse_anchors_purchases():
    """FR-R143 / FR-R146: Yellow's horse boarded on Red's 1B-1 lets Yellow buy 1B-2 next to it."""
    state = ex1(
        owners={"1B-1": RED},
        horses={"H01": (YELLOW, "1B-1"), "H31": (RED, "1B-1"), "H45": (RED, "1B-1")},
        goods={YELLOW: (4, 4)},
    )
    state = play(state, YELLOW, {"type": "buy_location", "location_id": "1B-2"})
    assert owner(state, "1B-2") == YELLOW


def test_fr_r163_ryan_buys_a_territory_beside_the_limited_action():
    """FR-R163 / FR-R111: after producing, Ryan still buys 2B-2; the allowance is untouched."""
    state = ex1(employees={YELLOW: "ryan", RED: "alex"})
    state = play(state, YELLOW, {"type": "produce_goods", "carrots": 0, "boots": 6})
    state = play(
        state, YELLOW, {"type": "use_employee", "employee": "ryan", "params": {"location_id": "2B-2"}}
    )
    assert owner(state, "2B-2") == YELLOW and state.goods[YELLOW] == (4, 7)
    refused(
        ex1(employees={YELLOW: "ryan", RED: "alex"}),
        YELLOW,
        {"type": "use_employee", "employee": "ryan", "params": {"location_id": "2B-3"}},
        "FR-R163",
    )


def test_fr_r164_gail_take_two_and_refresh():
    """FR-R164 / FR-R054 / FR-D29: two claims with take_two; refresh only before a claim, old cards under the deck."""
    display = ("TF22", "TF23", "TF13", "TF05")
    state = ex1(
        employees={YELLOW: "gail", RED: "alex"},
        display=display,
        fate_deck=("TF06", "TF07", "TF08", "TF09", "TF10"),
        goods={YELLOW: (4, 6)},
    )
    two = play(state, YELLOW, {"type": "use_employee", "employee": "gail", "params": {"mode": "take_two"}})
    two = play(two, YELLOW, {"type": "claim_fate_card", "card_id": "TF23"})  # pay 2 boots, get 4 carrots
    two = play(two, YELLOW, {"type": "claim_fate_card", "card_id": "TF22"})  # 12 goods >= 8: a trophy, kept
    assert two.kept_fate[YELLOW] == ("TF22",) and two.goods[YELLOW] == (8, 4)
    refused(two, YELLOW, {"type": "claim_fate_card", "card_id": "TF13"}, "FR-R150c")
    fresh = play(state, YELLOW, {"type": "use_employee", "employee": "gail", "params": {"mode": "refresh"}})
    assert fresh.display == ("TF06", "TF07", "TF08", "TF09") and fresh.fate_deck == ("TF10",) + display
    claimed = play(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF23"})
    refused(
        claimed,
        YELLOW,
        {"type": "use_employee", "employee": "gail", "params": {"mode": "refresh"}},
        "FR-R164",
    )


def test_fr_r165_r166_tessa_shows_three_cards_to_the_user_alone():
    """FR-R165 / FR-R166 / FR-R303 / FR-D30: a private look, one bought, the rest under the deck in drawn order."""
    state = ex1(
        employees={YELLOW: "tessa", RED: "alex"}, deck=("H01", "H02", "H03", "H04"), goods={YELLOW: (5, 4)}
    )
    state = play(state, YELLOW, {"type": "use_employee", "employee": "tessa", "params": {}})
    assert state.phase == "tessa_choice" and state.tessa == ("H01", "H02", "H03")
    assert GAME.player_view(state, YELLOW)["private"]["tessa_cards"] == ["H01", "H02", "H03"]
    assert "H02" not in str(GAME.player_view(state, RED)) and "H02" not in str(GAME.player_view(state, None))
    refused(state, YELLOW, {"type": "end_turn", "new_employee": "gail"}, "FR-R166")
    refused(state, YELLOW, {"type": "produce_goods", "carrots": 1, "boots": 0}, "FR-R166")
    refused(state, YELLOW, {"type": "tessa_choose", "card_id": "H04", "destination": "2B-H"}, "FR-R165")
    state = play(state, YELLOW, {"type": "tessa_choose", "card_id": "H02", "destination": "2B-H"})
    assert place_of(state, "H02") == "2B-H" and state.goods[YELLOW] == (2, 4)
    assert state.horse_deck == ("H04", "H01", "H03") and not state.limited_used


def test_fr_r165_tessa_may_buy_nothing():
    """FR-R165: ``card_id: null`` returns all three cards."""
    state = ex1(employees={YELLOW: "tessa", RED: "alex"}, deck=("H01", "H02", "H03"))
    state = play(state, YELLOW, {"type": "use_employee", "employee": "tessa", "params": {}})
    state = play(state, YELLOW, {"type": "tessa_choose", "card_id": None})
    assert state.horse_deck == ("H01", "H02", "H03") and state.phase == "turn"


def test_fr_r165_unbought_cards_return_in_the_order_drawn_not_sorted():
    """FR-R165 / FR-D30: drawn H09, H01, H05; buying none puts H09, H01, H05 under the deck in that order."""
    state = ex1(employees={YELLOW: "tessa", RED: "alex"}, deck=("H09", "H01", "H05", "H20"))
    state = play(state, YELLOW, {"type": "use_employee", "employee": "tessa", "params": {}})
    assert state.tessa == ("H09", "H01", "H05")
    state = play(state, YELLOW, {"type": "tessa_choose", "card_id": None})
    assert state.horse_deck == ("H20", "H09", "H01", "H05")


def test_fr_r167_megan_places_at_most_two_tokens():
    """FR-R167: one or two placements; three are refused even where each would be legal."""
    state = ex1(employees={YELLOW: "megan", RED: "alex"})
    three = {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-1", "2B-1", "2B-2"]}}
    refused(state, YELLOW, three, "FR-R167")
    refused(
        state, YELLOW, {"type": "use_employee", "employee": "megan", "params": {"territories": []}}, "FR-R167"
    )
    state = play(state, YELLOW, {**three, "params": {"territories": ["2B-1", "2B-2"]}})
    assert tokens(state, "2B-1")[YELLOW] == 1 and tokens(state, "2B-2")[YELLOW] == 1


def test_fr_r150_requirements_home_full_own_territories_and_boards_count_the_home():
    """FR-R150d / §11.7: ``home_full`` needs 0 free places; ``own_territories`` and ``boards`` include the home."""
    two_at_home = {"H01": (YELLOW, "2B-H"), "H02": (YELLOW, "2B-H")}
    display = ("TF16", "TF29", "TF26", "TF03")
    claim16 = {"type": "claim_fate_card", "card_id": "TF16", "choices": {"carrots": 3, "boots": 0}}
    refused(ex1(horses=two_at_home, display=display), YELLOW, claim16, "FR-R150d")  # 1 free place
    full = play(ex1(horses=two_at_home | {"H03": (YELLOW, "2B-H")}, display=display), YELLOW, claim16)
    assert full.goods[YELLOW] == (7, 4)
    # home 2B-H + 4 bought = 5 territories (TF29); home board 2 + board 1 = 2 boards (TF26)
    owners = {"2B-1": YELLOW, "2B-2": YELLOW, "2B-3": YELLOW, "1B-1": YELLOW}
    state = ex1(owners=owners, display=display)
    claim29 = {"type": "claim_fate_card", "card_id": "TF29", "choices": {"territories": []}}
    assert play(state, YELLOW, claim29).claims == 1
    claim26 = {"type": "claim_fate_card", "card_id": "TF26", "choices": {"territories": []}}
    assert play(ex1(owners={"1B-1": YELLOW}, display=display), YELLOW, claim26).claims == 1
    refused(ex1(owners={"2B-4": YELLOW}, display=display), YELLOW, claim26, "FR-R150d")  # one board only


def test_fr_r150_three_skill_horse_needs_a_horse_with_three_skills():
    """FR-R150d / §11.7 TF21 All-Rounder: Acorn (one skill) is not enough, Aspen (three skills) is."""
    claim = {"type": "claim_fate_card", "card_id": "TF21"}
    display = ("TF21", "TF03", "TF05", "TF06")
    refused(ex1(horses={"H01": (YELLOW, "2B-H")}, display=display), YELLOW, claim, "FR-R150d")
    state = play(ex1(horses={"H03": (YELLOW, "2B-H")}, display=display), YELLOW, claim)
    assert state.goods[YELLOW] == (7, 4)


def test_fr_r160_another_players_employee_costs_exactly_two_goods_to_its_holder():
    """FR-R160: no fee, a wrong fee, or an unaffordable one are refused; the pool's employees are unusable."""
    state = ex1(employees={YELLOW: "tom", RED: "megan"}, goods={YELLOW: (1, 0)})
    megan = {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-2"]}}
    refused(state, YELLOW, megan, "FR-R160")
    refused(state, YELLOW, megan | {"fee": {"carrots": 1, "boots": 0}}, "FR-R160")
    refused(state, YELLOW, megan | {"fee": {"carrots": 2, "boots": 0}}, "FR-R160")
    rich = ex1(employees={YELLOW: "tom", RED: "megan"})
    rich = play(rich, YELLOW, megan | {"fee": {"carrots": 0, "boots": 2}})
    assert rich.goods == ((4, 2), (4, 6)) and tokens(rich, "2B-2") == (1, 0)


def test_the_log_names_only_the_goods_a_fee_holds():
    """The table review read "paying Bot 3 2 carrots and 0 boots": a fee says what was paid."""
    state = ex1(employees={YELLOW: "tom", RED: "megan"})
    megan = {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-2"]}}
    said = GAME.describe(state, YELLOW, megan | {"fee": {"carrots": 0, "boots": 2}}, None)
    assert f"paying {seat_ref(RED)} 2 boots, to place" in said and "0 carrots" not in said
    produce = {"type": "produce_goods", "carrots": 6, "boots": 0}
    assert GAME.describe(state, YELLOW, produce, None) == f"{seat_ref(YELLOW)} produced 6 carrots."
    said = GAME.describe(state, YELLOW, megan | {"fee": {"carrots": 1, "boots": 1}}, None)
    assert f"paying {seat_ref(RED)} 1 carrot and 1 boot, to place" in said


def test_fr_r170_r172_upgrade_tokens_lower_the_price_and_return_on_purchase():
    """FR-R170 / FR-R172 / FR-R113c: Yellow's 2 tokens make 2B-1 cost 3; buying returns every token."""
    state = ex1(owners={"2B-2": YELLOW}, upgrades={"2B-1": {YELLOW: 2, RED: 1}}, goods={YELLOW: (4, 3)})
    state = play(state, YELLOW, {"type": "buy_location", "location_id": "2B-1"})
    assert state.goods[YELLOW] == (4, 0) and tokens(state, "2B-1") == (0, 0)
    refused(
        ex1(employees={YELLOW: "megan", RED: "tom"}),
        YELLOW,
        {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-H"]}},
        "FR-R170",
    )


def test_fr_r150_level_3_fate_rewards_with_choices():
    """FR-R150e / FR-R171: goods in any mix, a market horse to a legal place, upgrades listed or forfeited."""
    market = ("H16",) + tuple(f"H4{i}" for i in range(7))
    state = ex1(
        owners={"2B-3": YELLOW, "2B-4": YELLOW},
        market=market,
        deck=("H30",),
        display=("TF24", "TF27", "TF26", "TF34"),
        fate_deck=("TF01", "TF02", "TF03"),
        horses={"H01": (YELLOW, "2B-3")},
    )
    taken = play(
        state,
        YELLOW,
        {"type": "claim_fate_card", "card_id": "TF24", "choices": {"card_id": "H16", "destination": "2B-3"}},
    )
    assert place_of(taken, "H16") == "2B-3" and taken.goods[YELLOW] == (1, 4) and taken.market[0] == "H30"
    assert taken.display == ("TF01", "TF27", "TF26", "TF34")  # refilled at once
    refused(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF24"}, "FR-R150")  # choices missing
    refused(
        state,
        YELLOW,
        {"type": "claim_fate_card", "card_id": "TF27", "choices": {"carrots": 1, "boots": 0}},
        "FR-R150d",
    )
    paid = play(
        state,
        YELLOW,
        {
            "type": "claim_fate_card",
            "card_id": "TF34",
            "payment": {"carrots": 2, "boots": 0},
            "choices": {"territories": ["2B-5"]},
        },
    )
    assert tokens(paid, "2B-5") == (1, 0) and paid.goods[YELLOW] == (2, 4)  # the second token is forfeited
    refused(
        state,
        YELLOW,
        {
            "type": "claim_fate_card",
            "card_id": "TF34",
            "payment": {"carrots": 2, "boots": 0},
            "choices": {"territories": ["2B-5", "2B-3"]},
        },
        "FR-R170",
    )  # 2B-3 is owned, not for sale


def test_fr_r123_free_territories_are_claimed_on_the_own_turn_only():
    """FR-R123a-c: not in another player's turn; only when paid off; only next to the ranch."""
    state = ex1(upgrades={"2B-2": {YELLOW: 3}, "5B-4": {YELLOW: 3}}, horses={"H04": (YELLOW, "2B-H")})
    refused(
        state, YELLOW, {"type": "claim_free_territory", "territory_id": "5B-4", "card_id": "H04"}, "FR-R123c"
    )
    refused(
        state, YELLOW, {"type": "claim_free_territory", "territory_id": "2B-5", "card_id": "H04"}, "FR-R123b"
    )
    refused(
        state, RED, {"type": "claim_free_territory", "territory_id": "2B-2", "card_id": "H04"}, "FR-R123a"
    )
    state = play(state, YELLOW, {"type": "claim_free_territory", "territory_id": "2B-2", "card_id": "H04"})
    assert owner(state, "2B-2") == YELLOW and place_of(state, "H04") == "2B-2"


def test_fr_r165_r257_tessa_looks_at_three_even_when_the_deck_runs_out():
    """FR-R165 / FR-R257: one card left and a discard pile: the discard is shuffled and the look completed."""
    state = ex1(employees={YELLOW: "tessa", RED: "alex"}, deck=("H01",), discard=("H05", "H06", "H07"))
    state = play(state, YELLOW, {"type": "use_employee", "employee": "tessa", "params": {}})
    assert state.tessa == ("H01",) and GAME.to_act(state) == {CHANCE}
    state = GAME.resolve_chance(state, ["H07", "H05", "H06"])
    assert state.tessa == ("H01", "H07", "H05") and state.horse_deck == ("H06",)
    assert GAME.to_act(state) == {YELLOW} and state.phase == "tessa_choice"


def test_fr_r150_r257_spare_stall_from_an_empty_deck_waits_for_the_reshuffle():
    """FR-R150e / FR-R257: the deck is empty but the discard is not: the card is drawn after the shuffle."""
    state = ex1(
        deck=(),
        discard=("H05", "H27"),
        horses={"H01": (YELLOW, "2B-H")},
        display=("TF01", "TF03", "TF05", "TF06"),
        fate_deck=("TF17",),
    )
    state = play(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF01"})
    assert GAME.to_act(state) == {CHANCE} and GAME.chance(state).items == ("H05", "H27")
    state = GAME.resolve_chance(state, ["H27", "H05"])
    assert place_of(state, "H27") == "2B-H" and state.horse_deck == ("H05",)
    assert GAME.to_act(state) == {YELLOW} and state.phase == "turn" and state.claims == 1
    both_empty = ex1(deck=(), horses={"H01": (YELLOW, "2B-H")}, display=("TF01", "TF03", "TF05", "TF06"))
    refused(both_empty, YELLOW, {"type": "claim_fate_card", "card_id": "TF01"}, "FR-R150e")


def test_fr_r143_buying_a_horse_can_board_it_and_take_the_territory():
    """FR-R143 / FR-R145 / FR-R112c: a bought horse may go straight onto Red's empty paddock next door."""
    market = ("H13",) + tuple(f"H4{i}" for i in range(7))
    state = ex1(owners={"1B-1": YELLOW, "1B-4": RED}, market=market, horses={"H01": (YELLOW, "1B-1")})
    state = play(state, YELLOW, {"type": "buy_horse", "card_id": "H13", "destination": "1B-4"})
    assert owner(state, "1B-4") == YELLOW and state.goods[YELLOW] == (2, 4)


def test_fr_r252_a_single_challenger_level_with_the_owner_takes_nothing():
    """FR-R252: m must be greater than the owner's count; 1 against 1 at the round's end changes nothing."""
    horses = {"H13": (RED, "1B-4"), "H03": (YELLOW, "1B-4"), "H01": (YELLOW, "1B-1")}
    state = ex1(
        owners={"1B-1": YELLOW, "1B-4": RED},
        horses=horses,
        phase="tournament_entries",
        round=1,
        slot=1,
        cursor=1,
        entries=((YELLOW, None, 0, "declined"),),
    )
    state = play(state, RED, {"type": "decline_tournament"})
    assert state.round == 2 and owner(state, "1B-4") == RED


def test_fr_r252_the_sweep_never_touches_homes_and_needs_a_strict_leader():
    """FR-R252 / FR-D12: Red's horses outnumber nobody at Yellow's home; an owner with more horses keeps its land."""
    owners = {"1B-1": RED}
    horses = {"H01": (YELLOW, "1B-1"), "H31": (RED, "1B-1"), "H45": (RED, "1B-1"), "H02": (RED, "2B-H")}
    state = ex1(
        owners=owners,
        horses=horses,
        phase="tournament_entries",
        round=1,
        slot=1,
        cursor=1,
        entries=((YELLOW, None, 0, "declined"),),
        tournament_cards=("TC01",) * 8,
    )
    state = play(state, RED, {"type": "decline_tournament"})
    assert state.round == 2 and owner(state, "1B-1") == RED and owner(state, "2B-H") == YELLOW
