"""A whole Tiny Duel over HTTP with three seats and a spectator: nobody reads another seat's secret.

Tiny Duel's secrets are each seat's hand, each seat's bid (never revealed: only the points it
earns are), the deck order and the table's seed (revealed when the game ends). After every step
each viewer reads every route, and every response (commands and refusals included) is checked
against the true state held by the server at that moment.
"""

from __future__ import annotations

import json
import re

from tests.api.conftest import Table

VIEWERS = (0, 1, 2, None)
FORBIDDEN_KEYS = {"hands", "deck", "bids", "seed_hex"}


def _walk(value, path=()):
    if isinstance(value, dict):
        for key, child in value.items():
            yield path + (key,), key, child
            yield from _walk(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _walk(child, path + (i,))


class Referee:
    """Holds every response per viewer and checks it against the server's true state at that moment."""

    def __init__(self, table: Table, tables):
        self.table, self.tables, self.checked = table, tables, 0

    def secrets(self):
        aggregate = self.tables.table(self.table.id)
        state = aggregate.state
        return {
            "seed": aggregate.seed,
            "finished": aggregate.status == "finished",
            "hands": [list(h) for h in state.hands] if state is not None and state.hands else None,
            "bids": list(state.bids) if state is not None else None,
        }

    def check(self, viewer, response):
        truth = self.secrets()
        text = response.get_data(as_text=True)
        document = json.loads(text)
        self.checked += 1
        if not truth["finished"]:
            assert truth["seed"] not in text, "the seed leaked before the end"
        for seat, token in self.table.tokens.items():
            if seat != viewer:
                assert token not in text, f"seat {seat}'s token reached viewer {viewer}"
        for path, key, value in _walk(document):
            assert key not in FORBIDDEN_KEYS, f"{key} reached viewer {viewer} at {path}"
            if key == "hand" and value is not None:
                assert viewer is not None and truth["hands"] is not None and value == truth["hands"][viewer], (
                    f"viewer {viewer} saw a hand that is not theirs at {path}")
            if key == "my_bid" and value is not None:
                assert viewer is not None and value == truth["bids"][viewer], f"viewer {viewer} saw another bid"
            if truth["finished"]:
                continue  # once the game is over the whole log is public (domain/log.py): the seed is out
            if key == "outcome" and isinstance(value, list):
                assert len(value) <= 1, f"a shuffle's outcome reached viewer {viewer} at {path}"
            if isinstance(value, dict) and value.get("type") == "bid" and "card" in value:
                actor = self._actor(document, path)
                assert actor == viewer, f"seat {actor}'s bid card reached viewer {viewer} at {path}"
        if not truth["finished"]:
            for match in re.finditer(r"Seat (\d+) bid card", text):
                assert int(match.group(1)) == viewer, f"seat {match.group(1)}'s bid sentence reached viewer {viewer}"
        return response

    @staticmethod
    def _actor(document, path):
        """The seat of the log entry holding ``path`` (legal moves are the viewer's own)."""
        node = document
        for step in path[:-1]:
            node = node[step]
            if isinstance(node, dict) and "event" in node and "seat" in node:
                return node["seat"]
        return document.get("seat") if isinstance(document, dict) else None


def _read_everything(t: Table, referee: Referee):
    for viewer in VIEWERS:
        for path in ("", "/view", "/events?limit=1000", "/log?limit=1000", "/audit", "/scores"):
            referee.check(viewer, t.get(path, seat=viewer))
        if viewer is not None:
            referee.check(viewer, t.get(f"/seats/{viewer}/legal-moves", seat=viewer))
        referee.check(viewer, t.client.get("/api/tables", headers=t.auth(viewer)))


def test_a_whole_game_leaks_no_seat_s_secret_to_another_seat_or_a_spectator(client, tables, caplog):
    caplog.set_level("DEBUG")
    t = Table(client, seats=3, start=False)
    referee = Referee(t, tables)
    _read_everything(t, referee)
    referee.check(0, t.post("/start", seat=0))
    steps = 0
    while t.summary()["status"] == "running":
        _read_everything(t, referee)
        actor = min(t.to_act())
        hand = tables.table(t.id).state.hands[actor]
        # A refused move naming another seat's card: the refusal must not confirm or echo their hand.
        others = [c for s, h in enumerate(tables.table(t.id).state.hands) if s != actor for c in h]
        if others:
            referee.check(actor, t.play(actor, {"type": "bid" if t.legal(actor)[0]["type"] == "bid" else "play",
                                                "card": others[0]}))
        move = t.legal(actor)[-1] if steps % 2 else t.legal(actor)[0]  # rolls and cards both appear
        referee.check(actor, t.play(actor, move))
        assert tables.table(t.id).state is not None and (hand or move["type"] == "roll")
        steps += 1
    _read_everything(t, referee)
    assert t.summary()["status"] == "finished" and t.summary()["seed"]  # the seed is public only now
    assert steps >= 3 * 3 and referee.checked > 300
    assert not any(token in caplog.text for token in t.tokens.values())  # tokens are never logged


def test_the_referee_notices_a_leak(client, tables):
    """The check above can fail: a response meant for seat 0, judged as if the spectator got it."""
    import pytest

    t = Table(client, seats=3)
    referee = Referee(t, tables)
    t.play_first_legal(0)
    for path in ("/view", "/events"):
        with pytest.raises(AssertionError, match="viewer None"):
            referee.check(None, t.get(path, seat=0))
