"""Small state builders and move constructors so scenario tests read like a table-side story.

Players A, B, C, D are seats 0, 1, 2, 3. States are built directly: a real setup with the chance
steps resolved in a fixed order, then the round, phase and holdings the scenario describes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.errors import IllegalMove
from domain.games.game import CHANCE
from domain.games.homesteaders import GAME
from domain.games.homesteaders.rounds import start_round
from domain.games.homesteaders.state import NOBODY, State

A, B, C, D = 0, 1, 2, 3


def new_game(players: int = 3, start: int = A, **options: Any) -> State:
    """A game in round 1's worker allocation; stacks 2/3 in spec order, ``start`` as start player."""
    state = GAME.setup(players, GAME.resolve_options(players, options))
    while GAME.to_act(state) == {CHANCE}:
        request = GAME.chance(state)
        state = GAME.resolve_chance(state, [start] if request.kind == "sample" else list(request.items))
    return state


def in_round(state: State, round_: int) -> State:
    """Run the round setups (era changes included) up to ``round_``."""
    for r in range(state.round + 1, round_ + 1):
        state = start_round(state, r)
    return state


def holding(state: State, seat: int, **fields: Any) -> State:
    """Set a player's holdings (absolute values; ``workers=3`` gives three workers)."""
    player = state.seat(seat)
    if isinstance(fields.get("workers"), int):
        fields["workers"] = tuple(f"w{seat + 1}-{n}" for n in range(1, fields["workers"] + 1))
    return state.with_seat(seat, replace(player, **fields))


def own(state: State, seat: int, *instances: str) -> State:
    """Give ``seat`` buildings, taking them out of the supply or the set-aside piles."""
    player = state.seat(seat)
    state = state.with_seat(seat, replace(player, buildings=player.buildings + instances))
    return replace(
        state,
        supply=tuple(i for i in state.supply if i not in instances),
        town_pile=tuple(i for i in state.town_pile if i not in instances),
        city_pile=tuple(i for i in state.city_pile if i not in instances),
    )


def bidding(state: State, active: int | None = None) -> State:
    """The bidding step with every player at ``no_bid``; ``active`` (default: start player) to bid."""
    return replace(state, phase="bidding", actor=state.start if active is None else active)


def resolving(state: State, slot: int, winner: int, value: int, tile: str | None = None) -> State:
    """``winner`` has won ``slot`` at ``value`` and must now pay for it (``AUCTION_PAYMENT``)."""
    slots = list(state.slots)
    if tile is not None:
        slots[slot - 1] = tile
    bids = [(NOBODY, 0)] * len(slots)
    bids[slot - 1] = (winner, value)
    winners = [NOBODY] * len(slots)
    winners[slot - 1] = winner
    return replace(
        state,
        slots=tuple(slots),
        bids=tuple(bids),
        winners=tuple(winners),
        phase="auction_payment",
        actor=winner,
        cur_slot=slot,
        agenda=("end_round",),
    )


def play(state: State, seat: int, move: dict[str, Any]) -> State:
    return GAME.play(state, seat, move)


def refused(state: State, seat: int, move: Any, rule: str) -> IllegalMove:
    """Assert the move is refused naming ``rule`` and that the state did not change."""
    before = GAME.to_dict(state)
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, seat, move)
    assert info.value.rule == rule, f"expected {rule}, got {info.value.rule}: {info.value}"
    assert GAME.to_dict(state) == before
    return info.value


# -- move constructors -------------------------------------------------------------------------------


def assign(worker: str, building: str, slot: int) -> dict[str, Any]:
    return {"type": "assign_worker", "worker": worker, "building": building, "slot": slot}


CONFIRM = {"type": "confirm_workers"}
PASS = {"type": "pass_bidding"}
DECLINE_BUILD = {"type": "decline_build"}
DECLINE_BONUS = {"type": "decline_auction_bonus"}
HIRE = {"type": "hire_worker"}
BANK = {"type": "exchange_at_bank"}
CONFIRM_FINAL = {"type": "confirm_final_actions"}


def bid(slot: int, value: int) -> dict[str, Any]:
    return {"type": "place_bid", "slot": slot, "value": value}


def dummy(slot: int) -> dict[str, Any]:
    return {"type": "place_dummy_bid", "slot": slot}


def reward(kind: str, resource: str | None = None) -> dict[str, Any]:
    move: dict[str, Any] = {"type": "choose_rail_reward", "reward": kind}
    if resource is not None:
        move["resource"] = resource
    return move


def wages(gold: int = 0, debt: bool = False) -> dict[str, Any]:
    return {"type": "pay_wages", "gold_used": gold, "take_debt_for_shortfall": debt}


def pay(gold: int = 0, debt: bool = False) -> dict[str, Any]:
    return {"type": "pay_auction", "gold_used": gold, "take_debt_for_shortfall": debt}


def build(building: str, gold_as_copper: int = 0, gold_as_livestock: int = 0) -> dict[str, Any]:
    return {"type": "build_building", "building": building, "gold_as_copper": gold_as_copper, "gold_as_livestock": gold_as_livestock}


def bonus_worker(accept: bool) -> dict[str, Any]:
    return {"type": "accept_bonus_worker", "accept": accept}


def take_bonus(river_port_gold: bool = False) -> dict[str, Any]:
    return {"type": "take_auction_bonus", "use_river_port_gold": river_port_gold}


def buy(resource: str, gold: int = 0) -> dict[str, Any]:
    return {"type": "buy_resource", "resource": resource, "gold_used": gold}


def sell(resource: str) -> dict[str, Any]:
    return {"type": "sell_resource", "resource": resource}


def convert(conversion: str) -> dict[str, Any]:
    return {"type": "convert_at_market", "conversion": conversion}


def debt(count: int = 1) -> dict[str, Any]:
    return {"type": "take_debt", "count": count}


def pay_off(use_gold: bool = False) -> dict[str, Any]:
    return {"type": "pay_off_debt", "use_gold": use_gold}
