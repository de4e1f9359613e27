"""The game loop (spec §3.3, §4): setup, who acts, legal moves, play, chance, and phase flow.

The only random step is the single shuffle of the 182-card deck at setup (BK-R09); every later
deal and Provisions draw takes cards from the top of that deck. ``advance`` runs the automatic
steps (dealing, the harvest without trading posts, the next round, final scoring) after every
move, so a state handed out always waits on a seat or on chance, or is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.bunny_kingdom import construction, exploration, final, harvest
from domain.games.bunny_kingdom.components import ALL_CARDS, ROUNDS
from domain.games.bunny_kingdom.moves import parse
from domain.games.bunny_kingdom.state import State, initial_state
from domain.games.game import CHANCE, ChanceRequest

Move = dict[str, Any]


def setup(players: int, options: Mapping[str, Any]) -> State:
    """BK-R05-R10: an empty board with its printed cities, waiting for the deck shuffle."""
    return initial_state(players)


def chance(state: State) -> ChanceRequest:
    if state.phase != "shuffle":
        raise IllegalMove("BK-R09", "the deck is shuffled once, at setup")
    return ChanceRequest("shuffle", items=ALL_CARDS, label="shuffle the 182 exploration cards")


def resolve_chance(state: State, outcome: Any) -> State:
    """BK-R09-R10: the shuffled deck, then round 1 starts with the first deal."""
    if state.phase != "shuffle":
        raise IllegalMove("BK-R09", "the deck is shuffled once, at setup")
    if not isinstance(outcome, (list, tuple)) or len(outcome) != len(ALL_CARDS):
        raise IllegalMove("BK-R09", "the shuffle must be a permutation of the 182 cards")
    if not all(isinstance(c, str) for c in outcome) or sorted(outcome) != sorted(ALL_CARDS):
        raise IllegalMove("BK-R09", "the shuffle must be a permutation of the 182 cards")
    return advance(state.set(deck=tuple(outcome), phase="deal"))


def advance(state: State) -> State:
    """Run automatic steps until a seat (or nobody: the end) must act (BK-R13)."""
    while True:
        phase = state.phase
        if phase == "deal":
            state = exploration.start_round(state)
        elif phase == "exploration_done":
            state = construction.begin(state)
        elif phase == "construction" and construction.complete(state):
            state = harvest.begin(state)
        elif phase == "harvest" and harvest.ready(state):
            state = harvest.reap(state)
        elif phase == "round_end":
            state = state.set(phase="deal") if state.round < ROUNDS else final.begin(state)
        else:
            return state


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase == "shuffle":
        return frozenset({CHANCE})
    if phase == "exploration":
        return frozenset(s for s in range(state.players) if state.selections[s] is None)
    if phase == "construction":
        return frozenset(construction.acting(state))
    if phase == "harvest":
        return frozenset(s for s in harvest.choosers(state) if state.tp_pending[s] is None)
    if phase == "copy":
        return frozenset(final.waiting(state))
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase == "over"


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every move ``play`` accepts from the seat now, including replacing a hidden choice."""
    if not _is_seat(state, seat):
        return []
    phase = state.phase
    if phase == "exploration":
        return exploration.pick_moves(state, seat)
    if phase == "construction":
        return construction.construction_moves(state, seat)
    if phase == "harvest":
        return harvest.choice_moves(state, seat)
    if phase == "copy":
        return final.choice_moves(state, seat)
    return []


_HANDLERS: dict[str, Callable[[State, int, Move], State]] = {
    "submit_pick": exploration.submit_pick,
    "retract_pick": exploration.retract_pick,
    "place_camp": construction.place_camp,
    "keep_camp": construction.keep_camp,
    "build_city": construction.build_city,
    "build_farm": construction.build_farm,
    "build_sky_tower": construction.build_sky_tower,
    "finish_construction": construction.finish,
    "choose_trading_posts": harvest.choose,
    "choose_copy_target": final.choose,
}


def play(state: State, seat: int, move: Move) -> State:
    """Apply one seat's move; ``IllegalMove`` (naming the rule) leaves everything unchanged."""
    move = parse(move)
    if not _is_seat(state, seat):
        raise NotYourTurn("BK-R24", f"there is no seat {seat!r} at this table")
    if state.phase in ("shuffle", "over"):
        raise NotYourTurn(
            "BK-R13", "nobody may act now" if state.phase == "over" else "the deck is being shuffled"
        )
    return advance(_HANDLERS[move["type"]](state, seat, move))


def _is_seat(state: State, seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players
