"""Two web workers on one store. A seat's command may start from the worker's own latest version
of the table, unread (``acting_for(..., command=True)``); what the other worker recorded meanwhile
still decides it, and the seat's token is checked against the version it is decided on."""

from __future__ import annotations

import pytest

from api import create_app
from tests.api.conftest import Table, settings


@pytest.fixture
def workers(tmp_path):
    apps = [create_app(settings(store="sqlite", data_dir=tmp_path)) for _ in range(2)]
    yield [app.test_client() for app in apps]
    for app in apps:
        app.extensions["tabletop.tables"].close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_token_whose_seat_changed_hands_in_the_other_worker_is_refused(workers):
    """bob leaves through worker b and cy takes his seat; bob's old token, sent to worker a (which
    last saw him seated), is refused, and cy keeps the seat."""
    a, b = workers
    duel = Table(a, start=False)
    bob = duel.tokens[1]
    assert b.post(duel.url("/seats/1/leave"), headers=bearer(bob), json={}).status_code == 200
    assert b.post(duel.url("/seats"), json={"name": "cy", "seat": 1}).status_code == 201
    refused = a.post(duel.url("/seats/1/leave"), headers=bearer(bob), json={})
    assert refused.status_code == 401 and "taken again" in refused.json["message"]
    assert [s["name"] for s in a.get(duel.url()).json["seats"]] == ["ann", "cy"]


def test_a_move_through_the_worker_that_missed_the_last_one_is_recorded_after_it(workers):
    """TD-R2, TD-R4: both bids went through worker b; ann's roll through worker a, which last saw
    the bid step, is her turn's move."""
    a, b = workers
    duel = Table(a)
    for seat in (0, 1):
        bid = b.get(duel.url(f"/seats/{seat}/legal-moves"), headers=duel.auth(seat)).json["moves"][0]
        assert b.post(duel.url(f"/seats/{seat}/moves"), headers=duel.auth(seat), json={"move": bid}).status_code == 200
    rolled = a.post(duel.url("/seats/0/moves"), headers=duel.auth(0), json={"move": {"type": "roll"}})
    assert rolled.status_code == 200, rolled.json
    assert a.get(duel.url()).json["to_act"] == b.get(duel.url()).json["to_act"]
    assert rolled.json["version"] == b.get(duel.url()).json["version"]
