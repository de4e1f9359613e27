"""Every product game, played whole over HTTP: no endpoint shows a seat another seat's secret.

Design §4: "a test feeds every game's every event type through every endpoint and checks that no
other player's secret appears". Each game is played to its end through the real app (in-memory
store, embedded read models) with every seat a person holding a token; moves come from each
seat's ``legal-moves`` answer through a seeded RNG. Every few moves, and at the end, every seat and
a spectator read every endpoint: the table summary, the view (now and at past checkpoints), the
events, the human-readable log, the scores, legal moves, the audit, the table list and the SSE
catch-up, the game record; every move's receipt, with the seat's next legal moves it carries, is checked as its author's. Mid-game one seat asks for an undo
(others vote), and at 3+ seats one seat leaves for a bot, so every table event type goes through the
same reads; every few moves a refused move naming a card the seat cannot know must neither echo a
secret nor answer differently for another seat's card and a hidden one. Server seeds are random, so
each run deals new games (the move choice is seeded).

What is secret comes from each spec's section 7 and the server's true state at that moment
(``Secrets`` below): concrete card/coin/tile ids a viewer may not know, searched as whole tokens in
the raw response text, plus per-game structural checks (Homesteaders' screened holdings, private
transactions and secret worker placements). The checks cannot pass vacuously: each seat's own
responses must contain its own secrets, and a response meant for one seat, judged as another's,
is caught (``test_the_checker_catches_a_leak``). Once the game is over everything is public by design
(``domain/log.py``; each spec's end-of-game reveal), so only the seat tokens are checked then.
"""

from __future__ import annotations

import json
import random
import re
from uuid import UUID

import pytest

from api import create_app
from api.config import Settings
from domain.games.homesteaders.moves import PRIVATE as HS_PRIVATE
from tests.api.conftest import SECRET
from tests.fanout.sse import parse

EVERY = 20  # moves between two full readings
MAX_MOVES = 1500


@pytest.fixture
def app():
    app = create_app(Settings(store="memory", testing=True, secret=SECRET))
    live = app.extensions["live"]
    live.heartbeat, live.max_age = 0.02, 2.0
    yield app
    app.extensions["tabletop.projections"].stop()
    app.extensions["tabletop.tables"].close()


def _ids(*groups) -> set[str]:
    out: set[str] = set()
    for group in groups:
        for item in group or ():
            if isinstance(item, (tuple, list)):
                out |= _ids(item)
            elif isinstance(item, str) and item:
                out.add(item)
    return out


def _walk(value, path=()):
    if isinstance(value, dict):
        yield path, value
        for key, child in value.items():
            yield from _walk(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _walk(child, path + (i,))


# ---------------------------------------------------------------------------------------------
# Secrets per game: ``forbidden(state, viewer)`` is the set of ids the viewer may not know now,
# ``own(state, seat)`` the ids only that seat's own view shows (the negative control), ``known``
# what has ever been public or seen by a seat (state-derived, accumulated over the game).
# ---------------------------------------------------------------------------------------------


class Secrets:
    slow: frozenset[str] = frozenset()  # move types picked rarely, so that games end

    def __init__(self, players: int):
        self.players = players
        self.public: set[str] = set()
        self.seen: dict[int, set[str]] = {s: set() for s in range(players)}

    def observe(self, state) -> None:
        """Remember, after every move, what became public and what each seat has held."""

    def forbidden(self, state, viewer: int | None) -> set[str]:
        raise NotImplementedError

    def own(self, state, seat: int) -> set[str]:
        return set()

    def hot(self, state) -> bool:
        """A short stretch worth reading after every move (a draft, a private draw)."""
        return False

    def structural(self, state, viewer: int | None, document, entries_seat) -> None:
        """Per-game checks on the parsed response (raise AssertionError on a leak)."""


class BunnyKingdom(Secrets):
    """BK §7: deck and reserves secret; hand, pick, parchments, 2p discards private to their owner."""

    def observe(self, state):
        if not state.hands:
            return
        self.public |= _ids(state.discards, state.fronts)
        if state.phase in ("copy", "over"):  # BK-R141: every parchment is revealed at final scoring
            self.public |= _ids(state.parchments)
        for s in range(state.players):
            self.seen[s] |= _ids(state.seen[s], state.hands[s], state.parchments[s], state.removed[s])

    def _private(self, state, s):
        selection = state.selections[s] if state.selections else None
        return _ids(state.hands[s], state.parchments[s], state.removed[s], state.reserves[s],
                    selection[0] if selection else (), [selection[1]] if selection else ())

    def forbidden(self, state, viewer):
        if not state.hands:
            return _ids(state.deck)
        out = _ids(state.deck)
        for s in range(state.players):
            if s != viewer:
                out |= self._private(state, s)
        return out - self.public - (self.seen[viewer] if viewer is not None else set())

    def own(self, state, seat):
        return _ids(state.hands[seat], state.parchments[seat]) if state.hands else set()


class FantasyRanch(Secrets):
    """FR §7: deck orders, removed tournament cards, others' draft hands and step picks, Tessa's cards."""

    def observe(self, state):
        horses = [h[0] for h in state.horses]
        self.public |= _ids(horses, state.discard, state.market, state.display, state.kept_fate,
                            state.pending_fate, state.tournament_cards)
        if state.level == 2 or state.phase != "draft":  # L2 picks public per step; L3 at the reveal
            self.public |= _ids(state.picks)
        for s in range(state.players):
            if state.seen:
                self.seen[s] |= _ids(state.seen[s])
            if state.hands:
                self.seen[s] |= _ids(state.hands[s])
            if state.picks:
                self.seen[s] |= _ids(state.picks[s])
        if state.tessa:
            from domain.games.fantasy_ranch.rules import to_act

            for s in to_act(state):
                self.seen[s] |= _ids(state.tessa)

    def forbidden(self, state, viewer):
        out = _ids(state.horse_deck, state.fate_deck, state.removed_cards, state.tessa)
        for s in range(state.players):
            if s != viewer:
                out |= _ids(state.hands[s] if state.hands else (), [state.step_picks[s]] if state.step_picks else ())
                if state.level == 3 and state.phase == "draft" and state.picks:
                    out |= _ids(state.picks[s])
        return out - self.public - (self.seen[viewer] if viewer is not None else set())

    def own(self, state, seat):
        return _ids(state.hands[seat]) if state.hands and state.phase == "draft" else set()

    def hot(self, state):
        return state.phase == "draft" or bool(state.tessa)


class WalnutGrove(Secrets):
    """WG §7: coin ids (and values) are the owner's only; the bag and the disc order are the server's."""

    def observe(self, state):
        self.public |= _ids([state.disc], state.removed_discs)
        for s, p in enumerate(state.players):
            self.seen[s] |= self._coins(p)
        if state.overflow:  # the drawn coins that do not fit are the drawer's (views.py: coin_overflow)
            self.seen[state.order[state.cursor]] |= _ids(state.overflow)

    @staticmethod
    def _coins(p):
        return {c for c in p.barn if re.fullmatch(r"c\d+", c)}

    def forbidden(self, state, viewer):
        out = _ids(state.coin_bag, state.discs)
        if state.overflow and viewer != state.order[state.cursor]:
            out |= _ids(state.overflow)
        for s, p in enumerate(state.players):
            if s != viewer:
                out |= self._coins(p)
        return out - self.public - (self.seen[viewer] if viewer is not None else set())

    def own(self, state, seat):
        return self._coins(state.players[seat])

    def structural(self, state, viewer, document, entries_seat):
        """WG-H01/H09: another seat's coin values (with or without ids) never reach the viewer, in a
        view or in a toll's fact (WG-H03: the others learn one coin was paid, nothing more)."""
        for path, node in _walk(document):
            players = node.get("players")
            if path[-1:] == ("view",) and isinstance(players, list):
                for s, player in enumerate(players):
                    assert s == viewer or "coins" not in player, f"seat {s}'s coins reached viewer {viewer}"
            if node.get("kind") == "toll paid" and node["seats"][0] != viewer:
                payer = node["seats"][0]
                assert set(node["amounts"][str(payer)]) == {"coins"} and len(node["components"]) == 1, (
                    f"seat {payer}'s toll coin reached viewer {viewer}: {node}")


class Homesteaders(Secrets):
    """HS §7: the order of stacks 2/3 (any three hidden tiles in their secret order), and in screened
    mode each seat's holdings, private transactions and simultaneous worker placements."""

    slow = frozenset(HS_PRIVATE | {"unassign_worker"})

    def observe(self, state):
        self.public |= _ids(state.slots)  # a tile is public once revealed into a slot

    def forbidden(self, state, viewer):
        return set()

    def order_fragments(self, state) -> list[str]:
        out = []
        for stack in (state.stack2, state.stack3):
            stack = [t for t in stack if t not in self.public]
            for i in range(len(stack) - 2):
                triple = stack[i:i + 3]
                if list(triple) != sorted(triple):
                    out.append(",".join(json.dumps(t) for t in triple))
        return out

    def structural(self, state, viewer, document, entries_seat):
        screened = state.visibility == "screened"
        for path, node in _walk(document):
            seat = node.get("seat")
            if screened and isinstance(seat, int) and seat != viewer and "event" not in node:
                for key in ("holdings", "provisional_total", "score"):
                    assert key not in node, f"seat {seat}'s {key} reached viewer {viewer} at {path}"
            if screened and node.get("kind") == "debt taken" and node["seats"][0] != viewer:  # HS-H04 facts
                raise AssertionError(f"seat {node['seats'][0]}'s shortfall debt fact reached viewer {viewer} at {path}")
            kind = node.get("type")
            author = entries_seat(path)
            if author is None or author == viewer:
                continue
            if screened and kind in HS_PRIVATE:
                assert set(node) <= {"type", "seat"}, f"seat {author}'s {kind} reached viewer {viewer} at {path}"
            if screened and kind in ("pay_wages", "pay_auction"):
                assert "take_debt_for_shortfall" not in node, f"seat {author}'s shortfall debt reached {viewer}"
            if state.mode == "simultaneous" and kind in ("assign_worker", "unassign_worker"):
                raise AssertionError(f"seat {author}'s secret placement reached viewer {viewer} at {path}")

    def own_structural(self, state, seat, view) -> bool:
        return state.visibility != "screened" or "holdings" in view["view"]["seats"][seat]


GAMES = [
    ("bunny_kingdom", 2, {}, BunnyKingdom),
    ("bunny_kingdom", 4, {}, BunnyKingdom),
    ("homesteaders", 2, {"resource_visibility": "screened", "worker_assignment_mode": "simultaneous"}, Homesteaders),
    ("homesteaders", 4, {"resource_visibility": "screened", "worker_assignment_mode": "sequential"}, Homesteaders),
    ("homesteaders", 3, {"resource_visibility": "open", "worker_assignment_mode": "simultaneous"}, Homesteaders),
    ("walnut_grove", 2, {}, WalnutGrove),
    ("walnut_grove", 4, {}, WalnutGrove),
    ("fantasy_ranch", 2, {"level": 1}, FantasyRanch),
    ("fantasy_ranch", 4, {"level": 2}, FantasyRanch),
    ("fantasy_ranch", 2, {"level": 3, "community_side": "A"}, FantasyRanch),
    ("fantasy_ranch", 4, {"level": 3, "community_side": "B"}, FantasyRanch),
]


# ---------------------------------------------------------------------------------------------
# The referee: one table, its tokens, and the checks of one response for one viewer.
# ---------------------------------------------------------------------------------------------


class Referee:
    def __init__(self, app, game: str, seats: int, options: dict, secrets: type[Secrets]):
        self.client = app.test_client()
        self.tables = app.extensions["tabletop.tables"]
        r = self.client.post("/api/tables", json={"game": game, "seats": seats, "options": options})
        assert r.status_code == 201, r.json
        self.id = r.json["table_id"]
        self.tokens: dict[int, str] = {}
        for s in range(seats):
            taken = self.client.post(self.url("/seats"), json={"name": f"p{s}"})
            assert taken.status_code == 201, taken.json
            self.tokens[taken.json["seat"]] = taken.json["token"]
        self.secrets = secrets(seats)
        self.viewers = [*range(seats), None]
        self.checked = 0
        self.own_seen = 0
        self.undos = 0
        self.refusals = 0
        self.retired: dict[int, str] = {}  # tokens of seats that left (a bot plays on)
        self.observed = 0  # the last version fed to ``secrets.observe``
        self.armed = 0  # checks with something secret to look for
        self.checkpoints: list[tuple[int, dict]] = []  # (version, forbidden per viewer) while running

    def url(self, path=""):
        return f"/api/tables/{self.id}{path}"

    def auth(self, seat):
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}

    def aggregate(self):
        return self.tables.table(UUID(self.id))

    def forbidden_now(self) -> dict:
        aggregate = self.aggregate()
        state = aggregate.state
        return {v: (self.secrets.forbidden(state, v) if state is not None else set()) for v in self.viewers}

    # -- the check ----------------------------------------------------------------------------

    def check(self, viewer, text: str, forbidden: set[str] | None = None, fragments=None, state=None):
        aggregate = self.aggregate()
        finished = aggregate.status == "finished"
        self.checked += 1
        for seat, token in {**self.retired, **self.tokens}.items():
            assert seat == viewer or token not in text, f"seat {seat}'s token reached viewer {viewer}"
        if finished:
            return  # the whole log and every secret are public now, by design
        assert aggregate.seed not in text, f"the seed reached viewer {viewer} before the end"
        state = aggregate.state if state is None else state
        if state is None:
            return
        if forbidden is None:
            forbidden = self.secrets.forbidden(state, viewer)
        if forbidden or fragments or isinstance(self.secrets, Homesteaders):
            self.armed += 1
        if forbidden:
            pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, sorted(forbidden))) + r")(?![\w-])")
            found = pattern.search(text)
            assert found is None, f"viewer {viewer} read {found.group(0)!r}: {text[max(0, found.start() - 120):found.end() + 80]}"
        for fragment in (fragments if fragments is not None else self._fragments(state)):
            assert fragment not in text.replace(", ", ","), f"a secret order {fragment} reached viewer {viewer}"
        try:
            document = json.loads(text)
        except ValueError:
            documents = [m["data"] for m in parse([text]) if "data" in m]
            document = documents
        self.secrets.structural(state, viewer, document, lambda path: self._author(document, path))

    def _fragments(self, state):
        return self.secrets.order_fragments(state) if isinstance(self.secrets, Homesteaders) else []

    @staticmethod
    def _author(document, path):
        """The seat of the log entry whose ``action`` (or the record event whose ``payload``) holds
        ``path``; None outside entries' actions."""
        node, author = document, None
        for step in path:
            if isinstance(node, dict) and "event" in node and step == "action":
                author = node.get("seat")
            if isinstance(node, dict) and "event" in node and step == "payload" and isinstance(node[step], dict):
                author = node[step].get("seat")
            node = node[step]
        return author

    # -- playing and reading ------------------------------------------------------------------

    def get(self, path, viewer):
        r = self.client.get(self.url(path), headers=self.auth(viewer))
        return r

    def read_everything(self, with_stream: bool):
        self.observe()
        now = self.forbidden_now()
        state = self.aggregate().state
        fragments = self._fragments(state) if state is not None else []
        version = self.aggregate().version
        for v in self.viewers:
            for path in ("", "/view", "/events?limit=1000", "/log?limit=1000", "/scores", "/audit", "/record"):
                r = self.get(path, v)
                assert r.status_code == 200, (path, r.json)
                self.check(v, r.get_data(as_text=True), now[v], fragments)
            for s in self.tokens:
                r = self.get(f"/seats/{s}/legal-moves", v)
                self.check(v, r.get_data(as_text=True), now[v], fragments)
            listed = self.client.get("/api/tables", headers=self.auth(v))
            self.check(v, listed.get_data(as_text=True), now[v], fragments)
            for past, forbidden in self.checkpoints[-2:]:
                r = self.get(f"/view?version={past}", v)
                assert r.status_code == 200, r.json
                self.check(v, r.get_data(as_text=True), forbidden[v], [])
                r = self.get(f"/scores?version={past}", v)
                assert r.status_code == 200, r.json
                self.check(v, r.get_data(as_text=True), now[v], fragments)
            if with_stream:
                self.check(v, self.stream(v), now[v], fragments)
            if v is not None and state is not None and self.aggregate().status != "finished":
                self.own_check(v, state)
        if self.aggregate().status == "running":
            self.checkpoints.append((version, now))

    def own_check(self, seat, state):
        """Negative control: the seat's own view does carry its own secrets."""
        view = self.get("/view", seat)
        text = view.get_data(as_text=True)
        own = self.secrets.own(state, seat)
        for item in own:
            assert re.search(rf"(?<![\w-]){re.escape(item)}(?![\w-])", text), f"seat {seat}'s own {item} is missing"
        if isinstance(self.secrets, Homesteaders):
            assert self.secrets.own_structural(state, seat, view.json)
            own = True
        self.own_seen += bool(own)

    def stream(self, viewer) -> str:
        response = self.client.get(self.url("/stream"), headers=self.auth(viewer), buffered=False)
        assert response.status_code == 200
        chunks = []
        for chunk in response.response:
            chunk = chunk.decode() if isinstance(chunk, bytes) else chunk
            if chunk.startswith(": hb"):
                break
            chunks.append(chunk)
        response.close()
        text = "".join(chunks)
        assert "data:" in text, text[:200]
        return text

    def probe_refusal(self, seat: int, move: dict) -> None:
        """A refused move naming a card the seat cannot know: the refusal neither echoes a secret nor
        tells a card in another seat's hand from one in the deck (same answer, the id aside)."""
        state = self.aggregate().state
        mine = self.secrets.own(state, seat)
        def swap(card):
            for key, value in move.items():
                if isinstance(value, str) and value in mine:
                    return {**move, key: card}
                if isinstance(value, list) and any(v in mine for v in value if isinstance(v, str)):
                    i = next(i for i, v in enumerate(value) if v in mine)
                    return {**move, key: [*value[:i], card, *value[i + 1:]]}
            return None

        if swap("x") is None:
            return
        forbidden = self.secrets.forbidden(state, seat)
        others = set().union(*(self.secrets.own(state, s) for s in self.tokens if s != seat)) & forbidden
        hidden = forbidden - others - set().union(*(self.secrets.own(state, s) for s in self.tokens))
        answers = []
        for pool in (others, hidden):
            if not pool:
                return
            card = sorted(pool)[0]
            r = self.client.post(self.url(f"/seats/{seat}/moves"), headers=self.auth(seat),
                                 json={"move": swap(card)})
            assert r.status_code != 200, f"seat {seat} played {card}, a card it does not hold"
            text = r.get_data(as_text=True)
            self.check(seat, text.replace(card, "<card>"), forbidden - {card})
            answers.append(re.sub(r'"(request_id|trace_id|id)":"[^"]*"', "", text.replace(card, "<card>")))
        assert answers[0] == answers[1], f"a refusal tells another seat's card from a hidden one: {answers}"
        self.refusals += 1

    def leave(self, seat: int) -> None:
        """The seat leaves mid-game and a bot plays on: its secrets stay its own (BK-R131)."""
        r = self.client.post(self.url(f"/seats/{seat}/leave"), headers=self.auth(seat), json={})
        assert r.status_code == 200, r.json
        self.check(seat, r.get_data(as_text=True))
        self.retired[seat] = self.tokens.pop(seat)
        self.viewers.remove(seat)
        assert self.client.get(self.url("/view"), headers={"Authorization": f"Bearer {self.retired[seat]}"}).status_code == 401
        self.read_everything(with_stream=True)

    def undo(self, seat: int, back: int) -> None:
        """Undo and its vote go through the same reads: Undone events, undone entries, rewound views."""
        to_version = self.aggregate().version - back
        r = self.client.post(self.url(f"/seats/{seat}/undo"), headers=self.auth(seat), json={"to_version": to_version})
        assert r.status_code == 200, r.json
        self.check(seat, r.get_data(as_text=True))
        request = self.client.get(self.url()).json["undo_request"]
        if request:
            self.read_everything(with_stream=False)  # while the vote is open
            for voter in request["needs"]:
                r = self.client.post(self.url(f"/seats/{voter}/undo/votes"), headers=self.auth(voter),
                                     json={"approve": True})
                assert r.status_code == 200, r.json
                self.check(voter, r.get_data(as_text=True))
        assert self.client.get(self.url()).json["undone"], "the undo did not happen"
        self.undos += 1
        self.read_everything(with_stream=True)

    def observe(self) -> None:
        """Feed the referee every state since the last look: a bot's moves in between count too."""
        head = self.aggregate().version
        if self.retired:  # bots play inside other seats' commands: see each of their states
            for v in range(self.observed + 1, head):
                state = self.tables.table(UUID(self.id), v).state
                if state is not None:
                    self.secrets.observe(state)
        self.secrets.observe(self.aggregate().state)
        self.observed = head

    def play(self, seed: int) -> int:
        rng = random.Random(seed)
        start = self.client.post(self.url("/start"), headers=self.auth(0))
        assert start.status_code == 200, start.json
        self.check(0, start.get_data(as_text=True))
        moves = 0
        self.secrets.observe(self.aggregate().state)
        self.read_everything(with_stream=True)
        while self.aggregate().status == "running" and moves < MAX_MOVES:
            summary = self.client.get(self.url()).json
            seat = rng.choice([s for s in summary["to_act"] if s in self.tokens])
            legal = self.client.get(self.url(f"/seats/{seat}/legal-moves"), headers=self.auth(seat))
            self.check(seat, legal.get_data(as_text=True))
            choices = legal.json["moves"]
            quick = [m for m in choices if m.get("type") not in self.secrets.slow]
            move = rng.choice(quick if quick and rng.random() > 0.05 else choices)
            if legal.json.get("outline"):  # a first step of a long list: the whole moves through it
                legal = self.client.get(self.url(f"/seats/{seat}/legal-moves"), headers=self.auth(seat),
                                        query_string={"match": json.dumps(move)})
                self.check(seat, legal.get_data(as_text=True))
                move = rng.choice(legal.json["moves"])
            if moves % 5 == 0:
                self.probe_refusal(seat, move)
            # The answer lists the seat's next moves too (?legal_moves=true): checked as its author's.
            r = self.client.post(self.url(f"/seats/{seat}/moves"), headers=self.auth(seat), json={"move": move},
                                 query_string={"legal_moves": "true"})
            assert r.status_code == 200, (r.json, move)
            assert r.json["legal_moves"]["seat"] == seat and r.json["legal_moves"]["version"] == r.json["version"]
            self.observe()  # the answer shows the state the move made (a reveal it caused is public in it)
            self.check(seat, r.get_data(as_text=True))
            moves += 1
            if moves == 2 * EVERY + 3:
                self.undo(seat, back=3)
            if moves == 2 * EVERY + 10 and len(self.tokens) >= 3:
                self.leave(max(self.tokens))
            if moves % EVERY == 0 or self.secrets.hot(self.aggregate().state):
                self.read_everything(with_stream=moves % (3 * EVERY) == 0)
        assert self.aggregate().status == "finished", f"not over after {moves} moves"
        self.read_everything(with_stream=True)
        return moves


@pytest.mark.parametrize("game,seats,options,secrets", GAMES,
                         ids=[f"{g}-{n}p-{'-'.join(map(str, o.values())) or 'base'}" for g, n, o, _ in GAMES])
def test_a_whole_game_leaks_no_secret_through_any_endpoint(app, game, seats, options, secrets):
    referee = Referee(app, game, seats, options, secrets)
    moves = referee.play(seed=sum(map(ord, game)) + seats)
    assert moves > 20 and len(referee.checkpoints) >= 2 and referee.checked > 200 and referee.undos == 1
    assert referee.armed > 0.5 * referee.checked
    assert referee.refusals or game != "bunny_kingdom"  # refused moves naming unknown cards were probed
    kinds, facts, after = set(), set(), 0
    while page := referee.get(f"/events?after={after}&limit=1000", None).json:
        kinds |= {e["event"] for e in page}
        facts |= {f["kind"] for e in page for f in e["facts"]}
        after = page[-1]["version"]
    assert {"Opened", "SeatTaken", "GameStarted", "MovePlayed", "ChanceResolved", "UndoRequested", "UndoVoted",
            "Undone", "GameFinished"} - kinds <= {"UndoRequested", "UndoVoted"}, kinds
    assert ("SeatLeft" in kinds) == (seats >= 3)  # an own-move undo needs no vote
    assert "scores" in facts, facts  # the walk did carry facts (every game ends with its scores)
    if options.get("level") != 1:  # FR level 1 has no seat's own secret, only the decks (FR-R304)
        assert referee.own_seen >= len(referee.tokens)  # the owners' own views did show their secrets


def test_the_checker_catches_a_leak(app):
    """Negative controls: a seat's own responses, judged as another seat's or the spectator's, fail
    on that seat's secrets; and deliberately leaking responses are caught."""
    for game, seats, options, secrets in (GAMES[1], GAMES[2], GAMES[6], GAMES[10]):
        referee = Referee(app, game, seats, options, secrets)
        assert referee.client.post(referee.url("/start"), headers=referee.auth(0)).status_code == 200
        rng = random.Random(7)
        caught: set[str] = set()
        for _ in range(80):
            state = referee.aggregate().state
            referee.secrets.observe(state)
            for path in ("/view", "/events?limit=1000", "/log?limit=1000"):
                text = referee.get(path, 0).get_data(as_text=True)
                referee.check(0, text)  # the owner may read it ...
                for other in (1, None):
                    with pytest.raises(AssertionError) as leak:
                        referee.check(other, text)  # ... nobody else may
                        raise AssertionError("missed")
                    if "missed" not in str(leak.value):
                        assert re.search(r"read '|holdings|provisional_total", str(leak.value)), leak.value
                        caught.add(f"{path} as {other}")
            if len(caught) >= 2:
                break
            seat = rng.choice(referee.client.get(referee.url()).json["to_act"])
            legal = referee.client.get(referee.url(f"/seats/{seat}/legal-moves"), headers=referee.auth(seat))
            move = rng.choice(legal.json["moves"])
            if legal.json.get("outline"):
                legal = referee.client.get(referee.url(f"/seats/{seat}/legal-moves"), headers=referee.auth(seat),
                                           query_string={"match": json.dumps(move)})
                move = rng.choice(legal.json["moves"])
            referee.client.post(referee.url(f"/seats/{seat}/moves"), headers=referee.auth(seat), json={"move": move})
        assert {"/view as 1", "/view as None"} <= caught, f"{game}: seat 0's own view was never recognised as secret"
        # Deliberately leaking responses: the spectator's own view with one secret spliced in.
        state = referee.aggregate().state
        spectator = referee.get("/view", None).get_data(as_text=True)
        referee.check(None, spectator)
        forbidden = sorted(referee.secrets.forbidden(state, None))
        if forbidden:
            with pytest.raises(AssertionError, match="read"):
                referee.check(None, spectator[:-2] + f',"oops":"{forbidden[0]}"' + "}\n")
        if isinstance(referee.secrets, Homesteaders):
            leaky = [{"version": 9, "event": "MovePlayed", "seat": 0,
                      "action": {"type": "buy_resource", "resource": "wood", "amount": 1}}]
            referee.check(0, json.dumps(leaky))
            with pytest.raises(AssertionError, match="buy_resource"):
                referee.check(1, json.dumps(leaky))
            hidden = [t for t in state.stack2 + state.stack3 if t not in referee.secrets.public][:3]
            if len(hidden) == 3 and hidden != sorted(hidden):
                with pytest.raises(AssertionError, match="secret order"):
                    referee.check(None, json.dumps({"tiles": hidden}))
        with pytest.raises(AssertionError, match="token"):
            referee.check(None, json.dumps({"token": referee.tokens[0]}))
        with pytest.raises(AssertionError, match="seed"):
            referee.check(None, json.dumps({"seed": referee.aggregate().seed}))


def test_the_structural_checks_catch_values_without_ids():
    """Coin values with the ids stripped, or screened holdings, still count as leaks."""
    coins = {"view": {"players": [{"coins": [{"value": 1}]}, {"coin_count": 2}]}}
    WalnutGrove(2).structural(None, 0, coins, lambda path: None)
    with pytest.raises(AssertionError, match="coins"):
        WalnutGrove(2).structural(None, 1, coins, lambda path: None)

    class Screened:
        visibility, mode = "screened", "simultaneous"

    holdings = {"seats": [{"seat": 0, "holdings": {"silver": 3}}, {"seat": 1}]}
    Homesteaders(2).structural(Screened, 0, holdings, lambda path: None)
    with pytest.raises(AssertionError, match="holdings"):
        Homesteaders(2).structural(Screened, None, holdings, lambda path: None)


def test_the_structural_checks_catch_a_fact_told_to_the_wrong_viewer():
    """WG-H03, HS-H04: a toll coin's value, or a shortfall debt, in a fact another seat reads."""
    toll = {"facts": [{"kind": "toll paid", "seats": [0], "amounts": {"0": {"coins": 1, "value": 2}},
                       "components": ["taxes", "c07"]}]}
    WalnutGrove(2).structural(None, 0, toll, lambda path: None)
    with pytest.raises(AssertionError, match="toll coin"):
        WalnutGrove(2).structural(None, 1, toll, lambda path: None)
    told = {"facts": [{"kind": "toll paid", "seats": [0], "amounts": {"0": {"coins": 1}}, "components": ["taxes"]}]}
    WalnutGrove(2).structural(None, 1, told, lambda path: None)

    class Screened:
        visibility, mode = "screened", "simultaneous"

    debt = {"facts": [{"kind": "debt taken", "seats": [0], "amounts": {"0": {"debt": 1}}, "components": []}]}
    Homesteaders(2).structural(Screened, 0, debt, lambda path: None)
    with pytest.raises(AssertionError, match="debt fact"):
        Homesteaders(2).structural(Screened, None, debt, lambda path: None)
