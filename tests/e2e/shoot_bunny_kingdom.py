"""Screenshots of the Bunny Kingdom board for the README, from the real table page (not a test).

Run from the repository root: ``PYTHONPATH=. .venv/bin/python tests/e2e/shoot_bunny_kingdom.py``.
It serves the app in-process (in-memory store), opens a 3-player table (you and two bots), plays
by clicking what the board offers (the e2e test's own player) into round 3, and writes
``docs/screenshots/bunny_kingdom-{desktop,phone,final}.png``.
"""

from __future__ import annotations

import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from api import create_app
from api.config import Settings
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler
from tests.e2e.test_board_bunny_kingdom import open_table, play_one_step, ready, show

OUT = Path("docs/screenshots")


def main() -> None:
    app = create_app(Settings(store="memory", testing=True, secret="9b532f73174aef59c9f165f205d65c823b7e8e6a83acf7370ba2ec5162f803e5"))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}"
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desk = browser.new_context(base_url=base, viewport={"width": 1280, "height": 1000})
        page = desk.new_page()
        table, tokens = open_table(page, humans=1, bots=2)
        show(page, table, 0, tokens[0])
        while page.locator("#board .bk-headline").inner_text().find("Round 3") < 0:
            ready(page)
            if not play_one_step(page):
                page.wait_for_timeout(100)
        ready(page)
        page.locator(".bk-hand button.card-tile.legal").first.click()  # a pick half made: its square lights up
        page.locator("#board").scroll_into_view_if_needed()
        page.locator(".play").screenshot(path=str(OUT / "bunny_kingdom-desktop.png"))
        phone = browser.new_context(base_url=base, viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                    is_mobile=True, has_touch=True)
        small = phone.new_page()
        show(small, table, 0, tokens[0])
        small.locator("#board").scroll_into_view_if_needed()
        small.screenshot(path=str(OUT / "bunny_kingdom-phone.png"))
        page.get_by_role("button", name="Cancel").click()  # drop the half-made pick, then play on
        while not page.locator(".bk-final").count():
            ready(page)
            if not play_one_step(page):
                page.wait_for_timeout(100)
        ready(page)
        page.locator(".play").screenshot(path=str(OUT / "bunny_kingdom-final.png"))
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main()
