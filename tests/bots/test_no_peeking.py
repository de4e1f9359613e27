"""A bot decides only from what its seat may see: change what it cannot see, its move stays.

For every game, at two players and at the maximum, positions of seeded games are given a hidden
twin: the same state with every part the seat cannot see edited (deck order, other seats' hands,
screened holdings, hidden choices...) while its ``player_view`` and legal moves stay equal. Every
level must then choose the same move in both, through the platform's ``bot_decision``.
"""

from __future__ import annotations

import random

import pytest

from domain.application import bot_decision
from domain.fairness import bot_rng
from domain.games import GAMES
from domain.games.game import BOT_LEVELS
from tests.bots.helpers import PRODUCT, hidden_twin, positions, seed_of

POSITIONS = 3  # positions with something hidden, per game and player count
STRIDE = 17  # look at every STRIDE-th decision, so positions spread over the game

CASES = [
    pytest.param(game, players, id=f"{game.name}-{players}p")
    for game in PRODUCT
    for players in sorted({game.min_players, game.max_players})
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_level_plays_the_same_move_when_hidden_information_changes(game, players):
    seed = seed_of("no-peeking", game.name, players)
    rng = random.Random(seed)
    found = 0
    for version, state, seat in positions(game, players, seed, ["random"] * players):
        if version % STRIDE:
            continue
        twin, edits = hidden_twin(game, state, seat, rng)
        if not edits:
            continue
        assert game.to_dict(twin) != game.to_dict(state)
        assert game.player_view(twin, seat) == game.player_view(state, seat)
        found += 1
        for level in BOT_LEVELS:
            real = bot_decision(game, state, seat, level, bot_rng(seed, version, seat))
            other = bot_decision(game, twin, seat, level, bot_rng(seed, version, seat))
            assert real == other, f"{level} bot at seat {seat} changed its move when hidden information changed"
        if found == POSITIONS:
            break
    assert found, "no position had anything hidden from the deciding seat: the test would prove nothing"


def test_a_twin_really_hides_something_the_other_seats_hold():
    """The twin maker is not vacuous: in Bunny Kingdom it reorders the deck or moves cards between
    the other seats' hands, which the seat's view does not show."""
    game = GAMES["bunny_kingdom"]
    seed = seed_of("twin", 4)
    version, state, seat = next(p for p in positions(game, 4, seed, ["random"] * 4) if p[1].phase == "exploration")
    twin, edits = hidden_twin(game, state, seat, random.Random(1))
    assert edits > 0
    others = [s for s in range(4) if s != seat]
    assert (twin.deck != state.deck) or any(twin.hands[s] != state.hands[s] for s in others)
    assert twin.hands[seat] == state.hands[seat]
