"""The Homesteaders board on the real table page, in Chromium: whole games against bots by clicking.

The tests open and seat the table through the API (opening, seating and starting are not moves)
and put the seat token where the page keeps it; from then on every move is made by clicking the
board's own controls on the table page: the test picks among what the page offers and never calls
the move API. A spectator's and the other seat's pages, and every answer they receive, are searched
for the viewer's screened holdings.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

#: Where the README screenshots go, only when asked: ``TABLETOP_SCREENSHOTS=docs/screenshots pytest ...``.
SHOTS = Path(os.environ["TABLETOP_SCREENSHOTS"]) if os.environ.get("TABLETOP_SCREENSHOTS") else None
BOARD = "#board .hs"


def open_table(page: Page, humans: int, bots: int, options: dict | None = None) -> tuple[str, list[str]]:
    """A started table with ``humans`` seats (tokens returned) then ``bots`` bot seats."""
    r = page.request.post("/api/tables", data={"game": "homesteaders", "seats": humans + bots, "options": options or {}})
    assert r.ok, r.text()
    table = r.json()["table_id"]
    tokens = []
    for seat in range(humans + bots):
        body = {"name": ["Ann", "Bob", "Cat", "Dan"][seat], "seat": seat, "bot": seat >= humans}
        r = page.request.post(f"/api/tables/{table}/seats", data=body)
        assert r.ok, r.text()
        if seat < humans:
            tokens.append(r.json()["token"])
    r = page.request.post(f"/api/tables/{table}/start", data={}, headers={"Authorization": f"Bearer {tokens[0]}"})
    assert r.ok, r.text()
    return table, tokens


def host(page: Page, table: str, seat: int | None, token: str | None, at: int | None = None) -> None:
    """Open the table page as ``seat`` (its token stored as the page keeps it) or as a spectator."""
    page.goto("/")
    if token is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"tabletop.seat.{table}.{seat}", json.dumps({"token": token, "name": "me", "at": 0})])
    page.goto(f"/#/tables/{table}{f'?at={at}' if at else ''}")
    expect(page.locator(BOARD)).to_be_visible()
    # Every redraw of the board is noted, so that a click waits until the page is quiet.
    page.evaluate("""() => { window.hsDrawn = performance.now();
        new MutationObserver(() => { window.hsDrawn = performance.now(); })
          .observe(document.querySelector('#board'), {childList: true}); }""")


def secret_of_seat_0(value) -> bool:
    """Does a JSON answer hold seat 0's screened holdings (or its score breakdown)?"""
    if isinstance(value, dict):
        if value.get("seat") == 0 and "colour" in value and ({"holdings", "score", "next_income"} & set(value)):
            return True
        return any(secret_of_seat_0(v) for v in value.values())
    if isinstance(value, list):
        return any(secret_of_seat_0(v) for v in value)
    return False


SIGNATURE = f"""() => {{ const b = document.querySelector('{BOARD}');
    return b ? `${{b.dataset.version}}/${{b.dataset.picks}}` : ''; }}"""
SETTLED = f"""(before) => {{ const b = document.querySelector('{BOARD}');
    if (!b || document.querySelector('main.busy')) return false;
    return `${{b.dataset.version}}/${{b.dataset.picks}}` !== before
      && (b.dataset.movesVersion === '' || b.dataset.movesVersion === b.dataset.version); }}"""


#: Nothing redrawn for 150 ms and, unless the game is over, the viewer's decision is shown (bots of a
#: 4-player table may answer in their own saves, a moment after the move that woke them).
QUIET = f"""() => performance.now() - window.hsDrawn > 150 && (document.querySelector('{BOARD}')?.dataset.phase === 'over'
    || document.querySelector('{BOARD}') && document.querySelector('#board').closest('main').querySelector('.hs-decision h3')
       ?.textContent.startsWith('Your turn'))"""


def click(page: Page, locator, key: str | None = None) -> None:
    """Click (or focus and press ``key``) a board control, then wait until the page shows its effect:
    a new version with its legal moves, or a new choice in the composer."""
    before = page.evaluate(SIGNATURE)
    try:
        if key:
            locator.focus()
            page.keyboard.press(key)
        else:
            locator.click()
    except Exception as error:
        board = page.locator(BOARD).evaluate("b => ({...b.dataset})")
        decision = page.locator(".hs-decision").all_inner_texts()
        raise AssertionError(f"could not click {locator}: board {board}, decision {decision}") from error
    try:
        page.wait_for_function(SETTLED, arg=before, timeout=15_000)
    except Exception as error:
        refusal = page.locator("#composer-refusal, #notice").all_inner_texts()
        raise AssertionError(f"nothing changed after the click; the page says {refusal}") from error
    page.wait_for_function(QUIET)


def phase(page: Page) -> str:
    return page.locator("#board .hs").get_attribute("data-phase") or ""


class Player:
    """Picks among the controls the page offers; remembers only what it already tried this round."""

    def __init__(self, page: Page, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.used = set()  # which kinds of control were exercised at least once
        self.shopping = 0  # resources bought for the building being chosen

    def decision_buttons(self):
        return self.page.locator(".hs-decision button:not([disabled])")

    def button(self, name: str):
        return self.page.locator(".hs-decision").get_by_role("button", name=name, exact=True)

    def free_action(self) -> bool:
        page = self.page
        if "debt" not in self.used and page.locator(".hs-debt").count():
            page.get_by_role("button", name="Debts to take: more").click()
            expect(page.locator(".hs-debt .stepper-value")).to_have_text("2")
            click(page, page.locator(".hs-debt").get_by_role("button", name="Take debt", exact=True))
            self.used.add("debt")
            return True
        sells = page.locator(".hs-free .hs-trade button", has_text="Sell")
        if sells.count() and "sell" not in self.used:
            click(page, sells.nth(self.rng.randrange(sells.count())))
            self.used.add("sell")
            return True
        return False

    def step(self) -> None:
        page = self.page
        expect(page.locator(".hs-decision h3")).to_contain_text("Your turn")
        ph = phase(page)
        if self.free_action():
            return
        if ph == "allocation":  # every idle worker to a slot (what buildings cost, or silver, first), then confirm
            slots = page.locator(".hs-home.mine .hs-wslot.legal")
            idle = page.locator(".hs-home.mine .hs-idle .hs-worker-btn").count()
            if idle and slots.count():
                paying = [i for i in range(slots.count()) if re.search(r"wood|steel|silver|gold", slots.nth(i).inner_text())]
                pick = self.rng.choice(paying) if paying else self.rng.randrange(slots.count())
                click(page, slots.nth(pick).locator(".hs-slot-btn"))
                self.used.add("place")
                return
            click(page, self.button("Confirm workers"))
        elif ph == "bidding":
            rungs = page.locator(".hs-rung.legal")
            mine = page.locator(".hs-home.mine")
            workers = mine.locator(".hs-blds .hs-dot text").count() + mine.locator(".hs-idle .hs-dot").count()
            # what it can pay and still meet two rounds of wages without debt
            budget = int(mine.locator(".hs-h-silver dd").inner_text()) + 5 * int(mine.locator(".hs-h-gold dd").inner_text()) - 2 * workers
            cheap = [i for i in range(rungs.count()) if int(rungs.nth(i).get_attribute("data-value")) <= budget]
            if "stepper-bid" not in self.used and page.locator(".hs-tile.legal").count():
                click(page, page.locator(".hs-tile.legal").first)
                click(page, self.page.locator(".hs-decision .stepper").get_by_role("button", name="Bid", exact=True))
                self.used.add("stepper-bid")
            elif cheap and self.rng.random() < 0.8:
                rung = rungs.nth(self.rng.choice(cheap))
                if "keyboard" not in self.used:  # a ladder value is a focusable button: Enter bids
                    click(page, rung, key="Enter")
                    self.used.add("keyboard")
                else:
                    click(page, rung)
                self.used.add("rung")
            else:
                click(page, self.button("Pass"))
        elif ph in ("build_choice", "extra_build"):
            cards = page.locator(".hs-market button.card-tile.legal")
            pay = page.locator(".hs-decision button", has_text=re.compile("^Pay "))
            if pay.count():
                click(page, pay.first)
            elif cards.count():
                self.shopping = 0  # the building worth most points
                points = [int(m.group(1)) if (m := re.search(r"(-?\d+) pts", cards.nth(i).inner_text())) else 0
                          for i in range(cards.count())]
                click(page, cards.nth(max(range(len(points)), key=lambda i: (points[i], self.rng.random()))))
                self.used.add("build")
            elif self.shopping < 2 and (buy := page.locator(".hs-free .hs-trade button", has_text=re.compile("^Buy$"))).count():
                self.shopping += 1  # no building fits: buy a resource (steel, wood, ...) and look again
                click(page, buy.nth(self.rng.randrange(buy.count())))
                self.used.add("buy")
            else:
                self.shopping = 0
                click(page, self.button("Build nothing"))
        elif ph == "rail_reward":
            buttons = self.decision_buttons()
            click(page, buttons.nth(self.rng.randrange(buttons.count())))
            self.used.add("rail")
        elif ph == "final_actions":
            payoff = page.locator(".hs-decision button", has_text="Pay off 1 debt")
            click(page, payoff.first if payoff.count() else self.button("Confirm final actions"))
        elif ph in ("wages", "auction_payment"):  # silver first, then gold, debt only when short
            for text in ("Pay in silver", "Pay with 1 gold (+ silver)", "Pay"):
                pay = page.locator(".hs-decision button", has_text=text)
                if pay.count():
                    click(page, pay.first)
                    return
        else:
            primary = page.locator(".hs-decision button.primary")
            click(page, primary.first if primary.count() else self.decision_buttons().first)


def play_to_the_end(page: Page, seed: int, limit: int = 600, shot: Path | None = None) -> Player:
    """Click until the game is over; ``shot``: a screenshot of the first bidding turn from round 6 on."""
    player = Player(page, seed)
    for _ in range(limit):
        if phase(page) == "over":
            return player
        if shot and phase(page) == "bidding" and int(page.locator(BOARD).get_attribute("data-round")) >= 6:
            page.set_viewport_size({"width": 1280, "height": 1500})
            page.mouse.move(1, 1)  # no hover left over from the last click
            page.locator("#board").scroll_into_view_if_needed()
            page.evaluate("window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + window.scrollY - 60)")
            page.screenshot(path=str(shot))
            page.set_viewport_size({"width": 390, "height": 844})  # the same moment on a phone
            page.evaluate("window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + window.scrollY - 8)")
            page.screenshot(path=str(shot.with_name("homesteaders-phone.png")))
            page.set_viewport_size({"width": 1280, "height": 1000})
            shot = None
        expect(page.locator(".hs-decision")).to_be_visible()
        player.step()
    raise AssertionError(f"no end after {limit} clicks (phase {phase(page)})")


FREE = {"hire_worker", "buy_resource", "sell_resource", "convert_at_market", "exchange_at_bank", "take_debt"}
SEEDED = {"bidding": "pass_bidding", "build_choice": "decline_build", "extra_build": "decline_build"}


def seeded_play(page: Page, table: str, token: str, until_round: int) -> None:
    """Play seat 0 through the API with a plain policy (pass, decline, pay) up to ``until_round``:
    the mid-game start of the 4-player test, so that its clicking part stays short."""
    auth = {"Authorization": f"Bearer {token}"}
    while True:
        view = page.request.get(f"/api/tables/{table}/view", headers=auth).json()["view"]
        if view["round"] >= until_round:
            return
        legal = page.request.get(f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json()
        moves = [m for m in legal["moves"] if m["type"] not in FREE]
        wanted = SEEDED.get(view["phase"])
        move = next((m for m in moves if m["type"] == wanted), None) or next(
            (m for m in moves if m["type"] not in ("assign_worker", "unassign_worker")), None)
        assert move is not None, view["phase"]
        r = page.request.post(f"/api/tables/{table}/seats/0/moves", headers=auth,
                              data={"move": move, "expected_version": legal["version"]})
        assert r.ok, r.text()


@pytest.mark.parametrize("bots", [1, 3], ids=["2-players-whole-game", "4-players-from-round-8"])
def test_a_game_against_bots_is_played_by_clicking_the_board_to_the_final_scoring(new_page, bots):
    """2 players: the whole game by clicking. 4 players (the maximum): rounds 1-7 are seeded play
    through the API (see ``seeded_play``), rounds 8-10 and the final round by clicking."""
    page = new_page(1280, 1000)
    table, tokens = open_table(page, 1, bots)
    if bots == 3:
        seeded_play(page, table, tokens[0], until_round=8)
    host(page, table, 0, tokens[0])
    expect(page.locator("#turn")).to_contain_text(
        "Round 1 · Settlement era · worker placement" if bots == 1 else "Round 8 · Town era")
    shot = SHOTS / "homesteaders-desktop.png" if SHOTS and bots == 1 else None
    player = play_to_the_end(page, seed=bots, shot=shot)
    assert {"rung", "stepper-bid", "debt"} <= player.used
    if bots == 1:
        assert {"place", "keyboard"} <= player.used
    final = page.locator(".hs-scores.final")
    expect(final).to_contain_text("Final scoring, step by step")
    expect(final).to_contain_text("Silver (tie-break)")
    expect(page.locator(".hs-winner")).to_contain_text("Winner")
    page.get_by_role("button", name="Run the audit").click()
    expect(page.locator("#audit")).to_contain_text("All checks pass")
    if shot:
        page.evaluate("window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + window.scrollY - 60)")
        page.screenshot(path=str(SHOTS / "homesteaders-final.png"))
    assert page.errors == []


UNNAMED = """() => [...document.querySelectorAll('#board button, #board input, #board [role=button]')]
    .filter(el => !el.getAttribute('aria-label') && !el.textContent.trim()).map(el => el.outerHTML)"""


def test_every_control_of_the_board_has_a_name_and_the_status_says_the_phase_in_words(new_page):
    page = new_page(1280, 1000)
    table, tokens = open_table(page, 1, 1)
    host(page, table, 0, tokens[0])
    player = Player(page, seed=11)
    seen = set()
    while len(seen) < 3 and page.locator(BOARD).get_attribute("data-round") == "1":
        seen.add(phase(page))
        assert page.evaluate(UNNAMED) == []
        if phase(page) == "bidding":
            expect(page.locator("#turn")).to_contain_text(re.compile(r"Round 1 · Settlement era · bidding"))
        player.step()
    assert {"allocation", "bidding"} <= seen


def test_the_other_seat_and_a_spectator_never_receive_the_viewers_screened_holdings(new_page):
    ann = new_page(1280, 1000)
    table, tokens = open_table(ann, 2, 0)
    bob = new_page(390, 900)
    watcher = new_page(1280, 900)
    bodies: list[str] = []
    for page in (bob, watcher):
        page.on("response", lambda r: bodies.append(r.text()) if "/api/" in r.url and r.ok
                and "json" in (r.headers.get("content-type") or "") else None)
    host(ann, table, 0, tokens[0])
    host(bob, table, 1, tokens[1])
    host(watcher, table, None, None)
    # Ann takes two debts (a private transaction): silver 10, debt 2 behind her screen.
    ann.get_by_role("button", name="Debts to take: more").click()
    click(ann, ann.locator(".hs-debt").get_by_role("button", name="Take debt", exact=True))
    expect(ann.locator(".hs-home.mine .hs-h-debt dd")).to_have_text("2")
    # Ann puts her worker on her Homestead without confirming: her page shows it, no other page does (HS-H05).
    click(ann, ann.locator(".hs-home.mine .hs-slot-btn").first)
    expect(ann.locator('.hs-home.mine .hs-bld .hs-dot text')).to_have_count(1)
    version = ann.locator(BOARD).get_attribute("data-version")
    for page in (bob, watcher):  # the live update reaches them
        expect(page.locator(BOARD)).to_have_attribute("data-version", version)
        home = page.locator('.hs-home[data-seat="0"]')
        expect(home).to_contain_text("behind the screen")
        expect(home.locator(".hs-holdings")).to_have_count(0)
        assert page.locator(".hs-free").count() == (1 if page is bob else 0)
        expect(home.locator(".hs-bld .hs-dot text")).to_have_count(0)  # her unconfirmed placement stays hers
    seen = [json.loads(b) for b in bodies if b.startswith(("{", "["))]
    assert seen and not any(secret_of_seat_0(b) for b in seen)
    for text in (bob.locator("main").text_content(), watcher.locator("main").text_content()):
        assert not re.search(r"took \d+ debt", text)
    # Bob's own page does show Bob's holdings, and the spectator's board offers no control at all.
    expect(bob.locator(".hs-home.mine .hs-holdings")).to_be_visible()
    assert watcher.locator("#board button, #board [role=button]").count() == 0


def test_replay_and_a_shared_address_of_a_past_version_draw_that_versions_board(new_page):
    page = new_page(1280, 1000)
    table, tokens = open_table(page, 1, 1)
    host(page, table, 0, tokens[0])
    player = Player(page, seed=7)
    while phase(page) != "bidding":
        player.step()
    bidding_version = int(page.locator(BOARD).get_attribute("data-version"))
    while phase(page) == "bidding" or page.locator(BOARD).get_attribute("data-round") == "1":
        player.step()
    assert page.locator(BOARD).get_attribute("data-round") != "1"
    views = []
    for viewer in (page, new_page(1280, 1000)):  # the same viewer, then the same address in another browser
        host(viewer, table, 0, tokens[0], at=bidding_version)
        board = viewer.locator(BOARD)
        expect(board).to_have_attribute("data-version", str(bidding_version))
        expect(board).to_have_attribute("data-round", "1")
        expect(board).to_have_attribute("data-phase", "bidding")
        expect(viewer.locator(".hs-decision")).to_contain_text("Replaying a past version")
        assert viewer.locator(".hs-rung.legal, .hs-tile.legal, .hs-free").count() == 0
        views.append(viewer.locator(".hs-auction-panel").inner_text() + viewer.locator(".hs-home").first.inner_text())
    assert views[0] == views[1]


def api_play(page: Page, table: str, tokens: list[str], until) -> dict:
    """Play every seat to act through the API with a plain policy (confirm, pass, decline, pay) until
    ``until(view)`` holds; the view (seen by seat 0) is returned. The other seat's moves of the tests below."""
    for _ in range(200):
        view = page.request.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[0]}"}).json()["view"]
        if until(view):
            return view
        seat = view["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = page.request.get(f"/api/tables/{table}/seats/{seat}/legal-moves", headers=auth).json()
        moves = [m for m in legal["moves"] if m["type"] not in FREE]
        wanted = SEEDED.get(view["phase"], "confirm_workers")
        move = next((m for m in moves if m["type"] == wanted), None) or next(
            (m for m in moves if m["type"] not in ("assign_worker", "unassign_worker")), None)
        r = page.request.post(f"/api/tables/{table}/seats/{seat}/moves", headers=auth,
                              data={"move": move, "expected_version": legal["version"]})
        assert r.ok, r.text()
    raise AssertionError("the wanted moment never came")


def test_another_seats_bid_is_marked_on_the_board_for_a_moment(new_page):
    ann = new_page(1280, 1000)
    table, tokens = open_table(ann, 2, 0)
    api_play(ann, table, tokens, lambda v: v["phase"] == "bidding" and v["to_act"] == [1])
    host(ann, table, 0, tokens[0])
    watcher = new_page(1280, 1000)
    host(watcher, table, None, None)
    expect(ann.locator(".hs-changed")).to_have_count(0, timeout=8_000)  # what opening the page marked has faded
    # Bob (seat 1) bids on whatever slot and value his legal moves allow.
    auth = {"Authorization": f"Bearer {tokens[1]}"}
    legal = ann.request.get(f"/api/tables/{table}/seats/1/legal-moves", headers=auth).json()
    bid = next(m for m in legal["moves"] if m["type"] == "place_bid")
    r = ann.request.post(f"/api/tables/{table}/seats/1/moves", headers=auth, data={"move": bid, "expected_version": legal["version"]})
    assert r.ok, r.text()
    rung = ann.locator(f'.hs-slot[data-slot="{bid["slot"]}"] .hs-rung[data-value="{bid["value"]}"]')
    expect(rung).to_have_class(re.compile(r"\bhs-changed\b"))  # on the board: the slot and value Bob bid
    expect(ann.locator('.hs-bidder[data-seat="1"]')).to_have_class(re.compile(r"\bhs-changed\b"))
    expect(ann.locator(".hs-recent")).to_contain_text("bid")  # and named in words
    assert ann.locator('.hs-home[data-seat="0"] .hs-changed').count() == 0  # nothing of Ann's changed
    assert ann.locator(".hs-rung.hs-changed").count() == 1
    expect(watcher.locator(f'.hs-slot[data-slot="{bid["slot"]}"] .hs-rung[data-value="{bid["value"]}"]')).to_have_class(
        re.compile(r"\bhs-changed\b"))  # a spectator sees it marked too
    expect(ann.locator(".hs-changed")).to_have_count(0, timeout=8_000)  # for a moment only
    assert ann.errors == [] and watcher.errors == []


def center(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_worker_dragged_onto_a_building_slot_is_placed_there_and_not_marked_as_news(new_page):
    page = new_page(1280, 1000)
    table, tokens = open_table(page, 1, 1)
    host(page, table, 0, tokens[0])
    home = page.locator(".hs-home.mine")
    # The bot places its workers at the same time: wait until it has, so that nothing moves under the mouse.
    expect(page.locator('.hs-home[data-seat="1"] .hs-confirmed')).to_have_text("workers confirmed")
    page.wait_for_function(QUIET)
    home.evaluate("el => el.scrollIntoView({block: 'center'})")  # the mouse acts within the viewport
    worker = home.locator(".hs-idle .hs-worker-btn").first
    slot = home.locator(".hs-wslot.legal").last
    key = slot.get_attribute("data-drop")
    idle = home.locator(".hs-idle .hs-worker-btn").count()
    # A drag that ends off any slot does nothing (and is not a click on the worker either).
    x, y = center(worker)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 60, steps=5)
    page.mouse.up()
    assert page.locator(".hs-drop-ok, .hs-drag-ghost").count() == 0
    expect(worker).to_have_attribute("aria-pressed", "false")
    before = page.evaluate(SIGNATURE)
    page.mouse.move(x, y)
    page.mouse.down()
    tx, ty = center(slot)
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=5)
    expect(page.locator(f'.hs-home.mine .hs-wslot.hs-drop-ok[data-drop="{key}"]')).to_have_count(1)  # where it may go
    tx, ty = center(slot)
    page.mouse.move(tx, ty, steps=5)
    page.mouse.up()
    page.wait_for_function(SETTLED, arg=before)
    expect(home.locator(f'.hs-wslot[data-drop="{key}"] .hs-dot text')).to_have_count(1)
    expect(home.locator(".hs-idle .hs-worker-btn")).to_have_count(idle - 1)
    assert page.locator(".hs-drag-ghost").count() == 0
    page.wait_for_timeout(300)
    assert home.locator(".hs-changed").count() == 0  # the viewer's own move is not flashed back at them
    assert page.errors == []


def test_a_worker_dragged_with_a_finger_on_a_phone_is_placed_too(browser, server):
    """Touch input (Chromium's own touch events through CDP, turned into pointer events by the page's
    browser): the worker does not scroll the page away, and the drop places it."""
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        table, tokens = open_table(page, 1, 1)
        host(page, table, 0, tokens[0])
        expect(page.locator('.hs-home[data-seat="1"] .hs-confirmed')).to_have_text("workers confirmed")
        page.wait_for_function(QUIET)
        home = page.locator(".hs-home.mine")
        home.evaluate("el => el.scrollIntoView({block: 'center'})")
        worker = home.locator(".hs-idle .hs-worker-btn").first
        slot = home.locator(".hs-wslot.legal").last
        key = slot.get_attribute("data-drop")
        (x, y), (tx, ty) = center(worker), center(slot)
        scrolled = page.evaluate("window.scrollY")
        before = page.evaluate(SIGNATURE)
        cdp = context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + (tx - x) * i / 10, "y": y + (ty - y) * i / 10}]})
        assert page.locator(f'.hs-wslot.hs-drop-ok[data-drop="{key}"]').count() == 1
        assert page.evaluate("window.scrollY") == scrolled  # the finger drags the worker, not the page
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function(SETTLED, arg=before)
        expect(home.locator(f'.hs-wslot[data-drop="{key}"] .hs-dot text')).to_have_count(1)
        assert errors == []
    finally:
        context.close()
