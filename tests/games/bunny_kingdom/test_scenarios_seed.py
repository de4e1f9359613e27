"""Spec §9.1: the rulebook's own worked examples (BK-S01 to BK-S20), on the real board."""

from __future__ import annotations

from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import COORDS, INDEX
from domain.games.bunny_kingdom.exploration import resolve_card
from domain.games.bunny_kingdom.fiefs import fiefs, harvest_value, production, resources, strength
from domain.games.bunny_kingdom.harvest import reap
from domain.games.bunny_kingdom.rules import advance
from domain.games.bunny_kingdom.scoring import Metrics, parchment_scores
from tests.games.bunny_kingdom.builders import (
    ANA,
    BO,
    LUDOVIC,
    PIA,
    TIMOTHY,
    build,
    discarded,
    everyone_picks,
    exploring,
    hold,
    own,
    refused,
    scrolls,
    table,
    trade,
)

S01_HAND = [
    "T-A3", "T-G5", "T-J10", "T-H4", "T-F1",
    "P-FISHER", "P-KING-OF-THIEVES", "P-ROYAL-CROWN", "B-LUX-MUSHROOM", "B-CITY2-1",
]  # fmt: skip


def coords(fief) -> list[str]:
    return [COORDS[i] for i in fief]


def points(state, seat) -> dict[str, int]:
    return {line.label: line.points for line in parchment_scores(state) if line.seat == seat}


def s01_table():
    state = exploring(4, round=2, pick=1, hands={TIMOTHY: S01_HAND})
    return own(state, TIMOTHY, "B3", "A4")  # BK-S02: held since round 1


def test_bk_s01_choosing_two_cards_then_passing_right_in_round_2():
    """BK-R15, BK-R99, BK-R106: two secret cards, revealed together, the rest passed right in round 2."""
    state = s01_table()
    pick = {"type": "submit_pick", "round": 2, "pick": 1, "play": ["T-A3", "B-LUX-MUSHROOM"], "discard": None}
    after = GAME.play(state, TIMOTHY, pick)
    # Accepted and hidden: the others see only that Timothy has chosen.
    assert after.selections[TIMOTHY] == (("T-A3", "B-LUX-MUSHROOM"), None)
    assert GAME.action_view(state, TIMOTHY, pick, LUDOVIC) == {"type": "submit_pick", "round": 2, "pick": 1}
    assert "T-A3" not in GAME.describe(state, TIMOTHY, pick, LUDOVIC)
    left_hand = state.hands[1]
    after = everyone_picks(after)
    rest = [c for c in S01_HAND if c not in ("T-A3", "B-LUX-MUSHROOM")]
    # Round 2 passes right: Timothy's 8 cards go to seat 3, he gets seat 1's 8 remaining cards.
    assert list(after.hands[3]) == rest
    assert after.hands[TIMOTHY] == left_hand[2:]
    assert (after.round, after.pick) == (2, 2)


def test_bk_s02_playing_cards_claims_a3_and_merges_two_fiefs():
    """BK-R101, BK-R102, BK-R121: the territory is claimed, the building card waits in front."""
    state = s01_table()
    assert [coords(f) for f in fiefs(state, TIMOTHY)] == [["A4"], ["B3"]]  # diagonal: two fiefs
    pick = {"type": "submit_pick", "round": 2, "pick": 1, "play": ["T-A3", "B-LUX-MUSHROOM"], "discard": None}
    after = everyone_picks(GAME.play(state, TIMOTHY, pick))
    assert after.owners[INDEX["A3"]] == TIMOTHY
    assert "T-A3" in after.discards[TIMOTHY]
    assert [coords(f) for f in fiefs(after, TIMOTHY)] == [["A3", "A4", "B3"]]
    # The building card lies face up in front of him; nothing is on the board yet.
    assert "B-LUX-MUSHROOM" in after.fronts[TIMOTHY]
    assert "B-LUX-MUSHROOM" not in after.buildings


def test_bk_s03_mushroom_farm_on_a_forest():
    """BK-R41, BK-R42, BK-R122: a luxury farm on its terrain adds its resource to the terrain's."""
    state = hold(own(table(), TIMOTHY, "A3"), TIMOTHY, "B-LUX-MUSHROOM")
    after = GAME.play(state, TIMOTHY, {"type": "build_farm", "card": "B-LUX-MUSHROOM", "coord": "A3"})
    assert production(after, INDEX["A3"]) == ("wood", "mushroom")
    assert after.discards[TIMOTHY] == ("B-LUX-MUSHROOM",)
    assert after.fronts[TIMOTHY] == ()


def test_bk_s04_camp_on_the_sea_gives_b7_fish():
    """BK-R32, BK-R112, BK-R120: the offered camp takes an empty square, which joins the fief."""
    state = hold(own(table(), TIMOTHY, "B7"), TIMOTHY, "B-CAMP-3")
    state = hold(state, LUDOVIC, "B-CITY1-1")  # Ludovic keeps the phase open
    state = state.set(finished=(True, False, True, True))
    assert [harvest_value(state, f) for f in fiefs(state, TIMOTHY)] == [0]
    assert GAME.player_view(state, None)["camp_offer"] == {"seat": TIMOTHY, "card": "B-CAMP-3"}
    after = GAME.play(state, TIMOTHY, {"type": "place_camp", "card": "B-CAMP-3", "coord": "A7"})
    (fief,) = fiefs(after, TIMOTHY)
    assert coords(fief) == ["A7", "B7"]
    assert (strength(after, fief), resources(after, fief), harvest_value(after, fief)) == (1, ["fish"], 1)


def test_bk_s05_lava_between_d5_and_d6_until_e5_joins_them():
    """BK-R03, BK-R121: a lava edge cuts D5-D6; E5 connects around it."""
    state = own(table(3, "exploration"), 0, "D4", "D5", "D6", "E6", "F5")
    assert [coords(f) for f in fiefs(state, 0)] == [["D4", "D5"], ["D6", "E6"], ["F5"]]
    after = resolve_card(state, 0, "T-E5")
    assert [coords(f) for f in fiefs(after, 0)] == [["D4", "D5", "D6", "E5", "E6", "F5"]]


def s06_fief():
    return build(own(table(), TIMOTHY, "A3", "A4", "B2", "B3"), "B2", "B-CITY3-1")


def test_bk_s06_strength_adds_the_towers_of_every_city():
    """BK-R124: printed cities count 1, built cities their strength."""
    state = s06_fief()
    (fief,) = fiefs(state, TIMOTHY)
    assert strength(state, fief) == 1 + 1 + 3


def test_bk_s07_wealth_counts_distinct_resources_and_harvest_is_15():
    """BK-R123, BK-R126: duplicates count once; harvest = strength x wealth."""
    state = build(own(s06_fief(), TIMOTHY, "A2", "B4"), "A3", "B-LUX-MUSHROOM")
    (fief,) = fiefs(state, TIMOTHY)
    assert resources(state, fief) == ["fish", "mushroom", "wood"]
    assert harvest_value(state, fief) == 5 * 3 == 15


def round_2_board():
    """BK-S08: the board after round-2 construction."""
    state = own(table(2), TIMOTHY, "A2", "A3", "A4", "B2", "B3", "B4", "D2", "D3", "D4")
    state = build(state, "A2", "B-CITY2-1")
    state = build(state, "A3", "B-LUX-MUSHROOM")
    state = build(state, "B2", "B-CITY3-1")
    state = build(state, "D2", "B-CITY3-2")
    return own(state, LUDOVIC, "C3", "C4")


def round_3_board():
    """BK-S09: round 2 plus A5 (carrot farm), C2 (gold), D5 (trading post); Ludovic's City-1 on C3."""
    state = own(round_2_board(), TIMOTHY, "A5", "C2", "D5")
    state = build(state, "A5", "B-FARM-CARROT")
    state = build(state, "C2", "B-LUX-GOLD")
    state = build(state, "D5", "B-TRADING-POST-1")
    return build(state, "C3", "B-CITY1-1")


def test_bk_s08_harvest_round_2_timothy_25_ludovic_0():
    """BK-R126, BK-R127: every fief harvests; a fief without a city harvests 0."""
    state = round_2_board().set(phase="harvest", harvests=((3,), (0,)))
    timothy = fiefs(state, TIMOTHY)
    assert [coords(f) for f in timothy] == [["A2", "A3", "A4", "B2", "B3", "B4"], ["D2", "D3", "D4"]]
    assert [(strength(state, f), len(resources(state, f))) for f in timothy] == [(7, 3), (4, 1)]
    (ludovic,) = fiefs(state, LUDOVIC)
    assert (strength(state, ludovic), resources(state, ludovic)) == (0, ["fish"])
    harvested = reap(state)
    assert harvested.harvests == ((3, 25), (0, 0))


def test_bk_s09_harvest_round_3_with_a_fish_trading_post_timothy_43_ludovic_1():
    """BK-R03, BK-R18, BK-R125, BK-R127: trading posts choose first, then the harvest is computed."""
    state = round_3_board().set(phase="harvest", round=3, harvests=((3, 25), (0, 0)))
    assert GAME.to_act(state) == {TIMOTHY}
    after = GAME.play(state, TIMOTHY, {"type": "choose_trading_posts", "round": 3, "choices": {"D5": "fish"}})
    assert after.harvests == ((3, 25, 43), (0, 0, 1))
    state = trade(state, D5="fish")
    one, two = fiefs(state, TIMOTHY)
    assert coords(one) == ["A2", "A3", "A4", "A5", "B2", "B3", "B4", "C2"]  # C2-D2 is lava
    assert (strength(state, one), resources(state, one)) == (
        7,
        ["carrot", "fish", "gold", "mushroom", "wood"],
    )
    assert (strength(state, two), resources(state, two)) == (4, ["carrot", "fish"])


def round_4_final(parchments=()):
    """BK-S10 played through: Sky Tower B4-D4, Ludovic's City-2 on H2, D5 on fish, game over."""
    state = own(round_3_board(), LUDOVIC, "H2")
    state = hold(hold(state, TIMOTHY, "B-SKY-1"), LUDOVIC, "B-CITY2-2")
    state = scrolls(state, TIMOTHY, *parchments)
    state = state.set(round=4, harvests=((3, 25, 43), (0, 0, 1)), finished=(False, False))
    state = GAME.play(
        state, TIMOTHY, {"type": "build_sky_tower", "card": "B-SKY-1", "coord_a": "B4", "coord_b": "D4"}
    )
    state = GAME.play(state, LUDOVIC, {"type": "build_city", "card": "B-CITY2-2", "coord": "H2"})
    state = GAME.play(state, TIMOTHY, {"type": "finish_construction"})
    state = GAME.play(state, LUDOVIC, {"type": "finish_construction"})
    assert state.phase == "harvest"
    return GAME.play(state, TIMOTHY, {"type": "choose_trading_posts", "round": 4, "choices": {"D5": "fish"}})


def test_bk_s10_harvest_round_4_sky_tower_makes_one_fief_worth_55():
    """BK-R43, BK-R121, BK-R129: the Sky Tower joins the fiefs; round 4 ends the game."""
    state = round_4_final()
    assert state.phase == "over"
    (fief,) = fiefs(state, TIMOTHY)
    assert len(fief) == 12
    assert (strength(state, fief), len(resources(state, fief))) == (11, 5)
    assert state.harvests == ((3, 25, 43, 55), (0, 0, 1, 3))


def test_bk_s11_fisher_uses_the_round_4_trading_post_choice():
    """BK-R144, BK-R145: missions use the round-4 trading post choice, which cannot be changed."""
    state = round_4_final(["P-FISHER"])
    assert Metrics(state, TIMOTHY).count("units:fish") == 3  # B4 sea, A5 sea, D5 trading post
    assert points(state, TIMOTHY)["P-FISHER"] == 3
    # BK-R144: D5 cannot be declared wood now for another mission.
    refused(state, TIMOTHY, {"type": "choose_trading_posts", "round": 4, "choices": {"D5": "wood"}}, "BK-R13")


def test_bk_s12_carpenter_counts_every_wood_unit():
    """BK-R145, BK-R151: units count duplicates."""
    assert points(round_4_final(["P-CARPENTER"]), TIMOTHY)["P-CARPENTER"] == 2


def test_bk_s13_burgomaster_counts_cities_not_strength():
    """BK-R145, BK-R151: cities are counted, whatever their strength."""
    scored = points(round_4_final(["P-BURGOMASTER", "P-KING-OF-THIEVES"]), TIMOTHY)
    assert scored == {"P-BURGOMASTER": 6, "P-KING-OF-THIEVES": 0}


def test_bk_s14_the_sky_tower_cannot_be_ignored_for_fief_missions():
    """BK-R121, BK-R151: Sky Towers always connect."""
    scored = points(round_4_final(["P-HARECINGETORIX", "P-CARROTISTADOR"]), TIMOTHY)
    assert scored == {"P-HARECINGETORIX": 1, "P-CARROTISTADOR": 4}


def over(state):
    return state.set(phase="over", round=4)


def test_bk_s15_panpan_counts_barren_squares_camp_and_sky_tower_included():
    """BK-R145, BK-R151: barren = no city and no production."""
    state = own(table(), PIA, "B8", "C10", "B6", "F6", "F2", "H5", "A1")
    state = build(build(state, "C10", "B-TRADING-POST-1"), "B6", "B-CITY1-1")
    state = build(build(state, "F6", "B-CAMP-2"), "F2", "B-LUX-IRON")
    state = build(build(state, "H5", "B-SKY-1"), "A1", "B-SKY-1")
    state = scrolls(trade(state, C10="wood"), PIA, "P-PANPAN")
    assert Metrics(state, PIA).count("barren_territories") == 3
    assert points(over(state), PIA) == {"P-PANPAN": 6}


def test_bk_s16_gloves_are_1_alone_and_4_each_together():
    """BK-R147."""
    assert points(over(scrolls(table(), PIA, "P-LEFT-GLOVE")), PIA) == {"P-LEFT-GLOVE": 1}
    both = points(over(scrolls(table(), PIA, "P-LEFT-GLOVE", "P-RIGHT-GLOVE")), PIA)
    assert both == {"P-LEFT-GLOVE": 4, "P-RIGHT-GLOVE": 4}


def test_bk_s17_little_prince_drops_only_one_of_two_best_fiefs():
    """BK-R151 (Little Prince), BK-D13."""
    state = own(table(), PIA, "J4", "J5", "I4", "I5", "A5", "A6", "A7", "B5", "H10", "I10")
    for coord, card in [
        ("J4", "B-CITY2-1"), ("J5", "B-CITY2-2"), ("I4", "B-LUX-PEARL"), ("I5", "B-FARM-CARROT"),
        ("A5", "B-CITY2-3"), ("A6", "B-CITY2-4"), ("A7", "B-FARM-WOOD"), ("B5", "B-TRADING-POST-1"),
        ("H10", "B-CITY2-5"), ("I10", "B-CITY1-1"),
    ]:  # fmt: skip
        state = build(state, coord, card)
    state = scrolls(trade(state, B5="carrot"), PIA, "P-LITTLE-PRINCE")
    assert sorted(harvest_value(state, f) for f in fiefs(state, PIA)) == [3, 12, 12]
    assert points(over(state), PIA) == {"P-LITTLE-PRINCE": 15}


def test_bk_s18_liberal_copies_the_right_neighbours_royal_carrot():
    """BK-R53, BK-R55, BK-R142, BK-R143, BK-R148, BK-R149: a copied treasure counts as the copier's."""
    state = scrolls(
        table(3, "round_end", 4), 1, "P-LIBERAL", "P-TREASURE-GUARDIAN", "P-TREASURE-HUNTER", "P-ROYAL-RING"
    )
    state = scrolls(state, 0, "P-ROYAL-CARROT").set(harvests=((0,) * 4,) * 3)
    state = advance(state)
    assert state.phase == "copy" and GAME.to_act(state) == {1}
    after = GAME.play(
        state, 1, {"type": "choose_copy_target", "card": "P-LIBERAL", "target": "P-ROYAL-CARROT"}
    )
    assert after.phase == "over"
    scored = points(after, 1)
    assert scored == {
        "P-ROYAL-RING": 1,
        "P-LIBERAL copying P-ROYAL-CARROT": 6,
        "P-TREASURE-HUNTER": 7,
        "P-TREASURE-GUARDIAN": 6,
    }
    assert sum(scored.values()) == 20
    assert points(after, 0) == {"P-ROYAL-CARROT": 6}


def camp_pick_table(camp_owner: int, camp: str, coord: str):
    """Round 3, pick 2: a camp of ``camp_owner`` stands on ``coord``; Ana holds its territory card."""
    state = exploring(4, 3, 2, {ANA: [f"T-{coord}", "T-A1", "T-A2", "T-A3"]})
    state = build(state, coord, camp, camp_owner)
    return discarded(state, camp_owner, camp)


def ana_claims(state, coord):
    move = {"type": "submit_pick", "round": 3, "pick": 2, "play": [f"T-{coord}", "T-A1"], "discard": None}
    return everyone_picks(GAME.play(state, ANA, move))


def test_bk_s19_territory_card_evicts_an_opponents_camp():
    """BK-R101 (step 1), BK-R145 (camp cards played)."""
    state = camp_pick_table(BO, "B-CAMP-3", "H5")
    assert [coords(f) for f in fiefs(state, BO)] == [["H5"]]
    after = ana_claims(state, "H5")
    assert after.owners[INDEX["H5"]] == ANA
    assert after.buildings[INDEX["H5"]] is None
    assert fiefs(after, BO) == ()
    assert "B-CAMP-3" in after.discards[BO]
    assert Metrics(after, BO).camp_cards == 1  # still a camp card played, for Colonist
    # H5 can take one of Ana's buildings in this round's construction.
    built = GAME.play(
        hold(after.set(phase="construction"), ANA, "B-CITY1-1"),
        ANA,
        {"type": "build_city", "card": "B-CITY1-1", "coord": "H5"},
    )
    assert built.buildings[INDEX["H5"]] == "B-CITY1-1"


def test_bk_s20_own_territory_card_replaces_own_camp():
    """BK-R101 (step 2), BK-R37, BK-R38."""
    state = camp_pick_table(ANA, "B-CAMP-1", "E5")
    after = ana_claims(state, "E5")
    assert after.owners[INDEX["E5"]] == ANA
    assert after.buildings[INDEX["E5"]] is None
    building = hold(after.set(phase="construction"), ANA, "B-CITY2-1")
    built = GAME.play(building, ANA, {"type": "build_city", "card": "B-CITY2-1", "coord": "E5"})
    assert built.buildings[INDEX["E5"]] == "B-CITY2-1"
