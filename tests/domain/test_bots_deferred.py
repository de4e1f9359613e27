"""Bots off the person's request (``Tables(defer_bots=True)``, issue 39): a command stops where a
bot seat must act, and ``play_bots`` plays the bots as a command of their own. A game played that
way, the bots played after each of the person's commands, is the game played inline, event by
event: the same versions, the same choices (``bot_rng(seed, version, seat)``), the same chance."""

from __future__ import annotations

import random

import pytest

from domain.application import Tables
from domain.games import GAMES
from domain.games.game import BotInput

SEED = "5eed" * 16

#: (game, seats, bot level): Bunny Kingdom's picks are simultaneous (the person and the bots act at
#: one version), Homesteaders' turns sequential.
CASES = [("bunny_kingdom", 4, "random"), ("bunny_kingdom", 4, "basic"), ("homesteaders", 3, "basic")]


def played(tables: Tables, game: str, seats: int, level: str, deferred: bool) -> tuple[list[tuple], list[int]]:
    """A whole game of Ann (seat 0, choosing as the random bot does, from her own seeded generator)
    against bots; with ``deferred``, the bots are played after each command that left them a turn.
    Returns the events (what each says, without id, time and hash) and the versions at which a
    command left the bots to act."""
    tables.defer_bots = deferred
    due: list = []
    tables.on_bots_due[:] = [due.append]
    table_id = tables.open_table(game, seats).table_id
    tables.take_seat(table_id, "Ann", seat=0)
    for seat in range(1, seats):
        tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level=level)
    tables.start(table_id)
    rng, rules, left_to_bots = random.Random(11), GAMES[game], []

    def bots() -> None:
        while due:
            assert due.pop() == table_id
            left_to_bots.append(tables.table(table_id).version)
            assert tables.bots_due(table_id)
            receipt = tables.play_bots(table_id)
            assert receipt is not None and receipt.version > left_to_bots[-1]
            assert not tables.bots_due(table_id)
            assert tables.play_bots(table_id) is None  # played: a second call is a no-op

    bots()
    for _ in range(5000):
        if tables.table(table_id).status != "running":
            break
        legal = tables.legal_moves(table_id, 0)
        assert legal, "nobody to act but Ann, and Ann has no move"
        view = tables.view(table_id, 0)["view"]
        tables.play_move(table_id, 0, rules.bots["random"](BotInput(0, view, legal, rng)))
        if not deferred:
            assert not due
        bots()
    assert tables.table(table_id).status == "finished"
    assert tables.audit(table_id).ok
    skip = {"originator_id", "timestamp", "digest", "prev_hash"}
    events = [(type(e).__name__, e.originator_version, {k: v for k, v in e.__dict__.items() if k not in skip})
              for e in tables.events.get(table_id)]
    return events, left_to_bots


@pytest.mark.parametrize(("game", "seats", "level"), CASES)
def test_deferred_bots_play_the_game_inline_bots_play(tables, monkeypatch, game, seats, level):
    monkeypatch.setattr("domain.application.new_seed", lambda: SEED)
    inline, none_left = played(tables, game, seats, level, deferred=False)
    deferred, left = played(tables, game, seats, level, deferred=True)
    assert none_left == []
    assert left, "the bots never had a turn of their own"
    bot_moves = [e for e in inline if e[0] == "MovePlayed" and e[2]["seat"] != 0]
    assert bot_moves
    assert len(deferred) == len(inline)
    for mine, theirs in zip(deferred, inline, strict=True):
        assert mine == theirs
