"""Fields the spec gives a default may be left out of a move; buying copper or livestock ignores
``gold_used`` (HS-R64)."""

from __future__ import annotations

from dataclasses import replace

from domain.games.homesteaders import GAME

from .helpers import A, buy, holding, new_game, pay, play, refused, resolving, wages


def test_hs_r05_r07_wages_may_leave_out_gold_used_and_take_debt_for_shortfall():
    """HS-R05–HS-R07 (§5 silver payments): ``gold_used`` defaults to 0, ``take_debt_for_shortfall`` to false."""
    state = replace(holding(new_game(3), A, workers=3, silver=5, gold=2, wages_due=True), phase="wages")
    bare = play(state, A, {"type": "pay_wages"})
    assert GAME.to_dict(bare) == GAME.to_dict(play(state, A, wages()))
    assert (bare.seat(A).gold, bare.seat(A).silver) == (2, 2)
    with_gold = play(state, A, {"type": "pay_wages", "gold_used": 1})
    assert (with_gold.seat(A).gold, with_gold.seat(A).silver) == (1, 5)
    refused(state, A, {"type": "pay_wages", "gold_used": "1"}, "HS-R15")  # given, it must be an integer


def test_hs_r07_an_auction_payment_without_the_debt_flag_does_not_take_debt():
    """HS-R07: left out, ``take_debt_for_shortfall`` is false: a short payment is refused, not financed."""
    state = resolving(holding(new_game(3), A, silver=4, gold=0), 1, A, 6)
    refused(state, A, {"type": "pay_auction"}, "HS-R07")
    financed = play(state, A, {"type": "pay_auction", "take_debt_for_shortfall": True})
    assert GAME.to_dict(financed) == GAME.to_dict(play(state, A, pay(debt=True)))
    paid = play(resolving(holding(new_game(3), A, silver=9, gold=0), 1, A, 6), A, {"type": "pay_auction"})
    assert paid.seat(A).silver == 3


def test_hs_r62_buy_resource_may_leave_out_gold_used():
    """HS-R62 / HS-R64: ``BuyResource{resource, gold_used = 0}``."""
    state = holding(new_game(3), A, trade=1, silver=5, gold=0)
    bought = play(state, A, {"type": "buy_resource", "resource": "wood"})
    assert GAME.to_dict(bought) == GAME.to_dict(play(state, A, buy("wood")))


def test_hs_r64_buying_copper_or_livestock_ignores_gold_used():
    """HS-R64: copper and livestock cost exactly 1 gold, whatever ``gold_used`` says; silver never replaces it."""
    state = holding(new_game(3), A, trade=2, silver=9, gold=1)
    for resource in ("copper", "livestock"):
        for gold_used in (0, 1, 3):
            bought = play(state, A, buy(resource, gold=gold_used))
            player = bought.seat(A)
            assert (player.gold, player.silver, getattr(player, resource)) == (
                0, 9, getattr(state.seat(A), resource) + 1)
        refused(holding(state, A, gold=0), A, buy(resource, gold=1), "HS-R64")
