"""The README screenshots of the Walnut Grove board, taken from the real table page:
``PYTHONPATH=. python -m tests.e2e.screenshots_walnut_grove`` writes docs/screenshots/walnut_grove-*.png
(mid-game spring at 1280 px and at 390 px with a tile in hand, then the final scoring)."""

from __future__ import annotations

import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from api import create_app
from api.config import Settings
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler
from tests.e2e.test_board_walnut_grove import finished, open_board, open_table, play_one_step, status

OUT = Path("docs/screenshots")


def main() -> None:
    app = create_app(Settings(store="memory", testing=True, secret="screenshots-not-for-production-0123456789"))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    table, (token,) = open_table(server, humans=1, bots=1)
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_context(base_url=server, viewport={"width": 1280, "height": 1000}).new_page()
        open_board(page, table, 0, token)
        while not ("Year 4" in status(page) and "Spring" in status(page)):
            play_one_step(page)
        page.locator("#board .wg-drawn button.wg-tile:enabled").first.click()
        page.locator("#board").scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / "walnut_grove-desktop.png"), full_page=True)
        phone = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                    is_mobile=True, has_touch=True).new_page()
        open_board(phone, table, 0, token)
        phone.locator("#board .wg-drawn button.wg-tile:enabled").first.click()
        phone.evaluate("document.querySelector('#board .wg-drawn').scrollIntoView({block: 'start'})")
        phone.screenshot(path=str(OUT / "walnut_grove-phone.png"))
        phone.screenshot(path="/tmp/wg-phone-full.png", full_page=True)
        while not finished(page):
            play_one_step(page)
        page.locator("#board").scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / "walnut_grove-final.png"), full_page=True)
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main()
