"""Component data (§11) against the counts the rulebook and the public component list state."""

from __future__ import annotations

from collections import Counter

from domain.games.fantasy_ranch.components import (
    BOARDS,
    EMPLOYEES,
    FATE_CARDS,
    HORSES,
    LOCATION_PRICE,
    LOCATIONS,
    SKILLS,
    TOURNAMENT_CARDS,
    fate_cards_for,
)


def test_card_counts():
    """57 horses (9 world-class), 35 fate cards (10 level-3), 16 tournament cards (2 per skill), 6 employees."""
    assert len(HORSES) == 57
    assert sum(h.world_class for h in HORSES.values()) == 9
    assert len(FATE_CARDS) == 35 and len(fate_cards_for(2)) == 25 and len(fate_cards_for(3)) == 35
    assert len(TOURNAMENT_CARDS) == 16
    assert Counter(c.skill for c in TOURNAMENT_CARDS.values()) == {s: 2 for s in SKILLS}
    assert len(EMPLOYEES) == 6


def test_horse_cards_follow_the_design_rules():
    """§11.4: 8 friend symbols x 6, colours 14/10/11/11/11, 1-3 skills of 1-3 dice, every skill on 16-17 cards."""
    ordinary = [h for h in HORSES.values() if not h.world_class]
    assert Counter(h.friend for h in ordinary) == {f: 6 for f in {h.friend for h in ordinary}}
    assert len({h.friend for h in ordinary}) == 8
    assert all(h.friend is None for h in HORSES.values() if h.world_class)
    assert Counter(h.colour for h in HORSES.values()) == {
        "green": 14,
        "red": 10,
        "white": 11,
        "yellow": 11,
        "brown": 11,
    }
    assert all(1 <= len(h.skills) <= 3 and all(1 <= d <= 3 for _, d in h.skills) for h in HORSES.values())
    per_skill = Counter(s for h in HORSES.values() for s, _ in h.skills)
    assert set(per_skill) == set(SKILLS) and all(16 <= n <= 17 for n in per_skill.values())
    assert all(h.cost == max(2, sum(d for _, d in h.skills)) for h in ordinary)


def test_ranch_boards():
    """Six double-sided boards, 29 for-sale locations per side set, a home of capacity 3 on each side."""
    assert sorted({b for b, _ in BOARDS}) == [1, 2, 3, 4, 5, 6] and len(BOARDS) == 12
    for side in "AB":
        sale = [
            loc for (b, s), board in BOARDS.items() if s == side for loc in board.locations if not loc.is_home
        ]
        assert len(sale) == 29
        assert Counter(loc.type for loc in sale) == {
            "pasture": 8,
            "corral": 5,
            "paddock": 6,
            "mountain": 5,
            "stable": 5,
        }
    assert all(b.trophies == (1 if b.side == "A" else 2) for b in BOARDS.values())
    homes = [loc for loc in LOCATIONS.values() if loc.is_home]
    assert len(homes) == 12 and all(h.capacity == 3 for h in homes)
    assert LOCATION_PRICE == {"pasture": 2, "corral": 5, "paddock": 3, "mountain": 3, "stable": 3}
    for board in BOARDS.values():
        assert board.edges["E"][1] == board.edges["W"][1] == "orange"
        assert board.edges["N"][1] == board.edges["S"][1] == "blue"


def test_board_totals_match_the_cell_maps():
    """§11.5 table: total price of the non-home locations per board side."""
    totals = {f"{b}{s}": sum(loc.price for loc in board.locations) for (b, s), board in BOARDS.items()}
    assert totals == {
        "1A": 13,
        "1B": 13,
        "2A": 16,
        "2B": 16,
        "3A": 15,
        "3B": 15,
        "4A": 16,
        "4B": 16,
        "5A": 16,
        "5B": 16,
        "6A": 13,
        "6B": 13,
    }


def test_fate_cards_keep_exactly_the_trophy_rewards():
    assert all(c.kept == c.reward.startswith("trophies") for c in FATE_CARDS.values())
