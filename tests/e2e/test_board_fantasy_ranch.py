"""Fantasy Ranch in Chromium, played only by clicking the board (api/web/games/fantasy_ranch.js).

The table is opened and seated through the API (a human seat whose token goes into the page's
localStorage, the others bots); every move is then made by clicking the controls the board
offers: ranch board choice, horses and their highlighted destinations, locations, the market,
produce, tournament entries and prizes, End turn. The test never sends a move itself. The board
is hosted by ``board_harness`` (the board-module props built from real API answers).
"""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Page, expect

from tests.e2e.board_harness import open_board

GAME = "fantasy_ranch"


def open_table(page: Page, players: int, level: int, humans: tuple[int, ...] = (0,)) -> tuple[str, dict[int, str]]:
    """A started table with ``humans`` seated as players (tokens kept in localStorage) and bots elsewhere."""
    r = page.request.post("/api/tables", data={"game": GAME, "seats": players, "options": {"level": level}})
    assert r.ok, r.text()
    table = r.json()["table_id"]
    tokens = {}
    for seat in range(players):
        bot = seat not in humans
        r = page.request.post(f"/api/tables/{table}/seats", data={"name": f"P{seat}", "seat": seat, "bot": bot})
        assert r.ok, r.text()
        if not bot:
            tokens[seat] = r.json()["token"]
    first = min(humans)
    r = page.request.post(f"/api/tables/{table}/start", data={}, headers={"Authorization": f"Bearer {tokens[first]}"})
    assert r.ok, r.text()
    return table, tokens


def remember(page: Page, table: str, tokens: dict[int, str]) -> None:
    page.goto("/")
    for seat, token in tokens.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"tabletop.seat.{table}.{seat}", json.dumps({"token": token, "name": f"P{seat}"})])


def idle(page: Page) -> None:
    page.wait_for_function("() => !document.body.dataset.busy")


def version(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-version"))


def click_first(page: Page, selector: str, name: str | re.Pattern | None = None) -> bool:
    loc = page.locator(selector) if name is None else page.locator(selector).filter(has_text=name)
    if loc.count():
        loc.first.click()
        idle(page)
        return True
    return False


def play_one(page: Page, tried: set) -> bool:
    """Click one control the board offers, preferring progress; False when nothing is offered now."""
    v = version(page)
    if click_first(page, "button.fr-go"):  # a horse is selected: put it on a highlighted place
        return True
    if click_first(page, "button.fr-board-choice"):
        return True
    # horses waiting to be placed, then a location to buy, then a market horse
    for selector in (".fr-holding button.fr-horse", "button.fr-buy", ".fr-market button.fr-horse"):
        cards = page.locator(selector)
        for i in range(cards.count()):
            key = (v, selector, i)
            if key in tried:
                continue
            tried.add(key)
            cards.nth(i).click()
            idle(page)
            if page.locator("button.fr-go").count() or version(page) != v:
                return True
            if page.get_by_role("button", name="Cancel").count():
                page.get_by_role("button", name="Cancel").first.click()
            return True
    act = page.locator(".fr-act")
    for name in (re.compile(r"^Take (carrots|boots)$"), re.compile(r"^Enter "), "Pay and ride", "Produce", "End turn",
                 "Stay out", "Decline the prize"):
        button = act.get_by_role("button", name=name, exact=True) if isinstance(name, str) else act.get_by_role("button", name=name)
        if button.count():
            button.first.click()
            idle(page)
            return True
    return False


def play_to_the_end(page: Page, limit_s: float = 120) -> int:
    tried: set = set()
    clicks = 0
    deadline = time.monotonic() + limit_s
    while page.locator("body").get_attribute("data-status") != "finished":
        assert time.monotonic() < deadline, "the game did not finish by clicking"
        if play_one(page, tried):
            clicks += 1
        else:
            page.wait_for_timeout(150)
    return clicks


def test_a_level_1_game_against_a_bot_is_played_to_the_final_scoring_by_clicking(new_page):
    page = new_page(1280, 900)
    sent: list[dict] = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.method == "POST" and r.url.endswith("/moves") else None)
    table, tokens = open_table(page, 2, 1)
    remember(page, table, tokens)
    open_board(page, table, 0)
    expect(page.locator(".fr-players li")).to_have_count(2)
    expect(page.locator(".fr-players li").first).to_contain_text("Yellow")
    clicks = play_to_the_end(page)
    assert clicks > 20 and len(sent) > 20
    types = {m["move"]["type"] for m in sent}
    assert {"choose_ranch_board", "move_horse", "end_turn"} <= types
    assert types & {"enter_tournament", "decline_tournament"}
    expect(page.locator(".fr-scores.final")).to_contain_text("Final scoring")
    expect(page.locator(".fr-scores.final")).to_contain_text("Tie-break 1: horses")
    assert page.errors == []
    audit = page.request.get(f"/api/tables/{table}/audit").json()
    assert audit["ok"], audit
