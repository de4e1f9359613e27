"""Fail fast and honestly when PostgreSQL is down, recover by itself, lose nothing acknowledged.

The test runs a PostgreSQL cluster of its OWN (``initdb`` in a temporary folder, as the postgres
user, on a free port), so stopping and restarting it never touches the shared server on 5432.
The app is the production shape in process: PostgreSQL event store, read models in PostgreSQL,
embedded projections.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from uuid import UUID

import pytest

from api import create_app
from api.config import Settings
from tests.api.conftest import SECRET, Table
from tests.backends import unavailable
from tests.integration.conftest import free_port

pytestmark = pytest.mark.integration

#: How long any request may take while the database is down (the store's waits are 2 s).
BOUND_S = 8.0


class OwnPostgres:
    """A throwaway PostgreSQL cluster: ``initdb`` as the postgres user, ``pg_ctl`` start/stop."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="tt_hard13_pg_"))
        shutil.chown(self.root, "postgres")
        self.data = self.root / "data"
        self.port = free_port()

    def _as_postgres(self, *cmd: str) -> None:
        done = subprocess.run(["runuser", "-u", "postgres", "--", *cmd], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {done.stderr.strip()}")

    def init(self) -> OwnPostgres:
        self._as_postgres("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        return self

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off"
        self._as_postgres("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")

    def stop(self) -> None:
        self._as_postgres("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def remove(self) -> None:
        try:
            self.stop()
        except RuntimeError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def own_postgres():
    if os.geteuid() != 0 or shutil.which("runuser") is None or shutil.which("initdb") is None:
        unavailable("a PostgreSQL cluster of the test's own", PermissionError("needs root, runuser and initdb"))
    server = OwnPostgres().init()
    server.start()
    yield server
    server.remove()


def timed(call):
    started = time.monotonic()
    response = call()
    return response, time.monotonic() - started


def test_a_database_outage_is_a_fast_503_and_the_service_recovers_losing_nothing_acknowledged(own_postgres):
    settings = Settings(store="postgres", postgres_port=own_postgres.port, postgres_dbname="postgres",
                        testing=True, secret=SECRET, postgres_wait_s=2)
    app = create_app(settings)
    client = app.test_client()
    duel = Table(client)
    acknowledged = [duel.play(0, duel.legal(0)[0], command_id="move-1").json]
    acknowledged.append(duel.play(1, duel.legal(1)[0], command_id="move-2").json)

    own_postgres.stop()
    own_postgres.start()  # a restart between two requests: every pooled connection died with it
    r, took = timed(lambda: duel.get())
    assert r.status_code == 200 and took < BOUND_S, (r.status_code, took)

    own_postgres.stop()
    move = {"move": {"type": "roll"}, "command_id": "move-3"}
    for call in (lambda: duel.post("/seats/0/moves", seat=0, json=move),
                 lambda: duel.get(), lambda: duel.get("/view", seat=0), lambda: duel.get("/log"),
                 lambda: client.get("/api/tables"), lambda: client.get("/readyz")):
        r, took = timed(call)
        assert r.status_code == 503 and took < BOUND_S, (r.status_code, took, r.json)
        assert int(r.headers["Retry-After"]) > 0 or r.json["status"] == "unavailable"
        if r.json.get("error"):
            assert r.json["error"] == "store_unavailable" and "unavailable" in r.json["message"]
    r, took = timed(lambda: client.get("/readyz"))
    assert r.status_code == 503 and took < 4 and r.json["checks"]["store"] == "unreachable"
    assert client.get("/healthz").status_code == 200  # the process itself is fine

    own_postgres.start()
    deadline = time.monotonic() + 30
    while True:
        r, took = timed(lambda: client.get("/readyz"))
        if r.status_code == 200:
            break
        assert time.monotonic() < deadline, "the service did not recover"
        time.sleep(0.2)
    assert took < 4
    summary = duel.summary()
    assert summary["version"] >= acknowledged[-1]["version"]
    tables = app.extensions["tabletop.tables"]
    commands = tables.table(UUID(duel.id)).commands
    assert {"move-1", "move-2"} <= set(commands)  # nothing acknowledged was lost
    assert [commands["move-1"], commands["move-2"]] == [a["version"] for a in acknowledged]
    to_act = summary["to_act"][0]
    r, took = timed(lambda: duel.play(to_act, duel.legal(to_act)[0]))
    assert r.status_code == 200 and took < BOUND_S
    deadline = time.monotonic() + 60  # the projection thread backs off (at most 5 s) while the store is away
    while (listed := client.get("/api/tables", query_string={"position": r.json["position"]})).status_code == 503:
        assert listed.json["error"] == "read_model_behind" and time.monotonic() < deadline
    assert listed.status_code == 200 and [t["id"] for t in listed.json] == [duel.id]  # the read models caught up
    tables.close()


def test_a_stream_cut_by_an_outage_ends_with_one_warning_naming_its_request_and_no_traceback(own_postgres, caplog):
    settings = Settings(store="postgres", postgres_port=own_postgres.port, postgres_dbname="postgres",
                        testing=True, secret=SECRET, postgres_wait_s=2, projections="off")
    app = create_app(settings)
    app.extensions["live"].heartbeat = 0.2  # the idle stream looks at the store's head this often
    client = app.test_client()
    duel = Table(client)
    stream = client.get(f"/api/tables/{duel.id}/stream", headers={"X-Request-ID": "stream-cut-by-outage"},
                        buffered=False)
    frames = iter(stream.response)
    seen = b""
    while b"event: view" not in seen:  # caught up: the stream now waits, and looks at the store
        seen += next(frames)
    own_postgres.stop()
    caplog.clear()
    with caplog.at_level("INFO"):
        rest = list(frames)  # ends by itself, raising nothing, within the bounded waits
    stream.close()
    assert all(chunk.startswith(b": hb") for chunk in rest), rest
    ended = [r for r in caplog.records if getattr(r, "event", None) == "stream_ended"]
    assert len(ended) == 1 and ended[0].levelname == "WARNING"
    assert ended[0].request_id == "stream-cut-by-outage" and ended[0].reason == "store_unavailable"
    assert not [r for r in caplog.records if r.levelname == "ERROR" or r.exc_info]
    app.extensions["tabletop.tables"].close()
