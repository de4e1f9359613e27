"""Steps many browser tests share, written once so a change to the lobby or the seat list is
followed in one place."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_two_players import take_seat


def open_with_bots(page: Page, game: str, seats: int, person: str | None = None) -> str:
    """Open a ``game`` table of ``seats`` seats from the lobby, ``person`` (if named) in the first
    seat and a ``basic`` bot in every other, and start it; the table's id. Each bot's seat is
    waited for in the seat list before the next press, so Start is pressed on a full table."""
    page.goto("/")
    page.get_by_label("Game").select_option(game)
    page.get_by_label("Seats").fill(str(seats))
    page.get_by_role("button", name="Open table").click()
    expect(page).to_have_url(re.compile(r"#/tables/[0-9a-f-]{36}$"))
    table_id = page.url.split("#/tables/", 1)[1]
    if person is not None:
        take_seat(page, person, 0)
    for seat in range(0 if person is None else 1, seats):
        page.locator(f'[data-key="bot-{seat}"]').click()
        expect(page.locator("#seats")).to_contain_text(f"{seat + 1}: Bot {seat + 1} (basic bot)")
    page.get_by_role("button", name="Start the game").click()
    return table_id
