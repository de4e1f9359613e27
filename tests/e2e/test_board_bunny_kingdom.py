"""The Bunny Kingdom board in real Chromium on the real table page, played only by clicking.

The test opens and seats tables through the API (set-up, never a move), puts the seat token where
the page keeps it (localStorage), then plays by clicking the cards, squares, chips and buttons the
board offers and the shell's Confirm. It never sends a move itself.
"""

from __future__ import annotations

import json
import re
import time
import uuid

import pytest
from playwright.sync_api import Page, expect

CARD_ID = re.compile(r"\b(?:T-[A-J]\d+|B-[A-Z0-9-]+|PROV-\d|P-[A-Z-]+)\b")
# Test instrumentation: count requests in flight and remember the version each sent move produced,
# so the test knows when the page has drawn the answer to its click.
TRACK_FETCH = """(() => {
  const real = window.fetch.bind(window);
  window.__inflight = 0;
  window.__posted = 0;
  window.fetch = async (...args) => {
    window.__inflight += 1;
    try {
      const response = await real(...args);
      const url = String(args[0]?.url ?? args[0]);
      if (/\\/moves$/.test(url) && response.ok) {
        const receipt = await response.clone().json();
        window.__posted = Math.max(window.__posted, receipt.version || 0);
      }
      return response;
    } finally {
      window.__inflight -= 1;
    }
  };
})();"""


def api(page: Page, method: str, path: str, body=None, token: str | None = None):
    """Table set-up through the API (opening, seating, starting): never a move."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = page.request.fetch(path, method=method, data=body, headers=headers)
    assert response.ok, response.text()
    return response.json()


def open_table(page: Page, humans: int, bots: int) -> tuple[str, list[str]]:
    table = api(page, "POST", "/api/tables", {"game": "bunny_kingdom", "seats": humans + bots,
                                               "command_id": str(uuid.uuid4())})["table_id"]
    tokens = []
    for seat in range(humans + bots):
        seated = api(page, "POST", f"/api/tables/{table}/seats", {"name": f"P{seat}", "seat": seat, "bot": seat >= humans,
                                                                  "command_id": str(uuid.uuid4())})
        if seat < humans:
            tokens.append(seated["token"])
    api(page, "POST", f"/api/tables/{table}/start", {"command_id": str(uuid.uuid4())}, token=tokens[0])
    return table, tokens


def show(page: Page, table: str, seat: int | None, token: str | None, version: int | None = None) -> None:
    """Open the table page as that seat (its token where the page keeps it) or as a spectator."""
    page.add_init_script(TRACK_FETCH)
    page.goto("/")
    if seat is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"tabletop.seat.{table}.{seat}", json.dumps({"token": token, "name": f"P{seat}", "at": 0})])
    page.goto(f"/#/tables/{table}" + (f"?at={version}" if version else ""))
    expect(page.locator("#board .bk-map")).to_be_visible()
    ready(page)


def ready(page: Page) -> None:
    """Wait until nothing is in flight and the board shows at least the version the last move made."""
    page.wait_for_function("() => window.__inflight === 0 && document.querySelector('#board .bk') !== null &&"
                           " Number(document.querySelector('#board .bk').dataset.version) >= window.__posted")


def version(page: Page) -> int:
    return int(page.locator("#board .bk").get_attribute("data-version"))


def map_fingerprint(page: Page) -> list[str]:
    """Every square's tooltip (terrain, rabbit, building, fief) and every fief label: the board drawn."""
    return page.locator(".bk-map").evaluate(
        "m => [...m.querySelectorAll('title')].map(t => t.textContent)"
        ".concat([...m.querySelectorAll('.bk-fief-label text')].map(t => t.textContent))")


OFFERED = """() => {
  const n = (sel) => document.querySelectorAll(sel).length;
  const posts = [...document.querySelectorAll('.bk-chip')].map((c) => c.dataset.coord);
  const open = posts.filter((c) => !document.querySelector(`.bk-chip[data-coord="${c}"][aria-pressed=true]`));
  return {chips: open.length ? open[0] : null, copies: n('.bk-prompt button.card-tile'),
    keep: [...document.querySelectorAll('.bk-prompt button')].some((b) => b.textContent.startsWith('Keep Camp')),
    targets: n('.bk-hit.bk-target'), buildable: n('.bk-front button.card-tile.legal'),
    finish: [...document.querySelectorAll('.bk-prompt button')].some((b) => b.textContent === 'Finish building'),
    plays: n('.bk-hand button[data-role=play]'), hand: n('.bk-hand button.card-tile.legal'), roles: n('.bk-hand .bk-role'),
    version: Number(document.querySelector('#board .bk').dataset.version)};
}"""


def play_one_step(page: Page) -> bool:
    """Click through one move the board offers; False when nothing is offered to this seat now."""
    offered = page.evaluate(OFFERED)
    if offered["chips"]:  # a resource for a trading post not yet given one, on the post
        page.locator(f".bk-chip[data-coord='{offered['chips']}']").first.click()
    elif offered["copies"]:  # a parchment for Liberal / Socialist to copy
        page.locator(".bk-prompt button.card-tile").first.click()
    elif offered["keep"]:  # a camp: place it on a highlighted square, or sometimes keep it
        if offered["targets"] and offered["version"] % 3:
            page.locator(".bk-hit.bk-target").first.click()
        else:
            page.get_by_role("button", name=re.compile(r"^Keep Camp")).click()
    elif offered["buildable"]:  # a building card, then its square(s)
        page.locator(".bk-front button.card-tile.legal").first.click()
        for _ in range(2):  # a city or farm takes one square, a Sky Tower two
            page.locator(".bk-hit.bk-target").first.click()
            ready(page)  # a square that completes the move sends it; the page redraws once answered
            if not page.locator(".bk-front button.card-tile.chosen").count():
                break
    elif offered["finish"]:
        page.get_by_role("button", name="Finish building", exact=True).click()
    elif offered["plays"]:  # two players: one card to play, another to discard
        page.locator(".bk-hand button[data-role=play]").nth(0).click()
        page.locator(".bk-hand button[data-role=discard]").nth(1).click()
        page.locator("#confirm").click()
    elif offered["hand"] >= 2 and not offered["roles"]:
        page.locator(".bk-hand button.card-tile.legal").nth(0).click()
        if not page.locator("#confirm").is_enabled():  # the last two cards: the second is the only choice left
            page.locator(".bk-hand button.card-tile.legal").nth(0).click()
        page.locator("#confirm").click()
    else:
        return False
    return True


def play_to_the_end(page: Page, budget: float) -> None:
    """Click the moves the board offers until the final scoring shows."""
    deadline = time.monotonic() + budget
    while not page.locator(".bk-final").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        ready(page)
        if not play_one_step(page):
            page.wait_for_timeout(100)
    assert not page.locator("#composer-refusal").inner_text(), page.locator("#composer-refusal").inner_text()
    assert not page.errors, page.errors


@pytest.mark.parametrize("players", [2, 4])
def test_whole_game_against_bots_by_clicking_to_the_final_scoring(new_page, players):
    page = new_page(1280, 900)
    table, tokens = open_table(page, humans=1, bots=players - 1)
    show(page, table, 0, tokens[0])
    expect(page.locator(".bk-map .bk-axis")).to_have_count(20)
    expect(page.locator(".bk-lava")).to_have_count(8)
    play_to_the_end(page, budget=150)
    final = page.locator(".bk-final")
    expect(final.locator(".bk-final-seat")).to_have_count(players)
    expect(final).to_contain_text("Harvest, round 4")
    # The final scoreboard matches the server's scores, seat by seat.
    scores = api(page, "GET", f"/api/tables/{table}/scores")
    for seat in range(players):
        expect(final.locator(f".bk-final-seat[data-seat='{seat}'] h4")).to_contain_text(f"{scores['totals'][str(seat)]} points")
    audit = api(page, "GET", f"/api/tables/{table}/audit")
    assert audit["ok"], audit


def secrets_for(views: dict, viewer: int | None) -> set[str]:
    """Cards the viewer may not know: the other seats' hands, picks, parchments and discards it never held."""
    seen = set(views[viewer]["you"]["seen"]) | set(views[viewer]["you"]["parchments"]) if viewer is not None else set()
    hidden = set()
    for seat, view in views.items():
        if seat is None or seat == viewer:
            continue
        you = view["you"]
        hidden |= set(you["hand"]) | set(you["parchments"]) | set(you["removed"])
        if you["selection"]:
            hidden |= set(you["selection"]["play"]) | {you["selection"]["discard"]}
    public = set()
    for seat in views[None]["seats"]:
        public |= set(seat["front"]) | set(seat["discard_pile"])
    public |= {b["building"] for b in views[None]["board"].values() if b["building"]}
    return hidden - seen - public - {None}


def test_two_players_and_a_spectator_see_no_secret_of_another_seat(new_page):
    pages = {0: new_page(1100, 900), 1: new_page(1100, 900), None: new_page(1100, 900)}
    bodies: dict = {k: [] for k in pages}
    for key, page in pages.items():
        page.on("response", lambda r, key=key: bodies[key].append(r) if "/api/" in r.url else None)
    table, tokens = open_table(pages[0], humans=2, bots=0)
    for key, page in pages.items():
        show(page, table, key, tokens[key] if key is not None else None)
    expect(pages[None].locator(".bk-hand")).to_have_count(0)
    for _ in range(3):  # three picks, each seat choosing on its own page
        for seat in (0, 1):
            ready(pages[seat])
            assert play_one_step(pages[seat])
        head = api(pages[None], "GET", f"/api/tables/{table}")["version"]
        for page in pages.values():  # every page has drawn the table after both picks (no fixed wait)
            page.wait_for_function("(v) => Number(document.querySelector('#board .bk')?.dataset.version) >= v",
                                   arg=head, timeout=30_000)
            ready(page)
        # The other seat's page says it has chosen or not, and shows its card count, never its cards.
        expect(pages[1].locator(".bk-seat[data-seat='0']")).to_contain_text("cards in hand")
    views = {None: api(pages[None], "GET", f"/api/tables/{table}/view")["view"]}
    for seat in (0, 1):
        views[seat] = api(pages[seat], "GET", f"/api/tables/{table}/view", token=tokens[seat])["view"]
    assert views[0]["round"] == 1 and views[0]["pick"] == 4
    for key, page in pages.items():
        secret = secrets_for(views, key)
        assert secret, "the other seat holds cards this viewer never saw"
        dom = page.content()
        assert not secret & set(CARD_ID.findall(dom)), secret & set(CARD_ID.findall(dom))
        for response in bodies[key]:
            if response.url.endswith(("/components", "/api/openapi.json")) or "/stream" in response.url:
                continue  # static documents (the catalog, the API's examples) name cards of no table; the stream carries versions only
            try:
                text = response.text()
            except Exception:  # a redirect or an aborted request has no body
                continue
            leaked = secret & set(CARD_ID.findall(text))
            assert not leaked, (response.url, leaked)
        assert not page.errors, page.errors


def test_replay_and_a_shared_address_draw_the_board_of_that_version(new_page):
    page = new_page(1280, 900)
    table, tokens = open_table(page, humans=1, bots=1)
    show(page, table, 0, tokens[0])
    for _ in range(6):  # a few picks into the game
        ready(page)
        play_one_step(page)
    ready(page)
    mid = version(page)
    live = map_fingerprint(page)
    # Play on until the map itself changes: a pick that only puts a building card in front of its
    # player (or a discard) leaves the map as it was, and which cards come depends on the deal.
    for _ in range(12):
        ready(page)
        play_one_step(page)
        ready(page)
        if map_fingerprint(page) != live:
            break
    assert version(page) > mid
    now = map_fingerprint(page)
    assert now != live, "twelve steps on, the live map never changed"
    replay = new_page(1280, 900)
    show(replay, table, 0, tokens[0], version=mid)
    assert map_fingerprint(replay) == live
    expect(replay.locator(".bk-hit.bk-target")).to_have_count(0)  # nothing to play in a replay
