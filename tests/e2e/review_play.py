"""Play one whole game in Chromium as a person would, for the table review (docs/table-review.md).

Not a test: a tool for looking. Against a served app (``tabletop serve --port 8131``), it opens a
table from the lobby (Ann and basic bots), then plays Ann's every move through the page's own
controls, "Moves as a list" and Confirm, choosing with a seeded random (passing, ending and debt
less often). It writes screenshots (start, a choice of several options, mid-game, the end; each as
the viewport and as the whole page), the whole log as the page shows it and every status line Ann
read. Run from the repository root::

    PYTHONPATH=. python tests/e2e/review_play.py GAME LEVEL|- WIDTH SEATS [BASE_URL] [OUT_DIR]

e.g. ``fantasy_ranch 3 390 3``. The waits are conditions (the status line, Confirm), not sleeps,
except a short pause while a list is drawn.
"""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.test_two_players import take_seat

LESS_OFTEN = re.compile(r"(?i)pass|end|finish|skip|done|no more|debt")


def main(game: str, level: str, width: int, seats: int, base: str, out: Path) -> None:
    label = f"{game}{f'-l{level}' if level != '-' else ''}-{width}"
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(label)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(base_url=base, viewport={"width": width, "height": 844 if width < 500 else 900})
        context.set_default_timeout(60_000)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def shot(name: str) -> None:
            page.screenshot(path=str(out / f"{label}-{name}.png"))
            page.screenshot(path=str(out / f"{label}-{name}-full.png"), full_page=True)

        page.goto("/")
        page.get_by_label("Game").select_option(game)
        if level != "-":
            page.locator("select[name=option-level]").select_option(label=level)
        page.get_by_label("Seats").fill(str(seats))
        page.get_by_role("button", name="Open table").click()
        expect(page).to_have_url(re.compile(r"#/tables/[0-9a-f-]{36}$"))
        take_seat(page, "Ann", 0)
        for seat in range(1, seats):
            page.locator(f'[data-key="bot-{seat}"]').click()
            expect(page.locator("#seats")).to_contain_text(f"{seat + 1}: Bot {seat + 1}")
        page.get_by_role("button", name="Start the game").click()
        moves, several, statuses, started = 0, False, [], time.time()
        while time.time() - started < 1500:
            page.wait_for_function("() => /Your turn|Game over/.test(document.querySelector('#turn')?.textContent || '')",
                                   timeout=120_000)
            turn = page.locator("#turn").inner_text()
            if "Game over" in turn:
                break
            if moves == 0:
                shot("start")
            statuses.append(turn)
            if not page.locator("#move-list").evaluate("e => e.open"):
                page.locator("#move-list > summary").click()
            for _ in range(40):
                if page.locator("#confirm").is_enabled():
                    break
                options = page.locator("#move-list button.move.option:visible")
                stepper = page.locator("#move-list .stepper button.primary:visible")
                texts = options.all_inner_texts()
                if not texts and not stepper.count():
                    page.wait_for_timeout(200)  # the list is being drawn
                    continue
                if len(texts) >= 4 and not several and moves > 2:
                    several = True
                    shot("choice-several")
                try:
                    if texts:
                        weights = [0.3 if LESS_OFTEN.search(t) else 1.0 for t in texts]
                        options.nth(rng.choices(range(len(texts)), weights=weights)[0]).click(timeout=5000)
                    else:
                        stepper.first.click(timeout=5000)
                except Exception:  # the list was redrawn under the press: look again
                    continue
            if not page.locator("#confirm").is_enabled():
                shot(f"stuck-{moves}")
                print("stuck:", turn)
                break
            page.locator("#confirm").click()
            moves += 1
            try:  # the move is taken (Confirm empties, or the bar says "Taken: ...") or refused (the bar says why)
                page.wait_for_function("() => document.querySelector('#confirm').disabled"
                                       " || /^Taken: /.test(document.querySelector('#composer-status')?.textContent || '')"
                                       " || document.querySelector('#composer-refusal').textContent.trim()", timeout=30_000)
            except Exception:
                print("no answer seen after Confirm at move", moves, "· the bar:", page.locator("#composer").inner_text())
            if page.locator("#composer-refusal").inner_text().strip():
                print("refused:", page.locator("#composer-refusal").inner_text())
            if moves == 25:
                shot("mid")
        shot("end")
        (out / f"{label}-log.txt").write_text(page.locator("#log").inner_text())
        (out / f"{label}-status.txt").write_text("\n".join(statuses))
        print(label, "moves", moves, "page errors", errors, "seconds", round(time.time() - started))
        browser.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0], args[1], int(args[2]), int(args[3]), args[4] if len(args) > 4 else "http://127.0.0.1:8131",
         Path(args[5]) if len(args) > 5 else Path("/tmp/table-review"))
