"""``GET /api/games/<game>/components``: each game's public component catalog.

It validates against its schema, is cacheable (ETag, 304), is in the OpenAPI document, names an
unknown game in its 404, and holds no secret of a real table (deck orders, hands).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from api.schemas.views import CatalogSchema
from domain.application import Tables
from domain.games import _PRODUCT, get_game

PRODUCT = [g.name for g in _PRODUCT]


@pytest.mark.parametrize("game", PRODUCT)
def test_every_product_catalog_validates_against_its_schema(client, game):
    r = client.get(f"/api/games/{game}/components")
    assert r.status_code == 200, r.json
    assert CatalogSchema().validate(r.json) == {}
    assert r.json["game"] == game and r.json["rules_version"] == get_game(game).rules_version


@pytest.mark.parametrize("game", PRODUCT)
def test_a_matching_etag_is_304_and_another_is_200(client, game):
    first = client.get(f"/api/games/{game}/components")
    etag = first.headers["ETag"]
    assert get_game(game).rules_version in etag  # a new rules version is a new tag
    again = client.get(f"/api/games/{game}/components", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    listed = client.get(f"/api/games/{game}/components", headers={"If-None-Match": f'"other", {etag}'})
    assert listed.status_code == 304
    stale = client.get(f"/api/games/{game}/components", headers={"If-None-Match": '"0-stale"'})
    assert stale.status_code == 200 and stale.json == first.json


def test_an_unknown_game_is_404_naming_it(client):
    r = client.get("/api/games/no_such_game/components")
    assert r.status_code == 404
    assert r.json["error"] == "not_found" and "no_such_game" in r.json["message"]
    assert client.get("/api/no/such/route").json["message"] == "no such resource"  # Werkzeug's own 404s stay short


def test_the_catalog_route_is_in_the_openapi_document_with_its_schema(client):
    document = client.get("/api/openapi.json").json
    route = document["paths"]["/api/games/{game}/components"]["get"]
    assert route["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/Catalog")
    assert "304" in route["responses"] and "404" in route["responses"]
    assert {"game", "rules_version", "components", "terms", "board", "tracks"} <= set(
        document["components"]["schemas"]["Catalog"]["required"])


def _secret_sequences(full: Any, public: str, out: list[list]) -> list[list]:
    """Every list of 5+ ids in the full state that the spectator's view does not show (deck
    orders, hands, screened stacks)."""
    if isinstance(full, dict):
        for value in full.values():
            _secret_sequences(value, public, out)
    elif isinstance(full, list | tuple):
        items = list(full)
        if len(items) >= 5 and all(isinstance(i, str | int) and not isinstance(i, bool) for i in items):
            if json.dumps(items)[1:-1] not in public:
                out.append(items)
        for value in items:
            _secret_sequences(value, public, out)
    return out


@pytest.mark.parametrize("game", PRODUCT)
def test_a_catalog_holds_no_secret_of_a_started_table(client, game):
    found = get_game(game)
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        table_id = tables.open_table(game, max(2, found.min_players)).table_id
        for seat in range(max(2, found.min_players)):
            tables.take_seat(table_id, f"player {seat}")
        tables.start(table_id)  # the shuffles and deals are done: decks and hands are in the state
        table = tables.table(table_id)
        public = json.dumps(found.player_view(table.state, None))
        secrets = _secret_sequences(found.to_dict(table.state), public, [])
    finally:
        tables.close()
    assert secrets, "the started table should hold some secret order to look for"
    catalog = json.dumps(client.get(f"/api/games/{game}/components").json)
    for sequence in secrets:
        assert json.dumps(sequence)[1:-1] not in catalog, sequence[:5]
