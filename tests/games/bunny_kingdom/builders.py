"""Small state builders so scenario tests can set a table the way the rulebook describes it.

Each helper returns a new ``State``; chain them: ``own(table(), 0, "A3", "B3")``.
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove
from domain.games.bunny_kingdom import GAME
from domain.games.bunny_kingdom.components import ALL_CARDS, INDEX
from domain.games.bunny_kingdom.state import State, initial_state, put

TIMOTHY, LUDOVIC = 0, 1
ANA, BO, CY, DEE = 0, 1, 2, 3
PIA = 0


def table(players: int = 4, phase: str = "construction", round: int = 2, pick: int = 0) -> State:
    """An empty board with printed cities, in the given phase."""
    return initial_state(players).set(phase=phase, round=round, pick=pick)


def own(state: State, seat: int, *coords: str) -> State:
    """Put the seat's rabbit on each square."""
    owners = state.owners
    for coord in coords:
        owners = put(owners, INDEX[coord], seat)
    return state.set(owners=owners)


def build(state: State, coord: str, card: str, seat: int | None = None) -> State:
    """A building already on the board (and the rabbit of ``seat`` under it, if given)."""
    state = state.set(buildings=put(state.buildings, INDEX[coord], card))
    return own(state, seat, coord) if seat is not None else state


def hold(state: State, seat: int, *cards: str) -> State:
    """Building cards lying unplaced in front of the seat."""
    return state.set(fronts=put(state.fronts, seat, tuple(sorted(state.fronts[seat] + cards))))


def scrolls(state: State, seat: int, *cards: str) -> State:
    """Parchments held face down by the seat."""
    return state.set(parchments=put(state.parchments, seat, tuple(sorted(state.parchments[seat] + cards))))


def discarded(state: State, seat: int, *cards: str) -> State:
    return state.set(discards=put(state.discards, seat, state.discards[seat] + cards))


def trade(state: State, **choices: str) -> State:
    """Published trading post resources, by coordinate."""
    trading = state.trading
    for coord, resource in choices.items():
        trading = put(trading, INDEX[coord], resource)
    return state.set(trading=trading)


def exploring(
    players: int, round: int, pick: int, hands: dict[int, list[str]], deck: list[str] = ()
) -> State:
    """A choose step with the given hands (other seats get filler cards of the same size)."""
    used = {c for h in hands.values() for c in h} | set(deck)
    size = len(next(iter(hands.values())))
    # Fillers are parchments, then building cards: they never touch the board.
    spare = [c for c in ALL_CARDS[::-1] if c.startswith(("P-", "B-")) and c not in used]
    full = []
    for seat in range(players):
        if seat in hands:
            full.append(tuple(hands[seat]))
        else:
            full.append(tuple(spare[:size]))
            spare = spare[size:]
    state = table(players, "exploration", round, pick).set(hands=tuple(full), deck=tuple(deck))
    return state.set(seen=tuple(tuple(sorted(h)) for h in full))


def deck_with(top: list[str]) -> list[str]:
    """A full 182-card shuffle outcome starting with ``top``."""
    return list(top) + [c for c in ALL_CARDS if c not in top]


def refused(state: State, seat: int, move: dict[str, Any], rule: str) -> IllegalMove:
    """Assert the move is refused naming ``rule`` and the state is untouched; return the error."""
    before = GAME.to_dict(state)
    try:
        GAME.play(state, seat, move)
    except IllegalMove as error:
        assert error.rule == rule, f"refused with {error.rule} ({error}), expected {rule}"
        assert GAME.to_dict(state) == before
        return error
    raise AssertionError(f"{move} was accepted, expected a refusal under {rule}")


def first_pick(state: State, seat: int) -> dict[str, Any]:
    return next(m for m in GAME.legal_moves(state, seat) if m["type"] == "submit_pick")


def everyone_picks(state: State) -> State:
    """Every seat without a selection submits its first legal pick (one reveal)."""
    for seat in sorted(GAME.to_act(state)):
        state = GAME.play(state, seat, first_pick(state, seat))
    return state


def play_until(state: State, done, bots: bool = False) -> State:
    """Play the simplest moves (first pick, finish, keep camp, first choice) until ``done(state)``."""
    while not done(state):
        seat = min(GAME.to_act(state))
        moves = GAME.legal_moves(state, seat)
        simple = [m for m in moves if m["type"] in ("finish_construction", "keep_camp")]
        state = GAME.play(state, seat, simple[0] if simple else moves[0])
    return state
