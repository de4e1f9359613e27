"""A board's views derived from an earlier board's equal the views counted from scratch.

The rules remember which board each claim or build was made from (``lineage.changed``), and the
views derive the board's squares and the fief lines from the last board shown; a seat's squares
are one tuple for equal squares, so its fief lines are found again (issue 39: at 50 tables every
table's next view counted all of them again). These tests play
seeded games to their ends, show states as the projection worker and the live streams do (each
table's latest state, tables interleaved, every few moves), and compare every view, byte for
byte, with the view of the same state rebuilt from its dict: a state with no history, whose
views are counted from scratch. Small memos (evictions, histories lost) must give the same.
"""

from __future__ import annotations

import json

import pytest

from domain.games.bunny_kingdom import GAME, fiefs, lineage, views
from domain.games.bunny_kingdom.components import COORDS, INDEX
from domain.games.bunny_kingdom.state import from_dict, initial_state, to_dict
from scripts import bench_bk_outputs as outputs

#: Seeded whole games: basic bots at 2, 3 and 4 seats (camps, Sky Towers, trading posts), and a
#: random game at 4 (camps evicted by other seats' claims, BK-R101).
GAMES = [(2, "basic", 0), (3, "basic", 1), (4, "basic", 0), (4, "random", 0)]


@pytest.fixture(scope="module")
def recorded():
    return [outputs._with_players(outputs.record(*g), g[0]) for g in GAMES]


def _text(view):
    return json.dumps(view)  # key order included


def _scratch(state):
    """The same state with fresh tuples: nothing remembered of it or of its history."""
    return from_dict(json.loads(json.dumps(to_dict(state))))


def _play_interleaved(games, every):
    """Every game's states, tables interleaved move by move; each table shown every ``every``
    moves and at its end, as its spectator and each seat. Yields (state, viewer, view)."""
    states = [GAME.setup(outputs._players(steps), {}) for steps in games]
    for n in range(max(map(len, games))):
        for t, steps in enumerate(games):
            if n >= len(steps):
                continue
            states[t] = outputs.apply(states[t], *steps[n])
            if n % every == 0 or n == len(steps) - 1:
                for viewer in (None, *range(states[t].players)):
                    yield states[t], viewer, GAME.player_view(states[t], viewer)


@pytest.fixture
def derivations(monkeypatch):
    """How many results were derived from an earlier board's (``lineage.since`` found one)."""
    count = [0]
    since = lineage.since

    def counting(*args, **kwargs):
        found = since(*args, **kwargs)
        count[0] += found is not None
        return found

    monkeypatch.setattr(views, "since", counting)
    return count


@pytest.mark.parametrize("every", [1, 3, 11])
def test_views_derived_from_earlier_boards_are_the_views_counted_from_scratch(recorded, every, derivations):
    shown = 0
    for state, viewer, view in _play_interleaved(recorded, every):
        assert _text(view) == _text(GAME.player_view(_scratch(state), viewer))
        shown += 1
    assert shown >= 200
    assert derivations[0] > shown // 10  # boards were derived, not all counted from scratch


def test_with_small_memos_histories_are_lost_and_the_views_are_the_same(recorded, monkeypatch):
    monkeypatch.setattr(lineage, "KEPT", 40)
    monkeypatch.setattr(lineage, "DEPTH", 3)
    monkeypatch.setattr(fiefs, "SQUARES_KEPT", 24)
    monkeypatch.setattr(views, "BOARDS_KEPT", 24)
    for state, viewer, view in _play_interleaved(recorded, 2):
        assert _text(view) == _text(GAME.player_view(_scratch(state), viewer))


def test_the_game_ends_with_every_seats_fiefs_lines_and_board_as_counted_from_scratch(recorded):
    for steps in recorded:
        state = GAME.setup(outputs._players(steps), {})
        for step in steps:
            state = outputs.apply(state, *step)
            GAME.player_view(state, 0)
        assert state.phase == "over"
        view = GAME.player_view(state, None)
        for seat in range(state.players):
            squares = tuple(i for i, o in enumerate(state.owners) if o == seat)
            assert fiefs.controlled_squares(state.owners, seat) == squares
            lines = []
            for fief in fiefs.connected(squares, state.buildings):
                power, kinds = fiefs.strength_and_resources(state.buildings, state.trading, fief)
                lines.append({"territories": [COORDS[i] for i in fief], "strength": power,
                              "resources": sorted(kinds), "wealth": len(kinds), "harvest": power * len(kinds)})
            assert _text(view["fiefs"][seat]) == _text(lines)
        board = {COORDS[i]: {"owner": o if o >= 0 else None, "building": b}
                 for i, (o, b) in enumerate(zip(state.owners, state.buildings)) if o >= 0 or b is not None}
        assert _text(view["board"]) == _text(board)


def test_a_square_taken_from_one_seat_by_another_leaves_its_squares_and_joins_the_others():
    state = initial_state(3)
    a, b, c, d = INDEX["C3"], INDEX["C4"], INDEX["A1"], INDEX["J10"]
    owners = lineage.changed(state.owners, d, 2)
    known = {s: fiefs.controlled_squares(owners, s) for s in range(3)}
    assert known == {0: (), 1: (), 2: (d,)}
    board = views._squares(owners, state.buildings)
    step1 = lineage.changed(owners, a, 1)  # seat 1's camp
    step2 = lineage.changed(step1, c, 0)
    step3 = lineage.changed(step2, a, 0)  # seat 0's rabbit takes it (BK-R101)
    step4 = lineage.changed(step3, b, 0)
    assert fiefs.controlled_squares(step4, 0) == (c, a, b)
    assert fiefs.controlled_squares(step4, 1) == ()
    assert fiefs.controlled_squares(step4, 2) is known[2]  # equal squares: the very tuple
    derived = views._squares(step4, state.buildings)
    assert derived == {
        COORDS[i]: {"owner": o if o >= 0 else None, "building": bd}
        for i, (o, bd) in enumerate(zip(step4, state.buildings)) if o >= 0 or bd is not None
    }
    assert list(derived) == sorted(set(board) | {"A1", "C3", "C4"}, key=INDEX.__getitem__)
    assert derived["J10"] is board["J10"]  # an unchanged square's entry is shared
    emptied = lineage.changed(step4, b, -1)  # not a move of the rules; ``changed`` allows it
    assert "C4" not in views._squares(emptied, state.buildings)
    assert fiefs.controlled_squares(emptied, 0) == (c, a)
