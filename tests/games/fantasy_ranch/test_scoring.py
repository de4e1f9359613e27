"""Scoring (§8): per-level trophy sources, live scores, the breakdown keys and the tie-breakers."""

from __future__ import annotations

import pytest

from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.scoring import friends
from tests.games.fantasy_ranch.helpers import EX1, HOLDING, RED, YELLOW, play, table


@pytest.mark.parametrize(("n", "trophies"), [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (6, 4)])
def test_fr_r355_friend_groups_split_into_pairs_and_triples(n, trophies):
    """FR-R355 / FR-D18: n horses sharing a symbol score 2*(n//3) + [n mod 3 == 2]."""
    horseshoes = ["H01", "H02", "H03", "H04", "H05", "H06"][:n]
    assert friends(horseshoes) == trophies


def test_fr_r354_level_1_ignores_friends_and_champions():
    """FR-R354 / FR-R351: three horseshoes and a champion are just four horses in level 1."""
    state = table(
        1,
        ranches={YELLOW: (1, "A"), RED: (2, "A")},
        horses={c: (YELLOW, HOLDING) for c in ("H01", "H02", "H03", "H49")},
    )
    assert GAME.scores(state).breakdown[YELLOW] == {"horses": 4, "locations": 0}


def test_fr_r358_breakdown_keys_per_level_sum_to_the_total():
    """FR-R358: the breakdown keys of each level, and they add up to the total."""
    l1 = GAME.scores(table(1, ranches={0: (1, "A"), 1: (2, "A")}))
    l2 = GAME.scores(table(2, ranches={0: (1, "A"), 1: (2, "A")}))
    l3 = GAME.scores(table(3, grid=EX1, owners={"2B-H": 0, "1B-H": 1}))
    assert set(l1.breakdown[0]) == {"horses", "locations"}
    assert set(l2.breakdown[0]) == {"friends", "world_class", "fate_cards", "ranch_bonus", "locations"}
    assert set(l3.breakdown[0]) == {
        "friends",
        "territories",
        "full_boards",
        "expansion",
        "fate_cards",
        "world_class",
    }
    for scores in (l1, l2, l3):
        assert all(sum(b.values()) == scores.totals[s] for s, b in scores.breakdown.items())


def test_fr_r352_ranch_bonus_needs_every_location_of_the_own_board():
    """FR-R352 / FR-D26: four of five bought on side A: no bonus; all five: +1."""
    four = {f"1A-{i}": YELLOW for i in range(1, 5)}
    almost = GAME.scores(table(2, phase="game_over", ranches={0: (1, "A"), 1: (2, "A")}, owners=four))
    full = GAME.scores(
        table(2, phase="game_over", ranches={0: (1, "A"), 1: (2, "A")}, owners=four | {"1A-5": YELLOW})
    )
    assert almost.breakdown[YELLOW]["ranch_bonus"] == 0 and full.breakdown[YELLOW]["ranch_bonus"] == 1
    assert full.breakdown[YELLOW]["locations"] == 5


def test_fr_r353_territories_count_however_they_were_won():
    """FR-R353: a territory taken over by boarding counts like a bought one, home included."""
    state = table(
        3,
        grid=EX1,
        owners={"2B-H": YELLOW, "1B-H": RED, "1B-5": RED, "4B-3": YELLOW},
        horses={"H09": (YELLOW, "4B-3"), "H04": (YELLOW, "2B-H")},
        employees={0: "tom", 1: "alex"},
    )
    before = GAME.scores(state).breakdown[YELLOW]["territories"]
    after = play(state, YELLOW, {"type": "move_horse", "card_id": "H04", "destination": "1B-5"})
    assert (before, GAME.scores(after).breakdown[YELLOW]["territories"]) == (2, 3)


def test_fr_r350_the_game_ends_after_the_third_final_and_round_end_steps():
    """FR-R350 / FR-R254: F3's last decision ends the game; nobody acts afterwards."""
    state = table(
        1,
        phase="tournament_entries",
        round=5,
        slot=10,
        cursor=1,
        ranches={0: (1, "A"), 1: (2, "A")},
        entries=((YELLOW, None, 0, "declined"),),
        horses={"H49": (RED, "2A-H")},
    )
    state = play(state, RED, {"type": "decline_tournament"})
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
    assert GAME.legal_moves(state, RED) == [] and state.competed == ()


def test_fr_r357_live_scores_rank_mid_game_too():
    """FR-R357: scores are available in round 1; ties fall to horses, then goods, then seat order shares."""
    state = table(
        1,
        ranches={0: (1, "A"), 1: (2, "A")},
        goods={0: (1, 0), 1: (0, 0)},
        horses={"H01": (YELLOW, HOLDING), "H02": (RED, HOLDING)},
    )
    scores = GAME.scores(state)
    assert scores.totals == {0: 1, 1: 1} and scores.ranking == (0, 1) and scores.winners == (0,)
