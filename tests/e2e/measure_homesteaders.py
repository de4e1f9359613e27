"""Figures of the Homesteaders board (a script, not a test): ``PYTHONPATH=. python tests/e2e/measure_homesteaders.py [rounds [shots-dir]]``.

Opens a seeded four-player table (Ann and three bots), plays Ann through the API with a plain policy
and, at the bidding of each round asked for (``1,6,10`` unless given), measures the table page as Ann
sees it at 1280x800 and 390x844: the page height (``document.documentElement.scrollHeight``), the SVG
shapes of the board (``rect, circle, ellipse, line, polyline, polygon, path``) and which drawing holds
them, whether anything is wider than the phone's screen, and whether the decision comes first there.
With a directory, it also writes the page at both widths there (full page) to look at.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

import domain.application
from api import create_app
from api.config import Settings
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler

SEED = "5e" * 32
SHAPES = "#board svg :is(rect, circle, ellipse, line, polyline, polygon, path)"
FREE = {"hire_worker", "buy_resource", "sell_resource", "convert_at_market", "exchange_at_bank", "take_debt"}
FIGURES = """(shapes) => {
    const by = {};
    for (const el of document.querySelectorAll(shapes)) {
        const svg = el.closest('svg');
        const key = (svg.getAttribute('class') || svg.parentElement.className || '?').split(' ')[0];
        by[key] = (by[key] || 0) + 1;
    }
    const first = (sel) => { const e = document.querySelector(sel); return e ? Math.round(e.getBoundingClientRect().top + scrollY) : null; };
    return {height: document.documentElement.scrollHeight, shapes: document.querySelectorAll(shapes).length, by,
            overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            decision: first('.hs-decision'), home: first('.hs-home.mine'), auction: first('.hs-auction-panel')};
}"""


def serve() -> str:
    domain.application.new_seed = lambda: SEED  # the same deal every run
    app = create_app(Settings(store="memory", testing=True, secret="7720d9a59e85d95657cc3328b43bd691e7771121e14beea99d44d892a789bd72"))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_port}"


def open_table(request) -> tuple[str, str]:
    table = request.post("/api/tables", data={"game": "homesteaders", "seats": 4, "options": {}}).json()["table_id"]
    token = None
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        answer = request.post(f"/api/tables/{table}/seats", data={"name": name, "seat": seat, "bot": seat > 0}).json()
        token = token or answer.get("token")
    request.post(f"/api/tables/{table}/start", data={}, headers={"Authorization": f"Bearer {token}"})
    return table, token


def play_to(request, table: str, token: str, round_: int) -> None:
    """Ann: workers on the first free slots, bids low, builds what she can, until her bid in ``round_``."""
    auth = {"Authorization": f"Bearer {token}"}
    while True:
        view = request.get(f"/api/tables/{table}/view", headers=auth).json()["view"]
        if view["round"] >= round_ and view["phase"] == "bidding" and 0 in view["to_act"]:
            return
        legal = request.get(f"/api/tables/{table}/seats/0/legal-moves", headers=auth).json()
        moves = [m for m in legal["moves"] if m["type"] not in FREE]
        order = ["assign_worker", "confirm_workers", "build_building", "place_bid", "pass_bidding"]
        move = min(moves, key=lambda m: order.index(m["type"]) if m["type"] in order else 9)
        if move["type"] == "assign_worker" and view["phase"] == "allocation":
            placed = {p[0] for p in view["seats"][0]["placement"]}
            if move["worker"] in placed or not [m for m in moves if m["type"] == "assign_worker" and m["worker"] not in placed]:
                move = next(m for m in moves if m["type"] == "confirm_workers")
        request.post(f"/api/tables/{table}/seats/0/moves", headers=auth, data={"move": move, "expected_version": legal["version"]})


def main() -> None:
    rounds = [int(r) for r in (sys.argv[1] if len(sys.argv) > 1 else "1,6,10").split(",")]
    shots = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    base = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        tid, token = open_table(page.request)
        page.goto("/")
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"tabletop.seat.{tid}.0", json.dumps({"token": token, "name": "Ann", "at": 0})])
        for round_ in rounds:
            play_to(page.request, tid, token, round_)
            figures = {}
            for width, height in ((1280, 800), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                page.goto(f"/#/tables/{tid}")
                page.wait_for_selector("#board .hs .hs-decision h3:text-matches('Your turn')")
                page.wait_for_timeout(1000)
                figures[width] = page.evaluate(FIGURES, SHAPES)
                if shots:
                    page.screenshot(path=str(shots / f"measure-r{round_}-{width}.png"), full_page=True)
                    if width < 600:  # the phone page in screens one can read
                        for i in range(0, min(figures[width]["height"], 4200), 1400):
                            page.screenshot(path=str(shots / f"measure-r{round_}-{width}-{i // 1400}.png"), full_page=True,
                                            clip={"x": 0, "y": i, "width": width, "height": 1400})
            print(json.dumps({"round": round_, **figures}), flush=True)
        browser.close()


if __name__ == "__main__":
    main()
