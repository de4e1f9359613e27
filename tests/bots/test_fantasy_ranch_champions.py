"""Fantasy Ranch's strong bot counts each champion for a final of its own (``Taste.spread``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games import GAMES
from domain.games.fantasy_ranch import bots
from domain.games.fantasy_ranch.components import HORSES
from domain.games.fantasy_ranch.state import HOLDING, Work
from tests.bots.helpers import positions, seed_of

GAME = GAMES["fantasy_ranch"]


def _placed(w: Work, seat: int) -> list[str]:
    return [c for c in w.horses_of(seat) if w.place[c] != HOLDING]


def _two_champions_before_the_finals():
    """A seeded basic game's first position where a seat has two placed champions in round 4."""
    for _, state, _ in positions(GAME, 4, seed_of("fr-champions"), ["basic"] * 4):
        w = Work(state)
        for s in range(4):
            if w.round == 4 and len(bots._champion_dice(w, _placed(w, s))) >= 2:
                return state, s
    raise AssertionError("no seat held two champions in round 4")


def test_two_champions_ride_two_finals():
    state, seat = _two_champions_before_the_finals()
    w = Work(state)
    dice = bots._champion_dice(w, _placed(w, seat))
    assert dice == sorted(
        (HORSES[c].best_dice for c in _placed(w, seat) if HORSES[c].world_class), reverse=True
    )
    one_for_all = replace(bots.STRONG, spread=False)
    gain = bots.worth(state, seat, None, bots.STRONG) - bots.worth(state, seat, None, one_for_all)
    # three finals to come: the best champion for one of them, the next for another (not the best for all)
    assert gain == pytest.approx(bots.STRONG.champion * (sum(dice[:3]) - 3 * dice[0]))
    assert bots.STRONG.spread and not bots.BASIC.spread
