"""The automatic steps between commands (spec §6, WG-A01..A10) and the year order (WG-G04).

Season modules call these when their last submission is in; nothing here reads a move.
"""

from __future__ import annotations

from domain.games.walnut_grove.components import TOWN, YEARS
from domain.games.walnut_grove.holdings import owned_goods
from domain.games.walnut_grove.state import WalnutGroveState, replace


def place_position(place: str) -> int:
    """Street position of a town place (start spaces sit at their building's position)."""
    return TOWN[place.split(":")[0]].pos


def order_key(place: str) -> tuple[int, int, int]:
    """WG-G04/D11: farthest clockwise from the Town Hall first; street space before start
    spaces; slot 1 before slot 2; lower start space first."""
    building, _, index = place.partition(":")
    on_start = 1 if index and TOWN[building].start_spaces else 0
    return (-TOWN[building].pos, on_start, int(index) if index else 0)


def year_order(state: WalnutGroveState) -> tuple[int, ...]:
    return tuple(sorted(range(state.n), key=lambda seat: (order_key(state.player(seat).place), seat)))


def _reset(state: WalnutGroveState, phase: str) -> WalnutGroveState:
    players = tuple(replace(p, done=False) for p in state.players)
    return replace(state, players=players, phase=phase, cursor=0)


def start_year(state: WalnutGroveState) -> WalnutGroveState:
    """WG-A01/A02: turn the next disc face up, fix the year order, start the spring draws."""
    state = replace(state, year=state.year + 1, disc=state.discs[0], discs=state.discs[1:])
    state = replace(_reset(state, "spring"), order=year_order(state), chance_step="spring_draw")
    return skip_empty_draws(state)


def skip_empty_draws(state: WalnutGroveState) -> WalnutGroveState:
    """WG-A02: a player facing an empty bag draws nothing and is submitted automatically."""
    if state.tile_bag:
        return state
    players = tuple(replace(p, drawn=(), done=True) for p in state.players)
    return end_spring(replace(state, players=players, chance_step="", cursor=0))


def end_spring(state: WalnutGroveState) -> WalnutGroveState:
    """WG-A03."""
    return _reset(state, "summer")


def end_summer(state: WalnutGroveState) -> WalnutGroveState:
    """WG-A04: fall turns follow the year order fixed at the start of the year."""
    return _reset(state, "fall")


def end_fall_turn(state: WalnutGroveState) -> WalnutGroveState:
    """§5.5 step 5: the next player in year order, or winter after the last (WG-A05)."""
    seat = state.order[state.cursor]
    players = state.players[:seat] + (replace(state.players[seat], done=True),) + state.players[seat + 1 :]
    if state.cursor + 1 < state.n:  # one copy of the state (a bot plays every candidate, issue 39)
        return replace(state, players=players, overflow=(), owed=0, cursor=state.cursor + 1)
    return _reset(replace(state, players=players, overflow=(), owed=0), "winter")


def end_winter(state: WalnutGroveState) -> WalnutGroveState:
    """WG-A09: hires enter play, the disc is removed; next year or the final adjustments."""
    players = tuple(replace(p, active=p.active + p.pending, pending=()) for p in state.players)
    state = replace(state, players=players, removed_discs=state.removed_discs + (state.disc,), disc="")
    if state.year < YEARS:
        return start_year(state)
    return start_final_adjustments(state)


def start_final_adjustments(state: WalnutGroveState) -> WalnutGroveState:
    """WG-A10: only a player with a returnable help tile and at least 3 goods must confirm."""
    players = tuple(
        replace(p, done=not (p.help_returnable and sum(owned_goods(p).values()) >= 3)) for p in state.players
    )
    state = replace(state, players=players, phase="final_adjustments", cursor=0)
    return replace(state, phase="ended") if all(p.done for p in players) else state
