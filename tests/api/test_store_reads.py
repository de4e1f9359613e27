"""One load of the table per request: the seat-token check and the command or query share it,
and checking a token reads no events."""

from __future__ import annotations

from api import auth
from tests.api.conftest import SECRET
from tests.domain.test_latest_tables import CountingReads


def test_the_read_before_a_move_reads_the_store_once_and_the_move_reads_nothing(duel, tables):
    duel.legal(0)  # the table is known to this process
    reads = CountingReads(tables)
    move = duel.legal(0)[0]
    assert reads.count == 1
    reads.count = 0
    assert duel.play(0, move).status_code == 200
    assert reads.count == 0  # this process is the table's only writer: its own latest version


def test_a_refused_move_reads_the_store_once_to_judge_it_on_the_latest(duel, tables):
    duel.legal(0)
    reads = CountingReads(tables)
    refused = duel.play(0, {"type": "roll"})
    assert refused.status_code == 422 and refused.json["rule"] == "TD-R4"
    assert reads.count == 1


def test_views_and_logs_for_a_seat_read_the_store_once(duel, tables):
    duel.get("/view", seat=0)
    reads = CountingReads(tables)
    assert duel.get("/view", seat=0).status_code == 200
    assert reads.count == 1


def test_a_seat_token_check_reads_no_events(duel, tables):
    table = tables.table(duel.id)
    reads = CountingReads(tables)
    for seat, token in duel.tokens.items():
        assert auth.viewer(tables, SECRET.encode(), table.id, token=token, table=table).seat == seat
    assert reads.count == 0


def test_a_token_from_an_earlier_seating_is_refused_without_reading_events(client, tables):
    from tests.api.conftest import Table

    duel = Table(client, start=False)
    old = duel.tokens[1]
    assert duel.post("/seats/1/leave", seat=1, json={}).status_code == 200
    taken = duel.post("/seats", json={"name": "cy", "seat": 1})
    assert taken.status_code == 201
    reads = CountingReads(tables)
    refused = client.get(f"/api/tables/{duel.id}/view", headers={"Authorization": f"Bearer {old}"})
    assert refused.status_code == 401 and "taken again" in refused.json["message"]
    assert reads.count == 1  # the table's load; the check itself reads nothing
