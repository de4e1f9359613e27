"""Seats in the browser: leaving before the start frees the seat; leaving during play hands it to
a bot and the page turns into a spectator's; several seats in one browser can be played in turn."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.test_two_players import open_table, play_first, said, take_seat


def held_tokens(page) -> list[str]:
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tabletop.seat.'))")


def test_leaving_frees_the_seat_before_the_start_and_hands_it_to_a_bot_during_play(new_page):
    ann = new_page()
    open_table(ann)
    take_seat(ann, "ann", 0)
    assert len(held_tokens(ann)) == 1
    ann.get_by_role("button", name="Leave").click()
    ann.get_by_role("button", name="Yes, leave").click()  # Leave asks first
    expect(ann.get_by_role("button", name="Take seat 1")).to_be_visible()
    assert held_tokens(ann) == []

    take_seat(ann, "ann", 0)
    ann.get_by_role("button", name="Add a bot").click()
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator("#moves button.option").first).to_be_visible()
    ann.get_by_role("button", name="Leave (a bot plays on)").click()
    ann.get_by_role("button", name="Yes, leave").click()
    # The seat is a bot's now: this browser forgets its token and watches, without an error.
    expect(ann.locator("#seats")).to_contain_text("1: ann (basic bot)")
    expect(ann.locator("#moves")).to_contain_text(re.compile(r"You are watching|Game over"))
    expect(ann.locator("#view")).to_contain_text("hand: —")
    assert held_tokens(ann) == []
    expect(ann.locator("#notice")).not_to_contain_text("refused")
    assert ann.errors == []


def test_one_browser_can_hold_two_seats_and_play_as_either(new_page):
    page = new_page()
    open_table(page)
    take_seat(page, "ann", 0)
    page.get_by_label("Your name").fill("ann-too")
    page.get_by_role("button", name="Take seat 2").click()
    play_as = page.get_by_label("Play as")
    expect(play_as.locator("option")).to_have_count(2)
    page.get_by_role("button", name="Start the game").click()

    # Seat 1 (taken last) is the one shown; bid for it, then switch to seat 0 and bid for that one.
    expect(play_as).to_have_value("1")
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    play_first(page)
    expect(page.locator("#log")).to_contain_text(re.compile(rf"{said(1, 'ann-too')} bid card \d+\."))
    play_as.select_option("0")
    expect(page.locator("#log")).to_contain_text(re.compile(rf"{said(1, 'ann-too')} placed a secret bid\."))  # seat 0's eyes now
    play_first(page)
    expect(page.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} bid card \d+\."))
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Your turn"))  # the turns start with seat 0
    assert page.errors == []


def test_a_forged_token_in_storage_makes_a_spectator_and_an_unknown_table_says_so(new_page):
    page = new_page()
    url = open_table(page)
    take_seat(page, "ann", 0)
    table_id = url.rsplit("/", 1)[1]
    # Someone tampers with the stored token: the API refuses it (401) and the page watches instead.
    page.evaluate("""(id) => localStorage.setItem(`tabletop.seat.${id}.0`,
        JSON.stringify({token: 't1.0.2.' + '0'.repeat(64), name: 'ann'}))""", table_id)
    page.reload()
    expect(page.locator("#notice")).to_contain_text("no longer valid")
    expect(page.locator("#moves")).to_contain_text("You are watching.")
    assert held_tokens(page) == []

    # An address without a table gets one clear message (and a way back), whatever its form.
    for address in ("/#/tables/00000000-0000-4000-8000-000000000000", "/#/tables/not-a-table"):
        page.goto(address)
        expect(page.locator("#table-title")).to_have_text("No such table")
        expect(page.get_by_role("alert")).to_have_text(re.compile(r"^There is no table at this address"))
        expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
    assert page.errors == []
