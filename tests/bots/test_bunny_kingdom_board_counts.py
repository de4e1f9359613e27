"""The ``basic`` bot's cheap counts are the rules' counts: its choices must not change (issue 39).

``board_counts`` counts a seat's board in one pass and derives a claimed square's board from the
one before; ``bots.estimate`` reads them. Checked against the rules' own functions (``fiefs``,
``strength``, ``resources``, ``Metrics``, ``progress``) and against the estimate as it was written
before (``reference_estimate`` below, square by square) on the states of a seeded game, to the
last bit of the float: a ranking that differs by a rounding would change a choice.
"""

from __future__ import annotations

import random

import pytest

from domain.games import GAMES
from domain.games.bunny_kingdom import bots
from domain.games.bunny_kingdom.board_counts import _count, board_of
from domain.games.bunny_kingdom.components import BUILDING_CARDS, PARCHMENTS
from domain.games.bunny_kingdom.exploration import resolve_card
from domain.games.bunny_kingdom.fiefs import fiefs, resources, strength
from domain.games.bunny_kingdom.scoring import _COUNTS, Metrics, progress
from domain.games.bunny_kingdom.state import PRINTED
from tests.bots.helpers import positions, seed_of

GAME = GAMES["bunny_kingdom"]
#: Cities, farms and trading posts: what a construction builds on one square.
BUILT = [c for c, d in BUILDING_CARDS.items() if d["kind"] in ("city", "basic_farm", "luxury_farm", "trading_post")]
COUNTS = [*_COUNTS, "units:wood", "units:fish", "units:carrot", "luxury_units", "fiefs_with_min_territories:3",
          "cities_in_fiefs_without_production"]


def states(players: int, seed: str, level: str, stride: int):
    """Every ``stride``-th decision's state of a seeded game of bots at ``level``."""
    for version, state, _seat in positions(GAME, players, seed_of(seed), [level] * players):
        if version % stride == 0:
            yield state


def reference_estimate(state, seat):
    """``bots.estimate`` as it was written before issue 39, from the rules' functions."""
    fs = fiefs(state, seat)
    strengths = [strength(state, f) for f in fs]
    wealths = [len(resources(state, f)) for f in fs]
    now = sum(s * w for s, w in zip(strengths, wealths))
    to_come = 4 - len(state.harvests[seat])
    best_wealth, best_strength = max(wealths, default=0), max(strengths, default=0)
    potential = 0.0
    for card in state.fronts[seat]:
        data = BUILDING_CARDS[card]
        if data["kind"] == "city":
            potential += data["strength"] * max(1, best_wealth) * 0.7
        elif data["kind"] in ("basic_farm", "luxury_farm", "trading_post"):
            potential += max(1, best_strength) * 0.7
        elif data["kind"] in ("sky_tower", "camp"):
            potential += 0.5
    half = sum(0.5 * w for s, w in zip(strengths, wealths) if s == 0) + sum(
        0.5 * s for s, w in zip(strengths, wealths) if w == 0)
    parchments = sum(e["points"] if e["points"] is not None else 5 for e in progress(state, seat)) \
        if state.parchments[seat] else 0.0
    territory = sum(1 for o in state.owners if o == seat)
    return sum(state.harvests[seat]) + (now + potential + half) * to_come + parchments + 0.3 * territory * to_come


def assert_board_counts(board, state, seat):
    fs = fiefs(state, seat)
    assert board.squares == tuple(i for i, o in enumerate(state.owners) if o == seat)
    assert board.fiefs == fs
    assert board.strengths == [strength(state, f) for f in fs]
    assert board.wealths == [len(resources(state, f)) for f in fs]
    assert board.territories == [sum(1 for o in state.owners if o == s) for s in range(state.players)]
    ours, theirs = board.metrics(state, seat), Metrics(state, seat)
    assert {k: ours.count(k) for k in COUNTS} == {k: theirs.count(k) for k in COUNTS}
    assert ours.harvests == theirs.harvests


@pytest.mark.parametrize(("players", "level"), [(4, "random"), (2, "basic")])
def test_counted_and_claimed_boards_are_the_rules_counts_and_the_estimate_is_the_same_number(players, level):
    rng = random.Random(7)
    checked = claimed = built = 0
    for state in states(players, f"board-counts-{players}-{level}", level, stride=7):
        for seat in range(players):
            board = _count(state.owners, state.buildings, state.trading, seat, players)
            assert_board_counts(board, state, seat)
            assert bots.estimate(state, seat) == reference_estimate(state, seat)
            # counted on this board first: the boards derived below start from its parchments' points
            assert bots.estimate(state, seat, board=board) == reference_estimate(state, seat)
            empty = [i for i, o in enumerate(state.owners) if o == -1 and state.buildings[i] in (None, PRINTED)]
            for i in rng.sample(empty, min(3, len(empty))):
                after = state.set(owners=tuple(seat if j == i else o for j, o in enumerate(state.owners)))
                derived = board.claimed(i, state.buildings[i], seat)
                assert_board_counts(derived, after, seat)
                assert bots.estimate(after, seat, board=derived) == reference_estimate(after, seat)
                claimed += 1
            sites = [i for i, o in enumerate(state.owners) if o == seat and state.buildings[i] is None]
            for i in rng.sample(sites, min(2, len(sites))):
                card = rng.choice(BUILT)
                placed = state.set(buildings=tuple(card if j == i else b for j, b in enumerate(state.buildings)))
                derived = board.built(i, card, state.trading[i])
                assert_board_counts(derived, placed, seat)
                assert bots.estimate(placed, seat, board=derived) == reference_estimate(placed, seat)
                built += 1
            # the board is shared by candidates holding other parchments (a parchment pick)
            extra = rng.choice([c for c in PARCHMENTS if c not in state.parchments[seat]])
            more = state.set(parchments=tuple(p if s != seat else tuple(sorted(p + (extra,)))
                                              for s, p in enumerate(state.parchments)))
            assert bots.estimate(more, seat, board=board) == reference_estimate(more, seat)
            checked += 1
    assert checked > 20 and claimed > 20 and built > 20
    assert any(len(fiefs(state, s)) > 1 for s in range(players))  # not only empty boards


def test_a_board_is_reused_only_for_the_same_tuples():
    state = next(s for s in states(4, "board-reuse", "random", stride=40) if any(o >= 0 for o in s.owners))
    first = board_of(state, 0)
    assert board_of(state.set(fronts=state.fronts), 0) is first  # the same board tuples
    moved = state.set(owners=tuple(0 if o == 1 else o for o in state.owners))
    assert board_of(moved, 0) is not first
    assert_board_counts(board_of(moved, 0), moved, 0)


def reference_picks(state, seat, moves):
    """``bots._ranked_picks`` as it was written before issue 39: every pick played out card by
    card and judged by ``reference_estimate``."""
    hand = state.hands[seat]
    single = {card: reference_estimate(resolve_card(state, seat, card), seat) for card in hand}
    top = sorted(hand, key=lambda c: -single[c])[:5]
    scored = []
    for move in moves:
        play = move["play"]
        if not all(c in top for c in play) or (move["discard"] is not None and move["discard"] not in top):
            continue
        after = state
        for card in play:
            after = resolve_card(after, seat, card)
        value = reference_estimate(after, seat)
        if move["discard"] is not None:
            value += 0.2 * single[move["discard"]]
        scored.append((value, move))
    scored.sort(key=lambda x: -x[0])
    chosen = [m for _, m in scored]
    return chosen + [m for m in moves if m not in chosen] if chosen else moves


@pytest.mark.parametrize("players", [4, 2])
def test_basic_ranks_every_pick_as_the_former_estimate_did(players):
    picks = 0
    for state in states(players, f"board-counts-picks-{players}", "basic", stride=4):
        if state.phase != "exploration":
            continue
        for seat in range(players):
            if state.selections[seat] is not None or not state.hands[seat]:
                continue
            moves = [m for m in GAME.legal_moves(state, seat) if m["type"] == "submit_pick"]
            assert bots._ranked_picks(state, seat, moves) == reference_picks(state, seat, moves)
            picks += 1
        if picks >= 40:  # enough, over the first rounds of a game
            break
    assert picks > 20
