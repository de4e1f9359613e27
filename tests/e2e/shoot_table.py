"""The table page's screenshot for docs/web.md, from the real page (not a test).

Run from the repository root: ``PYTHONPATH=. .venv/bin/python tests/e2e/shoot_table.py [out-dir]``.
It serves the app in-process (in-memory store), opens a 3-player Bunny Kingdom table (Alice and two
bots), plays Alice's moves through the API (a seeded choice among her legal moves) into the second
round's construction, and writes ``table.png`` (1280 wide, the whole table page with the action bar
at the bottom of the view) and ``table-phone.png`` (390x844, the first screen) to the out-dir
(``docs/screenshots`` by default; only ``table.png`` is kept in the repository).
"""

from __future__ import annotations

import random
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

from api import create_app
from api.config import Settings
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler
from tests.e2e.test_page_invariants import call, legal


def main(out: Path) -> None:
    app = create_app(Settings(store="memory", testing=True, secret="ef8e2aad44c1486bff0ec198c7edf7d510c78e5dd7d86e899280cfc561f7cf4d"))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}"
    out.mkdir(parents=True, exist_ok=True)

    table = call(base, "POST", "/api/tables", {"game": "bunny_kingdom", "seats": 3})["table_id"]
    token = call(base, "POST", f"/api/tables/{table}/seats", {"name": "Alice", "seat": 0, "bot": False})["token"]
    for seat in (1, 2):
        call(base, "POST", f"/api/tables/{table}/seats", {"name": f"Bot {seat + 1}", "seat": seat, "bot": True})
    call(base, "POST", f"/api/tables/{table}/start", {}, token=token)
    pick = random.Random(7)
    for _ in range(200):  # Alice's moves until the second round's construction asks her to build
        answer = legal(base, table, token)
        if not answer["moves"]:  # the bots are still at it
            time.sleep(0.1)
            continue
        view = call(base, "GET", f"/api/tables/{table}/view", token=token)["view"]
        if view.get("round") == 2 and any(m["type"] == "finish_construction" for m in answer["moves"]):
            break
        moves = [m for m in answer["moves"] if m["type"] != "finish_construction"] or answer["moves"]
        call(base, "POST", f"/api/tables/{table}/seats/0/moves",
             {"move": pick.choice(moves), "expected_version": answer["version"]}, token=token)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, viewport in (("table.png", {"width": 1280, "height": 1800}), ("table-phone.png", {"width": 390, "height": 844})):
            context = browser.new_context(base_url=base, viewport=viewport)
            page = context.new_page()
            page.goto("/")
            page.evaluate("([t, tok]) => localStorage.setItem(`tabletop.seat.${t}.0`, JSON.stringify({token: tok, name: 'Alice'}))",
                          [table, token])
            page.goto(f"/#/tables/{table}")
            expect(page.locator("#turn")).to_contain_text("Your turn")
            expect(page.locator("#composer")).to_be_visible()
            page.screenshot(path=str(out / name))
            ends = page.evaluate("Math.round(document.querySelector('.grid').getBoundingClientRect().bottom + scrollY)")
            print(f"{name}: the table's columns end {ends} px down the page at {viewport['width']} px")
            context.close()
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots"))
