"""Tiny Duel: a test-only game that exercises every corner of the protocol in a few moves.

It is never registered in the product. It has a hidden deck (shuffle), hidden hands, a
simultaneous secret step (everyone bids a card; bids stay hidden until all are in), sequential
turns, and dice (a chance step caused by a move). Rule ids are ``TD-R1``..``TD-R6``:

* TD-R1 the deck of cards 1..12 is shuffled and each seat is dealt ``hand_size`` cards.
* TD-R2 everyone bids one card from their hand at the same time; bids are secret until all are in.
* TD-R3 the highest bid scores 3 points (ties all score); bid cards are discarded.
* TD-R4 then seats take turns in seat order, two turns each.
* TD-R5 on a turn a seat plays a card from its hand (scores its value) or rolls a die (scores the roll).
* TD-R6 highest total wins; ties are broken by the higher dice total, then they share the win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.game import CHANCE, ChanceRequest, Game, Option, Scores, require_fields, seat_ref

TURNS_EACH = 2


@dataclass(frozen=True)
class State:
    players: int
    hand_size: int
    phase: str  # deal | bid | turns | roll | over
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    bids: tuple[int | None, ...] = ()
    points: tuple[tuple[int, int, int], ...] = ()  # per seat: (bid, cards, dice)
    turn: int = 0
    turns_taken: int = 0


def setup(players: int, options: Mapping[str, Any]) -> State:
    return State(
        players=players,
        hand_size=options["hand_size"],
        phase="deal",
        bids=(None,) * players,
        points=((0, 0, 0),) * players,
    )


def to_act(state: State) -> frozenset[int]:
    if state.phase in ("deal", "roll"):
        return frozenset({CHANCE})
    if state.phase == "bid":
        return frozenset(s for s in range(state.players) if state.bids[s] is None)
    if state.phase == "turns":
        return frozenset({state.turn})
    return frozenset()


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    cards = [{"type": "bid" if state.phase == "bid" else "play", "card": c} for c in state.hands[seat]]
    return cards + ([{"type": "roll"}] if state.phase == "turns" else [])


def play(state: State, seat: int, move: dict[str, Any]) -> State:
    kind = move.get("type") if isinstance(move, Mapping) else None
    if kind not in ("bid", "play", "roll"):
        raise IllegalMove("TD-R5", f"unknown move type {kind!r}")
    if seat not in to_act(state):
        raise NotYourTurn("TD-R4", f"seat {seat} may not act now")
    if kind == "bid":
        if state.phase != "bid":
            raise IllegalMove("TD-R2", "bids are only made at the start")
        card = require_fields(move, "TD-R2", card=int)["card"]
        if card not in state.hands[seat]:
            raise IllegalMove("TD-R2", f"seat {seat} does not hold card {card}")
        bids = _set(state.bids, seat, card)
        state = replace(state, bids=bids, hands=_set(state.hands, seat, _without(state.hands[seat], card)))
        return _reveal(state) if None not in bids else state
    if state.phase != "turns":
        raise IllegalMove("TD-R4", "turns start once every bid is in")
    if kind == "roll":
        require_fields(move, "TD-R5")
        return replace(state, phase="roll")
    card = require_fields(move, "TD-R5", card=int)["card"]
    if card not in state.hands[seat]:
        raise IllegalMove("TD-R5", f"seat {seat} does not hold card {card}")
    bid, cards, dice = state.points[seat]
    state = replace(
        state,
        hands=_set(state.hands, seat, _without(state.hands[seat], card)),
        points=_set(state.points, seat, (bid, cards + card, dice)),
    )
    return _next_turn(state)


def chance(state: State) -> ChanceRequest:
    if state.phase == "deal":
        return ChanceRequest("shuffle", items=tuple(range(1, 13)), label="shuffle the deck")
    if state.phase == "roll":
        return ChanceRequest("roll", count=1, sides=6, label=f"seat {state.turn} rolls a die")
    raise IllegalMove("TD-R1", "no chance step is due")


def resolve_chance(state: State, outcome: Any) -> State:
    if state.phase == "deal":
        deck = tuple(outcome)
        if sorted(deck) != list(range(1, 13)):
            raise IllegalMove("TD-R1", "the shuffle must be a permutation of the deck")
        n = state.hand_size
        hands = tuple(deck[i * n : (i + 1) * n] for i in range(state.players))
        return replace(state, phase="bid", deck=deck[n * state.players :], hands=hands)
    if state.phase == "roll":
        (die,) = outcome
        bid, cards, dice = state.points[state.turn]
        return _next_turn(replace(state, phase="turns", points=_set(state.points, state.turn, (bid, cards, dice + die))))
    raise IllegalMove("TD-R1", "no chance step is due")


def _reveal(state: State) -> State:
    top = max(state.bids)
    points = tuple(
        (bid + 3 if state.bids[s] == top else bid, cards, dice) for s, (bid, cards, dice) in enumerate(state.points)
    )
    return replace(state, phase="turns", points=points, bids=(None,) * state.players)


def _next_turn(state: State) -> State:
    taken = state.turns_taken + 1
    if taken >= TURNS_EACH * state.players:
        return replace(state, phase="over", turns_taken=taken)
    return replace(state, turns_taken=taken, turn=(state.turn + 1) % state.players)


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def player_view(state: State, viewer: int | None) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "turn": state.turn,
        "deck_size": len(state.deck),
        "hand": list(state.hands[viewer]) if viewer is not None and state.hands else None,
        "hand_sizes": [len(h) for h in state.hands],
        "bid_submitted": [b is not None for b in state.bids],
        "my_bid": state.bids[viewer] if viewer is not None else None,
        "points": [list(p) for p in state.points],
    }


def action_view(before: State, actor: int, action: dict[str, Any], viewer: int | None) -> dict[str, Any] | None:
    if action.get("type") == "chance":
        request = action["request"]
        return action if request["kind"] == "roll" else {"type": "chance", "request": {"label": request["label"]}}
    if action.get("type") == "bid" and viewer != actor:
        return {"type": "bid"}
    return action


def describe(before: State, actor: int, action: dict[str, Any], viewer: int | None) -> str:
    kind = action.get("type")
    if kind == "chance":
        if action["request"]["kind"] == "roll":
            return f"{seat_ref(before.turn)} rolled a {action['outcome'][0]}."
        return "The deck was shuffled and hands were dealt."
    if kind == "bid":
        return f"{seat_ref(actor)} bid card {action['card']}." if viewer == actor else f"{seat_ref(actor)} placed a secret bid."
    if kind == "play":
        return f"{seat_ref(actor)} played card {action['card']}."
    return f"{seat_ref(actor)} chose to roll."


def secrets(state: State) -> dict[int | None, Any]:
    """The deck from everyone; each seat's hand and pending bid from the others."""
    hidden: dict[int | None, Any] = {None: state.deck}
    for s in range(state.players):
        hidden[s] = (state.hands[s] if state.hands else (), state.bids[s])
    return hidden


def scores(state: State) -> Scores:
    totals = {s: sum(p) for s, p in enumerate(state.points)}
    keys = {s: (totals[s], state.points[s][2]) for s in totals}
    ranking = tuple(sorted(totals, key=lambda s: (-keys[s][0], -keys[s][1], s)))
    best = keys[ranking[0]]
    return Scores(
        totals=totals,
        breakdown={s: {"bid": p[0], "cards": p[1], "dice": p[2]} for s, p in enumerate(state.points)},
        ranking=ranking,
        winners=tuple(s for s in ranking if keys[s] == best),
        tiebreak={s: [keys[s][1]] for s in totals},
    )


def is_over(state: State) -> bool:
    return state.phase == "over"


def bot_move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    return rng.choice(legal_moves(state, seat))


def to_dict(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "hand_size": state.hand_size,
        "phase": state.phase,
        "deck": list(state.deck),
        "hands": [list(h) for h in state.hands],
        "bids": list(state.bids),
        "points": [list(p) for p in state.points],
        "turn": state.turn,
        "turns_taken": state.turns_taken,
    }


def from_dict(data: Mapping[str, Any]) -> State:
    return State(
        players=data["players"],
        hand_size=data["hand_size"],
        phase=data["phase"],
        deck=tuple(data["deck"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        bids=tuple(data["bids"]),
        points=tuple(tuple(p) for p in data["points"]),
        turn=data["turn"],
        turns_taken=data["turns_taken"],
    )


GAME = Game(
    name="tiny_duel",
    title="Tiny Duel",
    min_players=2,
    max_players=4,
    rules_version="1",
    options={"hand_size": Option(default=3, choices=(2, 3), description="Hand size (cards dealt to each seat)")},
    setup=setup,
    to_act=to_act,
    legal_moves=legal_moves,
    play=play,
    chance=chance,
    resolve_chance=resolve_chance,
    player_view=player_view,
    action_view=action_view,
    describe=describe,
    secrets=secrets,
    scores=scores,
    is_over=is_over,
    bot_move=bot_move,
    to_dict=to_dict,
    from_dict=from_dict,
    state_type=State,
)
