"""FR-R300: dice rolls and rankings are public, so the view keeps them for the board to draw as dice.

Every tournament roll of a seeded game (the first roll and each tie roll-off, FR-R205) appears in
the view of every viewer, in order, with the exact dice of the chance outcome; finished
tournaments keep their ranking.
"""

from __future__ import annotations

from domain.games.fantasy_ranch import GAME
from domain.games.game import CHANCE
from tests.games.fantasy_ranch.games import game as playout_game


def test_fr_r300_every_tournament_roll_and_ranking_is_in_every_view():
    run = playout_game(3, 1, "B", 0)
    state = GAME.setup(3, GAME.resolve_options(3, run.options))
    rolled: list[list[int]] = []
    for actor, action in run.steps:
        if actor == CHANCE and state.phase == "tournament_roll":
            rolled.append(list(action["outcome"]))
        state = GAME.play(state, actor, action) if actor != CHANCE else GAME.resolve_chance(state, action["outcome"])
    assert rolled, "the seeded game rolled dice"
    for viewer in (None, 0, 1, 2):
        results = GAME.player_view(state, viewer)["results"]
        assert [r["slot"] for r in results] == ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "F1", "F2", "F3"]
        shown = [[d for seat in roll["seats"] for d in roll["dice"][str(seat)]] for r in results for roll in r["rolls"]]
        assert shown == rolled
        for r in results:
            entered = {e["seat"] for e in r["entries"] if e["kind"] in ("horse", "paid")}
            assert set(r["ranking"]) == (entered if len(entered) > 0 else set())
