"""The SSE stream as a client sees it: subscribe first, catch up from the store, live frames,
gaps re-read from the store, Last-Event-ID resume, heartbeats, bounded life, per-viewer secrets."""

from __future__ import annotations

import itertools
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from api.fanout import LocalBroker
from api.routes.stream import FrameSource, event_stream, parse_last_event_id
from domain.application import Tables
from tests.domain.test_tables import play_first_legal, seated
from tests.fanout.sse import parse


@pytest.fixture
def broker():
    return LocalBroker()


@pytest.fixture
def tables(broker):
    app = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}, on_saved=[broker.after_save])
    yield app
    app.close()


def open_stream(tables, broker, table_id, viewer=None, last=0, max_age=60.0, heartbeat=0.02, clock=None):
    sub = broker.subscribe(table_id)  # subscribe first, as the route does
    kwargs = {"clock": clock} if clock else {}
    gen = event_stream(FrameSource(tables), sub, table_id, viewer, last, heartbeat=heartbeat,
                       max_age=max_age, retry_ms=1500, **kwargs)
    return gen


def take_until_idle(gen) -> list[dict]:
    """Messages up to (not including) the next heartbeat: everything that was due."""
    out = []
    for message in parse(gen):
        if "comment" in message:
            return out
        out.append(message)
    return out


def entry_versions(messages):
    return [m["id"] for m in messages if m.get("event") == "entry"]


def test_a_stream_catches_up_then_follows_live_with_versions_as_ids(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    gen = open_stream(tables, broker, table_id)
    first = take_until_idle(gen)
    assert first[0] == {"retry": "1500"}
    assert entry_versions(first) == [1, 2, 3]
    assert first[-1]["event"] == "view" and first[-1]["id"] == 3
    tables.start(table_id)  # GameStarted and the deal: two versions in one save
    live = take_until_idle(gen)
    assert entry_versions(live) == [4, 5] and live[-1]["data"]["table"]["status"] == "running"
    gen.close()
    assert broker.streams() == 0  # a closed stream unsubscribes


def test_last_event_id_resumes_after_it_and_loses_nothing(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    all_versions = entry_versions(take_until_idle(open_stream(tables, broker, table_id)))
    resumed = take_until_idle(open_stream(tables, broker, table_id, last=3))
    assert entry_versions(resumed) == [v for v in all_versions if v > 3]
    assert parse_last_event_id("3") == 3
    assert [parse_last_event_id(x) for x in (None, "", "abc", "-1", "99999999999")] == [0, 0, 0, 0, 0]


def test_a_resume_id_from_another_history_starts_over(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    assert entry_versions(take_until_idle(open_stream(tables, broker, table_id, last=40))) == [1, 2, 3]


def test_a_missed_notice_is_covered_by_reading_the_store(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    gen = open_stream(tables, broker, table_id)
    take_until_idle(gen)
    tables.on_saved.clear()  # the doorbell breaks: versions 4 and 5 are never announced
    tables.start(table_id)
    tables.on_saved.append(broker.after_save)
    seat, _move, receipt = play_first_legal(tables, table_id)  # version 6 is announced
    assert entry_versions(take_until_idle(gen)) == list(range(4, receipt.version + 1))


def test_a_gap_marker_re_reads_the_store(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    gen = open_stream(tables, broker, table_id)
    take_until_idle(gen)
    tables.on_saved.clear()
    tables.start(table_id)
    broker.close()  # what the Redis hub does when it reconnects: every stream gets GAP
    assert entry_versions(take_until_idle(gen)) == [4, 5]


def test_an_idle_stream_sends_heartbeats_and_ends_after_its_max_age(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    ticks = itertools.count()
    gen = open_stream(tables, broker, table_id, max_age=5, clock=lambda: next(ticks))
    messages = list(parse(gen))  # the generator ends by itself
    assert [m for m in messages if "comment" in m] and messages[-1] == {"comment": "hb"}
    assert broker.streams() == 0


def test_each_stream_carries_only_what_its_viewer_may_see(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    hands = {seat: tables.view(table_id, seat)["view"]["hand"] for seat in (0, 1)}
    bob = take_until_idle(open_stream(tables, broker, table_id, viewer=1))
    spectator = take_until_idle(open_stream(tables, broker, table_id, viewer=None))
    assert bob[-1]["data"]["view"]["hand"] == hands[1]
    assert spectator[-1]["data"]["view"]["hand"] is None
    # ann bids secretly: nobody else's stream learns which card
    ann_bid = tables.legal_moves(table_id, 0)[0]
    tables.play_move(table_id, 0, ann_bid)
    said = f"bid card {ann_bid['card']}"
    for viewer in (0, 1, None):
        [entry] = [m["data"] for m in take_until_idle(open_stream(tables, broker, table_id, viewer=viewer, last=5))
                   if m.get("event") == "entry"]
        secret_shown = said in entry["text"] or "card" in (entry["action"] or {})
        assert secret_shown == (viewer == 0)  # only ann's own stream shows her card
        assert tables.table(table_id).seed not in json.dumps(entry)
    assert tables.view(table_id, 1)["view"] == take_until_idle(
        open_stream(tables, broker, table_id, viewer=1))[-1]["data"]["view"]


def test_a_notice_ahead_of_the_store_is_harmless(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    gen = open_stream(tables, broker, table_id)
    take_until_idle(gen)
    broker.publish(table_id, 99)  # a bogus doorbell: the store has nothing past version 3
    assert take_until_idle(gen) == []
    tables.start(table_id)
    assert entry_versions(take_until_idle(gen)) == [4, 5]


def test_a_doorbell_that_never_rings_is_noticed_at_the_next_heartbeat(tables, broker):
    table_id = seated(tables, names=("ann", "bob"))
    gen = open_stream(tables, broker, table_id)
    take_until_idle(gen)
    tables.on_saved.clear()  # every publish lost, and nothing after it
    tables.start(table_id)
    assert entry_versions(take_until_idle(gen)) == [4, 5]


def test_streams_woken_together_share_one_rendering(tables):
    # 40 spectators reach for the same new version at once: the view is read from the store once,
    # and every stream sends the very same bytes.
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    head = tables.table(table_id).version
    source = FrameSource(tables)
    reads = []
    view = tables.view

    def slow_counted_view(*args, **kwargs):
        reads.append(args)
        time.sleep(0.05)  # long enough for every other stream to arrive while it renders
        return view(*args, **kwargs)

    tables.view = slow_counted_view
    start = threading.Barrier(40)

    def stream() -> tuple[int, bytes]:
        start.wait()
        return source.frames(table_id, None, head - 1, head)

    with ThreadPoolExecutor(40) as pool:
        answers = list(pool.map(lambda _: stream(), range(40)))
    assert len(reads) == 1
    assert len(set(answers)) == 1 and answers[0][0] == head and b"event: view" in answers[0][1]
