"""A seeded random bot that always finishes: it makes progress and ends its turn.

It draws from ``legal``'s move groups instead of the whole list (Megan alone can offer hundreds
of placements), preferring moves that move the game on: place horses out of holding, take a
limited action, claim prizes, then end the turn. Horse shuffling between locations is rare
(5%), so free actions can never loop for long.
"""

from __future__ import annotations

import random
from typing import Any

from domain.games.fantasy_ranch import legal
from domain.games.fantasy_ranch.state import HOLDING, State, Work


def bot_move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    w = Work(state)
    groups = legal.groups(w, seat)
    if not groups:
        raise ValueError(f"seat {seat} has no move to make")
    phase = w.phase
    if phase == "turn":
        return turn_move(w, seat, rng)
    for group in groups:
        if group is legal.free_moves:
            continue
        moves = group(w, seat)
        if phase == "tournament_prizes" and len(moves) > 1 and rng.random() < 0.9:
            moves = [m for m in moves if m["type"] != "decline_prize"]
        if phase == "tournament_entries" and len(moves) > 1 and rng.random() < 0.8:
            moves = [m for m in moves if m["type"] != "decline_tournament"]
        if moves:
            return rng.choice(moves)
    return rng.choice(legal.free_moves(w, seat))


def turn_move(w: Work, seat: int, rng: random.Random) -> dict[str, Any]:
    """Place horses, maybe claim or hire, take the limited action, then end the turn."""
    free = legal.free_moves(w, seat)
    placing = [m for m in free if m["type"] == "move_horse" and w.place[m["card_id"]] == HOLDING]
    if placing:
        return rng.choice(placing)
    options: list[list[dict[str, Any]]] = []
    if w.level >= 2 and w.claims < w.claim_limit and rng.random() < 0.7:
        options.append(legal.fate_moves(w, seat))
    if w.level == 3 and rng.random() < 0.5:
        options.append(legal.free_territory_moves(w, seat))
    if w.level == 3 and not w.employee_used and rng.random() < 0.4:
        employee = rng.choice(legal.EMPLOYEES)
        options.append(legal.employee_uses(w, seat, employee))
    if not w.limited_used:
        limited = legal.limited_moves(w, seat)
        buys = [m for m in limited if m["type"] != "produce_goods"]
        options.append(buys if buys and rng.random() < 0.7 else limited)
    if rng.random() < 0.05:
        options.append(free)
    for moves in options:
        if moves:
            return rng.choice(moves)
    return rng.choice(legal.end_turn_moves(w, seat))
