"""The small holes of issue 13: a take-seat retry cannot hand the token to someone else, a
read-your-writes read that times out says so, a chunked body over the limit is 413, a bare
``/leave`` gives nothing away, and the OpenAPI example opens a real game."""

from __future__ import annotations

import io
import json

from api import create_app, reads
from api.config import Settings
from domain.games import GAMES
from tests.api.conftest import SECRET, Table


def test_a_take_seat_retry_with_the_same_command_id_must_repeat_the_first_request(client):
    t = Table(client, start=False, names=())
    first = t.post("/seats", json={"name": "ann", "command_id": "seat-ann-1"})
    assert first.status_code == 201
    retry = t.post("/seats", json={"name": "ann", "command_id": "seat-ann-1"})
    assert retry.status_code == 201 and retry.json["duplicate"] and retry.json["token"] == first.json["token"]
    for other in ({"name": "mallory"}, {"name": "ann", "seat": 1}, {"name": "ann", "bot": True}):
        stolen = t.post("/seats", json={**other, "command_id": "seat-ann-1"})
        assert stolen.status_code == 409 and "token" not in stolen.json, stolen.json
        assert stolen.json["error"] == "conflict" and "command_id" in stolen.json["message"]
    assert t.summary()["version"] == first.json["version"]


def test_a_read_your_writes_read_that_times_out_is_503_with_retry_after(tmp_path, monkeypatch):
    monkeypatch.setattr(reads, "WAIT_S", 0.05)
    settings = Settings(store="sqlite", data_dir=tmp_path, testing=True, secret=SECRET, projections="external")
    app = create_app(settings)  # no projection worker runs: the read models stay behind
    client = app.test_client()
    opened = client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).json
    for path in ("/api/tables", f"/api/tables/{opened['table_id']}/log", f"/api/tables/{opened['table_id']}/scores"):
        r = client.get(path, query_string={"position": opened["position"]})
        assert r.status_code == 503 and r.headers["Retry-After"] == "1", (path, r.status_code)
        assert r.json["error"] == "read_model_behind" and str(opened["position"]) in r.json["message"]
    assert client.get("/api/tables").status_code == 200  # without a position: the models' answer
    app.extensions["tabletop.tables"].close()


def test_a_chunked_body_over_the_limit_is_413_not_400():
    client = create_app(Settings(store="memory", testing=True, secret=SECRET, max_body_bytes=1000)).test_client()
    big = json.dumps({"game": "tiny_duel", "seats": 2, "options": {"pad": "x" * 5000}}).encode()
    r = client.post("/api/tables", input_stream=io.BytesIO(big), environ_base={"wsgi.input_terminated": True},
                    headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"})
    assert r.status_code == 413 and r.json["error"] == "body_too_large"
    small = json.dumps({"game": "tiny_duel", "seats": 2}).encode()
    r = client.post("/api/tables", input_stream=io.BytesIO(small), environ_base={"wsgi.input_terminated": True},
                    headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"})
    assert r.status_code == 201


def test_leave_without_a_body_is_refused_and_keeps_the_seat(client):
    t = Table(client)
    r = client.post(t.url("/seats/0/leave"), headers=t.auth(0))
    assert r.status_code == 422 and r.json["error"] == "invalid_fields"
    assert t.summary()["seats"][0]["bot"] is False
    assert t.post("/seats/0/leave", seat=0, json={}).status_code == 200
    assert t.summary()["seats"][0]["bot"] is True


def test_the_openapi_example_opens_a_product_game(client):
    document = client.get("/api/openapi.json").json
    example = document["components"]["schemas"]["OpenTable"]["properties"]["game"]["example"]
    assert example in ("bunny_kingdom", "fantasy_ranch", "homesteaders", "walnut_grove") and example in GAMES
    assert client.post("/api/tables", json={"game": example, "seats": 2}).status_code == 201
