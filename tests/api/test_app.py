"""The app factory on the embedded default (SQLite in a data folder), the WSGI entry point, readiness."""

from __future__ import annotations

import hashlib
import os

import pytest

from api import create_app
from api.config import Settings
from tests.api.conftest import settings
from tests.backends import unavailable


def test_create_app_on_sqlite_keeps_tables_and_tokens_across_a_restart(tmp_path):
    embedded = Settings(store="sqlite", data_dir=tmp_path / "data")  # no secret given: generated once, kept
    app = create_app(embedded)
    client = app.test_client()
    table_id = client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).json["table_id"]
    token = client.post(f"/api/tables/{table_id}/seats", json={"name": "ann"}).json["token"]
    app.extensions["tabletop.tables"].close()
    assert (tmp_path / "data" / "tables.db").exists() and (tmp_path / "data" / "secret.key").exists()
    # A new process on the same folder: the table is there and the seat token still works.
    again = create_app(embedded).test_client()
    r = again.get(f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200 and r.json["viewer"] == 0
    assert again.get("/readyz").json["checks"]["store"] == "ok"


def test_another_server_secret_refuses_the_token(tmp_path):
    store = Settings(store="sqlite", data_dir=tmp_path)
    first = create_app(store.with_(secret=hashlib.sha256(b"one").hexdigest())).test_client()
    table_id = first.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).json["table_id"]
    token = first.post(f"/api/tables/{table_id}/seats", json={"name": "ann"}).json["token"]
    other = create_app(store.with_(secret=hashlib.sha256(b"two").hexdigest())).test_client()  # same store, another key
    r = other.get(f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 401
    assert first.get(f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_the_wsgi_app_is_built_on_first_use_once_per_process(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_STORE", "memory")
    monkeypatch.setenv("TABLETOP_SECRET", "108628e88b1df81856639dd25b4d6647e77fe7310be934cde4aefe0ce796ad59")
    monkeypatch.setenv("TABLETOP_GC_THRESHOLD", "0")  # this test process keeps CPython's collector
    from api.wsgi import LazyApp

    lazy = LazyApp()
    assert lazy._app is None  # importing api.wsgi opens nothing
    client = lazy.get().test_client()
    assert client.get("/healthz").status_code == 200
    assert lazy.get() is lazy.get()


def test_the_docs_page_and_the_document_are_served(client):
    assert client.get("/api/docs").status_code == 200
    document = client.get("/api/openapi.json").json
    play = document["paths"]["/api/tables/{table_id}/seats/{seat}/moves"]["post"]
    assert play["summary"].startswith("Play a move for your seat")
    assert play["security"] == [{"seatToken": []}]
    assert document["components"]["securitySchemes"]["seatToken"]["scheme"] == "bearer"


@pytest.mark.integration
def test_readiness_checks_redis_when_configured():
    import redis

    url = "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as error:
        unavailable("Redis", error)
    ready = create_app(settings(redis_url=url)).test_client().get("/readyz")
    assert ready.status_code == 200 and ready.json["checks"] == {"store": "ok", "redis": "ok"}


def test_readiness_stays_200_and_reports_redis_degraded_when_redis_is_unreachable():
    ready = create_app(settings(redis_url="redis://127.0.0.1:1/0")).test_client().get("/readyz")
    assert ready.status_code == 200
    assert ready.json == {"status": "degraded", "checks": {"store": "ok", "redis": "degraded"}}


PG_DB = os.environ.get("TABLETOP_TEST_API_DB", "tabletop_api_test")  # this suite's own database


def _clean_postgres() -> None:
    import psycopg

    try:
        with psycopg.connect(host="127.0.0.1", user="postgres", dbname="postgres", autocommit=True,
                             connect_timeout=3) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (PG_DB,)).fetchone():
                conn.execute(f'CREATE DATABASE "{PG_DB}"')
        with psycopg.connect(host="127.0.0.1", user="postgres", dbname=PG_DB, autocommit=True,
                             connect_timeout=3) as conn:
            for table in ("tables_events", "tables_snapshots"):
                conn.execute(f"DROP TABLE IF EXISTS {table} CASCADE")
    except psycopg.OperationalError as error:
        unavailable("PostgreSQL", error)


@pytest.mark.integration
def test_the_api_on_postgresql_plays_and_refuses_a_stale_version():
    _clean_postgres()
    app = create_app(settings(store="postgres", postgres_dbname=PG_DB))
    try:
        client = app.test_client()
        table_id = client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).json["table_id"]
        tokens = [client.post(f"/api/tables/{table_id}/seats", json={"name": n}).json["token"] for n in ("ann", "bob")]
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        assert client.post(f"/api/tables/{table_id}/start", headers=auth).status_code == 200
        move = client.get(f"/api/tables/{table_id}/seats/0/legal-moves", headers=auth).json["moves"][0]
        version = client.get(f"/api/tables/{table_id}").json["version"]
        stale = client.post(f"/api/tables/{table_id}/seats/0/moves", headers=auth,
                            json={"move": move, "expected_version": version - 1})
        assert stale.status_code == 409 and stale.json["version"] == version
        played = client.post(f"/api/tables/{table_id}/seats/0/moves", headers=auth,
                             json={"move": move, "expected_version": version})
        assert played.status_code == 200 and played.json["version"] == version + 1
        assert client.get("/readyz").json["checks"]["store"] == "ok"
    finally:
        app.extensions["tabletop.tables"].close()


def test_workers_starting_together_on_a_fresh_folder_share_one_generated_secret(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    embedded = Settings(store="sqlite", data_dir=tmp_path / "data")
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: embedded.server_secret(), range(32)))
    assert len(keys) == 1 and len(keys.pop()) == 64
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["secret.key"]  # no candidate left behind


def test_a_shared_store_without_a_shared_secret_refuses_to_start():
    with pytest.raises(ValueError, match="TABLETOP_SECRET .or TABLETOP_SECRET_FILE. must be set"):
        Settings(store="postgres").server_secret()
