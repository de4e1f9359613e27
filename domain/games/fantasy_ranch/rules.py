"""The protocol entry points: setup, who acts, chance steps and ``play``.

``play`` parses the move's shape (``moves``), thaws the state into a ``Work`` copy, hands the
move to the module that owns it (setup choices, turns, fate cards, employees, tournaments),
lets ``flow`` settle the automatic steps and freezes the result. Any ``IllegalMove`` raised on
the way discards the copy, so a refused move changes nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.fantasy_ranch import employees, fate, flow, setup_choices, tournaments, turns
from domain.games.fantasy_ranch.components import (
    BOARD_NUMBERS,
    HORSES,
    SLOT_NAMES,
    START_GOODS,
    TOURNAMENT_CARDS,
    fate_cards_for,
)
from domain.games.fantasy_ranch.moves import move_type
from domain.games.fantasy_ranch.state import State, Work
from domain.games.game import CHANCE, ChanceRequest


def setup(players: int, options: Mapping[str, Any]) -> State:
    """FR-R001/FR-R004 (and FR-R007): seats, goods; the first random step (FR-R002) is due."""
    n = players
    return State(
        players=n,
        level=options["level"],
        side=options["community_side"],
        phase="draw_start_player",
        goods=(START_GOODS,) * n,
        market=(None,) * 8,
        ranches=(None,) * n,
        hands=((),) * n,
        picks=((),) * n,
        step_picks=(None,) * n,
        seen=((),) * n,
        pending_fate=((),) * n,
        kept_fate=((),) * n,
        employees=(None,) * n,
    )


def to_act(state: State) -> frozenset[int]:
    if state.reshuffle_due or state.phase in flow.CHANCE_PHASES:
        return frozenset({CHANCE})
    w = Work(state) if state.phase != "game_over" else None
    if w is None:
        return frozenset()
    if state.phase == "draft":
        return frozenset(s for s in range(state.players) if state.step_picks[s] is None)
    if state.phase in ("choose_ranch", "choose_employee", "choose_home"):
        return frozenset({setup_choices.chooser(w)})
    if state.phase in ("turn", "tessa_choice"):
        return frozenset({w.active})
    if state.phase == "tournament_entries":
        return frozenset({tournaments.awaited(w)})
    if state.phase == "tournament_prizes":
        return frozenset({state.prizes[0][0]})
    raise AssertionError(f"unknown phase {state.phase}")


def is_over(state: State) -> bool:
    return state.phase == "game_over"


def chance(state: State) -> ChanceRequest:
    """The random step due now (FR-R002, R003, R005/R006, R012, R014, R204/R205, R257)."""
    if state.reshuffle_due:
        return ChanceRequest(
            "shuffle", items=state.discard, label="shuffle the horse discard pile into a new deck"
        )
    phase = state.phase
    if phase == "draw_start_player":
        return ChanceRequest(
            "sample", items=tuple(range(state.players)), count=1, label="draw the start player"
        )
    if phase == "shuffle_horses":
        return ChanceRequest("shuffle", items=tuple(HORSES), label="shuffle the horse deck")
    if phase == "shuffle_fate":
        return ChanceRequest("shuffle", items=fate_cards_for(state.level), label="shuffle the fate deck")
    if phase == "shuffle_tournament_cards":
        return ChanceRequest("shuffle", items=tuple(TOURNAMENT_CARDS), label="shuffle the tournament cards")
    if phase == "lay_out_community":
        return ChanceRequest(
            "shuffle", items=BOARD_NUMBERS, label="shuffle the ranch boards for the community"
        )
    if phase == "tournament_roll":
        w = Work(state)
        return ChanceRequest(
            "roll",
            count=tournaments.dice_needed(w),
            sides=6,
            label=f"roll the dice of {SLOT_NAMES[state.slot]}",
        )
    raise IllegalMove("FR-R090", "no chance step is due")


def resolve_chance(state: State, outcome: Any) -> State:
    request = chance(state)
    w = Work(state)
    if request.kind == "roll":
        tournaments.resolve_roll(w, outcome)
    else:
        _apply_shuffle(w, state, _checked_items(request, outcome))
    flow.settle(w)
    return w.freeze()


def _checked_items(request: ChanceRequest, outcome: Any) -> list:
    """Validate a shuffle or sample outcome defensively: exactly the request's items."""
    if not isinstance(outcome, (list, tuple)) or not all(
        isinstance(x, (int, str)) and not isinstance(x, bool) for x in outcome
    ):
        raise IllegalMove("FR-R090", "a chance outcome must be a list of the requested items")
    items = list(outcome)
    if request.kind == "shuffle" and Counter(items) != Counter(request.items):
        raise IllegalMove("FR-R090", "a shuffle must be a permutation of the items")
    if request.kind == "sample" and (len(items) != request.count or not set(items) <= set(request.items)):
        raise IllegalMove("FR-R002", "the start player must be one of the seats")
    return items


def _apply_shuffle(w: Work, state: State, items: list) -> None:
    if state.reshuffle_due:
        flow.reshuffle_discard(w, items)
    elif state.phase == "draw_start_player":
        w.start = items[0]
        w.phase = "shuffle_horses"
    elif state.phase == "shuffle_horses":
        flow.after_horse_shuffle(w, items)
    elif state.phase == "shuffle_fate":
        flow.after_fate_shuffle(w, items)
    elif state.phase == "shuffle_tournament_cards":
        flow.after_tournament_cards(w, items)
    else:
        flow.after_community(w, items)


def play(state: State, seat: int, move: dict[str, Any]) -> State:
    """Apply one player move (see the module docstring)."""
    kind = move_type(move, state.level)
    if state.phase == "game_over":
        raise IllegalMove("FR-R090", "the game is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise IllegalMove("FR-R090", f"seat {seat!r} is not at this table")
    if state.reshuffle_due or state.phase in flow.CHANCE_PHASES:
        raise NotYourTurn("FR-R090", "a chance step is due; nobody may act")
    w = Work(state)
    HANDLERS[kind](w, seat, move)
    flow.settle(w)
    return w.freeze()


HANDLERS = {
    "choose_ranch_board": lambda w, s, m: setup_choices.choose_ranch_board(w, s, m["board"], m["side"]),
    "choose_starting_employee": lambda w, s, m: setup_choices.choose_starting_employee(w, s, m["employee"]),
    "draft_pick": lambda w, s, m: setup_choices.draft_pick(w, s, m["card_id"]),
    "choose_home_territory": lambda w, s, m: setup_choices.choose_home_territory(w, s, m["territory_id"]),
    "buy_horse": turns.limited,
    "buy_location": turns.limited,
    "produce_goods": turns.limited,
    "move_horse": lambda w, s, m: turns.move_horse(w, s, m["card_id"], m["destination"]),
    "sell_horse": lambda w, s, m: turns.sell_horse(w, s, m["card_id"]),
    "trade_goods": lambda w, s, m: turns.trade_goods(w, s, m["give"], m["units"]),
    "claim_free_territory": lambda w, s, m: turns.claim_free_territory(w, s, m["territory_id"], m["card_id"]),
    "end_turn": turns.end_turn,
    "claim_fate_card": fate.claim,
    "use_employee": employees.use,
    "tessa_choose": employees.tessa_choose,
    "enter_tournament": lambda w, s, m: tournaments.enter(w, s, m["card_id"]),
    "enter_final_paid": lambda w, s, m: tournaments.enter_paid(w, s, m["carrots"], m["boots"]),
    "decline_tournament": lambda w, s, m: tournaments.decline(w, s),
    "claim_prize": lambda w, s, m: tournaments.claim(w, s, m["item_index"], m["choice"]),
    "decline_prize": lambda w, s, m: tournaments.decline_prize(w, s, m["item_index"]),
}
