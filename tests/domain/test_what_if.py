"""What-if branches (issue 36): a game branched at any version as one seat knew it, in every game.

Ann plays one seat against bots; at some version she asks "what if..." and plays on from there.
The branch must start from what she knew then and nothing more: everything hidden from her is
drawn afresh from the branch's own seed.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from domain.application import Tables
from domain.branching import branch_state
from domain.errors import SeatNotTaken, UnknownVersion, WrongPhase
from domain.games import GAMES
from domain.games.game import BOT_LEVELS, BotInput
from domain.record import check_record, table_record
from tests.verifier.helpers import load_verifier

SEED = "5eed" * 16  # the branch's seed, fixed so two branches can be compared
OTHER_SEED = "a1" * 32
PRODUCT = sorted(name for name, game in GAMES.items() if game.determinize is not None)
#: The branch's bots, every level over the four games (a branch is a table like any other, and each
#: level's bots already play every game to the end in tests/bots/; strong where it is quick).
LEVELS = {"bunny_kingdom": "strong", "fantasy_ranch": "basic", "homesteaders": "random", "walnut_grove": "random"}


def ann_against_bots(tables: Tables, game: str, moves: int = 6) -> tuple:
    """A running table of ``game``, Ann in seat 0 and bots elsewhere, after ``moves`` of Ann's moves
    (each the first legal move: the test follows the legal moves, never the deal)."""
    seats = GAMES[game].min_players + 1 if GAMES[game].max_players > GAMES[game].min_players else GAMES[game].min_players
    table_id = tables.open_table(game, seats).table_id
    tables.take_seat(table_id, "Ann", seat=0)
    for seat in range(1, seats):
        tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
    tables.start(table_id)
    for _ in range(moves):
        if tables.table(table_id).status != "running":
            break
        legal = tables.legal_moves(table_id, 0)
        if not legal:
            break
        tables.play_move(table_id, 0, legal[0])
    return table_id, tables.table(table_id)


def play_out(tables: Tables, table_id, seat: int, rng: random.Random) -> None:
    """Ann plays her seat to the end from her legal moves, choosing as the game's random bot does
    (from her view and legal moves only: uniform choices would loop on free actions for long)."""
    rules = tables.table(table_id).game
    for _ in range(5000):
        table = tables.table(table_id)
        if table.status != "running":
            return
        legal = tables.legal_moves(table_id, seat)
        if not legal:
            raise AssertionError(f"the branch waits for nobody at version {table.version}")
        view = tables.view(table_id, seat)["view"]
        tables.play_move(table_id, seat, rules.bots["random"](BotInput(seat, view, legal, rng)))
    raise AssertionError("the branch did not end")


@pytest.mark.parametrize("game", PRODUCT)
def test_a_branch_holds_only_what_the_seat_knew(memory_tables, game):
    """Two originals that differ only in what Ann could not see give the same branch for the same
    seed; the branch shows Ann exactly her view of the original; and its hidden part is drawn, not
    copied (another seed draws another one)."""
    _, table = ann_against_bots(memory_tables, game)
    rules = GAMES[game]
    state = table.state
    view = rules.player_view(state, 0)
    # Another original: the same view for Ann, everything she could not see redrawn.
    other_original = rules.determinize(view, 0, random.Random(99))
    assert rules.player_view(other_original, 0) == view

    branch = branch_state(rules, state, 0, SEED)
    assert rules.to_dict(branch) == rules.to_dict(branch_state(rules, other_original, 0, SEED))
    assert rules.player_view(branch, 0) == view
    if rules.secrets is not None:
        hidden = {owner: value for owner, value in rules.secrets(state).items() if owner != 0}
        drawn = [
            {o: v for o, v in rules.secrets(branch_state(rules, state, 0, seed)).items() if o != 0}
            for seed in (SEED, OTHER_SEED, "0f" * 32)
        ]
        assert any(d != hidden for d in drawn), "every branch copied the original's hidden part"


@pytest.mark.parametrize("who_chose", [(1, 2), (1,), ()])
def test_bunny_kingdom_BK_R99_a_branch_shows_which_seats_had_chosen_their_pick_and_not_what(memory_tables, who_chose):
    """BK-R99: picks are secret until all are made, but who has chosen is public. A branch taken
    while the others had chosen and Ann had not shows them as having chosen (the cards drawn from
    what Ann could not see), whatever the deal: the picks are made here, move by legal move."""
    from domain.games.bunny_kingdom.exploration import pick_moves, retract_pick
    from domain.games.bunny_kingdom.rules import play

    _, table = ann_against_bots(memory_tables, "bunny_kingdom", moves=0)
    rules, state = GAMES["bunny_kingdom"], table.state
    assert state.phase == "exploration"
    for seat in range(state.players):  # nobody has chosen yet, then the seats in ``who_chose`` do
        if state.selections[seat] is not None:
            state = retract_pick(state, seat, {"round": state.round, "pick": state.pick})
    for seat in who_chose:
        state = play(state, seat, pick_moves(state, seat)[0])
    view = rules.player_view(state, 0)
    assert [s["has_chosen"] for s in view["seats"]] == [seat in who_chose for seat in range(state.players)]
    for seed in (SEED, OTHER_SEED):
        branch = branch_state(rules, state, 0, seed)
        assert rules.player_view(branch, 0) == view
        for seat in who_chose:  # a pick from the seat's drawn hand, legal there
            play_cards, discard = branch.selections[seat]
            assert set(play_cards) | ({discard} - {None}) <= set(branch.hands[seat])


@pytest.mark.parametrize("game", PRODUCT)
def test_a_branch_of_a_running_table_plays_to_the_end_and_verifies(memory_tables, game):
    tables = memory_tables
    table_id, table = ann_against_bots(tables, game)
    at = table.version
    before = [e.originator_version for e in tables.events.get(table_id)]
    level = LEVELS[game]
    branch = tables.fork(table_id, at, as_seat=0, level=level, by="Ann", seed=SEED).table_id
    summary = tables.summary(branch)
    assert summary["forked_from"]["what_if"] is True
    assert (summary["forked_from"]["table"], summary["forked_from"]["version"], summary["forked_from"]["as_seat"]) == (
        str(table_id), at, 0)
    assert [s["free"] for s in summary["seats"]] == [True] + [False] * (table.seats - 1)
    assert {s["level"] for s in summary["seats"][1:]} == {level}
    assert set(LEVELS.values()) == set(BOT_LEVELS)
    tables.take_seat(branch, "Ann", seat=0)
    tables.start(branch)
    assert tables.view(branch, 0)["view"] == tables.view(table_id, 0, version=at)["view"]
    play_out(tables, branch, 0, random.Random(7))
    assert tables.table(branch).status == "finished"
    assert tables.audit(branch).ok
    record = json.loads(json.dumps(table_record(tables, branch, None)))
    assert record["forked_from"]["sampled"].startswith("determinize(")  # the record says how hidden parts were drawn
    assert check_record(record).ok
    with open(os.devnull, "w") as quiet:
        assert load_verifier().verify(record, [], None, False, out=quiet) is None
    # The original saw nothing of it.
    assert [e.originator_version for e in tables.events.get(table_id)] == before


def test_a_running_table_is_branched_only_as_a_seat(memory_tables):
    tables = memory_tables
    table_id, table = ann_against_bots(tables, PRODUCT[0])
    with pytest.raises(WrongPhase, match="as_seat"):
        tables.fork(table_id, table.version)  # as it was: only once the game is over
    with pytest.raises(SeatNotTaken):
        tables.fork(table_id, table.version, as_seat=table.seats)
    with pytest.raises(UnknownVersion):
        tables.fork(table_id, table.version + 3, as_seat=0)
    opened = tables.open_table(PRODUCT[0], 2).table_id
    with pytest.raises(WrongPhase):
        tables.fork(opened, 1, as_seat=0)
