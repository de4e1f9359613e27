"""Every Confirm gets an answer the player can see (docs/table-review.md, sixteenth session).

The table review saw, once in 44 Fantasy Ranch moves, a Confirm after which the action bar neither
emptied nor showed a refusal. The move had been taken within milliseconds; its answer left one legal
move ("End turn"), which the composer names at once, so the bar went straight to "Your move: End
turn" with Confirm enabled, and nothing said the press had counted. Tiny Duel with two cards in
hand does the same in a few moves: after the last card is played, a roll is the only move left.

Also here: a Confirm whose answer does not come (the request held, as a stalled connection would)
says so while it waits, is sent again with the same ``command_id`` (the move is taken once), and a
table that never answers is said to be unreachable, in words, and re-read once it answers.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, Route, expect

from tests.e2e.test_two_players import take_seat

MOVES = "**/api/tables/*/seats/0/moves*"


def duel_against_a_bot(page: Page) -> str:
    """Ann (seat 0) against a basic bot at a started Tiny Duel table, two cards in each hand; its id."""
    page.goto("/")
    page.get_by_label("Game").select_option("tiny_duel")
    page.locator("select[name=option-hand_size]").select_option("2")
    page.get_by_label("Seats").fill("2")
    page.get_by_role("button", name="Open table").click()
    expect(page).to_have_url(re.compile(r"#/tables/[0-9a-f-]{36}$"))
    take_seat(page, "Ann", 0)
    page.locator('[data-key="bot-1"]').click()
    expect(page.locator("#seats")).to_contain_text("2: Bot 2 (basic bot)")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#turn")).to_contain_text("Your turn")
    return page.url.split("#/tables/", 1)[1]


def stage_first_card(page: Page) -> str:
    """Choose the first card offered (a bid, or "play" then its card); the move as the bar says it."""
    options = page.locator("#moves button.option")
    expect(options.first).to_be_visible()
    if options.filter(has_text=re.compile(r"^play$")).count():
        options.filter(has_text=re.compile(r"^play$")).click()
    confirm = page.locator("#confirm")
    while not confirm.is_enabled():
        options.first.click()
    return page.locator("#choice").inner_text().removeprefix("Your move: ")


def set_timing(page: Page, **timing: int) -> None:
    """Shorten how long a command waits before it is called slow or sent again (the client's own
    ``COMMAND_TIMING``, the very module instance the table page imported)."""
    page.evaluate("async (t) => Object.assign((await import('/web/http.js')).COMMAND_TIMING, t)", timing)


def test_a_move_that_leaves_one_move_says_it_was_taken_and_a_double_click_does_not_send_the_next(new_page):
    page = new_page(390, 844)
    page.route("**/stream*", lambda route: route.abort())  # the answer alone must say it: no stream frame
    duel_against_a_bot(page)
    stage_first_card(page)
    page.locator("#confirm").click()  # the bid
    expect(page.locator("#composer-status")).to_have_text(re.compile(r"^Taken: bid · card \d+\.$"))
    played = stage_first_card(page)
    assert played.startswith("play · card"), played
    page.locator("#confirm").click()
    # The answer left one move, complete at once: the bar says the press counted, then names it.
    expect(page.locator("#composer-status")).to_have_text(f"Taken: {played}.")
    expect(page.locator("#choice")).to_have_text("Your move: roll")
    expect(page.locator("#log")).to_contain_text(f"You played card {played.rsplit(' ', 1)[1]}.")
    # The second click of a double click lands on the next move's Confirm: it sends nothing (a
    # send would disable Confirm and say "Sending" before the click returns).
    page.locator("#confirm").dispatch_event("click", {"detail": 2})
    expect(page.locator("#confirm")).to_be_enabled()
    expect(page.locator("#composer-status")).to_have_text(f"Taken: {played}.")
    page.locator("#confirm").click()  # a click of its own sends it
    expect(page.locator("#log")).to_contain_text("You rolled")
    assert page.errors == []


def test_a_confirm_without_an_answer_says_so_and_is_sent_again_once_with_the_same_command_id(new_page):
    page = new_page(390, 844)
    table_id = duel_against_a_bot(page)
    set_timing(page, slowMs=300, timeoutMs=4000)
    sent: list[dict] = []
    held: list[Route] = []

    def hold_two(route: Route) -> None:  # the first two attempts get no answer: a stalled connection
        sent.append(route.request.post_data_json)
        if len(sent) <= 2:
            held.append(route)
        else:
            route.continue_()

    page.route(MOVES, hold_two)
    bid = stage_first_card(page)
    page.locator("#confirm").click()
    status = page.locator("#composer-status")
    expect(page.locator("#confirm")).to_be_disabled()
    expect(status).to_have_text(f"Still sending your move: {bid}. The table has not answered yet…")
    expect(status).to_have_text(re.compile(r"^No answer yet: sending again \(try 2 of 3\)"))
    expect(status).to_have_text(f"Taken: {bid}.")
    expect(page.locator("#log")).to_contain_text(f"You bid card {bid.rsplit(' ', 1)[1]}.")
    assert len(sent) == 3 and len({body["command_id"] for body in sent}) == 1, sent
    # The first attempt, reaching the server late after all, is the same command: not taken again.
    token = page.evaluate(f"JSON.parse(localStorage.getItem('tabletop.seat.{table_id}.0')).token")
    late = page.request.post(f"/api/tables/{table_id}/seats/0/moves", data=json.dumps(sent[0]),
                             headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    assert late.ok and late.json()["duplicate"] is True, late.text()
    events = page.request.get(f"/api/tables/{table_id}/events?after=0&limit=1000",
                              headers={"Authorization": f"Bearer {token}"}).json()
    assert [e["text"] for e in events].count(f"You bid card {bid.rsplit(' ', 1)[1]}.") == 1
    assert page.errors == []


def test_a_confirm_answered_by_a_gateway_error_is_sent_again_and_a_refusal_is_not(new_page):
    page = new_page(1280, 900)
    duel_against_a_bot(page)
    sent: list[dict] = []

    def gateway_error_first(route: Route) -> None:  # a proxy in front of a restarting worker
        sent.append(route.request.post_data_json)
        if len(sent) == 1:
            route.fulfill(status=502, body="Bad Gateway", content_type="text/plain")
        else:
            route.continue_()

    page.route(MOVES, gateway_error_first)
    bid = stage_first_card(page)
    page.locator("#confirm").click()
    expect(page.locator("#composer-status")).to_have_text(f"Taken: {bid}.")
    assert len(sent) == 2 and sent[0]["command_id"] == sent[1]["command_id"], sent
    # A refusal is an answer: it is shown, never sent again.
    played = stage_first_card(page)
    page.unroute(MOVES, gateway_error_first)
    sent.clear()

    def refuse(route: Route) -> None:
        sent.append(route.request.post_data_json)
        route.fulfill(status=409, json={"error": "stale_version", "message": "the table is at another version", "version": 1})

    page.route(MOVES, refuse)
    page.locator("#confirm").click()
    expect(page.locator("#composer-refusal")).to_contain_text("Your move was refused: the table is at another version")
    assert len(sent) == 1 and sent[0]["move"]["type"] == "play", (played, sent)
    assert page.errors == []


def test_a_table_that_never_answers_a_confirm_is_said_to_be_unreachable_and_the_move_can_be_sent_again(new_page):
    page = new_page(1280, 900)
    duel_against_a_bot(page)
    set_timing(page, slowMs=200, timeoutMs=1000)
    held: list[Route] = []

    def hold(route: Route) -> None:  # no answer, ever
        held.append(route)

    page.route(MOVES, hold)
    bid = stage_first_card(page)
    page.locator("#confirm").click()
    refusal = page.locator("#composer-refusal")
    expect(refusal).to_have_text(re.compile(r"^Could not reach the table: the table did not answer \(3 tries, 1 s each\)\. "
                                            r"It may or may not have been taken"))
    assert len(held) == 3
    expect(page.locator("#confirm")).to_be_enabled()  # the choice is still there to send again
    expect(page.locator("#composer-status")).to_have_text("")
    # The table answers again: the same Confirm sends the move (a new command, at the version the
    # choice was made at, so a first attempt that had been taken after all would be refused, not repeated).
    page.unroute(MOVES, hold)
    page.locator("#confirm").click()
    expect(page.locator("#composer-status")).to_have_text(f"Taken: {bid}.")
    expect(page.locator("#log")).to_contain_text(f"You bid card {bid.rsplit(' ', 1)[1]}.")
    assert page.errors == []
