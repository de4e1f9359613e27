"""Read models on each store: memory, a SQLite file, and the real PostgreSQL (own database and prefix)."""

from __future__ import annotations

import os

import pytest

from domain.application import Tables
from projections.stores import MemoryStore, PostgresStore, SQLiteStore
from tests.backends import PG, unavailable

LIVE_DB = os.environ.get("TABLETOP_TEST_LIVE_DB", "tabletop_live_test")


def live_pg() -> dict:
    """Connection settings for this area's own PostgreSQL database (created when missing)."""
    import psycopg

    admin = {k: v for k, v in PG.items() if k != "dbname"}
    try:
        with psycopg.connect(**admin, dbname="postgres", autocommit=True, connect_timeout=3) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (LIVE_DB,)).fetchone():
                conn.execute(f'CREATE DATABASE "{LIVE_DB}"')
    except psycopg.OperationalError as error:
        unavailable("PostgreSQL", error)
    return {**PG, "dbname": LIVE_DB}


def make_store(kind: str, tmp_path, prefix: str = "rm_unit"):
    if kind == "memory":
        return MemoryStore()
    if kind == "sqlite":
        return SQLiteStore(tmp_path / f"{prefix}.db")
    store = PostgresStore(live_pg(), prefix=prefix)
    store.drop()
    store.create()
    return store


STORES = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.integration)]


@pytest.fixture(params=STORES)
def store(request, tmp_path):
    made = make_store(request.param, tmp_path)
    yield made
    if isinstance(made, PostgresStore):
        made.drop()
    made.close()


@pytest.fixture
def tables():
    app = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield app
    app.close()
