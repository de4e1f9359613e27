"""The Construction phase (spec §4.3, §5.3-5.7, §6.4): buildings from the cards in front of a seat.

Cities, farms and Sky Towers go on squares the builder controls, any time during the phase,
until the builder finishes. Camps are never placed freely: each held camp is offered in turn,
lowest priority number first, and its holder places it on an empty square or keeps it
(BK-D01). The phase ends when the camp sequence is done and every seat has finished.
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.bunny_kingdom.components import BUILDING_CARDS, COORDS, INDEX, TERRAIN, camp_priority
from domain.games.bunny_kingdom.fiefs import fief_index, is_empty
from domain.games.bunny_kingdom.lineage import changed
from domain.games.bunny_kingdom.state import State, put

BUILDABLE = ("city", "basic_farm", "trading_post", "luxury_farm", "sky_tower")


def _kind(card: str) -> str:
    return BUILDING_CARDS[card]["kind"]


def begin(state: State) -> State:
    """BK-R110 / BK-R48: seats with nothing but camps (or nothing) to build are finished at once."""
    finished = tuple(not any(_kind(c) in BUILDABLE for c in front) for front in state.fronts)
    return state.set(phase="construction", finished=finished, camps_answered=())


def pending_camp(state: State) -> tuple[int, str] | None:
    """BK-R111-R112: the camp offer now waiting, lowest priority first, or None when done.

    Camps still held when no empty square is left are kept automatically (BK-R112): the empty
    squares only ever shrink during the phase, so the sequence is simply over then.
    """
    if state.phase != "construction":
        return None
    held = [
        (camp_priority(card), seat, card)
        for seat, front in enumerate(state.fronts)
        for card in front
        if _kind(card) == "camp" and card not in state.camps_answered
    ]
    if not held or not any(is_empty(state, i) for i in range(100)):
        return None
    _, seat, card = min(held)
    return seat, card


def complete(state: State) -> bool:
    """BK-R114: the camp sequence is done and every seat has finished."""
    return pending_camp(state) is None and all(state.finished)


def acting(state: State) -> set[int]:
    seats = {s for s in range(state.players) if not state.finished[s]}
    offer = pending_camp(state)
    return seats | {offer[0]} if offer else seats


# ---- camps ----------------------------------------------------------------------------------


def _check_offer(state: State, seat: int, card: str, rule: str) -> None:
    offer = pending_camp(state)
    if offer != (seat, card):
        if state.phase != "construction" or offer is None:
            raise IllegalMove(rule, "no camp offer is pending")
        raise NotYourTurn(rule, f"the pending camp offer is {offer[1]} for seat {offer[0]}")


def place_camp(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R32-R34: put the offered camp and a rabbit on an empty square."""
    card = move["card"]
    _check_offer(state, seat, card, "BK-R32")
    i = INDEX[move["coord"]]
    if not is_empty(state, i):
        raise IllegalMove("BK-R34", f"{move['coord']} is not empty (a rabbit or a building is there)")
    return state.set(
        owners=changed(state.owners, i, seat),
        buildings=changed(state.buildings, i, card),
        fronts=put(state.fronts, seat, tuple(c for c in state.fronts[seat] if c != card)),
        discards=put(state.discards, seat, state.discards[seat] + (card,)),
        camps_answered=state.camps_answered + (card,),
    )


def keep_camp(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R35: decline the offer; the camp stays in front of its owner for a later round."""
    _check_offer(state, seat, move["card"], "BK-R35")
    return state.set(camps_answered=state.camps_answered + (move["card"],))


# ---- cities, farms, Sky Towers --------------------------------------------------------------


def _check_builder(state: State, seat: int, card: str, kinds: tuple[str, ...], rule: str) -> None:
    if state.phase != "construction" or state.finished[seat]:
        raise IllegalMove("BK-R36", "buildings are placed during Construction, before finishing")
    if card not in state.fronts[seat] or _kind(card) not in kinds:
        raise IllegalMove(rule, f"seat {seat} has no unplaced {' or '.join(kinds)} card {card}")


def _check_site(state: State, seat: int, coord: str) -> int:
    i = INDEX[coord]
    if state.owners[i] != seat:
        raise IllegalMove("BK-R38", f"seat {seat} does not control {coord}")
    if state.buildings[i] is not None:
        raise IllegalMove("BK-R39", f"{coord} already holds a building")
    return i


def _place(state: State, seat: int, card: str, squares: tuple[int, ...]) -> State:
    buildings = state.buildings
    for i in squares:
        buildings = changed(buildings, i, card)
    return state.set(
        buildings=buildings,
        fronts=put(state.fronts, seat, tuple(c for c in state.fronts[seat] if c != card)),
        discards=put(state.discards, seat, state.discards[seat] + (card,)),
    )


def build_city(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R36-R40."""
    card = move["card"]
    _check_builder(state, seat, card, ("city",), "BK-R37")
    i = _check_site(state, seat, move["coord"])
    if BUILDING_CARDS[card]["terrain"] not in (None, TERRAIN[i]):
        raise IllegalMove("BK-R40", "a strength-3 city may only be built on a mountain")
    return _place(state, seat, card, (i,))


def build_farm(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R36, BK-R38, BK-R39, BK-R41, BK-R42."""
    card = move["card"]
    _check_builder(state, seat, card, ("basic_farm", "trading_post", "luxury_farm"), "BK-R41")
    i = _check_site(state, seat, move["coord"])
    need = BUILDING_CARDS[card]["terrain"]
    if need not in (None, TERRAIN[i]):
        raise IllegalMove("BK-R42", f"{card} must be built on {need}, {move['coord']} is {TERRAIN[i]}")
    return _place(state, seat, card, (i,))


def build_sky_tower(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R43-R46: both tokens at once, linking two different fiefs of the builder."""
    card = move["card"]
    _check_builder(state, seat, card, ("sky_tower",), "BK-R43")
    if move["coord_a"] == move["coord_b"]:
        raise IllegalMove("BK-R44", "a Sky Tower needs two different squares")
    for coord in (move["coord_a"], move["coord_b"]):
        if state.owners[INDEX[coord]] != seat:
            raise IllegalMove("BK-R44", f"seat {seat} does not control {coord}")
        if state.buildings[INDEX[coord]] is not None:
            raise IllegalMove("BK-R44", f"{coord} already holds a building")
    a, b = INDEX[move["coord_a"]], INDEX[move["coord_b"]]
    fief = fief_index(state, seat)
    if fief[a] == fief[b]:
        raise IllegalMove("BK-R45", "both squares are already in the same fief")
    return _place(state, seat, card, (a, b))


def finish(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R47: no more cities, farms or Sky Towers this round (camp offers still come)."""
    if state.phase != "construction" or state.finished[seat]:
        raise IllegalMove("BK-R47", f"seat {seat} has no construction to finish")
    return state.set(finished=put(state.finished, seat, True))


def construction_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal construction move of the seat now."""
    moves: list[dict[str, Any]] = []
    if state.phase != "construction":
        return moves
    offer = pending_camp(state)
    if offer and offer[0] == seat:
        card = offer[1]
        moves += [
            {"type": "place_camp", "card": card, "coord": COORDS[i]} for i in range(100) if is_empty(state, i)
        ]
        moves.append({"type": "keep_camp", "card": card})
    if state.finished[seat]:
        return moves
    sites = [i for i, o in enumerate(state.owners) if o == seat and state.buildings[i] is None]
    fief = None
    for card in state.fronts[seat]:
        data = BUILDING_CARDS[card]
        kind = data["kind"]
        if kind == "camp":
            continue
        if kind == "sky_tower":
            fief = fief if fief is not None else fief_index(state, seat)
            moves += [
                {"type": "build_sky_tower", "card": card, "coord_a": COORDS[a], "coord_b": COORDS[b]}
                for a in sites
                for b in sites
                if fief[a] != fief[b]
            ]
            continue
        move_type = "build_city" if kind == "city" else "build_farm"
        need = data["terrain"]
        moves += [
            {"type": move_type, "card": card, "coord": COORDS[i]} for i in sites if need in (None, TERRAIN[i])
        ]
    moves.append({"type": "finish_construction"})
    return moves
