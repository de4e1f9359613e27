"""A state sampled from a seat's view shows that seat the same view (what it knows is kept; only
what it cannot see is drawn), and the sample's cards are the game's cards, each once."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.games import GAMES
from domain.games.bunny_kingdom.components import ALL_CARDS
from domain.games.bunny_kingdom.determinize import determinize as bk_determinize
from domain.games.homesteaders.determinize import determinize as hs_determinize
from tests.bots.helpers import positions, seed_of

#: What a sample may show differently: other seats' hidden choices are left unmade.
BK_UNMADE = ("has_chosen", "trading_posts_chosen", "copy_targets_chosen")


def _bk_public(view):
    seats = [{k: v for k, v in s.items() if k not in BK_UNMADE} for s in view["seats"]]
    return {**view, "seats": seats}


@pytest.mark.parametrize("players", [2, 4])
def test_a_bunny_kingdom_sample_shows_the_seat_its_own_view_and_holds_every_card_once(players):
    game = GAMES["bunny_kingdom"]
    seed = seed_of("determinize", players)
    checked = 0
    for version, state, seat in positions(game, players, seed, ["random"] * players):
        if version % 11:
            continue
        view = game.player_view(state, seat)
        sample = bk_determinize(view, seat, random.Random(version))
        assert _bk_public(game.player_view(sample, seat)) == _bk_public(view)
        held = [*sample.deck, *(c for h in sample.hands for c in h), *(c for r in sample.reserves for c in r),
                *(c for p in sample.parchments for c in p), *(c for r in sample.removed for c in r),
                *(c for f in sample.fronts for c in f), *(c for d in sample.discards for c in d)]
        assert not [c for c, n in Counter(held).items() if n > 1]
        assert set(held) <= set(ALL_CARDS)
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("players", [2, 4])
def test_a_homesteaders_sample_shows_the_seat_its_own_view(players):
    game = GAMES["homesteaders"]
    seed = seed_of("determinize-hs", players)
    checked = 0
    for version, state, seat in positions(game, players, seed, ["random"] * players):
        if version % 7 or state.phase == "allocation":  # a secret placement stands in as shown
            continue
        view = game.player_view(state, seat)
        sample = hs_determinize(view, seat, random.Random(version))
        again = game.player_view(sample, seat)
        assert again["seats"][seat] == view["seats"][seat]
        assert {k: v for k, v in again.items() if k != "seats"} == {k: v for k, v in view.items() if k != "seats"}
        checked += 1
    assert checked > 5
