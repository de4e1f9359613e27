"""The Exploration phase (spec §4.2, §4.4, §5.1-5.2, §6.1-6.3): deal, secret picks, reveal, pass.

Every seat chooses at once; a choice stays hidden (and may be replaced or retracted) until the
last seat's choice arrives, then all are revealed and resolved in seat order (BK-R100), and the
rest of each hand goes to a neighbour. With two players each pick first moves the top reserve
card into the hand, and each seat plays one card and removes one from the game.
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove
from domain.games.bunny_kingdom.components import (
    BUILDING_CARDS,
    HAND_SIZE,
    INDEX,
    PLAY_PER_PICK,
    PROVISIONS_DRAW,
    card_family,
)
from domain.games.bunny_kingdom.lineage import changed
from domain.games.bunny_kingdom.state import State, put


def left(seat: int, players: int) -> int:
    """BK-R06 / BK-D15: the left neighbour is the next seat clockwise."""
    return (seat + 1) % players


def right(seat: int, players: int) -> int:
    """BK-R06 / BK-D15: the right neighbour is the previous seat clockwise."""
    return (seat - 1) % players


def pass_direction(state: State) -> str:
    """BK-R90: left in rounds 1 and 3, right in rounds 2 and 4; two players pass to the opponent."""
    if state.players == 2:
        return "opponent"
    return "left" if state.round % 2 == 1 else "right"


def start_round(state: State) -> State:
    """BK-R90-R92: next round, fresh hands dealt in blocks by seat from the top of the deck."""
    n, size = state.players, HAND_SIZE[state.players]
    deck = state.deck
    hands = tuple(deck[i * size : (i + 1) * size] for i in range(n))
    deck = deck[n * size :]
    reserves: tuple[tuple[str, ...], ...] = ((),) * n
    if n == 2:  # BK-R19 / BK-R92: a face-down reserve of 10 each, unseen even by its owner
        reserves = tuple(deck[i * size : (i + 1) * size] for i in range(n))
        deck = deck[n * size :]
    state = state.set(
        phase="exploration", round=state.round + 1, pick=0, deck=deck, hands=hands, reserves=reserves
    )
    return start_pick(_remember(state, hands))


def start_pick(state: State) -> State:
    """BK-R94-R95: a new choose step; two players first draw their top reserve card."""
    if state.players == 2:
        hands = tuple(h + r[:1] for h, r in zip(state.hands, state.reserves))
        reserves = tuple(r[1:] for r in state.reserves)
        state = _remember(state.set(hands=hands, reserves=reserves), tuple(r[:1] for r in state.reserves))
    return state.set(pick=state.pick + 1, selections=(None,) * state.players)


def _remember(state: State, received: tuple[tuple[str, ...], ...]) -> State:
    """BK-R130: a seat's view keeps every card it has held."""
    seen = tuple(_with(s, r) if r else s for s, r in zip(state.seen, received))
    return state.set(seen=seen)


def _with(seen: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """``seen`` (sorted, each card once: only this function adds to it) with ``cards`` added.

    A hand that comes round again adds nothing, and the tuple is kept; new cards are sorted in
    behind the sorted run (one merge, not a sort of a set): this was a sixth of a pick's CPU.
    """
    known = set(seen)
    new = {c for c in cards if c not in known}
    return tuple(sorted(seen + tuple(new))) if new else seen


def check_pick_step(state: State, move: dict[str, Any]) -> None:
    """BK-R26: the move names the choose step now open."""
    if state.phase != "exploration":
        raise IllegalMove("BK-R26", "cards are chosen only during the Exploration phase")
    if (move["round"], move["pick"]) != (state.round, state.pick):
        raise IllegalMove("BK-R26", f"the open choose step is round {state.round}, pick {state.pick}")


def submit_pick(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R26-R30: store (or replace) a hidden selection; the last one triggers the reveal."""
    check_pick_step(state, move)
    play, discard = tuple(move["play"]), move["discard"]
    two = state.players == 2
    if len(play) != PLAY_PER_PICK[state.players] or (discard is None) == two:
        need = "1 card to play and 1 to discard" if two else "exactly 2 cards to play and no discard"
        raise IllegalMove("BK-R27", f"with {state.players} players a pick is {need}")
    chosen = play + ((discard,) if discard is not None else ())
    if len(set(chosen)) != len(chosen):
        raise IllegalMove("BK-R28", "the chosen cards must be different cards")
    for card in chosen:
        if card not in state.hands[seat]:
            raise IllegalMove("BK-R29", f"card {card} is not in seat {seat}'s hand")
    state = state.set(selections=put(state.selections, seat, (play, discard)))
    return reveal(state) if None not in state.selections else state


def retract_pick(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R31: take back a stored selection before the reveal. Whatever the reason there is
    nothing to take back (never chosen, or already revealed), it is one refusal: BK-R31, an
    illegal move (the same status either way)."""
    step = (move["round"], move["pick"])
    if state.phase != "exploration":
        raise IllegalMove("BK-R31", "nothing can be retracted now: no choose step is open")
    if step < (state.round, state.pick):
        raise IllegalMove("BK-R31", f"round {step[0]}, pick {step[1]} has been revealed: nothing can be retracted")
    if step != (state.round, state.pick):
        raise IllegalMove("BK-R31", f"the open choose step is round {state.round}, pick {state.pick}")
    if state.selections[seat] is None:
        raise IllegalMove("BK-R31", f"seat {seat} has no selection to retract for round {step[0]}, pick {step[1]}")
    return state.set(selections=put(state.selections, seat, None))


def pick_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal selection (ordered: the play order matters for Provisions, BK-R100)."""
    hand, round_, pick = state.hands[seat], state.round, state.pick
    if state.players == 2:
        moves = [{"type": "submit_pick", "round": round_, "pick": pick, "play": [a], "discard": b}
                 for a in hand for b in hand if a != b]
    else:
        moves = [{"type": "submit_pick", "round": round_, "pick": pick, "play": [a, b], "discard": None}
                 for a in hand for b in hand if a != b]
    if state.selections[seat] is not None:
        moves.append({"type": "retract_pick", "round": state.round, "pick": state.pick})
    return moves


def reveal(state: State) -> State:
    """BK-R99-R107: reveal every selection, resolve in seat order, then pass or end the phase."""
    picks = state.selections
    hands, removed = list(state.hands), list(state.removed)
    for seat, (play, discard) in enumerate(picks):
        hand = [c for c in hands[seat] if c not in play and c != discard]
        hands[seat] = tuple(hand)
        if discard is not None:  # BK-R105: face down, out of the game
            removed[seat] = removed[seat] + (discard,)
    state = state.set(hands=tuple(hands), removed=tuple(removed), selections=(None,) * state.players)
    for seat, (play, _discard) in enumerate(picks):
        for card in play:
            state = resolve_card(state, seat, card)
    if any(state.hands):
        return start_pick(pass_hands(state))
    return state.set(phase="exploration_done")  # BK-R107


def pass_hands(state: State) -> State:
    """BK-R106: each remaining hand goes to the neighbour in the round's direction."""
    n = state.players
    step = right if pass_direction(state) == "right" else left
    hands: list[tuple[str, ...]] = [()] * n
    for seat, hand in enumerate(state.hands):
        hands[step(seat, n)] = hand
    return _remember(state.set(hands=tuple(hands)), tuple(hands))


def resolve_card(state: State, seat: int, card: str) -> State:
    """BK-R101-R104: what playing one card does."""
    family = card_family(card)
    if family == "territory":
        return claim(state, seat, card)
    if family == "building":  # BK-R102: laid face up in front of the player
        return state.set(fronts=put(state.fronts, seat, tuple(sorted(state.fronts[seat] + (card,)))))
    if family == "parchment":  # BK-R103: face down in front of its owner
        return state.set(
            parchments=put(state.parchments, seat, tuple(sorted(state.parchments[seat] + (card,))))
        )
    # BK-R104: Provisions draw the top two cards and play them, depth first; BK-R108 on shortage.
    drawn, deck = state.deck[:PROVISIONS_DRAW], state.deck[PROVISIONS_DRAW:]
    state = state.set(deck=deck, discards=put(state.discards, seat, state.discards[seat] + (card,)))
    for extra in drawn:
        state = resolve_card(state, seat, extra)
    return state


def claim(state: State, seat: int, card: str) -> State:
    """BK-R101: the rabbit goes on the square; a camp there is evicted or removed."""
    i = INDEX[card[2:]]
    buildings = state.buildings
    b = buildings[i]
    if b is not None and b.startswith("B-CAMP-"):
        # Evicted (another seat's) or replaced (own) camp: the token leaves, the card stays in
        # its owner's discard pile (BK-D24).
        buildings = changed(buildings, i, None)
    return state.set(
        owners=changed(state.owners, i, seat),
        buildings=buildings,
        discards=put(state.discards, seat, state.discards[seat] + (card,)),
    )


def building_detail(card: str) -> str:
    """A short public description of a building card (BK-R102's ``detail``)."""
    data = BUILDING_CARDS[card]
    kind = data["kind"]
    if kind == "city":
        # its towers, as the card names it ("City (2 towers)") and the map's Key counts a fief's
        # strength; it read "a strength-2 city" beside the card's "City (2 towers)" (table review)
        return f"a {data['strength']}-tower city"
    if kind == "camp":
        return f"camp {data['priority']}"
    if kind == "sky_tower":
        return "a Sky Tower"
    if kind == "trading_post":
        return "a trading post"
    return f"a {data['produces'].replace('_', ' ')} farm"
