"""Where read models live: one document store, in memory, in a SQLite file or in PostgreSQL.

Every read model is a set of JSON documents ``(model, key) -> body`` with a ``grp`` column to list
them by (a table's log, a game's standings, the lobby by status), plus ONE tracking row per model:
the notification-log position it has processed up to. ``commit`` (``prepare`` then ``write``:
encoding in the caller's thread, the database work possibly in another) writes a batch's documents and
advances the tracking rows in one transaction, and first checks that the tracking rows are still
where the batch started from. That is what makes a projection exactly-once: a worker killed
mid-batch leaves nothing half-written, a restarted one resumes from its tracking row, and two
workers racing (or a rebuild under a running worker) cannot both apply the same event.

SQLite keeps all read models in one file of their own (never the event store's file: SQLite's
table names are fixed). PostgreSQL uses two tables named by ``prefix`` in the event store's database.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import orjson

#: A batch's writes: (model, key) -> (grp, body), or None to delete.
Writes = Mapping[tuple[str, str], tuple[str, dict] | None]


class Concurrent(Exception):  # noqa: N818 - it names what happened
    """Another writer moved a tracking row since the batch started: discard the batch and reload."""


#: The standard library's encoder, built once (``json.dumps`` builds one per call when given
#: options: most of the cost of encoding a small value); ``dumps`` falls back to it.
_stdlib_dumps = json.JSONEncoder(separators=(",", ":"), default=str).encode
#: orjson leaves datetimes and dataclasses to ``default=str`` as the standard library does, and
#: writes int keys as strings as it does.
_ORJSON = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def dumps(value: Any) -> str:
    """A document's compact JSON text (``json.dumps(value, separators=(",", ":"), default=str)``
    read back). orjson writes it 5-10x faster than the standard library, and the projection worker
    encoded every document it stored; its one difference is text left as UTF-8 instead of
    ``\\u`` escapes, which reads back the same. An integer beyond 64 bits, which orjson refuses,
    goes through the standard library."""
    try:
        return orjson.dumps(value, default=str, option=_ORJSON).decode()
    except TypeError:  # orjson.JSONEncodeError: an int beyond 64 bits, a non-str key of another kind
        return _stdlib_dumps(value)


class Encoded(dict):
    """A document body that carries its own JSON text, exactly what ``dumps`` makes of it: a
    projection that builds several documents from the same parts (the five viewers' views of one
    table share their board) encodes each shared part once and composes the texts. The stores
    write ``text`` instead of encoding the body again. Never mutate one after building it."""

    __slots__ = ("text",)

    def __init__(self, body: dict, text: str) -> None:
        super().__init__(body)
        self.text = text


def encoded(body: Any) -> str:
    """A body's JSON text: its own when it carries one (``Encoded``), else encoded now."""
    return body.text if type(body) is Encoded else dumps(body)


def _json_rows(writes: Writes) -> tuple[str | None, str | None]:
    """A batch as two JSON parameters (SQLite), ``[[model, key, grp, body], ...]`` to store and
    ``[[model, key], ...]`` to delete: one statement per kind stores a whole batch inside the
    database, without coming back to Python per row (which, on a thread of its own, would wait for
    the interpreter lock at every row). The array's text is composed row by row from each body's
    text (``encoded``); it is byte for byte what encoding the array as a whole gives."""
    upserts = [f"[{dumps(m)},{dumps(k)},{dumps(v[0])},{encoded(v[1])}]"
               for (m, k), v in writes.items() if v is not None]
    deletes = [[m, k] for (m, k), v in writes.items() if v is None]
    return ("[" + ",".join(upserts) + "]" if upserts else None, dumps(deletes) if deletes else None)


class ReadStore(ABC):
    """The document store every read model is kept in (see the module docstring)."""

    @abstractmethod
    def positions(self, models: Iterable[str]) -> dict[str, int]:
        """The tracked position of each model (0 when it has processed nothing)."""

    @abstractmethod
    def get(self, model: str, key: str) -> dict | None: ...

    def get_many(self, model: str, keys: Iterable[str]) -> dict[str, dict]:
        """The documents of ``keys`` that exist, by key (PostgreSQL: one statement for them all)."""
        found = {}
        for key in keys:
            body = self.get(model, key)
            if body is not None:
                found[key] = body
        return found

    @abstractmethod
    def group(self, model: str, grp: str, after_key: str | None = None,
              limit: int | None = None) -> list[tuple[str, dict]]:
        """The ``(key, body)`` of one group ordered by key (byte order), keys after ``after_key``
        only, at most ``limit`` of them."""

    @abstractmethod
    def all(self, model: str) -> list[tuple[str, str, dict]]:
        """Every ``(key, grp, body)`` of a model, ordered by key (for comparisons and tests)."""

    def commit(self, expected: Mapping[str, int], advanced: Mapping[str, int], writes: Writes) -> None:
        """Apply ``writes`` and move tracking rows from ``expected`` to ``advanced``, atomically."""
        self.write(expected, advanced, self.prepare(writes))

    def prepare(self, writes: Writes) -> Any:
        """Encode a batch's documents (pure CPU; the caller's thread), for ``write``.

        Encoding first means a batch handed to another thread to ``write`` is a snapshot: nothing
        the projector does afterwards can change what is stored."""
        return ([(m, k, v[0], encoded(v[1])) for (m, k), v in writes.items() if v is not None],
                [(m, k) for (m, k), v in writes.items() if v is None])

    @abstractmethod
    def write(self, expected: Mapping[str, int], advanced: Mapping[str, int], prepared: Any) -> None:
        """``commit``'s database work: check ``expected``, store ``prepared``, move to ``advanced``.
        Raises ``Concurrent`` (and stores nothing) when a tracking row is not where expected."""

    @abstractmethod
    def reset(self, model: str) -> None:
        """Drop a model's documents and its tracking row (it will be rebuilt from position 0)."""

    def all_positions(self) -> dict[str, int]:
        """Every tracking row, by its name (``lobby``, or ``lobby#1/4`` for a partition's)."""
        return self.positions([])  # overridden by every store; an empty answer means none

    def forget(self, names: Iterable[str]) -> None:  # noqa: B027 - optional
        """Drop tracking rows (a partition layout no worker runs any more)."""

    def reached(self, models: Iterable[str]) -> dict[str, int]:
        """What each model has processed for every table: its own row's position, or the lowest of
        its partitions' rows (``model#k/n``) when partitioned workers keep it."""
        rows = self.all_positions()
        found = {}
        for model in models:
            mine = [pos for name, pos in rows.items() if name == model or name.startswith(model + "#")]
            found[model] = min(mine) if mine else 0
        return found

    def wait(self, models: Iterable[str], position: int, timeout: float) -> bool:
        """Block until every model has processed ``position``, at most ``timeout`` seconds."""
        models = list(models)
        deadline = time.monotonic() + timeout
        delay = 0.002
        while True:
            if min(self.reached(models).values(), default=position) >= position:
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(delay, left))
            delay = min(delay * 2, 0.05)

    def end_thread(self) -> None:  # noqa: B027 - optional
        """Release what the calling thread holds (a thread that wrote is about to end)."""

    def close(self) -> None:  # noqa: B027 - optional
        pass


class MemoryStore(ReadStore):
    """In-process documents, for unit tests and the in-memory event store."""

    def __init__(self) -> None:
        self._docs: dict[str, dict[str, tuple[str, str]]] = {}
        self._tracking: dict[str, int] = {}
        self._lock = threading.Lock()

    def positions(self, models: Iterable[str]) -> dict[str, int]:
        with self._lock:
            return {m: self._tracking.get(m, 0) for m in models}

    def all_positions(self) -> dict[str, int]:
        with self._lock:
            return dict(self._tracking)

    def forget(self, names: Iterable[str]) -> None:
        with self._lock:
            for name in names:
                self._tracking.pop(name, None)

    def get(self, model: str, key: str) -> dict | None:
        with self._lock:
            found = self._docs.get(model, {}).get(key)
        return json.loads(found[1]) if found else None

    def group(self, model: str, grp: str, after_key: str | None = None,
              limit: int | None = None) -> list[tuple[str, dict]]:
        with self._lock:
            rows = sorted((k, body) for k, (g, body) in self._docs.get(model, {}).items()
                          if g == grp and (after_key is None or k > after_key))
        return [(k, json.loads(body)) for k, body in rows[:limit]]

    def all(self, model: str) -> list[tuple[str, str, dict]]:
        with self._lock:
            rows = sorted(self._docs.get(model, {}).items())
        return [(k, g, json.loads(body)) for k, (g, body) in rows]

    def write(self, expected: Mapping[str, int], advanced: Mapping[str, int], prepared: Any) -> None:
        upserts, deletes = prepared
        with self._lock:
            for model, position in expected.items():
                if self._tracking.get(model, 0) != position:
                    raise Concurrent(f"{model} moved from {position} to {self._tracking.get(model, 0)}")
            for model, key, grp, body in upserts:
                self._docs.setdefault(model, {})[key] = (grp, body)
            for model, key in deletes:
                self._docs.get(model, {}).pop(key, None)
            self._tracking.update(advanced)

    def reset(self, model: str) -> None:
        with self._lock:
            self._docs.pop(model, None)
            for name in [n for n in self._tracking if n == model or n.startswith(model + "#")]:
                self._tracking.pop(name)


class SQLiteStore(ReadStore):
    """Read models in their own SQLite file (WAL: the API reads while the projector writes)."""

    def __init__(self, path: str | Path, timeout: float = 10.0) -> None:
        self.path = str(path)
        self._timeout = timeout
        self._local = threading.local()
        with self._conn() as conn:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS docs (model TEXT NOT NULL, key TEXT NOT NULL, grp TEXT NOT NULL, "
                "body TEXT NOT NULL, PRIMARY KEY (model, key))"
            )
            conn.execute("CREATE INDEX IF NOT EXISTS docs_grp ON docs (model, grp, key)")
            conn.execute("CREATE TABLE IF NOT EXISTS tracking (model TEXT PRIMARY KEY, position INTEGER NOT NULL)")

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn = conn
        return conn

    def positions(self, models: Iterable[str]) -> dict[str, int]:
        found = self.all_positions()
        return {m: found.get(m, 0) for m in models}

    def all_positions(self) -> dict[str, int]:
        return dict(self._conn().execute("SELECT model, position FROM tracking").fetchall())

    def forget(self, names: Iterable[str]) -> None:
        self._conn().executemany("DELETE FROM tracking WHERE model = ?", [(n,) for n in names])

    def get(self, model: str, key: str) -> dict | None:
        row = self._conn().execute("SELECT body FROM docs WHERE model = ? AND key = ?", (model, key)).fetchone()
        return json.loads(row[0]) if row else None

    def group(self, model: str, grp: str, after_key: str | None = None,
              limit: int | None = None) -> list[tuple[str, dict]]:
        rows = self._conn().execute(
            "SELECT key, body FROM docs WHERE model = ? AND grp = ? AND key > ? ORDER BY key LIMIT ?",
            (model, grp, after_key or "", -1 if limit is None else limit),
        ).fetchall()
        return [(k, json.loads(b)) for k, b in rows]

    def all(self, model: str) -> list[tuple[str, str, dict]]:
        rows = self._conn().execute("SELECT key, grp, body FROM docs WHERE model = ? ORDER BY key", (model,))
        return [(k, g, json.loads(b)) for k, g, b in rows.fetchall()]

    def prepare(self, writes: Writes) -> Any:
        return _json_rows(writes)

    def write(self, expected: Mapping[str, int], advanced: Mapping[str, int], prepared: Any) -> None:
        upserts, deletes = prepared
        conn = self._conn()
        conn.execute("BEGIN IMMEDIATE")  # the write lock first, then the tracking check
        try:
            now = dict(conn.execute("SELECT model, position FROM tracking").fetchall())
            for model, position in expected.items():
                if now.get(model, 0) != position:
                    raise Concurrent(f"{model} moved from {position} to {now.get(model, 0)}")
            if upserts:
                conn.execute("INSERT OR REPLACE INTO docs (model, key, grp, body) SELECT json_extract(value, '$[0]'), "
                             "json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]') "
                             "FROM json_each(?)", (upserts,))
            if deletes:
                conn.execute("DELETE FROM docs WHERE (model, key) IN (SELECT json_extract(value, '$[0]'), "
                             "json_extract(value, '$[1]') FROM json_each(?))", (deletes,))
            conn.executemany("INSERT OR REPLACE INTO tracking (model, position) VALUES (?, ?)", list(advanced.items()))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def reset(self, model: str) -> None:
        conn = self._conn()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("DELETE FROM docs WHERE model = ?", (model,))
            conn.execute("DELETE FROM tracking WHERE model = ? OR model LIKE ? || '#%'", (model, model))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def end_thread(self) -> None:
        """Close the calling thread's connection (each thread has its own)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    def close(self) -> None:
        self.end_thread()


#: A pooled connection idle at least this long is checked before it is handed out (a round trip);
#: one used more recently is handed out as it is (HikariCP's bypass window): a busy pool pays no
#: extra round trip per query, and a connection that died with a restarted server has been idle.
IDLE_CHECK_S = 0.5


def check_when_idle(conn: Any) -> None:
    """psycopg_pool ``check``: ping a connection that sat idle, skip one in steady use."""
    from psycopg_pool import ConnectionPool

    now = time.monotonic()
    if now - getattr(conn, "_tabletop_used", 0.0) >= IDLE_CHECK_S:
        ConnectionPool.check_connection(conn)  # raises on a dead connection: the pool discards it
    conn._tabletop_used = now


class PostgresStore(ReadStore):
    """Read models in two PostgreSQL tables, ``<prefix>_docs`` and ``<prefix>_tracking``."""

    def __init__(self, conninfo: Mapping[str, Any], prefix: str = "readmodel", pool_size: int = 2,
                 create: bool = True, wait_s: float = 2.0) -> None:
        """``create``: make the tables when missing (safe when several processes start at once).
        ``wait_s`` bounds every wait on the database (a connection from the pool, a new connection);
        idle pooled connections are checked before use, so none that died with the server is handed out."""
        from psycopg import sql
        from psycopg_pool import ConnectionPool

        if not prefix.replace("_", "").isalnum():
            raise ValueError(f"read model table prefix must be letters, digits and _, not {prefix!r}")
        self._sql = sql
        self.prefix = prefix
        self.docs = sql.Identifier(f"{prefix}_docs")
        self.tracking = sql.Identifier(f"{prefix}_tracking")
        self._pool = ConnectionPool(kwargs={"connect_timeout": max(1, int(wait_s)), **conninfo, "autocommit": True},
                                    min_size=1, max_size=max(1, pool_size), open=True, timeout=wait_s,
                                    check=check_when_idle, reconnect_timeout=max(3.0, wait_s + 1))
        if create:
            self.create()

    def create(self) -> None:
        """Create the tables if missing; concurrent creators (workers booting at once) take turns."""
        q = self._sql.SQL
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (self.prefix + ":create",))
            conn.execute(q("CREATE TABLE IF NOT EXISTS {} (model text NOT NULL, key text NOT NULL, grp text NOT NULL, "
                           "body text NOT NULL, PRIMARY KEY (model, key))").format(self.docs))
            conn.execute(q("CREATE INDEX IF NOT EXISTS {} ON {} (model, grp, key)").format(
                self._sql.Identifier(f"{self.prefix}_docs_grp"), self.docs))
            conn.execute(q("CREATE TABLE IF NOT EXISTS {} (model text PRIMARY KEY, position bigint NOT NULL)").format(
                self.tracking))
            self._lz4(conn)

    def _lz4(self, conn: Any) -> None:
        """Compress the bodies with lz4 where the server has it (PostgreSQL 14+ built with it),
        not the default pglz: a batch rewrites every view of each table it touches (about 9 KB
        each for Bunny Kingdom, five per table), and pglz compressing them was a large part of the
        database's CPU per command. The documents read back the same; rows written before keep
        their pglz until they are next written. Changed once (it takes the table's lock)."""
        import psycopg

        try:
            with conn.transaction():  # a savepoint: a server without lz4 (or before 14) keeps pglz
                found = conn.execute("SELECT a.attcompression FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
                                     "WHERE c.relname = %s AND a.attname = 'body' AND pg_table_is_visible(c.oid)",
                                     (f"{self.prefix}_docs",)).fetchone()
                if found is not None and found[0] != "l":
                    conn.execute(self._sql.SQL("ALTER TABLE {} ALTER COLUMN body SET COMPRESSION lz4").format(
                        self.docs))
        except (psycopg.errors.FeatureNotSupported, psycopg.errors.UndefinedColumn, psycopg.errors.SyntaxError):
            pass

    def positions(self, models: Iterable[str]) -> dict[str, int]:
        found = self.all_positions()
        return {m: found.get(m, 0) for m in models}

    def all_positions(self) -> dict[str, int]:
        with self._pool.connection() as conn:
            return dict(conn.execute(self._sql.SQL("SELECT model, position FROM {}").format(self.tracking)).fetchall())

    def forget(self, names: Iterable[str]) -> None:
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (self.prefix,))
            cur.execute(self._sql.SQL("DELETE FROM {} WHERE model = ANY(%s)").format(self.tracking), (list(names),))

    def get(self, model: str, key: str) -> dict | None:
        with self._pool.connection() as conn:
            row = conn.execute(self._sql.SQL("SELECT body FROM {} WHERE model = %s AND key = %s").format(self.docs),
                               (model, key)).fetchone()
        return json.loads(row[0]) if row else None

    def get_many(self, model: str, keys: Iterable[str]) -> dict[str, dict]:
        keys = list(keys)
        if not keys:
            return {}
        with self._pool.connection() as conn:
            rows = conn.execute(self._sql.SQL("SELECT key, body FROM {} WHERE model = %s AND key = ANY(%s)").format(
                self.docs), (model, keys)).fetchall()
        return {k: json.loads(b) for k, b in rows}

    def group(self, model: str, grp: str, after_key: str | None = None,
              limit: int | None = None) -> list[tuple[str, dict]]:
        with self._pool.connection() as conn:
            rows = conn.execute(
                self._sql.SQL("SELECT key, body FROM {} WHERE model = %s AND grp = %s AND key COLLATE \"C\" > %s "
                              "ORDER BY key COLLATE \"C\" LIMIT %s").format(self.docs),
                (model, grp, after_key or "", limit)).fetchall()
        return [(k, json.loads(b)) for k, b in rows]

    def all(self, model: str) -> list[tuple[str, str, dict]]:
        with self._pool.connection() as conn:
            rows = conn.execute(
                self._sql.SQL("SELECT key, grp, body FROM {} WHERE model = %s ORDER BY key COLLATE \"C\"").format(
                    self.docs), (model,)).fetchall()
        return [(k, g, json.loads(b)) for k, g, b in rows]

    def prepare(self, writes: Writes) -> Any:
        """The documents to store as four columns (model, key, grp, body text), the deletes as one
        JSON parameter. The columns go to the server as binary text arrays, which it unnests
        without parsing anything: a body passed inside one JSON parameter was parsed as JSON
        again by the server, about three quarters of its CPU per document stored."""
        upserts = [(m, k, v[0], encoded(v[1])) for (m, k), v in writes.items() if v is not None]
        deletes = [[m, k] for (m, k), v in writes.items() if v is None]
        columns = tuple(list(c) for c in zip(*upserts)) if upserts else None
        return columns, dumps(deletes) if deletes else None

    def write(self, expected: Mapping[str, int], advanced: Mapping[str, int], prepared: Any) -> None:
        upserts, deletes = prepared
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            # Serialise writers on a transaction-scoped lock, then check the tracking rows. A read
            # model can be rebuilt, and its tracking row commits with it: a commit lost in a crash
            # is simply processed again, so it need not wait for the WAL flush.
            cur.execute("SELECT set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext(%s))",
                        (self.prefix,))
            query, params = self._batch_statement(expected, advanced, upserts, deletes)
            cur.execute(query, params)
            moved = cur.fetchall()
            if moved:  # raised inside the transaction: it rolls back, nothing of the batch is stored
                model, position, now = moved[0]
                raise Concurrent(f"{model} moved from {position} to {now}")

    def _batch_statement(self, expected: Mapping[str, int], advanced: Mapping[str, int],
                         upserts: Any, deletes: str | None) -> tuple[Any, list]:
        """The whole batch after the lock in one statement: the tracking rows checked against
        ``expected`` (the rows it answers are the ones that moved), the documents stored and
        deleted, the tracking rows moved to ``advanced``.

        Why one: the worker's CPU per batch went largely to the client's work per statement (at
        one table, a batch is about one command, and it sent six: BEGIN, the lock, the read of the
        tracking rows, the documents, the tracking rows, COMMIT). Its parts are data-modifying
        ``WITH`` queries, which all see the statement's one snapshot, taken after the lock was
        granted by the statement before: the check reads the tracking rows as every writer before
        left them, whatever this statement changes. When a row moved the caller raises inside the
        transaction, so what the statement wrote is rolled back."""
        q, sql = self._sql.SQL, self._sql
        parts = [q("moved AS (SELECT e.model, e.position, coalesce(t.position, 0) AS now "
                   "FROM unnest(%s::text[], %s::bigint[]) AS e(model, position) "
                   "LEFT JOIN {} t ON t.model = e.model WHERE coalesce(t.position, 0) <> e.position)"
                   ).format(self.tracking)]
        params: list[Any] = [list(expected), list(expected.values())]
        if upserts:
            # Each body is stored as the text it was encoded to (``%b``: binary text arrays).
            parts.append(q("stored AS (INSERT INTO {} (model, key, grp, body) "
                           "SELECT * FROM unnest(%b::text[], %b::text[], %b::text[], %b::text[]) "
                           "ON CONFLICT (model, key) DO UPDATE SET grp = EXCLUDED.grp, body = EXCLUDED.body)"
                           ).format(self.docs))
            params += upserts
        if deletes:
            parts.append(q("gone AS (DELETE FROM {} d USING json_array_elements(%s::json) AS x "
                           "WHERE d.model = x->>0 AND d.key = x->>1)").format(self.docs))
            params.append(deletes)
        if advanced:  # every tracking row at once
            parts.append(q("tracked AS (INSERT INTO {} (model, position) SELECT * FROM unnest(%s::text[], %s::bigint[]) "
                           "ON CONFLICT (model) DO UPDATE SET position = EXCLUDED.position)").format(self.tracking))
            params += [list(advanced), list(advanced.values())]
        return q("WITH {} SELECT model, position, now FROM moved").format(sql.SQL(", ").join(parts)), params

    def reset(self, model: str) -> None:
        q = self._sql.SQL
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (self.prefix,))
            cur.execute(q("DELETE FROM {} WHERE model = %s").format(self.docs), (model,))
            cur.execute(q("DELETE FROM {} WHERE model = %s OR model LIKE %s").format(self.tracking),
                        (model, model + "#%"))

    def drop(self) -> None:
        """Remove both tables (tests and ``rebuild`` of everything)."""
        with self._pool.connection() as conn:
            conn.execute(self._sql.SQL("DROP TABLE IF EXISTS {}, {}").format(self.docs, self.tracking))

    def close(self) -> None:
        self._pool.close()
