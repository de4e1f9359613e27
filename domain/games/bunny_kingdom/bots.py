"""Bunny Kingdom's bots: ``random`` (seeded, always finishes), ``basic`` (greedy on an estimate
of the final points) and ``strong`` (flat Monte Carlo over states sampled from its view).

The random bot picks uniformly among the legal moves, except that in Construction it finishes with
probability 1/4 each move (so it also keeps cards for later rounds) and never retracts a pick.
The levels decide from a ``BotInput`` (the seat's view, never the state): a state to reason on
is sampled from the view by ``determinize``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from domain.games.bunny_kingdom.board_counts import Board, board_of
from domain.games.bunny_kingdom.components import (
    BUILDING_CARDS,
    INDEX,
    NEIGHBOURS,
    PARCHMENTS,
    PICKS_PER_ROUND,
    ROUNDS,
)
from domain.games.bunny_kingdom.determinize import determinize
from domain.games.bunny_kingdom.exploration import resolve_card
from domain.games.bunny_kingdom.rules import legal_moves, play
from domain.games.bunny_kingdom.scoring import Metrics, parchment_scores, treasure_value
from domain.games.bunny_kingdom.state import PRINTED, State, put
from domain.games.game import BotInput
from domain.games.search import listed


def bot_move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    return random_pick(legal_moves(state, seat), rng)


def random_pick(legal: Sequence[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The random bot's choice from a seat's legal moves alone (camps are placed first; the
    building phase ends a quarter of the time it could): it needs neither a state nor a view."""
    moves = [m for m in legal if m["type"] != "retract_pick"]
    camp = [m for m in moves if m["type"] in ("place_camp", "keep_camp")]  # construction only
    if camp:
        return rng.choice(camp)
    finish = {"type": "finish_construction"}
    if finish in moves:
        if len(moves) == 1 or rng.random() < 0.25:
            return finish
        moves = [m for m in moves if m != finish]
    return rng.choice(moves)


# ---- levels: decided from the seat's view only (domain.games.game.BotInput) ------------------

#: Strong search: pairs among this many best single cards, sampled states per decision.
STRONG_TOP = {2: 5, 3: 7}  # two players: a pick is (play, discard), ordered pairs
STRONG_SAMPLES = 3
#: How much of what the next seat could take from the cards passed on counts against a pick.
DENIAL = {2: 1.0, 3: 0.5}
#: How many of the best picks also look at the next pick (from the hand coming), and its weight.
LOOKAHEAD = 4
LOOKAHEAD_WEIGHT = 0.5


def random_policy(inp: BotInput) -> dict[str, Any]:
    """The seeded random bot, from the seat's legal moves alone (no view, no sampled state)."""
    return random_pick(inp.legal, inp.rng)


def basic_policy(inp: BotInput) -> dict[str, Any]:
    """Greedy on an estimate of the seat's final points: the pick, building or choice that
    raises it most (harvests still to come x fiefs' strength x wealth, buildings waiting in
    front, parchments' progress).

    A pick reads only the seat's own cards and the public board (``_ranked_picks``: no chance,
    no other hand), so the hidden cards are not dealt for it, unless a Provisions card in hand
    would play the deck's top cards (the decision's generator is its own: what it would have
    drawn for them changes nothing after). Nor for the other phases, which read no hidden card:
    in construction the generator is advanced as the deal would, since camps and Sky Towers
    are sampled from it after."""
    view = inp.view
    if view["phase"] == "exploration":
        sample = any(c.startswith("PROV-") for c in view["you"]["hand"])
    else:  # builds, camps, trading posts and copies read no hidden card either; a camp's draws
        sample = None if view["phase"] == "construction" else False  # follow the deal's
    state = determinize(view, inp.seat, inp.rng, sample=sample)
    return _as_listed(inp.legal, _ranked(state, inp.seat, inp.legal, inp.rng)[0])


def _as_listed(legal: Sequence[dict[str, Any]], move: dict[str, Any]) -> dict[str, Any]:
    """``listed``: the move as the legal list holds it, found by identity first (the ranking
    hands back the list's own moves, and comparing some 90 picks field by field cost more)."""
    for m in legal:
        if m is move:
            return m
    return listed(legal, move)


def strong_policy(inp: BotInput) -> dict[str, Any]:
    """Basic's estimate with the parchments judged by their outlook (``strong_estimate``), over
    more pairs, plus what the pick leaves to the seat the hand goes to: averaged over sampled
    states (the neighbour's hidden parchments, the deck under Provisions), each pair's value is
    the seat's estimate minus part of the best the neighbour could then take from the cards
    passed on (hate-drafting), and for the best few, part of the best of the next hand."""
    seat = inp.seat
    state = determinize(inp.view, seat, inp.rng)
    if state.phase != "exploration":
        return listed(inp.legal, _ranked(state, seat, inp.legal, inp.rng, strong_estimate)[0])
    moves = [m for m in inp.legal if m["type"] == "submit_pick"]
    hand = state.hands[seat]
    single = {card: strong_estimate(resolve_card(state, seat, card), seat) for card in hand}
    top = set(sorted(hand, key=lambda c: -single[c])[:STRONG_TOP[min(state.players, 3)]])
    moves = [m for m in moves if all(c in top for c in m["play"])]
    if state.players > 2:
        moves = [m for m in moves if m["play"][0] <= m["play"][1]] or moves  # order matters only for Provisions
    weight = DENIAL[2] if state.players == 2 else DENIAL[3]
    totals = [0.0] * len(moves)
    samples = []
    for _ in range(STRONG_SAMPLES):
        sample = determinize(inp.view, seat, random.Random(inp.rng.getrandbits(64)))
        samples.append(sample)
        receiver = (seat + 1) % state.players if _passes_left(sample) else (seat - 1) % state.players
        base = strong_estimate(sample, receiver)
        gain = {card: strong_estimate(resolve_card(sample, receiver, card), receiver) - base for card in hand}
        for i, move in enumerate(moves):
            after = sample
            for card in move["play"]:
                after = resolve_card(after, seat, card)
            left_over = sorted((gain[c] for c in hand if c not in move["play"] and c != move["discard"]), reverse=True)
            totals[i] += strong_estimate(after, seat) - weight * sum(left_over[:_TAKES[state.players]])
    if len(hand) > 2 * _TAKES[state.players]:  # a next pick follows: look at it for the best few
        order = sorted(range(len(moves)), key=lambda i: -totals[i])[:LOOKAHEAD]
        for sample in samples:
            nxt = _next_hand(sample, seat)
            if not nxt:
                continue
            for i in order:
                after = sample
                for card in moves[i]["play"]:
                    after = resolve_card(after, seat, card)
                fixed = outlook(after, seat)
                base = strong_estimate(after, seat, fixed)
                gains = sorted((strong_estimate(resolve_card(after, seat, c), seat, fixed) - base for c in nxt), reverse=True)
                totals[i] += LOOKAHEAD_WEIGHT * sum(gains[:_TAKES[state.players]])
        best = max(order, key=lambda i: (totals[i], -i))
    else:
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
    return listed(inp.legal, moves[best])


def _next_hand(sample: State, seat: int) -> tuple[str, ...]:
    """The hand the seat receives next in a sampled state: its giver's, less the two cards the
    giver would take by its own estimate."""
    n = sample.players
    giver = (seat - 1) % n if _passes_left(sample) else (seat + 1) % n
    hand = sample.hands[giver]
    if n == 2:
        return hand[1:]
    base = estimate(sample, giver)
    ranked = sorted(hand, key=lambda c: -(estimate(resolve_card(sample, giver, c), giver) - base))
    return tuple(ranked[_TAKES[n]:])


_TAKES = {2: 1, 3: 2, 4: 2}


def _passes_left(state: State) -> bool:
    return state.players == 2 or state.round % 2 == 1


POLICIES = {"random": random_policy, "basic": basic_policy, "strong": strong_policy}



# ---- the estimate ---------------------------------------------------------------------------


#: What a count the missions score on reaches, on average, by the end (basic bots' games, 4
#: players): what the rest of the game may add to it, in proportion to the picks still to come.
TYPICAL = {
    "parchment_cards": 8.0, "cities": 7.0, "edge_territories": 8.5, "corner_territories": 1.0,
    "units:wood": 3.7, "units:fish": 3.6, "units:carrot": 2.5, "luxury_units": 0.4,
    "mountain_territories": 3.7, "fiefs_with_min_territories:3": 2.3, "fiefs": 8.0,
    "cities_in_fiefs_without_production": 2.9, "barren_territories": 8.0, "camp_cards_played": 1.3,
    "effective_treasures": 1.5,
}
GROWTH = 0.7


def _left(state: State) -> float:
    """The share of the game's picks still to come (1 before the first, 0 after the last)."""
    per = PICKS_PER_ROUND[state.players]
    done = (state.round - 1) * per + (state.pick - 1 if state.phase == "exploration" else per)
    return max(0.0, 1.0 - max(0, done) / (ROUNDS * per))


def outlook(state: State, seat: int) -> float:
    """What the seat's parchments may score at the end: a mission's count as it is plus what the
    picks to come may add, a threshold's points times the chance of covering what it lacks, the
    Matriarch's by the lead in squares."""
    cards = state.parchments[seat]
    if not cards:
        return 0.0
    rest = _left(state)
    m = Metrics(state, seat)
    owned = set(cards)
    treasures = [c for c in owned if PARCHMENTS[c][0] == "treasure"]
    total = 0.0
    for card in cards:
        kind, rule = PARCHMENTS[card]
        if kind == "treasure":
            total += treasure_value(card, owned)
        elif card in ("P-LIBERAL", "P-SOCIALIST", "P-OPPORTUNIST"):
            total += 5
        elif card == "P-TREASURE-HUNTER":
            total += sum(treasure_value(c, owned) for c in treasures) + GROWTH * rest * TYPICAL["effective_treasures"] * 3
        elif card == "P-LITTLE-PRINCE":
            h = m.harvests
            total += (sum(h) - max(h) if h else 0) + GROWTH * rest * 10
        elif "per" in rule:
            what = rule["per"]
            now = len(treasures) if what == "effective_treasures" else m.count(what)
            total += rule["points"] * (now + GROWTH * rest * TYPICAL[what])
        elif "threshold" in rule:
            gap = rule["min"] - m.count(rule["threshold"])
            if gap <= 0:
                total += rule["points"]
            else:
                total += rule["points"] * min(1.0, GROWTH * rest * TYPICAL[rule["threshold"]] / gap) ** 1.5
        elif "most" in rule:
            mine = len(m.squares)
            lead = mine - max(sum(1 for o in state.owners if o == s) for s in range(state.players) if s != seat)
            if rest == 0:
                total += rule["points"] if lead >= 0 else 0
            else:
                total += rule["points"] * min(1.0, max(0.0, 0.5 + (lead + 0.5) / (4 + 16 * rest)))
    return total


def _parchment_points(state: State, seat: int) -> float:
    """What ``progress`` says the seat's parchments score now (an undecided one at 5): ``basic``'s."""
    return board_of(state, seat).parchment_points(state, seat)


def strong_estimate(state: State, seat: int, parchments: float | None = None, board: Board | None = None) -> float:
    """``estimate`` with the parchments judged by their outlook (what they may score at the end)."""
    return estimate(state, seat, outlook(state, seat) if parchments is None else parchments, board)


def estimate(state: State, seat: int, parchments: float | None = None, board: Board | None = None) -> float:
    """Points the seat may expect at the end from here: banked harvests, the fiefs' harvest now
    for every harvest still to come, what its unplaced buildings could add, its parchments.
    ``board``: the seat's board counted already (``board_counts``), else it is counted here."""
    board = board or board_of(state, seat)
    strengths, wealths = board.strengths, board.wealths
    # the harvest now, and the half-built harvests: fiefs that produce but have no city, or the
    # reverse (one pass; sums of whole numbers and halves, so exact in any order)
    now, half = 0, 0.0
    for s, w in zip(strengths, wealths):
        now += s * w
        if s == 0:
            half += 0.5 * w
        if w == 0:
            half += 0.5 * s
    to_come = ROUNDS - len(state.harvests[seat])
    best_wealth = max(wealths, default=0)
    best_strength = max(strengths, default=0)
    # an unbuilt city / farm is worth most in the fief it would join; a missing partner half as much
    potential = 0.0
    for card in state.fronts[seat]:
        data = BUILDING_CARDS[card]
        kind = data["kind"]
        if kind == "city":
            potential += data["strength"] * max(1, best_wealth) * 0.7
        elif kind in ("basic_farm", "luxury_farm", "trading_post"):
            potential += max(1, best_strength) * 0.7
        elif kind in ("sky_tower", "camp"):
            potential += 0.5
    if parchments is None:
        parchments = board.parchment_points(state, seat)
    territory = len(board.squares)
    return sum(state.harvests[seat]) + (now + potential + half) * to_come + parchments + 0.3 * territory * to_come


# ---- ranking the legal moves ----------------------------------------------------------------


def _ranked(state: State, seat: int, legal: list[dict[str, Any]], rng: random.Random, value=None) -> list[dict[str, Any]]:
    """The legal moves, best first by the estimate after the move (only the seat's own effect)."""
    moves = [m for m in legal if m["type"] != "retract_pick"]
    if not moves:
        return list(legal)
    kind = state.phase
    if kind == "exploration":
        return _ranked_picks(state, seat, moves)
    if kind == "construction":
        return _ranked_builds(state, seat, moves, rng, value or estimate)
    if kind == "harvest":
        return sorted(moves, key=lambda m: -_tradingstrong_estimate(state, seat, m, value or estimate))
    if kind == "copy":  # a card still without a target first (a chosen one may be replaced)
        chosen = {card for card, _t in state.copy_pending[seat]}
        return sorted(moves, key=lambda m: (m["card"] in chosen, -_copystrong_estimate(state, seat, m)))
    return moves


def _ranked_picks(state: State, seat: int, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    hand = state.hands[seat]
    base = board_of(state, seat)
    boards = {card: _board_after(state, seat, base, (card,)) for card in hand}
    resolved = {card: _played(state, seat, (card,), boards[card]) for card in hand}
    single = {card: estimate(resolved[card], seat, board=boards[card]) for card in hand}
    top = sorted(hand, key=lambda c: -single[c])[:5]  # pairs among the best single cards
    # Playing a and b leaves the board, fronts and parchments as b then a does, so the estimate is
    # the same: computed once per pair. Not with Provisions, which play the deck's top cards.
    pairs: dict[frozenset[str], float] = {}
    scored = []
    best = set(top)
    for move in moves:
        play = move["play"]
        if play[0] not in best or (len(play) > 1 and play[1] not in best) or (
                move["discard"] is not None and move["discard"] not in best):
            continue
        key = (frozenset(play) if len(play) == 2 and not play[0].startswith("PROV-")
               and not play[1].startswith("PROV-") else None)
        value = pairs.get(key) if key is not None else None
        if value is None:
            board = _board_after(state, seat, base, play, boards)
            if board is None or boards[play[0]] is None:
                after = _played(state, seat, play, board)
            else:
                after = _played(resolved[play[0]], seat, play[1:], board)
            value = estimate(after, seat, board=board)
            if key is not None:
                pairs[key] = value
        if move["discard"] is not None:  # two players: the discard is denied to the opponent
            value += 0.2 * single[move["discard"]]
        scored.append((value, move))
    scored.sort(key=lambda x: -x[0])
    chosen = [m for _, m in scored]
    picked = {id(m) for m in chosen}
    return chosen + [m for m in moves if id(m) not in picked] if chosen else moves


def _played(state: State, seat: int, cards, board: Board | None) -> State:  # noqa: ANN001
    """``state`` after the seat plays ``cards``, as ``estimate`` reads it: with the board after
    them counted (``board``), a territory's claim is in that board and the estimate reads
    nothing else it changes (the owners; its card in the discard pile is no camp card), so only
    the other cards are played; without it, every card."""
    for card in cards:
        if board is None or not card.startswith("T-"):
            state = resolve_card(state, seat, card)
    return state


def _board_after(state: State, seat: int, base: Board, cards, boards=None) -> Board | None:  # noqa: ANN001
    """The seat's board after it plays ``cards`` in ``state`` (``base``: its board before),
    derived square by square: a territory claims its square, a building or a parchment leaves
    the board as it was. None (count it from the state) after Provisions, which play the deck's
    cards, or a claim that evicts a camp. ``boards``: the boards after each card alone."""
    if boards is not None and len(cards) == 2 and boards.get(cards[0]) is not None:
        board, cards = boards[cards[0]], cards[1:]
    else:
        board = base
    for card in cards:
        if card.startswith("T-"):
            i = INDEX[card[2:]]
            if state.owners[i] != -1 or state.buildings[i] not in (None, PRINTED):
                return None
            board = board.claimed(i, state.buildings[i], seat)
        elif card.startswith("PROV-"):
            return None
    return board


def _ranked_builds(state: State, seat: int, moves: list[dict[str, Any]], rng: random.Random, estimate=estimate) -> list[dict[str, Any]]:
    base = estimate(state, seat)
    camp = [m for m in moves if m["type"] == "place_camp"]
    if camp:  # the camp offer: the best empty square by the estimate, next to the seat's land
        mine = {i for i, o in enumerate(state.owners) if o == seat}
        near = [m for m in camp if any(j in mine for j in NEIGHBOURS[INDEX[m["coord"]]])]
        pool = near or rng.sample(camp, min(12, len(camp)))
        best = max(pool, key=lambda m: estimate(play(state, seat, m), seat))
        return [best] + [m for m in moves if m is not best]
    builds = [m for m in moves if m["type"] != "finish_construction"]
    towers = [m for m in builds if m["type"] == "build_sky_tower"]
    if len(towers) > 24:
        keep = rng.sample(towers, 24)
        builds = [m for m in builds if m["type"] != "build_sky_tower"] + keep
    board = board_of(state, seat)  # a city or a farm changes only its fief: derived from it

    def after(m: dict[str, Any]) -> Board | None:
        if m["type"] == "build_sky_tower":
            return None
        i = INDEX[m["coord"]]
        return board.built(i, m["card"], state.trading[i]) if state.buildings[i] is None else None

    scored = sorted(((estimate(_place(state, seat, m), seat, board=after(m)), m) for m in builds), key=lambda x: -x[0])
    finish = [m for m in moves if m["type"] == "finish_construction"]
    good = [m for v, m in scored if v > base + 1e-9]
    if not finish:
        return good + [m for _, m in scored]
    kept = {id(m) for m in good}
    return good + finish + [m for _, m in scored if id(m) not in kept]


def _place(state: State, seat: int, move: dict[str, Any]) -> State:
    """The board after a build, without the rest of the rules' checks (the move is legal)."""
    card = move["card"]
    coords = (move["coord_a"], move["coord_b"]) if move["type"] == "build_sky_tower" else (move["coord"],)
    buildings = list(state.buildings)
    for coord in coords:
        buildings[INDEX[coord]] = card
    return state.set(buildings=tuple(buildings),
                     fronts=put(state.fronts, seat, tuple(c for c in state.fronts[seat] if c != card)))


def _tradingstrong_estimate(state: State, seat: int, move: dict[str, Any], estimate=estimate) -> float:
    trading = list(state.trading)
    for coord, resource in move["choices"].items():
        trading[INDEX[coord]] = resource
    return estimate(state.set(trading=tuple(trading)), seat)


def _copystrong_estimate(state: State, seat: int, move: dict[str, Any]) -> float:
    final = state.copy_final + ((seat, move["card"], move["target"]),)
    try:
        return sum(p.points for p in parchment_scores(state.set(copy_final=final)) if p.seat == seat)
    except Exception:  # noqa: BLE001 - a guess, never a crash
        return 0.0
