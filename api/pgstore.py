"""The PostgreSQL event store with bounded waits: an outage costs a request seconds, not minutes.

eventsourcing's PostgreSQL recorders retry every query ten times on a connection error, each try
waiting up to the pool's timeout (30 s by default), and the pool hands out connections that died
with the server. Here (named by ``PERSISTENCE_MODULE``, see ``api.config``): a pooled connection
that sat idle is checked before use (pre-ping; one in steady use is not), a new connection gives up after
``TABLETOP_POSTGRES_WAIT_S``, a request waits at most that long for the pool, and a query is tried
twice at most (once more only when a pooled connection broke under it, never after the pool timed
out). What still fails reaches the API as eventsourcing's ``OperationalError`` and becomes a 503
with ``Retry-After`` (``api.errors``). When the database is back, the pool reconnects by itself
within seconds (a failed reconnection is abandoned quickly and retried fresh on demand).

With ``TABLETOP_GROUP_COMMIT`` on, the application recorder writes the saves that arrive together
in one transaction (``api.group_commit``): one insert-lock acquisition for several tables' commands,
sent as one statement (``insert_function``, created by ``tabletop migrate``).
"""

from __future__ import annotations

import functools
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import (
    PostgresAggregateRecorder,
    PostgresApplicationRecorder,
    PostgresFactory,
    PostgresProcessRecorder,
    PostgresTrackingRecorder,
)
from psycopg.sql import SQL, Identifier, Literal
from psycopg_pool import PoolTimeout

from api.group_commit import GroupCommit, write_batch
from projections.stores import check_when_idle

#: Queries that the library wraps in its ten-try ``retry``: re-wrapped with two tries at most.
_RETRIED = ("insert_events", "select_events", "select_notifications", "max_notification_id",
            "insert_tracking", "max_tracking_id", "has_tracking_id")


def _twice(method: Any) -> Any:
    inner = getattr(method, "__wrapped__", method)

    @functools.wraps(inner)
    def bounded(recorder: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return inner(recorder, *args, **kwargs)
        except (InterfaceError, OperationalError) as error:
            if isinstance(error.__cause__, PoolTimeout):
                raise  # no connection within the wait: the server is away, say so now
            # A pooled connection broke under us (the server restarted): every idle one in the pool
            # probably died with it, busy or not, so check them all once, then one fresh try.
            recorder.datastore.pool.check()
            return inner(recorder, *args, **kwargs)

    return bounded


def _bounded(cls: type) -> type:
    overrides = {name: _twice(getattr(cls, name)) for name in _RETRIED if hasattr(cls, name)}
    return type(f"Bounded{cls.__name__}", (cls,), overrides)


class GroupCommitRecorder(_bounded(PostgresApplicationRecorder)):  # type: ignore[misc]
    """The bounded application recorder, its statements rendered once (the library composes and
    renders them again on every call: about 5 % of a command's CPU in the web worker); with a
    ``group`` set, saves share transactions."""

    group: GroupCommit | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Its events go as a binary array of the library's composite type (``%b``): psycopg writes
        # the text form of a composite array in Python, 70 µs for a command's four events against
        # 15 in binary.
        self.insert_events_statement = self.insert_events_statement.as_string(None).replace("unnest(%s::", "unnest(%b::")
        assert "unnest(%b::" in self.insert_events_statement, "the library's insert statement changed"
        self.lock_table_statements = [s.as_string(None) for s in self.lock_table_statements]
        self._notify = SQL("NOTIFY {0}").format(Identifier(self.channel_name)).as_string(None)
        self._selects: dict[tuple[bool, bool, bool, bool], str] = {}
        self._define_insert_function()

    #: Bumped whenever the function's body changes: a store migrated before keeps its old function,
    #: and the new name is created by the next ``tabletop migrate``.
    INSERT_FUNCTION_VERSION = 1

    def _define_insert_function(self) -> None:
        """The library's insert transaction (lock the table, notify, insert, commit) as one
        PL/pgSQL function, called in one autocommit statement.

        Why: psycopg's pipeline around ``conn.transaction()`` syncs five times for the library's
        one transaction (the BEGIN, the statements, the inner and outer pipelines' exits, the
        COMMIT): about 0.7 ms of a web worker's CPU and 0.55 ms of PostgreSQL's per save, against
        0.3 and 0.4 for one prepared call (docs/command-path.md, thirteenth session).

        Same guarantees: the ``EXCLUSIVE`` lock is taken first and held through the commit
        (gap-free notification ids in commit order), one ``NOTIFY``, the ids returned in the
        rows' order, and a version conflict fails the whole statement with
        ``UniqueViolation`` (``api.group_commit`` then writes the batch without the conflicting
        saves, as before). ``lock_timeout`` is passed on every call, so the datastore's setting
        is the one in force, not the one at migration time.

        Created only where missing (``to_regprocedure``), so workers starting together never
        replace it under each other; a store migrated before it existed has none, and the
        recorder then falls back to the pipelined transaction (``api.group_commit``)."""
        schema = Identifier(self.datastore.schema)
        name = f"{self.channel_name}_insert_v{self.INSERT_FUNCTION_VERSION}"
        event_type = SQL("{0}.{1}").format(schema, Identifier(self.stored_event_type_name))
        signature = SQL("{0}.{1}({2}[], text)").format(schema, Identifier(name), event_type).as_string(None)
        body = SQL(
            "CREATE FUNCTION {schema}.{name}(events {event_type}[], lock_timeout text) "
            "RETURNS SETOF bigint LANGUAGE plpgsql AS $fn$ BEGIN "
            "PERFORM set_config('lock_timeout', lock_timeout, true); "
            "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
            "NOTIFY {channel}; "
            "RETURN QUERY INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
            "SELECT originator_id, originator_version, topic, state FROM unnest(events) "
            "RETURNING notification_id; "
            "END $fn$"
        ).format(schema=schema, name=Identifier(name), event_type=event_type,
                 table=Identifier(self.events_table_name), channel=Identifier(self.channel_name))
        self.sql_create_statements.append(SQL(
            "DO $do$ BEGIN IF to_regprocedure({signature}) IS NULL THEN EXECUTE {body}; END IF; END $do$"
        ).format(signature=Literal(signature), body=Literal(body.as_string(None))))
        #: The call ``api.group_commit`` makes (None once the store is found to have no function).
        self.insert_function: str | None = SQL(
            "SELECT notification_id FROM {0}.{1}(%b, %s) AS inserted(notification_id)"
        ).format(schema, Identifier(name)).as_string(None)
        self.insert_function_lock_timeout = f"{self.datastore.lock_timeout}s"

    def insert_events(self, stored_events: Any, **kwargs: Any) -> Any:
        if self.group is None or not stored_events or kwargs.get("tracking") is not None:
            return super().insert_events(stored_events, **kwargs)
        return self.group.submit(stored_events)

    def _notify_channel(self, curs: Any) -> None:
        curs.execute(self._notify)

    def _select_events(self, originator_id: Any, *, gt: int | None = None, lte: int | None = None,
                       desc: bool = False, limit: int | None = None) -> list[StoredEvent]:
        """The library's ``select_events``, its statement rendered once per shape."""
        shape = (gt is not None, lte is not None, desc, limit is not None)
        statement = self._selects.get(shape)
        if statement is None:
            query = self.select_events_statement
            query += SQL(" AND originator_version > %s") if shape[0] else SQL("")
            query += SQL(" AND originator_version <= %s") if shape[1] else SQL("")
            query += SQL(" ORDER BY originator_version") + SQL(" DESC" if desc else " ASC")
            query += SQL(" LIMIT %s") if shape[3] else SQL("")
            statement = self._selects[shape] = query.as_string(None)
        params = [originator_id] + [p for p in (gt, lte, limit) if p is not None]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(statement, params, prepare=True)
            return [
                StoredEvent(originator_id=row["originator_id"], originator_version=row["originator_version"],
                            topic=row["topic"], state=bytes(row["state"]))
                for row in curs.fetchall()
            ]

    select_events = _twice(_select_events)


ON = ("y", "yes", "1", "true", "on")


class BoundedPostgresFactory(PostgresFactory):
    """``PostgresFactory`` whose recorders give up in seconds and whose pool pre-pings."""

    #: Environment keys (``api.config.Settings.eventsourcing_env`` sets them).
    GROUP_COMMIT = "TABLETOP_GROUP_COMMIT"
    GROUP_COMMIT_WINDOW_MS = "TABLETOP_GROUP_COMMIT_WINDOW_MS"

    aggregate_recorder_class = _bounded(PostgresAggregateRecorder)
    application_recorder_class = GroupCommitRecorder
    tracking_recorder_class = _bounded(PostgresTrackingRecorder)
    process_recorder_class = _bounded(PostgresProcessRecorder)

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        wait = self.env.get(self.POSTGRES_CONNECT_TIMEOUT) or "5"
        # libpq's own connect timeout (the library sets none): a server that does not answer at all
        # (a dropped route, not a refused port) must not hold the pool's connector for minutes.
        self.datastore.pool.kwargs["connect_timeout"] = max(1, int(wait))
        # The pool retries a failed connection with a doubling delay for up to 5 minutes: the first
        # request after the database returned waited up to 21 s. Give up a failed attempt after a
        # few seconds instead; the next request that finds the pool empty starts a fresh attempt
        # at once.
        self.datastore.pool.reconnect_timeout = reconnect_timeout(int(wait))
        # Pre-ping, but only connections that sat idle (``POSTGRES_PRE_PING`` would add a round trip
        # to every query of a busy pool). psycopg_pool keeps its ``check`` callback here.
        self.datastore.pool._check = check_when_idle

    def application_recorder(self) -> Any:
        recorder = super().application_recorder()
        if (self.env.get(self.GROUP_COMMIT) or "").lower() in ON and isinstance(recorder, GroupCommitRecorder):
            window_s = float(self.env.get(self.GROUP_COMMIT_WINDOW_MS) or "0") / 1000
            recorder.group = GroupCommit(lambda batch: write_batch(recorder, batch), window_s)
        return recorder


def reconnect_timeout(wait_s: float) -> float:
    """How long a pool keeps retrying one failed connection (its delays go 1, 2, 4... seconds)."""
    return max(3.0, wait_s + 1.0)
