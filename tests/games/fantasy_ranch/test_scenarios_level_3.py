"""Spec §9 scenarios of level 3: the ranch community, boarding, employees, upgrades, the draft."""

from __future__ import annotations

import json
from dataclasses import replace

from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.places import community, price
from domain.games.fantasy_ranch.state import Work
from tests.games.fantasy_ranch.helpers import (
    BLUE,
    EX1,
    EX2,
    HOLDING,
    PURPLE,
    RED,
    YELLOW,
    move,
    owner,
    owner_of_horse,
    place_of,
    play,
    refused,
    table,
    tokens,
)

#: At the 2-player EX1 table the seed's Purple sits in seat 1.
PURPLE2 = 1
EMPLOYEES2 = {YELLOW: "ryan", PURPLE2: "tom"}


def ex1(**kw):
    """EX1 with Yellow's home 2B-H and Purple's home 1B-H (boards 5 and 4 homes out of play)."""
    owners = {"2B-H": YELLOW, "1B-H": PURPLE2} | kw.pop("owners", {})
    kw.setdefault("employees", EMPLOYEES2)
    return table(3, 2, grid=EX1, owners=owners, **kw)


def test_fr_s02_level_3_final_scoring_is_18_trophies():
    """FR-S02 / FR-R353 / FR-R355 / FR-R356: 4 + 2 + 6 + 2 + 2 + 2 = 18."""
    owners = {loc: YELLOW for loc in ("2B-H", "6B-1", "6B-2", "6B-3", "6B-4", "5B-2")}
    owners |= {"3B-H": RED, "1B-H": BLUE, "4B-H": PURPLE}
    cards = ("H01", "H02", "H07", "H08", "H13", "H14", "H19", "H20", "H51", "H52")
    state = table(
        3,
        4,
        phase="game_over",
        round=5,
        grid=EX2,
        owners=owners,
        horses={c: (YELLOW, HOLDING) for c in cards},
        kept_fate=(("TF04",), (), (), ()),
    )
    scores = GAME.scores(state)
    assert scores.breakdown[YELLOW] == {
        "friends": 4,
        "territories": 6,
        "full_boards": 2,
        "expansion": 2,
        "fate_cards": 2,
        "world_class": 2,
    }
    assert scores.totals[YELLOW] == 18


def test_fr_s03_boarding_and_takeover():
    """FR-S03 / FR-R145 / FR-R142: 1 v 1 changes nothing; the second white horse takes the paddock."""
    state = ex1(
        owners={"1B-4": PURPLE2, "2B-4": YELLOW, "1B-1": YELLOW},
        horses={
            "H13": (PURPLE2, "1B-4"),
            "H01": (YELLOW, "1B-1"),
            "H03": (YELLOW, "2B-H"),
            "H08": (YELLOW, "2B-H"),
        },
    )
    state = play(state, YELLOW, move("H03", "1B-4"))
    assert owner(state, "1B-4") == PURPLE2  # equality is not enough
    state = play(state, YELLOW, move("H08", "1B-4"))
    assert owner(state, "1B-4") == YELLOW  # Yellow 2 > Purple 1
    assert owner_of_horse(state, "H13") == PURPLE2 and place_of(state, "H13") == "1B-4"  # now boarded
    refused(state, YELLOW, move("H01", "1B-4"), "FR-R120c")  # 1B-4 is full (3/3)


def three_player_employees(**kw):
    owners = {"2B-H": YELLOW, "1B-H": RED, "4B-H": BLUE}
    return table(3, 3, grid=EX1, owners=owners, employees={YELLOW: "ryan", RED: "tom", BLUE: "alex"}, **kw)


def test_fr_s04_mandatory_employee_swap():
    """FR-S04 / FR-R130b / FR-R056: Ryan back to the pool, Gail taken; empty or same is refused."""
    state = three_player_employees()
    refused(state, YELLOW, {"type": "end_turn"}, "FR-R130b")
    refused(state, YELLOW, {"type": "end_turn", "new_employee": "ryan"}, "FR-R130b")
    assert [m["new_employee"] for m in GAME.legal_moves(state, YELLOW) if m["type"] == "end_turn"] == [
        "gail",
        "tessa",
        "megan",
    ]
    state = play(state, YELLOW, {"type": "end_turn", "new_employee": "gail"})
    assert state.employees == ("gail", "tom", "alex")
    assert GAME.player_view(state, None)["employees"] == ["gail", "tom", "alex"]
    assert GAME.player_view(state, None)["employee_pool"] == ["ryan", "tessa", "megan"]


def test_fr_s05_bonus_card_spare_stall():
    """FR-S05 / FR-R150: Ginger drawn into the home, TF01 under the fate deck, slot 2 gets TF17."""
    deck = ("H27", "H28", "H29")
    horses = {"H01": (YELLOW, "2B-H"), "H02": (YELLOW, "2B-H")}
    state = ex1(
        horses=horses, deck=deck, display=("TF03", "TF01", "TF05", "TF06"), fate_deck=("TF17", "TF18")
    )
    state = play(state, YELLOW, {"type": "claim_fate_card", "card_id": "TF01"})
    assert place_of(state, "H27") == "2B-H" and owner_of_horse(state, "H27") == YELLOW
    assert state.fate_deck == ("TF18", "TF01") and state.display[1] == "TF17"
    full = ex1(
        horses=horses | {"H03": (YELLOW, "2B-H")},
        deck=deck,
        display=("TF03", "TF01", "TF05", "TF06"),
        fate_deck=("TF17",),
    )
    refused(full, YELLOW, {"type": "claim_fate_card", "card_id": "TF01"}, "FR-R150d")


def test_fr_s06_which_territories_may_be_bought():
    """FR-S06 / FR-R113b / FR-R146: 2B-2, 2B-5, 2B-3 and 1B-1 across the blue seam; nothing else."""
    state = table(
        3,
        2,
        grid=EX1,
        owners={"2B-H": YELLOW, "2B-4": YELLOW, "4B-H": PURPLE2},
        goods={YELLOW: (4, 6)},
        employees=EMPLOYEES2,
    )
    buys = {m["location_id"] for m in GAME.legal_moves(state, YELLOW) if m["type"] == "buy_location"}
    assert buys == {"2B-2", "2B-5", "2B-3", "1B-1"}
    for location in ("2B-1", "5B-1", "5B-4"):
        refused(state, YELLOW, {"type": "buy_location", "location_id": location}, "FR-R113b")
    state = play(state, YELLOW, {"type": "buy_location", "location_id": "1B-1"})
    assert state.goods[YELLOW] == (4, 4) and owner(state, "1B-1") == YELLOW


def test_fr_s07_coloured_edges():
    """FR-S07 / FR-R140: orange meets orange; blue v orange and uncoloured pairs do not touch."""
    links = community(EX1, "B")[1]
    assert "1B-H" in links["2B-3"]
    assert "5B-1" not in links["2B-H"]
    assert "1B-2" not in links["2B-5"]
    assert "4B-3" in links["1B-5"]
    seams = {tuple(sorted((a, b))) for a, near in links.items() for b in near if a[0] != b[0]}
    assert seams == {
        tuple(sorted(p))
        for p in [
            ("2B-5", "5B-4"),
            ("2B-3", "1B-H"),
            ("2B-4", "1B-1"),
            ("5B-4", "4B-1"),
            ("5B-5", "4B-H"),
            ("5B-H", "4B-2"),
            ("1B-5", "4B-3"),
        ]
    }  # exactly the seven cross-board adjacencies listed for EX1
    ex2 = {tuple(sorted((a, b))) for a, near in community(EX2, "B")[1].items() for b in near if a[0] != b[0]}
    assert ex2 == {
        tuple(sorted(p))
        for p in [
            ("3B-5", "6B-3"),
            ("6B-4", "2B-3"),
            ("1B-5", "5B-4"),
            ("5B-H", "4B-3"),
            ("2B-3", "4B-1"),
            ("3B-4", "1B-1"),
            ("6B-3", "5B-2"),
            ("2B-4", "4B-H"),
        ]
    }


def test_fr_s09_upgrade_tokens_and_a_free_territory():
    """FR-S09 / FR-R222 / FR-R167 / FR-R123 / FR-R172: 1 + 2 tokens pay off 2B-5; it is claimed free."""
    base = dict(
        owners={"2B-4": YELLOW},
        upgrades={"2B-5": {PURPLE2: 1}},
        employees={YELLOW: "megan", PURPLE2: "tom"},
        horses={"H03": (YELLOW, "2B-H")},
    )
    # round 1: a tournament-card prize with one upgrade symbol (TC03, 4th place)
    state = ex1(
        phase="tournament_prizes",
        slot=7,
        round=4,
        ranking=(PURPLE2, YELLOW),
        prizes=((YELLOW, 4, 0, "upgrade"),),
        **base,
    )
    state = play(state, YELLOW, {"type": "claim_prize", "item_index": 0, "choice": {"territory_id": "2B-5"}})
    assert tokens(state, "2B-5") == (1, 1)
    w = Work(state)
    assert price(w, YELLOW, "2B-5") == 2 and price(w, PURPLE2, "2B-5") == 2
    # round 2, Yellow's turn: Megan places two more, then the territory is claimed free
    state = ex1(
        upgrades={"2B-5": {YELLOW: 1, PURPLE2: 1}}, **{k: v for k, v in base.items() if k != "upgrades"}
    )
    state = play(
        state,
        YELLOW,
        {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-5", "2B-5"]}},
    )
    assert tokens(state, "2B-5") == (3, 1)
    no_white = replace(state, horses=(("H01", YELLOW, "2B-H"),))
    refused(
        no_white,
        YELLOW,
        {"type": "claim_free_territory", "territory_id": "2B-5", "card_id": "H01"},
        "FR-R123d",
    )
    assert {"type": "buy_location", "location_id": "2B-5"} in GAME.legal_moves(no_white, YELLOW)  # price 0
    state = play(state, YELLOW, {"type": "claim_free_territory", "territory_id": "2B-5", "card_id": "H03"})
    assert owner(state, "2B-5") == YELLOW and place_of(state, "H03") == "2B-5"
    assert tokens(state, "2B-5") == (0, 0)  # Yellow's 3 and Purple's 1 returned
    assert state.goods[YELLOW] == (4, 4) and not state.limited_used


def test_fr_s12_level_3_start_player():
    """FR-S12 / FR-R060: Red won T4, so Red starts round 3; with no entrants Yellow stays."""
    owners = {"2B-H": YELLOW, "1B-H": RED, "4B-H": BLUE}
    emps = {YELLOW: "ryan", RED: "tom", BLUE: "alex"}
    state = table(
        3,
        3,
        grid=EX1,
        owners=owners,
        employees=emps,
        phase="tournament_prizes",
        round=2,
        slot=3,
        ranking=(RED, YELLOW, BLUE),
        prizes=((BLUE, 3, 0, "goods1"),),
    )
    state = play(state, BLUE, {"type": "claim_prize", "item_index": 0, "choice": {"kind": "boots"}})
    assert (state.round, state.phase, state.start) == (3, "turn", RED)
    assert GAME.to_act(state) == {RED}
    nobody = table(
        3,
        3,
        grid=EX1,
        owners=owners,
        employees=emps,
        phase="tournament_entries",
        round=2,
        slot=3,
        cursor=2,
        entries=((YELLOW, None, 0, "declined"), (RED, None, 0, "declined")),
        horses={"H01": (BLUE, "4B-H")},
        tournament_cards=("TC01",) * 8,
    )
    nobody = play(nobody, BLUE, {"type": "decline_tournament"})
    assert (nobody.round, nobody.start) == (3, YELLOW)


def test_fr_s19_level_3_purchase_must_be_adjacent():
    """FR-S19 / FR-R113b: 2B-3 touches 2B-1, 2B-4 and 1B-H only; 2B-2 touches the home."""
    state = ex1(goods={YELLOW: (4, 6)})
    refused(state, YELLOW, {"type": "buy_location", "location_id": "2B-3"}, "FR-R113b")
    state = play(state, YELLOW, {"type": "buy_location", "location_id": "2B-2"})
    assert owner(state, "2B-2") == YELLOW


def test_fr_s20_boarding_needs_a_neighbouring_horse():
    """FR-S20 / FR-R093: no Yellow horse stands next to Purple's 1B-5."""
    state = ex1(
        owners={"1B-5": PURPLE2, "2B-4": YELLOW}, horses={"H04": (YELLOW, "2B-H"), "H05": (YELLOW, "2B-4")}
    )
    refused(state, YELLOW, move("H04", "1B-5"), "FR-R120c")


def test_fr_s21_no_boarding_into_a_home():
    """FR-S21 / FR-R143 / FR-D12: Purple's home never takes Yellow's horse."""
    state = ex1(
        owners={"1B-1": YELLOW},
        horses={
            "H01": (YELLOW, "1B-1"),
            "H07": (YELLOW, "2B-H"),
            "H13": (PURPLE2, "1B-H"),
            "H14": (PURPLE2, "1B-H"),
        },
    )
    refused(state, YELLOW, move("H07", "1B-H"), "FR-R120c")


def test_fr_s22_boarding_into_an_empty_territory_takes_it_at_once():
    """FR-S22 / FR-R145: 1 > 0, Yellow owns 1B-5 the moment Banjo arrives."""
    state = ex1(
        owners={"1B-5": PURPLE2, "4B-3": YELLOW}, horses={"H09": (YELLOW, "4B-3"), "H04": (YELLOW, "2B-H")}
    )
    state = play(state, YELLOW, move("H04", "1B-5"))
    assert owner(state, "1B-5") == YELLOW


def test_fr_s24_using_another_players_employee():
    """FR-S24 / FR-R160 / FR-R162 / FR-R055: Alex for a fee to Red; one ability per turn; not from the pool."""
    emps = {RED: "alex", YELLOW: "megan", BLUE: "tom", PURPLE: "tessa"}
    owners = {"2B-H": YELLOW, "2B-4": YELLOW, "3B-H": RED, "1B-H": BLUE, "4B-H": PURPLE}
    market = ("H40", "H41", "H20", "H43", "H44", "H45", "H46", "H47")
    state = table(
        3,
        4,
        grid=EX2,
        owners=owners,
        employees=emps,
        market=market,
        limited_used=True,
        goods={YELLOW: (5, 2)},
        horses={"H05": (YELLOW, "2B-4"), "H10": (YELLOW, "2B-4")},
    )
    use = {
        "type": "use_employee",
        "employee": "alex",
        "fee": {"carrots": 1, "boots": 1},
        "params": {"card_id": "H20", "destination": "2B-4"},
    }
    state = play(state, YELLOW, use)
    assert state.goods[RED] == (5, 5) and state.goods[YELLOW] == (1, 1)
    assert place_of(state, "H20") == "2B-4" and state.employees[RED] == "alex"
    refused(
        state,
        YELLOW,
        {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-3"]}},
        "FR-R160",
    )
    refused(
        state,
        YELLOW,
        {
            "type": "use_employee",
            "employee": "gail",
            "fee": {"carrots": 1, "boots": 1},
            "params": {"mode": "take_two"},
        },
        "FR-R160",
    )


def test_fr_s25_upgrade_tokens_never_exceed_the_price():
    """FR-S25 / FR-R170: a third token on a 2-boot pasture is refused."""
    state = ex1(upgrades={"2B-3": {YELLOW: 1}}, employees={YELLOW: "megan", PURPLE2: "tom"})
    refused(
        state,
        YELLOW,
        {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-3", "2B-3"]}},
        "FR-R170",
    )
    state = play(
        state,
        YELLOW,
        {"type": "use_employee", "employee": "megan", "params": {"territories": ["2B-3", "2B-5"]}},
    )
    assert tokens(state, "2B-3") == (2, 0) and tokens(state, "2B-5") == (1, 0)


def test_fr_s29_tom_swaps_a_horse_with_the_market():
    """FR-S29 / FR-R161 / FR-D23: Juniper under the deck, Calico on the freed place, slot 6 refilled."""
    market = ("H40", "H41", "H42", "H43", "H44", "H11", "H46", "H47")
    deck = ("H30", "H32")
    state = ex1(
        owners={"2B-3": YELLOW},
        employees={YELLOW: "tom", PURPLE2: "ryan"},
        market=market,
        deck=deck,
        horses={"H31": (YELLOW, "2B-3"), "H01": (YELLOW, "2B-3"), "H49": (YELLOW, "2B-H")},
    )
    use = {
        "type": "use_employee",
        "employee": "tom",
        "params": {"give_card_id": "H31", "take_card_id": "H11", "destination": "2B-3"},
    }
    after = play(state, YELLOW, use)
    assert after.horse_deck == ("H32", "H31") and after.market[5] == "H30"
    assert place_of(after, "H11") == "2B-3" and place_of(after, "H31") is None
    assert after.goods == state.goods
    refused(
        state,
        YELLOW,
        {
            "type": "use_employee",
            "employee": "tom",
            "params": {"give_card_id": "H49", "take_card_id": "H11", "destination": "2B-H"},
        },
        "FR-R161",
    )


def test_fr_s30_expansion_bonus():
    """FR-S30 / FR-R356 / FR-D16: 4 boards -> 3, 5 boards -> 4."""
    owners = {"3B-1": RED, "6B-1": RED, "1B-1": RED, "5B-1": RED, "2B-H": YELLOW}
    state = table(3, 4, phase="game_over", grid=EX2, owners=owners)
    assert GAME.scores(state).breakdown[RED]["expansion"] == 3
    state = table(3, 4, phase="game_over", grid=EX2, owners=owners | {"2B-1": RED})
    assert GAME.scores(state).breakdown[RED]["expansion"] == 4


def draft_table():
    """A level-3, 3-player game played through setup up to the draft (FR-R010)."""
    state = GAME.setup(3, {"level": 3, "community_side": "B"})
    state = GAME.resolve_chance(state, [0])  # Yellow starts
    state = GAME.resolve_chance(state, sorted(GAME.chance(state).items))  # H01..H57 in order
    state = GAME.resolve_chance(state, list(GAME.chance(state).items))  # fate deck
    for seat, employee in ((0, "tom"), (1, "alex"), (2, "gail")):
        state = GAME.play(state, seat, {"type": "choose_starting_employee", "employee": employee})
    return state


def test_fr_s33_draft_secrecy():
    """FR-S33 / FR-R302 / FR-R010: hands of 6, face-down picks, 6 leftovers under the deck."""
    state = draft_table()
    assert [len(h) for h in state.hands] == [6, 6, 6]
    for seat in range(3):
        state = play(state, seat, {"type": "draft_pick", "card_id": state.hands[seat][0]})
    red = GAME.player_view(state, RED)
    assert len(red["private"]["hand"]) == 5 and len(red["private"]["picks"]) == 1
    yellow, spectator = GAME.player_view(state, YELLOW), GAME.player_view(state, None)
    assert yellow["draft"]["hand_sizes"][RED] == 5 and yellow["draft"]["pick_counts"][RED] == 1
    red_pick = state.picks[RED][0]
    assert red_pick not in json.dumps({k: v for k, v in yellow.items() if k != "private"})
    assert red_pick not in json.dumps(spectator)
    for _ in range(3):
        for seat in range(3):
            state = play(state, seat, {"type": "draft_pick", "card_id": state.hands[seat][0]})
    leftovers = state.horse_deck[-6:]
    assert len(leftovers) == 6 and state.phase == "shuffle_tournament_cards"
    owned = [c for c, _, _ in state.horses]
    assert len(owned) == 12 and all(p == HOLDING for _, _, p in state.horses)  # picks revealed, in holding
    spectator = json.dumps(GAME.player_view(state, None))
    assert not [c for c in leftovers if c in spectator]


def test_fr_s34_sweep_with_two_equal_challengers():
    """FR-S34 / FR-R252 / FR-D13: 1 v 1 challengers leave Purple owner; 2 v 1 hands it to Blue."""
    owners = {"2B-H": YELLOW, "3B-H": RED, "1B-H": BLUE, "4B-H": PURPLE, "3B-2": PURPLE}
    emps = {YELLOW: "ryan", RED: "tom", BLUE: "alex", PURPLE: "gail"}

    def end_of_round_3(horses):
        state = table(
            3,
            4,
            grid=EX2,
            owners=owners,
            employees=emps,
            phase="tournament_entries",
            round=3,
            slot=5,
            cursor=3,
            entries=tuple((s, None, 0, "declined") for s in range(3)),
            horses=horses,
        )
        return play(state, PURPLE, {"type": "decline_tournament"})

    tied = end_of_round_3({"H03": (YELLOW, "3B-2"), "H08": (BLUE, "3B-2")})
    assert tied.round == 4 and owner(tied, "3B-2") == PURPLE
    blue = end_of_round_3({"H03": (YELLOW, "3B-2"), "H08": (BLUE, "3B-2"), "H13": (BLUE, "3B-2")})
    assert owner(blue, "3B-2") == BLUE
