"""A seeded random bot that always finishes the game (uses only the ``rng`` it is given).

It picks among the exact legal moves of the pending decision, with light preferences that keep
games short and plausible: it fills idle workers then confirms, bids what it can roughly afford,
builds when it can, and uses a free action only now and then (never ``take_debt`` directly, so
it can never loop on free actions; a payment short of silver takes debt through the payment).
"""

from __future__ import annotations

import random
from typing import Any

from domain.errors import IllegalMove
from domain.games.homesteaders import components as c
from domain.games.homesteaders.legal import free_moves, phase_moves
from domain.games.homesteaders.state import State


def bot_move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    free = free_moves(state, seat)
    useful = [m for m in free if m["type"] != "take_debt"]
    moves = phase_moves(state, seat)
    if not moves and not free:
        raise IllegalMove("HS-R03", f"seat {seat} has no move to make now")
    if not moves or (useful and rng.random() < 0.06):
        return rng.choice(useful or free)
    player = state.seat(seat)
    phase = state.phase
    if phase == "allocation":
        placed = {w for w, _, _ in player.placement}
        fill = [m for m in moves if m["type"] == "assign_worker" and m["worker"] not in placed]
        if fill and rng.random() < 0.9:
            return rng.choice(fill)
        shuffle = [m for m in moves if m["type"] == "assign_worker"]
        if shuffle and rng.random() < 0.3:  # now and then move a worker to another slot
            return rng.choice(shuffle)
        return moves[-1]  # confirm_workers
    if phase in ("wages", "auction_payment"):
        cheap = [m for m in moves if not m["take_debt_for_shortfall"]]
        return rng.choice(cheap or moves)
    if phase == "bidding":
        # keep next round's wages in hand; a deeply indebted bot mostly passes
        budget = max(3, player.silver + 5 * player.gold - len(player.workers))
        bids = [m for m in moves if m["type"] == "place_bid" and m["value"] <= budget]
        if bids and rng.random() < (0.75 if player.debt < 3 else 0.3):
            return rng.choice(bids)
        return moves[-1]  # pass_bidding
    if phase in ("build_choice", "extra_build"):
        builds = [m for m in moves if m["type"] == "build_building"]
        if builds:
            return rng.choice(builds) if rng.random() < 0.9 else moves[-1]
        shopping = _shopping(state, seat, useful)
        return rng.choice(shopping) if shopping and rng.random() < 0.8 else moves[-1]
    if phase == "auction_bonus" and len(moves) > 1:
        return rng.choice(moves[:-1])
    if phase == "final_actions":
        return moves[0]  # pay off debt while possible, then confirm
    return rng.choice(moves)


def _shopping(state: State, seat: int, free: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Marketplace purchases of a resource some buildable building lacks (the bot saves up)."""
    player = state.seat(seat)
    wanted = set()
    for instance in state.supply:
        b = c.building(instance)
        if state.phase == "extra_build" or b["type"] in c.TILES[state.tile()]["build_types"]:
            wanted |= {r for r, n in (b["cost"] or {}).items() if getattr(player, r) < n}
    return [m for m in free if m["type"] == "buy_resource" and m["resource"] in wanted]
