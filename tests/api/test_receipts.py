"""Signed receipts: every command and every read of a table carries the server's signature on the
head it reflects, checkable with the published key alone; the audit takes kept receipts and
reports a history cut short after them.

The signatures are checked here with the ``cryptography`` package directly from the published
hex key and the documented message, not through ``api.receipts``.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from api import create_app
from tests.api.conftest import Table, settings
from tests.api.test_app import PG_DB, _clean_postgres


def verifies(client, receipt: dict) -> bool:
    published = client.get("/api/signing-key").json
    assert published["algorithm"] == "Ed25519"
    raw = bytes.fromhex(published["public_key"])
    assert receipt["key_id"] == published["key_id"] == hashlib.sha256(raw).hexdigest()[:16]
    message = json.dumps({"head": receipt["head"], "table": receipt["table"], "version": receipt["version"]},
                         sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    try:
        Ed25519PublicKey.from_public_bytes(raw).verify(bytes.fromhex(receipt["signature"]), message)
    except Exception:  # noqa: BLE001
        return False
    return True


def head_at(tables, table_id, version: int) -> str:
    from uuid import UUID

    return next(iter(tables.events.get(UUID(table_id), gt=version - 1, lte=version))).digest


def test_every_command_answer_carries_a_receipt_for_the_head_it_recorded(client, tables):
    opened = client.post("/api/tables", json={"game": "tiny_duel", "seats": 2})
    answers = [opened]
    table_id = opened.json["table_id"]
    seats = [client.post(f"/api/tables/{table_id}/seats", json={"name": n}) for n in ("ann", "bob")]
    answers += seats
    auth = {"Authorization": f"Bearer {seats[0].json['token']}"}
    answers.append(client.post(f"/api/tables/{table_id}/start", headers=auth, json={}))
    move = client.get(f"/api/tables/{table_id}/seats/0/legal-moves", headers=auth).json["moves"][0]
    answers.append(client.post(f"/api/tables/{table_id}/seats/0/moves", headers=auth, json={"move": move}))
    for answer in answers:
        assert answer.status_code in (200, 201), answer.json
        receipt = answer.json["receipt"]
        assert (receipt["table"], receipt["version"]) == (table_id, answer.json["version"])
        assert receipt["head"] == head_at(tables, table_id, receipt["version"])
        assert verifies(client, receipt)
        assert json.loads(answer.headers["Tabletop-Receipt"]) == receipt


def test_a_retried_command_gets_the_receipt_of_the_version_it_first_recorded(duel, tables):
    move = duel.legal(0)[0]
    first = duel.play(0, move, command_id="bid-once")
    again = duel.play(0, move, command_id="bid-once")
    assert again.json["duplicate"] and again.json["receipt"]["version"] == first.json["version"]
    assert again.json["receipt"]["head"] == first.json["receipt"]["head"]


def test_table_reads_carry_a_receipt_of_the_head_they_reflect(duel, client, tables):
    summary = duel.get()
    assert summary.json["receipt"]["head"] == summary.json["head_hash"]
    assert summary.json["receipt"]["version"] == summary.json["version"]
    view = duel.get("/view", seat=0)
    assert view.json["receipt"]["version"] == view.json["table"]["version"] and verifies(client, view.json["receipt"])
    past = duel.get("/view?version=2")
    assert past.json["receipt"]["version"] == 2 and past.json["receipt"]["head"] == head_at(tables, duel.id, 2)
    for path in ("/events", "/log"):
        answer = duel.get(path, seat=1)
        receipt = json.loads(answer.headers["Tabletop-Receipt"])  # the body is a list
        assert receipt["version"] == summary.json["version"] and verifies(client, receipt)


def test_a_receipt_names_the_key_its_signature_needs_and_a_changed_head_fails_it(duel, client):
    receipt = duel.get().json["receipt"]
    assert verifies(client, receipt)
    assert not verifies(client, {**receipt, "head": "0" * 64})
    assert not verifies(client, {**receipt, "version": receipt["version"] + 1})


def test_the_audit_with_kept_receipts_reports_them_matching(duel, client):
    kept = [duel.play_first_legal(0).json["receipt"], duel.get().json["receipt"]]
    report = duel.post("/audit", json={"receipts": kept})
    assert report.status_code == 200 and report.json["ok"]
    check = {c["name"]: c for c in report.json["checks"]}["receipts"]
    assert check["ok"] is True and "2 signed receipt" in check["detail"]


@pytest.mark.parametrize("forge", [
    lambda r: {**r, "signature": "00" * 64},
    lambda r: {**r, "head": "f" * 64},
    lambda r: {**r, "table": "00000000-0000-0000-0000-000000000000"},
    lambda r: {**r, "key_id": "0" * 16},
    lambda r: "not a receipt",
])
def test_the_audit_refuses_a_receipt_this_server_did_not_sign_for_this_table(duel, forge):
    receipt = duel.get().json["receipt"]
    refused = duel.post("/audit", json={"receipts": [receipt, forge(receipt)]})
    assert refused.status_code == 422 and refused.json["error"] == "invalid_receipt"
    assert list(refused.json["errors"]["receipts"]) == ["1"]


def test_an_unknown_table_audit_is_404_whatever_the_receipts(client):
    answer = client.post("/api/tables/00000000-0000-0000-0000-000000000000/audit", json={"receipts": []})
    assert answer.status_code == 404


def test_the_signing_key_is_configured_or_derived_from_the_server_secret():
    derived = create_app(settings()).test_client().get("/api/signing-key").json
    assert derived == create_app(settings()).test_client().get("/api/signing-key").json  # stable
    other = create_app(settings(secret="de8d0a9d90977d7b13772378441371adeb925bb17d36901262cfe873a9b25406")).test_client()
    assert other.get("/api/signing-key").json["public_key"] != derived["public_key"]
    seed = hashlib.sha256(b"a configured receipt key").hexdigest()
    configured = create_app(settings(signing_key=seed)).test_client().get("/api/signing-key").json
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    expected = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(seed)).public_key().public_bytes(
        Encoding.Raw, PublicFormat.Raw)
    assert configured["public_key"] == expected.hex()


def test_a_signing_key_that_is_not_a_32_byte_hex_seed_refuses_to_start():
    with pytest.raises(ValueError, match=r"TABLETOP_SIGNING_KEY \(an Ed25519 seed\) is 4 hex digits, exactly 64"):
        settings(signing_key="abcd").check()
    with pytest.raises(ValueError, match="TABLETOP_SIGNING_KEY .* is 66 hex digits, exactly 64"):
        settings(signing_key=hashlib.sha256(b"x").hexdigest() + "ab").check()


@pytest.mark.integration
def test_deleting_the_last_events_in_postgresql_is_reported_by_the_audit_given_a_later_receipt():
    import psycopg

    _clean_postgres()
    app = create_app(settings(store="postgres", postgres_dbname=PG_DB, aggregate_cache=0))
    try:
        client = app.test_client()
        duel = Table(client)
        for _ in range(3):
            kept = duel.play_first_legal().json["receipt"]
        cut = kept["version"] - 2
        with psycopg.connect(host="127.0.0.1", user="postgres", dbname=PG_DB, autocommit=True) as db:
            db.execute("DELETE FROM tables_events WHERE originator_id = %s AND originator_version > %s",
                       (duel.id, cut))
            db.execute("DELETE FROM tables_snapshots WHERE originator_id = %s AND originator_version > %s",
                       (duel.id, cut))
        plain = duel.get("/audit").json
        assert plain["events"] == cut and plain["ok"]  # nothing in the store itself shows the cut
        report = duel.post("/audit", json={"receipts": [kept]}).json
        check = {c["name"]: c for c in report["checks"]}["receipts"]
        assert not report["ok"] and check["ok"] is False and check["version"] == cut + 1
        assert f"ends at version {cut}" in check["detail"]
    finally:
        app.extensions["tabletop.tables"].close()


def test_the_game_record_carries_a_receipt_for_its_head_signed_with_the_published_key(duel, client):
    record = duel.get("/record").json
    receipt = record["receipt"]
    assert (receipt["version"], receipt["head"]) == (record["head"]["version"], record["head"]["digest"])
    assert verifies(client, receipt)
