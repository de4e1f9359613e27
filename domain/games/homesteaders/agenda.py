"""The agenda: the rest of a round's auction phase as a tuple of steps (spec §6.3–6.6).

``advance`` runs automatic steps and stops at the next decision. Decisions push their own
follow-ups in front, which yields the order of HS-A34 without special cases::

    next_bidder … → resolve:1 → pay → build → building bonus steps → tile_bonus → end_slot → resolve:2 … → end_round
"""

from __future__ import annotations

from dataclasses import replace

from domain.games.homesteaders import components as c
from domain.games.homesteaders.bidding import next_bidder
from domain.games.homesteaders.rounds import start_round
from domain.games.homesteaders.state import NOBODY, State


def _tile_bonus_steps(tile: str) -> tuple[str, ...]:
    """HS-A35: the auction bonus of a tile as agenda steps.

    Offered whether or not a building was built (HS-D03). The rulebook says these items are
    taken "only after the building is built and only once"; we read that, as the spec does, as
    timing (never before the build step) rather than as a condition, which is also what the
    published online implementation does.
    """
    bonus = c.TILES[tile]["bonus"]
    if bonus is None:
        return ()
    if bonus == "gain_worker":
        return (f"worker:{tile}",)
    if bonus == "gain_worker_and_rail_advance":
        return (f"worker:{tile}", f"rail:{tile}")
    if bonus == "gain_6vp_then_pay_food_for_2vp":
        return ("vp6", "tile_choice")
    return ("tile_choice",)


def advance(state: State) -> State:
    """Run the agenda until a decision is due (see the module docstring)."""
    while state.agenda:
        step, rest = state.agenda[0], state.agenda[1:]
        state = replace(state, agenda=rest)
        name, _, arg = step.partition(":")
        if name == "next_bidder":
            state = next_bidder(state)
            if state.phase == "bidding" and state.actor != NOBODY:
                return state
        elif name == "resolve":
            slot = int(arg)
            if state.winners[slot - 1] != NOBODY:
                return replace(state, cur_slot=slot, actor=state.winners[slot - 1], phase="auction_payment")
        elif name == "build":
            return replace(state, phase="build_choice")
        elif name == "extra_build":
            return replace(state, phase="extra_build")
        elif name == "worker":
            return replace(state, phase="bonus_worker", source=arg)
        elif name == "rail":  # HS-A40
            player = state.seat(state.actor)
            state = state.with_seat(state.actor, replace(player, rail=min(player.rail + 1, c.RAIL_MAX)))
            return replace(state, phase="rail_reward", source=arg)
        elif name == "tile_bonus":
            state = replace(state, agenda=_tile_bonus_steps(state.tile()) + state.agenda)
        elif name == "vp6":
            state = state.with_seat(state.actor, state.seat(state.actor).gain(vp_tokens=6))
        elif name == "tile_choice":
            return replace(state, phase="auction_bonus")
        elif name == "end_slot":  # HS-A37
            state = replace(state, cur_slot=0, source="", actor=NOBODY)
        elif name == "end_round":  # HS-A38
            return start_round(state, state.round + 1)
    return state


