"""'Verify in this browser' on the table page: Chromium checks a finished table's record with
WebCrypto (api/web/verify.js) and says "Verified in this browser", or names the first bad version
of a forged record; a receipt the server signed is checked with WebCrypto's Ed25519."""

from __future__ import annotations

import json
import re

import pytest
import requests
from playwright.sync_api import expect

from tests.verifier.helpers import Signer, forge_outcome, forge_seed, truncate


def _finished_table(server: str, game: str, players: int) -> str:
    opened = requests.post(f"{server}/api/tables", json={"game": game, "seats": players}, timeout=30)
    assert opened.status_code == 201, opened.text
    table_id = opened.json()["table_id"]
    for seat in range(players):
        taken = requests.post(f"{server}/api/tables/{table_id}/seats", json={"name": f"Bot {seat}", "bot": True},
                              timeout=30)
        assert taken.status_code == 201, taken.text
    started = requests.post(f"{server}/api/tables/{table_id}/start", json={}, timeout=60)
    assert started.status_code == 200, started.text
    assert requests.get(f"{server}/api/tables/{table_id}", timeout=30).json()["status"] == "finished"
    return table_id


def _verify(page, table_id: str) -> None:
    page.goto(f"/#/tables/{table_id}")
    expect(page.locator("#table-title")).to_be_visible()
    card = page.locator("#audit-card")  # the fairness card is one line until opened
    if not card.evaluate("d => d.open"):  # (a second goto to the same table keeps the page as it was)
        card.locator("summary").click()
    page.get_by_role("button", name="Verify in this browser").click()


@pytest.mark.parametrize("game,players", [("bunny_kingdom", 2), ("fantasy_ranch", 3), ("homesteaders", 2),
                                          ("walnut_grove", 4)])
def test_a_finished_tables_record_is_verified_in_this_browser(new_page, server, game, players):
    table_id = _finished_table(server, game, players)
    page = new_page()
    _verify(page, table_id)
    expect(page.locator("#verify-verdict")).to_have_text("Verified in this browser.", timeout=60_000)
    checks = page.locator("#verify li")
    for name in ("hash chain", "seed", "chance"):
        expect(checks.filter(has_text=re.compile(rf"^{name}:"))).to_contain_text("✓ ok")
    assert not page.errors


def test_forged_records_are_caught_in_this_browser_naming_the_first_bad_version(new_page, server):
    table_id = _finished_table(server, "walnut_grove", 2)
    record = requests.get(f"{server}/api/tables/{table_id}/record", timeout=30).json()
    page = new_page()
    served = {}
    page.route("**/record", lambda route: route.fulfill(body=json.dumps(served["record"]),
                                                        content_type="application/json"))
    for forged, at in (forge_outcome(record, repair=True), forge_outcome(record, repair=False)):
        served["record"] = forged
        _verify(page, table_id)
        expect(page.locator("#verify-verdict")).to_contain_text(f"Not verified: the first bad version is {at} ",
                                                                timeout=60_000)
    served["record"], _ = forge_seed(record)
    _verify(page, table_id)
    expect(page.locator("#verify li").filter(has_text=re.compile("^seed:"))).to_contain_text("✗ FAILED", timeout=60_000)
    assert not page.errors


def test_a_signed_receipt_is_checked_with_ed25519_and_catches_a_truncated_history(new_page, server):
    table_id = _finished_table(server, "bunny_kingdom", 2)
    record = requests.get(f"{server}/api/tables/{table_id}/record", timeout=30).json()
    head = record["head"]["version"]
    signer = Signer()
    page = new_page()
    key = {"algorithm": "Ed25519", "public_key": signer.public_hex, "key_id": signer.key_id}
    page.route("**/api/signing-key", lambda route: route.fulfill(body=json.dumps(key), content_type="application/json"))
    served = {}
    page.route("**/record", lambda route: route.fulfill(body=json.dumps(served["record"]),
                                                        content_type="application/json"))
    served["record"] = {**record, "receipt": signer.of(record, head)}
    _verify(page, table_id)
    expect(page.locator("#verify-verdict")).to_have_text("Verified in this browser.", timeout=60_000)
    expect(page.locator("#verify li").filter(has_text=re.compile("^receipt:"))).to_contain_text("✓ ok")
    keep = head // 2
    served["record"] = {**truncate(record, keep), "receipt": signer.of(record, head)}
    _verify(page, table_id)
    expect(page.locator("#verify-verdict")).to_contain_text(f"the first bad version is {keep + 1} ", timeout=60_000)
    expect(page.locator("#verify-verdict")).to_contain_text("truncated")
    assert not page.errors


def test_before_the_end_the_browser_checks_the_links_and_says_the_rest_waits_for_the_end(new_page, server):
    opened = requests.post(f"{server}/api/tables", json={"game": "tiny_duel", "seats": 2}, timeout=30)
    table_id = opened.json()["table_id"]
    requests.post(f"{server}/api/tables/{table_id}/seats", json={"name": "Ann"}, timeout=30)
    page = new_page()
    _verify(page, table_id)
    expect(page.locator("#verify-verdict")).to_contain_text("The chain checks out so far", timeout=60_000)
    expect(page.locator("#verify li").filter(has_text=re.compile("^seed:"))).to_contain_text("not checked")
    assert not page.errors
