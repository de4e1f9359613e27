"""The live parts wired into the real app: the stream route behind seat tokens and the error
mapping, the lobby/scores/log routes reading the read models, and read-your-writes."""

from __future__ import annotations

import threading
from uuid import UUID, uuid4

import pytest

from api import create_app
from api.config import Settings
from api.reads import wait_target
from domain.games import get_game
from projections.runner import Projector, open_store
from tests.api.conftest import SECRET, Table
from tests.fanout.sse import parse
from tests.log_words import catalog_ids_in, machine_tokens_in


@pytest.fixture
def app():
    app = create_app(Settings(store="memory", testing=True, secret=SECRET))
    live = app.extensions["live"]
    live.heartbeat, live.max_age = 0.05, 5.0
    yield app
    app.extensions["tabletop.projections"].stop()
    app.extensions["tabletop.tables"].close()


def messages_until_idle(response) -> list[dict]:
    out = []
    for message in parse(response.response):
        if "comment" in message:
            break
        out.append(message)
    response.close()
    return out


def test_the_stream_shows_each_seat_its_own_secrets_only(app):
    client = app.test_client()
    duel = Table(client)
    ann_bid = duel.legal(0)[0]
    assert duel.play(0, ann_bid).status_code == 200
    said = f"bid card {ann_bid['card']}"
    for seat in (0, 1, None):
        response = client.get(duel.url("/stream"), headers=duel.auth(seat), buffered=False)
        assert response.status_code == 200 and response.mimetype == "text/event-stream"
        frames = messages_until_idle(response)
        entries = [m for m in frames if m.get("event") == "entry"]
        assert [m["id"] for m in entries] == list(range(1, len(entries) + 1))
        assert (said in entries[-1]["data"]["text"]) == (seat == 0)
        # the stream names the players as the log does: "You" only for the reader's own move
        assert entries[-1]["data"]["text"] == (f"You {said}." if seat == 0 else "ann placed a secret bid.")
        assert frames[-1]["data"]["view"] == duel.get("/view", seat=seat).json["view"]


def test_the_stream_refuses_a_bad_token_and_an_unknown_table_before_streaming(app):
    client = app.test_client()
    duel = Table(client)
    forged = client.get(duel.url("/stream"), headers={"Authorization": "Bearer t1.0.3.forged"})
    assert forged.status_code == 401 and forged.json["error"] == "bad_token"
    missing = client.get(f"/api/tables/{uuid4()}/stream")
    assert missing.status_code == 404 and missing.json["error"] == "table_not_found"


def test_the_stream_is_kept_out_of_the_openapi_document(app):
    paths = app.test_client().get("/api/openapi.json").json["paths"]
    assert not [p for p in paths if p.endswith("/stream")]


def test_embedded_reads_come_from_the_read_models_and_see_their_own_writes(app):
    client = app.test_client()
    duel = Table(client)
    assert [t["id"] for t in client.get("/api/tables").json] == [duel.id]  # waited for the log's head
    store = app.extensions["tabletop.read_models"].store
    assert store.get("lobby", duel.id)["status"] == "running"  # the list really is the read model
    duel.play_first_legal(0)
    assert duel.get("/scores").json == app.extensions["tabletop.tables"].scores(UUID(duel.id))
    assert duel.get("/log").json[-1]["text"] == duel.get("/events").json[-1]["text"]


def test_a_client_waits_for_the_position_its_command_returned(tmp_path):
    """External projections: the read waits (bounded) until the worker has caught up."""
    settings = Settings(store="sqlite", data_dir=tmp_path, testing=True, secret=SECRET, projections="external")
    app = create_app(settings)
    client = app.test_client()
    opened = client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).json
    assert client.get("/api/tables").json == []  # no worker yet: the read model is behind
    tables = app.extensions["tabletop.tables"]
    store = open_store(settings)
    worker = threading.Timer(0.1, lambda: Projector(tables, store).catch_up())
    worker.start()
    listed = client.get(f"/api/tables?position={opened['position']}").json
    worker.join()
    assert [t["id"] for t in listed] == [str(opened["table_id"])]
    assert client.get("/api/tables?position=0").status_code == 422
    store.close()
    tables.close()


def test_a_read_never_waits_for_a_position_past_the_end_of_the_log():
    assert wait_target(999_999, head=7) == 7
    assert wait_target(5, head=7) == 5
    assert wait_target(None, head=7) == 7


def test_the_stream_carries_each_moves_facts_as_that_reader_may_know_them(app):
    """docs/log.md: the entry frame of the move that revealed a two-player Bunny Kingdom pick lists
    both face-down discards (BK-R105): each seat reads its own card, the other seat and a
    spectator only that a card went. The same facts come with ``/events``, and as lines with ``/log``;
    every sentence reads the same words by the three, cards by their names."""
    client = app.test_client()
    r = client.post("/api/tables", json={"game": "bunny_kingdom", "seats": 2})
    assert r.status_code == 201, r.json
    table = Table.__new__(Table)
    table.client, table.id, table.tokens = client, r.json["table_id"], {}
    for name in ("ann", "bob"):
        taken = table.post("/seats", json={"name": name})
        table.tokens[taken.json["seat"]] = taken.json["token"]
    assert table.post("/start", seat=0).status_code == 200
    picks = {seat: next(m for m in table.legal(seat) if m["discard"]) for seat in (0, 1)}
    for seat in (0, 1):
        assert table.play(seat, picks[seat]).status_code == 200
    names = {0: "ann", 1: "bob"}
    for reader in (0, 1, None):
        response = client.get(table.url("/stream"), headers=table.auth(reader), buffered=False)
        entries = [m["data"] for m in messages_until_idle(response) if m.get("event") == "entry"]
        events = table.get("/events?limit=1000", seat=reader).json
        lines = table.get("/log?limit=1000", seat=reader).json
        for facts in (entries[-1]["facts"], events[-1]["facts"]):
            discards = [f for f in facts if f["kind"] == "card discarded"]
            assert [f["seats"] for f in discards] == [[0], [1]]
            for f in discards:
                (owner,) = f["seats"]
                who = "You" if owner == reader else names[owner]
                what = get_game("bunny_kingdom").name_component("card", picks[owner]["discard"]) if owner == reader else "a card"
                assert f["text"] == f"{who} discarded {what} face down, out of the game."
                assert f["components"] == ([picks[owner]["discard"]] if owner == reader else [])
        assert lines[-1]["facts"] == [f["text"] for f in events[-1]["facts"]]
        # The same words by every path, components named (issue 37): the stream, /events, /log.
        assert [e["text"] for e in entries] == [e["text"] for e in events] == [line["text"] for line in lines]
        assert not [t for t in (e["text"] for e in entries) if catalog_ids_in("bunny_kingdom", t) or machine_tokens_in(t)]
