"""Tournaments, prizes, the market and the decks (§5.9, §6.1-§6.3)."""

from __future__ import annotations

from domain.games.fantasy_ranch import GAME
from domain.games.game import CHANCE, seat_ref
from tests.games.fantasy_ranch.helpers import (
    EX1,
    HOLDING,
    RED,
    YELLOW,
    move,
    owner,
    place_of,
    play,
    refused,
    roll,
    table,
    tokens,
)

RANCHES = {YELLOW: (1, "A"), RED: (2, "A")}


def entries(**kw):
    kw.setdefault("ranches", RANCHES)
    return table(kw.pop("level", 1), phase="tournament_entries", **kw)


def test_fr_r202_r204_declining_leaves_a_single_entrant_first_without_rolling():
    """FR-R202 / FR-R204 / FR-D05: Red declines, Yellow is 1st with no dice rolled."""
    state = entries(slot=0, horses={"H01": (YELLOW, "1A-H"), "H05": (RED, "2A-H")})
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H01"})
    refused(state, YELLOW, {"type": "decline_tournament"}, "FR-R202")  # Red is asked now
    state = play(state, RED, {"type": "decline_tournament"})
    assert state.phase == "tournament_prizes" and state.ranking == (YELLOW,)


def test_fr_r204_nobody_entered_ends_without_a_ranking():
    """FR-R204: both decline: no prizes, the next tournament opens."""
    state = entries(slot=0, horses={"H01": (YELLOW, "1A-H"), "H05": (RED, "2A-H")})
    state = play(state, YELLOW, {"type": "decline_tournament"})
    state = play(state, RED, {"type": "decline_tournament"})
    assert state.slot == 1 and state.ranking == ()


def test_fr_r204_results_are_dice_sums():
    """FR-R204 / FR-D04: Biscuit's three dice 1+1+1 = 3 lose to Acorn's 2+2 = 4."""
    state = entries(slot=0, horses={"H01": (YELLOW, "1A-H"), "H05": (RED, "2A-H")})
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H01"})
    state = play(state, RED, {"type": "enter_tournament", "card_id": "H05"})
    assert GAME.to_act(state) == {CHANCE}
    rolled = roll(state, [2, 2, 1, 1, 1])
    assert rolled.ranking == (YELLOW, RED)
    log = GAME.describe(state, CHANCE, {"type": "chance", "outcome": [2, 2, 1, 1, 1]}, None)
    assert log == f"{{slot:T1}}: {seat_ref(YELLOW)} rolled 2+2 = 4; {seat_ref(RED)} rolled 1+1+1 = 3."


def test_fr_r205_a_tie_of_the_whole_field_is_logged_as_a_roll_off():
    """FR-R205: both entrants tie, so their re-roll is a tie roll-off for places 1-2, not a second first roll."""
    state = entries(slot=0, horses={"H01": (YELLOW, "1A-H"), "H05": (RED, "2A-H")})
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H01"})
    state = play(state, RED, {"type": "enter_tournament", "card_id": "H05"})
    state = roll(state, [1, 2, 1, 1, 1])  # Yellow 3, Red 3
    assert state.standings == ((YELLOW, RED),)
    log = GAME.describe(state, CHANCE, {"type": "chance", "outcome": [6, 6, 1, 1, 1]}, None)
    assert log == f"{{slot:T1}} tie roll-off for places 1-2: {seat_ref(YELLOW)} rolled 6+6 = 12; {seat_ref(RED)} rolled 1+1+1 = 3."
    assert roll(state, [6, 6, 1, 1, 1]).ranking == (YELLOW, RED)


def test_fr_r207_impossible_prizes_are_forfeited_automatically():
    """FR-R207 / FR-R171: a horse prize with an empty market, an upgrade without tokens: both skipped."""
    state = entries(slot=0, market=(None,) * 8, deck=(), horses={"H01": (YELLOW, "1A-H")})
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H01"})  # Red has no horse: skipped
    assert (state.round, state.phase) == (2, "turn")  # no prize ever waited (and nobody rides T2 jumping)
    # level 3, TC02 on T1: Red 1st (horse, empty market), Yellow 2nd (two upgrades, all 6 tokens placed)
    owners = {"2B-H": YELLOW, "1B-H": RED}
    ups = {"2B-1": {YELLOW: 5}, "2B-2": {YELLOW: 1}}
    l3 = table(
        3,
        phase="tournament_entries",
        slot=0,
        grid=EX1,
        owners=owners,
        upgrades=ups,
        market=(None,) * 8,
        deck=(),
        employees={0: "tom", 1: "alex"},
        tournament_cards=("TC02",) + ("TC01",) * 7,
        horses={"H01": (YELLOW, "2B-H"), "H09": (RED, "1B-H")},
    )
    l3 = play(l3, YELLOW, {"type": "enter_tournament", "card_id": "H01"})
    l3 = play(l3, RED, {"type": "enter_tournament", "card_id": "H09"})
    l3 = roll(l3, [1, 1, 6, 6])
    assert (l3.round, l3.phase) == (2, "turn") and tokens(l3, "2B-1") == (5, 0)


def test_fr_r208_entered_horses_are_locked_until_the_tournament_completes():
    """FR-R208: Acorn cannot be sold or moved while its prizes are handed out; afterwards it can."""
    state = table(
        1,
        phase="tournament_prizes",
        slot=0,
        ranches=RANCHES,
        owners={"1A-1": YELLOW},
        horses={"H01": (YELLOW, "1A-H")},
        entries=((YELLOW, "H01", 2, "horse"),),
        ranking=(YELLOW,),
        prizes=((YELLOW, 1, 0, "horse"),),
    )
    refused(state, YELLOW, {"type": "sell_horse", "card_id": "H01"}, "FR-R121a")
    refused(state, YELLOW, move("H01", "1A-1"), "FR-R120b")
    state = play(state, YELLOW, {"type": "decline_prize", "item_index": 0})
    assert state.entries == () and state.slot == 1


def test_fr_r210_prizes_are_claimed_item_by_item_by_their_winner():
    """FR-R210a: only the awaited winner, only the next item index."""
    state = table(
        1,
        phase="tournament_prizes",
        slot=0,
        ranches=RANCHES,
        ranking=(YELLOW, RED),
        prizes=((YELLOW, 1, 0, "horse"), (RED, 2, 0, "goods2")),
    )
    refused(state, RED, {"type": "claim_prize", "item_index": 0, "choice": {"kind": "boots"}}, "FR-R210a")
    refused(state, YELLOW, {"type": "decline_prize", "item_index": 1}, "FR-R210a")
    refused(state, YELLOW, {"type": "claim_prize", "item_index": 0, "choice": {"kind": "boots"}}, "FR-R210b")


def test_fr_r220_printed_prizes_horse_two_goods_one_good():
    """FR-R220: 2nd takes 2 carrots or 2 boots, never mixed."""
    state = table(
        1,
        phase="tournament_prizes",
        slot=0,
        ranches=RANCHES,
        ranking=(YELLOW, RED),
        prizes=((RED, 2, 0, "goods2"),),
    )
    choices = [m for m in GAME.legal_moves(state, RED) if m["type"] == "claim_prize"]
    assert [m["choice"] for m in choices] == [{"kind": "carrots"}, {"kind": "boots"}]
    refused(state, RED, {"type": "claim_prize", "item_index": 0, "choice": {"kind": "mixed"}}, "FR-R210b")


def test_fr_r221_r222_level_3_tournament_card_prizes_include_upgrades():
    """FR-R221 / FR-R222 / FR-R057: TC04 on T1 gives 1st a horse and an upgrade token."""
    owners = {"2B-H": YELLOW, "1B-H": RED}
    cards = ("TC04", "TC15", "TC09", "TC11", "TC07", "TC05", "TC13", "TC03")
    state = table(
        3,
        phase="tournament_entries",
        slot=0,
        grid=EX1,
        owners=owners,
        tournament_cards=cards,
        employees={0: "tom", 1: "alex"},
        horses={"H01": (YELLOW, "2B-H"), "H21": (YELLOW, "2B-H")},
    )
    assert GAME.player_view(state, None)["tournament"]["skill"] == "western_games"  # TC04, not cattle drive
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H21"})
    assert [p[3] for p in state.prizes] == ["horse", "upgrade"]
    state = play(state, YELLOW, {"type": "decline_prize", "item_index": 0})
    state = play(state, YELLOW, {"type": "claim_prize", "item_index": 1, "choice": {"territory_id": "2B-2"}})
    assert tokens(state, "2B-2") == (1, 0)


def test_fr_r224_a_final_prize_horse_may_board_next_to_an_owned_territory():
    """FR-R224 / FR-R093: in a final, adjacency to an owned (even empty) territory is enough."""
    owners = {"2B-H": YELLOW, "1B-H": RED, "2B-4": YELLOW, "1B-1": RED}
    market = ("H16",) + tuple(f"H4{i}" for i in range(7))
    base = dict(
        grid=EX1,
        owners=owners,
        market=market,
        employees={0: "tom", 1: "alex"},
        horses={"H05": (YELLOW, "2B-H"), "H10": (YELLOW, "2B-H"), "H20": (YELLOW, "2B-H")},
        ranking=(YELLOW,),
        prizes=((YELLOW, 1, 0, "horse"),),
    )
    final = table(3, phase="tournament_prizes", round=5, slot=8, **base)
    claim = {"type": "claim_prize", "item_index": 0, "choice": {"card_id": "H16", "destination": "1B-1"}}
    state = play(final, YELLOW, claim)  # 1B-1 (Red's pasture) touches Yellow's empty 2B-4
    assert owner(state, "1B-1") == YELLOW  # 1 > 0: taken over at once (FR-R145)
    normal = table(3, phase="tournament_prizes", round=2, slot=2, **base)
    refused(normal, YELLOW, claim, "FR-R210b")  # outside the finals a horse must stand next to it


def test_fr_r257_an_empty_deck_is_rebuilt_from_the_discard_by_chance():
    """FR-R257 / FR-R255 / FR-D34: both piles empty, the slot waits; a sale is no refill moment, the next buy is.

    Only when a card must be drawn from the empty deck is the discard shuffled (chance); then every
    empty slot is refilled in ascending order while cards last.
    """
    market = ("H01", "H41", "H42", "H43", "H44", "H45", "H46", "H47")
    state = table(1, ranches=RANCHES, market=market, deck=(), horses={"H31": (YELLOW, "1A-H")})
    state = play(state, YELLOW, {"type": "buy_horse", "card_id": "H01", "destination": "1A-H"})
    assert state.market[0] is None and GAME.to_act(state) == {YELLOW}  # both piles empty: the slot waits
    state = play(state, YELLOW, {"type": "sell_horse", "card_id": "H31"})
    assert GAME.to_act(state) == {YELLOW}  # no card must be drawn: no reshuffle, the slot stays empty
    assert state.market[0] is None and state.discard == ("H31",) and state.horse_deck == ()
    state = play(state, YELLOW, {"type": "end_turn"})
    state = play(state, RED, {"type": "buy_horse", "card_id": "H41", "destination": "2A-H"})
    assert GAME.to_act(state) == {CHANCE}  # the refill must draw from the empty deck
    refused(state, RED, {"type": "end_turn"}, "FR-R090")
    request = GAME.chance(state)
    assert request.kind == "shuffle" and request.items == ("H31",)
    action = {"type": "chance", "request": request.to_dict(), "outcome": ["H31"]}
    assert GAME.action_view(state, CHANCE, action, YELLOW)["outcome"] is None  # the new order is secret
    assert (
        GAME.describe(state, CHANCE, action, None) == "The horse discard pile was shuffled into a new deck."
    )
    state = GAME.resolve_chance(state, ["H31"])
    assert state.market[:2] == ("H31", None) and state.discard == () and GAME.to_act(state) == {RED}


def test_fr_r257_the_discard_is_shuffled_only_when_a_card_must_be_drawn():
    """FR-R257: the deck's last card refills the market; horses sold before the next draw join the reshuffle."""
    market = ("H01", "H41", "H42", "H43", "H44", "H45", "H46", "H47")
    state = table(
        1, ranches=RANCHES, market=market, deck=("H30",), discard=("H05",), horses={"H31": (YELLOW, "1A-H")}
    )
    state = play(state, YELLOW, {"type": "buy_horse", "card_id": "H01", "destination": "1A-H"})
    assert state.market[0] == "H30" and state.horse_deck == ()
    assert GAME.to_act(state) == {YELLOW}  # the deck is empty but nothing must be drawn yet
    state = play(state, YELLOW, {"type": "sell_horse", "card_id": "H31"})
    state = play(state, YELLOW, {"type": "end_turn"})
    state = play(state, RED, {"type": "buy_horse", "card_id": "H41", "destination": "2A-H"})
    assert GAME.chance(state).items == ("H05", "H31")  # the whole discard pile, the later sale included
    state = GAME.resolve_chance(state, ["H31", "H05"])
    assert state.market[1] == "H31" and state.horse_deck == ("H05",) and state.discard == ()


def test_fr_r256_r257_a_final_refill_from_an_empty_deck_waits_for_the_shuffle():
    """FR-R256 / FR-R257: F1's prize slots stay empty; at its end the refill needs the discard shuffled."""
    market = ("H40", "H41", "H42", "H43", "H44", "H45", "H46", "H47")
    state = table(
        1,
        phase="tournament_prizes",
        round=5,
        slot=8,
        ranches=RANCHES,
        market=market,
        deck=("H30",),
        discard=("H05", "H06"),
        ranking=(YELLOW, RED),
        prizes=((YELLOW, 1, 0, "horse"), (YELLOW, 1, 1, "horse"), (RED, 2, 0, "horse")),
    )
    for seat, card, i in ((YELLOW, "H42", 0), (YELLOW, "H46", 1), (RED, "H40", 0)):
        choice = {"card_id": card, "destination": "1A-H" if seat == YELLOW else "2A-H"}
        assert GAME.to_act(state) == {seat}  # no reshuffle while the final's prizes are chosen
        state = play(state, seat, {"type": "claim_prize", "item_index": i, "choice": choice})
    assert state.market[:3] == ("H30", "H41", None) and GAME.to_act(state) == {CHANCE}
    state = GAME.resolve_chance(state, ["H06", "H05"])
    assert state.market == ("H30", "H41", "H06", "H43", "H44", "H45", "H05", "H47")
    assert state.slot == 9 and state.phase == "tournament_entries"


def test_fr_r255_market_refills_outside_finals_at_once():
    """FR-R255: a prize horse in T1 is replaced before the next item is chosen."""
    market = ("H40", "H41", "H42", "H43", "H44", "H45", "H46", "H47")
    state = table(
        1,
        phase="tournament_prizes",
        slot=0,
        ranches=RANCHES,
        market=market,
        deck=("H30",),
        ranking=(YELLOW,),
        prizes=((YELLOW, 1, 0, "horse"),),
    )
    state = play(
        state,
        YELLOW,
        {"type": "claim_prize", "item_index": 0, "choice": {"card_id": "H44", "destination": "1A-H"}},
    )
    assert state.market[4] == "H30" and place_of(state, "H44") == "1A-H"
    assert place_of(state, "H30") is None and HOLDING


def test_a_goods_prize_and_a_trade_say_how_many_and_one_in_the_singular():
    """The table review read "took a prize in Tournament 8: boots." (how many?) and "traded 2
    carrots for 1 boots.": the second place's prize is 2 goods (FR-R220), and one good is singular."""
    state = entries(slot=0, horses={"H01": (YELLOW, "1A-H"), "H05": (RED, "2A-H")})
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H01"})
    state = play(state, RED, {"type": "enter_tournament", "card_id": "H05"})
    state = roll(state, [2, 2, 1, 1, 1])  # Yellow 1st (a horse), Red 2nd (2 goods)
    state = play(state, YELLOW, {"type": "decline_prize", "item_index": 0})
    assert state.prizes[0][3] == "goods2"
    prize = {"type": "claim_prize", "item_index": 0, "choice": {"kind": "boots"}}
    assert GAME.describe(state, RED, prize, None) == f"{seat_ref(RED)} took a prize in {{slot:T1}}: 2 boots."
    trade = {"type": "trade_goods", "give": "carrots", "units": 1}
    assert GAME.describe(state, RED, trade, None) == f"{seat_ref(RED)} traded 2 carrots for 1 boot."
