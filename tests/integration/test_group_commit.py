"""Group commit on the real PostgreSQL server (``api/group_commit.py``, ``TABLETOP_GROUP_COMMIT``).

Saves arriving together share one transaction; each caller still hears only its own outcome.
Which transaction wrote a row is the row's ``xmin``: the tests count those, not the code's counters.
"""

from __future__ import annotations

import threading
from uuid import UUID

import psycopg
import pytest

from domain.application import Tables
from domain.errors import StaleVersion, TableFull
from domain.table import Table
from tests.backends import PG, postgres_env

#: Long enough for every thread of a test to queue behind the first save (a slow shared box).
WINDOW_MS = "300"


def group_env(window_ms: str = WINDOW_MS, fresh: bool = True) -> dict[str, str]:
    """The grouped store; ``fresh`` drops its tables first, else it is the same store again."""
    store = postgres_env() if fresh else {**postgres_env(tables=()), "CREATE_TABLE": "n"}
    return {**store, "PERSISTENCE_MODULE": "api.pgstore:BoundedPostgresFactory",
            "TABLETOP_GROUP_COMMIT": "y", "TABLETOP_GROUP_COMMIT_WINDOW_MS": window_ms,
            "POSTGRES_CONNECT_TIMEOUT": "5"}


@pytest.fixture
def grouped():
    apps: list[Tables] = []

    def make(window_ms: str = WINDOW_MS, fresh: bool = True) -> Tables:
        app = Tables(env=group_env(window_ms, fresh))
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def sql(query: str, *params) -> list[tuple]:
    with psycopg.connect(**PG, autocommit=True) as conn:
        cursor = conn.execute(query, params)
        return cursor.fetchall() if cursor.description else []


def writers(table_ids: list[UUID], after: int = 0) -> dict[UUID, set[str]]:
    """The transactions (``xmin``) that wrote each table's events after notification ``after``."""
    rows = sql("SELECT originator_id, xmin::text FROM tables_events WHERE notification_id > %s", after)
    found: dict[UUID, set[str]] = {t: set() for t in table_ids}
    for table_id, xmin in rows:
        if table_id in found:
            found[table_id].add(xmin)
    return found


def head() -> int:
    return sql("SELECT coalesce(max(notification_id), 0) FROM tables_events")[0][0]


def together(calls) -> list:
    """Run the calls in threads released at once; each slot holds its result or its exception."""
    results: list = [None] * len(calls)
    barrier = threading.Barrier(len(calls))

    def run(i, call):
        barrier.wait()
        try:
            results[i] = call()
        except Exception as error:  # noqa: BLE001 - returned to the test, which asserts on it
            results[i] = error

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    [t.start() for t in threads]
    [t.join(30) for t in threads]
    return results


def test_commands_for_different_tables_arriving_together_share_one_transaction(grouped):
    tables = grouped()
    ids = [tables.open_table("tiny_duel", 2).table_id for _ in range(8)]
    start = head()
    receipts = together([lambda t=t: tables.take_seat(t, "ann") for t in ids])
    assert all(not isinstance(r, Exception) for r in receipts), receipts
    per_table = writers(ids, start)
    assert all(len(x) == 1 for x in per_table.values())
    transactions = set().union(*per_table.values())
    assert len(transactions) < len(ids) / 2, f"{len(ids)} commands in {len(transactions)} transactions"
    # Each caller got its own events' position, and its own seat.
    for table_id, receipt in zip(ids, receipts, strict=True):
        own = sql("SELECT max(notification_id) FROM tables_events WHERE originator_id = %s", table_id)[0][0]
        assert receipt.position == own and receipt.seat == 0
        assert tables.table(table_id).players[0]["name"] == "ann"


def test_a_group_commit_that_fails_rolls_back_every_command_in_it_and_each_caller_hears_it(grouped):
    tables = grouped()
    ids = [tables.open_table("tiny_duel", 2).table_id for _ in range(6)]
    poisoned = ids[0]
    # A check at COMMIT that refuses one table's new rows: the whole transaction fails at its end.
    sql("CREATE OR REPLACE FUNCTION refuse_poisoned() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"IF NEW.originator_id = '{poisoned}' THEN RAISE EXCEPTION 'refused at commit'; END IF; "
        "RETURN NULL; END $$")
    sql("CREATE CONSTRAINT TRIGGER refuse_poisoned AFTER INSERT ON tables_events "
        "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_poisoned()")
    try:
        versions = {t: tables.table(t).version for t in ids}
        start = head()
        outcomes = together([lambda t=t: tables.take_seat(t, "ann") for t in ids])
    finally:
        sql("DROP TRIGGER IF EXISTS refuse_poisoned ON tables_events")
    assert all(isinstance(o, Exception) for o in outcomes), outcomes  # every client hears the failure...
    assert len({id(o) for o in outcomes}) == len(ids)  # ...each its own exception
    assert "refused at commit" in str(outcomes[0])
    assert head() == start and writers(ids, start) == {t: set() for t in ids}
    fresh = grouped(fresh=False)  # nothing of the batch is in the store, and no process caches it
    assert {t: fresh.table(t).version for t in ids} == versions
    # The store works on: the same commands succeed now.
    assert all(tables.take_seat(t, "ann").seat == 0 for t in ids)


def test_a_version_conflict_fails_only_its_own_command_and_the_others_commit_in_the_same_transaction(grouped):
    tables = grouped()
    contested = tables.open_table("tiny_duel", 2).table_id
    others = [tables.open_table("tiny_duel", 2).table_id for _ in range(3)]
    version = tables.table(contested).version
    start = head()
    calls = [lambda: tables.take_seat(contested, "ann", expected_version=version),
             lambda: tables.take_seat(contested, "bob", expected_version=version)]
    calls += [lambda t=t: tables.take_seat(t, "cy") for t in others]
    outcomes = together(calls)
    contest = outcomes[:2]
    assert sum(isinstance(o, StaleVersion) for o in contest) == 1, contest
    assert all(not isinstance(o, Exception) for o in outcomes[2:]), outcomes
    assert tables.table(contested).version == version + 1
    per_table = writers([contested, *others], start)
    assert len(set().union(*per_table.values())) == 1, per_table  # winner and bystanders: one transaction


def test_two_workers_racing_on_one_table_under_group_commit_lose_and_duplicate_nothing(grouped):
    first = grouped(window_ms="5")
    second = grouped(window_ms="5", fresh=False)  # another process's application on the same store
    table_id = first.open_table("tiny_duel", 4).table_id
    apps = [first, second]
    outcomes = together([lambda i=i: apps[i % 2].take_seat(table_id, f"p{i}") for i in range(8)])
    won = [o.seat for o in outcomes if not isinstance(o, Exception)]
    assert sorted(won) == [0, 1, 2, 3], outcomes
    assert all(isinstance(o, TableFull) for o in outcomes if isinstance(o, Exception)), outcomes
    first.start(table_id)
    state = first.table(table_id).state
    moves = together([lambda s=s: apps[s % 2].play_move(table_id, s, {"type": "bid", "card": state.hands[s][0]})
                      for s in range(4)])
    assert all(not isinstance(m, Exception) for m in moves), moves
    stored = sql("SELECT originator_version FROM tables_events WHERE originator_id = %s ORDER BY 1", table_id)
    versions = [v for (v,) in stored]
    assert versions == list(range(1, len(versions) + 1))  # no gap, no duplicate
    for app in apps:
        table = app.table(table_id)
        assert table.version == versions[-1]
        played = [e for e in app.events.get(table_id) if isinstance(e, Table.MovePlayed) and e.move.get("type") == "bid"]
        assert sorted(e.seat for e in played) == [0, 1, 2, 3]
        assert table.state.phase == "turns"
