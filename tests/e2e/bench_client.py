"""Figures for the browser client (a script, not a test): ``PYTHONPATH=. python tests/e2e/bench_client.py``.

Prints, for two Chromium players at one Tiny Duel table, the time from a click on a legal-move
button to the new log line on the OTHER player's page, over the SSE stream and by polling
(stream refused); and, for each registered game, how long a fresh page takes to show a running
table (view, legal moves, scores, log) and how big that view is.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

import tests.conftest  # noqa: F401  (registers Tiny Duel)
from api import create_app
from api.config import Settings
from domain.games import GAMES
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, QuietHandler

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 4


def serve():
    app = create_app(Settings(store="memory", testing=True, secret="68935175fd605371d32287f10684dbc7e93b8dd0bf24572587aa918b3249eb4e"))
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_port}"


WATCH_LOG = """(before) => {
    window.__grewAt = null;
    const log = document.getElementById('log');
    const observer = new MutationObserver(() => {
        if (log.children.length > before && window.__grewAt === null) {
            window.__grewAt = Date.now();
            observer.disconnect();
        }
    });
    observer.observe(log, {childList: true});
}"""


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def table_with_bot(page, base: str, game: str) -> None:
    page.goto(base + "/")
    page.get_by_label("Game").select_option(game)
    page.get_by_label("Seats").fill(str(GAMES[game].min_players if GAMES[game].min_players > 1 else 2))
    page.get_by_role("button", name="Open table").click()
    page.wait_for_url("**#/tables/*")
    page.get_by_label("Your name").fill("ann")
    page.get_by_role("button", name="Take seat 1").click()
    while page.get_by_role("button", name="Add a bot").count():
        page.get_by_role("button", name="Add a bot").first.click()
        page.wait_for_timeout(100)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#scores .score-line")).to_be_visible()


def move_latency(browser, base: str, polling: bool) -> list[float]:
    a, b = browser.new_context(base_url=base), browser.new_context(base_url=base)
    if polling:
        for ctx in (a, b):
            ctx.route("**/stream*", lambda route: route.fulfill(status=404, body="{}"))
    ann, bob = a.new_page(), b.new_page()
    times = []
    for _ in range(ROUNDS):
        ann.goto(base + "/")
        ann.get_by_label("Game").select_option("tiny_duel")
        ann.get_by_role("button", name="Open table").click()
        ann.wait_for_url("**#/tables/*")
        ann.get_by_label("Your name").fill("ann")
        ann.get_by_role("button", name="Take seat 1").click()
        bob.goto(ann.url)
        bob.get_by_label("Your name").fill("bob")
        bob.get_by_role("button", name="Take seat 2").click()
        ann.get_by_role("button", name="Start the game").click()
        expect(bob.locator("#moves button.option").first).to_be_visible()
        expect(ann.locator("#moves button.option").first).to_be_visible()
        for me, other in ((ann, bob), (bob, ann)):
            expect(me.locator("#moves button.option").first).to_be_visible()
            before = other.locator("#log li").count()
            expect(me.locator("#log li")).to_have_count(before)  # both pages in step
            # The other page notes (epoch ms) when its log grows; expect() alone polls too coarsely.
            other.evaluate(WATCH_LOG, before)
            # One choice names the whole bid; Confirm sends it (the clock starts at the Confirm click).
            me.locator("#moves button.option").first.click()
            start = time.time() * 1000
            me.locator("#confirm").click()
            expect(other.locator("#log li")).not_to_have_count(before, timeout=10_000)
            times.append(other.evaluate("window.__grewAt") - start)
    a.close()
    b.close()
    return times


def main() -> None:
    base = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for label, polling in (("stream", False), ("polling", True)):
            t = move_latency(browser, base, polling)
            print(f"click -> other page, {label:8s}: n={len(t)} p50={statistics.median(t):.0f} ms "
                  f"p90={pct(t, 0.9):.0f} ms max={max(t):.0f} ms")
        for game in sorted(GAMES):
            ctx = browser.new_context(base_url=base)
            page = ctx.new_page()
            table_with_bot(page, base, game)
            loads = []
            for _ in range(3):
                start = time.perf_counter()
                page.reload()
                expect(page.locator("#scores .score-line")).to_be_visible()
                expect(page.locator("#log li").first).to_be_visible()
                loads.append((time.perf_counter() - start) * 1000)
            size = page.evaluate(
                """async () => {
                    const id = location.hash.split('/').pop();
                    const key = Object.keys(localStorage).find(k => k.startsWith('tabletop.seat.'));
                    const token = JSON.parse(localStorage.getItem(key)).token;
                    const r = await fetch(`/api/tables/${id}/view`, {headers: {Authorization: `Bearer ${token}`}});
                    return (await r.text()).length;
                }""")
            moves = page.locator("#moves button.option").count()
            print(f"{game:14s} reload -> table shown: median {statistics.median(loads):.0f} ms; "
                  f"view {size / 1024:.1f} KiB; {moves} choices shown")
            ctx.close()
        browser.close()


if __name__ == "__main__":
    main()
