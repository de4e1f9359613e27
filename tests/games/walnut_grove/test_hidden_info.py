"""Hidden information (spec §7, WG-H01..H11), checked over whole seeded bot games.

The only secrets are coin identities/values in a barn (owner only until the end), the coin
bag's content, the face-down year-disc order and the RNG. A walk through every step checks
``player_view``, ``action_view``, ``describe`` and the step's facts for every seat and the
spectator.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.holdings import coins
from domain.log import render_seats
from tests.games.playout import playout, replay, seed_hex
from tests.games.walnut_grove.builders import P1, P2, P3, f3_from_setup, fall_turn, table

COIN_ID = re.compile(r"\bc\d\d\b")
DISC_ID = re.compile(r"\b[AB][1-4]\b")


def _text(value) -> str:
    return json.dumps(value, sort_keys=True) if not isinstance(value, str) else value


def _coin_drawer(state):
    return state.order[state.cursor] if state.chance_step == "coins" else None


def _check_step(before, actor, action, after, viewers, secret_hex):
    for viewer in viewers:
        own_before = set(coins(before.player(viewer))) if viewer is not None else set()
        own_after = set(coins(after.player(viewer))) if viewer is not None else set()
        if viewer is not None and after.overflow and after.order[after.cursor] == viewer:
            own_after |= set(after.overflow)
        # WG-H01/H02: the live view names only the viewer's own coins (or none for a spectator)
        if after.phase != "ended":
            view = _text(GAME.player_view(after, viewer))
            assert set(COIN_ID.findall(view)) <= own_after, f"viewer {viewer} sees coins of others"
            # WG-H04: face-down discs never appear
            assert not set(DISC_ID.findall(view)) & set(after.discs)
            assert secret_hex not in view  # WG-H06
        # WG-H03: coin ids in the log only for the owner's own coins
        facts = GAME.facts(before, actor, action, after, viewer)
        seen = _text(GAME.action_view(before, actor, action, viewer)) + GAME.describe(
            before, actor, action, viewer
        ) + _text(facts)
        for fact in facts:  # WG-H03: another seat's toll coin is a count, without id or value
            if fact["kind"] == "toll paid" and viewer != fact["seats"][0]:
                assert fact["amounts"] == {str(fact["seats"][0]): {"coins": 1}}, (viewer, fact)
        allowed = own_before | own_after if (viewer == actor or viewer == _coin_drawer(before)) else set()
        if actor == CHANCE and viewer is not None and viewer == _coin_drawer(before):
            allowed |= set(action["outcome"])
        assert set(COIN_ID.findall(seen)) <= allowed, (
            f"viewer {viewer} sees {COIN_ID.findall(seen)} in {seen}"
        )
        assert not set(DISC_ID.findall(seen)) & set(after.discs)
        assert secret_hex not in seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_wg_h01_h02_h03_h04_h06_no_secret_reaches_another_viewer_in_a_whole_game(players):
    """WG-H01, WG-H02, WG-H03, WG-H04, WG-H06, WG-H08: walk a whole game; views and log stay clean for everyone else."""
    run = playout(GAME, players, {}, seed=11 + players, check=False)
    viewers = [None, *range(players)]
    state = GAME.setup(players, {})
    for actor, action in run.steps:
        after = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )
        _check_step(state, actor, action, after, viewers, seed_hex(11 + players))
        state = after
    assert state.phase == "ended"


def test_wg_h01_others_see_how_many_coins_and_where_not_which():
    """WG-H01: p2 sees p1's barn slots as "coin" and a count; p1 sees ids and values."""
    state = table()
    theirs = GAME.player_view(state, P2)["players"][P1]
    assert theirs["barn"] == ["coin", "coin", "", ""] and theirs["coin_count"] == 2 and "coins" not in theirs
    mine = GAME.player_view(state, P1)["players"][P1]
    assert mine["coins"] == [{"id": "c01", "value": 0}, {"id": "c02", "value": 0}]


def test_wg_h02_h04_bag_content_and_disc_order_are_counts_only():
    """WG-H02, WG-H04: the coin bag and the face-down discs are shown as counts; the face-up disc is public."""
    state = f3_from_setup()
    view = GAME.player_view(state, None)
    assert view["coin_bag_count"] == 24 and view["discs_face_down"] == 7
    assert view["year_disc"]["id"] == "A1" and "discs" not in view and "coin_bag" not in view
    shuffle = GAME.setup(2, {})
    shuffle = GAME.resolve_chance(shuffle, ["PB1", "PB2", "PB3", "PB4"])
    request = GAME.chance(shuffle)
    action = {"type": "chance", "request": request.to_dict(), "outcome": ["A3", "A1", "A2", "A4"]}
    for viewer in (None, 0, 1):
        seen = GAME.action_view(shuffle, CHANCE, action, viewer)
        assert "outcome" not in seen and "items" not in seen["request"]
        assert not DISC_ID.search(GAME.describe(shuffle, CHANCE, action, viewer))


def test_wg_h03_tolls_and_costs_show_counts_to_others():
    """WG-H03: the mover sees its coin ids; others see "coin" entries and a coin count."""
    state = table(cursor=1)
    move = fall_turn("post_office", ["coin:c05"], goods=["fish", "fish"])
    assert GAME.action_view(state, P3, move, P3) == move
    for viewer in (P1, P2, None):
        seen = GAME.action_view(state, P3, move, viewer)
        assert seen["tolls"] == ["coin"] and seen["payment"] == {"coin_count": 0, "goods": []}
        assert not COIN_ID.search(GAME.describe(state, P3, move, viewer))


def test_wg_h05_h07_drawn_tiles_farms_and_help_tiles_are_public():
    """WG-H05, WG-H07: a spectator sees drawn tiles, storage, barn goods, help tiles and town stock."""
    state = f3_from_setup()
    state = GAME.resolve_chance(state, ["L05", "L12", "L31", "L40"])
    view = GAME.player_view(state, None)
    assert view["players"][P1]["drawn_tiles"] == ["L05", "L12", "L31", "L40"]
    assert view["players"][P2]["storage"] == {"board:4:1": "wood"}
    assert view["players"][P3]["help_tiles"] == {"flipped": 0, "returnable": False, "total": 0}
    assert len(view["town_stock"]["hotel"]) == 3


def test_wg_h08_after_the_end_every_coin_is_public():
    """WG-H08, WG-H09: once the game has ended, all coins are revealed to every viewer."""
    run = playout(GAME, 2, {}, seed=3, check=False)
    final = run.final
    for viewer in (None, 0, 1):
        view = GAME.player_view(final, viewer)
        for seat in range(2):
            assert [c["id"] for c in view["players"][seat]["coins"]] == coins(final.player(seat))


def test_wg_h09_live_scoreboard_has_no_coin_values():
    """WG-H09: mid-game scores count coins as 0 (a partial score "excluding coins")."""
    state = table()
    assert all(parts["coins"] == 0 for parts in GAME.scores(state).breakdown.values())


def test_wg_h10_recorded_outcomes_replay_to_the_same_state():
    """WG-H10 (WG-D20): the rules never draw: replaying recorded outcomes gives the live state."""
    run = playout(GAME, 3, {}, seed=5, check=False)
    assert replay(GAME, 3, {}, run.steps) == run.final


def test_wg_h11_simultaneous_submissions_are_public_at_once():
    """WG-H11: another player (or a spectator) sees a summer placement exactly as submitted."""
    state = table(phase="summer")
    move = {
        "type": "place_figures",
        "assignments": [{"figure_id": "farmer", "anchor": {"x": 0, "y": 0, "q": "NW"}}],
    }
    for viewer in (P2, P3, None):
        assert GAME.action_view(state, P1, move, viewer) == move


@pytest.mark.parametrize("players", [2, 4])
def test_describe_gives_one_sentence_per_step_for_every_viewer(players):
    """The table log: one plain English sentence per move and chance outcome, from each viewpoint."""
    run = playout(GAME, players, {}, seed=21, check=False)
    state = GAME.setup(players, {})
    for actor, action in run.steps:
        for viewer in (None, *range(players)):
            names = [f"Player {s}" for s in range(players)]  # the platform names the seats (domain.log)
            sentence = render_seats(GAME.describe(state, actor, action, viewer), names, viewer, GAME.name_component)
            assert sentence[0].isupper() and sentence.endswith(".") and "\n" not in sentence
            assert sentence.count(". ") == 0, sentence
        state = (
            GAME.resolve_chance(state, action["outcome"])
            if actor == CHANCE
            else GAME.play(state, actor, action)
        )


@pytest.mark.parametrize("odd", [True, 1.0, "1", -1, 7])
def test_wg_h01_a_viewer_that_is_not_a_seat_sees_only_what_a_spectator_sees(odd):
    """WG-H01/WG-H03: only a real seat number unlocks a seat's coins; ``True`` or ``1.0`` (equal
    to seat 1 by value) once saw p2's coin ids in the view, the overflow and the log."""
    state = table(cursor=2)  # p2's fall turn; p2 holds c03, c04
    assert GAME.player_view(state, odd) == GAME.player_view(state, None)
    sale = fall_turn("general_store_1", sell=[{"good": "wood", "source": "board:4:1"}])
    drawing = GAME.play(state, P2, sale)
    action = {"type": "chance", "request": GAME.chance(drawing).to_dict(), "outcome": ["c12", "c23"]}
    assert GAME.action_view(drawing, CHANCE, action, odd) == GAME.action_view(drawing, CHANCE, action, None)
    assert GAME.describe(drawing, CHANCE, action, odd) == GAME.describe(drawing, CHANCE, action, None)
    full = state.with_player(P2, replace(state.player(P2), barn=("c03", "c04", "grain", "fish")))
    pending = GAME.resolve_chance(GAME.play(full, P2, sale), ["c12", "c23"])
    assert pending.overflow and GAME.player_view(pending, odd) == GAME.player_view(pending, None)
    lodge = replace(
        state.with_player(P2, replace(state.player(P2), place="lodge")), order=(P2, P1, P3), cursor=0
    )
    toll = fall_turn("post_office", ["coin:c03"], goods=["fish", "fish"])
    assert GAME.action_view(lodge, P2, toll, odd) == GAME.action_view(lodge, P2, toll, None)
    assert GAME.describe(lodge, P2, toll, odd) == GAME.describe(lodge, P2, toll, None)


@pytest.mark.parametrize("odd", [True, 1.0, "1", -1, 7, None])
def test_wg_h01_legal_moves_are_listed_only_for_a_real_seat_number(odd):
    """WG-H01: the legal fall moves name the seat's own coin ids (tolls, payments), so only a real
    seat number gets a list; ``True`` once got seat 1's list."""
    state = table(cursor=2)  # p2's fall turn; its moves name c03 / c04
    assert any("coin:c03" in move.get("tolls", []) for move in GAME.legal_moves(state, P2))
    assert GAME.legal_moves(state, odd) == []
