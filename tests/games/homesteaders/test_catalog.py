"""The Homesteaders catalog: valid for the API, complete for every id a real game names, no secret."""

from __future__ import annotations

import json
from typing import Any

from api.schemas.views import CatalogSchema
from domain.games.game import CHANCE
from domain.games.homesteaders import GAME
from domain.games.homesteaders import components as c
from tests.games.homesteaders.walk import walk

CATALOG = GAME.catalog()


def _ids(value: Any, found: set[str]) -> set[str]:
    """Every string id of a building instance or tile inside a JSON value (worker ids are generic).

    Income lines name a worker slot as ``<instance>/<slot>``: the instance is what must be known."""
    if isinstance(value, dict):
        for v in value.values():
            _ids(v, found)
    elif isinstance(value, list | tuple):
        for v in value:
            _ids(v, found)
    elif isinstance(value, str) and ("#" in value or (len(value) == 3 and value[0] == "A" and value[1:].isdigit())):
        found.add(value.split("/", 1)[0])
    return found


def test_catalog_validates_against_the_api_schema():
    assert CatalogSchema().validate({"game": "homesteaders", "rules_version": "1", **CATALOG}) == {}


def test_every_building_and_tile_has_name_kind_cost_points_and_a_one_line_effect():
    for b in c.BUILDINGS.values():
        entry = CATALOG["components"][b["id"]]
        assert entry["name"] == b["name"] and entry["points"] == b["vp"] and entry["cost"] == (b["cost"] or {})
        assert entry["effect"] and "\n" not in entry["effect"]
    farm = CATALOG["components"]["farm#3"]
    assert farm["effect"] == "A worker: 2 silver + 1 trade; a worker: 1 food."
    assert CATALOG["components"]["A14"]["effect"] == (
        "No building; +1 worker (optional) and a railroad advance with its reward.")
    assert CATALOG["components"]["A13"]["build_types"] == ["R", "C", "I", "S"]


def test_every_id_in_the_views_and_legal_moves_of_a_seeded_4_player_game_has_an_entry():
    seen: set[str] = set()
    moves: set[str] = set()
    phases: set[str] = set()
    keys: set[str] = set()
    for before, actor, _action, after in walk(4, {"resource_visibility": "open"}, seed=3):
        view = GAME.player_view(after, None)
        _ids(view, seen)
        phases.add(view["phase"])
        if actor != CHANCE:
            for move in GAME.legal_moves(before, actor):
                _ids(move, seen)
                moves.add(move["type"])
        for breakdown in GAME.scores(after).breakdown.values():
            keys.update(breakdown)
    assert seen and not seen - set(CATALOG["components"])
    assert {f"move.{m}" for m in moves} <= set(CATALOG["terms"])
    assert {f"phase.{p}" for p in phases} <= set(CATALOG["terms"])
    assert keys and {f"score.{k}" for k in keys} <= set(CATALOG["terms"])


def test_the_catalog_holds_no_stack_order_of_a_real_table():
    state = next(after for _b, _a, _m, after in walk(4, {}, seed=5) if after.stack2 and after.stack3)
    text = json.dumps(CATALOG)
    for stack in (state.stack2, state.stack3):
        assert json.dumps(list(stack)) not in text
        assert json.dumps(list(stack[:4])) not in text  # not even one era group's order
    tiles = [e for e in CATALOG["components"].values() if e["kind"] == "auction tile"]
    assert [t["name"] for t in tiles] == [f"Tile A{n:02d}" for n in range(1, 31)]  # listed in id order only


def test_the_components_endpoint_sends_the_games_own_fields_beyond_name_kind_cost_points_effect():
    from api import create_app
    from api.config import Settings

    app = create_app(Settings(store="memory", testing=True, secret="65497d90c904e65b52ffc3683c744a040624edcfd598a37043df48a230d4b389"))
    body = app.test_client().get("/api/games/homesteaders/components").get_json()
    assert body["components"]["farm#1"]["worker_slots"] == [{"workers": 1, "yield": {"silver": 2, "trade": 1}},
                                                             {"workers": 1, "yield": {"food": 1}}]
    assert body["components"]["A09"]["bonus"] == "pay_copper_for_4vp"
    assert body["board"]["bid_ladder"] == [3, 4, 5, 6, 7, 9, 12, 16, 21]
    assert body["seat_colours"][0] == {"seat": 0, "colour": "red"}
