"""The lobby: games and their options come from the API; a refused table shows the API's reason;
open tables are listed with their game, status and free seats."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.test_two_players import assert_labelled, open_table, take_seat


def test_the_lobby_offers_each_game_with_its_options_and_seat_range(new_page):
    page = new_page(width=360, height=740)  # a phone
    page.goto("/")
    page.get_by_label("Game").select_option("tiny_duel")
    expect(page.get_by_label("Seats")).to_have_attribute("min", "2")
    expect(page.get_by_label("Seats")).to_have_attribute("max", "4")
    # Tiny Duel's one option, labelled in words from its description, with its choices and its default selected.
    hand = page.get_by_label("Hand size")
    expect(page.locator("form")).not_to_contain_text("hand_size")
    expect(page.locator("form .options .hint")).to_have_text("cards dealt to each seat")
    expect(hand.locator("option")).to_have_text(["2", "3"])
    expect(hand).to_have_value("1")  # the index of the default (3)
    expect(page.get_by_label("Undo").locator("option")).to_have_text(["consent", "free", "off"])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_labelled(page)


def test_a_refused_table_shows_the_reason_and_an_opened_one_is_listed(new_page):
    page = new_page()
    page.goto("/")
    page.get_by_label("Game").select_option("tiny_duel")
    # Get past the browser's own range check, so the API is the one that refuses.
    page.get_by_label("Seats").evaluate("input => input.removeAttribute('max')")
    page.get_by_label("Seats").fill("9")
    page.get_by_role("button", name="Open table").click()
    error = page.locator("form .error")
    expect(error).to_contain_text("Tiny Duel seats 2 to 4 players, not 9")
    expect(error).to_contain_text("invalid_options")
    assert page.url.endswith("/")  # still in the lobby

    # A table opened in another browser appears in this lobby with its free seats.
    other = new_page()
    url = open_table(other, seats=3)
    table_id = url.rsplit("/", 1)[1]
    row = page.locator("li.table-row", has=page.locator(f'a[href="#/tables/{table_id}"]'))
    expect(row).to_contain_text(re.compile(r"Tiny Duel\s*open"))
    expect(row).to_contain_text("3 seats · 3 free")
    expect(row).not_to_contain_text("your seat")
    expect(row.get_by_role("link", name="Join Tiny Duel")).to_have_attribute("href", f"#/tables/{table_id}")

    # The browser that sits at the table finds it marked in its lobby.
    take_seat(other, "ann", 1)
    other.get_by_role("link", name="Lobby").click()
    other_row = other.locator("li.table-row", has=other.locator(f'a[href="#/tables/{table_id}"]'))
    expect(other_row).to_contain_text("your seat 2")  # seat 1 of the API: people count from 1
    expect(other_row.get_by_role("link", name="Join Tiny Duel")).to_have_count(0)  # already seated here
    row.get_by_role("link", name="Join Tiny Duel").click()
    expect(page.locator("#table-title")).to_have_text("Tiny Duel")
    assert page.errors == [] and other.errors == []
