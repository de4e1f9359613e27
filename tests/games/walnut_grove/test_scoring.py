"""Final scoring (spec §8, WG-E01..E06) and every upgrade tile of §11.6."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games import get_game
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.scoring import upgrade_points
from tests.games.walnut_grove.builders import P1, P2, P3, farmer, table

S23_TILES = (("L32", 1, 1, 0), ("L06", 2, 1, 0), ("L31", 3, 1, 0))


def _ended(*players):
    return table(tuple(players), phase="ended", year=8, disc="B4")


def test_wg_e01_hires_of_year_eight_fall_count_at_the_end():
    """WG-E01: the last winter ends year 8; the pending hire enters play (WG-A09) and scores."""
    p1 = farmer("PB1", active=(), pending=("w3",))
    state = GAME.play(table((p1,), phase="winter", year=8, disc="B4"), P1, {"type": "resolve_winter"})
    # B4: 3 fires, no labourer active yet: 3 help tiles -> returnable held, 0 goods: auto-confirmed
    assert GAME.is_over(state) and state.player(P1).active == ("w3",)
    assert GAME.scores(state).breakdown[P1]["labourers"] == 1


def test_wg_e02_e03_each_source_and_the_total():
    """WG-E02 a-f and WG-E03: coins at face value, labourers, building tiles, enclosures, upgrades, help."""
    p1 = farmer(
        "PB1",
        tiles=S23_TILES,
        barn=("c01", "c12", "c23", "grain"),
        active=("y1", "w2"),
        pending=(),
        cabins=("cabin_1",),
        barn_tiles=(),
        upgrades=(("yard", "U14"),),
        help_flipped=2,
    )
    parts = GAME.scores(_ended(p1)).breakdown[P1]
    assert parts == {"coins": 3, "labourers": 2, "buildings": 1, "enclosures": 3, "upgrades": 3, "help": -4}
    assert GAME.scores(_ended(p1)).totals[P1] == 8  # goods (1 grain) score nothing themselves (WG-E02 g)


def test_wg_e03_a_total_may_be_negative():
    """WG-E03: a farm with only help tiles scores below zero: under rules 2 only the 3 flipped ones
    cost points (WG-D19), under rules 1 the returnable one too."""
    p1 = farmer("PB1", active=(), help_flipped=3, help_returnable=True)
    assert GAME.scores(_ended(p1)).totals[P1] == -6
    assert get_game(GAME.name, "1").scores(_ended(p1)).totals[P1] == -8


def test_wg_e04_tie_breaks_fewer_help_tiles_then_more_goods_then_shared():
    """WG-E04: equal totals: fewer help tiles first; then more goods; still tied: shared first place."""
    rich = farmer("PB1", active=(), barn=("c23", "grain", "grain", ""))  # 2 VP, 2 goods
    poor = farmer("PB2", active=(), barn=("c24", "fish", "", ""))  # 2 VP, 1 good
    twin = farmer("PB3", active=(), barn=("c25", "wood", "stone", ""))  # 2 VP, 2 goods
    scores = GAME.scores(_ended(rich, poor, twin))
    assert scores.ranking == (P1, P3, P2) and scores.winners == (P1, P3)
    assert scores.tiebreak == {P1: [0, 2], P2: [0, 1], P3: [0, 2]}
    helped = replace(rich, barn=("c23", "c26", "grain", ""), help_flipped=1)  # 4 - 2 = 2 VP, 1 tile
    scores = GAME.scores(_ended(helped, poor))
    assert scores.totals == {P1: 2, P2: 2} and scores.ranking == (P2, P1) and scores.winners == (P2,)


def test_wg_e05_solo_uses_the_same_formula():
    """WG-E05 / WG-D31: one player, same formula, the score is the result."""
    solo = farmer("PB4", active=("b1",), barn=("c30", "", "", ""))
    scores = GAME.scores(_ended(solo))
    assert scores.totals == {P1: 3} and scores.ranking == (P1,) and scores.winners == (P1,)


def test_wg_e06_coins_are_counted_only_when_the_game_has_ended():
    """WG-E06 / WG-H09: live scores exclude coins; the ended game reveals them (CoinsRevealed)."""
    p1 = farmer("PB1", active=(), barn=("c23", "c24", "", ""))
    live = table((p1,), phase="winter", year=8)
    assert GAME.scores(live).breakdown[P1]["coins"] == 0
    assert GAME.scores(replace(live, phase="ended")).breakdown[P1]["coins"] == 4
    assert GAME.player_view(replace(live, phase="ended"), None)["players"][P1]["coins"] == [
        {"id": "c23", "value": 2},
        {"id": "c24", "value": 2},
    ]


@pytest.mark.parametrize(
    ("upgrade", "points"),
    [
        ("U01", 3),  # Rocking Chair
        ("U02", 4),  # 2 x 2 cabins
        ("U03", 3),  # 7 goods // 2
        ("U04", 0),  # holds a help tile
        ("U05", 2),  # 1 white labourer
        ("U06", 2),  # 2 coins
        ("U07", 3),  # 2 + 1 barn tile
        ("U08", 3),  # 3 labourers (pending included)
        ("U09", 1),  # 1 fish
        ("U10", 2),  # 2 grain
        ("U11", 3),  # 3 wood
        ("U12", 0),  # no dairy
        ("U13", 1),  # 1 stone
        ("U14", 3),  # Windmill
        ("U15", 4),  # 2 enclosed areas
        ("U16", 2),  # field (1,0)+(1,1)
        ("U17", 2),  # lake (2,0)+(2,1)
        ("U18", 1),  # forest (4,0)
        ("U19", 1),  # pastures are all size 1
        ("U20", 1),  # mountain (3,0)
        ("U21", 1),  # 3 tiles // 2
    ],
)
def test_upgrade_tiles_score_as_printed(upgrade, points):
    """§11.6 (WG-E02 e): each upgrade on one hand-checked farm."""
    player = farmer(
        "PB1",
        tiles=S23_TILES,
        active=("y1", "w1"),
        pending=("b4",),
        cabins=("cabin_1", "cabin_2"),
        barn_tiles=("barn_1",),
        barn=("c01", "c12", "grain", "grain", "wood", "fish"),
        storage={"board:4:1": "wood", "board:4:2": "wood", "board:3:1": "stone"},
        help_flipped=1,
    )
    assert upgrade_points(player, upgrade) == points


def test_wg_e04_family_bible_pays_only_without_help_tiles():
    """WG-E04 context: U04 checks help tiles after final adjustments (4 VP with none)."""
    assert upgrade_points(farmer("PB1"), "U04") == 4
    assert GAME.scores(_ended(farmer("PB1", active=(), upgrades=(("home", "U04"),)))).totals[P1] == 4


def test_wg_e02_the_board_frame_fences_the_forest_on_the_east():
    """WG-E02 d (WG-D03: the board frame counts as fenced): L31 (fences south and west) above
    PB1's forest (4,0) closes its top; the frame closes its east side: enclosed, 1 VP."""
    p1 = farmer("PB1", tiles=(("L31", 4, 1, 0),), active=())
    assert GAME.scores(_ended(p1)).breakdown[P1]["enclosures"] == 1


def test_wg_e02_b_live_scores_count_pending_hires_as_owned_labourers():
    """WG-E02 b: a labourer hired this fall is owned (it scores before it enters play)."""
    p1 = farmer("PB1", active=("y1",), pending=("w2",))
    assert GAME.scores(table((p1,), phase="winter")).breakdown[P1]["labourers"] == 2


def test_wg_e02_e_family_bible_counts_a_returnable_tile_too():
    """WG-E02 e / §11.6 U04: any help tile held, returnable or flipped, voids the Family Bible."""
    assert upgrade_points(farmer("PB1", help_returnable=True), "U04") == 0
    assert upgrade_points(farmer("PB1", help_flipped=1), "U04") == 0
