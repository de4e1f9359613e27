"""Errors are a feature: every domain refusal and every edge refusal, one status and one body each.

Each domain error class is provoked through a real HTTP request (the table below names how), and a
structural test proves every class in ``domain.errors`` has its own entry in ``api.errors.STATUS``.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from uuid import uuid4

import pytest

from api.errors import STATUS
from domain import errors as domain
from tests.api.conftest import Table

BODY_KEYS = {"error", "message", "rule", "errors", "version"}


def refused(response, status: int, error: str):
    assert response.status_code == status, response.json
    assert set(response.json) == BODY_KEYS
    assert response.json["error"] == error
    assert response.json["message"]
    return response.json


def test_every_domain_error_class_has_its_own_mapping():
    classes = {c for _, c in inspect.getmembers(domain, inspect.isclass) if issubclass(c, domain.DomainError)}
    assert classes == set(STATUS)
    provoked = {case.values[0] for case in DOMAIN_CASES}
    assert provoked == classes - {domain.DomainError, domain.Conflict}  # these two: see the tests below


# -- each domain error through a real request ---------------------------------------------------

def _illegal_move(client):
    t = Table(client)
    hand = t.get("/view", seat=0).json["view"]["hand"]
    card = next(c for c in range(1, 13) if c not in hand)  # a card seat 0 does not hold
    return t.play(0, {"type": "bid", "card": card})


def _invalid_options(client):
    return client.post("/api/tables", json={"game": "tiny_duel", "seats": 2, "options": {"hand_size": 9}})


def _unknown_game(client):
    return client.post("/api/tables", json={"game": "chess", "seats": 2})


def _unknown_version(client):
    return Table(client).get("/view?version=999")


def _table_not_found(client):
    return client.get(f"/api/tables/{uuid4()}")


def _no_preview(client):
    t = Table(client)  # Tiny Duel has no preview of a move (the hook is optional)
    return t.get("/seats/0/preview", seat=0, query_string={"move": '{"type": "bid", "card": 1}'})


def _not_your_turn(client):
    t = Table(client)
    t.play_first_legal(0)  # seat 0 has bid; bidding again is not its turn
    return t.play(0, {"type": "bid", "card": t.get("/view", seat=0).json["view"]["hand"][0]})


def _table_full(client):
    t = Table(client, start=False)
    return t.post("/seats", json={"name": "late"})


def _seat_taken(client):
    t = Table(client, seats=2, names=("ann",), start=False)
    return t.post("/seats", json={"name": "bob", "seat": 0})


def _seat_not_taken(client):
    t = Table(client, seats=2, names=("ann",), start=False)
    return t.post("/seats", json={"name": "bob", "seat": 5})


def _wrong_phase(client):
    t = Table(client, start=False)
    return t.play(0, {"type": "bid", "card": 1})


def _stale_version(client):
    t = Table(client)
    return t.play(0, t.legal(0)[0], expected_version=2)


def _undo_refused(client):
    t = Table(client, undo_policy="off")
    t.play_first_legal(0)
    return t.post("/seats/0/undo", seat=0, json={"to_version": 5})


def _no_undo_pending(client):
    t = Table(client)
    return t.post("/seats/1/undo/votes", seat=1, json={"approve": True})


DOMAIN_CASES = [
    pytest.param(domain.IllegalMove, _illegal_move, 422, "illegal_move", "TD-R2", id="illegal_move"),
    pytest.param(domain.InvalidOptions, _invalid_options, 422, "invalid_options", None, id="invalid_options"),
    pytest.param(domain.UnknownGame, _unknown_game, 422, "unknown_game", None, id="unknown_game"),
    pytest.param(domain.UnknownVersion, _unknown_version, 422, "unknown_version", None, id="unknown_version"),
    pytest.param(domain.TableNotFound, _table_not_found, 404, "table_not_found", None, id="table_not_found"),
    pytest.param(domain.NoPreview, _no_preview, 404, "no_preview", None, id="no_preview"),
    pytest.param(domain.NotYourTurn, _not_your_turn, 409, "not_your_turn", "TD-R4", id="not_your_turn"),
    pytest.param(domain.TableFull, _table_full, 409, "table_full", None, id="table_full"),
    pytest.param(domain.SeatTaken, _seat_taken, 409, "seat_taken", None, id="seat_taken"),
    pytest.param(domain.SeatNotTaken, _seat_not_taken, 409, "seat_not_taken", None, id="seat_not_taken"),
    pytest.param(domain.WrongPhase, _wrong_phase, 409, "wrong_phase", None, id="wrong_phase"),
    pytest.param(domain.StaleVersion, _stale_version, 409, "stale_version", None, id="stale_version"),
    pytest.param(domain.UndoRefused, _undo_refused, 409, "undo_refused", None, id="undo_refused"),
    pytest.param(domain.NoUndoPending, _no_undo_pending, 409, "no_undo_pending", None, id="no_undo_pending"),
]


@pytest.mark.parametrize(("cls", "provoke", "status", "code", "rule"), DOMAIN_CASES)
def test_each_domain_error_maps_to_one_status_and_body(client, tables, cls, provoke, status, code, rule):
    assert STATUS[cls] == status
    body = refused(provoke(client), status, code)
    assert body["rule"] == rule
    if status == 409:  # every conflict tells the client the version to reload
        assert isinstance(body["version"], int) and body["version"] >= 1
    else:
        assert body["version"] is None


def test_409s_carry_the_tables_current_version(client):
    t = Table(client)
    version = t.summary()["version"]
    stale = refused(t.play(0, t.legal(0)[0], expected_version=version - 1), 409, "stale_version")
    assert stale["version"] == version
    full = refused(t.post("/seats", json={"name": "late"}), 409, "wrong_phase")
    assert full["version"] == version


def _raising(app, error: Exception, path="/api/tables/00000000-0000-0000-0000-000000000000/boom"):
    """A route that raises ``error``, for refusals no request can provoke on demand (races, bugs)."""

    def boom(table_id):
        raise error

    app.add_url_rule("/api/tables/<uuid:table_id>/boom", "boom", boom)
    return app.test_client().get(path)


def test_conflict_after_too_many_races_is_409_with_the_version(app):
    body = refused(_raising(app, domain.Conflict("the table changed under this command", current=7)), 409, "conflict")
    assert body["version"] == 7


def test_a_domain_error_without_its_own_class_is_422(app):
    refused(_raising(app, domain.DomainError("something the rules refuse")), 422, "domain_error")


def test_an_unexpected_exception_is_a_500_that_reveals_nothing(app, caplog):
    body = refused(_raising(app, RuntimeError("secret internals: seed=abc123")), 500, "internal_error")
    assert "abc123" not in str(body) and "RuntimeError" not in str(body)
    assert "secret internals" in caplog.text  # the operator gets the traceback in the log


# -- refusals at the edge ----------------------------------------------------------------------

def test_malformed_json_is_400(duel):
    r = duel.client.post(duel.url("/seats/0/moves"), headers=duel.auth(0), data='{"move": ', content_type="application/json")
    refused(r, 400, "malformed_json")


def test_deeply_nested_json_is_400_not_a_crash(duel):
    deep = "[" * 5000 + "]" * 5000
    r = duel.client.post(duel.url("/seats/0/moves"), headers=duel.auth(0), data=f'{{"move": {{"x": {deep}}}}}',
                         content_type="application/json")
    refused(r, 400, "malformed_json")


def test_a_body_that_is_not_json_is_415_and_changes_nothing(client):
    t = Table(client, start=False)
    before = t.summary()["version"]
    r = client.post(t.url("/start"), headers=t.auth(0), data="start=now", content_type="application/x-www-form-urlencoded")
    refused(r, 415, "unsupported_media_type")
    assert t.summary()["version"] == before and t.summary()["status"] == "open"


def test_a_huge_body_is_413(client):
    huge = {"game": "tiny_duel", "seats": 2, "options": {"pad": "x" * 70_000}}
    refused(client.post("/api/tables", json=huge), 413, "body_too_large")


def test_the_body_limit_comes_from_settings():
    from api import create_app
    from tests.api.conftest import settings

    small = create_app(settings(max_body_bytes=100)).test_client()
    refused(small.post("/api/tables", json={"game": "tiny_duel", "seats": 2, "command_id": "x" * 100}), 413, "body_too_large")
    assert small.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).status_code == 201


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({"game": "tiny_duel", "seats": 2, "cheat": True}, "cheat", "Unknown field."),
        ({"game": "tiny_duel", "seats": "two"}, "seats", "Not a valid integer"),
        ({"game": "tiny_duel"}, "seats", "Missing data for required field."),
        ({"game": "tiny_duel", "seats": 2, "undo_policy": "always"}, "undo_policy", "Must be one of"),
        ({"game": "tiny_duel", "seats": 1000}, "seats", "greater than or equal to 1 and less than or equal to 64"),
        ({"game": "tiny_duel", "seats": 2, "command_id": "a\u0000b"}, "command_id", "control characters"),
    ],
)
def test_invalid_fields_are_422_naming_each_field(client, tables, payload, field, message):
    body = refused(client.post("/api/tables", json=payload), 422, "invalid_fields")
    assert message in " ".join(body["errors"][field])
    assert list(tables.table_ids()) == []  # nothing was recorded


def test_unknown_envelope_fields_and_wrong_types_on_a_move_are_422(duel):
    body = refused(duel.post("/seats/0/moves", seat=0, json={"move": {"type": "bid"}, "seat": 1}), 422, "invalid_fields")
    assert body["errors"] == {"seat": ["Unknown field."]}
    body = refused(duel.post("/seats/0/moves", seat=0, json={"move": [1, 2]}), 422, "invalid_fields")
    assert "move" in body["errors"]
    for wrong in ("5", 5.0, True):
        body = refused(duel.post("/seats/0/moves", seat=0, json={"move": {}, "expected_version": wrong}), 422, "invalid_fields")
        assert "expected_version" in body["errors"]
    body = refused(duel.post("/seats/0/undo/votes", seat=0, json={"approve": 1}), 422, "invalid_fields")
    assert body["errors"] == {"approve": ["Not a valid boolean (true or false)."]}


def test_a_move_naming_a_card_the_player_does_not_hold_is_422_with_the_rule(client, tables):
    t = Table(client)
    hand = t.get("/view", seat=0).json["view"]["hand"]
    bob_card = t.get("/view", seat=1).json["view"]["hand"][0]
    before = t.summary()["version"]
    body = refused(t.play(0, {"type": "bid", "card": bob_card}), 422, "illegal_move")
    assert body["rule"] == "TD-R2" and bob_card not in hand
    assert t.summary()["version"] == before


def test_a_forged_token_is_401(duel):
    forged = duel.tokens[0][:-4] + ("0000" if not duel.tokens[0].endswith("0000") else "1111")
    r = duel.client.get(duel.url("/view"), headers={"Authorization": f"Bearer {forged}"})
    refused(r, 401, "bad_token")


@pytest.mark.parametrize("header", ["Bearer", "Basic dXNlcjpwdw==", "Bearer not-a-token", "Bearer t1.0.x.abc"])
def test_a_malformed_authorization_header_is_401(duel, header):
    refused(duel.client.get(duel.url("/view"), headers={"Authorization": header}), 401, "bad_token")


def test_a_token_for_another_table_is_401(client):
    one, two = Table(client), Table(client)
    r = client.get(two.url("/view"), headers=one.auth(0))
    refused(r, 401, "bad_token")
    refused(client.post(two.url("/seats/0/moves"), headers=one.auth(0), json={"move": {"type": "roll"}}), 401, "bad_token")


def test_acting_for_another_seat_is_403_and_changes_nothing(duel):
    before = duel.summary()["version"]
    r = duel.client.post(duel.url("/seats/1/moves"), headers=duel.auth(0), json={"move": duel.legal(1)[0]})
    refused(r, 403, "not_your_seat")
    refused(duel.get("/seats/1/legal-moves", seat=0), 403, "not_your_seat")
    assert duel.summary()["version"] == before


def test_a_spectator_cannot_act_401_with_a_bearer_challenge(duel):
    before = duel.summary()["version"]
    for r in (
        duel.post("/seats/0/moves", json={"move": {"type": "roll"}}),
        duel.post("/seats/0/leave"),
        duel.post("/seats/0/undo", json={"to_version": 5}),
        duel.post("/seats/0/undo/votes", json={"approve": True}),
        duel.get("/seats/0/legal-moves"),
    ):
        refused(r, 401, "token_required")
        assert r.headers["WWW-Authenticate"].startswith("Bearer")
    assert duel.summary()["version"] == before


def test_a_spectator_cannot_start_a_table_with_people_at_it(client):
    t = Table(client, start=False)
    refused(t.post("/start"), 401, "token_required")
    assert t.summary()["status"] == "open"


def test_unknown_routes_are_404_json(client):
    refused(client.get("/api/nothing-here"), 404, "not_found")
    refused(client.get("/api/tables/not-a-uuid"), 404, "not_found")


def test_a_wrong_method_is_405_with_allow(duel):
    r = duel.client.delete(duel.url("/seats/0/moves"))
    refused(r, 405, "method_not_allowed")
    assert set(r.headers["Allow"].split(", ")) >= {"POST"}
    r = duel.client.put("/api/tables")
    assert set(r.headers["Allow"].split(", ")) >= {"GET", "POST"}


def test_a_token_passed_explicitly_is_checked_like_a_header(app, duel):
    """The seam for the live stream (browsers' EventSource sends no headers)."""
    from uuid import UUID

    from api import auth

    tables, secret = app.extensions["tabletop.tables"], app.extensions["tabletop.secret"]
    with app.test_request_context("/"):
        assert auth.viewer(tables, secret, UUID(duel.id), duel.tokens[1]).seat == 1
        assert auth.viewer(tables, secret, UUID(duel.id)).seat is None
        with pytest.raises(auth.BadToken):
            auth.viewer(tables, secret, UUID(duel.id), duel.tokens[1][:-1] + "x")


def test_the_undo_docs_name_the_status_the_api_answers_a_refused_undo_with():
    """docs/undo.md once said 422 while the API answered 409; clients rely on the API's."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "undo.md").read_text()
    said = {int(code) for code in re.findall(r"\b(4\d\d) `(?:undo_refused|no_undo_pending)`", text)}
    said |= {int(code) for code in re.findall(r"refusal of\s+an undo is a (4\d\d)", text)}
    assert said == {STATUS[domain.UndoRefused]} == {409}
