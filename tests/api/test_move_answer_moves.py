"""``POST .../moves?legal_moves=true``: a move's answer lists the seat's legal moves at the answer's
version (issue 39: one round trip per move), the very document ``GET .../legal-moves`` answers at
that version, for the acting seat only; without the flag the answer is the receipt as before, and
bad input is refused exactly as before."""

from __future__ import annotations

import json
import random

import pytest

from scripts import verify_record

RECEIPT_KEYS = {"table_id", "version", "position", "seat", "duplicate", "receipt"}


class Seats:
    """One table over HTTP: seat tokens by seat (people first, then bots)."""

    def __init__(self, client, game: str, people: int, bots: int = 0) -> None:
        self.client = client
        r = client.post("/api/tables", json={"game": game, "seats": people + bots})
        assert r.status_code == 201, r.json
        self.id = r.json["table_id"]
        self.tokens: dict[int, str] = {}
        for seat in range(people + bots):
            bot = seat >= people
            r = client.post(f"/api/tables/{self.id}/seats",
                            json={"name": f"p{seat}", "seat": seat, "bot": bot, **({"level": "random"} if bot else {})})
            assert r.status_code == 201, r.json
            if not bot:
                self.tokens[seat] = r.json["token"]
        assert client.post(f"/api/tables/{self.id}/start", headers=self.auth(0)).status_code == 200

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def legal(self, seat: int) -> dict:
        r = self.client.get(f"/api/tables/{self.id}/seats/{seat}/legal-moves", headers=self.auth(seat))
        assert r.status_code == 200, r.json
        return r.json

    def play(self, seat: int, move: dict, query: dict | None = None, token_of: int | None = None, **envelope):
        return self.client.post(f"/api/tables/{self.id}/seats/{seat}/moves", query_string=query or {},
                                headers=self.auth(seat if token_of is None else token_of),
                                json={"move": move, **envelope})

    def version(self) -> int:
        return self.client.get(f"/api/tables/{self.id}").json["version"]

    def status(self) -> str:
        return self.client.get(f"/api/tables/{self.id}").json["status"]


ASK = {"legal_moves": "true"}


def _pick(rng: random.Random, moves: list[dict]) -> dict:
    return rng.choice([m for m in moves if m["type"] != "retract_pick"] or moves)


def test_every_answer_to_the_end_lists_what_get_legal_moves_answers_at_its_version(client, tmp_path):
    """A person against a bot, played from the answers alone (one GET, before the first move): each
    answer's list is GET legal-moves' document at the answer's version; the last one is empty."""
    table = Seats(client, "bunny_kingdom", people=1, bots=1)
    rng = random.Random(7)
    legal = table.legal(0)
    moves = 0
    while table.status() == "running":
        r = table.play(0, _pick(rng, legal["moves"]), ASK)
        assert r.status_code == 200, r.json
        moves += 1
        legal = r.json["legal_moves"]
        assert legal["seat"] == 0 and legal["version"] == r.json["version"] == table.version()
        assert legal == table.legal(0)
        assert set(r.json) == RECEIPT_KEYS | {"legal_moves"}
        if table.status() == "running":
            assert legal["moves"], "the bot plays inline: seat 0 is to act again at the answer's version"
        assert moves < 500
    assert moves > 20
    assert legal["moves"] == [] and legal["count"] == 0 and not legal["outline"]  # the game is over
    # The list is beside the signed receipt, not in it: the answer, kept whole, still verifies.
    (tmp_path / "record.json").write_text(json.dumps(client.get(f"/api/tables/{table.id}/record").json))
    (tmp_path / "answer.json").write_text(json.dumps(r.json))
    key = client.get("/api/signing-key").json["public_key"]
    assert verify_record.main([str(tmp_path / "record.json"), "--receipt", str(tmp_path / "answer.json"),
                               "--public-key", key]) == 0
    forged = {**r.json, "receipt": {**r.json["receipt"], "version": r.json["version"] - 1}}
    (tmp_path / "answer.json").write_text(json.dumps(forged))
    assert verify_record.main([str(tmp_path / "record.json"), "--receipt", str(tmp_path / "answer.json"),
                               "--public-key", key]) == 1  # the check does read the kept answer's receipt


def test_a_seat_whose_turn_has_passed_gets_an_empty_list_not_the_next_seats_moves(client):
    """Walnut Grove takes turns: after seat 0's move it is seat 1's, whose moves seat 0's answer
    does not carry (it carries seat 0's own, none)."""
    table = Seats(client, "walnut_grove", people=2)
    r = table.play(0, table.legal(0)["moves"][0], ASK)
    assert r.status_code == 200, r.json
    assert table.legal(1)["moves"], "seat 1 is to act now"
    assert r.json["legal_moves"] == {"seat": 0, "version": r.json["version"], "moves": [], "count": 0,
                                     "outline": False} == table.legal(0)


def test_an_answer_lists_its_own_seats_moves_not_another_seats(client):
    """Bunny Kingdom's picks are simultaneous and every hand differs: the answer to seat 1's move
    is seat 1's list, never seat 0's, though both pick at that version."""
    table = Seats(client, "bunny_kingdom", people=2)
    rng = random.Random(3)
    first = table.play(0, _pick(rng, table.legal(0)["moves"]), ASK)
    assert first.status_code == 200, first.json
    assert first.json["legal_moves"] == table.legal(0)  # seat 0 may still change its pick: its own list
    second = table.play(1, _pick(rng, table.legal(1)["moves"]), ASK)
    assert second.status_code == 200, second.json
    own, theirs = table.legal(1), table.legal(0)
    assert own["moves"] and theirs["moves"], "both pick again after the round's picks"
    assert second.json["legal_moves"] == own and own["seat"] == 1
    assert second.json["legal_moves"]["moves"] != theirs["moves"]  # the hands differ: the answer is seat 1's


def test_another_seats_token_gets_the_same_refusal_with_the_flag_and_nothing_is_recorded(client):
    table = Seats(client, "bunny_kingdom", people=2)
    move = table.legal(1)["moves"][0]
    before = table.version()
    plain = table.play(1, move, token_of=0)
    asked = table.play(1, move, ASK, token_of=0)
    assert plain.status_code == asked.status_code == 403
    assert plain.json == asked.json and "legal_moves" not in asked.get_data(as_text=True)
    assert table.version() == before


def test_without_the_flag_the_answer_is_the_receipt_as_before(client):
    table = Seats(client, "bunny_kingdom", people=1, bots=1)
    r = table.play(0, table.legal(0)["moves"][0])
    assert r.status_code == 200 and set(r.json) == RECEIPT_KEYS
    off = table.play(0, table.legal(0)["moves"][0], {"legal_moves": "false"})
    assert off.status_code == 200 and set(off.json) == RECEIPT_KEYS


def test_a_duplicate_answers_null_legal_moves_its_version_is_not_the_latest_one(client):
    table = Seats(client, "bunny_kingdom", people=1, bots=1)
    move = table.legal(0)["moves"][0]
    first = table.play(0, move, ASK, command_id="once")
    assert first.status_code == 200 and first.json["legal_moves"]["moves"]
    again = table.play(0, move, ASK, command_id="once")
    assert again.status_code == 200 and again.json["duplicate"] is True
    # the version of the first attempt's own event, before the bot's that followed in its save
    assert again.json["version"] < first.json["version"] and again.json["legal_moves"] is None


def test_bad_input_is_refused_as_before_and_changes_nothing(client):
    table = Seats(client, "bunny_kingdom", people=1, bots=1)
    move = table.legal(0)["moves"][0]
    before = table.version()
    illegal = {**move, "pick": 999}
    for args in ((illegal, {}), (move, {"expected_version": before - 1})):
        plain, asked = table.play(0, args[0], **args[1]), table.play(0, args[0], ASK, **args[1])
        assert plain.status_code == asked.status_code and plain.status_code in (409, 422), plain.json
        assert plain.json == asked.json
    bad_flag = table.play(0, move, {"legal_moves": "maybe"})
    assert bad_flag.status_code == 422 and bad_flag.json["error"] == "invalid_fields" and "legal_moves" in bad_flag.json["errors"]
    assert table.version() == before
    other = table.play(0, move, {"cache": "1"})  # any other parameter is ignored, as before
    assert other.status_code == 200 and set(other.json) == RECEIPT_KEYS


def test_the_openapi_document_describes_the_flag_and_the_answer(client):
    spec = client.get("/api/openapi.json").json
    post = spec["paths"]["/api/tables/{table_id}/seats/{seat}/moves"]["post"]
    flag = [p for p in post["parameters"] if p["name"] == "legal_moves"]
    assert flag and flag[0]["in"] == "query" and flag[0]["schema"]["type"] == "boolean"
    answer = post["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    props = spec["components"]["schemas"][answer]["properties"]
    assert "legal_moves" in props and "receipt" in props


def test_the_answer_with_its_moves_is_byte_for_byte_what_flasks_json_provider_writes(app, client, monkeypatch):
    """The flagged answer is encoded by orjson (``api.routes.common.json_answer``): the bytes, the
    content type and the receipt header are those the schema and Flask's provider gave."""
    import hashlib
    import itertools

    import domain.application

    seeds = itertools.count()
    monkeypatch.setattr(domain.application, "new_seed", lambda: hashlib.sha256(f"json-{next(seeds)}".encode()).hexdigest())
    rng = random.Random(7)
    for game in ("bunny_kingdom", "homesteaders", "walnut_grove", "fantasy_ranch"):
        table = Seats(client, game, people=1, bots=1)
        listed = table.legal(0)
        for _ in range(6):
            legal = listed["moves"]
            if not legal or listed["outline"]:  # an outline lists first steps, not moves to play
                break
            r = table.play(0, _pick(rng, legal), ASK)
            assert r.status_code == 200 and r.mimetype == "application/json", r.data
            with app.app_context():
                assert r.data == app.json.response(r.json).get_data()  # sorted, compact, ASCII, final newline
            assert json.loads(r.headers["Tabletop-Receipt"]) == r.json["receipt"]
            listed = r.json["legal_moves"]


def test_an_answer_with_names_beyond_ascii_is_written_by_orjson_with_the_providers_escapes(app, monkeypatch):
    """A seat named "José" or "Zoë 🎲" (and a key beyond ASCII, sorted by code point) is escaped as
    the provider escapes it (``api.jsontext.ascii_escaped``), not sent to the provider: the answer
    is its bytes with the provider unable to answer."""
    from api.routes.common import json_answer

    bodies = [{"name": "Zoë 🎲", "del": "\x7f", "ctl": "\x01\n\"\\"}, {"seats": {"é": 1, "z": 2, "a": 3, "ß": 4}},
              {"sentences": ["José drew 2 × Carrot", "\u2028\ufeff"]}]
    with app.test_request_context():
        expected = [app.json.response(body).get_data() for body in bodies]
        monkeypatch.setattr(app.json, "response", lambda *a, **k: pytest.fail("the provider was asked"))
        assert [json_answer(body).get_data() for body in bodies] == expected


def test_an_answer_orjson_would_write_otherwise_takes_flasks_provider(app):
    """What orjson writes differently (non-str keys, ints beyond 64 bits, datetimes as ISO text, a
    number in exponent form, the debug app's indented form) goes through Flask's provider, byte
    for byte."""
    from datetime import UTC, datetime

    from api.routes.common import json_answer

    bodies = [{"name": "Zoë"}, {"seats": {1: "a", 10: "b"}}, {"big": 2 ** 70}, {"at": datetime(2026, 1, 2, tzinfo=UTC)},
              {"far": 1e16, "near": [-2.5e-7, 0.5]}, {"plain": [1, "a", None, True], "b": {"z": 1, "a": 2}}]
    with app.test_request_context():
        for body in bodies:
            assert json_answer(body).get_data() == app.json.response(body).get_data(), body
        app.debug = True
        try:
            assert json_answer(bodies[-1]).get_data() == app.json.response(bodies[-1]).get_data()
        finally:
            app.debug = False
