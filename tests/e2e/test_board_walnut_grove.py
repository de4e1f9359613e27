"""The Walnut Grove board in Chromium: a whole game against a bot played only by clicking the
board's controls (tiles, the R key, highlighted farm spots, land areas, town buildings, choice
buttons, Confirm), secrets kept from the other seat and spectators, and replay at a past version.

The board runs in the real table page (the shell of issue 12); tables are opened and seats taken
over HTTP (the token put where the page keeps it), and every move is made on the page.
"""

from __future__ import annotations

import json
import time
import urllib.parse
import urllib.request

from playwright.sync_api import Page, expect


def call(server: str, method: str, path: str, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(server + path, data=data, method=method, headers=headers)) as r:
        return json.loads(r.read() or b"null")


def open_table(server: str, humans: int, bots: int) -> tuple[str, list[str]]:
    table = call(server, "POST", "/api/tables", {"game": "walnut_grove", "seats": humans + bots, "options": {}})["table_id"]
    tokens = [call(server, "POST", f"/api/tables/{table}/seats", {"name": f"p{i}"})["token"] for i in range(humans)]
    for _ in range(bots):
        call(server, "POST", f"/api/tables/{table}/seats", {"name": "bot", "bot": True})
    call(server, "POST", f"/api/tables/{table}/start", {}, tokens[0])
    return table, tokens


def open_board(page: Page, table: str, seat: int | None, token: str | None, version: int | None = None) -> None:
    """The real table page for ``seat`` (its token in localStorage, as after taking it), now or at a version."""
    page.goto("/")
    if token:
        page.evaluate("([t, s, tok]) => localStorage.setItem(`tabletop.seat.${t}.${s}`, JSON.stringify({token: tok, name: `p${s}`}))",
                      [table, seat, token])
    page.goto(f"/#/tables/{table}" + (f"?at={version}" if version else ""))
    page.wait_for_selector("#board .wg-header")


def shown_version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or 0)


def ready(page: Page) -> None:
    """No command in flight."""
    page.wait_for_selector("main:not(.busy)")


def played(page: Page, control) -> None:
    """Click a control that sends a move and wait until the page shows the table after it."""
    before = shown_version(page)
    control.click()
    try:
        page.wait_for_function(
            "v => { const b = document.querySelector('#board'); return b && Number(b.dataset.version) > v"
            " && !document.querySelector('main.busy'); }", arg=before, timeout=30_000)
    except Exception as error:  # say why: a refusal shown on the page, or the page still busy
        refusals = page.locator("[role=alert]").all_inner_texts()
        sent = getattr(page, "sent", [])[-1:]
        raise AssertionError(f"no new version after the click: {refusals} {status(page)!r} {sent}") from error


def synced(page: Page, server: str, table: str) -> None:
    """Wait until the page shows the table's current version (it hears of it on the stream)."""
    now = call(server, "GET", f"/api/tables/{table}")["version"]
    page.wait_for_function("v => Number(document.querySelector('#board')?.dataset.version) >= v"
                           " && !document.querySelector('main.busy')", arg=now)


def status(page: Page) -> str:
    return page.locator("#turn").inner_text()


def finished(page: Page) -> bool:
    return page.locator("#table-facts .status-finished").count() > 0


def confirm(page: Page) -> None:
    played(page, page.locator("#confirm"))


OFFERS = """() => {
    const b = document.querySelector('#board');
    const n = (sel) => b.querySelectorAll(sel).length;
    return {start: n('[data-act="start"]'), tiles: n('.wg-drawn button.wg-tile:enabled'), areas: n('.wg-area.legal'),
            buildings: n('.wg-building.legal'), choices: n('.wg-choices button.wg-choice'), winter: n('[data-act="winter"]'),
            final: n('[data-act="final"]'), overflow: n('[data-act="overflow"]:enabled'), second: n('.wg-panel p') && b.querySelector('.wg-panel').textContent.includes('now the second one')};
}"""


def play_one_step(page: Page) -> str:
    """Make the viewer's next move by clicking what the board offers; returns what was done."""
    ready(page)
    board = page.locator("#board")
    offers = page.evaluate(OFFERS)  # one look at the board, then the clicks
    if offers["start"]:
        played(page, board.locator('[data-act="start"]').first)
        return "start"
    if offers["tiles"]:
        board.locator(".wg-drawn button.wg-tile:enabled").first.click()
        for _ in range(4):
            if page.evaluate("() => document.querySelectorAll('#board .wg-spot').length"):
                break
            page.keyboard.press("r")
        spots = board.locator(".wg-spot")
        spots.nth(spots.count() // 2).click()
        placed = board.locator('[data-act="place"]')
        second = board.get_by_text("now the second one")
        expect(placed.or_(second).or_(page.locator("#confirm:enabled")).first).to_be_visible()
        if placed.count():
            played(page, placed)
            return "spring"
        if page.locator("#confirm").is_enabled():
            confirm(page)
            return "spring"
        return "spring, first tile"
    if offers["areas"]:
        harvest = board.locator('[data-act="harvest"]')  # an outlined summer is confirmed on the board
        note = board.locator(".wg-summer")
        while note.get_attribute("data-chosen") != note.get_attribute("data-needed"):  # the richest areas first
            best = page.evaluate("""() => [...document.querySelectorAll('#board .mine .wg-area.legal:not(.chosen)')]
                .sort((a, b) => Number(b.querySelector('.wg-area-t').textContent) - Number(a.querySelector('.wg-area-t').textContent))
                .map((a) => a.dataset.area)[0]""")
            area = board.locator(f'.mine .wg-area[data-area="{best}"]')
            area.focus()  # by keyboard: an area is one target whatever its shape
            area.press("Enter")
        expect(harvest.or_(page.locator("#confirm:enabled")).first).to_be_visible()
        # the server's harvest preview: one line per figure, where its goods go, before Confirm
        expect(board.locator('[data-preview="summer"] li')).to_have_count(int(note.get_attribute("data-needed")))
        if harvest.count():
            played(page, harvest)
            return "summer"
        confirm(page)
        return "summer"
    if offers["buildings"]:
        board.locator(".wg-building.legal").first.click()
        while not page.locator("#confirm").is_enabled():
            options = board.locator(".wg-choices button.wg-choice")
            wood = options.filter(has_text="wood")  # fuel for the winter
            paying = options.filter(has_not_text="help tile")  # a player keeps away from help tiles
            (wood if wood.count() else paying if paying.count() else options).first.click()
        confirm(page)
        return "fall"
    if offers["overflow"]:  # the coin overflow: the most valuable coins that fit are chosen to start with
        played(page, board.locator('[data-act="overflow"]'))
        return "overflow"
    if offers["winter"]:  # the bill against the holdings is on the panel before Confirm
        expect(board.locator(".wg-winter-table tfoot")).to_contain_text("help tile")
    for act, name in (("winter", "Feed and heat"), ("final", "Confirm final scoring")):
        if offers[act]:
            played(page, board.locator(f'[data-act="{act}"]'))
            return name
    return ""


def test_a_whole_two_player_game_against_a_bot_is_played_by_clicking_the_board(server, new_page):
    table, (token,) = open_table(server, humans=1, bots=1)
    page = new_page(1280, 900)
    open_board(page, table, 0, token)
    done: list[str] = []
    started = time.monotonic()
    while not finished(page):
        step = play_one_step(page)
        if step:
            done.append(step)
        else:
            page.wait_for_timeout(200)
        assert time.monotonic() - started < 240, f"stuck at {status(page)!r} after {done[-5:]}"
        assert not page.errors, page.errors
    assert {"start", "spring", "summer", "fall", "Feed and heat"} <= set(done)
    assert done.count("Feed and heat") == 8
    expect(page.locator(".wg-score").first).to_contain_text("VP")
    expect(page.locator("#board .wg-final")).to_contain_text("Final scoring, step by step")
    audit = call(server, "GET", f"/api/tables/{table}/audit")
    assert audit["ok"] is True, audit
    print(f"{len(done)} clicks-steps in {time.monotonic() - started:.1f}s")


def coin_ids(server: str, table: str, token: str, seat: int) -> set[str]:
    view = call(server, "GET", f"/api/tables/{table}/view", token=token)["view"]
    return {c["id"] for c in view["players"][seat].get("coins", [])}


def test_two_players_and_a_spectator_see_no_coin_of_another_seat_in_the_dom_or_any_response(server, new_page):
    table, tokens = open_table(server, humans=2, bots=0)
    pages, bodies = [], {0: [], 1: [], None: []}
    for seat in (0, 1, None):
        page = new_page(1100, 900)

        def keep(response, seat=seat):
            if "/components" not in response.url and "/api/" in response.url:
                try:
                    bodies[seat].append(response.text())
                except Exception:  # noqa: BLE001 - a redirect or aborted body has no text
                    pass

        page.on("response", keep)
        open_board(page, table, seat, tokens[seat] if seat is not None else None)
        pages.append(page)
    steps = 0
    while steps < 14:  # the opening: start choices, spring, summer and the fall of year 1
        for seat in (0, 1):
            synced(pages[seat], server, table)
            if play_one_step(pages[seat]):
                steps += 1
        for seat, page in ((0, pages[0]), (1, pages[1]), (None, pages[2])):
            synced(page, server, table)
            for other in (0, 1):
                if other == seat:
                    continue
                secret = coin_ids(server, table, tokens[other], other)
                text = page.locator("#board").inner_text()
                for coin in secret:
                    assert coin not in text
                    assert not any(f'"{coin}"' in body for body in bodies[seat]), (seat, coin)
                barn = page.locator(f'.wg-farm-box[data-seat="{other}"] .wg-barn-slot.coin')
                assert all(t == "?" for t in barn.all_inner_texts())
        if "Winter" in status(pages[0]):
            break
    own = pages[0].locator('.wg-farm-box[data-seat="0"] .wg-barn-slot.coin').all_inner_texts()
    assert own and all(t in ("0", "1", "2") for t in own)  # the viewer's own coins show their values
    assert all(not p.errors for p in pages)


def test_replay_and_a_shared_address_of_a_past_version_draw_that_version_for_the_same_viewer(server, new_page):
    table, (token,) = open_table(server, humans=1, bots=1)
    page = new_page(1100, 900)
    open_board(page, table, 0, token)
    while "Summer" not in status(page):
        play_one_step(page)
    past = shown_version(page)
    play_one_step(page)  # the summer harvest: the farm's storage changes after this version
    view = call(server, "GET", f"/api/tables/{table}/view?version={past}", token=token)["view"]
    first, second = new_page(1100, 900), new_page(1100, 900)
    open_board(first, table, 0, token, version=past)
    open_board(second, table, 0, token, version=past)
    expect(first.locator("#board")).to_contain_text("Replay")
    mine = first.locator('.wg-farm-box[data-seat="0"]')
    assert mine.locator(".wg-cell").count() == 5 + len(view["players"][0]["tiles"])
    assert mine.locator(".wg-slot.full").count() == len(view["players"][0]["storage"])
    assert first.locator("#board").inner_html() == second.locator("#board").inner_html()
    assert first.locator(".target").count() == 0  # nothing to click in a replay


def test_a_four_player_game_from_year_eight_is_finished_by_clicking_the_board(server, new_page):
    """At the maximum (4 seats, 3 bots) the first seven years are played over the API with the seat's
    first legal move (a whole 4-player game by clicking would double this file's time); year 8
    and the final scoring are played on the page."""
    table, (token,) = open_table(server, humans=1, bots=3)
    base = f"/api/tables/{table}"
    while call(server, "GET", f"{base}/view", token=token)["view"]["year"] < 8:
        answer = call(server, "GET", f"{base}/seats/0/legal-moves", token=token)
        move = answer["moves"][0]
        if answer.get("outline"):
            query = urllib.parse.quote(json.dumps(move))
            move = call(server, "GET", f"{base}/seats/0/legal-moves?match={query}", token=token)["moves"][0]
        call(server, "POST", f"{base}/seats/0/moves", {"move": move}, token)
    page = new_page(1280, 900)
    page.sent = []
    page.on("request", lambda r: page.sent.append(r.post_data) if r.method == "POST" and "/moves" in r.url else None)
    open_board(page, table, 0, token)
    assert page.locator(".wg-farm-box").count() == 4
    steps = 0
    while not finished(page):
        steps += 1 if play_one_step(page) else 0
        assert steps < 40, status(page)
    assert not page.errors, page.errors
    expect(page.locator("#board .wg-final tbody tr")).to_have_count(6)
    assert call(server, "GET", f"{base}/audit")["ok"] is True


AREAS = """(sel) => [...document.querySelectorAll(`#board .mine ${sel}`)]
    .map((a) => `${a.dataset.area}=${a.querySelector('.wg-area-t').textContent}`).sort()"""


def test_a_spring_placement_previews_the_areas_it_would_make_before_confirm(server, new_page):
    """Hovering a highlighted spot draws the farm's areas as the server says the placement would
    make them (new or grown ones marked and named in the panel); after choosing, the preview of the
    chosen tiles equals the farm the table shows once they are placed."""
    table, (token,) = open_table(server, humans=1, bots=1)
    page = new_page(1280, 900)
    open_board(page, table, 0, token)
    board = page.locator("#board")
    while not page.evaluate(OFFERS)["tiles"]:
        assert play_one_step(page) or True
        assert not finished(page)
    while True:
        board.locator(".wg-drawn button.wg-tile:enabled").first.click()
        for _ in range(4):
            if board.locator(".wg-spot").count():
                break
            page.keyboard.press("r")
        spot = board.locator(".wg-spot").first
        spot.hover()
        expect(board.locator(".wg-spot.previewed")).to_have_count(1)
        expect(board.locator(".mine .wg-area.grown").first).to_be_visible()
        expect(board.locator(".wg-spring-preview li").first).to_contain_text("area of")
        assert board.locator(".wg-farm-box:not(.mine) .wg-area.preview").count() == 0  # only the viewer's farm
        spot.click()
        placed, second = board.locator('[data-act="place"]'), board.get_by_text("now the second one")
        expect(placed.or_(second).or_(page.locator("#confirm:enabled")).first).to_be_visible()
        if placed.count() or page.locator("#confirm").is_enabled():
            break
    chosen = board.locator(".wg-spring-preview")
    expect(chosen).to_contain_text("Chosen")
    expected = page.evaluate(AREAS, ".wg-area.preview")
    assert expected
    placed = board.locator('[data-act="place"]')
    played(page, placed if placed.count() else page.locator("#confirm"))
    assert page.evaluate(AREAS, ".wg-area") == expected
    assert not page.errors, page.errors


def api_until_outlined_spring(server: str, table: str, token: str) -> dict:
    """Play seat 0's first legal moves over the API until its legal list is an outline (a "keep 2"
    spring with over 1000 moves); that answer."""
    base = f"/api/tables/{table}"
    for _ in range(400):
        answer = call(server, "GET", f"{base}/seats/0/legal-moves", token=token)
        if answer.get("outline"):
            return answer
        main = [m for m in answer["moves"] if m["type"] not in ("move_goods_to_barn", "discard_from_barn")]
        call(server, "POST", f"{base}/seats/0/moves", {"move": main[0]}, token)
    raise AssertionError("no outlined legal list reached")


def test_the_move_list_of_an_outlined_spring_offers_only_steps_that_lead_to_a_whole_move(server, new_page):
    """Over 1000 legal moves come as their outline (first placements only): every button the
    "Moves as a list" panel offers leads on, and what it offers to confirm is a whole move the
    server accepts, never an outline step (which would be refused)."""
    table, (token,) = open_table(server, humans=1, bots=1)
    answer = api_until_outlined_spring(server, table, token)
    assert answer["count"] > 1000
    page = new_page(1280, 900)
    page.refusals = []
    page.on("response", lambda r: page.refusals.append(r.url) if "/api/" in r.url and r.status >= 400 else None)
    open_board(page, table, 0, token)
    page.locator("#move-list > summary").click()
    page.locator('#moves button.option[data-key="opt-type-\\"place_landscape_tiles\\""]').click()
    clicks = 0
    while not page.locator("#confirm").is_enabled():
        options = page.locator("#moves button.option")
        expect(options.first).to_be_visible()
        options.nth(options.count() // 2).click()
        clicks += 1
        page.wait_for_function("() => !document.querySelector('main.busy')")
        assert clicks < 10, page.locator("#moves").inner_text()
    move = page.locator("#choice").inner_text()
    assert "place landscape tiles" in move.lower(), move
    assert move.count("tile id") == 2, move  # both kept tiles, not the first step alone
    confirm(page)
    assert page.refusals == [], page.refusals
    assert not page.errors, page.errors
    view = call(server, "GET", f"/api/tables/{table}/view", token=token)["view"]
    assert view["players"][0]["done"] or view["phase"] != "spring"
