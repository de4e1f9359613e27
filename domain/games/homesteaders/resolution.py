"""Build resolution (spec §5.4, §6.5, HS-A30–HS-A37): pay the tile, build, bonuses, auction bonus.

Each handler applies one decision and pushes the follow-up steps of HS-A34 on ``State.agenda``
(a building's bonus before the Train Station's extra build before the tile's bonus);
``agenda.advance`` runs them until the next decision.
"""

from __future__ import annotations

from dataclasses import replace

from domain.errors import IllegalMove
from domain.games.homesteaders import components as c
from domain.games.homesteaders import payments
from domain.games.homesteaders.state import State
from domain.games.homesteaders.turns import check_actor


def pay_auction(state: State, seat: int, move: dict) -> State:
    check_actor(state, seat, ("auction_payment",), "HS-R30", "paying for an auction tile")
    amount = state.bids[state.cur_slot - 1][1]
    player, _ = payments.pay(state.seat(seat), amount, move["gold_used"], move["take_debt_for_shortfall"])
    steps = (("build",) if c.TILES[state.tile()]["build_types"] else ()) + ("tile_bonus", "end_slot")
    return replace(state.with_seat(seat, player), agenda=steps + state.agenda)


def find_instance(state: State, name: str) -> str | None:
    """The supply instance a ``building`` field names: an instance id, or a building id (lowest copy)."""
    if name in state.supply:
        return name
    return next((i for i in state.supply if c.kind(i) == name), None)


def build_cost(instance: str, gold_as_copper: int, gold_as_livestock: int) -> dict[str, int]:
    """The printed cost with River Port gold standing in for copper/livestock (HS-R36)."""
    cost = dict(c.building(instance)["cost"] or {})
    for resource, n in (("copper", gold_as_copper), ("livestock", gold_as_livestock)):
        if n:
            cost[resource] -= n
            cost["gold"] = cost.get("gold", 0) + n
    return {k: v for k, v in cost.items() if v}


def check_build(state: State, seat: int, move: dict) -> tuple[str, dict[str, int]]:
    """HS-R31–HS-R36; returns the instance and the cost to pay."""
    check_actor(state, seat, ("build_choice", "extra_build"), "HS-R31", "building")
    player = state.seat(seat)
    instance = find_instance(state, move["building"])
    if instance is None:
        raise IllegalMove("HS-R32", f"{move['building']!r} is not in the building supply")
    b = c.building(instance)
    if state.phase == "build_choice" and b["type"] not in c.TILES[state.tile()]["build_types"]:
        allowed = " or ".join(c.TYPE_NAMES[t] for t in c.TILES[state.tile()]["build_types"])
        raise IllegalMove("HS-R33", f"tile {state.tile()} allows {allowed} buildings, not {b['name']}")
    if player.owns(b["id"]):
        raise IllegalMove("HS-R34", f"you already own a {b['name']}")
    gc, gl = move["gold_as_copper"], move["gold_as_livestock"]
    printed = b["cost"] or {}
    if gc < 0 or gl < 0 or gc > printed.get("copper", 0) or gl > printed.get("livestock", 0):
        raise IllegalMove("HS-R35", "gold may replace at most the copper and livestock of the cost")
    if (gc or gl) and not player.owns("river_port"):
        raise IllegalMove("HS-R35", "only a River Port owner may pay copper or livestock with gold")
    cost = build_cost(instance, gc, gl)
    if not player.holds(**cost):
        raise IllegalMove("HS-R36", f"{b['name']} costs {cost}; buy the missing resources first")
    return instance, cost


def build_building(state: State, seat: int, move: dict) -> State:
    instance, cost = check_build(state, seat, move)
    player = state.seat(seat)
    forge = player.owns("forge")  # HS-A32: only a Forge owned before this build scores
    player = player.gain(**{k: -v for k, v in cost.items()})
    player = replace(player, buildings=player.buildings + (instance,))
    if forge:
        player = player.gain(vp_tokens=1)
    bonus = c.building(instance)["build_bonus"]
    steps: tuple[str, ...] = ()
    if bonus == "pay_off_debt_or_2_silver":  # HS-A33 Boarding House
        player = player.gain(debt=-1) if player.debt else player.gain(silver=2)
    elif bonus == "gain_trade":
        player = player.gain(trade=1)
    elif bonus == "gain_worker_optional":
        steps = (f"worker:{instance}",)
    elif bonus == "rail_advance":
        steps = (f"rail:{instance}",)
    elif bonus == "gain_track_and_extra_build":
        player = player.gain(track=1)
        steps = ("extra_build",)
    state = replace(state.with_seat(seat, player), supply=tuple(i for i in state.supply if i != instance))
    return replace(state, agenda=steps + state.agenda)


def decline_build(state: State, seat: int) -> State:
    check_actor(state, seat, ("build_choice", "extra_build"), "HS-R37", "declining to build")
    return state


def accept_bonus_worker(state: State, seat: int, move: dict) -> State:
    check_actor(state, seat, ("bonus_worker",), "HS-R38", "taking a bonus worker")
    if move["accept"]:
        player = state.seat(seat)
        state = state.with_seat(seat, replace(player, workers=player.workers + (player.next_worker_id(seat),)))
    return state


#: auction bonus -> (resource paid, holdings gained) for the optional paid bonuses (HS-R40).
PAID_BONUS = {
    "pay_wood_for_track": ("wood", {"track": 1}),
    "pay_food_for_2vp": ("food", {"vp_tokens": 2}),
    "gain_6vp_then_pay_food_for_2vp": ("food", {"vp_tokens": 2}),
    "pay_copper_for_4vp": ("copper", {"vp_tokens": 4}),
    "pay_livestock_for_4vp": ("livestock", {"vp_tokens": 4}),
}


def check_auction_bonus(state: State, seat: int, use_gold: bool) -> tuple[str, dict[str, int]]:
    check_actor(state, seat, ("auction_bonus",), "HS-R39", "taking the auction bonus")
    bonus = c.TILES[state.tile()]["bonus"]
    paid, gained = PAID_BONUS[bonus]
    player = state.seat(seat)
    if use_gold:
        if paid not in ("copper", "livestock") or not player.owns("river_port") or player.gold < 1:
            raise IllegalMove("HS-R41", "River Port gold pays only the A09/A10 bonus, with a River Port and 1 gold")
        paid = "gold"
    elif not player.holds(**{paid: 1}):
        raise IllegalMove("HS-R40", f"this bonus costs 1 {paid}, which you do not hold")
    return paid, gained


def take_auction_bonus(state: State, seat: int, move: dict) -> State:
    paid, gained = check_auction_bonus(state, seat, move["use_river_port_gold"])
    player = state.seat(seat).gain(**{paid: -1}).gain(**gained)
    return state.with_seat(seat, player)


def decline_auction_bonus(state: State, seat: int) -> State:
    check_actor(state, seat, ("auction_bonus",), "HS-R39", "declining the auction bonus")
    return state


