"""Fantasy Ranch in Chromium on the real table page, played only by clicking the board.

The table is opened and seated through the API (human seats' tokens go into each page's
localStorage like the lobby does, the others are bots); every move is then made by clicking what the
board (api/web/games/fantasy_ranch.js) offers and the shell's Confirm: a click on the board only
chooses (a ranch board, a horse and a highlighted place, a location, a fate card, then what is paid
and where its tokens go), Confirm sends. The tests never send a move themselves.

Four-player games (one person, three bots) are played whole at level 1 and level 3, the page
switching between a desktop (1280 px) and a phone (390 px) width as it goes: no width ever scrolls
sideways, and the final scoring is a ranking that fits both. Tables are seeded (the server's seed is
fixed for the table's creation), so a run deals the same game and the bots answer alike.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

GAME = "fantasy_ranch"
DESKTOP, PHONE = (1280, 800), (390, 844)
# the moves a prompt offers as buttons: each stages its move for Confirm
MOVE_BUTTONS = (re.compile(r"^Take (carrots|boots)$"), re.compile(r"^Enter "), "Pay and ride", "Produce", "End turn",
                "Stay out", "Decline the prize")
# a choice under way: its next part (a button of the prompt, a highlighted place, territory or horse)
NEXT_PART = ("button.fr-go", "button.fr-loc.dest", "button.fr-horse.target", ".fr-choices.active button.fr-choice")
# what starts a choice, in the order a hurried player tries them
#: Where the docs' screenshots go, only when asked: ``TABLETOP_SCREENSHOTS=docs/screenshots pytest ...``.
SHOTS = Path(os.environ["TABLETOP_SCREENSHOTS"]) if os.environ.get("TABLETOP_SCREENSHOTS") else None
STARTERS = ("button.fr-board-choice", ".fr-hand[aria-label='Your hand'] button.fr-horse", ".fr-holding:not(.fr-placed) button.fr-horse",
            "button.fr-fate.legal", "button.fr-buy", "button.fr-loc.buyable", ".fr-market button.fr-horse")


@pytest.fixture
def seeded(monkeypatch):
    """Fix the secret seed the server draws for the tables the test opens (the deal and the bots' dice)."""
    def fix(seed: int) -> None:
        monkeypatch.setattr("domain.application.new_seed", lambda: f"{seed:064x}")
    return fix


class Shots:
    """The docs' screenshots, each taken once, the first time its moment comes (only with SHOTS)."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def take(self, page: Page, name: str, element: str | None = None) -> None:
        if SHOTS is None or name in self.taken:
            return
        self.taken.add(name)
        page.wait_for_timeout(3200)  # the flash of the bots' last moves has faded
        if element:  # the element as laid out on the whole page, without the sticky action bar over it
            clip = page.locator(element).first.evaluate(
                "e => { const r = e.getBoundingClientRect(); return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; }")
            page.evaluate("document.getElementById('composer').style.visibility = 'hidden'")
            page.screenshot(path=str(SHOTS / f"fantasy_ranch-{name}.png"), full_page=True, clip=clip)
            page.evaluate("document.getElementById('composer').style.visibility = ''")
        else:
            page.screenshot(path=str(SHOTS / f"fantasy_ranch-{name}.png"))


#: People's names by seat; a bot is named by its seat counted from 1 ("Bot 2"), as the page names one.
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def seat_name(seat: int, bot: bool) -> str:
    return f"Bot {seat + 1}" if bot else NAMES[seat]


def open_table(page: Page, players: int, level: int, humans: tuple[int, ...] = (0,)) -> tuple[str, dict[int, str]]:
    """A started table with ``humans`` seated (their tokens returned) and bots in the other seats."""
    r = page.request.post("/api/tables", data={"game": GAME, "seats": players, "options": {"level": level}})
    assert r.ok, r.text()
    table = r.json()["table_id"]
    tokens = {}
    for seat in range(players):
        bot = seat not in humans
        r = page.request.post(f"/api/tables/{table}/seats", data={"name": seat_name(seat, bot), "seat": seat, "bot": bot})
        assert r.ok, r.text()
        if not bot:
            tokens[seat] = r.json()["token"]
    r = page.request.post(f"/api/tables/{table}/start", data={}, headers={"Authorization": f"Bearer {tokens[min(humans)]}"})
    assert r.ok, r.text()
    return table, tokens


def visit(page: Page, table: str, tokens: dict[int, str], at: int | None = None) -> None:
    """Open the table page holding these seats' tokens (as the lobby keeps them)."""
    page.goto("/")
    for seat, token in tokens.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"tabletop.seat.{table}.{seat}", json.dumps({"token": token, "name": NAMES[seat]})])
    page.goto(f"/#/tables/{table}" + (f"?at={at}" if at else ""))
    page.wait_for_selector("#board .fr-players")


def version(page: Page) -> int:
    return int(re.search(r"version (\d+)", page.locator("#table-facts").inner_text()).group(1))


def finished(page: Page) -> bool:
    return page.locator("#table-facts .badge").inner_text().strip() == "finished"


def sent(page: Page, before: int) -> None:
    """Wait until the page shows a newer version than ``before`` (the move and the bots' replies)."""
    page.wait_for_function(
        "(v) => { const m = /version (\\d+)/.exec(document.querySelector('#table-facts').innerText); return m && +m[1] > v; }",
        arg=before, timeout=30_000)  # generous: a busy 2-core box; it returns as soon as it holds


def overflow(page: Page) -> int:
    """How far the page scrolls sideways (0 when it fits the viewport's width)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def play_one(page: Page, tried: set, declined: list[str] | None = None) -> bool:
    """Click one thing the board offers, preferring progress; False when nothing is offered now.
    A prize declined (only when nothing of it can be taken) appends the reason the board gives to ``declined``."""
    confirm = page.locator("#confirm")
    if confirm.is_visible() and confirm.is_enabled():  # a whole move is chosen: send it
        v = version(page)
        confirm.click(timeout=3000)
        sent(page, v)
        return True
    board = page.locator("#board")
    assert board.locator(".fr-choices.active button").count() <= 10  # a choice goes part by part, never a wall of moves
    for selector in NEXT_PART:
        if board.locator(selector).count():
            board.locator(selector).first.click(timeout=3000)
            return True
    if board.locator(".fr-choices.active").count():  # a choice that leads nowhere now: take it back
        board.locator(".fr-choices.active").get_by_role("button", name="Cancel", exact=True).click(timeout=3000)
        return True
    v = version(page)
    for selector in STARTERS:
        cards = board.locator(selector)
        for i in range(cards.count()):
            if (v, selector, i) not in tried:
                tried.add((v, selector, i))
                cards.nth(i).click(timeout=3000)
                return True
    act = board.locator(".fr-act")
    for name in MOVE_BUTTONS:
        button = act.get_by_role("button", name=name, exact=True) if isinstance(name, str) else act.get_by_role("button", name=name)
        if button.count():
            if name == "Decline the prize" and declined is not None:
                declined.append(" ".join(act.locator(".fr-reason").all_inner_texts()))
            button.first.click(timeout=3000)
            return True
    staff = board.locator(".fr-emps").get_by_role("button", name=re.compile(r"^(Hire|End turn, take) "))
    if staff.count():
        staff.first.click(timeout=3000)
        return True
    return False


def play_to_the_end(page: Page, limit_s: float, every: int = 25, on_switch=None, on_click=None,
                    declined: list[str] | None = None) -> list[int]:
    """Click to the final scoring, switching between the desktop and the phone width every ``every``
    clicks; returns the sideways overflow measured at each switch (all 0 when the page fits).
    ``on_switch(page, width)`` runs after each switch, ``on_click(page)`` after each click."""
    tried: set = set()
    clicks = 0
    widths = [DESKTOP, PHONE]
    overflows = []
    deadline = time.monotonic() + limit_s
    while not finished(page):
        assert time.monotonic() < deadline, f"the game did not finish by clicking ({clicks} clicks)"
        try:
            progressed = play_one(page, tried, declined)
            if progressed and on_click:
                on_click(page)
        except PlaywrightError:  # the page redrew under the click (a live update): look again
            progressed = False
        if not progressed:
            page.locator("#board").locator("button").first.wait_for(timeout=15000)  # the bots are moving
            page.wait_for_timeout(100)
            continue
        clicks += 1
        if clicks % every == 0:
            width, height = widths[(clicks // every) % 2]
            page.set_viewport_size({"width": width, "height": height})
            if on_switch:
                on_switch(page, width)
            overflows.append(overflow(page))
    return overflows


def final_scoring_fits_both_widths(page: Page) -> None:
    """The final ranking: four players in order at 1280 and at 390 px, each breakdown opened on demand."""
    for width, height in (DESKTOP, PHONE):
        page.set_viewport_size({"width": width, "height": height})
        final = page.locator("#board .fr-scores.final")
        expect(final).to_contain_text("Final scoring")
        ranks = final.locator("li.fr-rank")
        expect(ranks).to_have_count(4)
        assert overflow(page) <= 0, (width, overflow(page))
        # every player's total is inside the panel (none cut off to the right), measured in one step
        # of the page so a live redraw between two reads cannot detach what is measured
        expect(ranks.locator(".fr-total")).to_have_count(4)
        spill = page.evaluate("""() => {
            const panel = document.querySelector('#board .fr-scores.final').getBoundingClientRect();
            return [...document.querySelectorAll('#board .fr-scores.final li.fr-rank .fr-total')]
                .map(t => t.getBoundingClientRect()).map(r => r.right - panel.right);
        }""")
        assert len(spill) == 4 and max(spill) <= 1, (width, spill)
        expect(ranks.first.locator(".fr-place")).to_have_text("1.")
        expect(ranks.first.locator(".fr-breakdown")).to_be_hidden()
        ranks.first.locator("summary").click()
        expect(ranks.first.locator(".fr-breakdown li").first).to_be_visible()
        ranks.first.locator("summary").click()


def test_a_four_player_level_1_game_is_clicked_to_the_final_scoring_at_desktop_and_phone_widths(new_page, seeded):
    seeded(41)
    page = new_page(*DESKTOP)
    moves: list[dict] = []
    page.on("request", lambda r: moves.append(r.post_data_json) if r.method == "POST" and r.url.split("?")[0].endswith("/moves") else None)
    table, tokens = open_table(page, 4, 1)
    visit(page, table, tokens)
    expect(page.locator("#board .fr-players li")).to_have_count(4)
    expect(page.locator("#board .fr-players li").first).to_contain_text("Yellow")
    # a click on a ranch board only chooses it: nothing is sent before Confirm
    page.locator("#board button.fr-board-choice").first.click()
    expect(page.locator("#board .fr-ready")).to_contain_text("Board ")
    assert moves == []
    declined: list[str] = []
    overflows = play_to_the_end(page, limit_s=600, declined=declined)
    assert overflows and max(overflows) <= 0, overflows
    # a won prize is declined only when nothing of it can be taken, and the board says why
    assert declined and all("can only be declined" in reason for reason in declined), declined
    assert len(moves) > 20
    types = {m["move"]["type"] for m in moves}
    assert {"choose_ranch_board", "move_horse", "end_turn", "produce_goods"} <= types, types
    assert types & {"enter_tournament", "decline_tournament", "enter_final_paid"}, types
    final_scoring_fits_both_widths(page)
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    Shots().take(page, "final", "#board")
    assert page.request.get(f"/api/tables/{table}/audit").json()["ok"] is True
    # a shared address of a mid-game version draws that version's board, the same on a second visit
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    mid = version(page) // 2
    visit(page, table, tokens, at=mid)
    page.wait_for_selector("#board .fr-ranch")
    first = page.locator("#board .fr-layout").inner_text()
    visit(page, table, tokens, at=mid)
    page.wait_for_selector("#board .fr-ranch")
    assert page.locator("#board .fr-layout").inner_text() == first
    assert "Final scoring" not in first
    assert page.errors == []


def zoom_on_desktop(page: Page, width: int) -> None:
    """On the desktop width the community is zoomed in (whole cards, panned in its frame); on the phone fitted."""
    zoom = page.locator("#board .fr-zoom")
    if zoom.count() and (zoom.get_attribute("aria-pressed") == "true") != (width == DESKTOP[0]):
        zoom.click()


def test_a_four_player_level_3_game_is_clicked_to_the_final_scoring_with_fate_cards_claimed_on_the_board(new_page, seeded):
    seeded(7)
    page = new_page(*PHONE)
    moves: list[dict] = []
    page.on("request", lambda r: moves.append(r.post_data_json["move"]) if r.method == "POST" and r.url.split("?")[0].endswith("/moves") else None)
    table, tokens = open_table(page, 4, 3)
    visit(page, table, tokens)
    expect(page.locator("#board .fr-players li")).to_have_count(4)
    assert overflow(page) <= 0
    shots = Shots()

    def moments(page: Page) -> None:
        """The docs' screenshots: a claim part way through, the viewer's turn at each width."""
        if SHOTS is None:
            return
        so_far = page.locator("#board .fr-choices.active .fr-so-far")
        if so_far.count() and so_far.inner_text().startswith("Claim "):  # a fate card's claim, part way
            so_far.evaluate("e => e.scrollIntoView({block: 'start'})")
            shots.take(page, "fate-claim")
        if page.locator("#board .fr-limited").count() and not page.locator("#board .fr-choices.active").count():
            if page.viewport_size["width"] == DESKTOP[0] and "desktop" not in shots.taken:
                zoom_on_desktop(page, PHONE[0])  # the docs show the community fitted to the width
                shots.take(page, "desktop", "#board")
                zoom_on_desktop(page, DESKTOP[0])
            else:
                page.locator("#board .fr-act").evaluate("e => e.scrollIntoView({block: 'start'})")
                shots.take(page, "phone")

    overflows = play_to_the_end(page, limit_s=900, on_switch=zoom_on_desktop, on_click=moments)
    assert overflows and max(overflows) <= 0, overflows
    types = {m["type"] for m in moves}
    assert {"draft_pick", "choose_home_territory", "choose_starting_employee", "end_turn"} <= types, types
    # the seeded game claims fate cards whose claim has parts: what is paid, the goods or the territories
    claims = [m for m in moves if m["type"] == "claim_fate_card"]
    assert any("payment" in m or "choices" in m for m in claims), claims
    final_scoring_fits_both_widths(page)
    if SHOTS:
        zoom_on_desktop(page, PHONE[0])  # the community fitted to the phone's width, as a phone reader has it
        page.locator("#board .fr-scores").scroll_into_view_if_needed()
        Shots().take(page, "final-phone")
    assert page.request.get(f"/api/tables/{table}/audit").json()["ok"] is True
    assert page.errors == []


def test_the_level_2_draft_is_picked_on_cards_with_confirm_and_no_hand_reaches_the_others(new_page):
    """Two humans and a spectator: each page shows only its own hand, in the DOM and on the wire."""
    ann, bob, watcher = new_page(1280, 900), new_page(390, 800), new_page(1280, 900)
    table, tokens = open_table(ann, 3, 2, humans=(0, 1))
    bodies = {0: [], 1: [], None: []}
    for page, seat in ((ann, 0), (bob, 1), (watcher, None)):
        # every answer of the API but the catalog (static data naming every card of the box, asked for
        # with the table's ?rules_version) and the stream
        page.on("response", lambda r, seat=seat: bodies[seat].append(r.text())
                if "/api/" in r.url and r.ok and "/components" not in r.url and not r.url.endswith("/stream") else None)
        visit(page, table, {seat: tokens[seat]} if seat is not None else {})
    hand = lambda seat: page_view(ann if seat == 0 else bob, table, seat, tokens[seat])["private"]["hand"]  # noqa: E731
    hands = {0: hand(0), 1: hand(1)}
    assert len(hands[0]) == 4 and not set(hands[0]) & set(hands[1])
    # Ann picks her first card: click it on the board, then Confirm in the composer bar
    pick = hands[0][0]
    v = version(ann)
    ann.locator(f"#board .fr-hand button.fr-horse[data-id='{pick}']").click()
    ann.locator("#confirm").click()
    sent(ann, v)
    expect(ann.locator(f"#board .fr-hand[aria-label='Your hand'] [data-id='{pick}']")).to_have_count(0)
    expect(ann.locator("#board .fr-draft")).to_contain_text("waiting for the others")
    assert pick not in hand(0)  # FR-R102: the API's view agrees with the page
    for page, seat in ((ann, 0), (bob, 1), (watcher, None)):
        if page is not ann:
            sent(page, v)  # the pick has reached this page (its live update), no fixed wait
        dom = page.locator("main").inner_html()
        others = [c for s, cards in hands.items() if s != seat for c in cards]
        for card in others:
            assert f'data-id="{card}"' not in dom, (seat, card)
            assert all(f'"{card}"' not in body for body in bodies[seat]), (seat, card)
    assert not any(p.errors for p in (ann, bob, watcher))


def page_view(page: Page, table: str, seat: int, token: str) -> dict:
    return page.request.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {token}"}).json()["view"]


LEGEND = """async () => {
  const board = (await import('/web/games/fantasy_ranch.js')).default;
  const catalog = await (await fetch('/api/games/fantasy_ranch/components')).json();
  const node = board.legend({catalog, view: {level: 3}});
  return node.textContent;
}"""


def test_the_colour_rule_is_on_every_horse_card_and_in_the_legend_and_a_phone_ranch_shows_its_home_and_holds_still(new_page):
    page = new_page(*PHONE)
    table, tokens = open_table(page, 2, 1)
    visit(page, table, tokens)
    catalog = page.request.get(f"/api/games/{GAME}/components").json()
    rule = {colour: catalog["board"]["location_types"][c["location_type"]]["name"] for colour, c in catalog["board"]["horse_colours"].items()}
    v = version(page)
    page.locator("#board button.fr-board-choice").first.click()
    page.locator("#confirm").click()
    sent(page, v)
    cards = page.locator("#board .fr-ranch.mine .fr-horse")
    expect(cards.first).to_be_visible()
    for i in range(cards.count()):
        card = catalog["components"][cards.nth(i).get_attribute("data-id")]
        expect(cards.nth(i).locator(".fr-h-lives")).to_have_text(rule[card["colour"]])
        assert f"a {card['colour']} horse stands in a {rule[card['colour']].lower()} or a home" in (
            cards.nth(i).get_attribute("aria-label") or cards.nth(i).get_attribute("title"))
    home = page.locator("#board .fr-ranch.mine .fr-loc.type-home")
    box = home.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box  # the whole ranch fits: Home in view
    assert overflow(page) <= 0
    # choosing a horse highlights its places and hides the purchases: nothing on the ranch moves
    on_page = "e => { const r = e.getBoundingClientRect(); return {y: r.top + scrollY, height: r.height}; }"
    locations = page.locator("#board .fr-ranch.mine .fr-loc")
    before = {i: locations.nth(i).evaluate(on_page) for i in range(6)}
    page.locator("#board .fr-ranch.mine .fr-holding button.fr-horse").first.click()
    expect(page.locator("#board .fr-ranch.mine button.fr-go").first).to_be_visible()
    for i, box in before.items():
        now = locations.nth(i).evaluate(on_page)
        assert abs(now["y"] - box["y"]) <= 2 and abs(now["height"] - box["height"]) <= 2, (i, box, now)
    key = page.evaluate(LEGEND)
    assert "Colour rule: a horse stands in a location of its own colour, or in a home (any colour)." in key
    for colour, name in rule.items():
        assert f"{colour.capitalize()} horse → {name.lower()}" in key
    assert "upgrade tokens" in key and "Coloured edges" in key
    assert page.errors == []


def test_the_status_line_says_the_viewers_part_in_words_and_names_no_colour_as_acting(new_page, seeded):
    """The table review read "Your turn — Level 1 · Round 2 of 5 · Turns · you to act · limited action
    free." and, for another seat, "· red to act" (a colour where the page names players): the shell
    says whose turn it is, the board what the viewer's part is."""
    seeded(5)
    page = new_page(*DESKTOP)
    table, tokens = open_table(page, 2, 1)
    visit(page, table, tokens)
    expect(page.locator("#turn")).to_have_text("Your turn — Level 1 · Setup · Choose a ranch board.")
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    for _ in range(40):  # Ann's setup choices through the API, until her first turn of round 1
        expect(page.locator("#turn")).to_contain_text("Your turn")  # the page has seen the bot's reply
        view = page.request.get(f"/api/tables/{table}/view", headers=auth).json()["view"]
        if view["phase"] == "turn":
            break
        legal = page.request.get(f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json()
        v = version(page)
        r = page.request.post(f"/api/tables/{table}/seats/0/moves", headers=auth,
                              data={"move": legal["moves"][0], "expected_version": legal["version"]})
        assert r.ok, r.text()
        sent(page, v)
    expect(page.locator("#turn")).to_have_text("Your turn — Level 1 · Round 1 of 5 · Turns: your limited action is still free.")
    assert page.errors == []


def bots_only_table(page, level: int) -> str:
    """A level ``level`` table of two ``random`` bots, started (the bots play it to its end at once),
    opened in ``page``; its id."""
    table = page.request.post("/api/tables", data={"game": GAME, "seats": 2, "options": {"level": level}}).json()["table_id"]
    for seat in range(2):
        assert page.request.post(f"/api/tables/{table}/seats",
                                 data={"name": f"Bot {seat + 1}", "seat": seat, "bot": True, "level": "random"}).ok
    assert page.request.post(f"/api/tables/{table}/start", data={}).ok
    page.goto(f"/#/tables/{table}")
    return table


def test_a_finished_games_ranking_and_last_log_line_count_trophies_and_show_no_seed_digits(new_page, seeded):
    """The table review read "Bot 2 · winner 7 points" beside the board's "7 trophies", and a last
    log line "(you 3, Bot 2 7, Bot 3 4). The seed was" and 64 hex digits."""
    seeded(11)
    page = new_page(*DESKTOP)
    bots_only_table(page, level=1)
    totals = page.locator("#scores .ranking .total")
    expect(totals).to_have_count(2)
    for text in totals.all_inner_texts():
        assert re.fullmatch(r"\d+ troph(y|ies)", text), text
    last = page.locator("#log > li").first
    expect(last).to_contain_text(re.compile(r"^v\d+\s*The game ended: .+ won \(Bot \d \d+ troph(y|ies), Bot \d \d+ troph(y|ies)\); its seed is now public\."))
    assert not re.search(r"[0-9a-f]{16}", page.locator("#log").inner_text())
    # at the board's foot, where a player's eyes are when the game ends: who won, not only "The game is over."
    expect(page.locator("#moves")).to_have_text(re.compile(r"^Game over\. Winners?: Bot \d"))
    assert page.errors == []


def test_the_board_names_a_seats_fate_cards_horses_and_employees_by_its_player_not_its_colour(new_page, seeded):
    """The table review's second look read "Red's fate cards" and "Blue's fate cards" beside "Bot 2"
    and "Bot 3" everywhere else on the page (finding 4 took the colours out of the status line); level 2
    shows each seat's fate cards."""
    seeded(11)
    page = new_page(*DESKTOP)
    bots_only_table(page, level=2)
    expect(page.locator("#scores .ranking .total")).to_have_count(2)  # the game is over
    # the finished board folds the market and fate cards away: their words are read folded (a
    # press on the summary may land while a live update redraws the board)
    expect(page.locator(".fr-fate-row .fr-chip")).to_have_count(2)
    colours = [c["name"] for c in page.request.get(f"/api/games/{GAME}/components").json()["seat_colours"]]
    chips = [t.strip() for t in page.locator("#board .fr-chip").all_text_contents()]
    labels = [t for t in chips if re.search(r"fate cards|horses|^with ", t)]
    assert any(t.endswith("fate cards") for t in labels), chips
    for text in labels:
        assert re.fullmatch(r"(Bot [12]'s (fate cards|horses( not yet placed)?:)|with Bot [12])", text), text
        assert not any(colour in text for colour in colours), text
    assert page.errors == []


def test_the_status_line_says_what_to_do_at_a_tournaments_entries(new_page, seeded):
    """The table review's second look read "Your turn — Level 2 · Round 3 of 5 · Tournament entries ·
    Tournament 5." (what is the viewer to do?), where a turn says "your limited action is still free"."""
    seeded(5)
    page = new_page(*DESKTOP)
    table, tokens = open_table(page, 2, 1)
    visit(page, table, tokens)
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    for _ in range(60):  # Ann's moves through the API (ending her turns), until she is to enter a tournament
        expect(page.locator("#turn")).to_contain_text("Your turn")  # the page has seen the bot's reply
        view = page.request.get(f"/api/tables/{table}/view", headers=auth).json()["view"]
        if view["phase"] == "tournament_entries":
            break
        legal = page.request.get(f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json()
        move = next((m for m in legal["moves"] if m["type"] == "end_turn"), legal["moves"][0])
        v = version(page)
        r = page.request.post(f"/api/tables/{table}/seats/0/moves", headers=auth,
                              data={"move": move, "expected_version": legal["version"]})
        assert r.ok, r.text()
        sent(page, v)
    assert view["phase"] == "tournament_entries"
    expect(page.locator("#turn")).to_have_text(re.compile(
        r"^Your turn — Level 1 · Round \d of 5 · Tournament entries · (Tournament|Final) \d: enter it, or stay out\.$"))
    assert page.errors == []
