"""Bunny Kingdom's strong bot judges parchments by what they may score at the end (``outlook``)."""

from __future__ import annotations

from domain.games.bunny_kingdom.bots import _parchment_points, outlook
from domain.games.bunny_kingdom.components import INDEX
from domain.games.bunny_kingdom.state import initial_state, put


def _with(parchments: tuple[str, ...], round_: int = 1, pick: int = 1, phase: str = "exploration", forests: int = 0):
    state = initial_state(4).set(phase=phase, round=round_, pick=pick)
    owners = state.owners
    for coord in ("A1", "A2", "A3", "E1", "F1", "G1", "J1", "J2")[:forests]:
        owners = put(owners, INDEX[coord], 0)
    return state.set(owners=owners, parchments=put(state.parchments, 0, parchments))


def test_a_mission_taken_early_is_worth_what_the_game_may_still_bring():
    early = _with(("P-MASTER-FISHER",))
    assert _parchment_points(early, 0) == 0  # basic's estimate: what it scores now
    assert outlook(early, 0) > 0
    late = _with(("P-MASTER-FISHER",), round_=4, phase="construction")
    assert outlook(late, 0) == 0  # nothing more to come


def test_a_threshold_pulls_towards_it_and_counts_in_full_once_reached():
    values = [outlook(_with(("P-WOODLAND-KING",), round_=3, forests=n), 0) for n in range(8)]
    assert values == sorted(values) and values[0] < values[3] < values[5] and values[7] == 20
    assert outlook(_with(("P-WOODLAND-KING",), round_=4, phase="construction", forests=6), 0) == 0


def test_treasures_count_their_value():
    assert outlook(_with(("P-LEFT-GLOVE", "P-RIGHT-GLOVE", "P-ROYAL-CROWN")), 0) == 4 + 4 + 5
