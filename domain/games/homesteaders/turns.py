"""Whose turn: the clockwise order and the check that one seat owes the pending decision (HS-R03)."""

from __future__ import annotations

from domain.errors import IllegalMove, NotYourTurn
from domain.games.homesteaders.state import State


def check_actor(state: State, seat: int, phases: tuple[str, ...], rule: str, what: str) -> None:
    """Refuse unless the pending decision is one of ``phases`` and ``seat`` owes it (§4.5)."""
    if state.phase not in phases:
        raise IllegalMove(rule, f"{what} is not possible now")
    if seat != state.actor:
        raise NotYourTurn(rule, f"seat {state.actor} must act now, not seat {seat}")


def clockwise(state: State, after: int) -> list[int]:
    """The other seats, clockwise from the one after ``after``."""
    return [(after + k) % state.players for k in range(1, state.players)]
