"""The per-request layer's cheaper steps (issue 39, fifteenth session) give what the generic steps
they replace gave: the access line's record and its JSON, the request id's form, the metrics'
children, the query's arguments, the body's document and the URL's match. Each test holds the
cheap step to the generic one, and to its limits (where it must fall back)."""

from __future__ import annotations

import enum
import io
import json
import logging
import math
import time
import uuid

import pytest
from pythonjsonlogger.json import JsonFormatter
from werkzeug.exceptions import BadRequest, UnprocessableEntity

from api import body, logs, metrics, parsing
from api.lean import LeanPath
from api.schemas.views import LegalMovesQuerySchema
from tests.api.conftest import Table


class Keep(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def access_records():
    """The access logger's records while the test runs."""
    keep, log = Keep(), logging.getLogger(logs.ACCESS)
    level = log.level
    log.addHandler(keep)
    log.setLevel(logging.INFO)
    yield keep.records
    log.removeHandler(keep)
    log.setLevel(level)


def test_the_access_record_is_the_one_logger_info_would_make_from_the_same_place(client, access_records):
    """``_finished`` makes the record itself (no stack walk per line): the same logger, level,
    message, arguments, fields and source as ``Logger.info`` called from ``_finished``."""
    table = Table(client)
    client.get(f"/api/tables/{table.id}/seats/0/legal-moves", headers=table.auth(0))
    record = access_records[-1]
    made = logging.getLogger(logs.ACCESS).makeRecord(
        logs.ACCESS, logging.INFO, logs._finished.__code__.co_filename, record.lineno, "request", (), None,
        "_finished", {k: getattr(record, k) for k in ("method", "route", "status", "latency_ms", "table_id", "seat")})
    clocked = {"created", "msecs", "relativeCreated", "request_id", "message", "asctime"}  # or set by formatting
    assert {k: v for k, v in record.__dict__.items() if k not in clocked} == \
           {k: v for k, v in made.__dict__.items() if k not in clocked}
    assert record.funcName == "_finished" and record.module == "logs" and record.args == ()
    assert record.getMessage() == "request"


def test_the_access_line_follows_the_logger_s_level_and_disabling(client, access_records):
    """Like ``Logger.info``: no record when the access logger is above INFO or logging is disabled."""
    log = logging.getLogger(logs.ACCESS)
    log.setLevel(logging.WARNING)
    client.get("/api/games")
    assert access_records == []
    log.setLevel(logging.INFO)
    logging.disable(logging.INFO)
    try:
        client.get("/api/games")
    finally:
        logging.disable(logging.NOTSET)
    assert access_records == []
    client.get("/api/games")
    assert len(access_records) == 1


class Colour(enum.IntEnum):
    RED = 1


class Text(str):
    pass


@pytest.mark.parametrize("extra", [
    {"who": "Zoë", "sep": "\u2028", "ctl": "\x00\n\t\"\\", "astral": "\U0001F600", "empty": ""},
    {"nan": math.nan, "inf": math.inf, "ninf": -math.inf, "big": 1e16, "tiny": 5e-324, "negzero": -0.0},
    {"huge": 10 ** 30, "neg": -7, "yes": True, "no": False, "none": None},
    {"enum": Colour.RED, "sub": Text("x"), "list": [1, "a"], "dict": {"b": [None]}, "when": time.gmtime(0)},
])
def test_a_line_is_byte_for_byte_the_library_s_whichever_values_it_holds(extra):
    """The one C encoder (lines of scalars) and the library's ``json.dumps`` (anything else) write
    what python-json-logger writes for the same record: escapes, non-finite floats, big numbers,
    booleans, subclasses and containers."""
    library = JsonFormatter(logs._FORMAT, rename_fields=logs._RENAMED, datefmt="%Y-%m-%dT%H:%M:%S%z")
    library.converter = time.gmtime
    ours = logs.formatter()
    assert ours._encode is not None  # the app's formatter takes the encoder's path
    record = logging.getLogger("tabletop.test").makeRecord("tabletop.test", logging.INFO, __file__, 1, "a line",
                                                             (), None, "f", extra)
    assert ours.format(record) == library.format(record)
    assert json.loads(ours.format(record))["message"] == "a line"


def test_a_formatter_with_other_json_options_uses_the_library_s_encoding():
    """An option the encoder was not made for (indent, a serializer, no ASCII escapes) is the library's."""
    for options in ({"json_indent": 2}, {"json_ensure_ascii": False}, {"json_default": str},
                    {"json_serializer": lambda data, **kw: json.dumps(data, **kw)}, {"prefix": ">> "}):
        fmt = logs.LineFormatter(logs._FORMAT, rename_fields=logs._RENAMED, **options)
        library = JsonFormatter(logs._FORMAT, rename_fields=logs._RENAMED, **options)
        record = logging.getLogger("t").makeRecord("t", logging.INFO, __file__, 1, "Zoë", (), None, "f", {"n": 1})
        assert fmt.format(record) == library.format(record), options
        assert (fmt._encode is None) == ("prefix" not in options), options


def test_a_made_request_id_has_the_form_of_uuid4_hex():
    """32 lowercase hex digits with the version (4) and RFC 4122 variant bits set, as ``uuid4().hex``."""
    ids = [logs.new_id() for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    for made in ids:
        parsed = uuid.UUID(hex=made)
        assert parsed.hex == made and parsed.version == 4 and parsed.variant == uuid.RFC_4122
    assert {made[12] for made in ids} == {"4"} and {made[16] for made in ids} == set("89ab")
    assert len({made[0] for made in ids}) == 16  # the other digits vary


def test_a_command_counts_in_its_children_and_again_after_they_are_removed(client):
    """``_child`` finds the same child ``labels`` would, and a removed label set is made again (not
    counted into a child the registry no longer holds)."""
    table = Table(client)

    def accepted() -> float:
        return metrics.COMMANDS.labels("tiny_duel", "play_move", "accepted")._value.get()

    before = accepted()
    table.play_first_legal()
    assert accepted() == before + 1
    metrics.COMMANDS.remove("tiny_duel", "play_move", "accepted")
    metrics.COMMAND_SECONDS.remove("tiny_duel", "play_move")
    table.play_first_legal()
    assert accepted() == 1
    assert metrics.COMMAND_SECONDS.labels("tiny_duel", "play_move")._sum.get() > 0
    exposed = client.get("/metrics").text
    assert 'tabletop_commands_total{game="tiny_duel",kind="play_move",outcome="accepted"} 1.0' in exposed


def test_a_query_s_arguments_are_remembered_as_copies_and_a_refusal_is_never_remembered(app):
    from api.routes.seats import _PLAY_MOVE_QUERY as schema

    parsing._QUERIES.clear()
    with app.test_request_context("/x?legal_moves=true&other=1"):
        first = parsing.load(schema, "query")
        first["legal_moves"] = "changed by a caller"
    with app.test_request_context("/x?legal_moves=true&other=1"):
        assert parsing.load(schema, "query") == {"legal_moves": True}
    assert (schema, "legal_moves=true&other=1") in parsing._QUERIES
    for _ in range(2):
        with app.test_request_context("/x?legal_moves=maybe"), pytest.raises(UnprocessableEntity) as refused:
            parsing.load(schema, "query")
        assert refused.value.data["messages"] == {"query": {"legal_moves": ["Not a valid boolean."]}}
    with app.test_request_context("/x"):
        assert parsing.load(schema, "query") == {"legal_moves": False}
    other = LegalMovesQuerySchema()
    with app.test_request_context('/x?match={"type":"pass"}'):
        assert parsing.load(other, "query") == {"match": {"type": "pass"}}
    assert not [key for key in parsing._QUERIES if key[0] is other]  # an object is not a scalar: not kept
    parsing._QUERIES_KEPT, kept = 3, parsing._QUERIES_KEPT
    try:
        for n in range(5):
            with app.test_request_context(f"/x?legal_moves=true&n={n}"):
                parsing.load(schema, "query")
            assert len(parsing._QUERIES) <= 3
    finally:
        parsing._QUERIES_KEPT = kept


def test_the_body_check_s_document_is_the_schema_s_only_for_webargs_own_reading(app, monkeypatch):
    """A UTF-8 JSON body is parsed once (the body check's document, webargs' reading of those
    bytes); a body webargs reads otherwise (UTF-16, a BOM) still goes to webargs (its 400)."""
    from api.routes.seats import _PLAY_MOVE

    reads = []
    parser = parsing.Blueprint.ARGUMENTS_PARSER
    load_json = parser.load_json
    monkeypatch.setattr(parser, "load_json", lambda req, schema: reads.append(1) or load_json(req, schema))
    sent = {"move": {"type": "pass", "name": "Zoë"}, "command_id": "c-1"}
    with app.test_request_context("/x", method="POST", json=sent):
        body.check_json_body()
        assert parsing.load(_PLAY_MOVE, "json") == _PLAY_MOVE.load(sent)
    assert reads == []
    for data in (json.dumps(sent).encode("utf-16"), b"\xef\xbb\xbf" + json.dumps(sent).encode()):
        with app.test_request_context("/x", method="POST", data=data, content_type="application/json"):
            body.check_json_body()  # valid JSON to the body check
            with pytest.raises(BadRequest):
                parsing.load(_PLAY_MOVE, "json")
    assert reads == [1, 1]
    with app.test_request_context("/x", method="POST", json=sent):
        body.check_json_body()
        from flask import request

        request._cached_data = json.dumps({"move": {"type": "other"}}).encode()  # other bytes: not reused
        assert parsing.load(_PLAY_MOVE, "json")["move"] == {"type": "other"}
    assert reads == [1, 1, 1]


def test_a_lean_path_s_match_is_remembered_and_each_request_gets_its_own_arguments(app, client, monkeypatch):
    table = Table(client)
    lean = app.wsgi_app
    assert isinstance(lean, LeanPath)
    calls = []
    matcher = app.url_map._matcher
    match = matcher.match
    monkeypatch.setattr(matcher, "match", lambda *a: calls.append(a[1]) or match(*a))
    seen = []

    def take(endpoint, values):  # a hook that changes its request's arguments
        if endpoint == "seats.legal_moves":
            seen.append(dict(values))
            values["seat"] = 99 if len(seen) == 1 else values["seat"]

    app.url_value_preprocessors.setdefault(None, []).append(take)  # the app serves: no decorator now

    path = f"/api/tables/{table.id}/seats/0/legal-moves"
    assert client.get(path, headers=table.auth(0)).status_code == 403  # the hook's 99 is not seat 0's
    assert client.get(path, headers=table.auth(0)).status_code == 200  # a fresh copy of the arguments
    assert seen == [{"table_id": uuid.UUID(table.id), "seat": 0}] * 2
    assert calls == [path]  # the map was asked once
    bad = "/api/tables/not-a-table/seats/0/legal-moves"
    for _ in range(2):
        assert client.get(bad).status_code == 404
    assert calls == [path, bad, bad]  # a 404 is never remembered
    assert client.post(f"/api/tables/{table.id}/seats/0/legal-moves").status_code == 405
    app.url_map._rules.append(app.url_map._rules[0])  # another count of rules: the memory starts over
    try:
        assert client.get(path, headers=table.auth(0)).status_code == 200
    finally:
        app.url_map._rules.pop()
    assert calls[-1] == path and calls.count(path) == 2


def test_a_log_line_written_during_a_request_names_its_request_id(client):
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.formatter())
    handler.addFilter(logs.RequestContext())
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        client.get("/api/games", headers={"X-Request-ID": "given-1"})
        client.get("/api/games")
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    ids = [json.loads(line)["request_id"] for line in stream.getvalue().splitlines()]
    assert ids[0] == "given-1" and len(ids[1]) == 32 and uuid.UUID(hex=ids[1]).version == 4


def _checked(app, data: bytes):
    """What the body check says of ``data`` sent as JSON: None (accepted) or the refusal's class name."""
    with app.test_request_context("/x", method="POST", data=data, content_type="application/json"):
        try:
            body.check_json_body()
        except Exception as refused:  # noqa: BLE001 - the refusal is the answer
            return type(refused).__name__
    return None


def test_the_body_check_still_refuses_every_lone_surrogate_and_every_deep_body(app):
    """The walks are skipped only where they cannot find anything: a surrogate escaped in UTF-8, a
    raw one in UTF-16 or in UTF-8 bytes (which only ``surrogatepass`` reads), nesting past 32 levels
    in any encoding, are still refused; brackets inside strings are not nesting."""
    assert _checked(app, b'{"move": {"type": "\\ud800"}}') == "InvalidText"
    assert _checked(app, '{"move": {"type": "\ud800"}}'.encode("utf-16-le", "surrogatepass")) == "InvalidText"
    assert _checked(app, b'{"move": {"type": "\xed\xa0\x80"}}') == "InvalidText"
    assert _checked(app, b'{"move": {"type": "\\u00e9\\ud83d\\ude00"}}') is None  # a pair and a letter: text
    for encoding in ("utf-8", "utf-16", "utf-32"):
        nested = "[" * 31 + "]" * 31
        assert _checked(app, f'{{"move": {nested}}}'.encode(encoding)) is None, encoding  # 32 levels
        assert _checked(app, f'{{"move": [{nested}]}}'.encode(encoding)) == "MalformedJson", encoding  # 33
    assert _checked(app, json.dumps({"move": {"type": "[{" * 40}}).encode()) is None


def test_a_plain_move_body_is_not_walked_and_an_escaped_one_is(app, monkeypatch):
    walked = []
    depth, not_text = body._depth, body._not_text
    monkeypatch.setattr(body, "_depth", lambda doc: walked.append("depth") or depth(doc))
    monkeypatch.setattr(body, "_not_text", lambda doc: walked.append("text") or not_text(doc))
    assert _checked(app, json.dumps({"move": {"type": "pick", "cards": ["a", "b"]}, "command_id": "c"}).encode()) \
        is None
    assert walked == []
    assert _checked(app, json.dumps({"move": {"name": "Zoë"}}).encode()) is None  # \u00eb: looked at
    assert walked == ["text"]
    assert _checked(app, json.dumps({"move": [[[]]] * 20}).encode()) is None  # 42 brackets: measured
    assert walked == ["text", "depth"]
