"""``take_listed_fall_turn``, ``take_listed_fall_turns``, ``return_listed_help_tile`` and
``place_listed_figures`` (what a ``basic`` bot plays its fall, help-tile and summer candidates
with, issue 39) give the state ``play`` gives for every fall turn and help-tile return
``legal_moves`` lists and for summer placements, move for move, over seeded bot games; the fall
candidates it lists and the score its ``worth`` counts are the rules' own."""

from __future__ import annotations

from itertools import combinations, islice

from domain.games.game import CHANCE
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.bots import _cheapest_spellings, _score, _upgrade_points, cheapest_fall_moves
from domain.games.walnut_grove.components import UPGRADES
from domain.games.walnut_grove.fall import fall_turn_outcomes, take_listed_fall_turn, take_listed_fall_turns
from domain.games.walnut_grove.farm import farm_areas
from domain.games.walnut_grove.free_actions import return_listed_help_tile
from domain.games.walnut_grove.holdings import coins, owned_counts, owned_goods
from domain.games.walnut_grove.legal import fall_moves, free_action_moves, help_return_moves, summer_move
from domain.games.walnut_grove.rules import play
from domain.games.walnut_grove.scoring import breakdown, upgrade_points
from domain.games.walnut_grove.summer import figures, listed_figures_outcome, place_listed_figures
from tests.games.playout import playout

ACTIONS = ("goods", "labourer_id", "building_tile_id", "upgrade_id", "sell")


def test_a_listed_fall_turn_gives_the_state_the_rules_give():
    run = playout(GAME, 3, {}, seed=1039)
    state, compared, kinds = GAME.setup(3, GAME.resolve_options(3, run.options)), 0, set()
    for actor, action in run.steps:
        if actor != CHANCE and state.phase == "fall" and not state.overflow and not state.chance_step:
            for move in GAME.legal_moves(state, actor):
                if move["type"] == "take_fall_turn":
                    assert take_listed_fall_turn(state, actor, move) == play(state, actor, move), move
                    compared += 1
                    kinds.add(next(k for k in ACTIONS if k in move))
        state = _step(state, actor, action)
    assert compared > 100
    assert kinds == set(ACTIONS)  # every kind of action compared


def _step(state, actor, action):
    if actor == CHANCE:
        return GAME.resolve_chance(state, action["outcome"])
    return GAME.play(state, actor, action)


def test_listed_figures_give_the_state_the_rules_give():
    """``place_listed_figures`` (a ``basic`` summer's candidates) is ``place_figures`` of the
    ``summer_move`` spelling the same areas, for every summer placement of a seeded game."""
    run = playout(GAME, 3, {}, seed=1039)
    state, compared = GAME.setup(3, GAME.resolve_options(3, run.options)), 0
    for actor, action in run.steps:
        if actor != CHANCE and state.phase == "summer" and not state.player(actor).done:
            player = state.player(actor)
            areas = farm_areas(player.board, player.tiles)
            for chosen in islice(combinations(areas, len(figures(player))), 6):
                listed = place_listed_figures(state, actor, chosen)
                assert listed == play(state, actor, summer_move(player, chosen)), chosen
                compared += 1
        state = _step(state, actor, action)
    assert compared > 50


def _states(players: int, seed: int):
    """(state, seat to act) before every move of a seeded game."""
    run = playout(GAME, players, {}, seed=seed)
    state = GAME.setup(players, GAME.resolve_options(players, run.options))
    for actor, action in run.steps:
        yield state, actor
        state = _step(state, actor, action)


def test_fall_turns_listed_together_give_the_states_the_rules_give():
    """A walk and payment made once for every action bought with them: each state is ``play``'s,
    in the listed order, for every fall turn of seeded three- and four-player games."""
    compared, shared = 0, 0
    for players, seed in ((3, 1039), (4, 2039)):
        for state, actor in _states(players, seed):
            if actor == CHANCE or state.phase != "fall" or state.overflow or state.chance_step:
                continue
            listed = [m for m in GAME.legal_moves(state, actor) if m["type"] == "take_fall_turn"]
            assert take_listed_fall_turns(state, actor, listed) == [play(state, actor, m) for m in listed]
            compared += len(listed)
            shared += len(listed) - len({(m["destination"], str(m["tolls"]), str(m["payment"])) for m in listed})
    assert compared > 200 and shared > 100  # many actions shared a walk and payment


def test_the_cheapest_fall_moves_are_the_cheapest_spellings_of_the_listed_ones():
    """``cheapest_fall_moves`` (no spelling listed only to be dropped) is ``_cheapest_spellings``
    of ``fall_moves``: the same moves in the same order, so a ``basic`` fall judges the same."""
    compared, dropped = 0, 0
    for players, seed in ((3, 1039), (4, 2039), (4, 3039)):
        for state, actor in _states(players, seed):
            if actor == CHANCE or state.phase != "fall" or state.overflow or state.chance_step:
                continue
            every = fall_moves(state, actor)
            assert cheapest_fall_moves(state, actor) == _cheapest_spellings(every)
            compared += 1
            dropped += len(every) - len(_cheapest_spellings(every))
    assert compared > 50 and dropped > 0  # some turns had spellings to drop


def test_a_listed_help_tile_return_gives_the_state_the_rules_give():
    compared = 0
    for players, seed in ((3, 1039), (4, 2039)):
        for state, actor in _states(players, seed):
            if actor == CHANCE:
                continue
            for seat in range(state.n):
                for move in GAME.legal_moves(state, seat):
                    if move["type"] == "return_neighbour_help_tile":
                        assert return_listed_help_tile(state, seat, move) == play(state, seat, move), move
                        compared += 1
    assert compared > 20


def test_the_help_tile_returns_listed_alone_are_those_among_the_free_actions():
    compared = 0
    for state, _actor in _states(4, 2039):
        for player in (p for p in state.players if p.board):
            every = free_action_moves(player)
            assert help_return_moves(player) == [m for m in every if m["type"] == "return_neighbour_help_tile"]
            compared += bool(help_return_moves(player))
    assert compared > 50


def test_worths_score_and_goods_are_the_rules_own():
    """``worth`` counts a player's score as ``sum(breakdown(player, reveal_coins=True))`` and its
    goods as ``owned_goods``, in the same order."""
    compared, counted = 0, 0
    for state, _actor in _states(4, 2039):
        for player in state.players:
            if player.board:
                assert _score(player, coins(player)) == sum(breakdown(player, reveal_coins=True).values())
                # the upgrades that count goods, counted from owned_counts as worth counts them
                for upgrade in UPGRADES:
                    if UPGRADES[upgrade].effect.startswith("owned:") or UPGRADES[upgrade].effect == "half_goods":
                        assert _upgrade_points(player, upgrade, owned_counts(player)) == upgrade_points(player, upgrade)
                        counted += 1
                # the goods counted as owned_goods counts them, in its order (worth sums in it)
                assert list(owned_counts(player).items()) == list(owned_goods(player).items())
                compared += 1
    assert compared > 500 and counted > 3000


def test_fall_turn_outcomes_are_what_play_leaves():
    """``fall_turn_outcomes`` (a ``basic`` fall judges its candidates by them, issue 39) is the
    state ``play`` gives cut to what it keeps: the seat's player field for field, the phase, the
    coins a sale now draws and the bag's size, for passing and every listed fall turn (all
    spellings) of seeded three- and four-player games; sales that draw, sales into an empty bag
    and the year's last turn (winter, everyone's ``done`` reset) among them."""
    compared, drawing, winters = 0, 0, 0
    for players, seed in ((3, 1039), (4, 2039), (4, 3039)):
        for state, actor in _states(players, seed):
            if actor == CHANCE or state.phase != "fall" or state.overflow or state.chance_step:
                continue
            listed = [{"type": "pass_fall_turn"}, *fall_moves(state, actor)]
            for move, outcome in zip(listed, fall_turn_outcomes(state, actor, listed), strict=True):
                after = play(state, actor, move)
                assert outcome.player == after.player(actor), move
                assert outcome.phase == after.phase and outcome.bag == len(after.coin_bag), move
                assert (outcome.owed, bool(outcome.owed)) == (after.owed, after.chance_step == "coins"), move
                compared += 1
                drawing += bool(outcome.owed)
                winters += outcome.phase == "winter"
    assert compared > 1000 and drawing > 50 and winters > 100


def test_the_listed_figures_outcome_is_what_play_leaves():
    """``listed_figures_outcome`` (a ``basic`` summer's judgement of its candidates) is the seat's
    player and the phase ``play`` leaves, the last placement of a summer (fall begins, everyone's
    ``done`` reset) included."""
    compared, lasts = 0, 0
    for players, seed in ((3, 1039), (4, 2039)):
        for state, actor in _states(players, seed):
            if actor == CHANCE or state.phase != "summer" or state.player(actor).done:
                continue
            player = state.player(actor)
            areas = farm_areas(player.board, player.tiles)
            for chosen in islice(combinations(areas, len(figures(player))), 6):
                after = play(state, actor, summer_move(player, chosen))
                assert listed_figures_outcome(state, actor, chosen) == (after.player(actor), after.phase), chosen
                compared += 1
                lasts += after.phase == "fall"
    assert compared > 100 and lasts > 20
