"""The three event stores the application runs on, as env mappings for ``Tables(env=...)``.

PostgreSQL is the real server on loopback (``TABLETOP_TEST_POSTGRES_*`` override the defaults).
When it is unreachable its tests skip, unless ``TABLETOP_REQUIRE_SERVICES=1`` (CI), where they fail.
"""

from __future__ import annotations

import os

import pytest

PG = {
    "host": os.environ.get("TABLETOP_TEST_POSTGRES_HOST", "127.0.0.1"),
    "port": os.environ.get("TABLETOP_TEST_POSTGRES_PORT", "5432"),
    "user": os.environ.get("TABLETOP_TEST_POSTGRES_USER", "postgres"),
    "password": os.environ.get("TABLETOP_TEST_POSTGRES_PASSWORD", ""),
    "dbname": os.environ.get("TABLETOP_TEST_POSTGRES_DB", "tabletop_test"),
}
REQUIRE = os.environ.get("TABLETOP_REQUIRE_SERVICES") == "1"


def unavailable(what: str, error: Exception) -> None:
    if REQUIRE:
        pytest.fail(f"{what} is required (TABLETOP_REQUIRE_SERVICES=1) but unreachable: {error}")
    pytest.skip(f"{what} unreachable: {error}")


def postgres_env(tables: tuple[str, ...] = ("tables_events", "tables_snapshots")) -> dict[str, str]:
    """A clean PostgreSQL event store (the test database is created when missing)."""
    import psycopg

    admin = {k: v for k, v in PG.items() if k != "dbname"}
    try:
        with psycopg.connect(**admin, dbname="postgres", autocommit=True, connect_timeout=3) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (PG["dbname"],)).fetchone():
                conn.execute(f'CREATE DATABASE "{PG["dbname"]}"')
        with psycopg.connect(**PG, autocommit=True, connect_timeout=3) as conn:
            for table in tables:
                conn.execute(f"DROP TABLE IF EXISTS {table} CASCADE")
    except psycopg.OperationalError as error:
        unavailable("PostgreSQL", error)
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": PG["dbname"],
        "POSTGRES_HOST": PG["host"],
        "POSTGRES_PORT": PG["port"],
        "POSTGRES_USER": PG["user"],
        "POSTGRES_PASSWORD": PG["password"],
        "POSTGRES_POOL_SIZE": "4",
        "POSTGRES_MAX_OVERFLOW": "8",
    }


def store_env(kind: str, tmp_path) -> dict[str, str]:
    if kind == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if kind == "sqlite":
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "tables.db")}
    return postgres_env()


BACKENDS = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.integration)]
