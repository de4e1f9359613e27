"""Settings, and the only place that reads the environment.

Every setting has a default that runs the embedded service on a laptop: SQLite files in
``./data``, an in-process broker instead of Redis, projections in a background thread. Production
sets ``TABLETOP_STORE=postgres`` and ``TABLETOP_REDIS_URL``. ``deploy/env.example`` lists them all.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

STORES = ("memory", "sqlite", "postgres")
#: Where bot seats decide: inside the command that hands them the turn, or in ``tabletop bots run``.
BOTS = ("inline", "worker")

#: Shortest accepted key, in hex digits: 32 random bytes (an HMAC-SHA256 key of 256 bits).
MIN_KEY_HEX = 64
#: Values the project has ever published as examples or placeholders (docs, deploy files): whoever
#: read them could mint any seat's token. A non-hex placeholder is refused anyway (a key is hex);
#: this list is what a hex-looking one would need. ``tests/api/test_secret.py`` collects every value
#: the docs and deploy files assign to a key and fails until each is refused here or by the rules.
PUBLISHED_EXAMPLES = frozenset({
    "change-me", "changeme", "change-me-please", "secret", "tabletop", "example", "replace-me",
    "replace-with-64-random-hex-characters",
})
#: Database passwords shipped only to be replaced (deploy/k8s/secret.yaml). The compose file's
#: ``tabletop`` is a working value on compose's private network and stays allowed.
PASSWORD_PLACEHOLDERS = frozenset({"replace-me", "change-me", "changeme"})
HOW_TO_GENERATE = "generate one with: python3 -c 'import secrets; print(secrets.token_hex(32))'"
_HEX = frozenset("0123456789abcdefABCDEF")


class InsecureSecret(ValueError):
    """Key material that is a published example, not hex, short or made up by hand: the service
    must not start on it."""


def check_key(key: str, source: str, exact: bool = False, remedy: str = HOW_TO_GENERATE) -> str:
    """The key as configured (stripped), or ``InsecureSecret`` naming ``source`` (the variable or
    file it came from) and saying how to make a good one. The one check of every key path:
    ``TABLETOP_SECRET``, ``TABLETOP_SECRET_FILE``, the data folder's ``secret.key`` and
    ``TABLETOP_SIGNING_KEY`` (``exact``: exactly 64 digits, an Ed25519 seed). The key's value is
    never part of the message (a short real key would land in a log)."""
    key = key.strip()
    length = "exactly" if exact else "at least"
    if key.lower() in PUBLISHED_EXAMPLES or "change-me" in key.lower():
        problem = "is a published example value"
    elif not key or not set(key) <= _HEX:
        problem = f"is not a key of {length} {MIN_KEY_HEX} hex digits"
    elif len(key) < MIN_KEY_HEX or (exact and len(key) != MIN_KEY_HEX):
        problem = f"is {len(key)} hex digits, {length} {MIN_KEY_HEX} are needed"
    elif _made_by_hand(key.lower()):
        problem = "is a repeated pattern, not a random key"
    else:
        return key
    raise InsecureSecret(f"{source} {problem}; {remedy}")


def _made_by_hand(key: str) -> bool:
    """A key typed rather than drawn: one short pattern repeated (``00...``, ``deadbeef`` x 8,
    ``0123456789abcdef`` x 4) or few distinct digits. 64 random hex digits show all 16 digits
    but for a chance below 1e-9, and fewer than 10 about once in 1e12 keys."""
    if len(set(key)) < 10:
        return True
    return any(key == (key[:period] * (len(key) // period + 1))[: len(key)] for period in range(1, len(key) // 2 + 1))


def check_secret(key: str, source: str = "TABLETOP_SECRET", remedy: str = HOW_TO_GENERATE) -> bytes:
    """The seat-token key as the bytes the HMACs use (the hex text itself, as always)."""
    return check_key(key, source, remedy=remedy).encode()


def _bots_mode(mode: str, redis_url: str | None, store: str) -> str:
    """``TABLETOP_BOTS``, refused unless it can work: the worker needs the queue (Redis) and a
    store it shares with the web workers."""
    if mode not in BOTS:
        raise ValueError(f"TABLETOP_BOTS must be one of {', '.join(BOTS)}, not {mode!r}")
    if mode == "worker" and not redis_url:
        raise ValueError("TABLETOP_BOTS=worker needs TABLETOP_REDIS_URL (the bots' queue) and a "
                         "`tabletop bots run` worker")
    if mode == "worker" and store == "memory":
        raise ValueError("TABLETOP_BOTS=worker needs a store the bots worker shares (postgres or sqlite)")
    return mode


def check_signing_key(key: str) -> bytes:
    """``TABLETOP_SIGNING_KEY`` as the 32-byte seed it must be (64 hex digits)."""
    return bytes.fromhex(check_key(key, "TABLETOP_SIGNING_KEY (an Ed25519 seed)", exact=True))


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
    postgres_wait_s: int = 2
    create_tables: bool = True
    aggregate_cache: int = 500
    redis_url: str | None = None
    secret: str | None = None
    secret_source: str = "TABLETOP_SECRET"  # where ``secret`` came from, for the refusal's message
    signing_key: str | None = None  # hex Ed25519 seed for receipts; None: derived from the server secret
    max_body_bytes: int = 64 * 1024
    projections: str = "thread"  # thread (embedded) | external (a `tabletop projections run` worker) | off
    bots: str = "inline"  # inline (in the command that hands them the turn) | worker (a `tabletop bots run` worker)
    # Bounded clients (api/limits.py, docs/hardening.md). A client is its address (REMOTE_ADDR).
    client_limits: bool | None = None  # None: on, except in tests built with testing=True
    rate_limit_storage: str | None = None  # flask-limiter storage; None: the Redis URL, else memory://
    rate_limit_commands: str = "20/second;600/minute"  # every command of one client, all tables
    rate_limit_open_tables: str = "30/minute;300/hour"
    rate_limit_streams: str = "60/minute"
    max_streams_per_client: int = 16  # per worker process
    max_streams_per_table: int = 300  # per worker process
    max_streams_per_worker: int = 700  # the rest of gunicorn's worker_connections (1000) stays for commands
    max_requests_per_client: int = 32  # requests of one client in flight at once, per worker process
    max_open_tables_per_client: int = 20  # opened and not started yet
    body_timeout_s: float = 10.0  # a request body must arrive whole within this
    projections_linger_ms: int = 10  # the worker lets a small batch wait this long for more (PostgreSQL)
    group_commit: bool = True  # PostgreSQL: saves arriving together share one transaction (api/group_commit.py)
    group_commit_window_ms: float = 0.0  # and a save waits this long for others to join it
    gc_threshold: int = 50_000  # a server process's young-generation threshold (api/collector.py); 0: CPython's
    testing: bool = False
    extra: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        get = env.get
        store = get("TABLETOP_STORE", "sqlite")
        if store not in STORES:
            raise ValueError(f"TABLETOP_STORE must be one of {', '.join(STORES)}, not {store!r}")
        if store == "postgres" and get("TABLETOP_POSTGRES_PASSWORD", "").strip().lower() in PASSWORD_PLACEHOLDERS:
            # deploy/k8s/secret.yaml ships ``replace-me`` for the operator to replace: never run on it
            raise ValueError("TABLETOP_POSTGRES_PASSWORD is a published example value; set the database's own password")
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
            postgres_wait_s=int(get("TABLETOP_POSTGRES_WAIT_S", "2")),
            create_tables=get("TABLETOP_CREATE_TABLES", "y").lower() in ("y", "yes", "1", "true"),
            aggregate_cache=int(get("TABLETOP_AGGREGATE_CACHE", "500")),
            redis_url=get("TABLETOP_REDIS_URL") or None,
            secret=get("TABLETOP_SECRET") or _read_secret_file(get("TABLETOP_SECRET_FILE")),
            secret_source="TABLETOP_SECRET" if get("TABLETOP_SECRET") else f"TABLETOP_SECRET_FILE ({get('TABLETOP_SECRET_FILE')})",
            signing_key=get("TABLETOP_SIGNING_KEY") or None,
            max_body_bytes=int(get("TABLETOP_MAX_BODY_BYTES", str(64 * 1024))),
            projections=get("TABLETOP_PROJECTIONS", "thread"),
            bots=_bots_mode(get("TABLETOP_BOTS", "inline"), get("TABLETOP_REDIS_URL"), store),
            client_limits=get("TABLETOP_CLIENT_LIMITS", "on").lower() not in ("off", "n", "no", "0", "false"),
            rate_limit_storage=get("TABLETOP_RATE_LIMIT_STORAGE") or None,
            rate_limit_commands=get("TABLETOP_RATE_LIMIT_COMMANDS", cls.rate_limit_commands),
            rate_limit_open_tables=get("TABLETOP_RATE_LIMIT_OPEN_TABLES", cls.rate_limit_open_tables),
            rate_limit_streams=get("TABLETOP_RATE_LIMIT_STREAMS", cls.rate_limit_streams),
            max_streams_per_client=int(get("TABLETOP_MAX_STREAMS_PER_CLIENT", str(cls.max_streams_per_client))),
            max_streams_per_table=int(get("TABLETOP_MAX_STREAMS_PER_TABLE", str(cls.max_streams_per_table))),
            max_streams_per_worker=int(get("TABLETOP_MAX_STREAMS_PER_WORKER", str(cls.max_streams_per_worker))),
            max_requests_per_client=int(get("TABLETOP_MAX_REQUESTS_PER_CLIENT", str(cls.max_requests_per_client))),
            max_open_tables_per_client=int(get("TABLETOP_MAX_OPEN_TABLES_PER_CLIENT",
                                               str(cls.max_open_tables_per_client))),
            body_timeout_s=float(get("TABLETOP_BODY_TIMEOUT_S", str(cls.body_timeout_s))),
            projections_linger_ms=int(get("TABLETOP_PROJECTIONS_LINGER_MS", "10")),
            group_commit=get("TABLETOP_GROUP_COMMIT", "on").lower() not in ("off", "n", "no", "0", "false"),
            group_commit_window_ms=float(get("TABLETOP_GROUP_COMMIT_WINDOW_MS", "0")),
            gc_threshold=int(get("TABLETOP_GC_THRESHOLD", str(cls.gc_threshold))),
        )

    def check(self) -> None:
        """Refuse to start on settings that are unsafe whatever the request (every key the settings
        name, the data folder's key if it is there already); cheap and opens nothing, so a server
        checks before it forks or serves."""
        if self.signing_key is not None:
            check_signing_key(self.signing_key)
        if self.secret:
            check_secret(self.secret, self.secret_source)
        elif self.store == "postgres":
            raise InsecureSecret(f"TABLETOP_SECRET (or TABLETOP_SECRET_FILE) must be set with TABLETOP_STORE=postgres "
                                 f"(all workers share the key); {HOW_TO_GENERATE}")
        elif self.secret_path.exists():
            check_secret(self.secret_path.read_text(), *self.secret_path_source)

    @property
    def secret_path(self) -> Path:
        """The data folder's generated key (used when no key is configured)."""
        return self.data_dir / "secret.key"

    @property
    def secret_path_source(self) -> tuple[str, str]:
        """How a refusal of the data folder's key names it, and what to do."""
        return (f"the data folder's key {self.secret_path}",
                f"delete it to have a new one generated at the next start, or {HOW_TO_GENERATE}")

    @property
    def limits_on(self) -> bool:
        """Whether clients are bounded (rate limits and caps): on unless turned off, or a test app."""
        return self.client_limits if self.client_limits is not None else not self.testing

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
                PERSISTENCE_MODULE="api.pgstore:BoundedPostgresFactory",  # bounded waits, pre-ping when idle
                POSTGRES_CONNECT_TIMEOUT=str(self.postgres_wait_s),
                POSTGRES_DBNAME=self.postgres_dbname,
                POSTGRES_HOST=self.postgres_host,
                POSTGRES_PORT=str(self.postgres_port),
                POSTGRES_USER=self.postgres_user,
                POSTGRES_PASSWORD=self.postgres_password,
                POSTGRES_POOL_SIZE=str(self.postgres_pool_size),
                POSTGRES_MAX_OVERFLOW=str(self.postgres_max_overflow),
                POSTGRES_ENABLE_DB_FUNCTIONS="n",
                TABLETOP_GROUP_COMMIT="y" if self.group_commit else "n",
                TABLETOP_GROUP_COMMIT_WINDOW_MS=str(self.group_commit_window_ms),
            )
        env.update(self.extra)
        return env

    def signing_seed(self) -> bytes:
        """The 32-byte Ed25519 seed that signs receipts (``api.receipts``): ``TABLETOP_SIGNING_KEY``,
        else derived from the server secret (so every worker sharing the secret signs alike)."""
        if self.signing_key is not None:
            return check_signing_key(self.signing_key)
        return self.derived_key(b"tabletop receipts: Ed25519 seed v1")

    def snapshot_key(self) -> bytes:
        """The key that seals snapshots (``domain.snapshots``), derived from the server secret."""
        return self.derived_key(b"tabletop snapshots: seal key v1")

    def derived_key(self, purpose: bytes) -> bytes:
        return hmac.new(self.server_secret(), purpose, hashlib.sha256).digest()

    def server_secret(self) -> bytes:
        """The HMAC key for seat tokens: from the environment, else generated once in the data folder.

        Several workers may start at once on a fresh folder: each writes a candidate to its own
        file and links it into place; the first link wins and everyone reads the winner (no worker
        ever reads a half-written key).
        """
        if self.secret:
            return check_secret(self.secret, self.secret_source)
        if self.store == "postgres":
            # Workers on several hosts share one store; each would generate its own key, and a seat
            # token issued by one would be refused by the others.
            self.check()
        path = self.secret_path
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
        return check_secret(path.read_text(), *self.secret_path_source)


def _read_secret_file(path: str | None) -> str | None:
    """``TABLETOP_SECRET_FILE``: a secrets file (compose's ``/run/secrets/...``) holding the key."""
    if not path:
        return None
    try:
        text = Path(path).read_text().strip()
    except OSError as error:
        raise InsecureSecret(f"TABLETOP_SECRET_FILE ({path}) cannot be read ({error.strerror}); {HOW_TO_GENERATE}") from None
    if not text:
        raise InsecureSecret(f"TABLETOP_SECRET_FILE ({path}) is empty; {HOW_TO_GENERATE}")
    return text
