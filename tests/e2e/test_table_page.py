"""The table page as a game table: the shell every board stands on (issue 12, client side).

Tiny Duel has no board module, so most stories play it through the generic move chooser; the ones
about board hosting serve a test-only board (``tests/e2e/boards/tiny_duel.js``) in place of the
registry, so the real shell code mounts it with the documented props. Three browser contexts (Ann,
Bob, a spectator) agree on who is who and whose turn it is; replay moves board, scores and log
together and lives in the address; the composer narrows, cancels and shows refusals beside Confirm;
an opening is playable by keyboard alone.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.e2e.helpers import open_with_bots
from tests.e2e.test_two_players import (
    api_view,
    assert_labelled,
    choices,
    choose,
    open_table,
    play_first,
    said,
    take_seat,
)

BOARD = (Path(__file__).parent / "boards" / "tiny_duel.js").read_text(encoding="utf-8")
REGISTRY = "export async function boardFor(game) { return game === 'tiny_duel' ? (await import('./tiny_duel.js')).default : null; }"
#: The props docs/web.md "Board modules" promises every board.
DOCUMENTED_PROPS = sorted(["game", "table", "catalog", "view", "viewer", "seats", "name", "colour", "status", "toAct", "version",
                           "replaying", "composer", "propose", "scores", "recent"])


def with_test_board(page: Page) -> Page:
    """Serve the test board for Tiny Duel (the registry and the module), as a game's board would be served."""
    page.route("**/web/games/index.js", lambda route: route.fulfill(body=REGISTRY, content_type="text/javascript"))
    page.route("**/web/games/tiny_duel.js", lambda route: route.fulfill(body=BOARD, content_type="text/javascript"))
    return page


def board_move(page: Page, name: re.Pattern) -> None:
    """Click a board target (it chooses: the move is staged in the action bar), then Confirm sends it."""
    page.get_by_role("button", name=name).first.click()
    confirm = page.locator("#confirm")
    expect(confirm).to_be_enabled()
    confirm.click()


CARD = re.compile(r"^Card \d+$")


def seated_pair(new_page, *, board: bool = False) -> tuple[Page, Page, str]:
    """Ann (seat 0) and Bob (seat 1) at a started Tiny Duel table, each in their own context."""
    ann, bob = new_page(), new_page()
    if board:
        with_test_board(ann), with_test_board(bob)
    url = open_table(ann)
    take_seat(ann, "ann", 0)
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#seats")).to_contain_text("2: bob")
    ann.get_by_role("button", name="Start the game").click()
    expect(bob.locator("#turn")).to_have_text(re.compile(r"Your turn|Bidding"))
    return ann, bob, url


CHIP_COLOURS = """() => {
    const out = {};
    for (const chip of document.querySelectorAll('[class*="seat-c"] .chip, .seat-c0.chip, .seat-c1.chip')) {
        const seat = chip.closest('[class*="seat-c"]').className.match(/seat-c(\\d+)/)[1];
        (out[seat] ||= new Set()).add(getComputedStyle(chip).backgroundColor);
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
}"""


def test_two_players_and_a_spectator_agree_on_status_names_and_colours_and_see_moves_live(new_page):
    ann, bob, url = seated_pair(new_page)
    sam = new_page()
    sam.goto(url)

    # Whose turn, in words, on every page: both must bid; the spectator waits for both.
    expect(ann.locator("#turn")).to_have_text("Your turn: choose a move (bid). bob is choosing too.")
    expect(bob.locator("#turn")).to_have_text("Your turn: choose a move (bid). ann is choosing too.")
    expect(sam.locator("#turn")).to_have_text("Waiting for ann and bob.")
    for page in (ann, bob, sam):
        expect(page.locator("#legend li")).to_have_text([re.compile(r"^ann"), re.compile(r"^bob")])

    # Ann bids: it reaches Bob and Sam without a reload, and all three now wait for Bob alone.
    before = sam.locator("#log li").count()
    play_first(ann)
    for page in (bob, sam):
        expect(page.locator("#log li")).to_have_count(before + 1)
        expect(page.locator("#log li").first).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."))
    expect(ann.locator("#turn")).to_have_text("Waiting for bob.")
    expect(bob.locator("#turn")).to_have_text("Your turn: choose a move (bid).")
    expect(sam.locator("#turn")).to_have_text("Waiting for bob.")

    # One colour per seat, the same on every page and in every place a seat is shown (legend, seats,
    # log, scores), and the two seats' colours differ.
    play_first(bob)
    for page in (ann, bob, sam):
        expect(page.locator("#scores tbody tr")).to_have_count(2)
    colours = [page.evaluate(CHIP_COLOURS) for page in (ann, bob, sam)]
    assert colours[0] == colours[1] == colours[2]
    assert len(colours[0]["0"]) == 1 and len(colours[0]["1"]) == 1 and colours[0]["0"] != colours[0]["1"]
    assert sam.locator("#scores tbody tr.seat-c0 .chip").count() == 1 and sam.locator("#log li.seat-c1 .chip").count() >= 1
    for page in (ann, bob, sam):
        assert page.errors == []


def test_replay_moves_board_scores_and_log_together_and_the_address_holds_it(new_page):
    ann, bob, url = seated_pair(new_page, board=True)
    board_move(ann, CARD)  # single-part: the board proposes it, Confirm sends it
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."))
    board_move(bob, CARD)
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn — Turns: play a card or roll"))
    board_move(ann, CARD)
    expect(bob.locator("#turn")).to_have_text(re.compile(r"^Your turn — Turns: play a card or roll"))
    # The board and the log settle on the same head version (the board may draw a moment after the log).
    ann.wait_for_function(
        "() => window.__board && `v${window.__board.version}` === document.querySelector('#log li .v')?.textContent",
        timeout=10_000)
    head = ann.evaluate("window.__board.version")
    assert head == int(ann.locator("#log li .v").first.inner_text().lstrip("v"))
    # Ann's move is done when focus rests on the status line: the stream can draw the new version
    # before her own command's answer is handled, and that handling moves focus (off the slider).
    expect(ann.locator("#turn")).to_be_focused()

    # Two steps back on the slider (keyboard): the board, the scores and the log all show that version.
    slider = ann.get_by_label("Version shown")
    slider.focus()
    expect(slider).to_be_focused()
    ann.keyboard.press("ArrowLeft")
    ann.keyboard.press("ArrowLeft")
    at = head - 2
    expect(ann).to_have_url(re.compile(rf"\?at={at}$"))
    expect(ann.locator("#view-title")).to_have_text(f"What you saw at version {at}")
    expect(ann.locator("#scores caption")).to_have_text(f"Scores at version {at}")
    expect(ann.locator("#log li .v").first).to_have_text(f"v{at}")
    expect(ann.locator("#log-note")).to_contain_text("2 later entries are hidden")
    board = ann.evaluate("window.__board")
    assert board["version"] == at and board["replaying"] is True and board["composerMoves"] == 0
    expect(ann.locator("#replay-banner")).to_contain_text(f"You are looking at version {at} of {head}")
    expect(ann.locator("#replay-banner")).to_contain_text("Live play goes on")  # the table runs on meanwhile
    past_hand = ann.evaluate("window.__board.hand")

    # The address opens at that version for whoever follows it, with their own eyes: a spectator's.
    sam = with_test_board(new_page())
    sam.goto(ann.url)
    expect(sam.locator("#view-title")).to_have_text(f"What you saw at version {at}")
    expect(sam.locator("#scores caption")).to_have_text(f"Scores at version {at}")
    expect(sam.get_by_role("button", name="Back to now")).to_be_visible()
    assert sam.evaluate("window.__board.version") == at and sam.evaluate("window.__board.hand") is None
    assert past_hand  # Ann saw her hand then; the spectator sees none
    expect(sam.locator("#view")).to_contain_text("hand: —")
    expect(sam.locator("#view")).not_to_contain_text(f"hand: {json.dumps(past_hand, separators=(',', ':'))}")

    # A live update (Bob plays) does not move Ann's replay; the slider's end grows; Back to now returns.
    board_move(bob, re.compile(r"^Card \d+$|^Roll the die$"))
    expect(ann.locator("#replay-at")).to_have_text(f"version {at} of {head + 1}")
    expect(ann.locator("#view-title")).to_have_text(f"What you saw at version {at}")
    assert ann.url.endswith(f"?at={at}") and ann.evaluate("window.__board.version") == at
    ann.get_by_role("button", name="Back to now").click()
    expect(ann.locator("#view-title")).to_have_text("What you see")
    expect(ann).to_have_url(re.compile(r"#/tables/[0-9a-f-]{36}$"))
    assert ann.evaluate("window.__board") ["version"] == head + 1
    assert ann.errors == [] and sam.errors == [] and bob.errors == []


def test_a_board_module_gets_the_documented_props_and_every_target_has_a_name(new_page):
    ann, bob, url = seated_pair(new_page, board=True)
    # seated_pair waits for Bob's page; Ann's may still be drawing the table before the start.
    ann.wait_for_function("() => window.__board && window.__board.hand && window.__board.composerMoves > 0")
    board = ann.evaluate("window.__board")
    assert board["keys"] == DOCUMENTED_PROPS
    assert board["viewer"] == 0 and board["names"] == ["You", "bob"] and board["replaying"] is False
    assert board["hand"] == api_view(ann, url, 0)["hand"] and board["composerMoves"] == len(board["hand"])
    assert board["colours"][0] != board["colours"][1]
    # The board's own words lead the status line; the Details panel (the view as data) stays folded.
    expect(ann.locator("#turn")).to_have_text("Your turn — Bidding: choose a card to bid. bob is choosing too.")
    expect(ann.locator("#details")).not_to_have_attribute("open", "")
    # Every target is a named, focusable button; Enter on one chooses it (a single-part move): the
    # move waits in the action bar, in words, with focus on Confirm; nothing is sent until Enter again.
    targets = ann.locator("#board [role=button]")
    expect(targets).to_have_count(len(board["hand"]))
    assert ann.evaluate("""() => [...document.querySelectorAll('#board [role=button]')]
        .every(el => el.getAttribute('aria-label') && el.getAttribute('tabindex') === '0')""")
    assert_labelled(ann)
    entries = ann.locator("#log li").count()
    targets.first.focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#choice")).to_have_text(re.compile(r"^Your move: bid · card \d+$"))
    expect(ann.locator("#confirm")).to_be_focused()
    expect(ann.locator("#log li")).to_have_count(entries)
    ann.keyboard.press("Enter")
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} bid card \d+\."))
    expect(ann.locator("#board [role=button]")).to_have_count(0)  # nothing left to play: no target
    expect(ann.locator("#turn")).to_have_text("Waiting for bob.")
    assert ann.errors == [] and bob.errors == []


def test_the_composer_narrows_a_two_part_move_cancels_and_shows_a_refusal_beside_confirm(new_page):
    ann, bob, url = seated_pair(new_page)
    play_first(ann)
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."))

    # A stale client: the legal list Ann's page reads is edited in flight to offer a card she does not
    # hold, so the server (which knows the rules) refuses it with its rule id.
    def offer_a_bogus_card(route):
        try:
            answer = route.fetch()
            body = answer.json()
            if any(m.get("type") == "play" for m in body["moves"]):
                body["moves"].append({"type": "play", "card": 99})
            route.fulfill(response=answer, json=body)
        except PlaywrightError:  # the page closed while a read was in flight (test teardown)
            pass

    ann.route("**/legal-moves", offer_a_bogus_card)
    play_first(bob)
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    hand = api_view(ann, url, 0)["hand"]
    expect(ann.locator("#moves button.option")).to_have_text([f"play ({len(hand) + 1} choices)", "roll"])

    # "play" narrows the legal set to the play moves; the bar shows the choice so far; Confirm waits.
    ann.locator("#moves button.option", has_text="play").click()
    expect(ann.locator("#moves button.option")).to_have_text([f"card {c}" for c in hand] + ["card 99"])
    expect(ann.locator("#choice")).to_have_text("Your choice so far: play")
    expect(ann.locator("#confirm")).to_be_disabled()
    # Cancel clears it; so does Escape.
    ann.get_by_role("button", name="Cancel").click()
    expect(ann.locator("#moves button.option")).to_have_text([f"play ({len(hand) + 1} choices)", "roll"])
    expect(ann.get_by_role("button", name="Cancel")).to_be_disabled()
    ann.locator("#moves button.option", has_text="play").click()
    ann.locator("#moves button.option", has_text=re.compile(rf"^card {hand[0]}$")).click()
    expect(ann.locator("#choice")).to_have_text(f"Your move: play · card {hand[0]}")
    ann.keyboard.press("Escape")
    expect(ann.locator("#choice")).to_have_text("Choose a move.")

    # The refused move: its reason and rule id appear beside Confirm (an alert, so it is announced),
    # and focus is not moved onto another move.
    choose(ann, "play", "card 99")
    refusal = ann.locator("#composer-refusal")
    expect(refusal).to_contain_text("rule TD-R5")
    expect(refusal).to_contain_text("does not hold card 99")
    expect(refusal).to_have_attribute("role", "alert")
    assert ann.evaluate("!document.activeElement.closest('#moves') && !document.activeElement.matches('#board *')")
    assert ann.evaluate("document.activeElement.id") in ("confirm", "turn", "composer", "moves")
    assert ann.errors == [] and bob.errors == []
    ann.unroute("**/legal-moves")


def tab_to(page: Page, name: re.Pattern, limit: int = 60) -> None:
    """Press Tab until the focused element's name (aria-label or text) matches."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate("(document.activeElement.getAttribute('aria-label') || document.activeElement.textContent || '').trim()")
        if name.search(focused):
            return
    raise AssertionError(f"Tab never reached {name.pattern}")


def test_an_opening_is_playable_by_keyboard_alone(new_page):
    ann, bob, url = seated_pair(new_page)
    for page in (ann, bob):
        page.reload()  # start from the top of a fresh page, keyboard only from here
        expect(page.locator("#moves button.option").first).to_be_visible()

    # The skip link comes first and lands on the status line.
    ann.keyboard.press("Tab")
    expect(ann.get_by_role("link", name="Skip to the content")).to_be_focused()
    ann.keyboard.press("Enter")
    expect(ann.locator("#turn")).to_be_focused()

    # Ann bids: Tab to a card, Enter; Escape takes it back; Tab, Enter, Enter (Confirm) sends it.
    tab_to(ann, re.compile(r"^card \d+$"))
    ann.keyboard.press("Enter")
    expect(ann.locator("#confirm")).to_be_focused()
    ann.keyboard.press("Escape")
    expect(ann.locator("#choice")).to_have_text("Choose a move.")
    tab_to(ann, re.compile(r"^card \d+$"))
    ann.keyboard.press("Enter")
    ann.keyboard.press("Enter")
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} bid card \d+\."))

    # Bob bids the same way.
    tab_to(bob, re.compile(r"^card \d+$"))
    bob.keyboard.press("Enter")
    bob.keyboard.press("Enter")
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn"))

    # Ann's first turn, a two-part move: "play", then a card, then Confirm.
    tab_to(ann, re.compile(r"^play"))
    ann.keyboard.press("Enter")
    expect(ann.locator("#chooser-title")).to_be_focused()  # the next choice, not a move
    tab_to(ann, re.compile(r"^card \d+$"))
    card = ann.evaluate("document.activeElement.textContent").split()[-1]
    ann.keyboard.press("Enter")
    expect(ann.locator("#confirm")).to_be_focused()
    ann.keyboard.press("Enter")
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} played card {card}\."))
    expect(ann.locator("#turn")).to_be_focused()
    expect(ann.locator("#turn")).to_have_text("Waiting for bob.")
    assert ann.errors == [] and bob.errors == []


def test_leave_asks_first_and_stay_keeps_the_seat(new_page):
    ann, bob, url = seated_pair(new_page)
    ann.get_by_role("button", name="Leave (a bot plays on)").click()
    dialog = ann.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Leave this table? A bot takes your seat")
    expect(ann.get_by_role("button", name="Stay")).to_be_focused()
    ann.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    expect(ann.locator("#seats li.mine")).to_contain_text("1: ann (you)")
    expect(bob.locator("#seats")).not_to_contain_text(" bot)")
    # Escape answers Stay too, and gives focus back to the Leave button.
    ann.get_by_role("button", name="Leave (a bot plays on)").click()
    expect(dialog).to_be_visible()
    ann.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(ann.get_by_role("button", name="Leave (a bot plays on)")).to_be_focused()
    assert choices(ann)
    assert ann.errors == [] and bob.errors == []


def test_previous_and_next_round_jump_to_where_the_views_round_changes(new_page):
    # Homesteaders' view has a `round`; two bots play a whole game in about a second.
    page = new_page()
    table_id = open_with_bots(page, "homesteaders", 2)
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Game over"), timeout=60_000)
    round_at = """async ([id, v]) => (await (await fetch(`/api/tables/${id}/view?version=${v}`)).json()).view?.round ?? null"""

    page.get_by_role("button", name="First version").click()
    seen = []
    for _ in range(3):
        before = page.url
        page.get_by_role("button", name="Next round").click()
        expect(page).not_to_have_url(before)
        at = int(page.url.rsplit("?at=", 1)[1])
        # A round starts here: the round differs from the version before.
        assert page.evaluate(round_at, [table_id, at]) != page.evaluate(round_at, [table_id, at - 1])
        expect(page.locator("#replay-at")).to_contain_text(f"version {at} of")
        seen.append(at)
    assert seen == sorted(seen) and len(set(seen)) == 3
    page.get_by_role("button", name="Previous round").click()
    expect(page).to_have_url(re.compile(rf"\?at={seen[1]}$"))
    assert page.errors == []


def test_a_numeric_field_with_many_legal_values_is_a_bounded_stepper_not_a_button_each(new_page):
    # Homesteaders' take_debt has one legal move per count: the chooser offers a stepper over them.
    page = new_page()
    table_id = open_with_bots(page, "homesteaders", 2, "alice")
    expect(page.locator(".badge.status-running")).to_be_visible()  # Start pressed is not yet started
    counts = page.evaluate("""async (id) => {
        const token = JSON.parse(localStorage.getItem(`tabletop.seat.${id}.0`)).token;
        const r = await fetch(`/api/tables/${id}/seats/0/legal-moves`, {headers: {Authorization: `Bearer ${token}`}});
        return (await r.json()).moves.filter(m => m.type === 'take_debt').map(m => m.count);
    }""", table_id)
    assert len(counts) >= 7
    if page.locator("#move-list").count():  # with the game's board, the chooser is the folded "Moves as a list"
        page.locator("#move-list > summary").click()
    page.locator("#moves button.option", has_text="take debt").click()
    stepper = page.get_by_role("group", name="count", exact=True)
    expect(stepper).to_be_visible()
    expect(page.locator("#moves button.option")).to_have_count(0)  # no button per value
    expect(stepper.get_by_role("slider")).to_have_attribute("max", str(len(set(counts)) - 1))
    stepper.get_by_role("button", name="count: more").click()
    stepper.get_by_role("button", name="count: more").click()
    stepper.get_by_role("button", name="Choose count", exact=True).click()
    third = sorted(set(counts))[2]
    expect(page.locator("#choice")).to_have_text(f"Your move: take debt · count {third}")
    expect(page.locator("#confirm")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#log li").first).to_contain_text(f"took {third} debt")
    assert page.errors == []


def test_a_list_field_is_chosen_one_item_at_a_time_then_in_order(new_page):
    # Bunny Kingdom's draft plays two cards as one list field: n cards make n(n-1) ordered pairs, which
    # the chooser offers as n cards, then the n-1 left, then the order of the two.
    page = new_page()
    open_with_bots(page, "bunny_kingdom", 3, "alice")  # at 3 seats nothing is discarded: the play list is the only choice
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Round 1|^Your turn"))
    if page.locator("#move-list").count():  # with the game's board, the chooser is the folded "Moves as a list"
        page.locator("#move-list > summary").click()
    title = page.locator("#chooser-title")
    expect(title).to_have_text(re.compile(r"\(one at a time\)$"))
    first = choices(page)  # one option per card in hand (two copies of a card read alike)
    assert len(first) >= 3
    page.locator("#moves button.option").first.click()
    second = choices(page)
    assert len(second) == len(first) - 1 and second.count(first[0]) == first.count(first[0]) - 1
    # the second card is one of another name (a hand may hold two copies of the first, whose two
    # orders would read alike), so the order step shows two orders that read differently
    other = next(index for index, name in enumerate(second) if name != first[0])
    page.locator("#moves button.option").nth(other).click()
    orders = choices(page)  # the same two cards, in either order
    assert len(orders) == 2 and orders[0] != orders[1]
    picked = [name.removeprefix("play ") for name in (first[0], second[other])]
    assert sorted(orders) == sorted([f"play {picked[0]}, {picked[1]}", f"play {picked[1]}, {picked[0]}"])
    page.locator("#moves button.option").first.click()
    expect(page.locator("#confirm")).to_be_enabled()
    before = page.locator("#log li").count()
    page.locator("#confirm").click()
    expect(page.locator("#log li")).not_to_have_count(before)
    assert page.errors == []


def test_after_its_own_move_the_page_draws_the_next_moves_from_the_answer_without_asking_again(new_page):
    # Issue 39, one round trip per move: the move's answer lists the seat's legal moves at its
    # version (?legal_moves=true); the bots play inline, so that version is the one drawn next.
    page = new_page()
    open_with_bots(page, "bunny_kingdom", 3, "alice")
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Round 1|^Your turn"))
    requests: list[tuple[str, str]] = []
    page.on("request", lambda r: requests.append((r.method, r.url)))
    if page.locator("#move-list").count():
        page.locator("#move-list > summary").click()
    hand = len(choices(page))
    for _ in range(3):  # a card, the other card, their order
        page.locator("#moves button.option").first.click()
    expect(page.locator("#confirm")).to_be_enabled()
    before = page.locator("#log li").count()
    page.locator("#confirm").click()
    expect(page.locator("#log li")).to_have_count(before + 3)  # Alice's pick and both bots'
    expect(page.locator("#moves button.option")).to_have_count(hand - 2)  # the next pick's cards, drawn
    posts = [i for i, (method, url) in enumerate(requests) if method == "POST" and url.endswith("/moves?legal_moves=true")]
    assert len(posts) == 1, requests
    reads = [url for method, url in requests[posts[0]:] if method == "GET" and "/legal-moves" in url]
    assert reads == [], reads  # the answer's list was drawn: no GET legal-moves after the move
    assert page.errors == []


def test_the_score_chart_draws_every_seats_total_from_the_score_history(new_page):
    ann, bob, url = seated_pair(new_page)
    for page in (ann, bob):  # bids, then one turn each
        play_first(page)
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    play_first(ann)
    expect(bob.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    table_id = url.split("#/tables/", 1)[1]
    # The history once it has caught up with the table (its read model may trail the last move).
    history = ann.wait_for_function("""async (id) => {
        const version = (await (await fetch(`/api/tables/${id}`)).json()).version;
        const points = (await (await fetch(`/api/tables/${id}/scores/history`)).json()).points;
        return points.length && points[points.length - 1].version === version ? points : null;
    }""", arg=table_id).json_value()
    totals = history[-1]["totals"]
    for page in (ann, bob):
        chart = page.locator("#chart svg[role=img]")
        expect(chart.locator("path.line")).to_have_count(2)  # one line per seat, in the seat's colour
        # Each page's chart names each seat's last total (waiting for a redraw still on its way).
        seat0, seat1 = f"{'You' if page is ann else 'ann'} {totals['0']}", f"{'You' if page is bob else 'bob'} {totals['1']}"
        expect(chart).to_have_attribute("aria-label", re.compile(
            rf"^Score over the game(?=.*{re.escape(seat0)}(?!\d))(?=.*{re.escape(seat1)}(?!\d))"))
        strokes = chart.locator("path.line").evaluate_all("els => els.map(e => e.getAttribute('stroke'))")
        assert strokes == [page.evaluate("(s) => getComputedStyle(document.querySelector('.table-page')).getPropertyValue(`--seat-${s}`).trim()", s) for s in (0, 1)]
    # Replaying marks the version shown on the chart.
    ann.locator("#log li a.v").nth(2).click()
    expect(ann.locator("#chart line.marker")).to_have_count(1)
    # A server without the endpoint (404): no chart, and no error.
    sam = new_page()
    sam.route("**/scores/history*", lambda route: route.fulfill(status=404, json={"error": "not_found", "message": "no"}))
    sam.goto(url)
    expect(sam.locator("#scores .score-line li")).to_have_count(2)
    expect(sam.locator("#score-more > summary")).to_have_text("Breakdown by source")
    sam.locator("#score-more > summary").click()
    expect(sam.locator("#scores table")).to_be_visible()
    expect(sam.locator("#chart")).to_be_empty()
    assert ann.errors == [] and bob.errors == [] and sam.errors == []


def test_beside_a_board_the_score_breakdown_never_hides_its_total_behind_a_scroll(new_page):
    ann, bob, url = seated_pair(new_page, board=True)
    inside = """() => {
        const box = document.querySelector('#scores .scroll').getBoundingClientRect();
        return [...document.querySelectorAll('#scores td.total')].every((td) => {
            const r = td.getBoundingClientRect();
            return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
        });
    }"""
    # In view: one line per player, best first, with the total; the breakdown one tap below.
    table_id = url.split("#/tables/", 1)[1]
    scores = ann.evaluate("async (id) => (await (await fetch(`/api/tables/${id}/scores`)).json())", table_id)
    lines = ann.locator("#scores .score-line li")
    expect(lines).to_have_count(2)
    for line, seat in zip(lines.all(), scores["ranking"], strict=True):
        expect(line).to_have_class(re.compile(rf"\bseat-c{seat}\b"))
        expect(line.locator(".total")).to_have_text(str(scores["totals"][str(seat)]))
    expect(ann.locator("#scores table")).to_be_hidden()
    ann.locator("#score-more > summary").click()
    for width in (1280, 900, 780):  # the side column beside the board gets narrower; the table stacks when it must
        ann.set_viewport_size({"width": width, "height": 900})
        expect(ann.locator(".table-page.has-board #scores table")).to_be_visible()
        ann.wait_for_function(inside)
        overflow = ann.evaluate("() => { const s = document.querySelector('#scores .scroll'); return s.scrollWidth - s.clientWidth; }")
        assert overflow <= 1, width
    # Squeezed until the table cannot fit, it stacks: one "column: value" line per cell, Total included.
    ann.evaluate("() => { document.querySelector('#scores').style.width = '9rem'; }")
    expect(ann.locator("#scores .scroll")).to_have_class(re.compile(r"\bstacked\b"))
    expect(ann.locator("#scores td.total").first).to_have_css("display", "block")
    assert ann.locator("#scores td.total").first.get_attribute("data-label") == "Total"
    # Given room, it is a table again.
    ann.evaluate("() => { document.querySelector('#scores').style.width = '40rem'; }")
    expect(ann.locator("#scores .scroll")).not_to_have_class(re.compile(r"\bstacked\b"))
    expect(ann.locator("#scores td.total").first).to_have_css("display", "table-cell")
    assert ann.errors == [] and bob.errors == []


IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


def test_a_board_click_only_chooses_and_confirm_in_the_sticky_action_bar_sends_it(new_page):
    ann, bob, url = seated_pair(new_page, board=True)
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.wait_for_function("() => window.__board && window.__board.composerMoves > 0")
    entries = ann.locator("#log li").count()
    # Scrolled so that the board is at the top: the action bar stays at the viewport's bottom.
    ann.locator("#board").evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 10)")
    y = ann.evaluate("scrollY")
    assert y > 0
    card = ann.get_by_role("button", name=CARD).first
    name = card.get_attribute("aria-label")
    card.click()
    expect(ann.locator("#choice")).to_have_text(f"Your move: bid · {name.lower()}")
    assert ann.evaluate(IN_VIEW, "#confirm")
    expect(ann.locator("#log li")).to_have_count(entries)  # the click sent nothing
    # Cancel takes it back; a second choice, then Confirm sends it, and the page stays where it was.
    ann.locator("#cancel").click()
    expect(ann.locator("#choice")).to_have_text("Choose a move.")
    card.click()
    ann.locator("#confirm").click()
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."))
    expect(ann.locator("#turn")).to_have_text("Waiting for bob.")
    expect(ann.locator("#composer")).to_be_hidden()  # no decision: no bar
    assert ann.evaluate("scrollY") == y
    assert ann.errors == [] and bob.errors == []


HOLD_THE_VIEW = """() => {
    // The page's next read of the view waits until the test lets it go, so the test can act while a
    // command's redraw is pending (as a slow network would leave it).
    window.__held = false;
    window.__release = null;
    const gate = new Promise((go) => { window.__release = go; });
    const fetch = window.fetch;
    window.fetch = async (path, ...rest) => {
        if (String(path).endsWith('/view') && window.__release) {
            window.__held = true;
            await gate;
        }
        return fetch(path, ...rest);
    };
}"""


def test_scrolling_by_the_scrollbar_while_a_move_is_on_its_way_is_kept(new_page):
    ann, bob, url = seated_pair(new_page, board=True)
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.wait_for_function("() => window.__board && window.__board.composerMoves > 0")
    ann.locator("#board").evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 10)")
    ann.get_by_role("button", name=CARD).first.click()
    ann.evaluate(HOLD_THE_VIEW)
    ann.locator("#confirm").click()
    ann.wait_for_function("() => window.__held")
    # A scrollbar drag sends no wheel, touch or key event, only scroll events: as scrollTo does.
    y = ann.evaluate("() => { window.scrollTo(0, scrollY + 150); return scrollY; }")
    ann.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    ann.evaluate("() => window.__release()")
    expect(ann.locator("#turn")).to_have_text("Waiting for bob.")
    ann.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert ann.evaluate("scrollY") == y  # where the player scrolled to, not where the move was sent from
    assert ann.errors == [] and bob.errors == []


def caught(page: Page, routes: list, deadline_s: float = 30.0):
    """The first request a held route caught: Playwright hands it over while the page is asked
    something, so the page is asked (a short wait) until it has, within a bound."""
    bound = time.monotonic() + deadline_s
    while not routes:
        assert time.monotonic() < bound, "the request never reached the route"
        page.wait_for_timeout(10)
    return routes[0]


#: Ann's move (seat 0), as the page sends it.
MOVE_POST = re.compile(r"/seats/0/moves\?legal_moves=true$")


def test_focus_the_person_moves_while_a_move_is_on_its_way_stays_where_they_put_it(new_page):
    # After a move's answer focus goes to the status line, but only from the control that sent the
    # move (or from nowhere): a control the person went to meanwhile keeps it. The answer is held
    # back (a route) until the person has moved, so the window is there whatever the machine's speed.
    page = new_page()
    open_with_bots(page, "tiny_duel", 2, "ann")
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    slider = page.get_by_label("Version shown")
    held: list = []
    page.route(MOVE_POST, lambda route: held.append(route))
    for moved in (True, False):
        held.clear()
        before = page.locator("#log li").count()
        play_first(page)  # Confirm sends it
        expect(page.locator("main")).to_have_class(re.compile(r"\bbusy\b"))
        if moved:
            slider.focus()  # to look back while the move is on its way
            expect(slider).to_be_focused()
        caught(page, held).continue_()
        expect(page.locator("#log li")).not_to_have_count(before)  # answered, and drawn
        expect(page.locator("main")).not_to_have_class(re.compile(r"\bbusy\b"))
        focused = page.evaluate("document.activeElement.id")
        assert focused == ("replay-slider" if moved else "turn")
    assert page.errors == []


def test_propose_stages_a_legal_move_the_composers_list_does_not_hold(new_page):
    # The page reads a legal list without its last card (as a board would read an outline of a long
    # list and fetch a whole move through ?match=): a proposed move outside the list still stages.
    ann, bob, url = seated_pair(new_page, board=True)
    hand = api_view(bob, url, 1)["hand"]

    def without_last_card(route):
        try:
            answer = route.fetch()
            body = answer.json()
            body["moves"] = [m for m in body["moves"] if m.get("card") != hand[-1]]
            route.fulfill(response=answer, json=body)
        except PlaywrightError:
            pass

    bob.route("**/legal-moves", without_last_card)
    bob.reload()
    bob.wait_for_function("() => window.__board && window.__board.composerMoves > 0")
    assert bob.evaluate("window.__board.composerMoves") == len(hand) - 1
    bob.evaluate("(card) => window.__propose({type: 'bid', card})", hand[-1])
    expect(bob.locator("#choice")).to_have_text(f"Your move: bid · card {hand[-1]}")
    bob.locator("#choice").click()  # focus on no control of its own: Enter confirms
    bob.keyboard.press("Enter")
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(1, 'bob')} placed a secret bid\."))
    assert bob.errors == []
    bob.unroute("**/legal-moves")


def test_the_boards_key_opens_on_a_tap_over_the_page_without_moving_the_board(new_page):
    ann, bob, url = seated_pair(new_page, board=True)
    ann.set_viewport_size({"width": 390, "height": 844})
    key = ann.locator("details.board-legend")
    expect(key.locator("summary")).to_have_text("Key")
    expect(key.locator(".tiny-key")).to_be_hidden()
    before = ann.locator("#board").bounding_box()
    key.locator("summary").click()
    expect(key.locator(".tiny-key")).to_be_visible()
    expect(key).to_contain_text("Gold disc: roll the die")
    after = ann.locator("#board").bounding_box()
    assert abs(after["y"] - before["y"]) <= 1 and abs(after["height"] - before["height"]) <= 1
    assert ann.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    # It stays open across a redraw (Bob moves), and a tap on Key closes it.
    board_move(bob, CARD)
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(1, 'bob')} placed a secret bid\."))
    expect(key.locator(".tiny-key")).to_be_visible()
    key.locator("summary").click()
    expect(key.locator(".tiny-key")).to_be_hidden()
    assert ann.errors == [] and bob.errors == []


def test_a_press_on_take_seat_lands_though_another_players_seat_redraws_the_list_before_the_release(new_page):
    """Ann presses "Take seat 1" just as Bob's seat arrives live and redraws the seat list; on the
    release she gets the seat. A redraw that rebuilt her unchanged button between the press and the
    release made the browser click nothing (seen once under load: the seat stayed free, no refusal)."""
    ann = new_page()
    url = open_table(ann)
    ann.get_by_label("Your name").fill("ann")
    button = ann.get_by_role("button", name="Take seat 1", exact=True)
    box = button.bounding_box()
    ann.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ann.mouse.down()
    bob = new_page()
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#seats")).to_contain_text("2: bob")  # Ann's page redrew its seats meanwhile
    ann.mouse.up()
    expect(ann.locator("#seats li.mine")).to_contain_text("1: ann (you)")
    assert ann.errors == [] and bob.errors == []


def test_an_open_table_offers_its_invite_link_and_reads_seats_from_one(new_page):
    ann = new_page()
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
    url = open_table(ann)
    take_seat(ann, "ann", 0)  # the API's seat 0 is the first seat: "1: ann"
    expect(ann.locator("#seats li.mine")).to_contain_text("1: ann (you)")
    expect(ann.get_by_role("button", name="Take seat 2", exact=True)).to_be_visible()
    ann.get_by_role("button", name="Copy invite link").click()
    expect(ann.locator("#invite-note")).to_have_text("Copied: send it to the people you play with.")
    assert ann.evaluate("navigator.clipboard.readText()") == url
    # Whoever opens the copied address sees the table and a free seat to take.
    bob = new_page()
    bob.goto(ann.evaluate("navigator.clipboard.readText()"))
    take_seat(bob, "bob", 1)
    # Every seat taken: nothing left to invite to.
    expect(ann.get_by_role("button", name="Copy invite link")).to_have_count(0)
    expect(ann.locator("#invite")).to_have_text("Every seat is taken.")
    # Once the game starts the invite line is gone, not an empty strip under the table's head.
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator("#turn")).to_contain_text("Your turn")
    expect(ann.locator("#invite")).to_be_hidden()
    assert ann.errors == [] and bob.errors == []


def run_in_client(new_page, script):
    """A new page on the served client, and what ``script`` (an async function's text, importing the
    client's own modules) returns there: a client module tested as the browser loads it."""
    page = new_page()
    page.goto("/")
    expect(page.locator("main")).to_be_visible()
    return page, page.evaluate(script)


def test_a_list_field_offers_no_more_when_a_shorter_list_is_a_move_of_its_own(new_page):
    # Walnut Grove's "discard from the barn": [slot 1], [slot 2] or [slot 1, slot 2]. Once slot 1 is
    # chosen, "no more" must stay a choice (discard slot 1 alone); the button was once passed to
    # map() as its thisArg and never drawn, so only the pair could be reached.
    page, labels = run_in_client(new_page, """async () => {
        const {Composer} = await import('/web/composer.js');
        const {moveChooser} = await import('/web/movelist.js');
        const moves = [{type: 'discard', slots: ['s1']}, {type: 'discard', slots: ['s2']}, {type: 'discard', slots: ['s1', 's2']}];
        const composer = new Composer(moves, 1);
        const draw = () => moveChooser(composer, {catalog: {}});
        const first = [...draw().querySelectorAll('button')].map((b) => b.textContent);
        composer.narrow((m) => m.slots.includes('s1'), 'slots s1');
        const box = draw();
        const second = [...box.querySelectorAll('button')].map((b) => b.textContent);
        box.querySelector('[data-key="part-slots-none"]')?.click();
        return {first, second, complete: composer.complete};
    }""")
    assert labels["first"] == ["slots s1", "slots s2"]
    assert labels["second"] == ["slots s2", "no more slots"]
    assert labels["complete"] == {"type": "discard", "slots": ["s1"]}
    assert page.errors == []


def test_a_move_type_says_how_many_choices_it_leads_to_in_words(new_page):
    # Homesteaders' list offered "take debt (50)": a player read fifty debts. The count is of choices.
    page, labels = run_in_client(new_page, """async () => {
        const {Composer} = await import('/web/composer.js');
        const {moveChooser} = await import('/web/movelist.js');
        const moves = [{type: 'take_debt', amount: 1}, {type: 'take_debt', amount: 2}, {type: 'pass'}];
        return [...moveChooser(new Composer(moves, 1), {catalog: {}}).querySelectorAll('button')].map((b) => b.textContent);
    }""")
    assert labels == ["take debt (2 choices)", "pass"]
    assert page.errors == []


def test_a_tie_broken_for_the_win_does_not_share_first_place(new_page):
    # Fantasy Ranch breaks a tie on trophies by horses: the table review's ranking read "1. Bot 2 ·
    # winner 11 trophies" and "1. Bot 3 11 trophies". Equal totals still share a place otherwise.
    page, ranks = run_in_client(new_page, """async () => {
        const {scoreRanking} = await import('/web/render.js');
        const ids = {label: (seat) => `Seat ${seat + 1}`};
        const scores = {totals: {0: 11, 1: 11, 2: 1, 3: 1}, ranking: [0, 1, 2, 3], winners: [0], breakdown: {}};
        return [...scoreRanking(scores, ids).querySelectorAll('.rank')].map((e) => e.textContent);
    }""")
    assert ranks == ["1.", "2.", "3.", "3."]
    assert page.errors == []


def test_the_same_move_said_alike_in_a_row_is_one_log_line_and_the_events_stay_one_each(new_page):
    # The table review read Homesteaders' "You took 1 debt." five times in a row, a line per debt.
    # The events stay five (each its version); the log renders them as one line that says so.
    page, lines = run_in_client(new_page, """async () => {
        const {logLines} = await import('/web/render.js');
        const move = (version, seat, text, more = {}) => ({version, event: 'MovePlayed', seat, text, facts: [], undone: false, ...more});
        const entries = [move(7, 0, 'You took 1 debt.'), move(8, 0, 'You took 1 debt.'), move(9, 0, 'You took 1 debt.'),
            move(10, 1, 'Bob took 1 debt.'), move(11, 0, 'You took 1 debt.'),
            move(12, 0, 'You sold 1 wood.', {facts: [{kind: 'income paid', text: 'You collected 1 silver.'}]}),
            move(13, 0, 'You sold 1 wood.'), move(14, 0, 'You sold 1 wood.', {undone: true})];
        return logLines(entries).map((l) => [l.first.version, l.last.version, l.count, l.text]);
    }""")
    assert lines == [[7, 9, 3, "You took 1 debt, 3 times."], [10, 10, 1, "Bob took 1 debt."], [11, 11, 1, "You took 1 debt."],
                     [12, 12, 1, "You sold 1 wood."], [13, 13, 1, "You sold 1 wood."], [14, 14, 1, "You sold 1 wood."]]
    assert page.errors == []


def test_a_debt_taken_five_times_in_a_row_reads_as_one_line_of_the_table_log(new_page):
    # Five take_debt moves of one debt each, as Homesteaders' list offers them: one log line with its
    # five versions, whose undo takes all five back; a move of five debts reads "took 5 debts".
    page = new_page()
    table_id = open_with_bots(page, "homesteaders", 2, "alice")
    token = page.evaluate("(id) => JSON.parse(localStorage.getItem(`tabletop.seat.${id}.0`)).token", table_id)
    auth = {"Authorization": f"Bearer {token}"}
    expect(page.locator(".badge.status-running")).to_be_visible()  # Start pressed is not yet started
    first = None
    for move in [{"type": "take_debt", "count": 1}] * 5 + [{"type": "take_debt", "count": 5}]:
        legal = page.request.get(f"/api/tables/{table_id}/seats/0/legal-moves", headers=auth).json()
        assert move in legal["moves"]
        r = page.request.post(f"/api/tables/{table_id}/seats/0/moves", headers=auth,
                              data={"move": move, "expected_version": legal["version"]})
        assert r.ok, r.text()
        first = first or legal["version"] + 1
    expect(page.locator("#log > li").first).to_contain_text("You took 5 debts.")
    line = page.locator("#log > li").nth(1)
    expect(line.locator(".text")).to_have_text("You took 1 debt, 5 times.")
    expect(line.locator(".v")).to_have_text(f"v{first}–{first + 4}")
    expect(page.locator("#log > li", has_text="took 1 debt")).to_have_count(1)
    expect(line.get_by_role("button", name=re.compile(r"^Undo these 5 moves"))).to_be_visible()
    assert page.errors == []
