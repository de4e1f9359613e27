"""Walnut Grove bots (issue 21): every level plays legal moves from the seat's view alone.

A policy gets ``BotInput(seat, player_view, legal_moves, rng)``; these tests pin that each level
answers with one of the listed moves, that hidden information the seat cannot see (other
barns' coins, the coin bag, the face-down discs) never changes its move, that ``determinize``
rebuilds a state whose view is the one it was given, and that seeded bot games finish.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from domain.fairness import draw
from domain.games.game import BOT_LEVELS, CHANCE, BotInput, walk_to_end
from domain.games.walnut_grove import GAME, bots
from domain.games.walnut_grove.components import COIN_VALUES, PILE_A, PILE_B, is_coin
from domain.games.walnut_grove.determinize import determinize
from domain.games.walnut_grove.holdings import coins
from tests.games.playout import seed_hex


def _decisions(players: int, seed: int, every: int = 1):
    """(state, seat) at the seated decisions of a seeded random-bot game, every ``every``-th."""
    state = GAME.setup(players, GAME.resolve_options(players, {}))
    rng, n, k = random.Random(seed), 0, 0
    secret = seed_hex(seed)
    while not GAME.is_over(state):
        actors = GAME.to_act(state)
        if CHANCE in actors:
            state = GAME.resolve_chance(state, draw(GAME.chance(state), secret, n))
            n += 1
            continue
        seat = rng.choice(sorted(actors))
        if k % every == 0:
            yield state, seat
        k += 1
        state = GAME.play(state, seat, GAME.bot_move(state, seat, rng))


def _input(state, seat: int, rng_seed: int = 7) -> BotInput:
    return BotInput(
        seat, GAME.player_view(state, seat), GAME.legal_moves(state, seat), random.Random(rng_seed)
    )


def _phases(players: int, seed: int, wanted: tuple[str, ...], per_phase: int = 1):
    """A few decision points of each wanted phase (fall ones with coins on several farms)."""
    got: dict[str, int] = {}
    for state, seat in _decisions(players, seed):
        phase = "overflow" if state.overflow else state.phase
        if phase in wanted and got.get(phase, 0) < per_phase and state.year >= 2:
            got[phase] = got.get(phase, 0) + 1
            yield state, seat
        if all(got.get(p, 0) >= per_phase for p in wanted):
            return


def test_the_game_offers_the_three_bot_levels():
    assert set(GAME.bots) == set(BOT_LEVELS)


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_answers_with_one_of_the_legal_moves(level):
    checked = set()
    for state, seat in _phases(4, 11, ("setup_start_choice", "spring", "summer", "fall", "winter"), 2):
        inp = _input(state, seat)
        move = GAME.bots[level](inp)
        assert move in inp.legal, f"{level} chose {move} in {state.phase}"
        checked.add(state.phase)
    assert checked >= {"spring", "summer", "fall", "winter"}


def _hidden_variant(state, seat: int, rng: random.Random):
    """The same table as ``seat`` sees it, with the coins it cannot see (other barns, the bag)
    dealt differently and the face-down discs in another order."""
    unseen = [
        c for c in sorted(COIN_VALUES) if c not in coins(state.player(seat)) and c not in state.overflow
    ]
    pool = list(unseen)
    rng.shuffle(pool)
    players = []
    for index, p in enumerate(state.players):
        if index == seat:
            players.append(p)
            continue
        players.append(replace(p, barn=tuple(pool.pop() if is_coin(item) else item for item in p.barn)))
    bag = tuple(sorted(pool[: len(state.coin_bag)]))
    face_down = list(state.discs)
    a = [d for d in face_down if d in PILE_A][::-1]
    b = [d for d in face_down if d in PILE_B][::-1]
    return replace(state, players=tuple(players), coin_bag=bag, discs=tuple(a + b))


def test_a_variant_with_other_hidden_information_looks_the_same_to_the_seat():
    state, seat = next(_phases(4, 5, ("fall",)))
    other = _hidden_variant(state, seat, random.Random(1))
    assert GAME.player_view(other, seat) == GAME.player_view(state, seat)
    assert GAME.secrets(other) != GAME.secrets(state)  # the hidden part did change


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_no_level_peeks_at_coins_bag_or_discs_it_cannot_see(level):
    """Two tables that differ only in what the seat cannot see get the same move, same rng."""
    compared = 0
    for state, seat in _phases(4, 5, ("spring", "summer", "fall"), 2):
        for variant_seed in (1, 2):
            other = _hidden_variant(state, seat, random.Random(variant_seed))
            if GAME.secrets(other) == GAME.secrets(state):
                continue
            assert GAME.player_view(other, seat) == GAME.player_view(state, seat)
            mine = GAME.bots[level](_input(state, seat))
            theirs = GAME.bots[level](_input(other, seat))
            assert mine == theirs, f"{level} changed its {state.phase} move with hidden information"
            compared += 1
    assert compared >= 4


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_determinize_rebuilds_a_state_whose_view_is_the_given_view(players):
    for state, _ in _decisions(players, 3, every=7):
        for seat in range(players):
            view = json.loads(json.dumps(GAME.player_view(state, seat)))  # plain data, nothing else
            rebuilt = determinize(view, seat, random.Random(seat))
            assert GAME.player_view(rebuilt, seat) == view
            if seat in GAME.to_act(state) and state.phase != "spring":
                assert GAME.legal_moves(rebuilt, seat) == GAME.legal_moves(state, seat)


def test_determinize_depends_on_the_view_alone_and_samples_only_the_hidden_part():
    state, seat = next(_phases(4, 5, ("fall",)))
    other = _hidden_variant(state, seat, random.Random(3))
    view = GAME.player_view(state, seat)
    first = determinize(view, seat, random.Random(9))
    assert determinize(GAME.player_view(other, seat), seat, random.Random(9)) == first
    second = determinize(view, seat, random.Random(10))
    assert GAME.player_view(second, seat) == view
    assert (first.coin_bag, first.discs, first.players) != (second.coin_bag, second.discs, second.players)
    assert first.player(seat) == state.player(seat)  # the seat's own barn, coins included, as it is


def _bot_game(players: int, levels: list[str], seed: int):
    """A whole game with ``levels[seat]`` bots; every move is checked against ``legal_moves``,
    but for spring, where the list runs to thousands of placements (``play`` checks those)."""
    secret, moves = seed_hex(seed), 0

    def choose(version, state, seat):
        nonlocal moves
        moves += 1  # the bots' generators count the seats' moves only, chance steps not
        assert moves < 2000
        spring = state.phase == "spring"
        legal = [GAME.bot_move(state, seat, random.Random(0))] if spring else GAME.legal_moves(state, seat)
        view = GAME.player_view(state, seat)
        move = GAME.bots[levels[seat]](BotInput(seat, view, legal, random.Random(f"{seed}/{moves}")))
        assert spring or move in legal
        return move  # play rejects an illegal spring placement

    start = GAME.setup(players, GAME.resolve_options(players, {}))
    return walk_to_end(GAME, start, lambda request, n: draw(request, secret, n), choose)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", ["random", "basic"])
def test_seeded_games_of_one_level_finish(level, players):
    final = _bot_game(players, [level] * players, seed=players)
    assert GAME.is_over(final) and final.year == 8


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seeded_games_with_a_strong_bot_finish(players, monkeypatch):
    monkeypatch.setattr(bots, "CANDIDATES", {"summer": 2, "fall": 2})
    monkeypatch.setattr(bots, "ROLLOUTS", {"summer": 1, "fall": 1})
    levels = ["strong", "basic", "random", "basic"][:players]
    final = _bot_game(players, levels, seed=10 + players)
    assert GAME.is_over(final) and final.year == 8


def test_basic_feeds_its_people_where_random_takes_help_tiles():
    """Over a few seeded games basic ends with fewer help tiles than the random bots beside it."""
    basic_help = random_help = 0
    for seed in range(2):
        final = _bot_game(4, ["basic", "random", "random", "random"], seed=20 + seed)
        scores = GAME.scores(final)
        basic_help += scores.breakdown[0]["help"]
        random_help += sum(scores.breakdown[s]["help"] for s in (1, 2, 3)) / 3
    assert basic_help > random_help  # help is negative: closer to 0 is better
