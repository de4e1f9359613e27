"""Walnut Grove ``basic``'s cheaper judgements (issue 39) are the ones written before, bit for
bit: the summer's area gains against the former ``_area_gains`` (kept here as it was), on every
summer decision of a seeded game of four ``basic`` bots, every greedy step, areas and plan."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, islice

from domain.games.walnut_grove import GAME, bots
from domain.games.walnut_grove.components import GOODS, YEAR_DISCS
from domain.games.walnut_grove.farm import farm_areas
from domain.games.walnut_grove.holdings import free_barn_slots
from domain.games.walnut_grove.legal import help_return_moves, summer_move
from domain.games.walnut_grove.rules import play
from domain.games.walnut_grove.summer import figures
from tests.bots.helpers import positions, seed_of


def former_area_gains(state, player, chosen, areas, terms):
    """``bots._area_gains`` as the second pass wrote it: the produce expanded good by good."""
    bonus = YEAR_DISCS[state.disc].summer_bonus
    stored = dict(player.storage)
    barn_free = free_barn_slots(player)
    gained: Counter = Counter()
    for i in chosen:
        area = areas[i]
        amount = area.size + (1 if area.good == bonus else 0)
        room = sum(1 for slot in area.slots if slot not in stored)
        into_barn = min(barn_free, max(0, amount - room))
        barn_free -= into_barn
        gained[area.good] += min(amount, room) + into_barn
    in_barn = [item for item in player.barn if item in GOODS]
    in_storage = [good for _, good in player.storage]

    def gain(index):
        area = areas[index]
        amount = area.size + (1 if area.good == bonus else 0)
        room = sum(1 for slot in area.slots if slot not in stored)
        into_barn = min(barn_free, max(0, amount - room))
        produce = gained.copy()
        produce[area.good] += min(amount, room) + into_barn
        owned = Counter(in_barn)
        owned.update(g for g, n in produce.items() for _ in range(n))
        owned.update(in_storage)
        return bots._goods_value(owned, terms)

    return gain


def test_the_summer_area_gains_are_the_former_ones_bit_for_bit():
    seed = seed_of("wg-judgement", 4)
    compared, summers = 0, 0
    for _version, state, seat in positions(GAME, 4, seed, ["basic"] * 4):
        if state.phase != "summer" or state.player(seat).done:
            continue
        summers += 1
        player = state.player(seat)
        areas = list(farm_areas(player.board, player.tiles))
        count = len(figures(player))
        for plan in (False, True):
            terms = bots._goods_terms(state, player, plan)
            for chosen in ([], list(range(min(count, len(areas)) - 1)), [len(areas) - 1], list(range(0, len(areas), 2))):
                now = bots._area_gains(state, player, chosen, areas, terms)
                before = former_area_gains(state, player, chosen, areas, terms)
                for i in range(len(areas)):
                    assert now(i) == before(i), (chosen, i)
                    compared += 1
    assert summers >= 24 and compared > 1000


def _judged_positions():
    """(state, seat) of every summer and fall decision of a seeded game of four ``basic`` bots and
    of a seeded game of four ``random`` bots (more sales, hires and help tiles taken)."""
    for level in ("basic", "random"):
        for _version, state, seat in positions(GAME, 4, seed_of("wg-values", level), [level] * 4):
            yield state, seat


def test_a_fall_candidates_value_is_the_worth_of_the_state_play_gives():
    """``bots._values`` judges a fall turn from ``fall_turn_outcomes`` instead of the state after
    it (issue 39): for every candidate ``ranked_moves`` weighs (help-tile returns, passing, the
    cheapest spelling of every action), ``plan`` or not, it is ``worth(play(...))`` bit for bit."""
    compared, falls = 0, 0
    for state, seat in _judged_positions():
        if state.phase != "fall" or state.overflow or state.chance_step or seat != state.order[state.cursor]:
            continue
        falls += 1
        options = help_return_moves(state.player(seat)) + [{"type": "pass_fall_turn"}]
        options += bots.cheapest_fall_moves(state, seat)
        for plan in (False, True):
            expected = [bots.worth(play(state, seat, move), seat, plan) for move in options]
            assert bots._values(state, seat, options, plan) == expected
            compared += len(options)
    assert falls >= 60 and compared > 2000


def test_a_summer_candidates_value_is_the_worth_of_the_state_play_gives():
    """``bots._summer_value`` (the judge of a summer's candidates) is ``worth(play(...))`` of the
    placement ``summer_move`` spells, bit for bit, ``plan`` or not, the summer's last placement
    (fall begins) included."""
    compared, lasts = 0, 0
    for state, seat in _judged_positions():
        if state.phase != "summer" or state.player(seat).done:
            continue
        player = state.player(seat)
        areas = farm_areas(player.board, player.tiles)
        for chosen in islice(combinations(areas, min(len(areas), len(figures(player)))), 5):
            after = play(state, seat, summer_move(player, chosen))
            for plan in (False, True):
                assert bots._summer_value(state, seat, chosen, plan) == bots.worth(after, seat, plan), chosen
                compared += 1
            lasts += after.phase == "fall"
    assert compared > 400 and lasts > 20
