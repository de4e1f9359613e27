"""More rule tests (``test_bk_rNN_...``) for paths the first suite did not pin: each one fails
if the rule it names is broken (wrong direction, ``>`` for ``>=``, physical for effective cards).
"""

from __future__ import annotations

import pytest

from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import COORDS, INDEX
from domain.games.bunny_kingdom.construction import begin, pending_camp
from domain.games.bunny_kingdom.rules import advance
from domain.games.bunny_kingdom.scoring import parchment_scores
from tests.games.bunny_kingdom.builders import (
    ANA,
    BO,
    PIA,
    build,
    everyone_picks,
    exploring,
    hold,
    own,
    scrolls,
    table,
)


def points(state, seat) -> dict[str, int]:
    return {line.label: line.points for line in parchment_scores(state) if line.seat == seat}


def over(state):
    return state.set(phase="over", round=4)


def final_copy_table(players=2):
    return table(players, "round_end", 4).set(harvests=((0, 0, 0, 0),) * players)


def test_bk_r90_r106_four_players_pass_left_in_round_3_and_right_in_round_4():
    hand = ["T-A1", "T-A2", "T-A3", "T-A5"]
    for round_no, receiver in ((3, 1), (4, 3)):
        state = everyone_picks(exploring(4, round_no, 1, {ANA: hand}))
        assert state.hands[receiver] == ("T-A3", "T-A5")
        assert GAME.player_view(state, None)["pass_direction"] == ("left" if round_no == 3 else "right")


def test_bk_r90_two_players_pass_to_the_opponent():
    state = everyone_picks(exploring(2, 2, 1, {ANA: ["T-A1", "T-A2", "T-A3", "T-A5"]}))
    assert state.hands[BO] == ("T-A3", "T-A5")
    assert GAME.player_view(state, None)["pass_direction"] == "opponent"


def test_bk_r101_a_provisions_draw_evicts_an_opponents_camp():
    """BK-R101 step 1 and BK-R104: a drawn territory card acts like a played one."""
    state = exploring(4, 2, 1, {ANA: ["PROV-1", "T-A1", "T-A2", "T-A3"]}, deck=["T-H5", "T-A5"])
    state = build(state, "H5", "B-CAMP-3", BO).set(discards=((), ("B-CAMP-3",), (), ()))
    move = {"type": "submit_pick", "round": 2, "pick": 1, "play": ["PROV-1", "T-A1"], "discard": None}
    after = everyone_picks(GAME.play(state, ANA, move))
    assert after.owners[INDEX["H5"]] == ANA and after.buildings[INDEX["H5"]] is None
    assert "B-CAMP-3" in after.discards[BO]


def test_bk_r112_camps_of_one_seat_are_offered_in_priority_order_among_the_others():
    state = begin(hold(hold(table(2), ANA, "B-CAMP-5", "B-CAMP-2"), BO, "B-CAMP-3"))
    offers = []
    while pending_camp(state):
        seat, card = pending_camp(state)
        offers.append((seat, card))
        state = GAME.play(state, seat, {"type": "keep_camp", "card": card})
    assert offers == [(ANA, "B-CAMP-2"), (BO, "B-CAMP-3"), (ANA, "B-CAMP-5")]


def test_bk_r147_a_copied_glove_pairs_with_the_copiers_own_glove():
    """BK-R143, BK-R147, BK-R148: the pairing looks at the effective list, copies included."""
    state = scrolls(final_copy_table(), ANA, "P-LEFT-GLOVE", "P-LIBERAL", "P-TREASURE-HUNTER")
    state = advance(scrolls(state, BO, "P-RIGHT-GLOVE"))
    state = GAME.play(
        state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-RIGHT-GLOVE"}
    )
    assert points(state, ANA) == {
        "P-LEFT-GLOVE": 4,
        "P-LIBERAL copying P-RIGHT-GLOVE": 4,
        "P-TREASURE-HUNTER": 8,
    }
    assert points(state, BO) == {"P-RIGHT-GLOVE": 1}  # the original alone, for its real owner


def test_bk_r148_a_copied_treasure_hunter_doubles_the_copiers_treasures_only():
    state = scrolls(final_copy_table(), ANA, "P-ROYAL-CROWN", "P-LIBERAL")
    state = advance(scrolls(state, BO, "P-TREASURE-HUNTER", "P-ROYAL-RING"))
    state = GAME.play(
        state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-TREASURE-HUNTER"}
    )
    assert points(state, ANA) == {"P-ROYAL-CROWN": 5, "P-LIBERAL copying P-TREASURE-HUNTER": 5}
    assert points(state, BO) == {"P-ROYAL-RING": 1, "P-TREASURE-HUNTER": 1}


WOODS = ("A1", "A2", "A3", "A8", "E1", "F1", "G1")  # forests
SEAS = ("A5", "A6", "A7", "A10", "B4", "B5", "B10")
FIELDS = ("C7", "D4", "D7", "E3", "E8")


def test_bk_r151_threshold_missions_need_at_least_their_number():
    """BK-R151, BK-D26: 7 wood, 7 fish, 5 carrots score; one fewer scores nothing."""
    cards = ("P-WOODLAND-KING", "P-FISHER-KING", "P-CARROT-KING")
    full = scrolls(own(table(), PIA, *WOODS, *SEAS, *FIELDS), PIA, *cards)
    assert points(over(full), PIA) == {"P-WOODLAND-KING": 20, "P-FISHER-KING": 20, "P-CARROT-KING": 15}
    short = scrolls(own(table(), PIA, *WOODS[1:], *SEAS[1:], *FIELDS[1:]), PIA, *cards)
    assert points(over(short), PIA) == {"P-WOODLAND-KING": 0, "P-FISHER-KING": 0, "P-CARROT-KING": 0}


def test_bk_r151_king_of_thieves_at_nine_cities_and_hunny_king_at_ten_fiefs():
    cities = ("A4", "B3", "B7", "B9", "C1", "D3", "D9", "E6", "E10")  # printed, pairwise apart
    state = scrolls(own(table(), PIA, *cities), PIA, "P-KING-OF-THIEVES", "P-HUNNY-KING")
    assert points(over(state), PIA) == {"P-KING-OF-THIEVES": 12, "P-HUNNY-KING": 0}  # 9 fiefs
    state = own(state, PIA, "J10")
    assert points(over(state), PIA) == {"P-KING-OF-THIEVES": 12, "P-HUNNY-KING": 12}
    fewer = scrolls(own(table(), PIA, *cities[1:]), PIA, "P-KING-OF-THIEVES")
    assert points(over(fewer), PIA) == {"P-KING-OF-THIEVES": 0}


def test_bk_r151_matriarch_scores_nothing_when_another_seat_has_more():
    state = scrolls(own(own(table(3), ANA, "A1", "A2"), BO, "C3", "C4", "C5"), ANA, "P-MATRIARCH")
    assert points(over(state), ANA) == {"P-MATRIARCH": 0}


def test_bk_r151_master_of_the_mountains_and_the_luxury_spice_is_no_carrot():
    state = own(table(), PIA, "B1", "B2", "C7")
    state = build(build(state, "B2", "B-LUX-GOLD"), "C7", "B-LUX-SPICE")
    state = scrolls(state, PIA, "P-MASTER-OF-MOUNTAINS", "P-MASTER-FARMER", "P-MERCHANT")
    assert points(over(state), PIA) == {"P-MASTER-OF-MOUNTAINS": 4, "P-MASTER-FARMER": 2, "P-MERCHANT": 6}


def test_bk_r151_little_prince_with_a_single_fief_scores_nothing():
    state = build(own(table(), PIA, "A3", "A4"), "A3", "B-LUX-MUSHROOM")
    assert points(over(scrolls(state, PIA, "P-LITTLE-PRINCE")), PIA) == {"P-LITTLE-PRINCE": 0}
    assert [COORDS[i] for i in range(100) if state.owners[i] == PIA] == ["A3", "A4"]


def test_cards_a_seat_has_seen_stay_sorted_and_each_once_as_hands_come_round():
    from domain.games.bunny_kingdom.exploration import _with

    seen = ("P-A", "T-B3", "T-C1")
    assert _with(seen, ("T-C1", "P-A")) is seen  # a hand come round adds nothing
    assert _with(seen, ("T-A9", "T-C1", "B-X", "T-Z1")) == ("B-X", "P-A", "T-A9", "T-B3", "T-C1", "T-Z1")
    assert _with((), ("T-B2", "T-A1")) == ("T-A1", "T-B2")


def test_a_well_formed_move_and_a_malformed_one_are_parsed_as_the_general_check_parses_them():
    from collections import UserDict

    from domain.errors import IllegalMove
    from domain.games.bunny_kingdom.moves import parse

    move = {"type": "submit_pick", "round": 1, "pick": 2, "play": ["T-A1", "T-A2"], "discard": None}
    parsed = parse(move)
    assert parsed == move and parsed is not move
    assert parse(UserDict(move)) == move  # any mapping, by the general check
    for bad in ({**move, "round": True}, {**move, "extra": 1}, {k: v for k, v in move.items() if k != "pick"},
                {**move, "play": "T-A1"}, {**move, "discard": 3}):
        with pytest.raises(IllegalMove) as refused:
            parse(bad)
        assert refused.value.rule == "BK-R27"
