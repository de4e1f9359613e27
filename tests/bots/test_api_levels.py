"""``POST /api/tables/{id}/seats`` with a bot level: stored, shown in the seat list, checked (422)."""

from __future__ import annotations

from tests.api.conftest import app, client  # noqa: F401 - the API's fixtures


def _open(client, game="homesteaders", seats=2):  # noqa: F811
    r = client.post("/api/tables", json={"game": game, "seats": seats})
    assert r.status_code == 201
    return f"/api/tables/{r.json['table_id']}"


def test_a_bot_seat_takes_the_level_asked_for_and_the_seat_list_shows_it(client):  # noqa: F811
    url = _open(client)
    assert client.post(f"{url}/seats", json={"name": "deep", "bot": True, "level": "strong"}).status_code == 201
    assert client.post(f"{url}/seats", json={"name": "plain", "bot": True}).status_code == 201
    seats = client.get(url).json["seats"]
    assert [(s["name"], s["bot"], s["level"]) for s in seats] == [("deep", True, "strong"), ("plain", True, "basic")]


def test_an_unknown_level_is_refused_with_the_levels_named(client):  # noqa: F811
    url = _open(client)
    r = client.post(f"{url}/seats", json={"name": "x", "bot": True, "level": "godlike"})
    assert r.status_code == 422
    assert "random" in str(r.json) and "basic" in str(r.json) and "strong" in str(r.json)


def test_a_level_without_bot_is_refused(client):  # noqa: F811
    url = _open(client)
    r = client.post(f"{url}/seats", json={"name": "ann", "level": "strong"})
    assert r.status_code == 422 and "bot" in r.json["message"] + str(r.json.get("errors"))


def test_the_openapi_document_names_the_levels(client):  # noqa: F811
    spec = client.get("/api/openapi.json").json
    schema = spec["components"]["schemas"]["TakeSeat"]["properties"]["level"]
    assert schema["enum"][:3] == ["random", "basic", "strong"] or "strong" in str(schema)
