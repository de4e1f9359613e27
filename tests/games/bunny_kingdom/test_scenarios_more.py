"""Spec §9.2: additional scenarios BK-S21 to BK-S48, legal and illegal."""

from __future__ import annotations

import json

from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import ALL_CARDS, COORDS, INDEX
from domain.games.bunny_kingdom.construction import begin, pending_camp
from domain.games.bunny_kingdom.fiefs import fiefs, harvest_value, production, resources, strength
from domain.games.bunny_kingdom.rules import advance
from domain.games.bunny_kingdom.scoring import parchment_scores, ranks
from tests.games.bunny_kingdom.builders import (
    ANA,
    BO,
    CY,
    DEE,
    PIA,
    build,
    deck_with,
    discarded,
    everyone_picks,
    exploring,
    hold,
    own,
    play_until,
    refused,
    scrolls,
    table,
)


def coords(fief) -> list[str]:
    return [COORDS[i] for i in fief]


def points(state, seat) -> dict[str, int]:
    return {line.label: line.points for line in parchment_scores(state) if line.seat == seat}


def over(state):
    return state.set(phase="over", round=4)


def test_bk_s21_two_player_pick_flow_reserve_play_discard_pass():
    """BK-R19, BK-R20, BK-R21, BK-R22, BK-R23, BK-R92, BK-R94, BK-R105, BK-R107: the two-player variant, pick by pick."""
    # Deck positions 1-10 Ana's hand, 11-20 Bo's, 21-30 Ana's reserve, 31-40 Bo's reserve.
    territories = [c for c in ALL_CARDS if c.startswith("T-") and c != "T-C7"]
    top = ["T-C7", "P-FISHER"] + territories[:38]
    state = GAME.resolve_chance(GAME.setup(2, {}), deck_with(top))
    assert state.hands[ANA] == tuple(top[0:10]) + (top[20],)  # pick 1 starts with the reserve draw
    assert state.hands[BO] == tuple(top[10:20]) + (top[30],)
    assert [len(r) for r in state.reserves] == [9, 9]
    move = {"type": "submit_pick", "round": 1, "pick": 1, "play": ["T-C7"], "discard": "P-FISHER"}
    state = GAME.play(state, ANA, move)
    bo_play = {"type": "submit_pick", "round": 1, "pick": 1, "play": [top[10]], "discard": top[11]}
    assert "P-FISHER" not in GAME.describe(state, BO, bo_play, BO)
    state = GAME.play(state, BO, bo_play)
    assert state.owners[INDEX["C7"]] == ANA
    assert state.removed == (("P-FISHER",), (top[11],))
    assert [len(h) for h in state.hands] == [10, 10]  # 9 passed + 1 from the reserve
    assert GAME.player_view(state, BO)["seats"][ANA]["removed_count"] == 1
    assert "P-FISHER" not in json.dumps(GAME.player_view(state, BO))
    sizes = [11, len(state.hands[ANA])]  # hand sizes at each choose step, after the reserve draw
    while True:
        state = everyone_picks(state)
        if not (state.phase == "exploration" and state.round == 1):
            break
        sizes.append(len(state.hands[ANA]))
    assert sizes == [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
    assert [len(d) for d in state.discards] == [10, 10] and [len(r) for r in state.removed] == [10, 10]
    # Only territories were played, so nothing to build: the game moved straight on to round 2,
    # whose deal took the next 40 cards (fresh reserves, each already drawn from once).
    assert state.round == 2 and len(state.deck) == 182 - 40 - 40
    assert [len(r) for r in state.reserves] == [9, 9]


def test_bk_s22_three_players_pass_left_then_right_with_hands_of_12():
    """BK-R15, BK-R16, BK-R90, BK-R91, BK-R106: 12-card hands; left in round 1, right in round 2."""
    state = GAME.resolve_chance(
        GAME.setup(3, {}), deck_with([c for c in ALL_CARDS if not c.startswith("PROV")])
    )
    for round_no, receiver in ((1, {ANA: BO, BO: CY, CY: ANA}), (2, {ANA: CY, BO: ANA, CY: BO})):
        assert state.round == round_no
        sizes = []
        for _ in range(6):
            sizes.append(len(state.hands[ANA]))
            before = state
            picks = {s: before.hands[s][:2] for s in range(3)}
            state = everyone_picks(state)
            if state.phase == "exploration" and state.round == round_no:
                for giver, taker in receiver.items():
                    assert state.hands[taker] == tuple(
                        c for c in before.hands[giver] if c not in picks[giver]
                    )
        assert sizes == [12, 10, 8, 6, 4, 2]
        state = play_until(state, lambda s, r=round_no: s.phase == "exploration" and s.round == r + 1)


def s23_table():
    deck = ["PROV-2", "T-J6", "P-FISHER", "T-E8", "T-A1"]
    state = exploring(4, 2, 3, {BO: ["PROV-1", "T-C7", "T-B2", "T-B4", "T-B5", "T-B6"]}, deck=deck)
    move = {"type": "submit_pick", "round": 2, "pick": 3, "play": ["PROV-1", "T-C7"], "discard": None}
    return state, move


def test_bk_s23_provisions_chain_resolves_depth_first():
    """BK-R100, BK-R104: Provisions draws are played at once, depth first; never passed."""
    state, move = s23_table()
    state = GAME.play(state, BO, move)
    for seat in (ANA, CY):
        state = GAME.play(
            state, seat, next(m for m in GAME.legal_moves(state, seat) if m["type"] == "submit_pick")
        )
    last = next(m for m in GAME.legal_moves(state, DEE) if m["type"] == "submit_pick")
    # The table log narrates the chain in resolution order; only Bo reads the parchment's name.
    chain = "{card:PROV-1} (drawing {card:PROV-2} (drawing HIDDEN and {card:T-E8}) and {card:T-J6}) and {card:T-C7}"
    assert chain.replace("HIDDEN", "{card:P-FISHER}") in GAME.describe(state, DEE, last, BO)
    assert chain.replace("HIDDEN", "a parchment") in GAME.describe(state, DEE, last, None)
    after = GAME.play(state, DEE, last)
    assert after.discards[BO] == ("PROV-1", "PROV-2", "T-E8", "T-J6", "T-C7")
    assert after.parchments[BO] == ("P-FISHER",)
    assert {COORDS[i] for i, o in enumerate(after.owners) if o == BO} == {"E8", "J6", "C7"}
    assert after.deck == ("T-A1",)  # the deck shrank by 4
    # Round 2 passes right: Bo's next hand is Cy's remaining cards, untouched by the draws.
    assert after.hands[BO] == state.hands[CY][2:]


def test_bk_s24_two_provisions_in_one_pick_follow_seat_order():
    """BK-R100, BK-R104: seats resolve in ascending order."""
    hands = {ANA: ["PROV-1", "T-B8", "T-C3", "T-C4"], CY: ["T-H9", "PROV-2", "T-C5", "T-C6"]}
    state = exploring(4, 1, 2, hands, deck=["T-A1", "T-A2", "T-A3", "T-A4"])
    state = GAME.play(
        state,
        ANA,
        {"type": "submit_pick", "round": 1, "pick": 2, "play": ["PROV-1", "T-B8"], "discard": None},
    )
    state = GAME.play(
        state, CY, {"type": "submit_pick", "round": 1, "pick": 2, "play": ["T-H9", "PROV-2"], "discard": None}
    )
    after = everyone_picks(state)
    mine = {s: sorted(COORDS[i] for i, o in enumerate(after.owners) if o == s) for s in (ANA, CY)}
    assert mine == {ANA: ["A1", "A2", "B8"], CY: ["A3", "A4", "H9"]}
    assert [coords(f) for f in fiefs(after, CY)][0] == ["A3", "A4"]
    assert strength(after, fiefs(after, CY)[0]) == 1  # A4's printed city is Cy's now


def s25_table():
    state = hold(hold(hold(table(3), ANA, "B-CAMP-4"), BO, "B-CAMP-2"), CY, "B-CAMP-6")
    return begin(state)


def test_bk_s25_contested_camp_goes_to_the_lower_priority():
    """BK-R111, BK-R112, BK-R34, BK-R35: offers in priority order; a kept camp returns next round."""
    state = s25_table()
    assert pending_camp(state) == (BO, "B-CAMP-2")
    state = GAME.play(state, BO, {"type": "place_camp", "card": "B-CAMP-2", "coord": "E5"})
    assert pending_camp(state) == (ANA, "B-CAMP-4")
    refused(state, ANA, {"type": "place_camp", "card": "B-CAMP-4", "coord": "E5"}, "BK-R34")
    state = GAME.play(state, ANA, {"type": "place_camp", "card": "B-CAMP-4", "coord": "E4"})
    assert pending_camp(state) == (CY, "B-CAMP-6")
    kept = GAME.play(state, CY, {"type": "keep_camp", "card": "B-CAMP-6"})
    assert kept.phase != "construction"  # sequence complete, everyone finished: harvest ran
    assert kept.fronts[CY] == ("B-CAMP-6",)
    assert pending_camp(begin(kept.set(round=3))) == (CY, "B-CAMP-6")  # offered again next round


def test_bk_s26_sky_tower_merges_two_fiefs():
    """BK-R43, BK-R45, BK-R46, BK-R121: both tokens at once, joining two fiefs."""
    state = own(table(), PIA, "G1", "G2", "H2", "J3", "J4")
    state = hold(hold(state, PIA, "B-SKY-1"), BO, "B-CITY1-1")
    assert sum(harvest_value(state, f) for f in fiefs(state, PIA)) == 2 + 1
    after = GAME.play(
        state, PIA, {"type": "build_sky_tower", "card": "B-SKY-1", "coord_a": "G1", "coord_b": "J4"}
    )
    (fief,) = fiefs(after, PIA)
    assert (strength(after, fief), resources(after, fief), harvest_value(after, fief)) == (
        2,
        ["carrot", "fish", "wood"],
        6,
    )
    assert production(after, INDEX["G1"]) == ("wood",) and production(after, INDEX["J4"]) == ("fish",)


def test_bk_s27_fiefs_that_harvest_nothing_still_score_missions():
    """BK-R122, BK-R126, BK-R151 (Bun-Shee, PanPan, Fisher)."""
    state = own(table(), PIA, "B8", "B9", "C1", "D1", "C4", "C5")
    assert [harvest_value(state, f) for f in fiefs(state, PIA)] == [0, 0, 0]
    state = scrolls(state, PIA, "P-BUN-SHEE", "P-PANPAN", "P-FISHER")
    assert points(over(state), PIA) == {"P-BUN-SHEE": 4, "P-PANPAN": 4, "P-FISHER": 2}


def test_bk_s28_duplicated_wood_counts_once_for_wealth_twice_for_carpenter():
    """BK-R123, BK-R145, BK-R151 (Merchant)."""
    state = build(own(table(), PIA, "F4", "F5", "G5"), "F5", "B-LUX-MUSHROOM")
    (fief,) = fiefs(state, PIA)
    assert harvest_value(state, fief) == 1 * 2
    state = scrolls(state, PIA, "P-CARPENTER", "P-MERCHANT")
    assert points(over(state), PIA) == {"P-CARPENTER": 2, "P-MERCHANT": 3}


def test_bk_s29_trading_post_resource_changes_each_round():
    """BK-R49, BK-R122, BK-R144: a new choice each Harvest; round 4's is final."""
    state = build(own(table(2, "harvest"), PIA, "D10", "E10", "F10"), "F10", "B-TRADING-POST-1")
    state = scrolls(state.set(harvests=((0,), (0,))), PIA, "P-FARMER", "P-CARPENTER")
    results = []
    for round_no, resource in ((2, "fish"), (3, "wood"), (4, "carrot")):
        at = state.set(round=round_no)
        after = GAME.play(
            at, PIA, {"type": "choose_trading_posts", "round": round_no, "choices": {"F10": resource}}
        )
        results.append(after.harvests[PIA][-1])
    assert results == [2, 1, 2]
    assert after.phase == "over"
    assert points(after, PIA) == {"P-CARPENTER": 1, "P-FARMER": 1}  # only the round-4 choice counts


def final_table(totals, seats=4):
    return table(seats, "round_end", 4).set(harvests=tuple((t, 0, 0, 0) for t in totals))


def test_bk_s30_opportunist_and_its_copy_both_score_as_second():
    """BK-R146, BK-R152: Opportunist is evaluated last, on totals without it."""
    state = scrolls(scrolls(final_table([120, 95, 95, 60]), BO, "P-OPPORTUNIST"), CY, "P-LIBERAL")
    state = advance(state)
    state = GAME.play(
        state, CY, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-OPPORTUNIST"}
    )
    assert GAME.scores(state).totals == {ANA: 120, BO: 105, CY: 105, DEE: 60}
    assert GAME.scores(state).winners == (ANA,)
    variant = advance(
        scrolls(
            final_table([120, 120, 95]).set(players=3, harvests=((120,), (120,), (95,))), CY, "P-OPPORTUNIST"
        )
    )
    assert points(variant, CY) == {"P-OPPORTUNIST": 0}


def test_bk_s31_matriarch_ties_qualify():
    """BK-R151 (Matriarch), BK-D08."""
    squares = [COORDS[i] for i in range(100) if table().buildings[i] is None]
    state = own(own(own(table(3), ANA, *squares[:20]), BO, *squares[20:40]), CY, *squares[40:55])
    state = scrolls(state, ANA, "P-MATRIARCH")
    assert points(over(state), ANA) == {"P-MATRIARCH": 12}


def test_bk_s32_treasure_hunter_and_guardian_with_gloves_make_35():
    """BK-R147, BK-R148, BK-R149."""
    state = scrolls(
        table(),
        PIA,
        "P-ROYAL-CROWN",
        "P-LEFT-GLOVE",
        "P-RIGHT-GLOVE",
        "P-TREASURE-HUNTER",
        "P-TREASURE-GUARDIAN",
    )
    scored = points(over(state), PIA)
    assert scored["P-TREASURE-HUNTER"] == 13 and scored["P-TREASURE-GUARDIAN"] == 9
    assert sum(scored.values()) == 35


def test_bk_s33_edges_and_corners():
    """BK-R04, BK-R151 (Diplomat, Explorer)."""
    state = scrolls(own(table(), PIA, "A1", "A2", "B1", "J10", "E5"), PIA, "P-DIPLOMAT", "P-EXPLORER")
    assert points(over(state), PIA) == {"P-DIPLOMAT": 4, "P-EXPLORER": 6}


def test_bk_s34_fief_count_missions():
    """BK-R121, BK-R151 (Carrotistador, Harecingetorix, Hun-ny King)."""
    state = own(table(), PIA, "A1", "A2", "A3", "C10", "J10", "H4", "H5", "H6", "I6")
    assert sorted(len(f) for f in fiefs(state, PIA)) == [1, 1, 3, 4]
    state = scrolls(state, PIA, "P-CARROTISTADOR", "P-HARECINGETORIX", "P-HUNNY-KING")
    assert points(over(state), PIA) == {"P-CARROTISTADOR": 8, "P-HARECINGETORIX": 4, "P-HUNNY-KING": 0}


def test_bk_s35_colonist_counts_evicted_and_kept_camp_cards():
    """BK-R140, BK-R145, BK-R151 (Colonist), BK-D11."""
    state = scrolls(hold(discarded(table(), BO, "B-CAMP-1"), BO, "B-CAMP-5"), BO, "P-COLONIST")
    assert points(over(state), BO) == {"P-COLONIST": 6}


def builder(*cards, squares=("H6",)):
    return hold(own(table(), PIA, *squares), PIA, *cards)


def test_bk_s36_illegal_strength_3_city_off_a_mountain():
    """BK-R40."""
    refused(builder("B-CITY3-1"), PIA, {"type": "build_city", "card": "B-CITY3-1", "coord": "H6"}, "BK-R40")


def test_bk_s37_illegal_luxury_farms_on_the_wrong_terrain():
    """BK-R42."""
    state = builder("B-LUX-PEARL", "B-LUX-GOLD", squares=("A8", "A9"))
    refused(state, PIA, {"type": "build_farm", "card": "B-LUX-PEARL", "coord": "A8"}, "BK-R42")
    refused(state, PIA, {"type": "build_farm", "card": "B-LUX-GOLD", "coord": "A9"}, "BK-R42")


def test_bk_s38_illegal_city_on_a_printed_city():
    """BK-R39."""
    refused(
        builder("B-CITY1-1", squares=("A4",)),
        PIA,
        {"type": "build_city", "card": "B-CITY1-1", "coord": "A4"},
        "BK-R39",
    )


def test_bk_s39_illegal_camp_on_an_occupied_square_or_a_printed_city():
    """BK-R34, BK-D23."""
    state = begin(hold(own(table(2), 1, "C3"), 0, "B-CAMP-1"))
    refused(state, 0, {"type": "place_camp", "card": "B-CAMP-1", "coord": "C3"}, "BK-R34")
    refused(state, 0, {"type": "place_camp", "card": "B-CAMP-1", "coord": "B7"}, "BK-R34")
    assert pending_camp(state) == (0, "B-CAMP-1")


def test_bk_s40_illegal_sky_tower_inside_one_fief_or_on_a_city():
    """BK-R44, BK-R45."""
    state = builder("B-SKY-1", squares=("G1", "G2", "G3", "G4"))
    refused(
        state, PIA, {"type": "build_sky_tower", "card": "B-SKY-1", "coord_a": "G1", "coord_b": "G4"}, "BK-R45"
    )
    refused(
        state, PIA, {"type": "build_sky_tower", "card": "B-SKY-1", "coord_a": "G1", "coord_b": "G2"}, "BK-R44"
    )


def test_bk_s41_illegal_malformed_picks():
    """BK-R26, BK-R27, BK-R28, BK-R29."""
    four = exploring(4, 2, 2, {ANA: ["T-A3", "T-A5", "T-A6", "T-A7"]})
    base = {"type": "submit_pick", "round": 2, "pick": 2, "discard": None}
    refused(four, ANA, {**base, "play": ["T-A3"]}, "BK-R27")
    refused(four, ANA, {**base, "play": ["T-A3", "T-B5"]}, "BK-R29")
    two = exploring(2, 1, 1, {ANA: ["T-C7", "T-A5"]})
    refused(two, ANA, {**base, "round": 1, "pick": 1, "play": ["T-C7"], "discard": "T-C7"}, "BK-R28")
    three = exploring(3, 2, 2, {ANA: ["T-A3", "T-A5", "T-A6"]})
    refused(three, ANA, {**base, "play": ["T-A3", "T-A5"], "discard": "T-A6"}, "BK-R27")
    refused(four, ANA, {**base, "pick": 3, "play": ["T-A3", "T-A5"]}, "BK-R26")


def test_bk_s42_illegal_camp_out_of_priority_order():
    """BK-R32."""
    state = s25_table()
    error = refused(state, ANA, {"type": "place_camp", "card": "B-CAMP-4", "coord": "E4"}, "BK-R32")
    assert "B-CAMP-2" in str(error)


def test_bk_s43_illegal_building_on_an_uncontrolled_square():
    """BK-R38."""
    refused(
        builder("B-FARM-FISH"), PIA, {"type": "build_farm", "card": "B-FARM-FISH", "coord": "E5"}, "BK-R38"
    )


def test_bk_s44_illegal_building_after_finishing():
    """BK-R36, BK-R47, BK-R93."""
    state = hold(builder("B-CITY1-2", squares=("H5",)), BO, "B-CITY1-1")
    state = GAME.play(state, PIA, {"type": "finish_construction"})
    refused(state, PIA, {"type": "build_city", "card": "B-CITY1-2", "coord": "H5"}, "BK-R36")
    assert "B-CITY1-2" in state.fronts[PIA]  # it waits for the next round


def test_bk_s45_illegal_trading_post_choices():
    """BK-R50, BK-R51."""
    state = own(table(2, "harvest", 3), PIA, "F10", "C10")
    state = build(build(state, "F10", "B-TRADING-POST-1"), "C10", "B-TRADING-POST-2")
    refused(
        state,
        PIA,
        {"type": "choose_trading_posts", "round": 3, "choices": {"F10": "gold", "C10": "wood"}},
        "BK-R51",
    )
    refused(state, PIA, {"type": "choose_trading_posts", "round": 3, "choices": {"F10": "fish"}}, "BK-R50")


def test_bk_s46_illegal_copy_targets_and_the_legal_one():
    """BK-R55, BK-R56, BK-R58, BK-R143."""
    state = scrolls(
        scrolls(scrolls(own(final_table([0, 0, 0, 0]), ANA, "C4"), ANA, "P-LIBERAL"), BO, "P-ROYAL-CARROT"),
        DEE,
        "P-SOCIALIST",
        "P-FISHER",
    )
    state = advance(state)
    refused(
        state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-ROYAL-CARROT"}, "BK-R55"
    )
    refused(
        state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-SOCIALIST"}, "BK-R56"
    )
    state = GAME.play(state, ANA, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-FISHER"})
    # Dee's Socialist looks left at Ana, who has nothing it may copy: no choice is asked (BK-R58).
    assert state.phase == "over"
    assert state.copy_final == ((ANA, "P-LIBERAL", "P-FISHER"), (DEE, "P-SOCIALIST", None))
    assert points(state, ANA) == {"P-LIBERAL copying P-FISHER": 1}  # Ana's own fish on C4


def test_bk_s47_hidden_parchment_after_a_provisions_draw():
    """BK-R103, BK-R131, BK-R132: parchment ids stay private, the count is public."""
    state, move = s23_table()
    state = GAME.play(state, BO, move)
    for seat in (ANA, CY):
        state = GAME.play(
            state, seat, next(m for m in GAME.legal_moves(state, seat) if m["type"] == "submit_pick")
        )
    last = DEE
    last_move = next(m for m in GAME.legal_moves(state, last) if m["type"] == "submit_pick")
    after = GAME.play(state, last, last_move)
    for viewer in (None, ANA):
        view = json.dumps(GAME.player_view(after, viewer))
        assert "P-FISHER" not in view
        assert GAME.player_view(after, viewer)["seats"][BO]["parchment_count"] == 1
        log = json.dumps(
            [GAME.action_view(state, last, last_move, viewer), GAME.describe(state, last, last_move, viewer)]
        )
        assert "P-FISHER" not in log and "T-A1" not in log  # no parchment id, no deck order
    assert {"E8", "J6", "C7"} <= set(GAME.player_view(after, None)["board"])
    assert "P-FISHER" in GAME.player_view(after, BO)["you"]["parchments"]


def test_bk_s48_shared_victory_without_tie_breaker():
    """BK-R153, BK-R154, BK-R155."""
    state = over(table(3).set(harvests=((148,), (148,), (131,))))
    result = GAME.scores(state)
    assert result.winners == (ANA, BO)
    assert result.ranking == (ANA, BO, CY)
    assert ranks(state) == {ANA: 1, BO: 1, CY: 3}


def test_bk_r49_a_trading_post_choice_after_the_round_4_harvest_says_the_harvest_is_over():
    """BK-R49: once round 4's Harvest is scored, a choice is refused saying that Harvest is over,
    not that trading posts are configured in round 4 (which reads as if it were still open)."""
    state = build(own(table(2, "harvest"), PIA, "D10", "E10", "F10"), "F10", "B-TRADING-POST-1")
    state = scrolls(state.set(harvests=((0,), (0,))), PIA, "P-FARMER", "P-CARPENTER").set(round=4)
    after = GAME.play(state, PIA, {"type": "choose_trading_posts", "round": 4, "choices": {"F10": "carrot"}})
    assert after.phase == "over"
    copying = after.set(phase="copy", copy_pending=((),) * after.players)  # final scoring, before "over"
    error = refused(copying, PIA, {"type": "choose_trading_posts", "round": 4, "choices": {"F10": "fish"}}, "BK-R49")
    assert "round 4's Harvest is over" in str(error) and "configured in the Harvest of round 4" not in str(error)
    early = refused(state.set(phase="construction"), PIA,
                    {"type": "choose_trading_posts", "round": 4, "choices": {"F10": "fish"}}, "BK-R49")
    assert "has not reached it" in str(early)
    wrong_round = refused(state, PIA, {"type": "choose_trading_posts", "round": 3, "choices": {"F10": "fish"}}, "BK-R49")
    assert "Harvest of round 4, not of round 3" in str(wrong_round)
