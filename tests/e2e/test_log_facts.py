"""The table log shows each move's facts as indented lines under it (docs/log.md), in the words the
server chose for the reader: a spectator reads that a two-player Bunny Kingdom pick sent a card
face down out of the game (BK-R105), never which card, and reads the cards played by their names
(issue 37), never their ids."""

from __future__ import annotations

import json
import re
from urllib.request import Request, urlopen

from playwright.sync_api import expect

from domain.games import get_game
from domain.games.bunny_kingdom.components import card_family
from tests.log_words import catalog_ids_in, machine_tokens_in


def shown(card: str) -> str:
    """A played card as a spectator reads it while the game runs: its name, a parchment unnamed."""
    return "a parchment" if card_family(card) == "parchment" else get_game("bunny_kingdom").name_component("card", card)


def call(server: str, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    with urlopen(Request(server + path, data=data, method=method, headers=headers), timeout=30) as response:
        return json.loads(response.read() or b"null")


def test_a_moves_facts_are_indented_lines_under_it_as_the_reader_may_know_them(new_page, server):
    table = call(server, "POST", "/api/tables", {"game": "bunny_kingdom", "seats": 2})["table_id"]
    base = f"/api/tables/{table}"
    tokens = {}
    for name in ("ann", "bob"):
        taken = call(server, "POST", f"{base}/seats", {"name": name})
        tokens[taken["seat"]] = taken["token"]
    call(server, "POST", f"{base}/start", {}, tokens[0])
    picks = {}
    for seat in (0, 1):
        legal = call(server, "GET", f"{base}/seats/{seat}/legal-moves", token=tokens[seat])["moves"]
        picks[seat] = next(m for m in legal if m["discard"])
        call(server, "POST", f"{base}/seats/{seat}/moves", {"move": picks[seat]}, tokens[seat])
    page = new_page()
    page.goto(f"/#/tables/{table}")
    facts = page.locator("#log li ul.facts li")
    expect(facts.filter(has_text="ann discarded a card face down")).to_have_count(1)
    expect(facts.filter(has_text="bob discarded a card face down")).to_have_count(1)
    text = page.locator("#log").inner_text()
    assert picks[0]["discard"] not in text and picks[1]["discard"] not in text
    # The lines sit inside the entry of the move that revealed the picks, below its sentence.
    entry = page.locator("#log > li").filter(has=page.locator("ul.facts"))
    expect(entry).to_have_count(1)
    expect(entry.locator(".text")).to_have_text(re.compile(r"^bob chose their cards; the picks were revealed"))
    for seat, name in ((0, "ann"), (1, "bob")):  # each pick by its cards' names (Provisions add what they drew)
        first, *rest = (shown(c) for c in picks[seat]["play"])
        expect(entry.locator(".text")).to_contain_text(f"{name} played {first}")
        for card in rest:
            expect(entry.locator(".text")).to_contain_text(card)
    assert catalog_ids_in("bunny_kingdom", text) == [] and machine_tokens_in(text) == []
    assert not page.errors
