"""Settings, and the only place that reads the environment.

Every setting has a default that runs the embedded service on a laptop: SQLite files in
``./data``, an in-process broker instead of Redis, projections in a background thread. Production
sets ``TABLETOP_STORE=postgres`` and ``TABLETOP_REDIS_URL``. ``deploy/env.example`` lists them all.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

STORES = ("memory", "sqlite", "postgres")


@dataclass(frozen=True)
class Settings:
    store: str = "sqlite"
    data_dir: Path = Path("data")
    postgres_host: str = "127.0.0.1"
    postgres_port: int = 5432
    postgres_user: str = "postgres"
    postgres_password: str = ""
    postgres_dbname: str = "tabletop"
    postgres_pool_size: int = 2
    postgres_max_overflow: int = 4
    create_tables: bool = True
    aggregate_cache: int = 500
    redis_url: str | None = None
    secret: str | None = None
    max_body_bytes: int = 64 * 1024
    projections: str = "thread"  # thread (embedded) | external (a `tabletop projections run` worker) | off
    projections_linger_ms: int = 10  # the worker lets a small batch wait this long for more (PostgreSQL)
    testing: bool = False
    extra: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        get = env.get
        store = get("TABLETOP_STORE", "sqlite")
        if store not in STORES:
            raise ValueError(f"TABLETOP_STORE must be one of {', '.join(STORES)}, not {store!r}")
        return cls(
            store=store,
            data_dir=Path(get("TABLETOP_DATA_DIR", "data")),
            postgres_host=get("TABLETOP_POSTGRES_HOST", "127.0.0.1"),
            postgres_port=int(get("TABLETOP_POSTGRES_PORT", "5432")),
            postgres_user=get("TABLETOP_POSTGRES_USER", "postgres"),
            postgres_password=get("TABLETOP_POSTGRES_PASSWORD", ""),
            postgres_dbname=get("TABLETOP_POSTGRES_DB", "tabletop"),
            postgres_pool_size=int(get("TABLETOP_POSTGRES_POOL_SIZE", "2")),
            postgres_max_overflow=int(get("TABLETOP_POSTGRES_MAX_OVERFLOW", "4")),
            create_tables=get("TABLETOP_CREATE_TABLES", "y").lower() in ("y", "yes", "1", "true"),
            aggregate_cache=int(get("TABLETOP_AGGREGATE_CACHE", "500")),
            redis_url=get("TABLETOP_REDIS_URL") or None,
            secret=get("TABLETOP_SECRET") or None,
            max_body_bytes=int(get("TABLETOP_MAX_BODY_BYTES", str(64 * 1024))),
            projections=get("TABLETOP_PROJECTIONS", "thread"),
            projections_linger_ms=int(get("TABLETOP_PROJECTIONS_LINGER_MS", "10")),
        )

    def with_(self, **changes: object) -> Settings:
        return replace(self, **changes)

    def eventsourcing_env(self, name: str = "tables") -> dict[str, str]:
        """The eventsourcing library's settings for one application or projection ``name``.

        SQLite table names are fixed, so each application and each projection gets its own file.
        """
        env = {"CREATE_TABLE": "y" if self.create_tables else "n"}
        if self.aggregate_cache:
            env["AGGREGATE_CACHE_MAXSIZE"] = str(self.aggregate_cache)
        if self.store == "memory":
            env["PERSISTENCE_MODULE"] = "eventsourcing.popo"
        elif self.store == "sqlite":
            self.data_dir.mkdir(parents=True, exist_ok=True)
            env["PERSISTENCE_MODULE"] = "eventsourcing.sqlite"
            env["SQLITE_DBNAME"] = str(self.data_dir / f"{name}.db")
            env["SQLITE_LOCK_TIMEOUT"] = "10"
        else:
            env.update(
                PERSISTENCE_MODULE="eventsourcing.postgres",
                POSTGRES_DBNAME=self.postgres_dbname,
                POSTGRES_HOST=self.postgres_host,
                POSTGRES_PORT=str(self.postgres_port),
                POSTGRES_USER=self.postgres_user,
                POSTGRES_PASSWORD=self.postgres_password,
                POSTGRES_POOL_SIZE=str(self.postgres_pool_size),
                POSTGRES_MAX_OVERFLOW=str(self.postgres_max_overflow),
                POSTGRES_ENABLE_DB_FUNCTIONS="n",
            )
        env.update(self.extra)
        return env

    def server_secret(self) -> bytes:
        """The HMAC key for seat tokens: from the environment, else generated once in the data folder.

        Several workers may start at once on a fresh folder: each writes a candidate to its own
        file and links it into place; the first link wins and everyone reads the winner (no worker
        ever reads a half-written key).
        """
        if self.secret:
            return self.secret.encode()
        if self.store == "postgres":
            # Workers on several hosts share one store; each would generate its own key, and a seat
            # token issued by one would be refused by the others.
            raise ValueError("TABLETOP_SECRET must be set when TABLETOP_STORE=postgres (all workers share the key)")
        path = self.data_dir / "secret.key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            candidate = self.data_dir / f".secret.key.{os.getpid()}.{secrets.token_hex(4)}"
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
            try:
                os.link(candidate, path)
            except FileExistsError:
                pass  # another process won the race; its key is the key
            finally:
                candidate.unlink()
        return path.read_text().strip().encode()
