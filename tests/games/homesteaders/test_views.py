"""Views and the table log: the public scoreboard, one's own provisional score, one sentence per move."""

from __future__ import annotations

import re

from domain.games.game import CHANCE, seat_ref
from domain.games.homesteaders import GAME
from domain.games.homesteaders.moves import SHAPES
from domain.games.homesteaders.views import _SENTENCES
from domain.log import render_seats

from .helpers import CONFIRM, A, B, C, assign, bid, bidding, holding, new_game, own, play
from .walk import walk

SENTENCE = re.compile(r"^[A-Z][^\n]*\.$")


def test_every_move_and_chance_step_has_one_plain_sentence():
    """describe: one sentence per move type and chance outcome, for actor, others and spectators."""
    kinds = set()
    for players in (2, 4):
        for before, actor, action, _ in walk(players, {}, seed=5):
            kinds.add(action["type"])
            for viewer in (None, *range(players)):
                sentence = GAME.describe(before, actor, action, viewer)
                if actor != CHANCE:
                    assert sentence.startswith(f"{seat_ref(actor)} ")
                names = [f"Player {s}" for s in range(players)]  # the platform names the seats (domain.log)
                assert SENTENCE.match(render_seats(sentence, names, viewer, GAME.name_component)), sentence
    assert len(kinds) >= 15  # the walk reached most commands


def test_sentences_name_what_happened():
    state = bidding(new_game(3), active=A)
    state = play(state, A, bid(1, 5))
    assert GAME.describe(state, B, bid(1, 6), None) == f"{seat_ref(1)} bid 6 on auction slot 1, outbidding {seat_ref(0)}."
    assert set(SHAPES)  # every command has a sentence template
    assert set(_SENTENCES) == set(SHAPES)


def test_public_scoreboard_and_own_provisional_total():
    """HS-H06: others see building VP and end bonuses; the owner also sees the provisional total."""
    state = own(holding(new_game(3), A, vp_tokens=4, gold=1, debt=1), A, "market#1")
    mine = GAME.player_view(state, A)["seats"][A]
    theirs = GAME.player_view(state, B)["seats"][A]
    assert theirs["visible_vp"] == mine["visible_vp"] == 2
    assert mine["provisional_total"] == 4 + 2 + 2 - 1
    assert "provisional_total" not in theirs
    assert GAME.scores(state).totals[A] == 2  # the public total while screened


def test_hs_h01_income_collected_is_public():
    """HS-H01, HS-A06: every seat sees what each player collected, line by line."""
    state = own(holding(new_game(3), B, debt=2), B, "bank#1")
    state = play(state, A, assign("w1-1", "homestead#1", 1))
    for seat in (A, B, C):
        state = play(state, seat, CONFIRM)
    seats = GAME.player_view(state, C)["seats"]
    assert seats[A]["last_income"] == [
        {"source": "homestead#1", "gained": {"silver": 2}},
        {"source": "homestead#1/1", "gained": {"wood": 1}},
    ]
    assert {"source": "bank#1", "gained": {"debt": -1}} in seats[B]["last_income"]


def test_hs_h01_seat_colours_are_public():
    """HS-H01, HS-SET-01: every viewer sees the colours, red, green, blue, yellow in seat order."""
    state = new_game(4)
    for viewer in (None, A, B):
        seats = GAME.player_view(state, viewer)["seats"]
        assert [s["colour"] for s in seats] == ["red", "green", "blue", "yellow"]


def test_hs_h01_build_bonuses_and_the_forge_point_are_named_in_the_log():
    """HS-H01, HS-A32, HS-A33: build bonuses are public, so every viewer's sentence names them."""
    from .helpers import build, in_round, pay, resolving

    state = play(resolving(holding(new_game(3), A, wood=2, silver=3), 1, A, 3), A, pay())
    move = build("boarding_house")
    for viewer in (None, A, B):
        assert GAME.describe(state, A, move, viewer) == f"{seat_ref(0)} built the {{building:boarding_house#1}} and gained 2 silver."
    indebted = holding(state, A, debt=2)
    assert GAME.describe(indebted, A, move, C).endswith("the {building:boarding_house#1} and discarded a debt.")
    forge = play(resolving(own(holding(in_round(new_game(3), 9), A, copper=1, wood=1, silver=9), A, "forge#1"), 1, A, 3), A, pay())
    assert GAME.describe(forge, A, build("train_station#1"), B) == (
        f"{seat_ref(0)} built the {{building:train_station#1}}, scored 1 VP with the Forge and gained a rail line."
    )
    assert GAME.describe(forge, A, build("dude_ranch#1"), B) == f"{seat_ref(0)} built the {{building:dude_ranch#1}} and scored 1 VP with the Forge."


def test_debts_taken_in_one_move_are_counted_in_the_plural():
    """The move list lets a player take several debts at once: "took 5 debt" read as a slip; one is
    still "took 1 debt" (table review, finding 15)."""
    state = new_game(3)
    said = {n: render_seats(GAME.describe(state, A, {"type": "take_debt", "count": n}, A), ["Ann", "Bob", "Cleo"], A)
            for n in (1, 5)}
    assert said == {1: "You took 1 debt.", 5: "You took 5 debts."}


def test_a_trade_token_and_one_worker_are_said_as_a_player_counts_them():
    """The table review's second look read "collected income: 6 silver, 2 trade and 1 wood", "put a
    worker on the Farm for 2 silver and 1 trade" and "You paid wages for 1 workers."."""
    from domain.games.homesteaders import facts as hs_facts
    state = new_game(3)
    workers = len(state.seat(A).workers)
    said = render_seats(GAME.describe(state, A, {"type": "pay_wages"}, A), ["Ann", "Bob", "Cleo"], A)
    assert said == f"You paid wages for {workers} worker{'s' if workers != 1 else ''}."
    assert workers == 1, "a new seat has one worker: the singular is what is tested"
    income = {"kind": hs_facts.INCOME, "seats": [B], "amounts": {str(B): {"silver": 6, "trade": 2, "wood": 1}}}
    assert hs_facts.text(income) == f"{seat_ref(B)} collected income: 6 silver, 2 trade tokens and 1 wood."
    one = {"kind": hs_facts.INCOME, "seats": [B], "amounts": {str(B): {"silver": 2, "trade": 1}}}
    assert hs_facts.text(one) == f"{seat_ref(B)} collected income: 2 silver and 1 trade token."
    farm = render_seats(GAME.describe(state, A, {"type": "assign_worker", "building": "farm", "slot": 1}, A),
                        ["Ann", "Bob", "Cleo"], A)
    assert farm.endswith(" for 2 silver and 1 trade token."), farm
