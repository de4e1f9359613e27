"""``strong``'s plan for the finals counts the prize horses it expects to win itself.

The plan (``prospects.final_entry``) weighs each way through the finals still to come by the
seat's trophies plus the horses it can expect to place, against the best other seat's. Its own
horses once started from a distribution with no mass (every plan expected nothing), so a paid
entry only ever counted for what it took from the others: a seat with no champion and the
goods to pay declined finals it was sure to place in (docs/bots.md, issue 38's FR pass).
"""

from __future__ import annotations

import random
from dataclasses import replace

from domain.games import GAMES
from domain.games.fantasy_ranch import bots, prospects, tournaments
from domain.games.fantasy_ranch.state import Work
from tests.bots.helpers import positions, seed_of

GAME = GAMES["fantasy_ranch"]


def _last_to_enter_a_final_it_may_pay_into():
    """A seeded level-1 ``basic`` game's position where the last seat in turn order is asked for
    a final's entry, holds no champion that may ride and has the 4 goods of a paid entry."""
    for n in range(40):
        for _, state, seat in positions(GAME, 4, seed_of("fr-paid-final", n), ["basic"] * 4):
            w = Work(state)
            if w.phase == "tournament_entries" and w.slot >= 8 and w.cursor == w.players - 1:
                if tournaments.may_pay(w, seat) and prospects._room(w, seat) >= 2:
                    return state, seat
    raise AssertionError("no such final in 40 seeded games")


def test_alone_in_a_final_the_strong_seat_pays_for_two_prize_horses():
    state, seat = _last_to_enter_a_final_it_may_pay_into()
    # every other seat declined this final: a paid entry is 1st, two prize horses with room for both
    others = tuple((s, None, 0, "declined") for s in Work(state).order if s != seat)
    alone = replace(state, entries=others)
    move = bots.strong_ranking(alone, seat, random.Random(7))[0]
    assert move["type"] == "enter_final_paid"


def test_the_plan_expects_the_seats_own_prize_horses():
    state, seat = _last_to_enter_a_final_it_may_pay_into()
    others = tuple((s, None, 0, "declined") for s in Work(state).order if s != seat)
    w = Work(replace(state, entries=others))
    moves = [m for m in GAME.legal_moves(replace(state, entries=others), seat)
             if m["type"] in ("enter_final_paid", "decline_tournament")]
    assert prospects.final_entry(w, seat, moves)["type"] == "enter_final_paid"
