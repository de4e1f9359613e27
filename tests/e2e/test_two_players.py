"""Two players at one Tiny Duel table, each in their own Chromium context (own localStorage).

The story: Ann opens a table in the lobby and takes seat 0; Bob opens the same address and takes
seat 1; they start, bid and play through the move chooser and its Confirm, and each page shows the
other's moves arriving without a reload. At every step neither page shows the other's hand or
pending bid. Refusals (a move out of turn, a stale version) show the API's message with its rule id
beside the control that sent them.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect


def open_table(page: Page, seats: int = 2, undo: str = "consent") -> str:
    page.goto("/")
    page.get_by_label("Game").select_option("tiny_duel")
    page.get_by_label("Seats").fill(str(seats))
    page.get_by_label("Undo").select_option(undo)
    page.get_by_role("button", name="Open table").click()
    expect(page).to_have_url(re.compile(r"#/tables/[0-9a-f-]{36}$"))
    expect(page.locator("#table-title")).to_have_text("Tiny Duel")
    return page.url


def take_seat(page: Page, name: str, seat: int) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name=f"Take seat {seat + 1}", exact=True).click()  # seats read from 1
    expect(page.locator("#seats li.mine")).to_contain_text(f"{seat + 1}: {name} (you)")


def api_view(page: Page, table_url: str, seat: int) -> dict:
    """The seat's own view, read by the page itself with the token it keeps in localStorage."""
    table_id = table_url.split("#/tables/", 1)[1].split("?", 1)[0]
    return page.evaluate(
        """async ([tableId, seat]) => {
            const token = JSON.parse(localStorage.getItem(`tabletop.seat.${tableId}.${seat}`)).token;
            const r = await fetch(`/api/tables/${tableId}/view`, {headers: {Authorization: `Bearer ${token}`}});
            return (await r.json()).view;
        }""",
        [table_id, seat],
    )


def choices(page: Page) -> list[str]:
    """The choices the move chooser offers now ("card 7", "play (2)", "roll")."""
    return [t.strip() for t in page.locator("#moves button.option").all_inner_texts()]


def choose(page: Page, *labels: str) -> None:
    """Pick choices by their text, then Confirm the move they name."""
    for label in labels:
        page.locator("#moves button.option", has_text=re.compile(rf"^{re.escape(label)}( \(\d+ choices\))?$")).click()
    confirm = page.locator("#confirm")
    expect(confirm).to_be_enabled()
    confirm.click()


def play_first(page: Page) -> str:
    """Pick the first choice until one move is named, confirm it; the move in words ("play · card 7")."""
    expect(page.locator("#moves button.option").first).to_be_visible()
    confirm = page.locator("#confirm")
    while not confirm.is_enabled():
        page.locator("#moves button.option").first.click()
    words = page.locator("#choice").inner_text().removeprefix("Your move: ")
    confirm.click()
    return words


def said(seat: int, name: str) -> str:
    """How a log line names a seat: by name or "Seat N" (older servers), or "You" for one's own lines."""
    return rf"(?:Seat {seat + 1}|{re.escape(name)}|You)"


def assert_hidden(page: Page, other_hand: list[int], other_bid: int | None = None) -> None:
    """Nothing on the page (the DOM, shown or folded) names a card only the other seat knows about."""
    text = page.locator("main").text_content()
    for card in other_hand:
        assert not re.search(rf"card {card}\b", " ".join(choices(page)))  # no choice of the other's cards
    if other_hand:  # the other's hand is never rendered as a hand
        assert f"hand: {json.dumps(other_hand, separators=(',', ':'))}" not in text
    if other_bid is not None:
        assert not re.search(rf"bid card {other_bid}\b|bid · card {other_bid}\b", text)


UNLABELLED = """() => [...document.querySelectorAll('input, select, textarea, button, [role=button]')]
    .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.textContent.trim())
    .map(el => el.outerHTML)"""


def assert_labelled(page: Page) -> None:
    """Every control has a name a screen reader can announce (a label, an aria-label or its text)."""
    assert page.evaluate(UNLABELLED) == []


def record_moves(page: Page) -> list[dict]:
    """The JSON bodies of every move the page sends."""
    sent: list[dict] = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.method == "POST" and r.url.split("?")[0].endswith("/moves") else None)
    return sent


def test_two_players_play_a_whole_game_and_see_each_other_live(new_page):
    ann, bob = new_page(), new_page()
    ann_moves, bob_moves = record_moves(ann), record_moves(bob)

    # Ann opens a table in the lobby and sits down; Bob comes to the same address and sits too.
    url = open_table(ann)
    take_seat(ann, "ann", 0)
    bob.goto(url)
    expect(bob.locator("#seats")).to_contain_text("1: ann")
    take_seat(bob, "bob", 1)

    # Ann sees Bob arrive without reloading, and starts the game.
    expect(ann.locator("#seats")).to_contain_text("2: bob")
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    expect(bob.locator("#turn")).to_have_text(re.compile(r"^Your turn"))

    # Each page offers a bid for each card of its own hand, and nothing of the other's.
    ann_hand, bob_hand = api_view(ann, url, 0)["hand"], api_view(bob, url, 1)["hand"]
    assert sorted(choices(ann)) == sorted(f"card {c}" for c in ann_hand)
    assert sorted(choices(bob)) == sorted(f"card {c}" for c in bob_hand)
    expect(ann.locator("#view")).to_contain_text(f"hand: {json.dumps(ann_hand, separators=(',', ':'))}")
    assert_hidden(ann, bob_hand)
    assert_hidden(bob, ann_hand)

    # Ann bids by keyboard: Enter on her card names the whole move, Enter on Confirm sends it.
    ann_bid = ann_hand[0]
    ann.get_by_role("button", name=f"card {ann_bid}", exact=True).focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#confirm")).to_be_focused()
    ann.keyboard.press("Enter")
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} bid card {ann_bid}\."))
    expect(ann.locator("#turn")).to_be_focused()  # a neutral place: Enter now plays nothing
    # Bob sees that Ann bid, live, but not what she bid.
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."))
    assert_hidden(bob, ann_hand, other_bid=ann_bid)

    # A move out of turn is refused with the API's message and rule id, shown beside its Send button.
    ann.locator("details.advanced summary").click()
    ann.get_by_label("Move (JSON)").fill(json.dumps({"type": "bid", "card": ann_hand[1]}))
    ann.get_by_role("button", name="Send move").click()
    expect(ann.locator("#raw-refusal")).to_contain_text("rule TD-R4")
    expect(ann.locator("#raw-refusal")).to_contain_text("not_your_turn")

    # A stale move (an old expected_version) is refused with the table's current version.
    bob.locator("details.advanced summary").click()
    bob.get_by_label("Start from a legal move").select_option(index=1)  # copies the first legal move
    assert json.loads(bob.get_by_label("Move (JSON)").input_value()) == {"type": "bid", "card": bob_hand[0]}
    bob.get_by_label("Expected version").fill("1")
    bob.get_by_role("button", name="Send move").click()
    expect(bob.locator("#raw-refusal")).to_contain_text("stale_version")
    expect(bob.locator("#raw-refusal")).to_contain_text("HTTP 409")

    # Bob bids by clicking; the bids are revealed together and the turns begin with Ann.
    bob_bid = bob_hand[0]
    choose(bob, f"card {bob_bid}")
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(1, 'bob')} placed a secret bid\."))
    assert_hidden(ann, bob_hand, other_bid=bob_bid)
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    expect(bob.locator("#turn")).to_have_text(re.compile(r"^Waiting for ann"))

    # Two turns each: play the first choice (a card or a roll), and watch it reach the other page.
    pages = {0: ann, 1: bob}
    names = {0: "ann", 1: "bob"}
    for turn in range(4):
        seat = turn % 2
        me, other = pages[seat], pages[1 - seat]
        expect(me.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
        before = other.locator("#log li").count()
        words = play_first(me)
        expect(other.locator("#log li")).not_to_have_count(before)
        played = re.match(r"play · card (\d+)$", words)
        sentence = rf"{said(seat, names[seat])} played card {played.group(1)}\." if played else rf"{said(seat, names[seat])} chose to roll\."
        expect(other.locator("#log")).to_contain_text(re.compile(sentence))
        # Cards still in the other's hand stay hidden.
        assert_hidden(me, api_view(other, url, 1 - seat)["hand"])

    # The game is over on both pages, with the final scores and no moves left.
    for page in (ann, bob):
        expect(page.locator("#turn")).to_have_text(re.compile(r"^Game over"))
        # The final scoring: a compact ranking, best first, each player's breakdown one tap away.
        expect(page.locator("#scores .ranking-title")).to_have_text("Final scores")
        expect(page.locator("#scores .ranking-list > li")).to_have_count(2)
        first = page.locator("#scores .ranking-list > li").first
        expect(first.locator("summary")).to_contain_text(re.compile(r"^1\."))
        expect(first.locator("dl, p")).to_be_hidden()
        first.locator("summary").click()
        expect(first.locator("dl, p")).to_be_visible()
        # where the player's eyes are at the end (the foot of the board): who won, as the status line says
        expect(page.locator("#moves")).to_have_text(page.locator("#turn").inner_text())

    # The seed is revealed and the audit re-derives the whole game from its events.
    expect(ann.locator("#seed")).to_contain_text("seed revealed:")
    ann.locator("#audit-card > summary").click()  # the fairness card is one line until opened
    # The fairness card reads top to bottom: no line of it drawn over the one before (a hint pulled up
    # over the audit's button and its answer).
    lines = ann.locator("#audit-card > :not(summary)").evaluate_all(
        "els => els.map((el) => [el.id || el.textContent.slice(0, 30), el.getBoundingClientRect().top, el.getBoundingClientRect().bottom])")
    assert len(lines) >= 6 and all(below[1] >= above[2] for above, below in zip(lines, lines[1:])), lines
    ann.get_by_role("button", name="Run the audit").click()
    expect(ann.locator("#audit")).to_contain_text("All checks pass")
    expect(ann.locator("#audit li")).to_contain_text(["hash chain: ✓ ok", "seed: ✓ ok", "receipts: ✓ ok"])
    # The browser kept the newest signed receipt it was given and the audit checked the history reaches it.
    expect(ann.locator("#audit-receipt")).to_contain_text("Checked against the signed receipt this browser kept")
    # Looking back at a finished table: no live play goes on behind the replay.
    bob.get_by_label("Version shown").focus()
    bob.keyboard.press("ArrowLeft")
    expect(bob.locator("#replay-banner")).to_contain_text("You are looking at version")
    expect(bob.locator("#replay-banner")).not_to_contain_text("Live play goes on")
    for page in (ann, bob):
        assert_labelled(page)
        assert page.errors == []

    # Every move went out with the version its page showed and a fresh command id.
    sent = ann_moves + bob_moves
    assert len(sent) == 8  # 2 bids, 4 turns, 2 refused raw moves
    assert all(isinstance(m["expected_version"], int) and m["command_id"] for m in sent)
    assert len({m["command_id"] for m in sent}) == len(sent)


def test_a_reload_keeps_the_seat_and_a_phone_width_does_not_overflow(new_page):
    ann = new_page(width=360, height=740)
    url = open_table(ann)
    take_seat(ann, "ann", 0)
    ann.get_by_role("button", name="Add a bot").click()
    expect(ann.locator("#seats")).to_contain_text("2: Bot 2 (basic bot)")
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator("#moves button.option").first).to_be_visible()

    # The token kept in localStorage brings the seat back after a reload.
    ann.reload()
    expect(ann.locator("#seats li.mine")).to_contain_text("1: ann (you)")
    expect(ann.locator("#moves button.option").first).to_be_visible()
    assert ann.url == url

    # Nothing is wider than a phone screen; the score breakdown stacks one "column: value" line per cell.
    assert ann.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(ann.locator("#scores td").first).to_have_css("display", "block")
    assert ann.locator("#scores td").first.get_attribute("data-label") == "bid"

    # A spectator (a fresh context without a token) sees the table but no hand and no moves.
    watcher = new_page(width=360, height=740)
    watcher.goto(url)
    expect(watcher.locator("#view")).to_contain_text("hand: —")
    expect(watcher.locator("#moves")).to_contain_text("You are watching.")
    assert ann.errors == [] and watcher.errors == []


def test_moves_arrive_over_the_stream_and_by_polling_when_the_stream_is_refused(new_page):
    ann, bob = new_page(), new_page()
    # Bob's browser cannot reach the stream (an old server, a proxy): it must fall back to polling.
    bob.route("**/stream*", lambda route: route.fulfill(status=404, content_type="application/json",
                                                         body='{"error": "not_found", "message": "no stream"}'))
    url = open_table(ann)
    take_seat(ann, "ann", 0)
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#live-status")).to_have_text("live")
    expect(bob.locator("#live-status")).to_have_text("polling")

    # Each one's move reaches the other, by the stream (Ann) and by polling (Bob).
    expect(ann.locator("#seats")).to_contain_text("2: bob")
    ann.get_by_role("button", name="Start the game").click()
    expect(bob.locator("#moves button.option").first).to_be_visible()
    play_first(bob)
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(1, 'bob')} placed a secret bid\."))
    play_first(ann)
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."))
    expect(bob.locator("#turn")).to_have_text(re.compile(r"^Waiting for ann"))
    assert ann.errors == [] and bob.errors == []


def test_a_page_that_lost_the_network_catches_up_when_it_returns(new_page):
    ann, bob = new_page(), new_page()
    url = open_table(ann)
    take_seat(ann, "ann", 0)
    bob.goto(url)
    take_seat(bob, "bob", 1)
    expect(ann.locator("#seats")).to_contain_text("2: bob")
    ann.get_by_role("button", name="Start the game").click()
    expect(bob.locator("#live-status")).to_have_text("live")
    expect(bob.locator("#moves button.option").first).to_be_visible()

    # Bob's network drops; meanwhile Ann bids.
    bob.context.set_offline(True)
    expect(bob.locator("#live-status")).to_have_text("offline")
    play_first(ann)
    expect(ann.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} bid card \d+\."))

    # Back online, Bob's page reconnects by itself and shows the bid, without a reload.
    bob.context.set_offline(False)
    expect(bob.locator("#log")).to_contain_text(re.compile(rf"{said(0, 'ann')} placed a secret bid\."), timeout=15_000)
    expect(bob.locator("#live-status")).to_have_text("live", timeout=15_000)
    assert bob.errors == []
