"""Screenshots of the Bunny Kingdom board for the README, and the figures of issue 37 (not a test).

Run from the repository root: ``PYTHONPATH=. .venv/bin/python tests/e2e/shoot_bunny_kingdom.py``.
It serves the app in-process (in-memory store), opens a 4-player table (you and three bots), plays
by clicking what the board offers (the e2e test's own player) into round 2, and writes
``docs/screenshots/bunny_kingdom-{desktop,phone}.png`` (a pick half made, at 1280 and 390 px), then
plays to the end and writes ``bunny_kingdom-final.png`` and ``bunny_kingdom-final-phone.png``.
It prints what a finished four-player table measures: the page's height at both widths and the
catalog ids or machine tokens in the board's visible text (for the player and for a spectator).
"""

from __future__ import annotations

import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from api import create_app
from api.config import Settings
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler
from tests.e2e.test_board_bunny_kingdom import MACHINE, open_table, play_one_step, ready, show

OUT = Path("docs/screenshots")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def play_until(page, done) -> None:
    while not done():
        ready(page)
        if not play_one_step(page):
            page.wait_for_timeout(100)
    ready(page)


def figures(page, label: str) -> None:
    board = page.locator("#board").inner_text()
    found = MACHINE.findall(board)
    print(f"{label}: page {page.evaluate('document.documentElement.scrollHeight')} px tall, board "
          f"{round(page.locator('#board').bounding_box()['height'])} px, overflow "
          f"{page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')} px, "
          f"{len(found)} ids or machine tokens in the board's text {sorted(set(found))[:6]}")


def main() -> None:
    app = create_app(Settings(store="memory", testing=True, secret="9b532f73174aef59c9f165f205d65c823b7e8e6a83acf7370ba2ec5162f803e5"))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}"
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(base_url=base, viewport=DESKTOP).new_page()
        table, tokens = open_table(page, humans=1, bots=3)
        show(page, table, 0, tokens[0])
        play_until(page, lambda: "Round 2" in page.locator("#board .bk-headline").inner_text()
                   and "Exploration" in page.locator("#board .bk-headline").inner_text())
        figures(page, "mid-game 1280, the player")
        page.locator(".bk-hand button.card-tile.legal").first.click()  # a pick half made: its square lights up
        page.locator(".play").evaluate("(el) => el.scrollIntoView({block: 'start'})")  # the board, the action bar over it
        page.screenshot(path=str(OUT / "bunny_kingdom-desktop.png"))
        small = browser.new_context(base_url=base, **PHONE).new_page()
        show(small, table, 0, tokens[0])
        figures(small, "mid-game 390, the player")
        small.locator(".bk-hand button.card-tile.legal").first.click()
        small.screenshot(path=str(OUT / "bunny_kingdom-phone.png"))
        page.locator(".bk-hand button.card-tile.chosen").first.click()  # drop the half-made pick, then play on
        play_until(page, lambda: page.locator(".bk-final").count())
        figures(page, "final 1280, the player")
        page.locator(".bk-final-seat summary").first.click()  # the winner's points, source by source
        page.locator(".play").evaluate("(el) => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(OUT / "bunny_kingdom-final.png"))
        small.reload()
        ready(small)
        small.locator(".bk-final").wait_for()
        figures(small, "final 390, the player")
        small.locator(".bk-final").evaluate("(el) => el.scrollIntoView({block: 'center'})")  # a live redraw may replace it meanwhile
        small.locator(".bk-final-seat summary").first.click()
        small.screenshot(path=str(OUT / "bunny_kingdom-final-phone.png"))
        for size in (DESKTOP, PHONE["viewport"]):
            watcher = browser.new_context(base_url=base, viewport=size).new_page()
            show(watcher, table, None, None)
            figures(watcher, f"final {size['width']}, a spectator")
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main()
