"""The platform hands a bot seat's policy a ``BotInput`` made of the seat's view, never the state.

Told through the Tables application (in memory): a game whose policies record what they are
given plays a whole bot game; every call got the seat's ``player_view`` (a mapping of the view
the seat's player would be shown, rendered when the policy first reads it) and its legal moves,
and the level asked for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from domain.games import GAMES, register
from domain.games.game import BOT_LEVELS, CHANCE, DEFAULT_BOT_LEVEL, BotInput


@pytest.fixture
def recorded():
    """Bunny Kingdom with policies that record their input, then play the real level."""
    game = GAMES["bunny_kingdom"]
    calls = []

    def recorder(level):
        def policy(inp):
            calls.append((level, inp))
            return game.bots[level](inp)
        return policy

    # Registered, not only put in GAMES: tables find their rules by name and version (get_game).
    register(dataclasses.replace(game, bots={lv: recorder(lv) for lv in BOT_LEVELS}))
    yield calls
    register(game)


def test_bot_policies_get_the_seats_view_and_legal_moves_never_the_state(memory_tables, recorded):
    tables = memory_tables
    table_id = tables.open_table("bunny_kingdom", 2).table_id
    tables.take_seat(table_id, "ann", bot=True, level="strong")
    tables.take_seat(table_id, "bob", bot=True, level="random")
    tables.start(table_id)
    assert tables.summary(table_id)["status"] == "finished"
    assert recorded
    levels = {inp.seat: level for level, inp in recorded}
    assert levels == {0: "strong", 1: "random"}
    for _level, inp in recorded[:40]:
        assert isinstance(inp, BotInput)
        assert isinstance(inp.view, Mapping) and not isinstance(inp.view, GAMES["bunny_kingdom"].state_type)
        assert "you" in inp.view and inp.view["you"]["seat"] == inp.seat
        assert not any(isinstance(v, GAMES["bunny_kingdom"].state_type) for v in (inp.view, *inp.legal))
        assert inp.legal and all(isinstance(m, dict) for m in inp.legal)


def test_a_bot_seat_without_a_level_plays_the_default_and_a_person_who_leaves_is_replaced_at_basic(
        memory_tables, recorded):
    tables = memory_tables
    table_id = tables.open_table("bunny_kingdom", 2).table_id
    tables.take_seat(table_id, "ann")
    tables.take_seat(table_id, "bot", bot=True)
    seats = tables.summary(table_id)["seats"]
    assert [s["level"] for s in seats] == [None, DEFAULT_BOT_LEVEL]
    tables.start(table_id)
    tables.leave(table_id, 0)
    assert tables.summary(table_id)["status"] == "finished"
    assert tables.table(table_id).players[0] == {"name": "ann", "bot": True, "level": "basic"}
    assert {level for level, _ in recorded} == {"basic"}


def _dealt(game):
    """A two-player table of ``game`` just dealt, and a seat to act."""
    from domain.fairness import draw

    state = game.setup(2, game.resolve_options(2, {}))
    for n in range(10):  # the deal
        if game.to_act(state) != frozenset({CHANCE}):
            break
        state = game.resolve_chance(state, draw(game.chance(state), "00" * 32, n))
    return state, min(game.to_act(state))


def test_legal_moves_are_listed_only_when_a_policy_reads_them_and_then_once():
    """A Walnut Grove spring lists some 20,000 placements; a policy that spells its own placement
    must not pay for that list, and one that reads it gets the game's own list, listed once."""
    from domain.application import bot_decision
    from domain.fairness import bot_rng

    listed = []
    base = GAMES["bunny_kingdom"]

    def counting(state, seat):
        listed.append(seat)
        return base.legal_moves(state, seat)

    state, seat = _dealt(base)
    expected = base.legal_moves(state, seat)

    def spelled(inp):  # never looks at inp.legal
        return expected[0]

    def reader(inp):
        assert len(inp.legal) == len(expected) and list(inp.legal) == expected and expected[-1] in inp.legal
        return inp.legal[-1]

    game = dataclasses.replace(base, legal_moves=counting, bots={"basic": spelled, "strong": reader})
    assert bot_decision(game, state, seat, "basic", bot_rng("00" * 32, 1, seat)) == expected[0]
    assert listed == []
    assert bot_decision(game, state, seat, "strong", bot_rng("00" * 32, 1, seat)) == expected[-1]
    assert listed == [seat]


def test_a_seats_view_is_rendered_only_when_a_policy_reads_it_and_then_once():
    """Bunny Kingdom's random bot picks from its legal moves alone; rendering the view it never
    reads was a quarter of a random-bot table's web CPU (issue 18). A policy that reads it gets the seat's view."""
    from domain.application import bot_decision
    from domain.fairness import bot_rng

    rendered = []
    base = GAMES["bunny_kingdom"]

    def counting(state, seat):
        rendered.append(seat)
        return base.player_view(state, seat)

    state, seat = _dealt(base)
    expected = base.player_view(state, seat)

    def reader(inp):
        assert dict(inp.view) == expected and inp.view["you"] == expected["you"] and len(inp.view) == len(expected)
        return inp.legal[0]

    game = dataclasses.replace(base, player_view=counting, bots={"random": base.bots["random"], "strong": reader})
    move = bot_decision(game, state, seat, "random", bot_rng("00" * 32, 1, seat))
    assert move in base.legal_moves(state, seat) and rendered == []
    bot_decision(game, state, seat, "strong", bot_rng("00" * 32, 1, seat))
    assert rendered == [seat]
