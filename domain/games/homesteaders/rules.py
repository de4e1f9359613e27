"""Homesteaders rules entry points: setup, to_act, chance, play, is_over (spec §3.3, §4.5, §5.0).

The phases themselves live in ``rounds.py`` (allocation, income, wages), ``resolution.py``
(bidding and build resolution) and ``market.py`` (free actions, final actions).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.errors import IllegalMove
from domain.games.game import CHANCE, ChanceRequest
from domain.games.homesteaders import bidding, market, resolution, rounds
from domain.games.homesteaders import components as c
from domain.games.homesteaders.agenda import advance
from domain.games.homesteaders.moves import FREE, parse
from domain.games.homesteaders.state import Player, State

SEQUENTIAL_PHASES = frozenset(
    {"dummy", "bidding", "rail_reward", "auction_payment", "build_choice", "extra_build", "bonus_worker", "auction_bonus"}
)
_GROUPS = ("settlement", "town", "city")


def setup(players: int, options: Mapping[str, Any]) -> State:
    """HS-SET-01–HS-SET-10; the random steps (stack shuffles, start player) are chance steps."""
    seats = tuple(Player(workers=(f"w{s + 1}-1",), buildings=(c.homestead(s),)) for s in range(players))
    stacks = (2, 3) if players == 4 else (2,)
    pending = tuple(f"{stack}:{g}" for stack in stacks for g in _GROUPS) + ("start_player",)
    return State(
        players=players,
        visibility=options["resource_visibility"],
        mode=options["worker_assignment_mode"],
        phase="chance",
        seats=seats,
        pending_chance=pending,
        supply=c.instances("settlement", players) + c.instances("settlement_town", players),
        town_pile=c.instances("town", players),
        city_pile=c.instances("city", players),
        dummy=c.DUMMY_START if players == 2 else 0,
    )


def to_act(state: State) -> frozenset[int]:
    """Who must act now (spec §4.5)."""
    phase = state.phase
    if phase == "chance":
        return frozenset({CHANCE})
    if phase in SEQUENTIAL_PHASES:
        return frozenset({state.actor})
    if phase == "allocation":
        if state.mode == "sequential":
            return frozenset({state.actor})
        return frozenset(s for s, p in enumerate(state.seats) if not p.confirmed)
    if phase == "wages":
        return frozenset(s for s, p in enumerate(state.seats) if p.wages_due)
    if phase == "final_actions":
        return frozenset(s for s, p in enumerate(state.seats) if not p.done)
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase == "over"


def chance(state: State) -> ChanceRequest:
    if state.phase != "chance":
        raise IllegalMove("HS-SET-04", "no chance step is due")
    step = state.pending_chance[0]
    if step == "start_player":
        return ChanceRequest("sample", items=tuple(range(state.players)), count=1, label="choose the start player")
    stack, group = step.split(":")
    tiles = c.tile_groups(int(stack))[_GROUPS.index(group)]
    return ChanceRequest("shuffle", items=tiles, label=f"shuffle the {group.capitalize()} tiles of auction stack {stack}")


def resolve_chance(state: State, outcome: Any) -> State:
    """Consume a drawn outcome (validated: a permutation of the group, or one seat)."""
    request = chance(state)
    if not isinstance(outcome, list | tuple) or any(isinstance(x, bool) for x in outcome):
        raise IllegalMove("HS-SET-04", "a chance outcome must be a list")
    step, rest = state.pending_chance[0], state.pending_chance[1:]
    if step == "start_player":
        if len(outcome) != 1 or not isinstance(outcome[0], int) or outcome[0] not in request.items:
            raise IllegalMove("HS-SET-08", "the start player must be one seat")
        return rounds.start_round(replace(state, start=outcome[0], pending_chance=rest), 1)
    if not all(isinstance(x, str) for x in outcome) or sorted(outcome) != sorted(request.items):
        raise IllegalMove("HS-SET-04", "a shuffle must be a permutation of the tile group")
    field = "stack2" if step.startswith("2") else "stack3"
    return replace(state, pending_chance=rest, **{field: getattr(state, field) + tuple(outcome)})


_HANDLERS = {
    "assign_worker": rounds.assign_worker,
    "unassign_worker": rounds.unassign_worker,
    "confirm_workers": lambda s, seat, m: rounds.confirm_workers(s, seat),
    "pay_wages": rounds.pay_wages,
    "place_dummy_bid": bidding.place_dummy_bid,
    "place_bid": bidding.place_bid,
    "pass_bidding": lambda s, seat, m: bidding.pass_bidding(s, seat),
    "choose_rail_reward": bidding.choose_rail_reward,
    "pay_auction": resolution.pay_auction,
    "build_building": resolution.build_building,
    "decline_build": lambda s, seat, m: resolution.decline_build(s, seat),
    "accept_bonus_worker": resolution.accept_bonus_worker,
    "take_auction_bonus": resolution.take_auction_bonus,
    "decline_auction_bonus": lambda s, seat, m: resolution.decline_auction_bonus(s, seat),
    "pay_off_debt": market.pay_off_debt,
    "confirm_final_actions": lambda s, seat, m: market.confirm_final_actions(s, seat),
    "hire_worker": lambda s, seat, m: market.hire_worker(s, seat),
    "buy_resource": market.buy_resource,
    "sell_resource": market.sell_resource,
    "convert_at_market": market.convert_at_market,
    "exchange_at_bank": lambda s, seat, m: market.exchange_at_bank(s, seat),
    "take_debt": market.take_debt,
}


def play(state: State, seat: int, move: Any) -> State:
    """Apply one command (pure); any refusal is an ``IllegalMove`` naming the precondition."""
    move = parse(move)
    if state.phase == "chance":
        raise IllegalMove("HS-R01", "the game has not started yet")
    if state.phase == "over":
        raise IllegalMove("HS-R01", "the game is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise IllegalMove("HS-R02", f"seat {seat!r} is not seated at this table")
    state = _HANDLERS[move["type"]](state, seat, move)
    # A decision consumes the pending step; the agenda then runs to the next decision. A free
    # action never touches the agenda: it cannot interleave with another command's resolution.
    return state if move["type"] in FREE else advance(state)
