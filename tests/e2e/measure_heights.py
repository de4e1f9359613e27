"""Page heights of every game's table (a script, not a test): ``PYTHONPATH=. python tests/e2e/measure_heights.py [shots-dir [labels]]``.

The tables of the page-invariants test (the same seeded sequence, the same bots and opening moves):
a running four-player table seen by its player and a finished one seen by a spectator, each at
1280x800 and 390x844. Prints the page's height, the board's, and each top-level part's, so a change
of the page can be judged by what it saves where. With a directory (``""`` for none), writes each page
there (full page, and a phone page in 1,400 px screens); ``labels`` picks games (``walnut_grove,fantasy_ranch``).
Environment: ``OPENING=n`` (the player's moves before the running table is looked at), ``LEVEL``
(the finished table's bots), ``SEEDS`` (another seeded sequence), ``AS_PLAYER=1`` (also a finished
table as its seated player saw it), ``FINISHED_ONLY=1``, ``PHONE_ONLY=1``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, live_app
from tests.e2e.test_page_invariants import (
    GAMES,
    WIDTHS,
    Table,
    call,
    finished_table,
    legal,
    running_table,
    settle,
)


def played_to_the_end(server: str, label: str, game: str, options: dict) -> Table:
    """Ann at seat 0 plays a seeded random legal move whenever it is her turn, three bots the rest."""
    table = running_table(server, label, game, options, 0)
    pick = random.Random(f"{label}-to-the-end")
    while call(server, "GET", f"/api/tables/{table.id}")["status"] != "finished":
        answer = legal(server, table.id, table.token)
        if not answer["moves"]:
            time.sleep(0.05)
            continue
        move = pick.choice(answer["moves"])
        while answer.get("outline"):
            answer = legal(server, table.id, table.token, match=move)
            move = pick.choice(answer["moves"])
        call(server, "POST", f"/api/tables/{table.id}/seats/0/moves",
             {"move": move, "expected_version": answer["version"]}, token=table.token)
    return Table(label, game, "finished-as-player", table.id, table.token)

PARTS = """() => [...document.querySelectorAll('.table-page > *, .table-page .grid > .col > *, .play > *')]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => `${e.id || e.className.baseVal || e.className || e.tagName}`.slice(0, 24) + ' ' + Math.round(e.getBoundingClientRect().height))"""


def main() -> None:
    shots = Path(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] else None
    only = sys.argv[2].split(",") if len(sys.argv) > 2 else None
    with live_app("measure-heights", "5d0a1d6f3c4e2b8a9f7e6d5c4b3a29181706f5e4d3c2b1a0918273645546372a",
                  seeds=os.environ.get("SEEDS", "page-invariants")) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for label, game, options, opening in GAMES:
            if only and label not in only:
                continue
            tables = [finished_table(server, label, game, options, level=os.environ.get("LEVEL", "random"))]
            if os.environ.get("AS_PLAYER"):
                tables.append(played_to_the_end(server, label, game, options))
            if not os.environ.get("FINISHED_ONLY"):
                tables.insert(0, running_table(server, label, game, options, int(os.environ.get("OPENING", opening))))
            for table in tables:
                for width_name, (width, height) in WIDTHS.items():
                    if os.environ.get("PHONE_ONLY") and width_name != "phone":
                        continue
                    context = browser.new_context(base_url=server, viewport={"width": width, "height": height})
                    page = context.new_page()
                    if table.token:
                        page.goto("/")
                        page.evaluate("([t, tok]) => localStorage.setItem(`tabletop.seat.${t}.0`, JSON.stringify({token: tok, name: 'Ann'}))",
                                      [table.id, table.token])
                    settle(page, table, server)
                    page.wait_for_timeout(300)
                    figures = {"height": page.evaluate("document.scrollingElement.scrollHeight"),
                               "board": page.evaluate("Math.round(document.querySelector('#board')?.getBoundingClientRect().height || 0)"),
                               "parts": page.evaluate(PARTS)}
                    print(f"{label} {table.state} {width}: {json.dumps(figures)}", flush=True)
                    if shots:
                        page.screenshot(path=str(shots / f"{label}-{table.state}-{width_name}.png"), full_page=True)
                        if width < 600:  # the phone page in screens one can read
                            for i in range(0, figures["height"], 1400):
                                page.screenshot(path=str(shots / f"{label}-{table.state}-{width_name}-{i // 1400}.png"), full_page=True,
                                                clip={"x": 0, "y": i, "width": width, "height": min(1400, figures["height"] - i)})
                    context.close()
        browser.close()


if __name__ == "__main__":
    main()
