"""Odd input on every route: never a 500, nothing recorded, and the refusal names the field.

The classes schemathesis' default strategies rarely reach: strings with lone surrogates (valid
JSON, not text: they break the event digest and ``uuid5``) and non-BMP text, numerals past Python's
int-parsing limit, non-ASCII header values (``compare_digest`` raises on them). Every operation of
the OpenAPI document (and the stream, which it leaves out) gets each class in each place it takes
input: body fields, query parameters, path parameters and the ``Authorization`` header.
"""

from __future__ import annotations

import json

import pytest

from tests.api.conftest import Table

SURROGATES = ["\ud800", "ann\udfff", "\udbff\udc00\ud800"]
ODD_TEXT = ["\U0001f600\U0010ffff", "名前\u202e", "9" * 4400, "\u00b2", "-1e999999"]
HUGE = "9" * 4400  #: sent as a bare JSON numeral
ODD_TOKENS = [
    "t1.0.2." + "0" * 64 + "x",
    "t1." + "9" * 4400 + ".2." + "0" * 64,
    "t1.0." + "9" * 4400 + "." + "0" * 64,
    "t1.\u00b2.2." + "0" * 64,
    "t1.0.2." + "\u00e9" * 64,
    "t1.0.2." + "\u00ff" * 3,
    "\u00e9\u00e9",
]


#: A valid value for each required body field, so only the odd field is wrong.
VALID = {"game": "tiny_duel", "seats": 2, "name": "x", "move": {"type": "roll"}, "to_version": 3,
         "approve": True, "version": 3}


def _operations(client) -> list[tuple[str, str, dict]]:
    document = client.get("/api/openapi.json").json
    ops = []
    for path, item in document["paths"].items():
        for method, op in item.items():
            if method in ("get", "post"):
                ops.append((method.upper(), path, op))
    ops.append(("GET", "/api/tables/{table_id}/stream", {"parameters": [{"name": "token", "in": "query"}]}))
    return ops


def _schema(client, op) -> dict:
    ref = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if not ref:
        return {}
    return client.get("/api/openapi.json").json["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


def _url(path: str, table: Table) -> str:
    return path.replace("{table_id}", table.id).replace("{seat}", "0").replace("{game}", "tiny_duel")


def _body_with(schema: dict, field: str, value) -> dict:
    """A body valid but for ``field`` (an object field gets the value as a key and as a value)."""
    body = {name: VALID[name] for name in schema.get("required", ()) if name in VALID}
    kind = schema["properties"][field].get("type")
    body[field] = {"type": value, value: [value]} if kind == "object" else value
    return body


@pytest.fixture
def table(client):
    t = Table(client, seats=2)
    t.play_first_legal()
    return t


def _state(client, tables, table):
    return len(list(tables.table_ids())), client.get(table.url()).json["version"]


def test_lone_surrogates_in_any_body_field_are_422_naming_the_field_and_record_nothing(client, tables, table):
    before = _state(client, tables, table)
    seen = 0
    for method, path, op in _operations(client):
        schema = _schema(client, op)
        for field, spec in schema.get("properties", {}).items():
            if spec.get("type") not in ("string", "object") or spec.get("readOnly"):
                continue
            for value in SURROGATES:
                r = client.open(_url(path, table), method=method, json=_body_with(schema, field, value),
                                headers=table.auth(0))
                assert r.status_code == 422, (method, path, field, r.status_code, r.json)
                assert r.json["error"] == "invalid_fields" and list(r.json["errors"]) == [field], r.json
                seen += 1
    assert seen >= 30  # name, command ids, moves, options, games, policies on every command route
    assert _state(client, tables, table) == before


def test_non_bmp_text_and_huge_numerals_in_bodies_are_refused_or_accepted_never_500(client, table):
    for method, path, op in _operations(client):
        schema = _schema(client, op)
        for field in schema.get("properties", {}):
            for value in [*ODD_TEXT, HUGE, "-" + HUGE, 2**63]:
                text = json.dumps(_body_with(schema, field, value))
                if value in (HUGE, "-" + HUGE):
                    text = text.replace(f'"{value}"', value)
                r = client.open(_url(path, table), method=method, data=text, content_type="application/json",
                                headers=table.auth(0))
                assert r.status_code < 500, (method, path, field, value if len(str(value)) < 20 else "huge")
                if r.status_code == 422 and r.json["errors"]:
                    assert field in r.json["errors"], r.json


def test_odd_query_and_path_values_never_500(client, table):
    for method, path, op in _operations(client):
        names = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]
        for name in names:
            for value in [*ODD_TEXT, "\u00e9", "%ED%A0%80"]:
                r = client.open(_url(path, table), method=method, query_string={name: value},
                                json={} if method == "POST" else None)
                assert r.status_code < 500, (method, path, name, r.status_code)
        if "{seat}" in path:
            for seat in ("9" * 4400, "\u00b2", "-1"):
                r = client.open(_url(path, table).replace("/seats/0", f"/seats/{seat}"), method=method,
                                json={} if method == "POST" else None, headers=table.auth(0))
                assert r.status_code < 500, (method, path, seat, r.status_code)


def test_odd_tokens_are_401_bad_token_on_every_route_that_reads_one(client, tables, table):
    before, refused = _state(client, tables, table), 0
    for method, path, op in _operations(client):
        if "{table_id}" not in path:
            continue
        for token in ODD_TOKENS:
            required = _schema(client, op).get("required", ())
            kwargs = {"json": {name: VALID[name] for name in required}} if method == "POST" else {}
            if path.endswith("/stream"):
                r = client.get(_url(path, table), query_string={"token": token})
            else:
                r = client.open(_url(path, table), method=method, headers={"Authorization": f"Bearer {token}"},
                                **kwargs)
            assert r.status_code < 500 and r.status_code not in (201, 403), (method, path, token[:12], r.status_code)
            if r.status_code == 401:
                assert r.json["error"] == "bad_token" and "malformed" in r.json["message"]
                refused += 1
    assert refused >= 9 * len(ODD_TOKENS)  # the seat commands, start, legal moves, view, events, log
    assert _state(client, tables, table) == before
    r = client.get(table.url("/view"), headers={"Authorization": f"Bearer {ODD_TOKENS[4]}"})
    assert r.status_code == 401 and r.json["error"] == "bad_token"
