"""Fan-out through a real redis-server: the per-worker hub, and Redis killed mid-game."""

from __future__ import annotations

import threading
import time
from uuid import uuid4

import pytest

from api.fanout import GAP, RedisBroker
from api.routes.stream import FrameSource, event_stream
from domain.application import Tables
from tests.domain.test_tables import seated
from tests.fanout.sse import parse

pytestmark = pytest.mark.integration


#: How long a test waits for something to happen: generous, since a shared 2-core box can stall
#: any one step for seconds; a wait ends as soon as its condition holds.
DEADLINE_S = 30.0


def wait_for(predicate, timeout=DEADLINE_S):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_one_hub_per_worker_relays_another_workers_publishes(redis_server):
    prefix = f"t{uuid4().hex[:8]}:"
    publisher, worker = RedisBroker(redis_server.url, prefix), RedisBroker(redis_server.url, prefix)
    try:
        table = uuid4()
        subs = [worker.subscribe(table) for _ in range(3)]
        assert wait_for(worker.connected.is_set)
        assert subs[0].get(timeout=DEADLINE_S) == GAP  # once subscribed, the hub makes its streams read the store
        # The hub's GAP reaches each inbox whenever its thread gets there, and a GAP covers (drops)
        # the notices queued with it: publish again until every stream has had a notice of 7.
        relayed: dict[int, int] = {}
        deadline = time.monotonic() + DEADLINE_S
        while len(relayed) < len(subs) and time.monotonic() < deadline:
            publisher.publish(table, 7)
            for i, sub in enumerate(subs):
                item = sub.get(timeout=0.2) if i not in relayed else None
                if item is not None and item != GAP:
                    relayed[i] = item.version
        assert relayed == {0: 7, 1: 7, 2: 7}
        import redis

        clients = redis.Redis.from_url(redis_server.url).client_list()
        assert sum(1 for c in clients if c.get("cmd") == "psubscribe") == 1  # one hub, three streams
    finally:
        publisher.close()
        worker.close()


class Client(threading.Thread):
    """A stream consumer: records every entry version it receives."""

    def __init__(self, tables, broker, table_id, viewer):
        super().__init__(daemon=True)
        self.versions: list[int] = []
        self.sub = broker.subscribe(table_id)
        self.gen = event_stream(FrameSource(tables), self.sub, table_id, viewer, 0, heartbeat=0.1, max_age=60)
        self.stop = threading.Event()

    def run(self):
        for message in parse(self.gen):
            if message.get("event") == "entry":
                self.versions.append(message["id"])
            if self.stop.is_set():
                break
        self.gen.close()


def test_redis_killed_while_clients_stream_and_commands_flow(redis_server, pg_env):
    """Every command succeeds; every client ends with every event exactly once."""
    prefix = f"t{uuid4().hex[:8]}:"
    writer_broker = RedisBroker(redis_server.url, prefix, socket_timeout=0.2)
    worker_broker = RedisBroker(redis_server.url, prefix, socket_timeout=0.2, reconnect_every=0.2)
    tables = Tables(env=pg_env, on_saved=[writer_broker.after_save])
    clients = []
    try:
        table_id = seated(tables, names=("ann", "bob", "cy"), hand_size=3)
        clients += [Client(tables, worker_broker, table_id, viewer) for viewer in (None, 0, 1, 2, None, 0)]
        for c in clients:
            c.start()
        assert wait_for(worker_broker.connected.is_set)
        receipts = []

        def command():
            if tables.table(table_id).status == "open":
                receipts.append(tables.start(table_id))
                return
            table = tables.table(table_id)
            if table.status != "running":
                return
            seat = min(table.to_act())
            receipts.append(tables.play_move(table_id, seat, tables.legal_moves(table_id, seat)[0]))

        for _ in range(3):
            command()
        redis_server.kill()  # Redis dies mid-game
        assert wait_for(lambda: not worker_broker.connected.is_set())
        for _ in range(3):
            command()  # commands still succeed: the doorbell fails, the store has the truth
        redis_server.start()  # back on the same port, empty
        for _ in range(20):
            command()
        head = tables.table(table_id).version
        assert len(receipts) >= 6 and all(r.version <= head for r in receipts)
        assert wait_for(lambda: all(c.versions and c.versions[-1] == head for c in clients))
        for c in clients:
            assert c.versions == list(range(1, head + 1))  # everything, in order, nothing twice
    finally:
        for c in clients:
            c.stop.set()
        for c in clients:
            c.join(timeout=DEADLINE_S)  # each leaves at its next heartbeat, before the store closes
        tables.close()
        writer_broker.close()
        worker_broker.close()


def test_saves_doorbells_go_out_together_one_notice_per_table_at_its_newest_version(redis_server, monkeypatch):
    """``after_save`` queues; the publisher's next write carries every queued table once."""
    prefix = f"t{uuid4().hex[:8]}:"
    publisher, worker = RedisBroker(redis_server.url, prefix), RedisBroker(redis_server.url, prefix)
    monkeypatch.setattr(publisher, "_ensure_publisher", lambda: None)  # flush by hand: no race with its thread
    try:
        one, two = uuid4(), uuid4()
        subs = {one: worker.subscribe(one)}  # starts the hub
        assert wait_for(worker.connected.is_set)
        assert subs[one].get(timeout=DEADLINE_S) == GAP  # the hub's first GAP: the store is read once
        subs[two] = worker.subscribe(two)  # once the hub is subscribed: notices only, no GAP
        publisher.after_save(one, 3)
        publisher.after_save(two, 2)
        publisher.after_save(one, 5)
        publisher.after_save(one, 4)  # an older version queued late changes nothing
        assert publisher.flush() == 2
        assert publisher.flush() == 0
        received = {table: sub.get(timeout=DEADLINE_S) for table, sub in subs.items()}
        assert {table: n.version for table, n in received.items()} == {one: 5, two: 2}
        assert all(sub.get(timeout=0.2) is None for sub in subs.values())  # nothing else was sent
    finally:
        publisher.close()
        worker.close()


def test_a_saves_doorbell_reaches_another_workers_stream_after_the_command_returns(redis_server, pg_env):
    prefix = f"t{uuid4().hex[:8]}:"
    writer, worker = RedisBroker(redis_server.url, prefix), RedisBroker(redis_server.url, prefix)
    tables = Tables(env=pg_env, on_saved=[writer.after_save])
    try:
        table_id = tables.open_table("tiny_duel", 2).table_id
        sub = worker.subscribe(table_id)
        assert wait_for(worker.connected.is_set)
        assert sub.get(timeout=DEADLINE_S) == GAP
        receipt = tables.take_seat(table_id, "ann")
        assert sub.get(timeout=DEADLINE_S).version == receipt.version
    finally:
        tables.close()
        writer.close()
        worker.close()


def test_without_a_publisher_thread_the_doorbell_goes_out_at_once(redis_server, monkeypatch):
    prefix = f"t{uuid4().hex[:8]}:"
    publisher, worker = RedisBroker(redis_server.url, prefix), RedisBroker(redis_server.url, prefix)

    def no_thread():
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(publisher, "_ensure_publisher", no_thread)
    try:
        table = uuid4()
        sub = worker.subscribe(table)
        assert wait_for(worker.connected.is_set)
        assert sub.get(timeout=DEADLINE_S) == GAP
        publisher.after_save(table, 9)  # never raises: the command committed
        assert publisher.flush() == 0  # nothing left queued: it was sent in the call
        assert sub.get(timeout=DEADLINE_S).version == 9
    finally:
        publisher.close()
        worker.close()
