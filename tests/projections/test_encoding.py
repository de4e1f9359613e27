"""A batch's documents are encoded once per distinct body (issue 18), into exactly the text a
plain ``json.dumps`` of the rows would give."""

from __future__ import annotations

import json

from projections.stores import MemoryStore, _dumps, _json_rows


class Counted:
    """Encoded through ``default=str``: counts how many times a batch encodes it."""

    calls = 0

    def __str__(self) -> str:
        Counted.calls += 1
        return "counted"


def _lobby_like_batch(body: dict) -> dict:
    """One body under three keys, as the lobby stores a table (its row and two listing copies)."""
    return {("lobby", "t1"): ("running", body), ("lobby", "s/001:t1"): ("~running", body),
            ("lobby", "g/001:t1"): ("~running:bunny_kingdom", body), ("views", "t1:0"): ("t1", {"v": "é"}),
            ("log", "gone"): None}


def test_a_body_stored_under_several_keys_is_encoded_once_for_postgres_and_sqlite():
    Counted.calls = 0
    upserts, deletes = _json_rows(_lobby_like_batch({"name": 'quote " ünïcode', "x": Counted()}))
    assert Counted.calls == 1
    assert json.loads(upserts)[1] == ["lobby", "s/001:t1", "~running", {"name": 'quote " ünïcode', "x": "counted"}]
    assert json.loads(deletes) == [["log", "gone"]]


def test_the_batch_text_is_exactly_the_rows_encoded_whole():
    writes = _lobby_like_batch({"seats": [{"seat": 0, "free": True}], "k": "\u2028 ✓", "n": None})
    rows = [[m, k, v[0], v[1]] for (m, k), v in writes.items() if v is not None]
    assert _json_rows(writes) == (_dumps(rows), _dumps([["log", "gone"]]))


def test_the_memory_store_encodes_a_shared_body_once():
    Counted.calls = 0
    upserts, _ = MemoryStore().prepare(_lobby_like_batch({"x": Counted()}))
    assert Counted.calls == 1
    assert [body for *_, body in upserts][:3] == ['{"x":"counted"}'] * 3
