"""Spec §9 scenarios that play at levels 1 and 2 (and, where tagged [all], at every level)."""

from __future__ import annotations

from dataclasses import replace

from domain.games.fantasy_ranch import GAME
from domain.games.game import seat_ref
from tests.games.fantasy_ranch.helpers import (
    BLUE,
    HOLDING,
    RED,
    YELLOW,
    move,
    place_of,
    play,
    refused,
    roll,
    table,
)

THREE_RANCHES = {YELLOW: (1, "A"), RED: (2, "A"), BLUE: (3, "A")}


def last_turn(level: int = 1, players: int = 3, **kw):
    """The last player's turn of the round: ending it opens the tournament phase."""
    kw.setdefault("ranches", THREE_RANCHES if players == 3 else {s: (s + 1, "A") for s in range(players)})
    return table(level, players, cursor=players - 1, **kw)


def test_fr_s01_tie_re_roll_among_tied_players_only():
    """FR-S01 / FR-R205: Yellow and Red tie on 6, only they re-roll; Blue keeps 3rd on a 4."""
    state = last_turn(
        horses={"H01": (YELLOW, "1A-H"), "H19": (RED, "2A-H"), "H09": (BLUE, "3A-H")},
    )
    state = play(state, BLUE, {"type": "end_turn"})
    assert (state.phase, state.slot) == ("tournament_entries", 0)  # T1 = Cattle Drive (§11.6)
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H01"})
    state = play(state, RED, {"type": "enter_tournament", "card_id": "H19"})
    state = play(state, BLUE, {"type": "enter_tournament", "card_id": "H09"})
    # Yellow [2,4] = 6, Red [6] = 6, Blue [1,3] = 4
    state = roll(state, [2, 4, 6, 1, 3])
    assert state.standings == ((YELLOW, RED), (BLUE,))
    # the re-roll uses the same dice counts: Yellow [1,4] = 5, Red [1] = 1; one die reads "rolled 1",
    # not "rolled 1 = 1" (table review, second look)
    before = state
    state = roll(state, [1, 4, 1])
    assert GAME.describe(before, -1, {"type": "chance", "outcome": [1, 4, 1]}, None) == (
        f"{{slot:T1}} tie roll-off for places 1-2: {seat_ref(YELLOW)} rolled 1+4 = 5; {seat_ref(RED)} rolled 1."
    )
    assert state.ranking == (YELLOW, RED, BLUE)  # Blue stays 3rd although Red's re-roll (1) < Blue's 4
    assert state.prizes[0] == (YELLOW, 1, 0, "horse")
    assert [p[3] for p in state.prizes] == ["horse", "goods2", "goods1"]
    claims = GAME.legal_moves(state, YELLOW)
    assert {"type": "decline_prize", "item_index": 0} in claims
    card = next(m["choice"]["card_id"] for m in claims if m["type"] == "claim_prize")
    state = play(
        state,
        YELLOW,
        {"type": "claim_prize", "item_index": 0, "choice": {"card_id": card, "destination": "1A-H"}},
    )
    state = play(state, RED, {"type": "claim_prize", "item_index": 0, "choice": {"kind": "carrots"}})
    state = play(state, BLUE, {"type": "claim_prize", "item_index": 0, "choice": {"kind": "boots"}})
    assert state.goods[RED] == (6, 4) and state.goods[BLUE] == (4, 5)
    assert place_of(state, card) == "1A-H"


def test_fr_s08_four_starting_horses_home_holds_three():
    """FR-S08 / FR-R018 / FR-R120c / FR-R111: three fit at home, the fourth needs a bought pasture."""
    state = table(
        1,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        horses={c: (YELLOW, HOLDING) for c in ("H02", "H13", "H19", "H31")},
    )
    for card in ("H02", "H13", "H19"):
        state = play(state, YELLOW, move(card, "1A-H"))
    refused(state, YELLOW, move("H31", "1A-H"), "FR-R120c")  # home full (3/3)
    refused(state, YELLOW, move("H31", "1A-1"), "FR-R120c")  # 1A-1 is for sale, not owned
    state = play(state, YELLOW, {"type": "buy_location", "location_id": "1A-1"})
    assert state.goods[YELLOW] == (4, 2)
    state = play(state, YELLOW, move("H31", "1A-1"))
    refused(state, YELLOW, {"type": "buy_location", "location_id": "1A-3"}, "FR-R111")
    # board 1 has no corral: H02 Amber (red) can only ever stand on the home
    assert not [
        m for m in GAME.legal_moves(state, YELLOW) if m.get("card_id") == "H02" and m["type"] == "move_horse"
    ]


def finals_table(**kw):
    """Round 5, last turn: Yellow owns the champion H55 Starlight Queen at home."""
    kw.setdefault("horses", {"H55": (YELLOW, "1A-H")})
    return last_turn(1, 3, round=5, **kw)


def test_fr_s10_paying_into_the_finals():
    """FR-S10 / FR-R201 / FR-R203: Blue pays 2+2 in F1, then has 1 good and is skipped in F2."""
    state = finals_table(goods={RED: (0, 0), BLUE: (3, 2)})
    state = play(state, BLUE, {"type": "end_turn"})
    assert (state.phase, state.slot) == ("tournament_entries", 8)
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H55"})
    # Red has no champion and no goods: skipped automatically (FR-D25)
    assert state.entries[-1] == (RED, None, 0, "skipped")
    refused(state, BLUE, {"type": "enter_final_paid", "carrots": 4, "boots": 1}, "FR-R201b")
    state = play(state, BLUE, {"type": "enter_final_paid", "carrots": 2, "boots": 2})
    assert state.goods[BLUE] == (1, 0)
    assert GAME.chance(state).count == 3 + 1  # H55 rolls its best skill (3), Blue one die
    state = roll(state, [1, 1, 1, 6])  # Yellow 3, Blue 6
    assert state.ranking == (BLUE, YELLOW)
    while state.phase == "tournament_prizes":
        seat = state.prizes[0][0]
        state = play(state, seat, {"type": "decline_prize", "item_index": state.prizes[0][2]})
    # F2: H55 has competed, so Yellow may pay (FR-S31); Blue, with 1 good, is skipped
    assert state.slot == 9 and GAME.to_act(state) == {YELLOW}
    state = play(state, YELLOW, {"type": "enter_final_paid", "carrots": 4, "boots": 0})
    assert state.entries[-1] == (BLUE, None, 0, "skipped")
    assert state.ranking == (YELLOW,)  # a single entrant is 1st without rolling


def test_fr_s31_paid_final_entry_while_a_champion_is_available():
    """FR-S31 / FR-R201c / FR-R200c: with an eligible champion, paying is refused."""
    state = play(finals_table(), BLUE, {"type": "end_turn"})
    refused(state, YELLOW, {"type": "enter_final_paid", "carrots": 4, "boots": 0}, "FR-R201c")
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H55"})
    assert state.entries[0] == (YELLOW, "H55", 3, "horse")  # its highest skill dice number


def test_fr_s11_final_prize_horses_are_not_replaced_until_the_final_is_over():
    """FR-S11 / FR-R256 / FR-R223: A takes slots 3 and 7, B picks among 6 cards, then 1, 3, 7 refill."""
    market = ("H40", "H41", "H42", "H43", "H44", "H45", "H46", "H47")
    deck = ("H30", "H31", "H32", "H33")
    state = table(
        1,
        3,
        phase="tournament_prizes",
        round=5,
        slot=8,
        ranches=THREE_RANCHES,
        market=market,
        deck=deck,
        ranking=(YELLOW, RED, BLUE),
        prizes=((YELLOW, 1, 0, "horse"), (YELLOW, 1, 1, "horse"), (RED, 2, 0, "horse")),
    )

    def claim(card, dest, i):
        return {
            "type": "claim_prize",
            "item_index": i,
            "choice": {"card_id": card, "destination": dest},
        }

    state = play(state, YELLOW, claim("H42", "1A-H", 0))  # slot 3
    state = play(state, YELLOW, claim("H46", "1A-H", 1))  # slot 7
    assert state.market == ("H40", "H41", None, "H43", "H44", "H45", None, "H47")
    offered = {m["choice"]["card_id"] for m in GAME.legal_moves(state, RED) if m["type"] == "claim_prize"}
    assert len(offered) == 6  # 8 - 2: refills wait (spec revision note: 6, not 5)
    state = play(state, RED, claim("H40", "2A-H", 0))  # slot 1; Blue (3rd) gets nothing
    assert state.market == ("H30", "H41", "H31", "H43", "H44", "H45", "H32", "H47")  # slots 1, 3, 7 in order
    assert state.slot == 9  # F1 completed, F2 opened


def test_fr_s13_buying_a_horse_needs_a_legal_place():
    """FR-S13 / FR-R112c / FR-R121: sell Juniper to make room, then buy Clover onto the pasture."""
    market = ("H40", "H41", "H42", "H16", "H44", "H45", "H46", "H47")
    state = table(
        1,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        owners={"1A-1": YELLOW},
        horses={
            "H02": (YELLOW, "1A-H"),
            "H13": (YELLOW, "1A-H"),
            "H19": (YELLOW, "1A-H"),
            "H31": (YELLOW, "1A-1"),
            "H26": (YELLOW, "1A-1"),
        },
        market=market,
        goods={YELLOW: (5, 0)},
    )
    buy = {"type": "buy_horse", "card_id": "H16", "destination": "1A-1"}
    refused(state, YELLOW, buy, "FR-R112c")
    state = play(state, YELLOW, {"type": "sell_horse", "card_id": "H31"})
    assert state.goods[YELLOW] == (7, 0) and state.discard == ("H31",)
    top = state.horse_deck[0]
    state = play(state, YELLOW, buy)
    assert state.goods[YELLOW] == (3, 0)
    assert state.market[3] == top  # slot 4 refilled from the deck (FR-R255)


def test_fr_s14_only_one_limited_action():
    """FR-S14 / FR-R111 / FR-R053: produce, then no purchase, but a trade is free."""
    state = table(1, ranches={YELLOW: (1, "A"), RED: (2, "A")})
    state = play(state, YELLOW, {"type": "produce_goods", "carrots": 3, "boots": 3})
    refused(state, YELLOW, {"type": "buy_location", "location_id": "1A-3"}, "FR-R111")
    state = play(state, YELLOW, {"type": "trade_goods", "give": "carrots", "units": 1})
    assert state.goods[YELLOW] == (5, 8)


def test_fr_s15_production_limit():
    """FR-S15 / FR-R114a: 1 to 6 goods in any mix."""
    state = table(1, ranches={YELLOW: (1, "A"), RED: (2, "A")})
    refused(state, YELLOW, {"type": "produce_goods", "carrots": 4, "boots": 3}, "FR-R114a")
    refused(state, YELLOW, {"type": "produce_goods", "carrots": 0, "boots": 0}, "FR-R114a")
    state = play(state, YELLOW, {"type": "produce_goods", "carrots": 6, "boots": 0})
    assert state.goods[YELLOW] == (10, 4)


def test_fr_s16_world_class_horses_cannot_be_sold():
    """FR-S16 / FR-R121b: Royal Thunder stays; Cedar sells for exactly 2 carrots."""
    state = table(
        1,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        horses={"H53": (YELLOW, "1A-H"), "H13": (YELLOW, "1A-H")},
    )
    refused(state, YELLOW, {"type": "sell_horse", "card_id": "H53"}, "FR-R121b")
    state = play(state, YELLOW, {"type": "sell_horse", "card_id": "H13"})
    assert state.goods[YELLOW] == (6, 4)


def test_fr_s17_colour_must_match_the_location_type():
    """FR-S17 / FR-R120c: a white horse cannot graze the pasture, a green one can."""
    state = table(
        1,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        owners={"1A-1": YELLOW},
        horses={"H13": (YELLOW, "1A-H"), "H31": (YELLOW, "1A-H")},
    )
    refused(state, YELLOW, move("H13", "1A-1"), "FR-R120c")
    state = play(state, YELLOW, move("H31", "1A-1"))
    assert place_of(state, "H31") == "1A-1"


def test_fr_s18_a_horse_competes_at_most_once_per_round():
    """FR-S18 / FR-R200b / FR-R206: Blaze rode T7, so Willow rides T8."""
    state = table(
        1,
        phase="tournament_entries",
        round=4,
        slot=7,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        horses={"H06": (YELLOW, "1A-H"), "H47": (YELLOW, "1A-H")},
        competed=("H06",),
    )
    refused(state, YELLOW, {"type": "enter_tournament", "card_id": "H06"}, "FR-R200b")
    state = play(state, YELLOW, {"type": "enter_tournament", "card_id": "H47"})
    assert state.ranking == (YELLOW,) and "H47" in state.competed


def test_fr_s23_recursive_three_way_tie():
    """FR-S23 / FR-R205: D 9 is 1st; A, B, C re-roll for 2-4; then A and B for 2-3."""
    a, b, c, d = 0, 1, 2, 3
    ranches = {s: (s + 1, "A") for s in range(4)}
    homes = ["1A-H", "2A-H", "3A-H", "4A-H"]
    horses = {"H02": (a, homes[0]), "H13": (b, homes[1]), "H17": (c, homes[2]), "H24": (d, homes[3])}
    state = table(2, 4, phase="tournament_entries", round=3, slot=4, ranches=ranches, horses=horses)
    for seat, card in zip((a, b, c, d), ("H02", "H13", "H17", "H24")):
        state = play(state, seat, {"type": "enter_tournament", "card_id": card})
    state = roll(state, [3, 4, 2, 5, 1, 6, 3, 3, 3])  # A 7, B 7, C 7, D 9
    assert state.standings == ((d,), (a, b, c))
    assert "tie roll-off for places 2-4" in GAME.describe(
        state, -1, {"type": "chance", "outcome": [1, 3, 2, 2, 1, 1]}, None
    )
    state = roll(state, [1, 3, 2, 2, 1, 1])  # TieRollOff places 2-4: A 4, B 4, C 2
    assert "tie roll-off for places 2-3" in GAME.describe(
        state, -1, {"type": "chance", "outcome": [3, 3, 1, 2]}, None
    )
    assert state.standings == ((d,), (a, b), (c,))
    state = roll(state, [3, 3, 1, 2])  # TieRollOff places 2-3: A 6, B 3
    assert state.ranking == (d, a, b, c)
    assert [(p[0], p[3]) for p in state.prizes] == [(d, "horse"), (a, "goods2"), (b, "goods1"), (c, "goods1")]


def test_fr_s26_one_fate_card_per_turn():
    """FR-S26 / FR-R150c / FR-R054: TF09 is claimed, TF13 must wait for the next turn."""
    state = table(
        2,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        owners={"1A-1": YELLOW, "1A-3": YELLOW},
        horses={"H01": (YELLOW, "1A-H"), "H02": (YELLOW, "1A-H")},
        pending_fate=(("TF09", "TF13"), ()),
        fate_deck=("TF20",),
    )
    state = play(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF09"})
    assert state.goods[YELLOW] == (6, 4) and state.fate_deck == ("TF20", "TF09")
    refused(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF13"}, "FR-R150c")
    assert state.pending_fate[YELLOW] == ("TF13",)  # FR-R151: it never expires


def test_fr_s27_level_2_final_score_with_a_full_ranch():
    """FR-S27 / FR-R352: friends 3 + world-class 1 + fate cards 3 + ranch bonus 2 + locations 5 = 14."""
    owners = {loc: YELLOW for loc in ("4B-1", "4B-2", "4B-3", "4B-4", "4B-5")}
    horses = {c: (YELLOW, "4B-H") for c in ("H01", "H02", "H05", "H07", "H12", "H49")}
    state = table(
        2,
        phase="game_over",
        round=5,
        ranches={YELLOW: (4, "B"), RED: (1, "A")},
        owners=owners,
        horses=horses,
        kept_fate=(("TF04", "TF11"), ()),
    )
    scores = GAME.scores(state)
    assert scores.breakdown[YELLOW] == {
        "friends": 3,
        "world_class": 1,
        "fate_cards": 3,
        "ranch_bonus": 2,
        "locations": 5,
    }
    assert scores.totals[YELLOW] == 14


def level_1_final(horses_a: int, locs_a: int, goods_a: tuple, horses_b: int, locs_b: int, goods_b: tuple):
    cards = sorted(f"H{i:02d}" for i in range(1, 49))
    horses = {c: (0, HOLDING) for c in cards[:horses_a]}
    horses |= {c: (1, HOLDING) for c in cards[horses_a : horses_a + horses_b]}
    owners = {f"1A-{i}": 0 for i in range(1, locs_a + 1)} | {f"2A-{i}": 1 for i in range(1, locs_b + 1)}
    return table(
        1,
        phase="game_over",
        round=5,
        ranches={0: (1, "A"), 1: (2, "A")},
        owners=owners,
        horses=horses,
        goods={0: goods_a, 1: goods_b},
    )


def test_fr_s28_level_1_scoring_and_tie_breakers():
    """FR-S28 / FR-R351 / FR-R357: 11 all, B has more horses; equal everything shares the win."""
    scores = GAME.scores(level_1_final(7, 4, (3, 2), 8, 3, (5, 4)))
    assert scores.totals == {0: 11, 1: 11}
    assert scores.breakdown[1] == {"horses": 8, "locations": 3}
    assert scores.winners == (1,) and scores.ranking == (1, 0)
    assert scores.tiebreak == {0: [7, 5], 1: [8, 9]}
    shared = GAME.scores(level_1_final(7, 4, (5, 0), 7, 4, (2, 3)))
    assert shared.winners == (0, 1)


def test_fr_s32_fate_card_kept_vs_returned():
    """FR-S32 / FR-R150: TF13 pays 3 boots and goes under the deck; TF12 is kept for 2 trophies."""
    owners = {loc: YELLOW for loc in ("1A-1", "1A-2", "1A-3", "1A-4")}
    state = table(
        2,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        owners=owners,
        pending_fate=(("TF13", "TF12"), ()),
        fate_deck=(),
    )
    state = play(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF13"})
    assert state.goods[YELLOW] == (4, 7) and state.fate_deck == ("TF13",)
    state = replace(state, claims=0)  # next turn: the allowance is back
    state = play(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF12"})
    assert state.kept_fate[YELLOW] == ("TF12",)
    assert GAME.scores(state).breakdown[YELLOW]["fate_cards"] == 2


def test_fr_s35_prize_horse_with_no_room_may_be_declined():
    """FR-S35 / FR-R210b / FR-R061: no legal place, so the claim is refused; selling first helps."""
    market = ("H22", "H41", "H42", "H43", "H44", "H45", "H46", "H47")
    horses = {"H02": (YELLOW, "1A-H"), "H13": (YELLOW, "1A-H"), "H19": (YELLOW, "1A-H")}
    state = table(
        1,
        phase="tournament_prizes",
        round=2,
        slot=2,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        horses=horses,
        market=market,
        ranking=(YELLOW,),
        prizes=((YELLOW, 1, 0, "horse"),),
    )
    refused(
        state,
        YELLOW,
        {"type": "claim_prize", "item_index": 0, "choice": {"card_id": "H22", "destination": "1A-5"}},
        "FR-R210b",
    )
    assert {"type": "decline_prize", "item_index": 0} in GAME.legal_moves(state, YELLOW)
    assert not [m for m in GAME.legal_moves(state, YELLOW) if m["type"] == "claim_prize"]
    # a free action in the prize window makes room at home
    sold = play(state, YELLOW, {"type": "sell_horse", "card_id": "H13"})
    after = play(
        sold,
        YELLOW,
        {"type": "claim_prize", "item_index": 0, "choice": {"card_id": "H22", "destination": "1A-H"}},
    )
    assert place_of(after, "H22") == "1A-H"
    declined = play(state, YELLOW, {"type": "decline_prize", "item_index": 0})
    assert place_of(declined, "H22") is None


def test_fr_s36_rotating_start_player():
    """FR-S36 / FR-R059 / FR-R050: start seat 1; orders 1,2,0 / 2,0,1 / 0,1,2 / 1,2,0 / 2,0,1."""
    state = table(1, 3, start=1, ranches=THREE_RANCHES, goods={s: (0, 3) for s in range(3)})
    orders: dict[int, list[int]] = {}
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        assert (
            state.phase == "turn"
        )  # nobody has a horse on a location: every entry is skipped, and 3 goods never pay a final
        orders.setdefault(state.round, []).append(seat)
        state = play(state, seat, {"type": "end_turn"})
    assert orders == {1: [1, 2, 0], 2: [2, 0, 1], 3: [0, 1, 2], 4: [1, 2, 0], 5: [2, 0, 1]}
