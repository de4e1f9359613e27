"""Views and log sentences compute a state's shared parts once, however many viewers ask.

The projection worker renders every seat's view and sentence from one state object; the
every-seat fiefs and the replayed move behind an aftermath must not be recomputed per viewer.
The public parts every viewer's view shares refuse changes, so no caller can change another's.
"""

from __future__ import annotations

import pytest

from domain.games.bunny_kingdom import GAME, views
from tests.games.bunny_kingdom.builders import build, exploring, first_pick, own, scrolls, table

VIEWERS = (0, 1, 2, 3, None)


def test_every_seats_fiefs_are_computed_once_per_state_for_all_viewers(monkeypatch):
    state = build(own(table(), 0, "A1", "A2"), "A1", "B-CITY1-1", 0)
    calls = []
    original = views._fiefs
    monkeypatch.setattr(views, "_fiefs", lambda s, seat: calls.append(seat) or original(s, seat))
    rendered = [GAME.player_view(state, v) for v in VIEWERS]
    assert sorted(calls) == [0, 1, 2, 3]  # once per seat, not once per seat per viewer
    assert all(r["fiefs"] == rendered[0]["fiefs"] for r in rendered)
    assert rendered[0]["fiefs"][0], "seat 0 holds a fief"
    # The viewers share the public parts, read-only: changing one for all fails; the top level
    # and ``you`` are each view's own.
    assert rendered[1]["fiefs"] is rendered[0]["fiefs"] and rendered[1]["board"] is rendered[0]["board"]
    with pytest.raises(TypeError):
        rendered[0]["fiefs"][0][0]["territories"].append("Z9")
    with pytest.raises(TypeError):
        rendered[0]["board"]["A1"] = {"owner": 1, "building": None}
    with pytest.raises(TypeError):
        rendered[0]["seats"][1]["hand_size"] = 0
    rendered[0]["you"]["hand"].append("T-Z9")
    rendered[0]["scores"] = {}
    assert rendered[1]["you"]["hand"] != rendered[0]["you"]["hand"] and rendered[1]["scores"]
    assert GAME.player_view(state, 0)["fiefs"] == rendered[2]["fiefs"] and "T-Z9" not in GAME.player_view(state, 0)["you"]["hand"]


def test_a_new_state_is_computed_afresh():
    state = table()
    assert GAME.player_view(state, 0)["fiefs"] == [[], [], [], []]
    owned = build(own(state, 1, "A1"), "A1", "B-CITY1-1", 1)
    assert GAME.player_view(owned, 0)["fiefs"][1], "the new state's fief is there"


def test_a_move_behind_each_viewers_sentence_is_replayed_once(monkeypatch):
    state = exploring(4, 1, 0, {0: ["T-A1", "T-A2", "T-A3"]})
    seat = min(GAME.to_act(state))
    move = first_pick(state, seat)
    replays = []
    original = views.play
    monkeypatch.setattr(views, "play", lambda *a: replays.append(a) or original(*a))
    sentences = {v: GAME.describe(state, seat, move, v) for v in VIEWERS}
    assert len(replays) == 1
    assert "chose to play" in sentences[seat] and "chose to play" not in sentences[(seat + 1) % 4]



def test_a_sentence_given_the_state_after_its_move_replays_nothing_and_reads_the_same(monkeypatch):
    # The log worker holds the state after each recorded move: the sentence takes it instead of
    # replaying the move (Game.describe_after).
    state = exploring(4, 1, 0, {0: ["T-A1", "T-A2", "T-A3"]})
    seat = min(GAME.to_act(state))
    move = first_pick(state, seat)
    after = GAME.play(state, seat, move)
    expected = {v: GAME.describe(state, seat, move, v) for v in VIEWERS}
    fresh = exploring(4, 1, 0, {0: ["T-A1", "T-A2", "T-A3"]})  # a new object: no memo to hit
    replays = []
    monkeypatch.setattr(views, "play", lambda *a: replays.append(a))
    assert {v: GAME.describe_after(fresh, seat, move, v, after) for v in VIEWERS} == expected
    assert replays == []


def test_a_steps_facts_are_derived_once_for_all_viewers(monkeypatch):
    def step():
        state = exploring(4, 1, 0, {0: ["T-A1", "T-A2", "T-A3"]})
        seat = min(GAME.to_act(state))
        move = first_pick(state, seat)
        return state, seat, move, GAME.play(state, seat, move)

    expected = {v: GAME.facts(*step(), v) for v in VIEWERS}
    calls = []
    original = views.facts.derive
    monkeypatch.setattr(views.facts, "derive", lambda *a: calls.append(a) or original(*a))
    state, seat, move, after = step()  # new objects: nothing remembered for them yet
    assert {v: GAME.facts(state, seat, move, after, v) for v in VIEWERS} == expected
    assert len(calls) == 1


def test_a_finished_games_parchment_scoring_is_computed_once_for_all_viewers(monkeypatch):
    state = scrolls(own(table(phase="over", round=4), 0, "A1", "A2"), 0, "P-ROYAL-COAT")
    expected = {v: GAME.player_view(state, v)["final_scoring"] for v in VIEWERS}
    fresh = scrolls(own(table(phase="over", round=4), 0, "A1", "A2"), 0, "P-ROYAL-COAT")
    calls = []
    original = views.parchment_scores
    monkeypatch.setattr(views, "parchment_scores", lambda s: calls.append(s) or original(s))
    assert {v: GAME.player_view(fresh, v)["final_scoring"] for v in VIEWERS} == expected
    assert len(calls) == 1
    assert expected[None], "seat 0's parchment is scored"


def _drafting_with_parchments():
    """A choose step of four seats, seat 0 holding a Burgomaster and a printed city on its fief."""
    state = exploring(4, 1, 0, {0: ["T-A1", "T-A2", "T-A3"]})
    return scrolls(own(state, 0, "A1", "B1"), 0, "P-BURGOMASTER", "P-ROYAL-COAT")


def test_a_pick_that_reveals_nothing_counts_the_parchment_progress_of_the_same_board_once(monkeypatch):
    from domain.games.bunny_kingdom import scoring

    state = _drafting_with_parchments()
    seat = next(s for s in sorted(GAME.to_act(state)) if s != 0)
    after = GAME.play(state, seat, first_pick(state, seat))
    assert after.owners is state.owners and after.selections != state.selections  # the same board
    counted = []
    original = scoring.Metrics
    monkeypatch.setattr(scoring, "Metrics", lambda *a: counted.append(a) or original(*a))
    before_view, after_view = GAME.player_view(state, 0), GAME.player_view(after, 0)
    assert len(counted) == 1  # once for both states, not once per state
    assert before_view["you"]["parchment_progress"] == after_view["you"]["parchment_progress"]
    assert [line["card"] for line in after_view["you"]["parchment_progress"]] == ["P-BURGOMASTER", "P-ROYAL-COAT"]
    # Each view's lines are its own: changing one changes no other view's.
    before_view["you"]["parchment_progress"][0]["points"] = 99
    assert GAME.player_view(after, 0)["you"]["parchment_progress"][0]["points"] != 99
    # A board changed is counted afresh.
    moved = own(after, 0, "C1")
    GAME.player_view(moved, 0)
    assert len(counted) == 2


def test_a_fiefs_view_line_is_the_same_on_every_board_with_the_same_buildings():
    state = build(own(table(), 0, "A1", "A2"), "A1", "B-CITY1-1", 0)
    elsewhere = own(state, 1, "J10")  # seat 1 claims a square far away: seat 0's fief is unchanged
    first, second = GAME.player_view(state, None)["fiefs"][0], GAME.player_view(elsewhere, None)["fiefs"][0]
    assert first == second and first[0]["territories"] == ["A1", "A2"]
    grown = own(state, 0, "A3")
    assert GAME.player_view(grown, None)["fiefs"][0][0]["territories"] == ["A1", "A2", "A3"]
