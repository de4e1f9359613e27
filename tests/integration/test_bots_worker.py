"""``TABLETOP_BOTS=worker`` on the real PostgreSQL store and Redis (its own redis-server): the
person's command answers with the bots still to act, the bots worker plays them and their moves
arrive on the table's fan-out channel; a worker that starts finds the tables left waiting (a push
lost, a run cut short) and plays them."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from uuid import UUID, uuid4

import pytest

from api import create_app
from api.bot_worker import BotQueue, BotWorker
from api.config import Settings
from api.fanout import GAP, build_broker
from api.legal_narrowing import narrow
from domain.application import Tables
from projections.runner import Projector, open_store
from tests.projections.conftest import LIVE_DB, live_pg

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
SECRET = "8c1f0a3be7d94265a1c07e5f3b29d84e6fa0c3d17b5e2948c6d0f1a7e3b95c42"


def wait_for(predicate, timeout=60.0):
    """Until ``predicate()`` is true (bounded: a failing worker must fail the test, not hang it)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def settings_for(redis_url: str, projections: str = "off") -> Settings:
    pg = live_pg()
    return Settings(store="postgres", postgres_dbname=pg["dbname"], postgres_host=pg["host"],
                    postgres_port=int(pg["port"]), postgres_user=pg["user"], postgres_password=pg["password"],
                    redis_url=redis_url, projections=projections, bots="worker", testing=True, secret=SECRET)


class Person:
    """One Bunny Kingdom table over HTTP: Ann in seat 0, three bots at ``level``."""

    def __init__(self, client, level: str = "basic") -> None:
        self.client = client
        r = client.post("/api/tables", json={"game": "bunny_kingdom", "seats": 4})
        assert r.status_code == 201, r.json
        self.id = r.json["table_id"]
        r = client.post(f"/api/tables/{self.id}/seats", json={"name": "Ann", "seat": 0})
        self.auth = {"Authorization": f"Bearer {r.json['token']}"}
        for seat in (1, 2, 3):
            r = client.post(f"/api/tables/{self.id}/seats",
                            json={"name": f"Bot {seat}", "seat": seat, "bot": True, "level": level})
            assert r.status_code == 201, r.json

    def start(self) -> int:
        r = self.client.post(f"/api/tables/{self.id}/start", json={}, headers=self.auth)
        assert r.status_code == 200, r.json
        return r.json["version"]

    def summary(self) -> dict:
        return self.client.get(f"/api/tables/{self.id}").json

    def move(self) -> int:
        """Ann's first legal pick; the version her answer gives."""
        moves = self.client.get(f"/api/tables/{self.id}/seats/0/legal-moves", headers=self.auth).json["moves"]
        move = next(m for m in moves if not m["type"].startswith("retract"))
        r = self.client.post(f"/api/tables/{self.id}/seats/0/moves", json={"move": move, "command_id": uuid4().hex},
                             headers=self.auth, query_string={"legal_moves": "true"})
        assert r.status_code == 200, r.json
        self.answer = r.json
        return r.json["version"]


@pytest.fixture
def app(redis_server, pg_env):
    app = create_app(settings_for(redis_server.url))
    yield app
    app.extensions["live"].broker.close()
    app.extensions["tabletop.tables"].close()


def queued(client) -> float:
    """``tabletop_bots_queue_tables`` as ``/metrics`` gives it."""
    text = client.get("/metrics").get_data(as_text=True)
    return float(next(line.split()[1] for line in text.splitlines() if line.startswith("tabletop_bots_queue_tables ")))


def bots_waiting(summary: dict) -> bool:
    return any(s["bot"] for s in summary["seats"] if s["seat"] in summary["to_act"])


def test_the_answer_comes_before_the_bots_and_their_moves_arrive_live(app, redis_server):
    client = app.test_client()
    tables: Tables = app.extensions["tabletop.tables"]
    assert tables.defer_bots
    ann = Person(client)
    started = ann.start()
    first = ann.summary()
    assert first["version"] == started and bots_waiting(first)  # answered; the bots' picks are still to come
    queue = BotQueue(redis_server.url)
    assert queue.pending() == 1  # the start queued the table
    assert queued(client) == 1
    listener = build_broker(redis_server.url)
    worker_tables = Tables(env=settings_for(redis_server.url).eventsourcing_env("tables"),
                           snapshot_key=settings_for(redis_server.url).snapshot_key())
    worker_tables.on_saved.append(build_broker(redis_server.url).after_save)
    worker = BotWorker(worker_tables, BotQueue(redis_server.url), settings_for(redis_server.url))
    thread = threading.Thread(target=worker.run, kwargs={"poll": 0.2, "threads": 3}, daemon=True)
    try:
        with listener.subscribe(ann.id) as stream:
            assert wait_for(listener.connected.is_set)
            thread.start()
            answered = started
            for _ in range(3):  # the bots' picks after the start, then after two of Ann's picks
                notice = None
                while notice is None or notice == GAP or notice.version <= answered:
                    notice = stream.get(timeout=30)
                    assert notice is not None, "no move of the bots arrived"
                after = ann.summary()
                assert after["version"] >= notice.version > answered
                assert not bots_waiting(after) and 0 in after["to_act"]
                played = list(tables.events.get(ann.id, gt=answered))
                bots_moves = [e for e in played if type(e).__name__ == "MovePlayed"]
                assert {e.seat for e in bots_moves} == {1, 2, 3}  # the bots' picks, played by the worker
                answered = ann.move()  # answered once Ann's pick (and the chance it causes) is saved
                # Its list is Ann's at the answer's version, before the bots' picks (the worker's, later).
                at = tables.table(UUID(ann.id), answered)
                assert ann.answer["legal_moves"] == {"seat": 0, "version": answered,
                                                     **narrow(tables.legal_moves_in(at, 0), None)}
                assert bots_waiting(tables.summary(UUID(ann.id), answered))
        assert wait_for(lambda: queue.pending() == 0 and not tables.bots_due(ann.id))
        assert queued(client) == 0
        assert worker.played >= 3
        assert tables.audit(ann.id).ok
    finally:
        worker.stop.set()
        thread.join(timeout=10)
        worker_tables.close()
        listener.close()
        queue.close()


def start_worker_process(redis_url: str, projections: str) -> subprocess.Popen:
    pg = live_pg()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_STORE": "postgres", "TABLETOP_POSTGRES_DB": LIVE_DB,
           "TABLETOP_POSTGRES_HOST": pg["host"], "TABLETOP_POSTGRES_PORT": str(pg["port"]),
           "TABLETOP_POSTGRES_USER": pg["user"], "TABLETOP_POSTGRES_PASSWORD": pg["password"],
           "TABLETOP_REDIS_URL": redis_url, "TABLETOP_SECRET": SECRET, "TABLETOP_BOTS": "worker",
           "TABLETOP_PROJECTIONS": projections, "TABLETOP_CREATE_TABLES": "n"}
    return subprocess.Popen([sys.executable, "-m", "api.cli", "bots", "run"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@pytest.mark.parametrize("projections", ["off", "external"])
def test_a_starting_worker_plays_the_tables_left_waiting(app, redis_server, projections):
    """One table's push was lost (the web worker died after the save, or Redis lost its lists), one
    was being played by a worker that was killed: a worker process that starts plays both. With
    read models it finds the first among the lobby's running tables, without them among every table."""
    client = app.test_client()
    tables: Tables = app.extensions["tabletop.tables"]
    lost, cut_short = Person(client), Person(client, level="random")
    lost.start()
    cut_short.start()
    queue = BotQueue(redis_server.url)
    assert queue.take(1) is not None and queue.take(1) is not None  # both now "being played"
    queue.done(lost.id)  # ... and the first one's entry gone: nothing in Redis names it
    assert queue.pending() == 1
    assert tables.bots_due(lost.id) and tables.bots_due(cut_short.id)
    if projections == "external":
        store = open_store(settings_for(redis_server.url, projections))
        store.create()
        Projector(tables, store).catch_up()  # the lobby lists both as running
        store.close()
    worker = start_worker_process(redis_server.url, projections)
    try:
        assert wait_for(lambda: not tables.bots_due(lost.id) and not tables.bots_due(cut_short.id)), (
            worker.poll(), worker.stderr.read1().decode() if worker.poll() is not None else "")
        for ann in (lost, cut_short):
            summary = ann.summary()
            assert summary["to_act"] == [0] and not bots_waiting(summary)
        assert wait_for(lambda: queue.pending() == 0)
        ann_version = lost.move()  # and the running worker goes on playing as moves come
        assert wait_for(lambda: tables.table(lost.id).version > ann_version and not tables.bots_due(lost.id))
    finally:
        worker.terminate()
        assert worker.wait(timeout=30) == 0
        queue.close()


def test_a_table_queued_while_redis_was_down_is_played_when_it_is_back(app, redis_server):
    """Redis restarts (without persistence: its lists are gone) and a person's command saved while
    it was down could not queue its table: the running worker, once Redis answers again, re-checks
    the running tables and plays it."""
    client = app.test_client()
    tables: Tables = app.extensions["tabletop.tables"]
    settings = settings_for(redis_server.url)
    worker_tables = Tables(env=settings.eventsourcing_env("tables"), snapshot_key=settings.snapshot_key())
    worker = BotWorker(worker_tables, BotQueue(redis_server.url), settings)
    thread = threading.Thread(target=worker.run, kwargs={"poll": 0.2}, daemon=True)
    thread.start()
    try:
        ann = Person(client, level="random")
        ann.start()
        assert wait_for(lambda: not tables.bots_due(ann.id))  # played through the queue
        redis_server.kill()
        version = ann.move()  # saved and answered; its push fails (logged), Redis being down
        assert tables.table(ann.id).version == version and tables.bots_due(ann.id)
        redis_server.start()
        assert wait_for(lambda: not tables.bots_due(ann.id)), "the table was not re-checked after the outage"
        assert tables.table(ann.id).version > version
        assert tables.audit(ann.id).ok
    finally:
        worker.stop.set()
        thread.join(timeout=10)
        worker_tables.close()
