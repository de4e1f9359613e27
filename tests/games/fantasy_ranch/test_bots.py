"""Fantasy Ranch bots (issue 21): every level plays legal moves from the seat's view alone.

A policy gets ``BotInput(seat, player_view, legal_moves, rng)``; these tests pin that each level
answers with one of the listed moves at every rules level, that hidden information the seat
cannot see (the horse and fate deck orders, other seats' draft hands and level-3 picks) never
changes its move, that ``determinize`` rebuilds a state whose view is the one it was given, and
that seeded bot games finish at every level and player count.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from domain.fairness import draw
from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.determinize import determinize
from domain.games.fantasy_ranch.state import Work
from domain.games.game import BOT_LEVELS, CHANCE, BotInput, walk_to_end
from tests.games.playout import seed_hex

LEVELS = (1, 2, 3)


def _options(level: int) -> dict:
    return {"level": level, "community_side": "B"}


def _decisions(players: int, level: int, seed: int):
    """(state, seat) at every seated decision of a seeded random-bot game."""
    state = GAME.setup(players, GAME.resolve_options(players, _options(level)))
    rng, n = random.Random(seed), 0
    secret = seed_hex(seed)
    while not GAME.is_over(state):
        actors = GAME.to_act(state)
        if CHANCE in actors:
            state = GAME.resolve_chance(state, draw(GAME.chance(state), secret, n))
            n += 1
            continue
        seat = rng.choice(sorted(actors))
        yield state, seat
        state = GAME.play(state, seat, GAME.bot_move(state, seat, rng))


def _input(state, seat: int, rng_seed: int = 7) -> BotInput:
    return BotInput(
        seat, GAME.player_view(state, seat), GAME.legal_moves(state, seat), random.Random(rng_seed)
    )


def _sample(players: int, level: int, seed: int, per_phase: int = 2):
    """A couple of decision points of every phase the game passes through."""
    got: dict[str, int] = {}
    for state, seat in _decisions(players, level, seed):
        if got.get(state.phase, 0) < per_phase:
            got[state.phase] = got.get(state.phase, 0) + 1
            yield state, seat


def test_the_game_offers_the_three_bot_levels():
    assert set(GAME.bots) == set(BOT_LEVELS)


@pytest.mark.parametrize("rules_level", LEVELS)
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_answers_with_one_of_the_legal_moves(level, rules_level):
    phases = set()
    for state, seat in _sample(4, rules_level, seed=rules_level):
        inp = _input(state, seat)
        move = GAME.bots[level](inp)
        assert move in inp.legal, f"{level} chose {move} in {state.phase}"
        phases.add(state.phase)
    assert {"turn", "tournament_entries", "tournament_prizes"} <= phases


def _hidden_variant(state, seat: int, rng: random.Random):
    """The same table as ``seat`` sees it with what it cannot see dealt differently: the horse
    deck swapped card for card with other seats' draft hands (and level-3 picks), the decks
    reordered."""
    deck = list(state.horse_deck)
    hands = [list(h) for h in state.hands]
    picks = [list(p) for p in state.picks]
    step_picks = list(state.step_picks)
    secret_picks = state.level == 3 and state.phase == "draft"
    for other in range(state.players):
        if other == seat or not deck:
            continue
        for pile in [hands[other]] + ([picks[other]] if secret_picks else []):
            for i, card in enumerate(pile):
                if card == step_picks[other] or not deck:
                    continue
                j = rng.randrange(len(deck))
                pile[i], deck[j] = deck[j], card
    rng.shuffle(deck)
    fate = list(state.fate_deck)
    rng.shuffle(fate)
    seen = list(state.seen)
    for other in range(state.players):
        if other != seat and seen:
            seen[other] = tuple(hands[other]) + tuple(picks[other])
    return replace(
        state,
        horse_deck=tuple(deck),
        hands=tuple(tuple(h) for h in hands),
        picks=tuple(tuple(p) for p in picks),
        fate_deck=tuple(fate),
        seen=tuple(seen),
    )


def _peek_points(level: int):
    """Decision points where something is hidden: the draft, turns, tournaments."""
    wanted = {"draft": 2, "turn": 3, "tournament_entries": 1, "tournament_prizes": 2}
    for state, seat in _decisions(4, level, seed=40 + level):
        if wanted.get(state.phase, 0) > 0 and state.horse_deck:
            wanted[state.phase] -= 1
            yield state, seat


@pytest.mark.parametrize("rules_level", LEVELS)
def test_a_variant_with_other_hidden_information_looks_the_same_to_the_seat(rules_level):
    changed = 0
    for state, seat in _peek_points(rules_level):
        other = _hidden_variant(state, seat, random.Random(1))
        assert GAME.player_view(other, seat) == GAME.player_view(state, seat)
        changed += GAME.secrets(other) != GAME.secrets(state)
    assert changed >= 3


@pytest.mark.parametrize("rules_level", LEVELS)
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_no_level_peeks_at_decks_or_hands_it_cannot_see(level, rules_level):
    """Two tables that differ only in what the seat cannot see get the same move, same rng."""
    compared = 0
    for state, seat in _peek_points(rules_level):
        other = _hidden_variant(state, seat, random.Random(2))
        if GAME.secrets(other) == GAME.secrets(state):
            continue
        mine = GAME.bots[level](_input(state, seat))
        theirs = GAME.bots[level](_input(other, seat))
        assert mine == theirs, f"{level} changed its {state.phase} move with hidden information"
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize("rules_level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_rebuilds_a_state_whose_view_is_the_given_view(players, rules_level):
    for state, _ in _decisions(players, rules_level, seed=players):
        for seat in range(players):
            view = json.loads(json.dumps(GAME.player_view(state, seat)))  # plain data, nothing else
            rebuilt = determinize(view, seat, random.Random(seat))
            assert json.loads(json.dumps(GAME.player_view(rebuilt, seat))) == view
            if seat in GAME.to_act(state):
                assert GAME.legal_moves(rebuilt, seat) == GAME.legal_moves(state, seat)


def test_determinize_depends_on_the_view_alone_and_samples_only_the_hidden_part():
    state, seat = next(s for s in _peek_points(3) if s[0].phase == "turn")
    other = _hidden_variant(state, seat, random.Random(3))
    view = GAME.player_view(state, seat)
    first = determinize(view, seat, random.Random(9))
    assert determinize(GAME.player_view(other, seat), seat, random.Random(9)) == first
    second = determinize(view, seat, random.Random(10))
    assert GAME.player_view(second, seat) == view
    assert first.horse_deck != second.horse_deck and sorted(first.horse_deck) == sorted(second.horse_deck)
    assert sorted(first.horse_deck) == sorted(state.horse_deck)  # the unseen cards, reordered
    assert (first.goods, first.horses, first.market, first.owners) == (
        state.goods,
        state.horses,
        state.market,
        state.owners,
    )


def _bot_game(players: int, rules_level: int, levels: list[str], seed: int):
    """A whole game with ``levels[seat]`` bots; every move is checked against ``legal_moves``."""
    secret, moves = seed_hex(seed), 0

    def choose(version, state, seat):
        nonlocal moves
        moves += 1  # the bots' generators count the seats' moves only, chance steps not
        assert moves < 3000
        inp = BotInput(seat, GAME.player_view(state, seat), GAME.legal_moves(state, seat), random.Random(moves))
        move = GAME.bots[levels[seat]](inp)
        assert move in inp.legal
        return move

    start = GAME.setup(players, GAME.resolve_options(players, _options(rules_level)))
    return walk_to_end(GAME, start, lambda request, n: draw(request, secret, n), choose)


@pytest.mark.parametrize("rules_level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["random", "basic"])
def test_seeded_games_of_one_level_finish(level, players, rules_level):
    final = _bot_game(players, rules_level, [level] * players, seed=players + 10 * rules_level)
    assert GAME.is_over(final) and final.round == 5


@pytest.mark.parametrize("rules_level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_with_a_strong_bot_finish(players, rules_level):
    levels = ["strong", "basic", "random", "basic"][:players]
    final = _bot_game(players, rules_level, levels, seed=5 + players + 10 * rules_level)
    assert GAME.is_over(final) and final.round == 5


def test_basic_places_its_starting_horses_in_its_first_turn():
    """Held horses cannot ride: basic puts them on its ranch before anything else."""
    state, seat = next((s, seat) for s, seat in _decisions(3, 1, seed=4) if s.phase == "turn")
    move = GAME.bots["basic"](_input(state, seat))
    w = Work(state)
    assert move["type"] == "move_horse" and w.place[move["card_id"]] == "holding"


def _home_horse_with_room_elsewhere(state, seat: int) -> bool:
    """A turn where a horse of ``seat`` stands on its home and an owned location of its colour has room."""
    from domain.games.fantasy_ranch.components import LOCATIONS
    from domain.games.fantasy_ranch.legal import free_moves

    w = Work(state)
    if state.phase != "turn" or any(w.place[c] == "holding" for c in w.horses_of(seat)):
        return False
    return any(
        m["type"] == "move_horse"
        and LOCATIONS[w.place[m["card_id"]]].is_home
        and not LOCATIONS[m["destination"]].is_home
        and w.owners.get(m["destination"]) == seat
        for m in free_moves(w, seat)
    )


def test_basic_keeps_its_home_free_for_a_horse_of_any_colour():
    """The home takes every colour, an owned location only its own: basic moves a horse off the
    home onto its colour's location, so a prize or a purchase later finds room."""
    from domain.games.fantasy_ranch.components import LOCATIONS

    state, seat = next((s, seat) for s, seat in _decisions(4, 1, seed=3) if _home_horse_with_room_elsewhere(s, seat))
    move = GAME.bots["basic"](_input(state, seat))
    w = Work(state)
    assert move["type"] == "move_horse"
    assert LOCATIONS[w.place[move["card_id"]]].is_home and not LOCATIONS[move["destination"]].is_home
