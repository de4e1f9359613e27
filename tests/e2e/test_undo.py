"""Undo by consent in the browser: Ann asks to take back a move, Bob approves on his page, and
both logs mark the undone entries; once the game is over, a table can be forked from its log."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.test_two_players import move_buttons, open_table, take_seat


def play_a_card(page) -> str:
    """Click the first 'play card=N' button of the page; the card number."""
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    choice = next(t for t in move_buttons(page) if t.startswith("play "))
    page.get_by_role("button", name=choice, exact=True).click()
    return choice.split("=")[1]


def bid_secretly(ann, bob) -> None:
    """Ann bids, then Bob once his page has seen her bid (a click on an older page is refused as stale)."""
    expect(ann.locator("#moves button.move").first).to_be_visible()
    ann.locator("#moves button.move").first.click()
    expect(bob.locator("#log")).to_contain_text("ann placed a secret bid.")
    bob.locator("#moves button.move").first.click()


def test_an_undo_across_another_players_move_needs_their_approval(new_page):
    ann, bob = new_page(), new_page()
    url = open_table(ann, undo="consent")
    take_seat(ann, "ann", 0)
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#seats")).to_contain_text("1: bob")
    ann.get_by_role("button", name="Start the game").click()

    # Both bid, then Ann and Bob each play a card.
    bid_secretly(ann, bob)
    ann_card = play_a_card(ann)
    bob_card = play_a_card(bob)
    expect(ann.locator("#log")).to_contain_text(f"bob played card {bob_card}.")

    # Ann asks to go back to right after her own move: that crosses Bob's move, so Bob must agree.
    ann_entry = ann.locator("#log li", has_text=f"You played card {ann_card}.")
    version = int(ann_entry.locator(".v").inner_text().lstrip("v"))
    ann_entry.get_by_role("button", name=f"Undo back to version {version}", exact=True).click()
    expect(ann.locator("#undo")).to_contain_text(f"asks to undo back to version {version}")
    expect(ann.locator("#undo")).to_contain_text("Waiting for bob")
    expect(ann.get_by_role("button", name="Withdraw my request")).to_be_visible()
    expect(ann.locator("#turn")).to_have_text("Play is paused while an undo request is open.")

    # Bob sees the request arrive live and approves it.
    expect(bob.locator("#undo")).to_contain_text("ann asks to undo")
    bob.get_by_role("button", name="Approve undo").click()

    # Both logs now strike Bob's move through; it is Bob's turn again, with his card back in hand.
    for page in (ann, bob):
        said = f"{'bob' if page is ann else 'You'} played card {bob_card}."
        undone = page.locator("#log li.undone", has_text=said)
        expect(undone).to_have_count(1)
        expect(undone.locator(".badge")).to_have_text("undone")
        expect(page.locator("#undo")).to_be_empty()
    expect(bob.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    expect(bob.get_by_role("button", name=f"play card={bob_card}", exact=True)).to_be_visible()
    assert ann.errors == [] and bob.errors == []


def test_a_rejected_undo_changes_nothing_and_a_finished_table_can_be_forked(new_page):
    ann, bob = new_page(), new_page()
    url = open_table(ann, undo="consent")
    take_seat(ann, "ann", 0)
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#seats")).to_contain_text("1: bob")
    ann.get_by_role("button", name="Start the game").click()
    bid_secretly(ann, bob)
    play_a_card(ann)
    bob_card = play_a_card(bob)

    # Ann asks to undo Bob's move; Bob rejects; nothing is marked undone and Ann still has to play.
    expect(ann.locator("#log")).to_contain_text(f"bob played card {bob_card}.")
    ann.locator("#log li button", has_text="Undo to here").first.click()
    bob.get_by_role("button", name="Reject undo").click()
    expect(ann.locator("#undo")).to_be_empty()
    expect(ann.locator("#log li.undone")).to_have_count(0)
    play_a_card(ann)
    play_a_card(bob)

    # Game over: any entry of the game can start a new table (a fork) with the seats free again.
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Game over"))
    ann.locator("#log li button", has_text="Fork from here").first.click()
    expect(ann).not_to_have_url(url)
    expect(ann).to_have_url(re.compile(r"#/tables/[0-9a-f-]{36}$"))
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Waiting for players"))
    expect(ann.locator("#table-facts")).to_contain_text("forked from version")
    expect(ann.get_by_role("button", name="Take seat 0")).to_be_visible()
    assert ann.errors == [] and bob.errors == []
