"""The Homesteaders board on the real table page, in Chromium: whole games by clicking the board.

The tests open and seat a seeded table through the API (opening, seating and starting are not moves)
and put each seat's token where the page keeps it; from then on every move is made on the table page:
a click on the board chooses (the move is staged in the shell's composer) and Confirm sends it. The
clicking policy (``Player``) picks among what the page offers at that moment, never from what it
expects the deal to be. A spectator's and the other seat's pages, and every answer they receive, are
searched for the viewer's screened holdings.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import domain.application

#: Where the README screenshots go, only when asked: ``TABLETOP_SCREENSHOTS=docs/screenshots pytest ...``.
SHOTS = Path(os.environ["TABLETOP_SCREENSHOTS"]) if os.environ.get("TABLETOP_SCREENSHOTS") else None
BOARD = "#board .hs"
NAMES = ["Ann", "Bob", "Cat", "Dan"]
SHAPES = "#board svg :is(rect, circle, ellipse, line, polyline, polygon, path)"


@pytest.fixture
def seeded(monkeypatch):
    """Tables opened while this is in use get the given seed (the server runs in this process), so
    the deal, the face-down stacks and the bots' choices are the same on every run."""

    def use(seed: int) -> None:
        monkeypatch.setattr(domain.application, "new_seed", lambda: f"{seed:064x}")

    return use


def open_table(page: Page, humans: int, bots: int, options: dict | None = None) -> tuple[str, list[str]]:
    """A started table with ``humans`` seats (tokens returned) then ``bots`` bot seats."""
    r = page.request.post("/api/tables", data={"game": "homesteaders", "seats": humans + bots, "options": options or {}})
    assert r.ok, r.text()
    table = r.json()["table_id"]
    tokens = []
    for seat in range(humans + bots):
        r = page.request.post(f"/api/tables/{table}/seats", data={"name": NAMES[seat], "seat": seat, "bot": seat >= humans})
        assert r.ok, r.text()
        if seat < humans:
            tokens.append(r.json()["token"])
    r = page.request.post(f"/api/tables/{table}/start", data={}, headers={"Authorization": f"Bearer {tokens[0]}"})
    assert r.ok, r.text()
    return table, tokens


def host(page: Page, table: str, seat: int | None, token: str | None, at: int | None = None) -> None:
    """Open the table page as ``seat`` (its token stored as the page keeps it, before the page's own
    scripts run: no lobby to load first) or as a spectator."""
    if token is not None:
        key, value = f"tabletop.seat.{table}.{seat}", json.dumps({"token": token, "name": NAMES[seat], "at": 0})
        page.context.add_init_script(f"try {{ localStorage.setItem({json.dumps(key)}, {json.dumps(value)}); }} catch (e) {{}}")
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
    return b ? `${{b.dataset.version}}/${{b.dataset.picks}}/${{b.dataset.choice}}` : ''; }}"""
SETTLED = f"""(before) => {{ const b = document.querySelector('{BOARD}');
    if (!b || document.querySelector('main.busy')) return false;
    return `${{b.dataset.version}}/${{b.dataset.picks}}/${{b.dataset.choice}}` !== before
      && (b.dataset.movesVersion === '' || b.dataset.movesVersion === b.dataset.version); }}"""
#: Nothing redrawn for 60 ms, and the legal moves are those of the version drawn.
QUIET = f"""() => {{ const b = document.querySelector('{BOARD}');
    return performance.now() - window.hsDrawn > 60 && b && !document.querySelector('main.busy')
      && (b.dataset.movesVersion === '' || b.dataset.movesVersion === b.dataset.version); }}"""
#: The viewer has a decision on a page quiet for ``arg`` ms (150 at a table with bots: they answer in
#: their own saves, a moment after the move that woke them), or the game is over.
MY_TURN = f"""(quiet) => {{ const b = document.querySelector('{BOARD}');
    if (b?.dataset.phase === 'over') return true;
    return performance.now() - window.hsDrawn > quiet && !document.querySelector('main.busy')
      && b && b.dataset.movesVersion === b.dataset.version
      && (document.querySelector('.hs-decision h3')?.textContent || '').startsWith('Your turn'); }}"""


def click(page: Page, locator, key: str | None = None, quiet: bool = True) -> None:
    """Click (or focus and press ``key``) a control, then wait until the page shows its effect: a new
    version with its legal moves, or a new choice in the composer; with ``quiet``, also until the board
    has not been redrawn for 60 ms (before another click on the board: a redraw replaces its targets)."""
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
    if quiet:
        page.wait_for_function(QUIET)


def confirm(page: Page, quiet: bool = True, enabled: bool = False) -> None:
    """Send the staged move with the shell's Confirm (``enabled``: already seen enabled): the board
    itself never sends one."""
    button = page.locator("#confirm")
    if not enabled:
        expect(button).to_be_enabled()
    click(page, button, quiet=quiet)


def choose(page: Page, locator, key: str | None = None) -> None:
    """A click on the board (it chooses), then Confirm when that click made the move whole. Confirm is
    the shell's button, outside the board: no need to wait for the board to be quiet before it. After
    Confirm, the caller waits for the next turn (``MY_TURN`` holds the same quiet) or for ``QUIET``."""
    click(page, locator, key, quiet=False)
    if page.locator("#confirm").is_enabled():
        confirm(page, quiet=False, enabled=True)
    else:
        page.wait_for_function(QUIET)


def phase(page: Page) -> str:
    return page.locator(BOARD).get_attribute("data-phase") or ""


class Player:
    """Clicks one seat's page through a game, choosing only among the controls the page offers now.

    It never assumes what the deal holds: each phase's preferences (a worker on a paying spot, a bid
    it can afford, the building worth most points) are picked from the highlighted targets and the
    decision's buttons, with whatever else is offered as the fallback. ``used`` records which kinds
    of control were exercised.
    """

    def __init__(self, page: Page, seed: int) -> None:
        self.page = page
        self.rng = random.Random(seed)
        self.used: set[str] = set()
        self.shopping = 0  # resources bought for the building being chosen
        self.phases: set[str] = set()  # the phases it made a choice in

    def offered(self, selector: str):
        return self.page.locator(f"{selector}:not([disabled])")

    def free_action(self) -> bool:
        """Once per game: take two debts with the stepper, and sell something, from the trade panel."""
        page = self.page
        if "debt" in self.used and "sell" in self.used:
            return False
        panel = page.locator(".hs-home.mine .hs-free")
        if not panel.count():
            return False
        if not panel.evaluate("d => d.open"):
            panel.locator("summary").click()
        if "debt" not in self.used and panel.locator(".hs-debt").count():
            panel.get_by_role("button", name="Debts to take: more").click()
            expect(panel.locator(".hs-debt .stepper-value")).to_have_text("2")
            choose(page, panel.locator(".hs-debt").get_by_role("button", name="Take debt", exact=True))
            self.used.add("debt")
            return True
        sells = panel.locator(".hs-trade button", has_text="Sell")
        if "sell" not in self.used and sells.count():
            choose(page, sells.nth(self.rng.randrange(sells.count())))
            self.used.add("sell")
            return True
        return False

    def budget(self) -> int | None:
        """What it can pay and still meet two rounds of wages (None: holdings not shown), in one read."""
        silver, gold, facts = self.page.locator(".hs-home.mine").evaluate("""m => [m.querySelector('.hs-h-silver dd')?.textContent,
            m.querySelector('.hs-h-gold dd')?.textContent, m.querySelector('.hs-facts').textContent]""")
        if silver is None:
            return None
        return int(silver) + 5 * int(gold) - 2 * int(re.match(r"(\d+) worker", facts).group(1))

    def step(self) -> None:
        """One choice (and its Confirm), on a page where ``MY_TURN`` holds."""
        page = self.page
        if self.free_action():
            return
        ph = phase(page)
        self.phases.add(ph)
        decision = self.offered(".hs-decision button")
        if ph == "allocation":  # every idle worker to a spot (one that pays for buildings first), then done
            spots = page.locator(".hs-home.mine .hs-wslot.legal")
            idle = page.locator(".hs-home.mine .hs-idle .hs-worker-btn").count()
            if idle and spots.count():
                texts = spots.evaluate_all("els => els.map(e => e.textContent)")  # one read, not one per spot
                paying = [i for i, text in enumerate(texts) if re.search(r"wood|steel|silver|gold", text)]
                choose(page, spots.nth(self.rng.choice(paying) if paying else self.rng.randrange(len(texts))))
                self.used.add("place")
                return
            choose(page, decision.filter(has_text="Done placing workers"))
        elif ph == "bidding":
            rungs = page.locator(".hs-rung.legal")
            values = rungs.evaluate_all("els => els.map(e => Number(e.dataset.value))")
            budget = self.budget()
            cheap = [i for i, v in enumerate(values) if budget is None or v <= budget]
            passing = decision.filter(has_text=re.compile(r"^Pass$"))
            if "stepper-bid" not in self.used and page.locator(".hs-tile.legal").count() and cheap:
                click(page, page.locator(".hs-tile.legal").first)  # a tile chooses the slot, the stepper the value
                choose(page, page.locator(".hs-decision .stepper").get_by_role("button", name="Bid", exact=True))
                self.used.add("stepper-bid")
            elif cheap and (self.rng.random() < 0.8 or not passing.count()):
                rung = rungs.nth(self.rng.choice(cheap))
                if "keyboard" not in self.used:  # a ladder value is a focusable target: Enter chooses it
                    choose(page, rung, key="Enter")
                    self.used.add("keyboard")
                else:
                    choose(page, rung)
                self.used.add("rung")
            else:
                choose(page, passing if passing.count() else rungs.first)
        elif ph in ("build_choice", "extra_build"):
            cards = page.locator(".hs-market .hs-mcard.legal")
            pay = decision.filter(has_text=re.compile("^Pay "))
            if pay.count():
                choose(page, pay.first)
            elif cards.count():
                self.shopping = 0  # the building worth most points
                points = [int(m.group(1)) if (m := re.search(r"(\d+) VP", text)) else 0
                          for text in cards.evaluate_all("els => els.map(e => e.textContent)")]
                choose(page, cards.nth(max(range(len(points)), key=lambda i: (points[i], self.rng.random()))))
                self.used.add("build")
            elif self.shopping < 2 and (buy := page.locator(".hs-home.mine .hs-free .hs-trade button", has_text=re.compile("^Buy$"))).count():
                self.shopping += 1  # nothing fits: buy a resource and look again
                panel = page.locator(".hs-home.mine .hs-free")
                if not panel.evaluate("d => d.open"):
                    panel.locator("summary").click()
                choose(page, buy.nth(self.rng.randrange(buy.count())))
                self.used.add("buy")
            else:
                self.shopping = 0
                choose(page, decision.filter(has_text="Build nothing"))
        elif ph == "rail_reward":
            spaces = page.locator(".hs-rail.legal")
            if "rail-track" not in self.used and spaces.count():
                choose(page, spaces.nth(self.rng.randrange(spaces.count())))  # on the drawn track
                self.used.add("rail-track")
            else:
                choose(page, decision.nth(self.rng.randrange(decision.count())))
            if phase(page) == "rail_reward" and not page.locator("#confirm").is_enabled():  # "1 resource": which one
                page.wait_for_function(QUIET)
                choose(page, self.offered(".hs-decision button").first)
            self.used.add("rail")
        elif ph == "final_actions":
            payoff = decision.filter(has_text="Pay off 1 debt")
            choose(page, payoff.first if payoff.count() else decision.filter(has_text="Done: final actions"))
        elif ph in ("wages", "auction_payment"):  # silver first, then gold, debt only when short
            for text in ("Pay in silver", "Pay with 1 gold (+ silver)", "Pay"):
                pay = decision.filter(has_text=text)
                if pay.count():
                    choose(page, pay.first)
                    return
            raise AssertionError(f"no way to pay offered: {decision.all_inner_texts()}")
        else:
            primary = page.locator(".hs-decision button.primary")
            choose(page, primary.first if primary.count() else decision.first)


UNNAMED = """() => [...document.querySelectorAll('#board button, #board input, #board [role=button], #board summary')]
    .filter(el => !el.getAttribute('aria-label') && !el.textContent.trim()).map(el => el.outerHTML)"""
#: Ids, snake_case keys and instance names where a person reads (the visible text of the board).
MACHINE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+#\d+\b|\bw\d+-\d+\b")


def shoot(page: Page, name: str) -> None:
    """The README screenshots of this moment: the first screen at 1280x800 and at 390x844 (scrolled
    to the board), and the whole page at both widths to check the heights by eye."""
    page.mouse.move(1, 1)  # no hover left over from the last click
    for width, height, suffix in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(QUIET)
        page.evaluate("window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + window.scrollY - 8)")
        page.screenshot(path=str(SHOTS / f"{name}-{suffix}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(QUIET)


def play_to_the_end(players: dict[int, Player], table: str, limit: int = 900, shot_round: int | None = None, check=None) -> None:
    """Click until the game is over: the seat to act (the table says which) makes its next choice on
    its own page. ``shot_round``: the README screenshots at the first bidding turn from that round;
    ``check(page)``: called on the page about to choose, before each choice."""
    any_page = next(iter(players.values())).page
    bots = any(seat["bot"] for seat in any_page.request.get(f"/api/tables/{table}").json()["seats"])
    quiet = 150 if bots else 60
    for _ in range(limit):
        summary = any_page.request.get(f"/api/tables/{table}").json()
        if summary["status"] == "finished":
            for player in players.values():
                expect(player.page.locator(BOARD)).to_have_attribute("data-phase", "over")
            return
        seat = next((s for s in summary["to_act"] if s in players), None)
        if seat is None:  # bots are answering: wait for the next version
            any_page.wait_for_function(f"() => Number(document.querySelector('{BOARD}')?.dataset.version) > {summary['version']}")
            continue
        page = players[seat].page
        page.wait_for_function(MY_TURN, arg=quiet)
        if phase(page) == "over":
            continue
        if shot_round and SHOTS and phase(page) == "bidding" and int(page.locator(BOARD).get_attribute("data-round")) >= shot_round:
            shoot(page, "homesteaders")
            shot_round = None
        if check:
            check(page)
        players[seat].step()
    raise AssertionError(f"no end after {limit} choices")


def final_scoring_is_shown_and_audited(page: Page) -> None:
    final = page.locator(".hs-scores.final")
    expect(final).to_contain_text("Final scoring, step by step")
    expect(final).to_contain_text("Silver (tie-break)")
    expect(page.locator(".hs-winner")).to_contain_text("Winner")
    page.locator("#audit-card > summary").click()  # the fairness card is one line until opened
    page.get_by_role("button", name="Run the audit").click()
    expect(page.locator("#audit")).to_contain_text("All checks pass")


#: On a phone the board is one column: the decision above every other panel of it, and the page no
#: wider than the screen.
PHONE_FIRST = """() => { const top = (e) => e.getBoundingClientRect().top;
    const d = document.querySelector('.hs-decision');
    return Boolean(d) && [...document.querySelectorAll('#board .hs-panel')].every(p => p === d || top(p) > top(d))
      && document.scrollingElement.scrollWidth <= innerWidth; }"""


def test_two_people_play_a_whole_game_by_clicking_the_board(new_page, seeded):
    """Ann at 1280x800, Bob on a phone (390x844): every choice of both, from round 1 to the final
    scoring, is a click on their own page (and Confirm). Through round 1, before each choice: every
    control has a name, the board's text holds no id or machine word, and on Bob's phone his decision
    comes first."""
    seeded(2)
    ann, bob = new_page(1280, 800), new_page(390, 844)
    table, tokens = open_table(ann, 2, 0)
    host(ann, table, 0, tokens[0])
    host(bob, table, 1, tokens[1])
    expect(ann.locator("#turn")).to_contain_text("Round 1 · Settlement era · worker placement")
    expect(ann.locator(".hs-mcard[data-id='foundry']")).to_have_attribute("data-info", re.compile(r"^Foundry \(Industrial\) · free · "))
    phases = set()

    def words_and_names(page: Page) -> None:
        if page.locator(BOARD).get_attribute("data-round") != "1":
            return
        phases.add(phase(page))
        assert page.evaluate(UNNAMED) == []
        # The board's own words (the "Since your last move" lines are the server's log sentences).
        words = page.locator("#board").evaluate("b => { const c = b.cloneNode(true); c.querySelectorAll('.hs-recent').forEach(e => e.remove()); return c.textContent; }")
        assert not MACHINE.findall(words)
        if page is bob:  # on a phone: the decision first, nothing wider than the screen
            assert page.evaluate(PHONE_FIRST), page.locator(".hs-decision h3").inner_text()

    players = {0: Player(ann, seed=1), 1: Player(bob, seed=2)}
    play_to_the_end(players, table, check=words_and_names)
    assert {"allocation", "bidding"} <= phases
    assert {"place", "rung", "stepper-bid", "keyboard", "debt", "build"} <= players[0].used | players[1].used
    final_scoring_is_shown_and_audited(ann)
    totals = [page.locator(".hs-scores.final .hs-total td").all_inner_texts() for page in (ann, bob)]
    assert totals[0] == totals[1] and len(totals[0]) == 2  # both see the same final totals, in ranking order
    assert ann.errors == [] and bob.errors == []


FREE = {"hire_worker", "buy_resource", "sell_resource", "convert_at_market", "exchange_at_bank", "take_debt"}


def plain_move(view: dict, seat: int, moves: list[dict]) -> dict:
    """A plain policy for the API-played start of a test: every idle worker on the first free spot,
    the lowest bid in odd rounds (else pass), the first building that fits, the first way to pay."""
    moves = [m for m in moves if m["type"] not in FREE]
    placed = {p[0] for p in view["seats"][seat].get("placement") or []}
    order = [("assign_worker", lambda m: m["worker"] not in placed), ("confirm_workers", None),
             ("place_bid", (lambda m: True) if view["round"] % 2 else (lambda m: False)), ("pass_bidding", None),
             ("build_building", None), ("decline_build", None)]
    for kind, test in order:
        found = [m for m in moves if m["type"] == kind and (test is None or test(m))]
        if found:
            return min(found, key=lambda m: m.get("value", 0))
    return next(m for m in moves if m["type"] not in ("assign_worker", "unassign_worker"))


def api_play(page: Page, table: str, tokens: list[str], until) -> dict:
    """Play the human seats to act through the API (``plain_move``) until ``until(view)`` holds; the
    view (seen by seat 0) is returned. The quick start of the tests below: their subject comes later."""
    for _ in range(3000):
        view = page.request.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[0]}"}).json()["view"]
        if until(view):
            return view
        seat = next((s for s in view["to_act"] if s < len(tokens)), None)
        assert seat is not None, view["to_act"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        own = view if seat == 0 else page.request.get(f"/api/tables/{table}/view", headers=auth).json()["view"]
        legal = page.request.get(f"/api/tables/{table}/seats/{seat}/legal-moves", headers=auth).json()
        r = page.request.post(f"/api/tables/{table}/seats/{seat}/moves", headers=auth,
                              data={"move": plain_move(own, seat, legal["moves"]), "expected_version": legal["version"]})
        assert r.ok, r.text()
    raise AssertionError("the wanted moment never came")


CONTRAST = """() => [...document.querySelectorAll('#board text.hs-ink')].map(t => {
    const disc = t.previousElementSibling;
    return [getComputedStyle(t).fill, getComputedStyle(disc).fill]; })"""


def wcag(a: str, b: str) -> float:
    def lum(css: str) -> float:
        r, g, b2 = (int(x) / 255 for x in re.findall(r"[\d.]+", css)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b2)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def the_address_of_a_past_version_draws_that_versions_board(page: Page, other: Page, table: str, token: str, version: int) -> None:
    """Replay: the table page at ``?at=`` a past version (round 1's bidding) draws that version's board
    with nothing to play, the same in the viewer's browser and in another one given the address."""
    views = []
    for viewer in (page, other):
        host(viewer, table, 0, token, at=version)
        board = viewer.locator(BOARD)
        expect(board).to_have_attribute("data-version", str(version))
        expect(board).to_have_attribute("data-round", "1")
        expect(board).to_have_attribute("data-phase", "bidding")
        expect(viewer.locator(".hs-decision")).to_contain_text("Replaying a past version")
        assert viewer.locator(".hs-rung.legal, .hs-tile.legal, .hs-free").count() == 0
        views.append(viewer.locator(".hs-auction-panel").inner_text() + viewer.locator(".hs-home").first.inner_text())
    assert views[0] == views[1]


def a_board_on_one_screen_and_a_half(page: Page, when: str) -> None:
    """Issue 32's target for a running four-player table at 1280x800: at most 1,800 px tall, at least
    200 SVG shapes (the board's structure drawn: tracks, ladders, stacks, tiles and spots)."""
    assert page.viewport_size == {"width": 1280, "height": 800}
    height, shapes = page.evaluate(f"() => [document.documentElement.scrollHeight, document.querySelectorAll('{SHAPES}').length]")
    assert height <= 1800 and shapes >= 200, f"{when}: {height} px tall, {shapes} shapes"


def test_one_person_and_three_bots_play_the_last_round_and_the_final_scoring_by_clicking(new_page, seeded):
    """Four players (the maximum): rounds 1-9 through the API (see ``api_play``), then every choice of
    round 10 and the final round by clicking (the whole game by clicking is the two-person test's).
    On the way, the running table's page is measured: its drawn shapes and the contrast of every
    token's text on its seat colour (yellow included); and at the first bidding of round 1 and of
    round 10 (the market of three eras), the issue's target: at most 1,800 px tall at 1280x800 and at
    least 200 SVG shapes (``measure_homesteaders.py`` prints them for rounds 1, 6 and 10). The same
    table's round 1 bidding is then replayed from its address (the viewer's and another browser)."""
    seeded(4)
    page = new_page(1280, 800)
    table, tokens = open_table(page, 1, 3)
    bidding = lambda r: lambda v: v["round"] == r and v["phase"] == "bidding" and 0 in v["to_act"]  # noqa: E731
    api_play(page, table, tokens, bidding(1))
    host(page, table, 0, tokens[0])
    page.wait_for_function(MY_TURN, arg=150)
    a_board_on_one_screen_and_a_half(page, "round 1")
    bidding_version = int(page.locator(BOARD).get_attribute("data-version"))
    page.goto("about:blank")  # no page redrawn while rounds 1-9 are played through the API
    api_play(page, table, tokens, lambda v: v["round"] == 10)
    the_address_of_a_past_version_draws_that_versions_board(page, new_page(1280, 800), table, tokens[0], bidding_version)
    page.goto("about:blank")
    host(page, table, 0, tokens[0])
    expect(page.locator("#turn")).to_contain_text("Round 10 · City era")
    page.wait_for_function(MY_TURN, arg=150)
    legend = page.locator("#board-legend")  # the board's key, beside it
    for words in ("Residential", "copper", "Dan: bid marker", "the dummy bid", "a free worker spot"):
        expect(legend).to_contain_text(words)
    expect(page.locator('.hs-home[data-seat="3"] summary')).to_contain_text("behind the screen")  # Dan's holdings: screened
    inks = page.evaluate(CONTRAST)
    assert {fill for _, fill in inks} == {"rgb(255, 0, 0)", "rgb(0, 128, 0)", "rgb(0, 0, 255)", "rgb(255, 255, 0)"}  # every seat's railroad marker
    assert min(wcag(text, disc) for text, disc in inks) >= 4.5, inks
    # Your decision and your homestead are both on the first screen, side by side.
    for part in (".hs-decision", ".hs-home.mine .hs-tiles"):
        box = page.locator(part).bounding_box()
        assert box["y"] + min(box["height"], 200) <= 800, part
    measured = []

    def round_10_bidding(page: Page) -> None:
        if not measured and phase(page) == "bidding":
            a_board_on_one_screen_and_a_half(page, "round 10")
            measured.append(True)

    players = {0: Player(page, seed=4)}
    play_to_the_end(players, table, shot_round=10, check=round_10_bidding)
    assert measured
    assert {"allocation", "bidding", "final_actions"} <= players[0].phases and "debt" in players[0].used
    final_scoring_is_shown_and_audited(page)
    if SHOTS:  # the final scoring's first screen at both widths
        for width, height, suffix in ((1280, 800, ""), (390, 844, "-phone")):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(QUIET)
            page.evaluate("window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + window.scrollY - 8)")
            page.screenshot(path=str(SHOTS / f"homesteaders-final{suffix}.png"))
    assert page.errors == []


INK_CHECK = """
import {ink, contrast} from './homesteaders_ink.mjs';
const colours = JSON.parse(process.argv[2]);
process.stdout.write(JSON.stringify(colours.map((c) => [c, ink(c), contrast(c, ink(c))])));
"""


def test_token_ink_reads_on_every_seat_colour_at_wcag_aa(tmp_path):
    """homesteaders_ink.js under node: for the catalog's seat colours, the shell's palette and a sweep
    of greys and hues (the crossover near luminance 0.18 included), the chosen ink reaches 4.5:1."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    web = Path(__file__).resolve().parents[2] / "api" / "web"
    shutil.copy(web / "games" / "homesteaders_ink.js", tmp_path / "homesteaders_ink.mjs")
    (tmp_path / "check.mjs").write_text(INK_CHECK)
    from domain.games.homesteaders.catalog import catalog
    seat_colours = [entry["colour"] for entry in catalog()["seat_colours"]]
    palette = re.findall(r"#[0-9a-f]{6}", re.search(r"PALETTE = \[(.*?)\]", (web / "identity.js").read_text()).group(1))
    sweep = [f"#{v:02x}{v:02x}{v:02x}" for v in range(0, 256, 5)] + [f"#{r:02x}{g:02x}{b:02x}" for r in (0, 128, 255) for g in (0, 119, 128, 255) for b in (0, 255)]
    colours = seat_colours + palette + sweep
    out = subprocess.run([node, str(tmp_path / "check.mjs"), json.dumps(colours)], capture_output=True, text=True, check=True, cwd=tmp_path)
    results = json.loads(out.stdout)
    assert seat_colours == ["red", "green", "blue", "yellow"] and len(results) == len(colours)
    assert {c: i for c, i, _ in results[:4]} == {"red": "#000000", "green": "#ffffff", "blue": "#ffffff", "yellow": "#000000"}
    assert min(ratio for _, _, ratio in results) >= 4.5, [r for r in results if r[2] < 4.5]


def test_the_other_seat_and_a_spectator_never_receive_the_viewers_screened_holdings(new_page, seeded):
    seeded(5)
    ann = new_page(1280, 800)
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
    # Ann takes two debts (a private transaction) from the trade panel at her homestead, then Confirm.
    panel = ann.locator(".hs-home.mine .hs-free")
    panel.locator("summary").click()
    panel.get_by_role("button", name="Debts to take: more").click()
    click(ann, panel.get_by_role("button", name="Take debt", exact=True))
    expect(ann.locator("#confirm")).to_be_enabled()
    expect(ann.locator(".hs-home.mine .hs-h-debt dd")).to_have_text("0")  # a click alone sends nothing
    confirm(ann)
    expect(ann.locator(".hs-home.mine .hs-h-debt dd")).to_have_text("2")
    # Ann puts her worker on her Homestead without confirming: her page shows it, no other page does (HS-H05).
    choose(ann, ann.locator(".hs-home.mine .hs-wslot.legal").first)
    expect(ann.locator(".hs-home.mine .hs-wslot .hs-worker")).to_have_count(1)
    version = ann.locator(BOARD).get_attribute("data-version")
    for page in (bob, watcher):  # the live update reaches them
        expect(page.locator(BOARD)).to_have_attribute("data-version", version)
        home = page.locator('.hs-home[data-seat="0"]')
        home.locator("summary").first.click()  # open Ann's homestead on demand
        expect(home).to_contain_text("behind the screen")
        expect(home.locator(".hs-holdings")).to_have_count(0)
        assert page.locator(".hs-free").count() == (1 if page is bob else 0)
        expect(home.locator(".hs-tiles")).to_be_visible()
        expect(home.locator(".hs-worker")).to_have_count(0)  # her unconfirmed placement stays hers
    seen = [json.loads(b) for b in bodies if b.startswith(("{", "["))]
    assert seen and not any(secret_of_seat_0(b) for b in seen)
    for text in (bob.locator("main").text_content(), watcher.locator("main").text_content()):
        assert not re.search(r"took \d+ debt", text)
    # Bob's own page does show Bob's holdings, and the spectator's board offers no control at all.
    expect(bob.locator(".hs-home.mine .hs-holdings")).to_be_visible()
    assert watcher.locator("#board button, #board [role=button]").count() == 0


def test_with_open_holdings_each_homestead_shows_them_beside_it(new_page, seeded):
    """The table's option ``resource_visibility: open``: the other seat's holdings are in its summary
    line, without opening it, and in its open homestead as they are in the API's view."""
    seeded(6)
    bob = new_page(1280, 800)
    table, tokens = open_table(bob, 2, 0, {"resource_visibility": "open"})
    host(bob, table, 1, tokens[1])
    view = bob.request.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[1]}"}).json()["view"]
    silver = view["seats"][0]["holdings"]["silver"]
    ann = bob.locator('.hs-home[data-seat="0"]')
    expect(ann.locator("summary .hs-hold-line")).to_contain_text(f"{silver} silver")
    ann.locator("summary").click()
    expect(ann.locator(".hs-h-silver dd")).to_have_text(str(silver))
    assert bob.errors == []


def test_another_seats_bid_stays_marked_on_the_board_until_the_viewer_moves(new_page, seeded):
    seeded(9)
    ann = new_page(1280, 800)
    table, tokens = open_table(ann, 2, 0)
    # Bob to bid while Ann has neither bid nor passed: whatever Bob bids, Ann acts next.
    api_play(ann, table, tokens, lambda v: v["phase"] == "bidding" and v["to_act"] == [1] and v["seats"][0]["status"] == "no_bid")
    host(ann, table, 0, tokens[0])
    watcher = new_page(1280, 800)
    host(watcher, table, None, None)
    # Bob (seat 1) bids on whatever slot and value his legal moves allow.
    auth = {"Authorization": f"Bearer {tokens[1]}"}
    legal = ann.request.get(f"/api/tables/{table}/seats/1/legal-moves", headers=auth).json()
    bid = next(m for m in legal["moves"] if m["type"] == "place_bid")
    r = ann.request.post(f"/api/tables/{table}/seats/1/moves", headers=auth, data={"move": bid, "expected_version": legal["version"]})
    assert r.ok, r.text()
    rung = f'.hs-slot[data-slot="{bid["slot"]}"] .hs-rung[data-value="{bid["value"]}"]'
    expect(ann.locator(rung)).to_have_class(re.compile(r"\bhs-changed\b"))  # on the board: the slot and value Bob bid
    expect(ann.locator(f"{rung} .hs-token")).to_have_count(1)  # with Bob's marker on it
    expect(ann.locator('.hs-bidder[data-seat="1"]')).to_have_class(re.compile(r"\bhs-changed\b"))
    expect(ann.locator(".hs-recent")).to_contain_text("bid")  # and named in words
    assert ann.locator('.hs-home[data-seat="0"] .hs-changed').count() == 0  # nothing of Ann's changed
    assert ann.locator(".hs-rung.hs-changed").count() == 1
    expect(watcher.locator(rung)).to_have_class(re.compile(r"\bhs-changed\b"))  # a spectator sees it marked too
    # A redraw (Ann chooses a slot, then changes her mind) keeps the mark; her own move ends it.
    click(ann, ann.locator(".hs-tile.legal").first)
    expect(ann.locator(rung)).to_have_class(re.compile(r"\bhs-changed\b"))
    choose(ann, ann.locator(".hs-decision button", has_text=re.compile(r"^Pass$")))
    expect(ann.locator(".hs-changed")).to_have_count(0)
    assert ann.errors == [] and watcher.errors == []


def test_the_status_line_tells_the_viewer_what_to_do_and_names_only_others_as_waited_for(new_page, seeded):
    """The table review read "Your turn — Round 1 · Settlement era · bidding — You to bid." and,
    while Bob bid, "… bidding — Bob to bid — waiting for Bob.": the viewer is told what to do, the
    shell alone names whom the table waits for."""
    seeded(9)
    ann = new_page(1280, 800)
    table, tokens = open_table(ann, 2, 0)
    api_play(ann, table, tokens, lambda v: v["phase"] == "bidding" and v["to_act"] == [1] and v["seats"][0]["status"] == "no_bid")
    host(ann, table, 0, tokens[0])
    round_ = ann.locator(BOARD).get_attribute("data-round")
    expect(ann.locator("#turn")).to_have_text(f"Round {round_} · Settlement era · bidding — waiting for Bob.")
    auth = {"Authorization": f"Bearer {tokens[1]}"}
    legal = ann.request.get(f"/api/tables/{table}/seats/1/legal-moves", headers=auth).json()
    bid = next(m for m in legal["moves"] if m["type"] == "place_bid")
    r = ann.request.post(f"/api/tables/{table}/seats/1/moves", headers=auth, data={"move": bid, "expected_version": legal["version"]})
    assert r.ok, r.text()
    expect(ann.locator("#turn")).to_have_text(
        f"Your turn — Round {round_} · Settlement era · bidding: bid on an auction slot, or pass.")
    assert ann.errors == []


def center(locator) -> tuple[float, float]:
    locator.wait_for(state="visible")
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_worker_dragged_onto_a_building_spot_is_staged_there_and_confirm_places_it(new_page, seeded):
    seeded(13)
    page = new_page(1280, 800)
    table, tokens = open_table(page, 1, 1)
    host(page, table, 0, tokens[0])
    home = page.locator(".hs-home.mine")
    # The bot places its workers at the same time: wait until it has, so that nothing moves under the mouse.
    expect(page.locator('.hs-home[data-seat="1"] .hs-confirmed')).to_have_text("workers confirmed")
    page.wait_for_function(QUIET)
    worker = home.locator(".hs-idle .hs-worker-btn").first
    spot = home.locator(".hs-wslot.legal").last
    key = spot.get_attribute("data-drop")
    # A drag that ends off any spot does nothing (and is not a click on the worker either).
    x, y = center(worker)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 40, steps=5)
    page.mouse.up()
    assert page.locator(".hs-drop-ok, .hs-drag-ghost").count() == 0
    expect(worker).to_have_attribute("aria-pressed", "false")
    before = page.evaluate(SIGNATURE)
    page.mouse.move(x, y)
    page.mouse.down()
    tx, ty = center(spot)
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=5)
    expect(page.locator(f'.hs-home.mine .hs-wslot.hs-drop-ok[data-drop="{key}"]')).to_have_count(1)  # where it may go
    page.mouse.move(tx, ty, steps=5)
    page.mouse.up()
    page.wait_for_function(SETTLED, arg=before)
    expect(home.locator(f'.hs-wslot.chosen[data-drop="{key}"]')).to_have_count(1)  # staged: shown on the spot, sent by Confirm
    expect(home.locator(".hs-worker")).to_have_count(0)
    confirm(page)
    expect(home.locator(f'.hs-wslot[data-drop="{key}"] .hs-worker')).to_have_count(1)
    expect(home.locator(".hs-idle .hs-worker-btn")).to_have_count(0)
    assert page.locator(".hs-drag-ghost").count() == 0
    assert home.locator(".hs-changed").count() == 0  # the viewer's own move is not marked as news
    assert page.errors == []


def test_a_worker_dragged_with_a_finger_on_a_phone_is_staged_too(browser, server, seeded):
    """Touch input (Chromium's own touch events through CDP, turned into pointer events by the page's
    browser): the worker does not scroll the page away, and the drop stages the placement."""
    seeded(13)
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
        cdp = context.new_cdp_session(page)
        # A synthetic touch lands on whatever is at its point: the worker and the spot must both be
        # in view and on top (not under the sticky action bar at the bottom of a phone's screen,
        # which covered the spot in about one run in ten). So the home is placed in view a few
        # ways until both points hit their targets, and only then is the finger put down.
        worker = home.locator(".hs-idle .hs-worker-btn").first
        spot = home.locator(".hs-wslot.legal").last
        key = spot.get_attribute("data-drop")
        hits = "(el, [x, y]) => el.contains(document.elementFromPoint(x, y))"
        for placing in ("el => el.scrollIntoView({block: 'start'})", "el => el.scrollIntoView({block: 'center'})",
                        "el => window.scrollBy(0, el.getBoundingClientRect().top - 60)"):
            home.evaluate(placing)
            page.wait_for_function(QUIET)
            (x, y), (tx, ty) = center(worker), center(spot)
            if worker.evaluate(hits, [x, y]) and spot.evaluate(hits, [tx, ty]):
                break
        else:
            raise AssertionError("the worker and the spot could not both be brought into view")
        scrolled = page.evaluate("window.scrollY")
        before = page.evaluate(SIGNATURE)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + (tx - x) * i / 10, "y": y + (ty - y) * i / 10}]})
        # The page handles the touch events after CDP returns: wait for the spot to light up.
        expect(page.locator(f'.hs-wslot.hs-drop-ok[data-drop="{key}"]')).to_have_count(1)
        assert page.evaluate("window.scrollY") == scrolled  # the finger drags the worker, not the page
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function(SETTLED, arg=before)
        expect(page.locator("#confirm")).to_be_enabled()
        assert errors == []
    finally:
        context.close()


def in_view(page: Page, selector: str) -> bool:
    """Is the element's top line inside the viewport, below any bar?"""
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top + 20 <= innerHeight; }")


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_end_at_the_boards_foot_says_who_won_and_leads_to_the_final_scores(new_page, seeded, width, height):
    """Finding 16 of the table review: after the last move the page stays where the player is (the
    board's foot; nothing moves under the pointer), so the final scoring at the top was out of view,
    and the words saying who won sat inside a closed "Moves as a list". The foot now says who won
    and "See the final scores" brings the ranking into view (at 1280 px the board's own final
    scoring beside it)."""
    seeded(5)
    page = new_page(width, height)
    r = page.request.post("/api/tables", data={"game": "homesteaders", "seats": 4, "options": {}})
    table = r.json()["table_id"]
    for seat in range(4):
        assert page.request.post(f"/api/tables/{table}/seats",
                                 data={"name": NAMES[seat], "seat": seat, "bot": True, "level": "random"}).ok
    assert page.request.post(f"/api/tables/{table}/start", data={}).ok
    host(page, table, None, None)
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Game over\. Winners?: "), timeout=120_000)
    note = page.locator("#end-note")
    expect(note).to_be_visible()
    expect(note.locator(".end-words")).to_have_text(page.locator("#turn").inner_text())
    expect(page.locator("#move-list")).to_be_hidden()  # nothing left to list, and it hid the words
    # where the player is after the last move: the foot of the board
    note.evaluate("e => window.scrollTo(0, e.getBoundingClientRect().bottom + scrollY - innerHeight + 60)")
    # at 1280 px the board's own final scoring (its top) is what was out of view; on a phone the ranking
    final = "#board h3:text-is('Final scoring, step by step')" if width >= 1000 else "#scores .ranking-title"
    assert not in_view(page, final), "the final scores were already in view: nothing to test"
    page.get_by_role("button", name="See the final scores").click()
    page.wait_for_function("() => document.activeElement?.id === 'score-head'")
    assert in_view(page, final)
    assert in_view(page, "#scores .ranking-title") and in_view(page, "#scores .ranking-list > li")
    assert page.errors == []
