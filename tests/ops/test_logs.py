"""Structured logs: one JSON object per line, a request id per request, never a token."""

from __future__ import annotations

import io
import json
import logging

import pytest

from api import logs
from tests.api.conftest import Table


@pytest.fixture
def lines():
    """Everything logged while the test runs, as the JSON lines ``tabletop serve`` writes."""
    stream = io.StringIO()
    root = logging.getLogger()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.formatter())
    handler.addFilter(logs.RequestContext())
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)

    def read() -> list[dict]:
        return [json.loads(line) for line in stream.getvalue().splitlines()]  # every line parses

    yield read
    root.removeHandler(handler)
    root.setLevel(level)


def access(records: list[dict]) -> list[dict]:
    return [r for r in records if r["logger"] == logs.ACCESS]


def test_each_request_logs_one_json_access_line_with_method_route_status_latency_table_and_seat(client, lines):
    table = Table(client)
    r = table.play(0, table.legal(0)[0])
    assert r.status_code == 200, r.json
    records = access(lines())
    move = records[-1]
    assert move["method"] == "POST" and move["status"] == 200
    assert move["route"] == "/api/tables/<uuid:table_id>/seats/<int:seat>/moves"
    assert move["table_id"] == table.id and move["seat"] == 0
    assert isinstance(move["latency_ms"], float) and move["latency_ms"] >= 0
    assert move["level"] == "INFO" and move["message"] == "request" and move["time"].endswith("+0000")
    # A read names the seat its token proved, though the URL names none.
    client.get(f"/api/tables/{table.id}/view", headers=table.auth(1))
    assert access(lines())[-1]["seat"] == 1
    # One access line per request: open, two seats, start, legal moves, move, view.
    assert len(access(lines())) == 7


def test_the_request_id_is_taken_from_x_request_id_or_made_and_returned(client, lines):
    given = client.get("/api/games", headers={"X-Request-ID": "lb-1234.abc"})
    assert given.headers["X-Request-ID"] == "lb-1234.abc"
    made = client.get("/api/games")
    hostile = client.get("/api/games", headers={"X-Request-ID": 'x", "level": "FAKE' + "a" * 200})
    assert len(made.headers["X-Request-ID"]) == 32 and len(hostile.headers["X-Request-ID"]) == 32
    assert hostile.headers["X-Request-ID"] != made.headers["X-Request-ID"]
    ids = [r["request_id"] for r in access(lines())]
    assert ids == ["lb-1234.abc", made.headers["X-Request-ID"], hostile.headers["X-Request-ID"]]


def test_no_log_line_holds_a_seat_token_or_the_secret_even_for_refused_and_failing_requests(app, client, lines):
    from tests.api.conftest import SECRET

    @app.get("/boom")
    def boom():
        raise RuntimeError("a bug")

    table = Table(client)
    tokens = list(table.tokens.values())
    table.play(0, {"type": "nope"})
    client.post(f"/api/tables/{table.id}/seats/1/moves", json={"move": {}}, headers=table.auth(0))  # 403
    client.get(f"/api/tables/{table.id}/view?token={tokens[0]}", headers={"Authorization": "Bearer forged.1.2.3"})

    assert client.get("/boom", headers=table.auth(0)).status_code == 500
    records = lines()
    text = "\n".join(json.dumps(r) for r in records)
    assert all(token not in text for token in tokens) and SECRET not in text and "forged" not in text
    statuses = [r["status"] for r in access(records)]
    assert statuses[-4:] == [422, 403, 401, 500]
    bug = next(r for r in records if r["logger"] == "api.errors")
    assert bug["level"] == "ERROR" and "RuntimeError: a bug" in bug["exc_info"] and bug["request_id"]


def test_every_line_is_byte_for_byte_what_python_json_logger_writes(client):
    """``logs.LineFormatter`` writes plain records itself: each line equals the library formatter's
    for the same record, the app's own access lines included (captured as records, formatted by both)."""
    import time

    from pythonjsonlogger.json import JsonFormatter

    library = JsonFormatter(logs._FORMAT, rename_fields=logs._RENAMED, datefmt="%Y-%m-%dT%H:%M:%S%z")
    library.converter = time.gmtime
    ours = logs.formatter()
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    keep, root = Keep(), logging.getLogger()
    keep.addFilter(logs.RequestContext())
    root.addHandler(keep)
    level = root.level
    root.setLevel(logging.INFO)
    try:
        table = Table(client)
        client.get(f"/api/tables/{table.id}/seats/0/legal-moves", headers={"X-Request-ID": "r-1"})
        client.get("/api/tables/not-a-table")
        log = logging.getLogger("tabletop.test")
        log.info("Zoë joined", extra={"seat": 2, "names": ["Ann", "Zoë"], "when": time.gmtime(0)})
        log.warning("table %s is %d moves long", "t-1", 40)  # arguments: the library's path
        try:
            raise ValueError("bad")
        except ValueError:
            log.exception("it failed")  # an exception: the library's path
        log.info({"a": "dict message"})  # a dict message: the library's path
        log.info("stacked", stack_info=True)
    finally:
        root.removeHandler(keep)
        root.setLevel(level)
    assert any(r.name == logs.ACCESS for r in records) and len(records) >= 8
    for record in records:
        assert ours.format(record) == library.format(record), record.__dict__
