"""The README screenshots of the Walnut Grove board, taken from the real table page:
``PYTHONPATH=. python -m tests.e2e.screenshots_walnut_grove`` writes docs/screenshots/walnut_grove-*.png
(mid-game spring at 1280 px with a tile over a spot and the areas it would make, at 390 px with a
spot chosen before Confirm, its key opened, the town loop at 390 px with a building chosen in the fall, then the
final scoring at 1280 px, the whole page, and at 390 px). Seat 0's moves up to those moments are the
game's own heuristic (``bot_move``, played in-process), so the pictures show a sensibly played farm;
the moments pictured are on the page."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from uuid import UUID

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from api import create_app
from api.config import Settings
from domain.games.walnut_grove import GAME
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler
from tests.e2e.test_board_walnut_grove import finished, open_board, open_table, play_one_step

OUT = Path("docs/screenshots")


def tile_in_hand(page):
    """Take the first drawn tile, turn it until it has somewhere to go; a spot near the middle."""
    page.locator("#board .wg-drawn button.wg-tile:enabled").first.click()
    for _ in range(4):
        if page.locator("#board .wg-spot").count():
            break
        page.keyboard.press("r")
    spots = page.locator("#board .wg-spot")
    return spots.nth(spots.count() // 2)


def play_well_until(tables, table: str, stop) -> None:
    """Play seat 0 with the game's heuristic until ``stop(state)`` holds when seat 0 is to act."""
    rng = random.Random(7)
    while True:
        state = tables.table(UUID(table)).state
        assert not GAME.is_over(state), "the game ended before the moment to picture"
        if 0 not in GAME.to_act(state):  # the bot seat is still moving
            time.sleep(0.05)
            continue
        if stop(state):
            return
        tables.play_move(UUID(table), 0, GAME.bot_move(state, 0, rng))


def main() -> None:
    app = create_app(Settings(store="memory", testing=True, secret="99deb68cfabfa7efde6324095dbb1ec8d7f7038c29bdfe3e3046c19e5e173dc0"))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    table, (token,) = open_table(server, humans=1, bots=1)
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_context(base_url=server, viewport={"width": 1280, "height": 1000}).new_page()
        tables = app.extensions["tabletop.tables"]
        play_well_until(tables, table, lambda st: st.year == 4 and st.phase == "spring")
        open_board(page, table, 0, token)
        spot = tile_in_hand(page)
        spot.hover()  # the preview: the areas this placement would make, outlined and named
        page.wait_for_selector("#board .wg-spring-preview li")
        page.evaluate("document.querySelector('#board .wg-header').scrollIntoView({block: 'start'})")
        page.screenshot(path=str(OUT / "walnut_grove-desktop.png"))  # the viewport: the sticky action bar where it stays
        phone = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                    is_mobile=True, has_touch=True).new_page()
        open_board(phone, table, 0, token)
        tile_in_hand(phone).click()  # chosen, before Confirm: the preview names what it makes
        phone.wait_for_selector("#board .wg-spring-preview li")
        phone.mouse.move(0, 0)
        phone.evaluate("document.querySelector('#board .wg-drawn').scrollIntoView({block: 'start'})")
        phone.screenshot(path=str(OUT / "walnut_grove-phone.png"))
        phone.screenshot(path="/tmp/wg-phone-full.png", full_page=True)
        phone.locator("#board-legend > summary").click()  # the key, as a tap opens it
        phone.evaluate("document.querySelector('#board-legend').scrollIntoView({block: 'start'})")
        phone.screenshot(path=str(OUT / "walnut_grove-key-phone.png"))
        phone.locator("#board-legend > summary").click()
        play_well_until(tables, table, lambda st: st.year == 4 and st.phase == "fall")
        phone.reload()
        phone.wait_for_selector("#board .wg-building.legal")
        phone.locator("#board .wg-building.legal").first.click()
        phone.wait_for_selector("#board .wg-fall-choices strong")
        phone.evaluate("document.querySelector('#board .wg-town').scrollIntoView({block: 'start'})")
        phone.screenshot(path=str(OUT / "walnut_grove-town-phone.png"))
        play_well_until(tables, table, lambda st: st.phase == "final_adjustments" or (st.year == 8 and st.phase == "winter"))
        page.reload()
        page.wait_for_selector("#board .wg-header")
        while not finished(page):
            play_one_step(page)
        page.locator("#board").scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / "walnut_grove-final.png"), full_page=True)
        phone.reload()  # the finished table at 390 px: the compact final scoring, the farms
        phone.wait_for_selector("#board .wg-final")
        phone.evaluate("document.querySelector('#board .wg-final').scrollIntoView({block: 'start'})")
        phone.screenshot(path=str(OUT / "walnut_grove-final-phone.png"))
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main()
