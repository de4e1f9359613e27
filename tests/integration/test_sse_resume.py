"""A browser-independent SSE client over real HTTP: it reads some events, drops the connection,
commands keep coming, it reconnects with ``Last-Event-ID`` and ends with every event exactly once.
Runs the real app on the real PostgreSQL store and Redis (its own redis-server)."""

from __future__ import annotations

import threading
from uuid import uuid4

import pytest
import requests
from werkzeug.serving import make_server

from api import create_app
from api.config import Settings
from tests.domain.test_tables import play_first_legal, seated
from tests.fanout.sse import parse
from tests.projections.conftest import live_pg

pytestmark = pytest.mark.integration


@pytest.fixture
def server(redis_server, pg_env):
    """The real app on the real PostgreSQL store, with Redis fan-out to its own redis-server."""
    pg = live_pg()
    settings = Settings(store="postgres", postgres_dbname=pg["dbname"], postgres_host=pg["host"],
                        postgres_port=int(pg["port"]), postgres_user=pg["user"], postgres_password=pg["password"],
                        redis_url=redis_server.url, projections="off", testing=True, secret="e595cbc5d8b867e32aab2aa2fa4077107d053d6c64bf25afa5eae48370ac8f24")
    app = create_app(settings)
    live = app.extensions["live"]
    live.heartbeat, live.max_age = 0.2, 30
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    tables = app.extensions["tabletop.tables"]
    yield f"http://127.0.0.1:{http.server_port}", tables
    http.shutdown()
    live.broker.close()
    tables.close()


def read_entries(response, until_version: int) -> list[int]:
    """Entry ids from one response, until ``until_version`` arrives (one iterator per response)."""
    versions = []
    for message in parse(response.iter_content(chunk_size=None, decode_unicode=True)):
        if message.get("event") == "entry":
            versions.append(message["id"])
            if message["id"] >= until_version:
                break
    return versions


def test_resume_with_last_event_id_loses_nothing(server):
    base, tables = server
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    url = f"{base}/api/tables/{table_id}/stream"
    with requests.get(url, stream=True, timeout=10) as first:
        assert first.headers["Content-Type"].startswith("text/event-stream")
        got = read_entries(first, until_version=4)
    # the connection is gone; the table moves on
    for _ in range(4):
        play_first_legal(tables, table_id)
    head = tables.table(table_id).version
    with requests.get(url, stream=True, timeout=10, headers={"Last-Event-ID": str(got[-1])}) as second:
        got += read_entries(second, until_version=head)
    assert got == list(range(1, head + 1))


def test_an_unknown_table_is_refused_before_any_stream(server):
    base, _tables = server
    response = requests.get(f"{base}/api/tables/{uuid4()}/stream", timeout=10)
    assert response.status_code == 404 and response.json()["error"] == "table_not_found"
