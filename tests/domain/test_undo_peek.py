"""Undo cannot be used to peek (docs/undo.md): at every game's reveal points an undo that showed
the requester something they did not decide needs the other players' consent, and bots refuse it.

Each story plays real moves through ``Tables`` on the in-memory store: people's moves are chosen by
the game's own bot so the table reaches its reveal points quickly.
"""

from __future__ import annotations

import random

import pytest

from domain.errors import UndoRefused
from domain.games import get_game
from domain.table import Table
from tests.domain.test_tables import play_first_legal
from tests.domain.test_tables import seated as opened


def seated(tables, **kwargs):
    table_id = opened(tables, **kwargs)
    tables.start(table_id)
    return table_id


def open_table(tables, game, people=2, bots=0, options=None, policy="consent"):
    table_id = tables.open_table(game, people + bots, options or {}, policy).table_id
    for n in range(people):
        tables.take_seat(table_id, f"p{n}")
    for n in range(bots):
        tables.take_seat(table_id, f"b{n}", bot=True)
    tables.start(table_id)
    return table_id


def play_for(tables, table_id, seat, rng):
    """One move for ``seat``, chosen by the game's bot; returns the receipt."""
    table = tables.table(table_id)
    move = table.game.bot_move(table.state, seat, rng)
    return tables.play_move(table_id, seat, move)


def drive_until(tables, table_id, reached, rng, limit=3000):
    """Play people's seats (lowest seat to act first) until ``reached(state)``."""
    for _ in range(limit):
        table = tables.table(table_id)
        assert table.status == "running", "the game ended before the reveal point"
        if reached(table.state):
            return table
        play_for(tables, table_id, min(table.to_act()), rng)
    raise AssertionError("reveal point not reached")


def finish_step(tables, table_id, seat, rng):
    """Play ``seat``'s moves until it no longer has to act in this step."""
    while seat in tables.table(table_id).to_act():
        play_for(tables, table_id, seat, rng)


def assert_peek_needs_consent(tables, table_id, seat, mark, others):
    before = tables.table(table_id)
    version, undone = before.version, list(before.undone)
    tables.request_undo(table_id, seat, mark)
    table = tables.table(table_id)
    assert table.undone == undone, "the undo went through alone"
    assert table.undo_request["needs"] == others and table.version == version + 1


def assert_quiet_undo_is_immediate(tables, table_id, seat, mark):
    tables.request_undo(table_id, seat, mark)
    table = tables.table(table_id)
    assert table.undo_request is None and table.undone and table.undone[-1][0] == mark + 1


# -- Tiny Duel: a simultaneous secret bid, then turns with dice --------------------------------


def test_the_last_bidder_cannot_undo_alone_after_seeing_every_bid(memory_tables):
    tables = memory_tables
    table_id = seated(tables, names=("ann", "bob"))
    mark = tables.table(table_id).version
    play_first_legal(tables, table_id, 0)
    assert_quiet_undo_is_immediate(tables, table_id, 0, mark)  # ann's bid showed ann nothing
    play_first_legal(tables, table_id, 0)
    after_ann = tables.table(table_id).version
    play_first_legal(tables, table_id, 1)  # bob's bid completes the step: every bid is scored
    assert_peek_needs_consent(tables, table_id, 1, after_ann, [0])


def test_bots_refuse_an_undo_across_a_reveal_or_a_roll(memory_tables):
    tables = memory_tables
    table_id = seated(tables, names=("ann",), bots=("robo",))
    mark = tables.table(table_id).version
    play_first_legal(tables, table_id, 0)  # the bot bids right after: the bids are revealed
    version = tables.table(table_id).version
    with pytest.raises(UndoRefused, match="reveal or a chance step"):
        tables.request_undo(table_id, 0, mark)
    assert tables.table(table_id).version == version
    while 0 not in tables.table(table_id).to_act():
        play_first_legal(tables, table_id)
    mark = tables.table(table_id).version
    tables.play_move(table_id, 0, {"type": "roll"})
    assert any(isinstance(e, Table.ChanceResolved) for e in tables.events.get(table_id, gt=mark))
    with pytest.raises(UndoRefused):
        tables.request_undo(table_id, 0, mark)


def test_bots_approve_an_undo_across_their_own_plain_moves(memory_tables):
    tables = memory_tables
    for _ in range(30):  # the bot's answer is its own choice: find a table where it plays a card
        table_id = seated(tables, names=("ann",), bots=("robo",))
        play_first_legal(tables, table_id, 0)
        if tables.table(table_id).to_act() != {0}:
            continue
        mark = tables.table(table_id).version
        hand = tables.view(table_id, 0)["view"]["hand"]
        tables.play_move(table_id, 0, {"type": "play", "card": hand[0]})
        crossed = list(tables.events.get(table_id, gt=mark))
        if [type(e) for e in crossed] != [Table.MovePlayed, Table.MovePlayed] or crossed[1].move["type"] != "play":
            continue
        tables.request_undo(table_id, 0, mark)
        assert tables.table(table_id).undone == [[mark + 1, mark + 2]]
        return
    pytest.fail("the bot never answered with a card")


def test_the_free_policy_undoes_across_reveals_at_once(memory_tables):
    tables = memory_tables
    table_id = seated(tables, names=("ann",), bots=("robo",), undo_policy="free")
    mark = tables.table(table_id).version
    play_first_legal(tables, table_id, 0)
    tables.request_undo(table_id, 0, mark)
    assert tables.table(table_id).undone


# -- the product games' reveal points -----------------------------------------------------------


def test_bunny_kingdom_the_last_pick_of_a_draft_turn_needs_consent(memory_tables):
    tables, rng = memory_tables, random.Random(1)
    table_id = open_table(tables, "bunny_kingdom")
    mark = tables.table(table_id).version
    play_for(tables, table_id, 0, rng)
    assert_quiet_undo_is_immediate(tables, table_id, 0, mark)  # a pick others have not matched yet
    play_for(tables, table_id, 0, rng)
    after_first = tables.table(table_id).version
    hand_of_0 = tables.view(table_id, 0)["view"]["you"]["hand"]
    play_for(tables, table_id, 1, rng)  # the last pick: every pick shown, seat 0's hand passed on
    seen = tables.view(table_id, 1)["view"]
    assert set(seen["you"]["hand"]) <= set(hand_of_0) and seen["seats"][0]["front"] or seen["board"]
    assert_peek_needs_consent(tables, table_id, 1, after_first, [0])


def test_bunny_kingdom_alone_with_bots_a_pick_cannot_be_taken_back(memory_tables):
    tables, rng = memory_tables, random.Random(2)
    table_id = open_table(tables, "bunny_kingdom", people=1, bots=2)
    mark = tables.table(table_id).version
    play_for(tables, table_id, 0, rng)  # the bots picked at the start: this pick reveals them all
    with pytest.raises(UndoRefused):
        tables.request_undo(table_id, 0, mark)


def test_homesteaders_the_last_simultaneous_placement_needs_consent(memory_tables):
    tables, rng = memory_tables, random.Random(3)
    table_id = open_table(tables, "homesteaders", options={"worker_assignment_mode": "simultaneous"})
    table = drive_until(tables, table_id, lambda s: s.phase == "allocation" and len(get_game("homesteaders").to_act(s)) == 2, rng)
    first, last = sorted(table.to_act())
    mark = table.version
    finish_step(tables, table_id, first, rng)
    assert_quiet_undo_is_immediate(tables, table_id, first, mark)  # confirmed, but nothing shown yet
    finish_step(tables, table_id, first, rng)
    after_first = tables.table(table_id).version
    hidden = tables.view(table_id, last)["view"]["seats"][first]["placement"]
    finish_step(tables, table_id, last, rng)  # the last confirmation shows every placement
    placed = tables.table(table_id).state.seats[first].placement
    shown = tables.view(table_id, last)["view"]["seats"][first]["placement"]
    assert placed and hidden != shown
    assert_peek_needs_consent(tables, table_id, last, after_first, [first])


def test_fantasy_ranch_the_last_pick_of_a_draft_step_needs_consent(memory_tables):
    tables, rng = memory_tables, random.Random(4)
    table_id = open_table(tables, "fantasy_ranch", options={"level": 2})
    table = drive_until(tables, table_id, lambda s: s.phase == "draft" and len(s.hands[0]) == len(s.hands[1]), rng)
    mark = table.version
    play_for(tables, table_id, 0, rng)
    assert_quiet_undo_is_immediate(tables, table_id, 0, mark)
    play_for(tables, table_id, 0, rng)
    after_first = tables.table(table_id).version
    hand_of_0 = tables.table(table_id).state.hands[0]
    play_for(tables, table_id, 1, rng)  # the step completes: hands are passed
    assert set(tables.view(table_id, 1)["view"]["private"]["hand"]) <= set(hand_of_0)
    assert_peek_needs_consent(tables, table_id, 1, after_first, [0])


def test_homesteaders_the_move_that_ends_a_round_shows_the_next_auction_tile(memory_tables):
    tables, rng = memory_tables, random.Random(6)
    table_id = open_table(tables, "homesteaders", options={"worker_assignment_mode": "sequential"})
    table = drive_until(tables, table_id, lambda s: s.round == 2, rng)
    while True:
        table = tables.table(table_id)
        mark, seat = table.version, min(table.to_act())
        play_for(tables, table_id, seat, rng)
        if tables.table(table_id).state.round == 3:
            break
    assert tables.view(table_id, seat)["view"]["random_stacks"]["2"]["revealed"] != table.game.player_view(
        table.state, seat
    )["random_stacks"]["2"]["revealed"]
    assert_peek_needs_consent(tables, table_id, seat, mark, [1 - seat])


@pytest.mark.parametrize("game", ["walnut_grove", "fantasy_ranch"])
def test_a_move_followed_by_a_chance_step_in_the_same_save_needs_consent(memory_tables, game):
    tables, rng = memory_tables, random.Random(5)
    table_id = open_table(tables, game)
    with_bot = open_table(tables, game, people=1, bots=1)
    for _ in range(3000):
        table = tables.table(table_id)
        mark, seat = table.version, min(table.to_act())
        play_for(tables, table_id, seat, rng)
        if any(isinstance(e, Table.ChanceResolved) for e in tables.events.get(table_id, gt=mark)):
            break
    else:
        pytest.fail("no move was followed by a chance step")
    assert_peek_needs_consent(tables, table_id, seat, mark, [1 - seat])
    for _ in range(3000):
        table = tables.table(with_bot)
        mark = table.version
        play_for(tables, with_bot, 0, rng)
        if any(isinstance(e, Table.ChanceResolved) for e in tables.events.get(with_bot, gt=mark)):
            break
    else:
        pytest.fail("no move was followed by a chance step")
    with pytest.raises(UndoRefused):
        tables.request_undo(with_bot, 0, mark)


def test_every_product_game_says_what_is_secret():
    for name in ("bunny_kingdom", "fantasy_ranch", "homesteaders", "walnut_grove"):
        assert get_game(name).secrets is not None, f"{name} would have every move count as a reveal"
