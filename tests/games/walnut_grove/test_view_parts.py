"""A view's goods and winter bill (counted without ``Counter`` and per household, issue 39) are
the rules' own: ``owned_goods`` in its order and ``winter_needs`` against it, for every player,
viewer and state of seeded games; a barn shows its coins to its owner only; the tiles shown (shared
by every view of a farm) are the farm's placements."""

from __future__ import annotations

import pytest

from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME, views
from domain.games.walnut_grove.components import COIN_VALUES, YEAR_DISCS
from domain.games.walnut_grove.farm import farm_areas
from domain.games.walnut_grove.holdings import owned_goods
from domain.games.walnut_grove.legal import area_anchor
from domain.games.walnut_grove.winter import winter_needs
from tests.games.playout import playout


def _expected_winter(state, p):
    if not state.disc or not p.board:
        return None
    needs, owned = winter_needs(state, p), owned_goods(p)
    short_food = sum(max(0, n - owned[g]) for g, n in needs.food.items())
    short_wood = max(0, needs.wood - owned["wood"])
    return {"food": dict(needs.food), "wood": needs.wood, "fires": needs.fires, "wagons": needs.wagons,
            "shortfall": {"food": short_food, "wood": short_wood}, "help_tiles": short_food + short_wood}


def test_a_views_goods_winter_bill_and_barn_are_the_rules_own():
    compared, bills, hidden = 0, 0, 0
    for players, seed in ((4, 2039), (3, 1039)):
        run = playout(GAME, players, {}, seed=seed)
        state = GAME.setup(players, GAME.resolve_options(players, run.options))
        for actor, action in run.steps:
            for viewer in (*range(players), None):
                view = GAME.player_view(state, viewer)
                for seat, p in enumerate(state.players):
                    shown = view["players"][seat]
                    assert list(shown["owned_goods"].items()) == list(owned_goods(p).items())
                    assert shown["winter_needs"] == _expected_winter(state, p)
                    own = viewer == seat or state.phase == "ended"
                    assert shown["barn"] == [i if own or i not in COIN_VALUES else "coin" for i in p.barn]
                    assert shown["tiles"] == [{"tile_id": t, "x": x, "y": y, "rotation": r} for t, x, y, r in p.tiles]
                    compared += 1
                    bills += shown["winter_needs"] is not None
                    hidden += shown["barn"] != list(p.barn)
            state = GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
    assert compared > 1000 and bills > 500 and hidden > 100


def test_every_view_of_a_farm_shares_its_areas_and_tiles_and_under_test_none_may_change_them():
    """A farm's areas (once per farm and summer bonus) and placed tiles are built once and shared
    by every view (issue 39); the suite hands them out read-only (tests/conftest.py), so a caller
    that changed them for every other view would fail here and wherever it ran."""
    run = playout(GAME, 3, {}, seed=1039)
    state = GAME.setup(3, GAME.resolve_options(3, run.options))
    for actor, action in run.steps:
        state = GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
        if state.phase == "summer":
            break
    mine, theirs = GAME.player_view(state, 0), GAME.player_view(state, 1)
    areas = mine["players"][0]["areas"]
    assert areas and areas is theirs["players"][0]["areas"]
    for change in (lambda: areas.append({}), lambda: areas[0]["cells"].append([0, 0]),
                   lambda: areas[0].update(size=0)):
        with pytest.raises(TypeError):
            change()
    assert areas == GAME.player_view(state, 2)["players"][0]["areas"]
    tiles = mine["players"][0]["tiles"]
    assert tiles and tiles is theirs["players"][0]["tiles"]
    for change in (lambda: tiles.append({}), lambda: tiles[0].update(x=9)):
        with pytest.raises(TypeError):
            change()


def _expected_areas(state, p):
    """``player_areas`` as it was written before the areas were drawn once per area (issue 39)."""
    if not p.board:
        return []
    bonus = YEAR_DISCS[state.disc].summer_bonus if state.disc else None
    return [
        {"key": a.key, "landscape": a.landscape, "good": a.good, "size": a.size,
         "yield": a.size + (1 if a.good == bonus else 0), "enclosed": a.enclosed,
         "anchor": area_anchor(a), "cells": [list(c) for c in sorted(a.cells)],
         "subcells": [list(c) for c in sorted(a.subcells)], "slots": list(a.slots)}
        for a in farm_areas(p.board, p.tiles)
    ]


def test_a_player_part_is_the_one_rendered_afresh_and_shared_while_the_player_is_unchanged(monkeypatch):
    """A view's player part is rendered once per player object, coins shown or not, and year disc,
    and shared by every view that shows it (issue 39): for every player, viewer and state of a
    seeded game it equals the part rendered afresh (its areas as drawn before), a player the last
    move left unchanged shows the very part the view before showed, and under test nobody may
    change it (its parts are every other view's too). The kept parts start empty and are not
    dropped during this game (whatever tests ran before filled them: they are dropped all at once
    when full), so every unchanged player is a hit."""
    monkeypatch.setattr(views, "_parts", {})
    monkeypatch.setattr(views, "_shown", {})
    monkeypatch.setattr(views, "PARTS_KEPT", 1 << 20)
    run = playout(GAME, 4, {}, seed=2039)
    state = GAME.setup(4, GAME.resolve_options(4, run.options))
    before: dict = {}
    compared, shared_parts = 0, 0
    for actor, action in run.steps:
        for viewer in (*range(4), None):
            view = GAME.player_view(state, viewer)
            for seat, p in enumerate(state.players):
                own = viewer == seat or state.phase == "ended"
                part = view["players"][seat]
                fresh = views._render_player(state, p, own)
                assert part == {**fresh, "areas": _expected_areas(state, p)} == fresh
                was = before.get((seat, viewer))
                if was is not None and was[0] is p and was[1] == state.disc:
                    assert part is was[2]
                    shared_parts += 1
                before[(seat, viewer)] = (p, state.disc, part)
                compared += 1
        state = GAME.resolve_chance(state, action["outcome"]) if actor == CHANCE else GAME.play(state, actor, action)
    assert compared > 4000 and shared_parts > compared // 2
    with pytest.raises(TypeError):
        part["barn"].append("wood")
    with pytest.raises(TypeError):
        part.update(done=True)
