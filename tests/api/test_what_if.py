"""What if, over HTTP (issue 36): Ann branches the Bunny Kingdom game she is playing against a bot
from the version she is looking at, with her own token, and plays the branch in her seat."""

from __future__ import annotations

from uuid import UUID

import pytest

from tests.api.conftest import Table


@pytest.fixture
def game(client):
    """Ann (seat 0) and bob (seat 1) at a running Bunny Kingdom table; bob's seat is then a person
    too, so the test can show that his token cannot branch as Ann."""
    table = Table.__new__(Table)
    table.client = client
    r = client.post("/api/tables", json={"game": "bunny_kingdom", "seats": 2})
    assert r.status_code == 201, r.json
    table.id = r.json["table_id"]
    table.tokens = {}
    for name in ("Ann", "Bob"):
        taken = table.post("/seats", json={"name": name})
        assert taken.status_code == 201, taken.json
        table.tokens[taken.json["seat"]] = taken.json["token"]
    assert table.post("/start", seat=0).status_code == 200
    return table


def test_ann_branches_the_running_game_as_she_knew_it(game, tables):
    game.play_first_legal(0)  # Ann's first pick is recorded; Bob has not chosen yet
    at = game.summary()["version"]
    events_before = len(list(tables.events.get(UUID(game.id))))
    r = game.post("/forks", seat=0, json={"version": at, "as_seat": 0, "level": "random", "command_id": "what-if-1"})
    assert r.status_code == 201, r.json
    branch, token = r.json["table_id"], r.json["token"]
    assert r.json["seat"] == 0 and token
    summary = game.client.get(f"/api/tables/{branch}").json
    assert summary["status"] == "running"
    assert summary["forked_from"]["what_if"] is True and summary["forked_from"]["by"] == "Ann"
    assert [(s["name"], s["bot"]) for s in summary["seats"]] == [("Ann", False), ("Bot 2", True)]
    # Opened, Ann seated, started: the branch's first state shows Ann what she knew, nothing more (Bob's
    # seat, a bot in the branch, then makes the choice he had not made yet).
    mine = game.client.get(f"/api/tables/{branch}/view?version=3", headers={"Authorization": f"Bearer {token}"})
    then = game.get(f"/view?version={at}", seat=0).json["view"]
    assert mine.json["view"] == then
    # A retry with the same command_id gives the same branch and seat back.
    again = game.post("/forks", seat=0, json={"version": at, "as_seat": 0, "level": "random", "command_id": "what-if-1"})
    assert again.status_code == 201 and again.json["table_id"] == branch and again.json["duplicate"] is True
    # Ann plays on in the branch with her token.
    legal = game.client.get(f"/api/tables/{branch}/seats/0/legal-moves",
                            headers={"Authorization": f"Bearer {token}"}).json["moves"]
    played = game.client.post(f"/api/tables/{branch}/seats/0/moves", headers={"Authorization": f"Bearer {token}"},
                              json={"move": legal[0]})
    assert played.status_code == 200, played.json
    # The original saw nothing of it, and the branch is not in the lobby.
    assert len(list(tables.events.get(UUID(game.id)))) == events_before
    listed = game.client.get("/api/tables?status=running&limit=100").json
    assert branch not in {t["id"] for t in listed}


def test_a_branch_as_a_seat_you_do_not_hold_is_refused_and_changes_nothing(game, tables):
    at = game.summary()["version"]
    before = game.summary()["version"]
    for seat, body, status in (
        (None, {"version": at, "as_seat": 0}, 401),  # a spectator
        (1, {"version": at, "as_seat": 0}, 403),  # Bob's token, Ann's seat
        (None, {"version": at}, 409),  # the game as it is: only once it is over
        (0, {"version": at, "as_seat": 0, "level": "grandmaster"}, 422),
    ):
        r = game.post("/forks", seat=seat, json=body)
        assert r.status_code == status, (body, r.json)
        assert r.json["message"]
    assert game.summary()["version"] == before
    assert len(game.client.get("/api/tables?limit=100").json) == 1
