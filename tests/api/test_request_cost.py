"""What the command path does once instead of per request (issue 18): the request schema is built
once, and the answers of the hot routes skip marshmallow's field walk with the same result."""

from __future__ import annotations

from uuid import uuid4

import pytest
from marshmallow import Schema, fields

from api.schemas import commands
from api.schemas.views import LegalMovesSchema, MoveReceiptSchema, ReceiptSchema, SeatReceiptSchema


def test_a_request_schema_is_built_once_not_per_request(duel, monkeypatch):
    built = []
    original = commands.PlayMoveSchema.__init__

    def counting(self, *args, **kwargs):
        built.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(commands.PlayMoveSchema, "__init__", counting)
    for _ in range(3):
        seat = min(duel.to_act())
        assert duel.play(seat, {"type": "nonsense"}).status_code == 422  # parsed, then refused by the game
    assert len(built) <= 1  # the parser's one instance (already built by an earlier test: none)


def test_a_bad_body_is_still_refused_by_the_shared_schema(duel):
    r = duel.post("/seats/0/moves", seat=0, json={"move": {"type": "bid"}, "unknown": 1})
    assert r.status_code == 422 and r.json["errors"] == {"unknown": ["Unknown field."]}
    r = duel.post("/seats/0/moves", seat=0, json={"move": {"type": "bid"}, "expected_version": "5"})
    assert r.status_code == 422 and list(r.json["errors"]) == ["expected_version"]


def _walked(schema: Schema, obj: dict) -> dict:
    """What marshmallow's own ``dump`` makes of ``obj`` (the field walk the fast path skips)."""
    return Schema.dump(schema, obj)


LEGAL = [
    {"seat": 0, "version": 7, "moves": [{"type": "bid", "amount": 3, "cards": ["a", "b"]}, {"type": "pass"}],
     "count": 2, "outline": False},
    {"seat": 2, "version": 1, "moves": [], "count": 0, "outline": False},
    {"seat": 1, "version": 99, "moves": [{"type": "place", "tiles": [["T-A8", 1]]}], "count": 4000, "outline": True},
]


@pytest.mark.parametrize("answer", LEGAL)
def test_the_legal_moves_answer_dumps_as_marshmallow_would(answer):
    assert LegalMovesSchema().dump(answer) == _walked(LegalMovesSchema(), answer)


def test_a_long_legal_move_list_is_dumped_without_walking_each_move(monkeypatch):
    def walked(*args, **kwargs):
        raise AssertionError("the fast path walked a move")

    monkeypatch.setattr(fields.Dict, "_serialize", walked)
    moves = [{"type": "place", "at": i} for i in range(2000)]
    assert LegalMovesSchema().dump({"seat": 0, "version": 3, "moves": moves, "count": 2000, "outline": False})[
        "moves"] == moves


def test_an_unexpected_legal_moves_shape_takes_marshmallows_path():
    odd = {"seat": 0, "version": 3, "moves": [{1: "int key"}], "count": 1, "outline": False}
    assert LegalMovesSchema().dump(odd) == _walked(LegalMovesSchema(), odd) == {**odd, "moves": [{"1": "int key"}]}


SIGNED = {"table": "5c6f0d1e-0000-4000-8000-000000000000", "version": 12, "head": "ab" * 32, "key_id": "cd" * 8,
          "signature": "ef" * 64}
RECEIPTS = [
    {"table_id": uuid4(), "version": 12, "position": 340, "seat": 1, "duplicate": False, "receipt": SIGNED},
    {"table_id": uuid4(), "version": 1, "position": None, "seat": None, "duplicate": True,
     "receipt": {**SIGNED, "version": 1}},
]


def test_a_receipt_of_the_routes_shape_takes_the_fast_path(monkeypatch):
    def walked(*args, **kwargs):
        raise AssertionError("the fast path walked a field")

    monkeypatch.setattr(fields.UUID, "_serialize", walked)
    assert ReceiptSchema().dump(RECEIPTS[0])["receipt"] == SIGNED


@pytest.mark.parametrize("receipt", RECEIPTS)
def test_a_receipt_dumps_as_marshmallow_would(receipt):
    assert ReceiptSchema().dump(receipt) == _walked(ReceiptSchema(), receipt)
    assert isinstance(ReceiptSchema().dump(receipt)["table_id"], str)


def test_a_seat_receipt_keeps_its_token():
    receipt = {**RECEIPTS[0], "token": "t0k3n"}
    assert SeatReceiptSchema().dump(receipt) == _walked(SeatReceiptSchema(), receipt)
    assert SeatReceiptSchema().dump(receipt)["token"] == "t0k3n"


@pytest.mark.parametrize("legal", [None, *LEGAL])
@pytest.mark.parametrize("receipt", RECEIPTS)
def test_a_moves_answer_with_or_without_its_legal_moves_dumps_as_marshmallow_would(receipt, legal):
    for answer in (receipt, {**receipt, "legal_moves": legal}):  # without the flag, and with it
        assert MoveReceiptSchema().dump(answer) == _walked(MoveReceiptSchema(), answer)


def test_a_moves_answer_takes_the_fast_path_with_or_without_its_legal_moves(monkeypatch):
    def walked(*args, **kwargs):
        raise AssertionError("the fast path walked a field")

    monkeypatch.setattr(fields.UUID, "_serialize", walked)
    monkeypatch.setattr(fields.Dict, "_serialize", walked)
    assert MoveReceiptSchema().dump(RECEIPTS[0])["receipt"] == SIGNED
    assert MoveReceiptSchema().dump({**RECEIPTS[0], "legal_moves": LEGAL[0]})["legal_moves"] == LEGAL[0]
