"""Final scoring's one decision step (spec §8.1-8.2, §5.9): Liberal and Socialist copy targets.

At the end of round 4 every parchment is revealed (BK-R141). A Liberal copies one parchment of
the right neighbour, a Socialist one of the left neighbour; the choices are simultaneous and
hidden until all are in (BK-R142). A copy card without an eligible target copies nothing.
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.bunny_kingdom.components import COPY_CARDS
from domain.games.bunny_kingdom.exploration import left, right
from domain.games.bunny_kingdom.state import State, put


def designated(state: State, seat: int, card: str) -> int:
    """BK-R55: Liberal looks right (seat - 1), Socialist left (seat + 1)."""
    return right(seat, state.players) if card == "P-LIBERAL" else left(seat, state.players)


def eligible(state: State, seat: int, card: str) -> list[str]:
    """BK-R55-R56: the neighbour's parchments that are not themselves copy cards."""
    return [p for p in state.parchments[designated(state, seat, card)] if p not in COPY_CARDS]


def required(state: State, seat: int) -> list[str]:
    """The copy cards of the seat that need a choice (BK-R58: none without an eligible target).

    Decision (BK-R57 gap): with two players a seat holding both copy cards needs two different
    targets; if the opponent has only one eligible parchment, only the Liberal gets to copy it
    and the Socialist copies nothing, so the step can never be left without a legal move.
    """
    own = [c for c in COPY_CARDS if c in state.parchments[seat]]
    need = [c for c in own if eligible(state, seat, c)]
    if len(need) == 2 and designated(state, seat, need[0]) == designated(state, seat, need[1]):
        if len(eligible(state, seat, need[0])) < 2:
            need = need[:1]
    return need


def begin(state: State) -> State:
    """BK-R140-R142: after round 4, open the copy step, or end at once if nobody must choose."""
    state = state.set(phase="copy", copy_pending=((),) * state.players)
    return reveal(state) if ready(state) else state


def waiting(state: State) -> set[int]:
    chosen = {(s, c) for s in range(state.players) for c, _t in state.copy_pending[s]}
    return {s for s in range(state.players) for c in required(state, s) if (s, c) not in chosen}


def ready(state: State) -> bool:
    return not waiting(state)


def choose(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R53-R59: record (or replace) a hidden copy target; the last one reveals them all."""
    card, target = move["card"], move["target"]
    if state.phase != "copy":
        raise IllegalMove("BK-R53", "copy targets are chosen during final scoring")
    if card not in COPY_CARDS or card not in state.parchments[seat]:
        raise IllegalMove("BK-R54", f"seat {seat} does not own {card!r} as a copy card")
    if card not in required(state, seat):
        raise NotYourTurn("BK-R58", f"{card} has no eligible target and copies nothing")
    if target in COPY_CARDS:
        raise IllegalMove("BK-R56", "Liberal and Socialist cannot be copied")
    if target not in eligible(state, seat, card):
        side = "right" if card == "P-LIBERAL" else "left"
        raise IllegalMove(
            "BK-R55", f"{card} copies a parchment of the {side} neighbour, who does not own {target!r}"
        )
    others = dict(state.copy_pending[seat])
    other = next((c for c in COPY_CARDS if c != card), None)
    if others.get(other) == target:
        raise IllegalMove("BK-R57", "your two copy cards must copy different parchments")
    others[card] = target
    state = state.set(copy_pending=put(state.copy_pending, seat, tuple(sorted(others.items()))))
    return reveal(state) if ready(state) else state


def choice_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if state.phase != "copy":
        return []
    pending = dict(state.copy_pending[seat])
    moves = []
    for card in required(state, seat):
        other = next(c for c in COPY_CARDS if c != card)
        taken = pending.get(other)
        moves += [
            {"type": "choose_copy_target", "card": card, "target": t}
            for t in eligible(state, seat, card)
            if t != taken
        ]
    return moves


def reveal(state: State) -> State:
    """BK-R142: all copy targets revealed together; copy cards without a target copy nothing."""
    final = []
    for seat in range(state.players):
        chosen = dict(state.copy_pending[seat])
        for card in COPY_CARDS:
            if card in state.parchments[seat]:
                final.append((seat, card, chosen.get(card)))
    return state.set(copy_final=tuple(final), copy_pending=((),) * state.players, phase="over")
