"""The automatic steps between decisions: setup deals, rounds, turns and end-of-round upkeep.

``settle`` runs after every move and chance outcome and advances the game until somebody (a
seat, or chance) has to decide. The order of steps is the spec's: setup §3.3, rounds §4,
end of round §6.4. Tournaments have their own module.
"""

from __future__ import annotations

from domain.games.fantasy_ranch import tournaments
from domain.games.fantasy_ranch.components import (
    DISPLAY_SIZE,
    DRAFT_HAND,
    LOCATIONS,
    MARKET_SIZE,
    ROUNDS,
    START_HORSES,
    TESSA_CARDS,
)
from domain.games.fantasy_ranch.places import community, place_horse
from domain.games.fantasy_ranch.state import HOLDING, Work

#: Phases in which chance acts (the request itself is built in rules.chance).
CHANCE_PHASES = (
    "draw_start_player",
    "shuffle_horses",
    "shuffle_fate",
    "shuffle_tournament_cards",
    "lay_out_community",
    "tournament_roll",
)


def settle(w: Work) -> None:
    """FR-R257: a draw that found the deck empty (``draw_horse``) waits for the shuffle; not after the end."""
    if w.phase == "game_over":
        w.reshuffle_due = False


# --- decks and market ----------------------------------------------------------------------


def draw_horse(w: Work) -> str | None:
    """The top horse card, or None when the deck is empty.

    FR-R257: a card that must be drawn from an empty deck while the discard pile holds cards makes
    the discard due for a shuffle (chance); the waiting draw is completed in ``reshuffle_discard``.
    With both piles empty the draw yields nothing.
    """
    if w.horse_deck:
        return w.horse_deck.pop(0)
    if w.discard:
        w.reshuffle_due = True
    return None


def refill_market(w: Work) -> None:
    """FR-R255/FR-R256/FR-D34: fill every empty market slot in ascending order while cards last."""
    for i in range(MARKET_SIZE):
        if w.market[i] is None:
            card = draw_horse(w)
            if card is None:
                return
            w.market[i] = card


def market_refill_deferred(w: Work) -> bool:
    """FR-R256: during a final's prizes, emptied slots wait for the final to complete."""
    return w.phase == "tournament_prizes" and w.slot >= 8


def reshuffle_discard(w: Work, order: list[str]) -> None:
    """FR-R257: the shuffled discard becomes the deck; the draw that waited for it happens now.

    That draw is Tessa's look at 3 cards (FR-R165: fewer only when deck *and* discard run out), a
    fate card's horse for the home (FR-R150e), or else a market refill (FR-R255/FR-R256).
    """
    w.horse_deck = list(order)
    w.discard = []
    w.reshuffle_due = False
    if w.phase == "tessa_choice" and len(w.tessa) < TESSA_CARDS:
        while len(w.tessa) < TESSA_CARDS and w.horse_deck:
            w.tessa.append(draw_horse(w))
    elif w.home_draw >= 0:
        seat, w.home_draw = w.home_draw, -1
        place_horse(w, seat, draw_horse(w), w.home_of(seat))  # FR-D31
    elif not market_refill_deferred(w):
        refill_market(w)


def draw_fate(w: Work) -> str | None:
    """FR-R258: the fate deck is never reshuffled; an empty deck yields nothing."""
    return w.fate_deck.pop(0) if w.fate_deck else None


# --- setup -----------------------------------------------------------------------------------


def after_horse_shuffle(w: Work, order: list[str]) -> None:
    """FR-R003, then FR-R009 + FR-R011 in level 1, or on to the fate deck (FR-R005/FR-R006)."""
    w.horse_deck = list(order)
    if w.level == 1:
        hands = deal(w, START_HORSES)
        for seat, cards in enumerate(hands):
            for card in cards:
                w.owner_of[card] = seat
                w.place[card] = HOLDING
        refill_market(w)
        w.phase, w.cursor = "choose_ranch", 0
    else:
        w.phase = "shuffle_fate"


def deal(w: Work, count: int) -> list[list[str]]:
    """FR-R009: ``count`` rounds, one card to each player in turn order per round."""
    hands: list[list[str]] = [[] for _ in range(w.players)]
    for _ in range(count):
        for seat in w.order:
            card = draw_horse(w)
            if card:
                hands[seat].append(card)
    return hands


def after_fate_shuffle(w: Work, order: list[str]) -> None:
    """FR-R005 [L2] / FR-R006 [L3]: the deck, and in level 3 the display of 4."""
    w.fate_deck = list(order)
    if w.level == 3:
        w.display = [draw_fate(w) for _ in range(DISPLAY_SIZE)]
        w.phase, w.cursor = "choose_employee", 0  # FR-R008
    else:
        deal_draft(w)


def deal_draft(w: Work) -> None:
    """FR-R010: secret hands of 4 [L2] or 6 [L3], then 4 simultaneous pick steps."""
    w.hands = deal(w, DRAFT_HAND[w.level])
    w.seen = [list(h) for h in w.hands]
    w.picks = [[] for _ in range(w.players)]
    w.step_picks = [None] * w.players
    w.draft_step = 1
    w.phase = "draft"


def take_pick(w: Work, seat: int, card: str) -> None:
    """FR-R102: the picked card leaves the hand at once and waits, secret, for the step's end."""
    w.hands[seat].remove(card)
    w.step_picks[seat] = card


def complete_draft_step(w: Work) -> None:
    """FR-R102: the step's picks join the picks, hands pass to the left; level 2's last single
    card is auto-picked."""
    for seat, card in enumerate(w.step_picks):
        w.picks[seat].append(card)
    w.step_picks = [None] * w.players
    if w.draft_step == START_HORSES:  # after the last pick the hands stay put: leftovers are returned
        finish_draft(w)
        return
    w.hands = [w.hands[(seat - 1) % w.players] for seat in range(w.players)]
    for seat, hand in enumerate(w.hands):
        w.seen[seat].extend(c for c in hand if c not in w.seen[seat])
    w.draft_step += 1
    if all(len(h) == 1 for h in w.hands):
        for seat, hand in enumerate(w.hands):
            take_pick(w, seat, hand[0])
        complete_draft_step(w)


def finish_draft(w: Work) -> None:
    """FR-R010 end: [L3] leftovers to the deck bottom in turn order, picks into holding, then FR-R011."""
    for seat in w.order:
        w.horse_deck.extend(sorted(w.hands[seat]))
    for seat, cards in enumerate(w.picks):
        for card in cards:
            w.owner_of[card] = seat
            w.place[card] = HOLDING
    w.hands = [[] for _ in range(w.players)]
    refill_market(w)
    if w.level == 2:
        w.phase, w.cursor = "choose_ranch", 0
    else:
        w.phase = "shuffle_tournament_cards"


def after_tournament_cards(w: Work, order: list[str]) -> None:
    """FR-R012: the first 8 go face up on T1..T8, the rest leave the game unseen."""
    w.tournament_cards = tuple(order[:8])
    w.removed_cards = tuple(order[8:])
    w.phase = "lay_out_community"


def community_size(players: int) -> tuple[int, int]:
    """FR-R014: 2x2 boards for 2-3 players, 2x3 for 4."""
    return (2, 3) if players == 4 else (2, 2)


def after_community(w: Work, order: list[int]) -> None:
    """FR-R014: the first boards of the shuffle, row-major; non-home territories for sale."""
    rows, cols = community_size(w.players)
    boards = list(order[: rows * cols])
    w.grid = tuple(tuple(boards[r * cols : (r + 1) * cols]) for r in range(rows))
    community(w.grid, w.side)
    w.phase, w.cursor = "choose_home", 0


def home_order(w: Work) -> list[int]:
    """FR-R015: from the player right of the start player, counter-clockwise."""
    return [(w.start - 1 - i) % w.players for i in range(w.players)]


def after_setup_choice(w: Work) -> None:
    """Next chooser of a sequential setup step, or the next setup step (FR-R008, FR-R013, FR-R015)."""
    w.cursor += 1
    if w.cursor < w.players:
        return
    if w.phase == "choose_employee":
        deal_draft(w)
    else:
        start_round(w)  # FR-R016


# --- rounds and turns ------------------------------------------------------------------------


def start_round(w: Work) -> None:
    """FR-R050: round r begins with the turn phase, start player first."""
    w.round += 1
    w.phase, w.cursor = "turn", 0
    start_turn(w)


def start_turn(w: Work) -> None:
    """FR-R051/FR-R052: reset the per-turn allowances; [L2] draw a fate card."""
    w.limited_used = False
    w.claims = 0
    w.claim_limit = 1
    w.employee_used = False
    if w.level == 2:
        card = draw_fate(w)
        if card:
            w.pending_fate[w.active].append(card)


def next_turn(w: Work) -> None:
    """FR-R051/FR-R057: the next player's turn, or the round's tournaments."""
    w.cursor += 1
    if w.cursor < w.players:
        start_turn(w)
    else:
        w.slot = 8 if w.round == ROUNDS else 2 * (w.round - 1)
        tournaments.start(w)


def end_round(w: Work) -> None:
    """FR-R250..FR-R254 in order: clear flags, [L3] sweep, start player, next round or game end."""
    w.competed = set()
    if w.level == 3:
        ownership_sweep(w)
    if w.round >= ROUNDS:
        w.phase = "game_over"  # FR-R350
        return
    if w.level == 3:
        if w.last_winner >= 0:
            w.start = w.last_winner  # FR-R060
    else:
        w.start = (w.start + 1) % w.players  # FR-R059
    w.last_winner = -1
    start_round(w)


def ownership_sweep(w: Work) -> None:
    """FR-R252: a unique challenger with more horses than the owner takes the territory."""
    for loc in sorted(w.owners, key=lambda t: (LOCATIONS[t].board, t)):
        owner = w.owners[loc]
        if LOCATIONS[loc].is_home:
            continue
        counts: dict[int, int] = {}
        for card, place in w.place.items():
            if place == loc:
                counts[w.owner_of[card]] = counts.get(w.owner_of[card], 0) + 1
        own = counts.pop(owner, 0)
        if not counts:
            continue
        best = max(counts.values())
        leaders = [s for s, n in counts.items() if n == best]
        if best > own and len(leaders) == 1:
            w.owners[loc] = leaders[0]
