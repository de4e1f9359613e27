"""``GET /api/tables/<id>/scores/history``: every seat's total over the game, from the read models.

The points are where a total changed, plus the start and the table's last version; each point is
what ``/scores`` showed at that version (the same public totals for every reader).
"""

from __future__ import annotations

import threading
from uuid import UUID, uuid4

import pytest

from api import create_app
from api.config import Settings
from projections.runner import Projector, open_store
from tests.api.conftest import SECRET, Table


def _app(**changes):
    return create_app(Settings(store="memory", testing=True, secret=SECRET).with_(**changes))


@pytest.fixture
def app():
    app = _app()
    yield app
    app.extensions["tabletop.projections"].stop()
    app.extensions["tabletop.tables"].close()


def play_to_the_end(duel: Table) -> None:
    while duel.to_act():
        duel.play_first_legal()


def check_history(duel: Table) -> list[dict]:
    """The finished duel's history: starts at zero, a point per change that /scores confirms, ends now."""
    body = duel.get("/scores/history").json
    assert body["table"] == duel.id
    points = body["points"]
    summary = duel.summary()
    assert points[-1]["version"] == summary["version"] and summary["status"] == "finished"
    assert points[0]["totals"] == {"0": 0, "1": 0}
    assert len(points) > 2  # the duel scored along the way
    for point, after in zip(points, points[1:]):
        assert point["version"] < after["version"]
        # the totals hold until the next point: /scores at the version just before it says the same
        assert duel.get(f"/scores?version={after['version'] - 1}").json["totals"] == point["totals"]
        if after is not points[-1]:
            assert duel.get(f"/scores?version={after['version']}").json["totals"] == after["totals"] != point["totals"]
    assert points[-1]["totals"] == duel.get("/scores").json["totals"]
    return points


def test_the_history_has_the_start_each_change_and_the_last_version(app):
    duel = Table(app.test_client())
    play_to_the_end(duel)
    points = check_history(duel)
    # it really is the read model's, and it equals a replay of the table
    assert app.extensions["tabletop.read_models"].store.get("score_history", duel.id) is not None
    assert points == app.extensions["tabletop.tables"].score_history(UUID(duel.id))


def test_without_read_models_the_history_is_replayed():
    app = _app(projections="off")
    try:
        assert "tabletop.read_models" not in app.extensions
        duel = Table(app.test_client())
        play_to_the_end(duel)
        check_history(duel)
    finally:
        app.extensions["tabletop.tables"].close()


def test_every_reader_gets_the_same_public_history(app):
    client = app.test_client()
    duel = Table(client)
    play_to_the_end(duel)
    spectator = duel.get("/scores/history").json
    assert duel.get("/scores/history", seat=0).json == duel.get("/scores/history", seat=1).json == spectator


def test_a_table_not_started_has_no_points_and_an_unknown_table_is_404(app):
    client = app.test_client()
    duel = Table(client, start=False)
    assert duel.get("/scores/history").json == {"table": duel.id, "points": []}
    missing = client.get(f"/api/tables/{uuid4()}/scores/history")
    assert missing.status_code == 404 and missing.json["error"] == "table_not_found"
    assert client.get(f"/api/tables/{duel.id}/scores/history?position=0").status_code == 422


def test_a_client_reads_its_own_move_in_the_history_with_the_position(tmp_path):
    """External projections: ``?position=`` waits (bounded) until the worker has the move."""
    settings = Settings(store="sqlite", data_dir=tmp_path, testing=True, secret=SECRET, projections="external")
    app = create_app(settings)
    client = app.test_client()
    tables = app.extensions["tabletop.tables"]
    store = open_store(settings)
    duel = Table(client)
    Projector(tables, store).catch_up()
    before = duel.get("/scores/history").json["points"]
    while True:  # play until a move changes a total
        played = duel.play_first_legal().json
        if tables.scores(UUID(duel.id))["totals"] != {"0": 0, "1": 0}:
            break
    assert duel.get("/scores/history").json["points"] == before  # no worker yet: the read model is behind
    worker = threading.Timer(0.1, lambda: Projector(tables, store).catch_up())
    worker.start()
    points = duel.get(f"/scores/history?position={played['position']}").json["points"]
    worker.join()
    assert points[-1]["version"] == played["version"]
    assert points[-1]["totals"] == tables.scores(UUID(duel.id))["totals"] != before[-1]["totals"]
    store.close()
    tables.close()


def test_the_history_is_in_the_openapi_document_with_its_schema(app):
    document = app.test_client().get("/api/openapi.json").json
    route = document["paths"]["/api/tables/{table_id}/scores/history"]["get"]
    assert route["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/ScoreHistory")
    assert [p["name"] for p in route["parameters"] if p["in"] == "query"] == ["position"]
    schema = document["components"]["schemas"]["ScoreHistory"]
    assert set(schema["properties"]) == {"table", "points"}
    point = document["components"]["schemas"]["ScorePoint"]
    assert set(point["required"]) == {"version", "totals"}
