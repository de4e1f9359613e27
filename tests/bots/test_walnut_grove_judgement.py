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
from domain.games.walnut_grove.components import GOODS, PILE_A, PILE_B, UPGRADES, YEAR_DISCS
from domain.games.walnut_grove.determinize import COIN, COIN_IDS, TILE_IDS, _cursor, _player, determinize
from domain.games.walnut_grove.fall import fall_turn_outcomes
from domain.games.walnut_grove.farm import farm_areas
from domain.games.walnut_grove.free_actions import listed_help_return_outcome
from domain.games.walnut_grove.holdings import coins, free_barn_slots, owned_counts
from domain.games.walnut_grove.legal import help_return_moves, summer_move
from domain.games.walnut_grove.rules import play
from domain.games.walnut_grove.scoring import breakdown, upgrade_points
from domain.games.walnut_grove.state import WalnutGroveState, replace
from domain.games.walnut_grove.summer import figures, listed_figures_outcome
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


def former_worth(state, player, phase, draws, plan):
    """``bots._worth`` as the twelfth session left it, every part computed afresh: the goods terms
    from ``_terms_of`` of the state in ``phase`` and the player itself (no cache, no identity
    memo), the enclosures summed from the farm's areas, the coins and goods counted by the
    rules' own ``coins`` and ``owned_counts``."""
    if not player.board:
        return 0.0
    barn = player.barn
    held = coins(player)
    owned = owned_counts(player)
    upgrades = player.upgrades
    points = [upgrade_points(player, u) for _, u in upgrades]
    total = float(sum(breakdown(player, reveal_coins=True).values()))
    if phase == "ended":
        return total
    left = bots._summers_left_in(phase, state.year)
    if phase != "final_adjustments":
        terms = bots._terms_of(replace(state, phase=phase), player, plan)
        total += bots._goods_value(owned, terms)
    total += bots.COIN_USE * min(3, len(held))
    if draws is not None:
        total += draws * (bots.COIN_DRAW + bots.COIN_USE)
    labourers = len(player.active) + len(player.pending)
    total += 0.2 * labourers * left
    total += 0.5 * min(len(player.cabins), labourers) * left
    total += 0.25 * barn.count("")
    for (_, upgrade), now in zip(upgrades, points):
        effect = UPGRADES[upgrade].effect
        if effect.startswith("owned:"):
            total += 0.5 * min(5 - now, left + 1)
        elif plan and effect == "per_enclosure":
            total += UPGRADES[upgrade].value * bots.ENCLOSURES_AHEAD * max(0, bots.TILES_PLACED - len(player.tiles))
    if player.help_returnable and sum(owned.values()) >= 3:
        total += 0.5
    return total


def test_worth_with_its_kept_terms_and_enclosures_is_the_former_worth_computed_afresh():
    """``_worth`` reads the barn once and keeps the goods terms (``_basic_terms``, by what they
    read, and the last ones by identity) and the farm's enclosures (the last farm by identity)
    across the candidates of a decision (issue 39): for every player after every candidate a
    seeded game's fall and summer decisions weigh (help-tile returns, passing, every cheapest
    fall move; four summer placements), in every phase a candidate can leave, drawing or not,
    ``plan`` or not, it is the former ``_worth`` computed afresh, bit for bit. The candidates are
    judged in the order a decision judges them, so the kept terms and enclosures are met, missed
    and replaced as they are in play."""
    compared, phases = 0, set()
    for state, seat in _judged_positions():
        mover = state.player(seat)
        players = []
        if state.phase == "fall" and not state.overflow and not state.chance_step and seat == state.order[state.cursor]:
            options = [{"type": "pass_fall_turn"}, *bots.cheapest_fall_moves(state, seat)]
            players = [(out.player, out.phase, min(out.owed, out.bag) if out.owed else None)
                       for out in fall_turn_outcomes(state, seat, options)]
            players += [(listed_help_return_outcome(state, seat, m), state.phase, None) for m in help_return_moves(mover)]
        elif state.phase == "summer" and not mover.done:
            areas = farm_areas(mover.board, mover.tiles)
            for chosen in islice(combinations(areas, min(len(areas), len(figures(mover)))), 4):
                players.append((*listed_figures_outcome(state, seat, chosen), None))
        players += [(p, state.phase, None) for p in state.players]  # every seat as it stands
        for plan in (False, True):
            for player, phase, draws in players:
                for judged_in in {phase, "final_adjustments", "ended", "winter"}:
                    assert bots._worth(state, player, judged_in, draws, plan) == former_worth(state, player, judged_in, draws, plan)
                    compared += 1
                    phases.add(judged_in)
    assert compared > 20_000 and phases >= {"summer", "fall", "winter", "final_adjustments", "ended"}


def test_the_basic_goods_terms_are_those_of_the_player_itself_in_every_phase():
    """``_basic_terms`` is computed directly from the disc still due, whether a summer or this fall
    is to come, the labourers' colours and the cabins (issue 39): for every player of every
    decision of the seeded games, judged in every phase, done or not, it is ``_terms_of`` of the
    state in that phase and the player itself."""
    compared = 0
    for state, _seat in _judged_positions():
        for player in state.players:
            if not player.board:
                continue
            for phase in ("spring", "summer", "fall", "winter", "final_adjustments"):
                for done in (False, True):
                    judged = replace(player, done=done)
                    assert bots._goods_terms_in(state, phase, judged, False) == bots._terms_of(
                        replace(state, phase=phase), judged, False)
                    compared += 1
    assert compared > 10_000
