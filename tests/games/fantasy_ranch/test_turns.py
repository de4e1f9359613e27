"""A player's turn (§4, §5.2-§5.4): who may act, the limited action, free actions and their windows."""

from __future__ import annotations

from domain.games.fantasy_ranch import GAME
from tests.games.fantasy_ranch.helpers import HOLDING, RED, YELLOW, move, place_of, play, refused, table

RANCHES = {YELLOW: (1, "A"), RED: (2, "A")}


def test_fr_r051_r110_only_the_active_player_takes_turn_actions():
    """FR-R051 / FR-R110 / FR-R130a: Red may not act in Yellow's turn, not even a free action (FR-R061)."""
    state = table(1, ranches=RANCHES, horses={"H05": (RED, HOLDING)})
    assert GAME.to_act(state) == {YELLOW}
    refused(state, RED, {"type": "produce_goods", "carrots": 1, "boots": 0}, "FR-R110")
    refused(state, RED, {"type": "end_turn"}, "FR-R130a")
    refused(state, RED, move("H05", "2A-H"), "FR-R120a")
    refused(state, RED, {"type": "sell_horse", "card_id": "H05"}, "FR-R121a")
    refused(state, RED, {"type": "trade_goods", "give": "boots", "units": 1}, "FR-R122a")
    assert GAME.legal_moves(state, RED) == []
    state = play(state, YELLOW, {"type": "end_turn"})
    assert GAME.to_act(state) == {RED}


def test_fr_r052_level_2_draws_a_fate_card_at_the_start_of_each_turn():
    """FR-R052 / FR-R151: the next player draws the top card face up; pending cards stay pending."""
    state = table(2, ranches=RANCHES, fate_deck=("TF05", "TF06"), pending_fate=((), ("TF03",)))
    state = play(state, YELLOW, {"type": "end_turn"})
    assert state.pending_fate == ((), ("TF03", "TF05"))
    assert GAME.player_view(state, YELLOW)["pending_fate"] == [[], ["TF03", "TF05"]]  # public (FR-R300)
    refused(
        state, YELLOW, {"type": "claim_fate_card", "card_id": "TF05"}, "FR-R150a"
    )  # only the owner, own turn


def test_fr_r052_r258_an_empty_fate_deck_draws_nothing():
    """FR-R052 / FR-R258: no reshuffle of the fate deck; nothing is drawn."""
    state = play(table(2, ranches=RANCHES, fate_deck=()), YELLOW, {"type": "end_turn"})
    assert state.pending_fate == ((), ())


def test_fr_r057_r058_two_tournaments_per_round_then_the_next_round():
    """FR-R057 / FR-R058 / FR-R250 / FR-R251 / FR-R253 / FR-R254: T1 then T2, then round 2 with cleared flags."""
    state = table(1, ranches=RANCHES, cursor=1, horses={"H01": (YELLOW, "1A-H"), "H11": (RED, "2A-H")})
    state = play(state, RED, {"type": "end_turn"})
    assert state.slot == 0 and GAME.player_view(state, None)["tournament"]["skill"] == "cattle_drive"
    state = play(
        state, YELLOW, {"type": "enter_tournament", "card_id": "H01"}
    )  # Red's Calico has no cattle drive
    assert state.ranking == (YELLOW,) and state.competed == ("H01",)
    state = play(state, YELLOW, {"type": "decline_prize", "item_index": 0})
    assert state.slot == 1 and GAME.to_act(state) == {RED}  # T2 jumping: only Red's Calico may ride
    state = play(state, RED, {"type": "enter_tournament", "card_id": "H11"})
    state = play(
        state,
        RED,
        {
            "type": "claim_prize",
            "item_index": 0,
            "choice": {"card_id": state.market[0], "destination": "2A-H"},
        },
    )
    assert (state.round, state.phase, state.competed, state.start) == (2, "turn", (), RED)


def test_fr_r061_free_actions_are_open_to_everyone_during_tournaments():
    """FR-R061 / FR-D21: while Yellow is asked for an entry, Red may sell, trade and move horses."""
    state = table(
        1,
        phase="tournament_entries",
        slot=0,
        ranches=RANCHES,
        owners={"2A-1": RED},
        horses={"H01": (YELLOW, "1A-H"), "H31": (RED, "2A-H"), "H45": (RED, "2A-H")},
    )
    assert GAME.to_act(state) == {YELLOW}
    state = play(state, RED, move("H31", "2A-1"))
    state = play(state, RED, {"type": "sell_horse", "card_id": "H45"})
    state = play(state, RED, {"type": "trade_goods", "give": "carrots", "units": 3})
    assert state.goods[RED] == (1, 7)


def test_fr_r061_level_3_finals_forbid_moving_but_not_selling():
    """FR-R061 / FR-R120a: no horse moves during the level-3 finals; selling and trading stay open."""
    from tests.games.fantasy_ranch.helpers import EX1

    owners = {"2B-H": YELLOW, "1B-H": RED, "2B-4": YELLOW}
    state = table(
        3,
        grid=EX1,
        owners=owners,
        phase="tournament_entries",
        round=5,
        slot=8,
        employees={YELLOW: "tom", RED: "alex"},
        horses={"H55": (YELLOW, "2B-H"), "H05": (YELLOW, "2B-H")},
    )
    refused(state, YELLOW, move("H05", "2B-4"), "FR-R120a")
    state = play(state, YELLOW, {"type": "sell_horse", "card_id": "H05"})
    assert place_of(state, "H05") is None


def test_fr_r061_no_free_actions_during_setup():
    """FR-R061: the ranch choice is not a free-action window."""
    state = table(1, phase="choose_ranch", horses={"H01": (YELLOW, HOLDING)})
    refused(state, YELLOW, {"type": "sell_horse", "card_id": "H01"}, "FR-R121a")


def test_fr_r090_game_over_unknown_seat_and_wrong_level():
    """FR-R090: nothing is accepted after the end, from outside the table, or from another level."""
    over = table(1, phase="game_over", ranches=RANCHES)
    refused(over, YELLOW, {"type": "end_turn"}, "FR-R090")
    state = table(1, ranches=RANCHES)
    refused(state, 2, {"type": "end_turn"}, "FR-R090")
    refused(state, YELLOW, {"type": "use_employee", "employee": "tom", "params": {}}, "FR-R090")
    refused(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF01"}, "FR-R090")
    refused(
        table(2, ranches=RANCHES),
        YELLOW,
        {"type": "claim_free_territory", "territory_id": "1A-1", "card_id": "H01"},
        "FR-R090",
    )


def test_fr_r091_goods_never_go_negative():
    """FR-R091 / FR-R122b / FR-R112b / FR-R113c: payments beyond the goods held are refused."""
    state = table(
        1, ranches=RANCHES, goods={YELLOW: (3, 1)}, market=("H06",) + tuple(f"H4{i}" for i in range(7))
    )
    refused(state, YELLOW, {"type": "trade_goods", "give": "carrots", "units": 2}, "FR-R122b")
    refused(state, YELLOW, {"type": "trade_goods", "give": "boots", "units": 0}, "FR-R122a")
    refused(state, YELLOW, {"type": "buy_horse", "card_id": "H06", "destination": "1A-H"}, "FR-R112b")
    refused(state, YELLOW, {"type": "buy_location", "location_id": "1A-1"}, "FR-R113c")
    refused(state, YELLOW, {"type": "produce_goods", "carrots": -1, "boots": 3}, "FR-R114a")
    state = play(state, YELLOW, {"type": "trade_goods", "give": "carrots", "units": 1})
    assert state.goods[YELLOW] == (1, 2)


def test_fr_r092_levels_1_2_horses_stay_on_their_own_board():
    """FR-R092 / FR-R113a: another player's locations are neither destinations nor for sale to you."""
    state = table(1, ranches=RANCHES, owners={"2A-1": RED}, horses={"H01": (YELLOW, "1A-H")})
    refused(state, YELLOW, move("H01", "2A-1"), "FR-R120c")
    refused(state, YELLOW, move("H01", "2A-H"), "FR-R120c")
    refused(state, YELLOW, {"type": "buy_location", "location_id": "2A-4"}, "FR-R113a")
    refused(state, YELLOW, {"type": "buy_location", "location_id": "1A-H"}, "FR-R113a")


def test_fr_r112_buying_a_horse_pays_carrots_and_refills_the_slot():
    """FR-R112a-c / FR-R255: a card not in the market is refused; a bought slot refills at once."""
    market = ("H01", "H41", "H42", "H43", "H44", "H45", "H46", "H47")
    state = table(1, ranches=RANCHES, market=market, deck=("H30", "H31"))
    refused(state, YELLOW, {"type": "buy_horse", "card_id": "H30", "destination": "1A-H"}, "FR-R112a")
    state = play(state, YELLOW, {"type": "buy_horse", "card_id": "H01", "destination": "1A-H"})
    assert state.market[0] == "H30" and state.goods[YELLOW] == (2, 4) and state.limited_used


def test_fr_r122_trading_two_for_one_any_number_of_units():
    """FR-R122: 4 boots become 2 carrots in one trade; the trade listing covers every unit count."""
    state = table(1, ranches=RANCHES, goods={YELLOW: (1, 4)})
    trades = [m for m in GAME.legal_moves(state, YELLOW) if m["type"] == "trade_goods"]
    assert trades == [
        {"type": "trade_goods", "give": "boots", "units": 1},
        {"type": "trade_goods", "give": "boots", "units": 2},
    ]
    state = play(state, YELLOW, {"type": "trade_goods", "give": "boots", "units": 2})
    assert state.goods[YELLOW] == (3, 0)


def test_fr_r130_end_turn_takes_no_employee_before_level_3():
    """FR-R130: in levels 1-2 ``end_turn`` carries no fields."""
    state = table(1, ranches=RANCHES)
    refused(state, YELLOW, {"type": "end_turn", "new_employee": "tom"}, "FR-R130")


def test_fr_r019_holding_horses_score_but_do_not_ride():
    """FR-R019 / FR-D28: a horse in holding counts for level-1 trophies."""
    state = table(
        1, phase="game_over", ranches=RANCHES, horses={"H01": (YELLOW, HOLDING), "H02": (RED, "2A-H")}
    )
    assert GAME.scores(state).breakdown[YELLOW]["horses"] == 1
