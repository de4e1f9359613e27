"""Component data (spec §3.1 and §11): the counts the rulebook and the spec state."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from domain.games.walnut_grove.components import (
    BUILDING_TILES,
    COIN_VALUES,
    DESTINATIONS,
    LABOURERS,
    LANDSCAPE_TILES,
    PLAYER_BOARDS,
    TOWN,
    UPGRADES,
    YEAR_DISCS,
)

SPEC = Path(__file__).parents[3] / "docs" / "rules" / "walnut_grove.md"


def test_rulebook_counts():
    """§3.1: 50 landscape tiles, 8 building tiles, 21 upgrades, 30 coins, 8 discs, 4 boards, 16 labourers."""
    assert len(LANDSCAPE_TILES) == 50
    assert Counter(BUILDING_TILES.values()) == {"cabin": 4, "barn": 4}
    assert len(UPGRADES) == 21
    assert Counter(u.space for u in UPGRADES.values()) == {"home": 7, "yard": 7, "land": 7}
    assert Counter(COIN_VALUES.values()) == {0: 11, 1: 11, 2: 8}
    assert Counter(d.pile for d in YEAR_DISCS.values()) == {"A": 4, "B": 4}
    assert len(PLAYER_BOARDS) == 4
    assert Counter(LABOURERS.values()) == {"yellow": 6, "blue": 6, "white": 4}


def test_landscape_tile_composition():
    """§11.4: 10 full, 20 three-quarter, 20 half; 40 quadrants and 15 slots per landscape; 75 slots, 110 fences."""
    tiles = LANDSCAPE_TILES.values()
    assert Counter(t.kind for t in tiles) == {"full": 10, "three_quarter": 20, "half": 20}
    quadrants = Counter(letter for t in tiles for letter in t.q)
    assert quadrants == dict.fromkeys("PGLFM", 40)
    slots = Counter(t.q[i] for t in tiles for i in range(4) if t.store[i] == "1")
    assert slots == dict.fromkeys("PGLFM", 15) and sum(slots.values()) == 75
    assert sum(t.fence.count("1") for t in tiles) == 110


def test_year_discs_let_every_player_place_ten_tiles():
    """§11.1: keep totals 5 (A) + 5 (B); draw - keep <= 2 so four players always draw in full."""
    assert sum(d.keep for d in YEAR_DISCS.values() if d.pile == "A") == 5
    assert sum(d.keep for d in YEAR_DISCS.values() if d.pile == "B") == 5
    assert all(d.draw - d.keep <= 2 and d.draw in (2, 3, 4) and d.keep in (1, 2) for d in YEAR_DISCS.values())
    a1 = YEAR_DISCS["A1"]
    assert (a1.draw, a1.keep, a1.summer_bonus, a1.fall_bonus, a1.double_eater) == (
        4,
        2,
        "dairy",
        "wood",
        "blue",
    )


def test_town_loop_and_boards():
    """§11.2/§11.3: 12 positions, 11 destinations, two-figure upgrade shops; forest top right on every board."""
    assert sorted(space.pos for space in TOWN.values()) == list(range(12))
    assert len(DESTINATIONS) == 11 and "town_hall" not in DESTINATIONS
    assert {s.id for s in TOWN.values() if s.capacity == 2} == {"svensons", "soebucks"}
    assert {s.id: s.toll for s in TOWN.values() if s.toll} == {"town_hall": "taxes", "church": "bazaar"}
    assert all(row[4] == "F" and sorted(row) == sorted("PGLMF") for row, _ in PLAYER_BOARDS.values())


def test_json_data_is_the_spec_verbatim():
    """The spec's three JSON blocks (§11.1, §11.2, §11.4) equal the package's components.json."""
    blocks = re.findall(r"```json\n(.*?)```", SPEC.read_text(encoding="utf-8"), re.S)
    data = json.loads((Path(__file__).parents[3] / "domain/games/walnut_grove/components.json").read_text())
    assert json.loads(blocks[0])["year_discs"] == data["year_discs"]
    assert json.loads(blocks[1])["town"] == data["town"]
    assert json.loads(blocks[2]) == data["landscape_tiles"]


def test_boards_and_upgrade_names_are_the_spec_tables_verbatim():
    """§11.3 and §11.6 are tables (not JSON): the transcribed boards (landscape row, H1 colour)
    and upgrade names and spaces equal the spec's rows."""
    text = SPEC.read_text(encoding="utf-8")
    boards = {
        row[0]: ("".join(cell.split()[0] for cell in row[1:6]), row[6])
        for row in (
            [c.strip() for c in line.strip("|").split("|")]
            for line in re.findall(r"^\| PB\d .*$", text, re.M)
        )
    }
    assert boards == PLAYER_BOARDS
    upgrades = {
        row[0]: (row[1], row[2])
        for row in (
            [c.strip() for c in line.strip("|").split("|")]
            for line in re.findall(r"^\| U\d\d .*$", text, re.M)
        )
    }
    assert upgrades == {u.id: (u.name, u.space) for u in UPGRADES.values()}
