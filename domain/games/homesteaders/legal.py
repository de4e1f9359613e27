"""Exact legal moves (spec §5): the pending decision's moves plus the free actions (HS-R60).

``phase_moves`` and ``free_moves`` are exposed separately for the bot; ``legal_moves`` is their
concatenation. Every list mirrors the checks in the handlers, so a listed move is always
accepted and an unlisted one always refused (the property tests hold this both ways).
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove
from domain.games.homesteaders import bidding, payments, resolution
from domain.games.homesteaders import components as c
from domain.games.homesteaders.market import MAX_DEBT_PER_COMMAND
from domain.games.homesteaders.moves import CONVERSIONS
from domain.games.homesteaders.rules import to_act
from domain.games.homesteaders.state import State

Move = dict[str, Any]


def legal_moves(state: State, seat: int) -> list[Move]:
    if state.phase in ("chance", "over") or not 0 <= seat < state.players:
        return []
    return phase_moves(state, seat) + free_moves(state, seat)


def _pay(kind: str, options: list[tuple[int, bool]]) -> list[Move]:
    return [{"type": kind, "gold_used": g, "take_debt_for_shortfall": d} for g, d in options]


def phase_moves(state: State, seat: int) -> list[Move]:
    """The moves of the decision pending for ``seat`` (empty when it owes none)."""
    if seat not in to_act(state):
        return []
    player = state.seat(seat)
    phase = state.phase
    if phase == "allocation":
        return allocation_moves(state, seat) + [{"type": "confirm_workers"}]
    if phase == "wages":
        return _pay("pay_wages", payments.options(player, len(player.workers)))
    if phase == "dummy":
        return [{"type": "place_dummy_bid", "slot": s} for s in (1, 2)]
    if phase == "bidding":
        moves = []
        for slot in range(1, len(state.slots) + 1):
            floor = bidding.min_bid(state, seat, slot)
            if floor:
                moves += [{"type": "place_bid", "slot": slot, "value": v} for v in c.BID_LADDER if v >= floor]
        return moves + [{"type": "pass_bidding"}]
    if phase == "rail_reward":
        moves = []
        for reward in c.REWARD_MIN_SPACE:
            if bidding.reward_allowed(player.rail, reward):
                if reward == "resource":
                    moves += [{"type": "choose_rail_reward", "reward": reward, "resource": r} for r in c.RESOURCES]
                else:
                    moves.append({"type": "choose_rail_reward", "reward": reward})
        return moves
    if phase == "auction_payment":
        return _pay("pay_auction", payments.options(player, state.bids[state.cur_slot - 1][1]))
    if phase in ("build_choice", "extra_build"):
        return build_moves(state, seat) + [{"type": "decline_build"}]
    if phase == "bonus_worker":
        return [{"type": "accept_bonus_worker", "accept": a} for a in (True, False)]
    if phase == "auction_bonus":
        moves = []
        for use_gold in (False, True):
            try:
                resolution.check_auction_bonus(state, seat, use_gold)
            except IllegalMove:  # the handler's own check is the single source of truth
                continue
            moves.append({"type": "take_auction_bonus", "use_river_port_gold": use_gold})
        return moves + [{"type": "decline_auction_bonus"}]
    if phase == "final_actions":
        moves = []
        if player.debt:
            if player.gold:
                moves.append({"type": "pay_off_debt", "use_gold": True})
            if player.silver >= 5:
                moves.append({"type": "pay_off_debt", "use_gold": False})
        return moves + [{"type": "confirm_final_actions"}]
    return []


def allocation_moves(state: State, seat: int) -> list[Move]:
    """Every single-worker placement change (HS-R10–HS-R13)."""
    player = state.seat(seat)
    where = {w: (b, s) for w, b, s in player.placement}
    used: dict[tuple[str, int], int] = {}
    for _, b, s in player.placement:
        used[(b, s)] = used.get((b, s), 0) + 1
    moves: list[Move] = []
    for worker in player.workers:
        for instance in player.buildings:
            for slot, spec in enumerate(c.building(instance)["worker_slots"], start=1):
                here = where.get(worker) == (instance, slot)
                if not here and used.get((instance, slot), 0) < spec["workers"]:
                    moves.append({"type": "assign_worker", "worker": worker, "building": instance, "slot": slot})
        if worker in where:
            moves.append({"type": "unassign_worker", "worker": worker})
    return moves


def build_moves(state: State, seat: int) -> list[Move]:
    """Every accepted ``build_building`` (instance ids and building ids, River Port splits)."""
    player = state.seat(seat)
    river_port = player.owns("river_port")
    moves: list[Move] = []
    seen: set[str] = set()
    for instance in state.supply:
        b = c.building(instance)
        if player.owns(b["id"]):
            continue
        if state.phase == "build_choice" and b["type"] not in c.TILES[state.tile()]["build_types"]:
            continue
        cost = b["cost"] or {}
        splits = [(0, 0)]
        if river_port:
            splits = [(gc, gl) for gc in range(cost.get("copper", 0) + 1) for gl in range(cost.get("livestock", 0) + 1)]
        names = [instance] if b["id"] in seen else [instance, b["id"]]
        seen.add(b["id"])
        for gc, gl in splits:
            if player.holds(**resolution.build_cost(instance, gc, gl)):
                moves += [
                    {"type": "build_building", "building": n, "gold_as_copper": gc, "gold_as_livestock": gl}
                    for n in names
                ]
    return moves


def free_moves(state: State, seat: int) -> list[Move]:
    """The free actions open to ``seat`` now (HS-R60–HS-R69)."""
    if state.phase in ("chance", "over"):
        return []
    player = state.seat(seat)
    if player.done:
        return []
    moves: list[Move] = []
    if player.holds(trade=1, food=1):
        moves.append({"type": "hire_worker"})
    if player.trade:
        for r in c.RESOURCES:
            price = c.RATES[r]
            if "gold" in price:
                if player.gold:
                    moves.append({"type": "buy_resource", "resource": r, "gold_used": 0})
            else:
                moves += [
                    {"type": "buy_resource", "resource": r, "gold_used": g}
                    for g, debt in payments.options(player, price["silver"])
                    if not debt
                ]
        moves += [{"type": "sell_resource", "resource": r} for r in c.RESOURCES if getattr(player, r)]
        if player.owns("market"):
            moves += [{"type": "convert_at_market", "conversion": k} for k, (src, _) in CONVERSIONS.items() if getattr(player, src)]
        if player.owns("bank"):
            moves.append({"type": "exchange_at_bank"})
    moves += [{"type": "take_debt", "count": n} for n in range(1, MAX_DEBT_PER_COMMAND + 1)]
    return moves

