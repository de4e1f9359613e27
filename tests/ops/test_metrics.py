"""``GET /metrics``: the counters move when commands are played, and no label names a table or a secret."""

from __future__ import annotations

import io
import time

import pytest
from flask import abort, request
from prometheus_client.parser import text_string_to_metric_families

from api import metrics
from api.fanout import Broker
from domain.application import Tables
from domain.games import GAMES
from tests.api.conftest import SECRET, Table


def scrape(client) -> dict[tuple[str, tuple], float]:
    """Every sample of ``/metrics`` by (name, sorted labels)."""
    r = client.get("/metrics")
    assert r.status_code == 200 and r.content_type.startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.get_data(as_text=True)) for s in family.samples}


def value(samples, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def delta(before, after, name: str, **labels) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


def test_commands_by_game_kind_and_outcome_latency_and_events_move_when_commands_are_played(client):
    table = Table(client)
    before = scrape(client)
    version = table.get().json["version"]
    assert table.play(0, table.legal(0)[0]).status_code == 200
    appended = table.get().json["version"] - version
    assert table.play(0, {"type": "nope"}).json["rule"]  # 422, refused by a rule
    assert table.play(0, {"type": "nope"}, expected_version=1).status_code == 409  # stale: a conflict
    assert client.post(f"/api/tables/{table.id}/seats/0/moves", json={"move": {}}).status_code == 401
    after = scrape(client)
    command = {"game": "tiny_duel", "kind": "play_move"}
    for outcome in ("accepted", "refused_by_rule", "conflict", "rejected"):
        assert delta(before, after, "tabletop_commands_total", outcome=outcome, **command) == 1, outcome
    assert delta(before, after, "tabletop_command_seconds_count", **command) == 4
    assert delta(before, after, "tabletop_command_seconds_sum", **command) > 0
    assert delta(before, after, "tabletop_events_appended_total", game="tiny_duel") == appended >= 1
    # Opening a table for a game the catalog lacks is counted under "unknown", never under its name.
    # (The registry is the process's: other tests' refusals count too, so compare before and after.)
    unknown = {"game": "unknown", "kind": "open_table", "outcome": "rejected"}
    before = scrape(client)
    client.post("/api/tables", json={"game": "no-such-game-" + table.id, "seats": 2})
    assert delta(before, scrape(client), "tabletop_commands_total", **unknown) == 1


def test_no_label_and_no_line_of_metrics_holds_a_table_id_a_token_or_the_secret(client):
    table = Table(client)
    table.play(0, table.legal(0)[0])
    text = client.get("/metrics").get_data(as_text=True)
    assert table.id not in text and SECRET not in text
    assert all(token not in text for token in table.tokens.values())
    ours = [(name, pairs) for (name, pairs) in scrape(client) if name.startswith("tabletop_")]
    assert {key for (_, pairs) in ours for key, _ in pairs} <= {"game", "kind", "outcome", "le", "operation",
                                                              "route", "projection"}
    assert {v for (_, pairs) in ours for k, v in pairs if k == "game"} <= {*GAMES, "unknown"}


def test_open_streams_and_frames_sent_are_counted_while_a_stream_runs_and_after_it_ends(app, client):
    table = Table(client)
    live = app.extensions["live"]
    live.heartbeat = 0.01  # the stream is read until its first heartbeat, then the client leaves
    before = scrape(client)
    response = client.get(f"/api/tables/{table.id}/stream", buffered=False)
    chunks = iter(response.response)
    body = next(chunks)
    assert body.startswith(b"retry:")
    assert delta(before, scrape(client), "tabletop_open_streams") == 1
    while b": hb\n" not in body:
        body += next(chunks)
    response.close()
    after = scrape(client)
    assert delta(before, after, "tabletop_open_streams") == 0
    assert delta(before, after, "tabletop_stream_frames_total", kind="entry") == body.count(b"event: entry\n") > 0
    assert delta(before, after, "tabletop_stream_frames_total", kind="view") == 1
    assert delta(before, after, "tabletop_stream_frames_total", kind="heartbeat") == body.count(b": hb\n") > 0


def test_projection_lag_is_zero_when_caught_up_and_counts_events_and_seconds_when_behind(app, client):
    table = Table(client)
    head = app.extensions["tabletop.tables"].recorder.max_notification_id()
    deadline = time.monotonic() + 60  # the projection thread catches up; generous on a busy box
    while time.monotonic() < deadline:
        samples = scrape(client)
        lags = [v for (name, _), v in samples.items() if name == "tabletop_projection_lag_events"]
        if lags and max(lags) == 0:
            break
        time.sleep(0.05)
    assert len(lags) >= 5 and max(lags) == 0
    assert value(samples, "tabletop_projection_lag_seconds", projection="lobby") == 0

    class Behind:  # a read model that processed nothing yet
        models = ["lobby"]
        store = type("S", (), {"reached": staticmethod(lambda models: {"lobby": 0})})()

    time.sleep(0.2)
    lag = {m.name: m.samples[0].value for m in metrics.ProjectionLag(app.extensions["tabletop.tables"], Behind()).collect()}
    assert lag["tabletop_projection_lag_events"] == head
    assert 0.2 <= lag["tabletop_projection_lag_seconds"] < 120
    assert table.id


def test_redis_publish_failures_are_counted_and_never_fail_the_command(client):
    class Down(Broker):
        def publish(self, table_id, version):
            raise ConnectionError("redis is down")

    before = scrape(client)
    Down().after_save("00000000-0000-0000-0000-000000000001", 3)
    assert delta(before, scrape(client), "tabletop_redis_publish_failures_total") == 1


def test_a_failed_save_counts_a_store_error_and_a_concurrent_writer_does_not(client):
    from eventsourcing.persistence import IntegrityError, OperationalError

    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    failures = [OperationalError("the database went away"), IntegrityError("a concurrent writer")]

    def failing_save(*objs, **kwargs):
        raise failures.pop(0)

    tables.save = failing_save
    metrics.instrument(tables)
    before = scrape(client)
    with pytest.raises(OperationalError):
        tables.save(object())
    with pytest.raises(IntegrityError):
        tables.save(object())
    assert delta(before, scrape(client), "tabletop_store_errors_total", operation="save") == 1
    tables.close()


def test_every_429_is_counted_as_a_rate_limit_refusal_by_route(app, client):
    @app.get("/api/limited/<int:n>")
    def limited(n):
        abort(429)

    before = scrape(client)
    client.get("/api/limited/1")
    client.get("/api/limited/2")
    metrics.rate_limited("/api/limited/<int:n>")  # the hook for a limiter that answers otherwise
    assert delta(before, scrape(client), "tabletop_rate_limit_refusals_total", route="/api/limited/<int:n>") == 3


def test_counting_a_command_refused_before_its_body_was_read_never_reads_the_body(app, client):
    @app.before_request
    def refuse_first():  # as the rate limiter does: 429 before anything reads the body
        if request.method == "POST":
            abort(429)

    class NeverEnds(io.RawIOBase):  # a client trickling its body
        def readable(self):
            return True

        def seekable(self):
            return True

        def seek(self, offset, whence=0):
            return 0

        def readinto(self, buffer):
            raise AssertionError("the body was read after the refusal")

    r = client.post("/api/tables", input_stream=NeverEnds(), content_type="application/json",
                    headers={"Content-Length": "1000"})
    assert r.status_code == 429
    assert value(scrape(client), "tabletop_commands_total", game="unknown", kind="open_table", outcome="rejected") >= 1


def test_a_request_the_store_failed_counts_one_store_error(app, client, monkeypatch):
    from eventsourcing.persistence import OperationalError

    table = Table(client)
    tables = app.extensions["tabletop.tables"]

    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")

    before = scrape(client)
    monkeypatch.setattr(tables, "table", unreachable)
    r = table.get("/seats/0/legal-moves", seat=0)
    assert r.status_code == 503 and r.json["error"] == "store_unavailable"
    monkeypatch.undo()
    assert delta(before, scrape(client), "tabletop_store_errors_total", operation="request") == 1


def test_a_partitioned_read_model_lags_as_much_as_its_slowest_partition(app, client):
    from projections.stores import MemoryStore

    Table(client)
    tables = app.extensions["tabletop.tables"]
    head = tables.recorder.max_notification_id()
    store = MemoryStore()
    store.commit({}, {"lobby#0/2": head, "lobby#1/2": head - 2}, {})

    class Partitioned:
        models = ["lobby"]

    Partitioned.store = store
    lag = {m.name: m.samples[0].value for m in metrics.ProjectionLag(tables, Partitioned()).collect()}
    assert lag["tabletop_projection_lag_events"] == 2
