"""Component data (spec §3.1, §11) against the counts the rulebook prints."""

from __future__ import annotations

from collections import Counter

from domain.games.bunny_kingdom.components import (
    ALL_CARDS,
    BUILDING_CARDS,
    CORNER,
    CORNERS,
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


def _spec_json() -> list:
    """The JSON blocks of the spec's section 11: board, building cards, parchments."""
    import json
    import re
    from pathlib import Path

    spec = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "bunny_kingdom.md").read_text()
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", spec, re.S)]


def test_board_is_transcribed_exactly_from_the_spec():
    """BK-R03, BK-R07 (§11.1): every square, lava edge and printed city as the spec lists them."""
    board = _spec_json()[0]
    assert {row: tuple(codes) for row, codes in board["grid"].items()} == GRID
    assert [tuple(edge) for edge in board["lava_edges"]] == list(LAVA_EDGES)
    assert tuple(board["printed_cities"]) == PRINTED_CITIES
    assert tuple(board["corners"]) == CORNERS


def test_building_cards_are_transcribed_exactly_from_the_spec():
    """BK-R40, BK-R42 (§11.4): strengths, products, terrain requirements and camp priorities."""
    expected = {}
    for entry in _spec_json()[1]["building_cards"]:
        data = {k: v for k, v in entry.items() if k not in ("id", "id_prefix", "copies")}
        if str(data.get("produces", "")).startswith("choice:"):
            data["produces"] = None  # a trading post's resource is chosen each Harvest
        ids = (
            [entry["id"]]
            if "id" in entry
            else [f"{entry['id_prefix']}{n}" for n in range(1, entry["copies"] + 1)]
        )
        expected.update({card: data for card in ids})
    assert BUILDING_CARDS == expected


def test_parchments_are_transcribed_exactly_from_the_spec():
    """BK-R147-R152 (§11.5): every parchment's type and scoring rule, values included."""
    listed = {p["id"]: (p["type"], p["rule"]) for p in _spec_json()[2]["parchments"]}
    assert PARCHMENTS == listed
