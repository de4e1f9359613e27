"""The lean path (``api.lean``) serves ``POST .../seats/<n>/moves`` and ``GET .../legal-moves``
exactly as the declared routes did: two apps, alike to the byte (the same secret, table ids from the
same command ids, the same seed, a frozen clock), one served as built (the lean path), the other by
Flask's own dispatch (``LeanPath.flask``: the declared view through webargs and flask-smorest).
Every request goes to both; the answers (status, headers, body bytes), the access lines and the
metrics they move must be equal, for seeded games of the four products played to their end by legal
moves and for every kind of refusal."""

from __future__ import annotations

import json
import logging
import random
from datetime import UTC, datetime

import eventsourcing.domain
import pytest
from prometheus_client import REGISTRY

import domain.application
from api import create_app
from api.lean import LeanPath
from tests.api.conftest import settings

FROZEN = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
SEED = "5eed" * 16
GAMES = ("bunny_kingdom", "fantasy_ranch", "homesteaders", "walnut_grove")
UNKNOWN_TABLE = "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f"
#: Headers whose values the two apps may differ in (their names are compared): the limiter's reset
#: time and its Retry-After are clock readings of each app's window.
CLOCKED = {"X-RateLimit-Reset", "Retry-After"}


class Lines(logging.Handler):
    """The access lines' fields (``latency_ms`` aside, a timing)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[dict] = []

    def emit(self, record: logging.LogRecord) -> None:
        fields = ("method", "route", "status", "table_id", "seat", "stream")
        self.lines.append({f: getattr(record, f) for f in fields if hasattr(record, f)} | {"message": record.msg})


def samples() -> dict[tuple, float]:
    """Every Tabletop counter and histogram count now (sums and buckets hold timings)."""
    out = {}
    for family in REGISTRY.collect():
        for s in family.samples:
            if s.name.startswith("tabletop_") and s.name.endswith(("_total", "_count")):
                out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def moved(before: dict, after: dict) -> dict:
    return {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}


class Twins:
    """The lean app and the declared one, fed the same requests."""

    def __init__(self, **changes) -> None:
        self.apps = [create_app(settings(client_limits=True, **{"rate_limit_commands": "100000/hour", **changes}))
                     for _ in range(2)]
        lean, declared = self.apps
        assert isinstance(lean.wsgi_app, LeanPath)
        declared.wsgi_app = declared.wsgi_app.flask  # Flask's own dispatch: the declared routes
        self.clients = [app.test_client() for app in self.apps]
        self.lines = Lines()
        self.compared = 0

    def close(self) -> None:
        for app in self.apps:
            app.extensions["tabletop.tables"].close()

    def both(self, method: str, path: str, **kwargs):
        """Send to both apps; their answers, access lines and metrics must be equal. The lean answer."""
        kwargs.setdefault("headers", {})
        kwargs["headers"] = {"X-Request-ID": f"twin-{self.compared}", **kwargs["headers"]}
        seen = []
        log = logging.getLogger("tabletop.access")
        log.addHandler(self.lines)
        level = log.level
        log.setLevel(logging.INFO)
        try:
            for client in self.clients:
                self.lines.lines.clear()
                before = samples()
                r = client.open(path, method=method, **kwargs)
                seen.append((r, list(self.lines.lines), moved(before, samples())))
        finally:
            log.removeHandler(self.lines)
            log.setLevel(level)
        (lean, lean_lines, lean_metrics), (declared, declared_lines, declared_metrics) = seen
        where = f"{method} {path}"
        assert lean.status == declared.status, where
        assert lean.get_data() == declared.get_data(), where
        assert [(k, v) for k, v in lean.headers if k not in CLOCKED] == \
               [(k, v) for k, v in declared.headers if k not in CLOCKED], where
        assert [k for k, _ in lean.headers] == [k for k, _ in declared.headers], where
        assert lean_lines == declared_lines and len(lean_lines) == 1, where
        assert lean_metrics == declared_metrics, where
        self.compared += 1
        return lean


@pytest.fixture
def frozen(monkeypatch):
    """Tables alike in both apps: one seed, one clock (event timestamps are in the hash chain)."""
    monkeypatch.setattr(domain.application, "new_seed", lambda: SEED)
    monkeypatch.setattr(eventsourcing.domain, "datetime_now_with_tzinfo", lambda: FROZEN)


@pytest.fixture
def twins(frozen):
    twins = Twins()
    yield twins
    twins.close()


def seat_table(twins: Twins, game: str, seats: int = 2) -> tuple[str, dict[str, str], dict[str, str]]:
    """A started table of ``game``: a person at seat 0, ``random`` bots at the others. Its id, seat
    0's token header and a token header of a seat nobody else holds (for 403s: the person's only)."""
    r = twins.both("POST", "/api/tables", json={"game": game, "seats": seats, "command_id": f"lean-{game}"})
    table = r.json["table_id"]
    token = twins.both("POST", f"/api/tables/{table}/seats", json={"name": "ann", "seat": 0}).json["token"]
    for seat in range(1, seats):
        twins.both("POST", f"/api/tables/{table}/seats", json={"name": f"b{seat}", "seat": seat, "bot": True,
                                                                "level": "random"})
    auth = {"Authorization": f"Bearer {token}"}
    assert twins.both("POST", f"/api/tables/{table}/start", headers=auth).status_code == 200
    return table, auth, {"Authorization": f"Bearer {token[:-1]}{'0' if token[-1] != '0' else '1'}"}


def refusals(twins: Twins, table: str, auth: dict, forged: dict, version: int, move: dict) -> None:
    """Every kind of refusal of the move and of its legal moves, on both apps (nothing is recorded)."""
    moves = f"/api/tables/{table}/seats/0/moves"
    legal = f"/api/tables/{table}/seats/0/legal-moves"
    sent = [
        ("POST", moves, {"json": {"move": {"type": "no-such-move"}}}),  # 422 naming the rule
        ("POST", moves, {"json": {"move": move, "expected_version": version - 1}}),  # 409 stale
        ("POST", moves, {"json": {"move": move, "expected_version": "x"}}),  # 422 field
        ("POST", moves, {"json": {"move": move, "surprise": 1}}),  # 422 unknown field
        ("POST", moves, {"json": {"command_id": "c"}}),  # 422 missing move
        ("POST", moves, {"json": {"move": [1]}}),  # 422 not an object
        ("POST", moves, {"json": {}}),
        ("POST", moves, {"json": None}),  # no body
        ("POST", moves, {"json": [move]}),  # 422 not an object at the top
        ("POST", moves, {"data": b"null", "content_type": "application/json"}),
        ("POST", moves, {"data": b"{\"move\": ", "content_type": "application/json"}),  # 400
        ("POST", moves, {"data": json.dumps({"move": move}).encode("utf-16"), "content_type": "application/json"}),
        ("POST", moves, {"data": b"\xef\xbb\xbf{}", "content_type": "application/json"}),  # a BOM
        ("POST", moves, {"data": b"   ", "content_type": "application/json"}),
        ("POST", moves, {"data": b"move=1", "content_type": "application/x-www-form-urlencoded"}),  # 415
        ("POST", moves, {"data": b"[" * 40 + b"]" * 40, "content_type": "application/json"}),  # 400 depth
        ("POST", moves, {"data": b'{"move": {"type": "\\ud800"}}', "content_type": "application/json"}),  # 422
        ("POST", moves, {"data": b"{" + b" " * (70 * 1024) + b"}", "content_type": "application/json"}),  # 413
        ("POST", moves + "?legal_moves=maybe", {"json": {"move": move}}),  # 422 in the query
        ("POST", moves + "?legal_moves=maybe", {"json": {"surprise": 1}}),  # the body's refusal first
        ("POST", moves + "?other=1", {"json": {"move": {"type": "no-such-move"}}}),  # ignored parameter
    ]
    for method, path, kwargs in sent:
        twins.both(method, path, headers=auth, **kwargs)
    for headers in ({}, forged, {"Authorization": "Bearer t1.0.1.zz"}, {"Authorization": "Basic abc"}):
        twins.both("POST", moves, headers=headers, json={"move": move})  # 401s
        twins.both("GET", legal, headers=headers)
    twins.both("POST", f"/api/tables/{table}/seats/1/moves", headers=auth, json={"move": move})  # 403
    twins.both("GET", f"/api/tables/{table}/seats/1/legal-moves", headers=auth)
    twins.both("POST", f"/api/tables/{UNKNOWN_TABLE}/seats/0/moves", headers=auth, json={"move": move})  # 404
    twins.both("GET", f"/api/tables/{UNKNOWN_TABLE}/seats/0/legal-moves", headers=auth)
    twins.both("POST", "/api/tables/not-a-uuid/seats/0/moves", headers=auth, json={"move": move})  # Flask's 404
    twins.both("POST", f"/api/tables/{table}/seats/x/moves", headers=auth, json={"move": move})
    twins.both("GET", legal + '?match={"type": ', headers=auth)  # 422 in the query
    twins.both("GET", legal + "?match=[1]", headers=auth)


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_game_played_to_its_end_gets_the_same_answers_lines_and_metrics_on_both_paths(twins, game):
    """Every move of a whole game (its answer with the legal moves, or the bare receipt), its legal
    moves (whole and narrowed by ``match``), a retried command, and at the start, mid-game and at the
    end every refusal: byte for byte the declared route's answer, access line and metrics."""
    table, auth, forged = seat_table(twins, game)
    rng = random.Random(sum(map(ord, game)))
    legal = twins.both("GET", f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json
    refusals(twins, table, auth, forged, legal["version"], legal["moves"][0])
    played = 0
    while legal["moves"]:
        move = rng.choice(legal["moves"])
        if legal["outline"]:  # a first step of a long list: the whole moves through it (``match``)
            move = rng.choice(twins.both("GET", f"/api/tables/{table}/seats/0/legal-moves", headers=auth,
                                         query_string={"match": json.dumps(move)}).json["moves"])
        flagged = played % 3 != 2
        r = twins.both("POST", f"/api/tables/{table}/seats/0/moves" + ("?legal_moves=true" if flagged else ""),
                       headers=auth, json={"move": move, "command_id": f"m{played}"})
        assert r.status_code == 200, r.json
        if played % 7 == 0:  # the same command again: the first answer, marked a duplicate
            again = twins.both("POST", f"/api/tables/{table}/seats/0/moves?legal_moves=true", headers=auth,
                               json={"move": move, "command_id": f"m{played}"})
            assert again.json["duplicate"] is True
        if played % 5 == 0:
            first = {"type": move["type"]}
            twins.both("GET", f"/api/tables/{table}/seats/0/legal-moves", headers=auth,
                       query_string={"match": json.dumps(first)})
        if played == 10:
            refusals(twins, table, auth, forged, r.json["version"], move)
        legal = (r.json["legal_moves"] if flagged else
                 twins.both("GET", f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json)
        played += 1
        assert played < 2000
    assert played > 10
    refusals(twins, table, auth, forged, legal["version"], {"type": "pass"})  # the game is over: 409s


def test_the_command_limit_refuses_alike_on_both_paths_and_the_429_is_counted(frozen):
    """Four commands a minute (taking two seats and starting are three): the second move is a 429 with
    the same body, ``Retry-After``, limiter headers and ``Connection: close`` on both paths, the same
    access line and the same refusal counted."""
    twins = Twins(rate_limit_commands="4/minute")
    try:
        table, auth, _ = seat_table(twins, "bunny_kingdom")
        statuses = []
        for i in range(3):
            legal = twins.both("GET", f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json
            r = twins.both("POST", f"/api/tables/{table}/seats/0/moves?legal_moves=true", headers=auth,
                           json={"move": legal["moves"][0], "command_id": f"l{i}"})
            statuses.append(r.status_code)
        assert statuses == [200, 429, 429]
        assert r.headers["Connection"] == "close" and r.headers["Retry-After"]
        assert r.json["error"] == "too_many_requests"
    finally:
        twins.close()


def test_the_move_and_its_legal_moves_are_served_by_the_lean_path_not_by_the_declared_views(app, client):
    """With the declared views broken, the move and its legal moves are still answered (the lean
    path serves them); Flask's own dispatch, the lean path bypassed, reaches the broken views."""
    from tests.api.test_move_answer_moves import Seats

    table = Seats(client, "bunny_kingdom", people=1, bots=1)

    def broken(*args, **kwargs):
        raise AssertionError("the declared view was called")

    for endpoint in ("seats.play_move", "seats.legal_moves"):
        app.view_functions[endpoint] = broken
    legal = table.legal(0)
    r = table.play(0, legal["moves"][0], {"legal_moves": "true"})
    assert r.status_code == 200 and r.json["legal_moves"]["version"] == r.json["version"]
    app.wsgi_app = app.wsgi_app.flask
    assert client.get(f"/api/tables/{table.id}/seats/0/legal-moves", headers=table.auth(0)).status_code == 500
    assert table.play(0, r.json["legal_moves"]["moves"][0]).status_code == 500


def test_the_lean_routes_stay_declared_in_the_openapi_document(client):
    """Only who serves the routes changed: the document still declares the move's body, its query,
    its answer and the seat token, and the legal moves' query and answer, from the declared views."""
    paths = client.get("/api/openapi.json").json["paths"]
    move = paths["/api/tables/{table_id}/seats/{seat}/moves"]["post"]
    assert [p["name"] for p in move["parameters"]] == ["legal_moves"]
    assert move["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/PlayMove"}
    assert move["responses"]["200"]["content"]["application/json"]["schema"] == \
        {"$ref": "#/components/schemas/MoveReceipt"}
    assert move["security"] == [{"seatToken": []}] and move["summary"].startswith("Play a move for your seat")
    legal = paths["/api/tables/{table_id}/seats/{seat}/legal-moves"]["get"]
    assert [p["name"] for p in legal["parameters"]] == ["match"]
    assert legal["responses"]["200"]["content"]["application/json"]["schema"] == \
        {"$ref": "#/components/schemas/LegalMoves"}
    assert legal["security"] == [{"seatToken": []}]
