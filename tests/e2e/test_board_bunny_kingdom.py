"""The Bunny Kingdom board in real Chromium on the real table page, played only by clicking.

The test opens and seats tables through the API (set-up, never a move), puts the seat token where
the page keeps it (localStorage), then plays by clicking the cards, squares, chips and buttons the
board offers, which only choose, and the action bar's Confirm, which sends. It never sends a move
itself, and what it clicks follows the targets the board draws from the legal moves, never the deal.
Along the way it looks at the board as a player would (issue 37): names, not ids; no label broken
inside a word; nothing moving under the pointer or a tap; Confirm in view; a page no wider than
the window.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

CARD_ID = re.compile(r"\b(?:T-[A-J]\d+|B-[A-Z0-9-]+|PROV-\d|P-[A-Z-]+)\b")
# Test instrumentation: count requests in flight and remember the version each sent move produced,
# so the test knows when the page has drawn the answer to its click.
TRACK_FETCH = """(() => {
  const real = window.fetch.bind(window);
  window.__inflight = 0;
  window.__posted = 0;
  window.fetch = async (...args) => {
    window.__inflight += 1;
    try {
      const response = await real(...args);
      const url = String(args[0]?.url ?? args[0]);
      if (/\\/moves$/.test(url) && response.ok) {
        const receipt = await response.clone().json();
        window.__posted = Math.max(window.__posted, receipt.version || 0);
      }
      return response;
    } finally {
      window.__inflight -= 1;
    }
  };
})();"""


def api(page: Page, method: str, path: str, body=None, token: str | None = None):
    """Table set-up through the API (opening, seating, starting): never a move."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = page.request.fetch(path, method=method, data=body, headers=headers)
    assert response.ok, response.text()
    return response.json()


#: The players' names by seat (people's names, as a table shows them; never a zero-based "P0").
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def open_table(page: Page, humans: int, bots: int) -> tuple[str, list[str]]:
    table = api(page, "POST", "/api/tables", {"game": "bunny_kingdom", "seats": humans + bots,
                                               "command_id": str(uuid.uuid4())})["table_id"]
    tokens = []
    for seat in range(humans + bots):
        seated = api(page, "POST", f"/api/tables/{table}/seats", {"name": NAMES[seat], "seat": seat, "bot": seat >= humans,
                                                                  "command_id": str(uuid.uuid4())})
        if seat < humans:
            tokens.append(seated["token"])
    api(page, "POST", f"/api/tables/{table}/start", {"command_id": str(uuid.uuid4())}, token=tokens[0])
    return table, tokens


def show(page: Page, table: str, seat: int | None, token: str | None, version: int | None = None) -> None:
    """Open the table page as that seat (its token where the page keeps it) or as a spectator."""
    page.add_init_script(TRACK_FETCH)
    page.goto("/")
    if seat is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"tabletop.seat.{table}.{seat}", json.dumps({"token": token, "name": NAMES[seat], "at": 0})])
    page.goto(f"/#/tables/{table}" + (f"?at={version}" if version else ""))
    expect(page.locator("#board .bk-map")).to_be_visible()
    ready(page)


def ready(page: Page) -> None:
    """Wait until nothing is in flight and the board shows at least the version the last move made."""
    page.wait_for_function("() => window.__inflight === 0 && document.querySelector('#board .bk') !== null &&"
                           " Number(document.querySelector('#board .bk').dataset.version) >= window.__posted")


def version(page: Page) -> int:
    return int(page.locator("#board .bk").get_attribute("data-version"))


def map_fingerprint(page: Page) -> list[str]:
    """Every square's tooltip (terrain, rabbit, building, fief) and every fief label: the board drawn."""
    return page.locator(".bk-map").evaluate(
        "m => [...m.querySelectorAll('title')].map(t => t.textContent)"
        ".concat([...m.querySelectorAll('.bk-fief-label text')].map(t => t.textContent))")


OFFERED = """() => {
  const n = (sel) => document.querySelectorAll(sel).length;
  const posts = [...document.querySelectorAll('.bk-chip')].map((c) => c.dataset.coord);
  const open = posts.filter((c) => !document.querySelector(`.bk-chip[data-coord="${c}"][aria-pressed=true]`));
  const buttons = [...document.querySelectorAll('.bk-prompt button')].map((b) => b.textContent);
  return {chips: posts.length, open: open.length ? open[0] : null, copies: n('.bk-prompt button.card-tile'),
    keep: buttons.some((b) => b.startsWith('Keep Camp')), finish: buttons.includes('Finish building'),
    targets: n('.bk-hit.bk-target'), buildable: n('.bk-front button.card-tile.legal'),
    plays: n('.bk-hand button[data-role=play]'), hand: n('.bk-hand button.card-tile.legal'),
    roles: n('.bk-hand .bk-role.on'), version: Number(document.querySelector('#board .bk').dataset.version),
    headline: document.querySelector('#board .bk-headline')?.innerText || '', final: n('#board .bk-final'),
    choices: n('#board button:not([disabled]), #board [role=button]')};
}"""


def confirm(page: Page) -> None:
    """Send the move the clicks chose with the shell's Confirm, and wait for the board to draw what it made."""
    before = version(page)
    expect(page.locator("#confirm")).to_be_enabled()
    expect(page.locator("#confirm")).to_be_in_viewport(ratio=1)  # the action bar is at hand, wherever the board is
    page.locator("#confirm").click()
    page.wait_for_function("(v) => Number(document.querySelector('#board .bk').dataset.version) > v"
                           " || document.querySelector('#composer-refusal')?.textContent", arg=before)
    ready(page)


def play_one_step(page: Page, offered: dict | None = None) -> bool:
    """Click through one move the board offers and confirm it; False when nothing is offered to this seat now.

    Every click is on a target the board highlights from the legal moves; the clicks alone send
    nothing (the move goes on Confirm), and which target is taken never depends on the deal.
    """
    offered = offered or page.evaluate(OFFERED)
    confirm_ready = page.locator("#confirm")
    if offered["chips"]:  # a resource for each trading post, on the post
        while offered["open"]:
            page.locator(f".bk-chip[data-coord='{offered['open']}']").first.click()
            offered = page.evaluate(OFFERED)
        confirm(page)
    elif offered["copies"]:  # a parchment for Liberal / Socialist to copy
        page.locator(".bk-prompt button.card-tile").first.click()
        confirm(page)
    elif offered["keep"]:  # a camp: place it on a highlighted square, or sometimes keep it
        if offered["targets"] and offered["version"] % 3:
            page.locator(".bk-hit.bk-target").first.click()
        else:
            page.get_by_role("button", name=re.compile(r"^Keep Camp")).click()
        confirm(page)
    elif offered["buildable"]:  # a building card, then its square(s) until the choice names one move
        page.locator(".bk-front button.card-tile.legal").first.click()
        for _ in range(2):  # a city or farm takes one square, a Sky Tower two
            if confirm_ready.is_enabled():
                break  # one legal square: the card alone names the move
            page.locator(".bk-hit.bk-target").first.click()
        confirm(page)
    elif offered["finish"]:
        page.get_by_role("button", name="Finish building", exact=True).click()
        confirm(page)
    elif offered["plays"]:  # two players: one card to play, another to discard
        page.locator(".bk-hand button[data-role=play]").nth(0).click()
        page.locator(".bk-hand button[data-role=discard]").nth(1).click()
        confirm(page)
    elif offered["hand"] >= 2 and not offered["roles"]:
        page.locator(".bk-hand button.card-tile.legal").nth(0).click()
        if not confirm_ready.is_enabled():  # the last two cards: the second is the only choice left
            page.locator(".bk-hand button.card-tile:not(.chosen)").nth(0).click()
        confirm(page)
    else:
        return False
    return True


# ---- what a person reads and points at ------------------------------------------------------------

#: Catalog ids (cards, parchments, the printed city) and machine tokens: never in the board's text.
MACHINE = re.compile(r"\b(?:T-[A-J]\d+|B-[A-Z0-9-]+|PROV-\d|P-[A-Z-]+|CI|PARCHMENT)\b"
                     r"|\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b|\w+#\d+|\{\"")

#: Words broken across two lines inside a control or a card (a letter or digit on each side of the break).
BROKEN_WORDS = """() => {
  const out = [];
  const word = /[\\p{L}\\p{N}]/u;
  for (const el of document.querySelectorAll('#board button, #board .card-tile, #board summary, #board .bk-role.on')) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const text = node.textContent;
      let prev = null;
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || !word.test(text[i])) { prev = null; continue; }
        if (prev && rect.top >= prev.bottom - 1) {
          const start = text.slice(0, i).search(/[\\p{L}\\p{N}]+$/u);
          out.push(text.slice(start, i) + '|' + text.slice(i).match(/^[\\p{L}\\p{N}]+/u)[0]);
        }
        prev = rect;
      }
    }
  }
  return out;
}"""

#: Where the map, every panel, every square and control (by its `data-key`) and every card are on the page.
LAYOUT_JS = """() => {
  const out = {};
  const at = (key, el) => { const r = el.getBoundingClientRect(); out[key] = [r.x + scrollX, r.y + scrollY, r.width, r.height]; };
  document.querySelectorAll('#board .bk-map').forEach((el) => at('map', el));
  document.querySelectorAll('#board .bk-panel').forEach((el) => at(`panel ${el.getAttribute('aria-label')}`, el));
  document.querySelectorAll('#board [data-key]').forEach((el) => at(el.dataset.key, el));
  document.querySelectorAll('#board .card-tile').forEach((el, i) => at(`card ${i} ${el.dataset.card}`, el));
  return out;
}"""
LAYOUT = LAYOUT_JS
FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: Bring the i-th target into view; after two frames, where it is (its centre) and the layout.
AIM = f"""async ([selector, i]) => {{
  const el = document.querySelectorAll(selector)[i];
  el.scrollIntoView({{block: 'center'}});
  await {FRAMES};
  const r = el.getBoundingClientRect();
  return {{at: [r.x + r.width / 2, r.y + r.height / 2], name: el.getAttribute('aria-label') || el.textContent.slice(0, 40),
           layout: ({LAYOUT_JS})()}};
}}"""
#: The layout two frames after the pointer moved.
SETTLED = f"async () => {{ await {FRAMES}; return ({LAYOUT_JS})(); }}"

TARGETS = "#board button:not([disabled]), #board [role=button]"


def settle(page: Page) -> None:
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def shift(before: dict, after: dict) -> float:
    """The largest move of anything drawn before (infinite when something vanished; new targets may appear)."""
    if set(before) - set(after):
        return float("inf")
    return max((abs(a - b) for key, box in before.items() for a, b in zip(box, after[key])), default=0.0)


def moved(before: dict, after: dict) -> list:
    """What vanished or moved by more than 2 px (for the failure message)."""
    return [(key, box, after.get(key)) for key, box in before.items()
            if key not in after or max(abs(a - b) for a, b in zip(box, after[key])) > 2][:5]


def assert_board_reads_as_words(page: Page) -> None:
    """The board's visible text: names, no ids or machine tokens; no label broken inside a word; no page overflow."""
    text = page.locator("#board").inner_text()
    assert not MACHINE.findall(text), (MACHINE.findall(text), text[:2000])
    broken = page.evaluate(BROKEN_WORDS)
    assert not broken, broken
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the window"


def assert_hover_moves_nothing(page: Page) -> int:
    """Point at the targets the board offers: nothing on the board moves by more than 2 px. Returns how many.

    Every card, button and chip, and of the squares (one drawing, up to ~60 of them for a camp) twelve
    spread over the map."""
    kinds = page.evaluate(f"() => [...document.querySelectorAll('{TARGETS}')].map((el) => el.matches('.bk-hit'))")
    squares = [i for i, square in enumerate(kinds) if square]
    sample = set(squares[:: max(1, len(squares) // 12)])
    chosen = [i for i, square in enumerate(kinds) if not square or i in sample]
    for i in chosen:
        aim = page.evaluate(AIM, [TARGETS, i])
        page.mouse.move(*aim["at"])
        after = page.evaluate(SETTLED)
        assert shift(aim["layout"], after) <= 2, (aim["name"], moved(aim["layout"], after))
    page.mouse.move(0, 0)
    return len(chosen)


def assert_choosing_moves_nothing(page: Page, choice: str) -> None:
    """Tapping a target chooses it (a mark, the shell's Confirm) and moves nothing of the board; tapping again undoes it."""
    key = page.locator(choice).first.get_attribute("data-key")
    target = page.locator(f"#board [data-key='{key}']")
    target.scroll_into_view_if_needed()
    settle(page)
    before = page.evaluate(LAYOUT)
    target.click()
    settle(page)
    expect(page.locator("#board .chosen, #board [aria-pressed=true]")).not_to_have_count(0)
    after = page.evaluate(LAYOUT)
    assert shift(before, after) <= 2, moved(before, after)
    target.click()  # the same target again: the choice is gone
    settle(page)
    expect(page.locator("#board .chosen, #board [aria-pressed=true]")).to_have_count(0)
    after = page.evaluate(LAYOUT)
    assert shift(before, after) <= 2, moved(before, after)


def play_to_the_end(page: Page, budget: float, check=lambda page, phase: None, each=lambda offered: None) -> None:
    """Click the moves the board offers until the final scoring shows; `check` runs the first time
    each phase asks something of the player, `each` sees what every step offered."""
    deadline = time.monotonic() + budget
    seen = set()
    while True:
        assert time.monotonic() < deadline, "the game did not finish in time"
        ready(page)
        offered = page.evaluate(OFFERED)
        each(offered)
        if offered["final"]:
            break
        phase = offered["headline"].split(" · ")[1] if " · " in offered["headline"] else ""
        if phase not in seen and offered["choices"]:
            seen.add(phase)
            check(page, phase)
            offered = page.evaluate(OFFERED)
        if not play_one_step(page, offered):
            page.wait_for_function("(v) => Number(document.querySelector('#board .bk').dataset.version) > v",
                                   arg=offered["version"])  # the bots' moves, or the other seat's
    assert not page.locator("#composer-refusal").inner_text(), page.locator("#composer-refusal").inner_text()
    assert not page.errors, page.errors


def check_as_a_player_sees_it(page: Page, phase: str) -> None:
    """The first time a phase asks something of the player: the status line says it is their turn."""
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Your turn\b"))
    assert_board_reads_as_words(page)
    assert assert_hover_moves_nothing(page)
    if phase == "Exploration":
        assert_choosing_moves_nothing(page, ".bk-hand button.card-tile.legal, .bk-hand button[data-role=play]")
    if phase == "Construction" and page.locator(".bk-front button.card-tile.legal").count():
        assert_choosing_moves_nothing(page, ".bk-front button.card-tile.legal")


@pytest.mark.parametrize(("players", "width", "height"), [(2, 390, 844), (4, 1280, 900)])
def test_whole_game_against_bots_by_clicking_to_the_final_scoring(new_page, players, width, height):
    """One whole game per width, every move clicked and confirmed; then the final ranking, replay of
    a version from round 2 at its shared address, and the audit."""
    page = new_page(width, height)
    table, tokens = open_table(page, humans=1, bots=players - 1)
    show(page, table, 0, tokens[0])
    expect(page.locator(".bk-map .bk-axis")).to_have_count(20)
    expect(page.locator(".bk-map .bk-lava")).to_have_count(8)
    seen = []
    round_two = {}

    def at_round_two(offered):
        if round_two or not offered["headline"].startswith("Round 2"):
            return
        round_two.update(version=offered["version"], map=map_fingerprint(page))
        # "Your fiefs" counts what the parchments that count fiefs count (Hun-ny King's "3 fiefs (needs 10)").
        view = api(page, "GET", f"/api/tables/{table}/view", token=tokens[0])["view"]
        fiefs = len(view["fiefs"][0])
        if fiefs:
            expect(page.locator(".bk-fiefs summary")).to_contain_text(f"Your fiefs: {fiefs} fief")
        for row in view["you"]["parchment_progress"]:
            if row["card"] in ("P-HUNNY-KING", "P-HARECINGETORIX"):
                assert row["basis"].startswith(f"{fiefs} fiefs "), row

    play_to_the_end(page, budget=240, check=lambda page, phase: (seen.append(phase), check_as_a_player_sees_it(page, phase)),
                    each=at_round_two)
    assert {"Exploration", "Construction"} <= set(seen), seen
    final = page.locator(".bk-final")
    expect(final.locator(".bk-final-seat")).to_have_count(players)
    assert_board_reads_as_words(page)
    # The final scoring is a ranking: one line per player, in the server's order, with its total.
    scores = api(page, "GET", f"/api/tables/{table}/scores")
    seats = [int(s) for s in final.locator(".bk-final-seat").evaluate_all("els => els.map((e) => e.dataset.seat)")]
    assert seats == scores["ranking"]
    for seat in range(players):
        row = final.locator(f".bk-final-seat[data-seat='{seat}']")
        expect(row.locator("summary")).to_contain_text(f"{scores['totals'][str(seat)]} points")
        # Open on demand: the harvests in one line, then each parchment that scored; what scored nothing, named once.
        row.locator("summary").click()
        points = [int(x) for x in row.locator(".bk-final-table td.num").all_inner_texts()]
        assert 0 not in points and sum(points) == scores["totals"][str(seat)]
        lines = scores["breakdown"][str(seat)]
        parchments = {k: v for k, v in lines.items() if not k.startswith("harvest round")}
        harvests = sum(v for k, v in lines.items() if k.startswith("harvest round"))
        assert len(points) == (1 if harvests else 0) + sum(1 for v in parchments.values() if v)
        if 0 in parchments.values() or not harvests:
            expect(row.locator(".bk-nothing")).to_contain_text("No points from: ")
    assert_board_reads_as_words(page)
    assert round_two, "the game never showed round 2"
    # Replay: the address of a version in round 2 draws the map as it was then, with nothing to play.
    assert map_fingerprint(page) != round_two["map"]
    replay = new_page(width, height)
    show(replay, table, 0, tokens[0], version=round_two["version"])
    assert map_fingerprint(replay) == round_two["map"]
    expect(replay.locator(".bk-map .bk-hit.bk-target")).to_have_count(0)
    audit = api(page, "GET", f"/api/tables/{table}/audit")
    assert audit["ok"], audit


def secrets_for(views: dict, viewer: int | None) -> set[str]:
    """Cards the viewer may not know: the other seats' hands, picks, parchments and discards it never held."""
    seen = set(views[viewer]["you"]["seen"]) | set(views[viewer]["you"]["parchments"]) if viewer is not None else set()
    hidden = set()
    for seat, view in views.items():
        if seat is None or seat == viewer:
            continue
        you = view["you"]
        hidden |= set(you["hand"]) | set(you["parchments"]) | set(you["removed"])
        if you["selection"]:
            hidden |= set(you["selection"]["play"]) | {you["selection"]["discard"]}
    public = set()
    for seat in views[None]["seats"]:
        public |= set(seat["front"]) | set(seat["discard_pile"])
    public |= {b["building"] for b in views[None]["board"].values() if b["building"]}
    return hidden - seen - public - {None}


def test_two_players_and_a_spectator_see_no_secret_of_another_seat(new_page):
    pages = {0: new_page(1100, 900), 1: new_page(1100, 900), None: new_page(1100, 900)}
    bodies: dict = {k: [] for k in pages}
    for key, page in pages.items():
        page.on("response", lambda r, key=key: bodies[key].append(r) if "/api/" in r.url else None)
    table, tokens = open_table(pages[0], humans=2, bots=0)
    for key, page in pages.items():
        show(page, table, key, tokens[key] if key is not None else None)
    expect(pages[None].locator(".bk-hand")).to_have_count(0)
    for _ in range(3):  # three picks, each seat choosing on its own page
        for seat in (0, 1):
            ready(pages[seat])
            assert play_one_step(pages[seat])
        head = api(pages[None], "GET", f"/api/tables/{table}")["version"]
        for page in pages.values():  # every page has drawn the table after both picks (no fixed wait)
            page.wait_for_function("(v) => Number(document.querySelector('#board .bk')?.dataset.version) >= v",
                                   arg=head, timeout=30_000)
            ready(page)
        # The other seat's page says it has chosen or not, and shows its card count, never its cards.
        expect(pages[1].locator(".bk-seat[data-seat='0']")).to_contain_text("cards in hand")
    views = {None: api(pages[None], "GET", f"/api/tables/{table}/view")["view"]}
    for seat in (0, 1):
        views[seat] = api(pages[seat], "GET", f"/api/tables/{table}/view", token=tokens[seat])["view"]
    assert views[0]["round"] == 1 and views[0]["pick"] == 4
    for key, page in pages.items():
        secret = secrets_for(views, key)
        assert secret, "the other seat holds cards this viewer never saw"
        dom = page.content()
        assert not secret & set(CARD_ID.findall(dom)), secret & set(CARD_ID.findall(dom))
        for response in bodies[key]:
            if urlsplit(response.url).path.endswith(("/components", "/api/openapi.json")) or "/stream" in response.url:
                continue  # static documents (the catalog, the API's examples) name cards of no table; the stream carries versions only
            try:
                text = response.text()
            except Exception:  # a redirect or an aborted request has no body
                continue
            leaked = secret & set(CARD_ID.findall(text))
            assert not leaked, (response.url, leaked)
        assert not page.errors, page.errors


def test_the_key_and_a_tapped_square_explain_the_map_in_words(new_page):
    """The board's `legend(props)` in the shell's Key, opened by a tap on a phone: terrain, resources,
    rabbits in each player's colour, buildings and marks, each drawn as on the map and named in the
    catalog's words; it lies over the page, so opening it moves nothing of the board. A square tapped
    (what a pointer's hover shows) is described in the line kept for it under the map."""
    page = new_page(390, 844)
    table, tokens = open_table(page, humans=1, bots=3)
    show(page, table, 0, tokens[0])
    catalog = api(page, "GET", "/api/games/bunny_kingdom/components")
    key = page.locator("details.board-legend")
    before = page.evaluate(LAYOUT)
    key.locator("summary").click()
    legend = key.locator(".bk-legend")
    expect(legend).to_be_visible()
    after = page.evaluate(LAYOUT)
    assert shift(before, after) <= 2, moved(before, after)
    text = legend.inner_text()
    words = [catalog["terms"][t] for t in ("forest", "sea", "field", "plains", "mountain", "printed_city")]
    words += [catalog["terms"][r] for r in catalog["board"]["basic_resources"] + catalog["board"]["luxury_resources"]]
    words += ["You", *NAMES[1:], "City", "Trading post", "Camp", "Sky Tower", "Lava", "towers × resources"]
    for word in words:
        assert word in text, word
    items = legend.locator("li")
    assert items.count() == legend.locator("li:has(svg)").count() >= len(words)
    assert not MACHINE.findall(text), MACHINE.findall(text)
    assert legend.evaluate("(el) => el.scrollWidth - el.clientWidth") <= 0
    assert page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    key.locator("summary").click()
    expect(legend).to_be_hidden()
    # The printed city at A4, then the sea at A5: each tap says what the square is; nothing moves.
    before = page.evaluate(LAYOUT)
    for coord, terrain in (("A4", "printed_city"), ("A5", "sea")):
        page.locator(f".bk-map .bk-hit[data-coord='{coord}']").click()
        expect(page.locator(".bk-square-info")).to_have_text(re.compile(rf"^{coord} · {catalog['terms'][terrain]}\b"))
    after = page.evaluate(LAYOUT)
    assert shift(before, after) <= 2, moved(before, after)
    assert not page.errors, page.errors


def test_a_fiefs_label_says_what_it_harvests_and_its_square_says_why_in_words(new_page, monkeypatch):
    """The table review read "0×0=0" on every fief's first square: a formula until the Key was opened
    ("strength × wealth = harvest"). Now a fief that scores says what it harvests there ("6 pts"), one
    that scores nothing has no label, and every square of a fief says it in words (its tooltip, a tap,
    a screen reader): "3 towers × 2 resources (Carrot, Fish) = 6 points a harvest", "Wood but no towers
    yet: it harvests nothing". Checked against the view's fiefs, every seat's, in round 3."""
    monkeypatch.setattr("domain.application.new_seed", lambda: "bb" * 32)  # a deal with fiefs of every kind by then
    page = new_page(390, 844)
    table, tokens = open_table(page, humans=1, bots=3)
    show(page, table, 0, tokens[0])
    deadline = time.monotonic() + 120
    while not re.match(r"Round 3\b.* · Exploration\b", page.locator("#board .bk-headline").inner_text()):
        assert time.monotonic() < deadline, "round 3 never came"
        ready(page)
        if not play_one_step(page):
            page.wait_for_timeout(100)
    ready(page)
    view = api(page, "GET", f"/api/tables/{table}/view?version={version(page)}", token=tokens[0])["view"]  # as drawn
    fiefs = [f for list_ in view["fiefs"] for f in list_]
    scoring = [f for f in fiefs if f["harvest"]]
    assert scoring and len(scoring) < len(fiefs)
    labels = page.locator(".bk-map .bk-fief-label text").evaluate_all("els => els.map((e) => e.textContent)")
    assert sorted(labels) == sorted(f"{f['harvest']} pt{'' if f['harvest'] == 1 else 's'}" for f in scoring)
    titles = dict(page.locator(".bk-map .bk-hit").evaluate_all(
        "els => els.map((e) => [e.dataset.coord, e.querySelector('title').textContent])"))
    for fief in fiefs:
        said = titles[fief["territories"][0]]
        if fief["harvest"]:
            towers = f"{fief['strength']} tower{'' if fief['strength'] == 1 else 's'}"
            assert f"{towers} × {fief['wealth']} resource" in said, said
            assert said.endswith(f" = {fief['harvest']} point{'' if fief['harvest'] == 1 else 's'} a harvest"), said
        else:
            assert said.endswith(": it harvests nothing") and "yet" in said, said
        assert "×0" not in said and "strength" not in said and "wealth" not in said, said
    first = scoring[0]["territories"][0]
    page.locator(f".bk-map .bk-hit[data-coord='{first}']").click()
    expect(page.locator(".bk-square-info")).to_have_text(re.compile(r"= \d+ points? a harvest$"))
    assert not page.errors, page.errors
