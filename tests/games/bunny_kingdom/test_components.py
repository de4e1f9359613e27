"""Component data (spec §3.1, §11) against the counts the rulebook prints."""

from __future__ import annotations

from collections import Counter

from domain.games.bunny_kingdom.components import (
    ALL_CARDS,
    BUILDING_CARDS,
    CORNER,
    EDGE,
    GRID,
    LAVA_EDGES,
    PARCHMENTS,
    PRINTED_CITIES,
    PROVISIONS_CARDS,
    TERRAIN,
    TERRAIN_CODES,
    TERRITORY_CARDS,
)


def test_182_exploration_cards_100_territories_42_buildings_3_provisions_37_parchments():
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 182
    assert (len(TERRITORY_CARDS), len(BUILDING_CARDS), len(PROVISIONS_CARDS), len(PARCHMENTS)) == (
        100,
        42,
        3,
        37,
    )


def test_building_cards_21_cities_12_farms_3_sky_towers_6_camps():
    kinds = Counter(card["kind"] for card in BUILDING_CARDS.values())
    assert kinds == {
        "city": 21,
        "basic_farm": 3,
        "trading_post": 2,
        "luxury_farm": 7,
        "sky_tower": 3,
        "camp": 6,
    }
    strengths = Counter(c["strength"] for c in BUILDING_CARDS.values() if c["kind"] == "city")
    assert strengths == {1: 9, 2: 9, 3: 3}
    # 27 strength-1 figures = 18 printed cities + 9 city cards.
    assert len(PRINTED_CITIES) + strengths[1] == 27
    assert sorted(c["priority"] for c in BUILDING_CARDS.values() if c["kind"] == "camp") == [1, 2, 3, 4, 5, 6]
    luxury = {c["produces"]: c["terrain"] for c in BUILDING_CARDS.values() if c["kind"] == "luxury_farm"}
    assert luxury == {
        "pearl": "sea", "mushroom": "forest", "carrot_spice": "field",
        "gold": "mountain", "diamond": "mountain", "copper": "mountain", "iron": "mountain",
    }  # fmt: skip


def test_parchments_8_treasures_29_missions():
    assert Counter(kind for kind, _rule in PARCHMENTS.values()) == {"treasure": 8, "mission": 29}


def test_board_terrain_counts_lava_and_edges():
    assert Counter(TERRAIN) == {
        "plains": 26,
        "printed_city": 18,
        "mountain": 16,
        "forest": 15,
        "sea": 15,
        "field": 10,
    }
    assert all(TERRAIN_CODES[GRID[c[0]][int(c[1:]) - 1]] == "printed_city" for c in PRINTED_CITIES)
    assert len(LAVA_EDGES) == 8
    assert all(TERRAIN_CODES[GRID[x[0]][int(x[1:]) - 1]] == "mountain" for edge in LAVA_EDGES for x in edge)
    assert (len(EDGE), len(CORNER)) == (36, 4)
