"""The strong bot's tournament prospects (``prospects.places``) and level-3 judgement pieces."""

from __future__ import annotations

import pytest

from domain.games.fantasy_ranch import bots, prospects


@pytest.mark.parametrize("dice", [(1, 1), (3, 1), (2, 2, 1), (3, 3, 3, 1), (1, 2, 3)])
def test_place_probabilities_are_distributions(dice):
    table = prospects.places(dice)
    assert len(table) == len(dice)
    for row in table:
        assert sum(row) == pytest.approx(1.0)
    for place in range(len(dice)):  # every place goes to somebody (ties are a coin flip per pair)
        assert sum(row[place] for row in table) == pytest.approx(1.0, abs=0.01)


def test_more_dice_win_more_often():
    (three, one) = prospects.places((3, 1))
    assert three[0] > 0.9 > one[0]
    (a, b) = prospects.places((2, 2))
    assert a[0] == pytest.approx(0.5)


def test_strong_judges_level_three_with_its_own_taste():
    assert bots.STRONG.takeover and bots.STRONG.fate > 0
    assert not bots.BASIC.takeover and bots.BASIC.fate == 0
