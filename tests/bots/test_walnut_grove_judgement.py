"""Walnut Grove ``basic``'s cheaper judgements (issue 39) are the ones written before, bit for
bit: the summer's area gains against the former ``_area_gains`` (kept here as it was), on every
summer decision of a seeded game of four ``basic`` bots, every greedy step, areas and plan; the
values of fall and summer candidates judged from their outcomes against ``worth`` of the state
``play`` gives; ``determinize`` against the former one (kept here), state and generator."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, islice

from domain.games.walnut_grove import GAME, bots
from domain.games.walnut_grove.components import GOODS, PILE_A, PILE_B, YEAR_DISCS
from domain.games.walnut_grove.determinize import COIN, COIN_IDS, TILE_IDS, _cursor, _player, determinize
from domain.games.walnut_grove.farm import farm_areas
from domain.games.walnut_grove.holdings import free_barn_slots
from domain.games.walnut_grove.legal import help_return_moves, summer_move
from domain.games.walnut_grove.rules import play
from domain.games.walnut_grove.state import WalnutGroveState
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


def former_determinize(view, seat, rng):
    """``determinize`` as the third pass left it (the hidden coins drawn item by item, the tile
    bag read from the view's dicts)."""
    mine = view["players"][seat]
    overflow_view = view["coin_overflow"]
    own_overflow = [c["id"] for c in overflow_view] if isinstance(overflow_view, list) else []
    known = {c["id"] for c in mine.get("coins", [])} | set(own_overflow)
    unseen = [c for c in COIN_IDS if c not in known]
    rng.shuffle(unseen)

    players = []
    for index, p in enumerate(view["players"]):
        barn = []
        for item in p["barn"]:
            barn.append(unseen.pop() if item == COIN and index != seat else item)
        players.append(_player(p, tuple(barn)))
    overflow = tuple(own_overflow) or tuple(unseen.pop() for _ in range(int(overflow_view or 0)))
    coin_bag = tuple(sorted(unseen[: view["coin_bag_count"]]))

    disc = view["year_disc"]["id"] if view["year_disc"] else ""
    gone = set(view["removed_discs"]) | {disc}
    piles = []
    for pile in (PILE_A, PILE_B):
        left = [d for d in pile if d not in gone]
        rng.shuffle(left)
        piles.extend(left)
    discs = tuple(piles[len(piles) - view["discs_face_down"] :])

    used = {t["tile_id"] for p in view["players"] for t in p["tiles"]}
    used |= {t for p in view["players"] for t in p["drawn_tiles"]}
    tile_bag = tuple(t for t in TILE_IDS if t not in used)

    order = tuple(view["year_order"])
    return WalnutGroveState(
        players=tuple(players),
        phase=view["phase"],
        chance_step=view["awaiting_chance"] or "",
        year=view["year"],
        discs=discs,
        disc=disc,
        removed_discs=tuple(view["removed_discs"]),
        tile_bag=tile_bag,
        coin_bag=coin_bag,
        stock=tuple((building, tuple(items)) for building, items in view["town_stock"].items()),
        order=order,
        cursor=_cursor(view, order),
        owed=0,
        overflow=overflow,
    )


def test_determinize_builds_the_state_the_former_one_built_and_draws_the_same():
    """``determinize`` (rebuilt every ``basic`` decision, issue 39) gives the state the former code
    gave from the same view and generator, and leaves the generator where it left it (the bot
    draws its tie-breaks from it next), for every decision of the seeded games."""
    compared = 0
    for state, seat in _judged_positions():
        view = GAME.player_view(state, seat)
        now, before = random.Random(compared), random.Random(compared)
        assert determinize(view, seat, now) == former_determinize(view, seat, before)
        assert now.getstate() == before.getstate()
        compared += 1
    assert compared > 250


def test_the_goods_terms_kept_by_colour_are_those_of_the_player_itself():
    """``_goods_terms`` is kept per the labourers' colours and the number of cabins (issue 39); for
    every player of every decision of the seeded games, ``plan`` or not, it is what the player
    itself gives (``_terms_of`` on the real state and player), hires pending and cabins built."""
    compared, pending = 0, 0
    for state, _seat in _judged_positions():
        for player in state.players:
            if player.board:
                for plan in (False, True):
                    assert bots._goods_terms(state, player, plan) == bots._terms_of(state, player, plan)
                    compared += 1
                pending += bool(player.pending)
    assert compared > 2000 and pending > 20
