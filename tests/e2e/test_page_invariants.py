"""What every table page keeps, whatever the game (issue 37, item 8).

A running and a finished four-player table of every game, each looked at in Chromium at 1280x800
and 390x844: the running one by the player whose decision it is, the finished one by a spectator
(how the issue counted). On each page:

* the visible text outside the Details panel holds no catalog id and no machine token (snake_case,
  ``name#1``, ``a:1:2``, raw JSON); a short label the physical game prints (a map square "F8", a
  tournament "T4") is allowed only through the explicit per-game list ``PRINTED``;
* nothing is wider than the viewport (``document.scrollingElement.scrollWidth <= innerWidth``);
* no button label is broken inside a word (each word's line boxes, by ``Range.getClientRects``);
* hovering each highlighted target of the board moves none of the board's targets by more than 2 px;
* a click on the board never sends a move (the one click rule), and once a move is complete its
  Confirm is inside the viewport;
* at 390 px the page (running or finished) is under 4,000 px tall.

The tables are real: seeded (the module's server draws its seeds from a fixed sequence), played by
the application's own bots, the player's own opening moves chosen from the server's legal list with
a seeded random. One browser, one page per width, reused for every table (it runs in CI on 2 cores).
Each page is observed once (``observe``); the tests below only judge the observations, one
invariant each, so a failure names the game, the table, the width and the invariant.
"""

from __future__ import annotations

import json
import random
import re
import uuid
from dataclasses import dataclass, field

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.conftest import live_app

#: (label, game, options, the player's own moves before the running table is looked at): every game,
#: Fantasy Ranch at its two ends (level 1 and level 3). The moves bring each running table to a
#: phase whose board highlights targets to hover: Bunny Kingdom's construction on the map (after the
#: five picks of round 1), Walnut Grove's first spring (after the start building).
GAMES = [
    ("bunny_kingdom", "bunny_kingdom", {}, 5),
    ("homesteaders", "homesteaders", {}, 4),
    ("walnut_grove", "walnut_grove", {}, 1),
    ("fantasy_ranch", "fantasy_ranch", {"level": 1}, 4),
    ("fantasy_ranch_level_3", "fantasy_ranch", {"level": 3}, 4),
]
STATES = ["running", "finished"]
WIDTHS = {"desktop": (1280, 800), "phone": (390, 844)}
SEATS = 4

#: Short labels the physical game prints, allowed in the visible text although they look like ids.
#: Each entry says where the game prints it.
PRINTED: dict[str, list[str]] = {
    "bunny_kingdom": [r"[A-J](?:10|[1-9])"],  # the map's squares, printed on the board's edges ("F8")
    "homesteaders": [],
    "walnut_grove": [],
    "fantasy_ranch": [r"T[1-5]"],  # the five tournaments, numbered on the tournament track ("T4")
}

MACHINE = {
    "snake_case": re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b"),
    "name#n": re.compile(r"\b\w+#\d+\b"),
    "a:1:2": re.compile(r"\b[A-Za-z_]+:\d+(?::\d+)*\b"),
    "raw JSON": re.compile(r"[{\[]\s*\"[^\"\n]{1,60}\"\s*:"),
}

HOVER_TOLERANCE_PX = 2


# ---- the server: in-process, seeded ---------------------------------------------------------------

@pytest.fixture(scope="module")
def seeded_server():
    """A live app whose tables draw their seeds from a fixed sequence, so every run sees the same games."""
    with live_app("e2e-invariants", "008058710b45daa9a37e59c7e958e6c3f40e908b597a8b9ab8fb2710a9cef958",
                  seeds="page-invariants") as url:
        yield url


def call(server: str, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is not None:
        body = {**body, "command_id": str(uuid.uuid4())}
    answer = requests.request(method, f"{server}{path}", json=body, headers=headers, timeout=120)
    assert answer.status_code < 300, f"{method} {path}: {answer.status_code} {answer.text[:300]}"
    return answer.json()


@dataclass
class Table:
    label: str
    game: str
    state: str
    id: str
    token: str | None = None  # seat 0's, for the running table (its player looks at it)


def finished_table(server: str, label: str, game: str, options: dict, level: str = "random") -> Table:
    """Four of the application's bots play a whole game (inside the start command)."""
    table = call(server, "POST", "/api/tables", {"game": game, "seats": SEATS, "options": options})["table_id"]
    for seat in range(SEATS):
        call(server, "POST", f"/api/tables/{table}/seats",
             {"name": f"Bot {seat + 1}", "seat": seat, "bot": True, "level": level})
    call(server, "POST", f"/api/tables/{table}/start", {})
    assert call(server, "GET", f"/api/tables/{table}")["status"] == "finished"
    return Table(label, game, "finished", table)


def legal(server: str, table: str, token: str, match: dict | None = None) -> dict:
    query = f"?match={requests.utils.quote(json.dumps(match))}" if match is not None else ""
    return call(server, "GET", f"/api/tables/{table}/seats/0/legal-moves{query}", token=token)


def running_table(server: str, label: str, game: str, options: dict, opening: int) -> Table:
    """A person at seat 0 (three bots), a few of the person's moves in, and the person to act."""
    table = call(server, "POST", "/api/tables", {"game": game, "seats": SEATS, "options": options})["table_id"]
    token = call(server, "POST", f"/api/tables/{table}/seats", {"name": "Ann", "seat": 0, "bot": False})["token"]
    for seat in range(1, SEATS):
        call(server, "POST", f"/api/tables/{table}/seats",
             {"name": f"Bot {seat + 1}", "seat": seat, "bot": True, "level": "random"})
    call(server, "POST", f"/api/tables/{table}/start", {}, token=token)
    pick = random.Random(f"{label}-opening")
    for _ in range(opening):
        answer = legal(server, table, token)
        if not answer["moves"]:
            break
        move = pick.choice(answer["moves"])
        while answer.get("outline"):  # a long list comes as first steps: ask for the moves through one
            answer = legal(server, table, token, match=move)
            move = pick.choice(answer["moves"])
        call(server, "POST", f"/api/tables/{table}/seats/0/moves",
             {"move": move, "expected_version": answer["version"]}, token=token)
    summary = call(server, "GET", f"/api/tables/{table}")
    assert summary["status"] == "running" and 0 in summary["to_act"], summary
    return Table(label, game, "running", table, token)


@pytest.fixture(scope="module")
def tables(seeded_server) -> dict[tuple[str, str], Table]:
    made = {}
    for label, game, options, opening in GAMES:
        made[(label, "running")] = running_table(seeded_server, label, game, options, opening)
        made[(label, "finished")] = finished_table(seeded_server, label, game, options)
    return made


@pytest.fixture(scope="module")
def catalogs(seeded_server) -> dict[str, dict]:
    return {game: call(seeded_server, "GET", f"/api/games/{game}/components") for game in {g for _, g, _, _ in GAMES}}


# ---- looking at a page --------------------------------------------------------------------------

#: Where on the page a text was read, so a failure says whose it is (the board's, the log's server
#: sentences, the shell's).
REGIONS = {"the board": "#board", "the board's key": "#board-legend", "the log": "#log", "the action bar": "#composer"}

VISIBLE_TEXT = """(regions) => {
    // What a person reads: the page's rendered text, the Details panel (the view as data, the raw
    // move box) left out; the board's key, the move list and score breakdowns opened, as a reader
    // would. By region: each named one, then the rest of the page.
    for (const d of document.querySelectorAll('main details:not(#details):not(#details details)')) d.open = true;
    const out = {};
    const hidden = [];
    for (const [name, selector] of Object.entries(regions)) {
        const el = document.querySelector(selector);
        out[name] = el && !el.hidden ? el.innerText : '';
        if (el && !el.hidden) hidden.push(el);
    }
    const details = document.querySelector('#details');
    if (details) hidden.push(details);
    for (const el of hidden) el.hidden = true;
    out['the rest of the page'] = document.querySelector('main').innerText;
    for (const el of hidden) el.hidden = false;
    return out;
}"""

BROKEN_LABELS = """() => {
    // A word of a button's label laid out on two lines ("Pla" / "y"): its line boxes differ in top.
    const broken = [];
    for (const el of document.querySelectorAll('main button, main [role=button]:not(svg *), main a.button-link')) {
        if (!el.getClientRects().length) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.data.matchAll(/[^\\s\\-\\u2010-\\u2015\\/]+/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0.5).map((r) => Math.round(r.top)));
                if (tops.size > 1) broken.push(`${m[0]} in "${el.textContent.trim().slice(0, 60)}"`);
            }
        }
    }
    return broken;
}"""

TARGETS = r"""() => {
    // The board's highlighted targets now, each keyed by its name and its place among targets of that
    // name, so a target drawn anew by a redraw is still compared with itself.
    const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const all = [...new Set([...document.querySelectorAll('#board .target, #board [role=button], #board button:not(:disabled)')])].filter(shown);
    const seen = new Map();
    window.__targets = all;
    return all.map((el) => {
        const name = (el.getAttribute('aria-label') || el.textContent).trim().replace(/\s+/g, ' ').slice(0, 80);
        seen.set(name, (seen.get(name) || 0) + 1);
        return `${name} #${seen.get(name)}`;
    });
}"""

BOXES = r"""() => {
    const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const all = [...new Set([...document.querySelectorAll('#board .target, #board [role=button], #board button:not(:disabled)')])].filter(shown);
    const seen = new Map();
    const out = {};
    for (const el of all) {
        const name = (el.getAttribute('aria-label') || el.textContent).trim().replace(/\s+/g, ' ').slice(0, 80);
        seen.set(name, (seen.get(name) || 0) + 1);
        const r = el.getBoundingClientRect();
        out[`${name} #${seen.get(name)}`] = [r.left + scrollX, r.top + scrollY, r.width, r.height];
    }
    return out;
}"""

CENTRE = """(i) => {
    const el = window.__targets[i];
    if (!el.isConnected) return null;
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
}"""

CLICK_FIRST = """() => {
    window.__changed = false;
    const watch = new MutationObserver(() => { window.__changed = true; watch.disconnect(); });
    watch.observe(document.querySelector('main'), {subtree: true, childList: true, attributes: true, characterData: true});
    const el = window.__targets[0];
    el.scrollIntoView({block: 'center'});
    el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
}"""

IN_VIEW = """() => {
    const el = document.querySelector('#confirm');
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: innerWidth, height: innerHeight,
            inside: r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth};
}"""


@dataclass
class Observation:
    text: dict[str, str] = field(default_factory=dict)  # the visible text by region
    overflow: tuple[int, int] = (0, 0)
    broken: list[str] = field(default_factory=list)
    hover_moves: list[str] = field(default_factory=list)
    hovered: set[str] = field(default_factory=set)
    targets: int = 0
    sent_on_click: list[str] = field(default_factory=list)
    confirm: dict | None = None  # where Confirm was once a move was complete (None: no move made complete)
    bar_text: str = ""
    height: int = 0
    board_height: int = 0


def version_of(server: str, table: str) -> int:
    return call(server, "GET", f"/api/tables/{table}")["version"]


def settle(page: Page, table: Table, server: str) -> None:
    """Open the table and wait until the page shows its current version, drawn and idle."""
    page.goto(f"/#/tables/{table.id}")
    now = version_of(server, table.id)
    page.wait_for_function(
        "v => { const f = document.querySelector('#table-facts'); const m = f && /version (\\d+)/.exec(f.textContent);"
        " return m && Number(m[1]) >= v && !document.querySelector('main.busy') && document.querySelector('#scores'); }",
        arg=now)
    if table.state == "running":
        expect(page.locator("#composer")).to_be_visible()


FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def quiet(page: Page) -> None:
    """Wait until what a hover set off has landed: no request of the page in flight (the live stream
    aside), then two frames drawn."""
    for _ in range(300):
        if not page.in_flight:
            break
        page.wait_for_timeout(10)
    page.evaluate(FRAMES)


def hover_each_target(page: Page, obs: Observation) -> None:
    """Hover every highlighted target not hovered yet; note any hover that moves a target (or makes
    one appear or vanish) by more than 2 px, whatever the board redrew on the way."""
    names = page.evaluate(TARGETS)
    obs.targets = max(obs.targets, len(names))
    rest = page.evaluate("() => { const r = document.querySelector('#composer').getBoundingClientRect(); return [r.left + 3, r.bottom - 3]; }")
    page.mouse.move(*rest)  # on the action bar's edge: no target hovered
    quiet(page)
    base = page.evaluate(BOXES)
    for i, name in enumerate(names):
        if name in obs.hovered:
            continue
        obs.hovered.add(name)
        centre = page.evaluate(CENTRE, i)
        if centre is None:
            continue
        page.mouse.move(*centre)
        quiet(page)
        after = page.evaluate(BOXES)
        worst, what = 0.0, ""
        for key in base.keys() | after.keys():
            if key not in base or key not in after:
                worst, what = float("inf"), f"{key!r} {'appeared' if key in after else 'vanished'}"
                break
            delta = max(abs(a - b) for a, b in zip(base[key], after[key]))
            if delta > worst:
                worst, what = delta, f"{key!r} moved by {delta:.0f} px"
        if worst > HOVER_TOLERANCE_PX:
            obs.hover_moves.append(f"hovering {name!r}: {what}")
        page.mouse.move(*rest)
        quiet(page)


def complete_a_move(page: Page, table: Table, server: str, obs: Observation) -> None:
    """Click the board's first target until a move is complete (a click must never send one); else the move list."""
    confirm = page.locator("#confirm")
    start = version_of(server, table.id)
    for _ in range(8):
        if confirm.is_enabled():
            break
        if not page.evaluate(TARGETS):
            break
        page.evaluate(CLICK_FIRST)
        try:  # whatever the click does, it redraws something: wait for that, then for what it asked
            page.wait_for_function("() => window.__changed", timeout=3_000)
        except Exception:
            pass
        quiet(page)
        if version_of(server, table.id) != start:
            obs.sent_on_click.append("a click on the board sent a move without Confirm")
            return
        if not confirm.is_enabled():
            hover_each_target(page, obs)  # the targets this choice highlighted
    if not confirm.is_enabled():  # the shell's move list reaches a whole move for any game
        listed = page.locator("#move-list")
        if listed.count():
            listed.evaluate("d => { d.open = true; }")
        for _ in range(12):
            if confirm.is_enabled():
                break
            option = page.locator("#moves button.option").first
            if not option.count():
                break
            option.click()
            page.wait_for_timeout(0)
    if confirm.is_enabled():
        obs.confirm = page.evaluate(IN_VIEW)
        obs.bar_text = page.locator("#composer").inner_text()
        page.locator("#cancel").click()


_observed: dict[tuple[str, str, str], Observation] = {}


@pytest.fixture(scope="module")
def pages(browser, seeded_server):
    made = {}
    for width_name, (width, height) in WIDTHS.items():
        context = browser.new_context(base_url=seeded_server, viewport={"width": width, "height": height})
        context.set_default_timeout(15_000)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error, page=page: page.errors.append(str(error)))
        page.in_flight = set()  # the page's requests not answered yet, the live stream aside
        page.on("request", lambda r, page=page: page.in_flight.add(r) if "/stream" not in r.url else None)
        page.on("requestfinished", lambda r, page=page: page.in_flight.discard(r))
        page.on("requestfailed", lambda r, page=page: page.in_flight.discard(r))
        made[width_name] = page
    yield made
    for page in made.values():
        page.context.close()


@pytest.fixture
def observe(tables, pages, seeded_server):
    def look(label: str, state: str, width: str) -> Observation:
        key = (label, state, width)
        if key in _observed:
            return _observed[key]
        table = tables[(label, state)]
        page = pages[width]
        if table.token:  # the player's browser holds the seat's token, as after taking the seat
            page.goto("/")
            page.evaluate("([t, tok]) => localStorage.setItem(`tabletop.seat.${t}.0`, JSON.stringify({token: tok, name: 'Ann'}))",
                          [table.id, table.token])
        settle(page, table, seeded_server)
        obs = Observation()
        obs.height = page.evaluate("document.scrollingElement.scrollHeight")
        obs.board_height = page.evaluate("Math.round(document.querySelector('#board')?.getBoundingClientRect().height || 0)")
        obs.overflow = (page.evaluate("document.scrollingElement.scrollWidth"), page.evaluate("innerWidth"))
        obs.broken = page.evaluate(BROKEN_LABELS)
        if state == "running":
            hover_each_target(page, obs)
        obs.text = page.evaluate(VISIBLE_TEXT, REGIONS)
        if state == "running":
            complete_a_move(page, table, seeded_server, obs)
        page.evaluate("() => { for (const d of document.querySelectorAll('main details')) d.open = false; }")
        _observed[key] = obs
        return obs

    return look


CASES = [pytest.param(label, state, width, id=f"{label}-{state}-{width}")
         for label, _, _, _ in GAMES for state in STATES for width in WIDTHS]


def machine_words(text: str, game: str, catalog: dict) -> list[str]:
    """Catalog ids (other than plain words) and machine tokens in `text`, with a little context each."""
    printed = [re.compile(rf"^(?:{p})$") for p in PRINTED.get(game, [])]
    found = []
    ids = [i for i in catalog.get("components", {}) if not re.fullmatch(r"[a-z]+", i)]
    for ident in sorted(ids, key=len, reverse=True):
        if any(p.match(ident) for p in printed):
            continue
        for m in re.finditer(rf"(?<![\w#:-]){re.escape(ident)}(?![\w#:-])", text):
            found.append(f"catalog id {ident!r} in …{text[max(0, m.start() - 30):m.end() + 30]!r}…")
    for kind, pattern in MACHINE.items():
        for m in pattern.finditer(text):
            found.append(f"{kind} {m.group(0)!r} in …{text[max(0, m.start() - 30):m.end() + 30]!r}…")
    return found


def game_of(label: str) -> str:
    return next(game for lab, game, _, _ in GAMES if lab == label)


@pytest.mark.parametrize("label,state,width", CASES)
def test_the_visible_text_holds_names_not_ids_or_machine_tokens(observe, catalogs, label, state, width):
    obs = observe(label, state, width)
    game = game_of(label)
    texts = {**obs.text, "the action bar with a move chosen": obs.bar_text}
    found = {region: machine_words(text, game, catalogs[game]) for region, text in texts.items()}
    found = {region: words for region, words in found.items() if words}
    assert not found, "ids or machine tokens in the visible text: " + ", ".join(
        f"{len(words)} in {region}" for region, words in found.items()) + "\n" + "\n".join(
        f"{region}: {word}" for region, words in found.items() for word in words[:8])


@pytest.mark.parametrize("label,state,width", CASES)
def test_nothing_is_wider_than_the_viewport(observe, label, state, width):
    scroll_width, inner_width = observe(label, state, width).overflow
    assert scroll_width <= inner_width, f"the page is {scroll_width} px wide in a {inner_width} px viewport"


@pytest.mark.parametrize("label,state,width", CASES)
def test_no_button_label_is_broken_inside_a_word(observe, label, state, width):
    broken = observe(label, state, width).broken
    assert not broken, "words broken across lines: " + "; ".join(broken[:15])


@pytest.mark.parametrize("label,width", [pytest.param(lab, w, id=f"{lab}-running-{w}") for lab, _, _, _ in GAMES for w in WIDTHS])
def test_hovering_a_highlighted_target_moves_nothing(observe, label, width):
    obs = observe(label, "running", width)
    assert obs.targets, "the player has a decision but the board highlights no target"
    assert not obs.hover_moves, "; ".join(obs.hover_moves[:10])


@pytest.mark.parametrize("label,width", [pytest.param(lab, w, id=f"{lab}-running-{w}") for lab, _, _, _ in GAMES for w in WIDTHS])
def test_a_board_click_only_chooses_and_confirm_is_in_view_once_a_move_is_complete(observe, label, width):
    obs = observe(label, "running", width)
    assert not obs.sent_on_click, obs.sent_on_click[0]
    assert obs.confirm is not None, "no whole move could be chosen (board targets, then the move list)"
    assert obs.confirm["inside"], f"Confirm lies outside the viewport: {obs.confirm}"


#: Issue 37's target: a finished four-player table under 4,000 px tall at 390 px (the issue measured
#: 6,000-9,200). A running one is held to the same bound: the decision first, the rest folded.
PHONE_HEIGHT_PX = 4000


@pytest.mark.parametrize("label,state", [pytest.param(lab, st, id=f"{lab}-{st}") for lab, _, _, _ in GAMES for st in STATES])
def test_a_four_player_table_is_under_4000_px_tall_on_a_phone(observe, label, state):
    obs = observe(label, state, "phone")
    shell = obs.height - obs.board_height
    assert obs.height < PHONE_HEIGHT_PX, (f"the {state} table is {obs.height} px tall at 390 px: the board {obs.board_height} px, "
                                          f"the rest of the page {shell} px")
