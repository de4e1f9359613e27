"""Whole seeded bot games at every player count and option: protocol, replay, scores, golden file."""

from __future__ import annotations

import json

import pytest

from domain.games.fantasy_ranch import GAME
from domain.games.game import CHANCE
from tests.games.fantasy_ranch import golden
from tests.games.fantasy_ranch.games import CASES, case_id, run
from tests.games.playout import replay


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fr_r306_bot_games_finish_and_replay_from_their_recorded_steps(case):
    """FR-R306 / FR-R050: a whole game ends after 5 rounds; replaying the recorded outcomes gives the same state."""
    players, options, _ = case
    game = run(case)
    assert GAME.is_over(game.final) and game.final.round == 5
    assert replay(GAME, players, game.options, game.steps) == game.final
    scores = GAME.scores(game.final)
    assert sorted(scores.ranking) == list(range(players)) and scores.winners
    assert all(sum(parts.values()) == scores.totals[s] for s, parts in scores.breakdown.items())
    assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(game.final)))) == game.final


@pytest.mark.parametrize("case", [c for c in CASES if c[1]["level"] >= 2], ids=case_id)
def test_fr_r302_draft_logs_show_each_player_only_their_own_picks(case):
    """FR-R302 / FR-R305: in the log, another seat's draft pick never names the card."""
    players, _, _ = case
    state = GAME.setup(players, run(case).options)
    for actor, action in run(case).steps:
        if actor != CHANCE and action["type"] == "draft_pick":
            for viewer in [None, *range(players)]:
                shown = json.dumps(GAME.action_view(state, actor, action, viewer))
                said = GAME.describe(state, actor, action, viewer)
                assert (action["card_id"] in shown + said) == (viewer == actor)
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )


def test_golden_playthroughs_are_unchanged():
    """Seeded games per player count keep their final totals and length (regenerate on purpose only)."""
    recorded = golden.load()
    assert len(recorded) >= 9
    assert [golden.replay_entry(entry) for entry in recorded] == recorded


def test_fr_r306_states_stored_before_rolls_and_home_draw_existed_still_load():
    """FR-R306: undo and snapshots reload stored states; fields added later take their defaults."""
    final = run(CASES[0]).final
    data = GAME.to_dict(final)
    old = {k: v for k, v in data.items() if k not in ("rolls", "home_draw")}
    assert GAME.from_dict(json.loads(json.dumps(old))) == final
