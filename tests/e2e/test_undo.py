"""Undo by consent in the browser: Ann asks to take back a move ("Undo this move" on its log line),
Bob is told what would be undone and approves (or rejects) on his page, and both logs mark the
undone entries; once the game is over, a table can be forked from its log."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.test_two_players import choose, open_table, play_first, said, take_seat


def play_a_card(page) -> str:
    """Play a card (not a roll) through the chooser: "play", then the first card offered; the card number."""
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    page.locator("#moves button.option", has_text="play").click()
    if not page.locator("#confirm").is_enabled():  # more than one card left: pick one
        page.locator("#moves button.option").first.click()
    card = re.search(r"card (\d+)$", page.locator("#choice").inner_text()).group(1)
    choose(page)
    return card


def bid_secretly(ann, bob) -> None:
    """Ann bids, then Bob once his page has seen her bid (a click on an older page is refused as stale)."""
    play_first(ann)
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."))
    play_first(bob)


def test_an_undo_across_another_players_move_needs_their_approval(new_page):
    ann, bob = new_page(), new_page()
    url = open_table(ann, undo="consent")
    take_seat(ann, "ann", 0)
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#seats")).to_contain_text("2: bob")
    ann.get_by_role("button", name="Start the game").click()

    # Both bid, then Ann and Bob each play a card.
    bid_secretly(ann, bob)
    ann_card = play_a_card(ann)
    bob_card = play_a_card(bob)
    bob_line = re.compile(rf"{said(1, 'bob')} played card {bob_card}\.")
    expect(ann.locator("#log")).to_contain_text(bob_line)

    # Ann asks to undo Bob's move ("Undo this move" on its line): back to the version before it.
    bob_entry = ann.locator("#log li", has_text=bob_line)
    version = int(bob_entry.locator(".v").inner_text().lstrip("v"))
    bob_entry.get_by_role("button", name="Undo this move").click()
    expect(ann.locator("#undo")).to_contain_text(f"You ask to undo back to version {version - 1}")
    expect(ann.locator("#undo")).to_contain_text("Waiting for bob to answer.")
    expect(ann.get_by_role("button", name="Withdraw my request")).to_be_visible()
    expect(ann.locator("#turn")).to_have_text("Play is paused: you ask to undo moves.")

    # Bob sees the request arrive live, with what it would take back, and approves it.
    expect(bob.locator("#undo")).to_contain_text("ann asks to undo")
    expect(bob.locator("#undo")).to_contain_text("Waiting for you to answer.")  # never "Waiting for You"
    expect(bob.locator("#undo .would-undo")).to_contain_text("This would take back one entry")
    expect(bob.locator("#undo .would-undo li")).to_have_text([re.compile(rf"^v{version} · {bob_line.pattern}")])
    bob.get_by_role("button", name="Approve undo").click()

    # Both logs now strike Bob's move through (and only it); it is Bob's turn again, his card back in hand.
    for page in (ann, bob):
        undone = page.locator("#log li.undone", has_text=bob_line)
        expect(undone).to_have_count(1)
        expect(undone.locator(".badge")).to_have_text("undone")
        expect(page.locator("#log li.undone")).to_have_count(1)
        expect(page.locator("#undo")).to_be_empty()
    expect(ann.locator("#log li", has_text=re.compile(rf"{said(0, 'ann')} played card {ann_card}\."))).not_to_have_class(re.compile("undone"))
    expect(bob.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    bob.locator("#moves button.option", has_text="play").click()
    expect(bob.get_by_role("button", name=f"card {bob_card}", exact=True)).to_be_visible()
    assert ann.errors == [] and bob.errors == []


def test_a_rejected_undo_changes_nothing_and_a_finished_table_can_be_forked(new_page):
    ann, bob = new_page(), new_page()
    url = open_table(ann, undo="consent")
    take_seat(ann, "ann", 0)
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#seats")).to_contain_text("2: bob")
    ann.get_by_role("button", name="Start the game").click()
    bid_secretly(ann, bob)
    play_a_card(ann)
    bob_card = play_a_card(bob)

    # Ann asks to undo Bob's move; Bob rejects; nothing is marked undone and Ann still has to play.
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(1, 'bob')} played card {bob_card}\."))
    ann.locator("#log li button", has_text="Undo this move").first.click()
    expect(bob.locator("#undo .would-undo")).to_contain_text("This would take back one entry")
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
    expect(ann.get_by_role("button", name="Take seat 1")).to_be_visible()
    assert ann.errors == [] and bob.errors == []
