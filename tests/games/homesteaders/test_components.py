"""Component data (spec §11) against the counts the rulebook and the spec state."""

from __future__ import annotations

from collections import Counter

from domain.games.homesteaders import components as c

from .helpers import new_game


def test_fifty_three_building_tiles_forty_nine_buildings_and_four_homesteads():
    """§3.1, §11.2: 49 buildings (34 in a 2-player game) plus one Homestead per player."""
    eras = ("settlement", "settlement_town", "town", "city")
    assert sum(len(c.instances(e, 4)) for e in eras) + 4 == 53
    assert {e: len(c.instances(e, 3)) for e in eras} == {"settlement": 11, "settlement_town": 13, "town": 14, "city": 11}
    assert {e: len(c.instances(e, 2)) for e in eras} == {"settlement": 8, "settlement_town": 8, "town": 11, "city": 7}
    assert len(c.BUILDINGS) == 32  # 31 kinds of building plus the Homestead


def test_two_player_copies_drop_one_copy_of_every_multi_copy_building():
    """§3.4: every building with 2+ copies loses one copy; single buildings unchanged."""
    for b in c.BUILDINGS.values():
        if b["id"] != "homestead":
            expected = b["copies_3_4p"] - 1 if b["copies_3_4p"] >= 2 else 1
            assert b["copies_2p"] == expected, b["id"]


def test_thirty_auction_tiles_in_three_stacks_of_ten():
    """§3.1, §11.3: stacks of 10; random stacks in groups of 4 Settlement, 4 Town, 2 City."""
    assert len(c.TILES) == 30
    assert Counter(t["stack"] for t in c.TILES.values()) == {"auction_1": 10, "auction_2": 10, "auction_3": 10}
    for stack in (2, 3):
        assert [len(g) for g in c.tile_groups(stack)] == [4, 4, 2]
    assert [c.stack_1_tile(r) for r in (1, 9, 10)] == ["A01", "A09", "A10"]
    assert c.TILES["A09"]["bonus"] == "pay_copper_for_4vp" and c.TILES["A10"]["bonus"] == "pay_livestock_for_4vp"


def test_special_buildings_match_the_rulebook_text():
    """Seed: River Port double slot, Rodeo capped at 5, Train Station extra build, Bank discards debt."""
    assert c.BUILDINGS["river_port"]["worker_slots"] == [{"workers": 2, "yield": {"gold": 1}}]
    assert c.BUILDINGS["rodeo"]["income"] == {"special": "silver_per_worker_max_5"}
    assert c.BUILDINGS["train_station"]["build_bonus"] == "gain_track_and_extra_build"
    assert c.BUILDINGS["bank"]["income"] == {"special": "pay_off_debt_or_2_silver"}
    assert c.BUILDINGS["homestead"]["income"] == {"silver": 2}


def test_fixed_numbers():
    """§11.1: ladders, rail rewards, slots, starting holdings."""
    assert c.BID_LADDER == (3, 4, 5, 6, 7, 9, 12, 16, 21)
    assert c.DUMMY_LADDER == (3, 4, 5, 6, 7, 9) and c.DUMMY_START == 5
    assert [c.n_slots(n) for n in (2, 3, 4)] == [2, 2, 3]
    assert c.RAIL_REWARDS[4] == ("wood", "food", "steel", "gold", "copper", "livestock")
    state = new_game(4)
    assert [(p.silver, len(p.workers), p.buildings) for p in state.seats] == [
        (6, 1, (f"homestead#{s}",)) for s in range(1, 5)
    ]
    assert len(state.stack2) == len(state.stack3) == 10
    assert len(new_game(3).stack3) == 0  # tiles A21–A30 are out of a 2–3 player game
