"""Fantasy Ranch bots at three levels, deciding from the seat's view alone (``BotInput``).

Every level starts from ``determinize(view)``: a full state whose hidden part (deck orders,
other draft hands, level-3 picks and removed tournament cards) is dealt from what the seat has
not seen, so no policy can depend on a secret and the same input always gives the same move.

* ``random``: the seeded random bot of the playout tests (``bot_move``), on that state.
* ``basic``: one ply of look-ahead. Candidate moves are applied with the game's own ``play`` and
  the seat's position judged by ``worth``: its trophies as they would count now, plus what its
  goods, free stalls, placed riders for the tournaments still to come and champions for the
  finals are worth, and free places for the horses prizes and purchases still bring (every
  ranch fills up: a prize horse without a place is declined), boots for the locations still for
  sale counting extra [L1 L2]. A turn places held horses first, moves horses off the home onto
  their colour's location (the home takes any colour), claims fate cards and uses employees when
  that pays, takes the best limited action (buy a horse, buy a location or produce), then ends.
  Tournaments: the best dice enter; before a horse prize, horses leave the home the same way;
  prizes go to the choice worth most.
* ``strong``: one ply judged by its own ``Taste`` (``STRONG``: the trophies on fate cards it
  meets the requirement of [L2 L3], dice for the tournaments weighed double, each champion
  counted for a final of its own), horse moves that take another seat's territory over at once
  [L3], and tournament entries planned against the public field (``prospects``). From round 4
  on, the best two moves of that ranking are searched to the end of the game
  (``lookahead``: flat Monte Carlo over determinizations, rollouts played by ``QUICK`` and
  ``QUICK_STRONG``, quick forms of the two judgements); earlier, rollouts measured no
  better than the one ply (docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from domain.games.fantasy_ranch import fate, legal, lookahead, prospects, tournaments
from domain.games.fantasy_ranch.components import (
    BOARDS,
    FATE_CARDS,
    HORSES,
    LOCATIONS,
    PRINTED_SKILLS,
    ROUNDS,
    TOURNAMENT_CARDS,
)
from domain.games.fantasy_ranch.determinize import determinize
from domain.games.fantasy_ranch.places import free_places
from domain.games.fantasy_ranch.rules import play
from domain.games.fantasy_ranch.scoring import breakdown, friends
from domain.games.fantasy_ranch.state import HOLDING, State, Work
from domain.games.game import BotInput

Move = dict[str, Any]

#: employees taken at the turn's end (level 3), most useful first.
EMPLOYEE_TASTE = ("alex", "ryan", "megan", "gail", "tom", "tessa")
#: a good's worth while a turn or a final is left to spend it, and what one turn can spend.
GOOD = 0.22
CARROTS_PER_TURN = 4.5
BOOTS_PER_TURN = 3.5
#: horses a seat may expect from a tournament still to come (a T slot, a final), and what a
#: free place for each of them is worth.
PRIZE_HORSES = (0.3, 0.75)
ROOM = 0.6
#: what a boot still needed for the locations for sale is worth beyond ``GOOD`` [L1 L2].
LAND = 0.4
#: moves of one kind basic judges (a random sample when there are more).
PER_KIND = 12

@dataclass(frozen=True)
class Taste:
    """The weights of ``worth``: ``basic`` plays ``BASIC``; ``strong`` judges with its own."""

    good: float = GOOD
    room: float = ROOM
    prize_horses: tuple[float, float] = PRIZE_HORSES
    per_turn_horse: float = 0.5
    land: float = LAND
    rider: float = 0.12
    champion: float = 0.35
    held: float = 0.25
    home: float = 0.05
    friend: float = 0.25
    ranch: float = 0.0
    #: trophy fate cards the seat could claim now [L2 L3], per trophy.
    fate: float = 0.0
    #: [L3] move horses onto other seats' territories to take them over (FR-R145).
    takeover: bool = False
    #: champions counted one a final (a horse competes once a round, FR-R206), not the best
    #: one for every final.
    spread: bool = False
    #: [L3] the employees whose uses are judged at all, and how many moves of one kind (an
    #: employee, a fate card) are judged: the rollouts of the search play a quicker ``basic``.
    employees: tuple[str, ...] = ("tom", "alex", "gail", "ryan", "megan")
    per_kind: int = PER_KIND


BASIC = Taste()
#: ``strong``'s own judgement (measured against ``basic``): fate trophies it can claim now
#: [L2 L3], dice weighed double, takeovers [L3], the ranch bonus [L2], and champions counted
#: one a final at 0.6 a die.
STRONG = Taste(fate=0.9, rider=0.25, ranch=0.5, takeover=True, spread=True, champion=0.6)
#: the quick forms the rollouts of ``lookahead`` play [L3]: Tom, Alex and Ryan only (Megan and
#: Gail were judged about 2,700 times in six ``basic`` games and never chosen), at most 4
#: spellings of a kind; each judged move costs a ``play`` and a ``worth``.
QUICK_EMPLOYEES = ("tom", "alex", "ryan")
QUICK = replace(BASIC, employees=QUICK_EMPLOYEES, per_kind=4)
QUICK_STRONG = replace(STRONG, employees=QUICK_EMPLOYEES, per_kind=4)


# --- random -------------------------------------------------------------------------------


def bot_move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The ``random`` level on a state (used by the playout tests and benchmarks).

    It draws from ``legal``'s move groups instead of the whole list (Megan alone can offer
    hundreds of placements), preferring moves that move the game on: place horses out of
    holding, take a limited action, claim prizes, then end the turn. Horse shuffling between
    locations is rare (5%), so free actions can never loop for long.
    """
    w = Work(state)
    groups = legal.groups(w, seat)
    if not groups:
        raise ValueError(f"seat {seat} has no move to make")
    phase = w.phase
    if phase == "turn":
        return turn_move(w, seat, rng)
    for group in groups:
        if group is legal.free_moves:
            continue
        moves = group(w, seat)
        if phase == "tournament_prizes" and len(moves) > 1 and rng.random() < 0.9:
            moves = [m for m in moves if m["type"] != "decline_prize"]
        if phase == "tournament_entries" and len(moves) > 1 and rng.random() < 0.8:
            moves = [m for m in moves if m["type"] != "decline_tournament"]
        if moves:
            return rng.choice(moves)
    return rng.choice(legal.free_moves(w, seat))


def turn_move(w: Work, seat: int, rng: random.Random) -> dict[str, Any]:
    """Place horses, maybe claim or hire, take the limited action, then end the turn."""
    free = legal.free_moves(w, seat)
    placing = [m for m in free if m["type"] == "move_horse" and w.place[m["card_id"]] == HOLDING]
    if placing:
        return rng.choice(placing)
    options: list[list[dict[str, Any]]] = []
    if w.level >= 2 and w.claims < w.claim_limit and rng.random() < 0.7:
        options.append(legal.fate_moves(w, seat))
    if w.level == 3 and rng.random() < 0.5:
        options.append(legal.free_territory_moves(w, seat))
    if w.level == 3 and not w.employee_used and rng.random() < 0.4:
        employee = rng.choice(legal.EMPLOYEES)
        options.append(legal.employee_uses(w, seat, employee))
    if not w.limited_used:
        limited = legal.limited_moves(w, seat)
        buys = [m for m in limited if m["type"] != "produce_goods"]
        options.append(buys if buys and rng.random() < 0.7 else limited)
    if rng.random() < 0.05:
        options.append(free)
    for moves in options:
        if moves:
            return rng.choice(moves)
    return rng.choice(legal.end_turn_moves(w, seat))


# --- judging a position -------------------------------------------------------------------


def _skill_of_slot(w: Work, slot: int) -> str | None:
    if slot >= 8:
        return None
    if w.level == 3:
        return TOURNAMENT_CARDS[w.tournament_cards[slot]].skill if w.tournament_cards else None
    return PRINTED_SKILLS[slot]


def _slots_to_come(w: Work) -> list[int]:
    """Tournament slots not yet completed (the current one included while it takes entries)."""
    if w.phase == "game_over":
        return []
    done = {r[0] for r in w.results}
    current = w.slot if w.phase.startswith("tournament") and w.phase != "tournament_entries" else None
    return [s for s in range(11) if s not in done and s != current]


def _turns_left(w: Work, seat: int) -> int:
    """Own turns still to come (this one included while its limited action is unused)."""
    if w.phase == "game_over":
        return 0
    later = ROUNDS - max(w.round, 1)
    if w.phase in ("turn", "tessa_choice"):
        order = w.order
        if order.index(seat) > w.cursor or (order.index(seat) == w.cursor and not w.limited_used):
            later += 1
    elif w.round == 0:
        later = ROUNDS
    return later


def worth(state: State, seat: int, w: Work | None = None, t: Taste = BASIC) -> float:
    """The seat's trophies as they would count now plus what its holdings are still worth."""
    w = w or Work(state)
    total = float(sum(breakdown(w, seat).values()))
    if w.phase == "game_over":
        return total + 0.01 * sum(w.goods[seat]) + 0.02 * len(w.horses_of(seat))
    turns = _turns_left(w, seat)
    carrots, boots = w.goods[seat]
    # goods turn into trophies one limited action at a time: beyond what the turns left can
    # spend (and the paid entries to the finals), they only break ties
    finals = sum(1 for slot in _slots_to_come(w) if slot >= 8) * 4
    useful_carrots = min(carrots, CARROTS_PER_TURN * turns + finals)
    useful_boots = min(boots, BOOTS_PER_TURN * turns + max(0, finals - useful_carrots))
    total += t.good * (useful_carrots + useful_boots) + 0.02 * (carrots + boots)
    if t.land and w.level != 3 and turns:
        # boots buy locations, a trophy each plus room for two more horses
        land = sum(legal.price(w, seat, loc) for loc in legal.buyable(w, seat))
        total += t.land * min(useful_boots, land)
    if t.ranch and w.level == 2 and turns:
        # the ranch bonus [L2]: every location of the board bought, one a turn
        left = legal.buyable(w, seat)
        side = BOARDS[tuple(w.ranches[seat])] if w.ranches[seat] else None
        if side and left and len(left) <= turns:
            need = sum(legal.price(w, seat, loc) for loc in left)
            if need <= boots + 3 * (turns - len(left)) + 2 * len(left):
                total += t.ranch * side.trophies
    cards = w.horses_of(seat)
    placed = [c for c in cards if w.place[c] != HOLDING]
    total -= t.held * (len(cards) - len(placed))
    owned = [loc for loc, o in w.owners.items() if o == seat]
    room = sum(max(0, free_places(w, loc)) for loc in owned) - (len(cards) - len(placed))
    home_room = sum(max(0, free_places(w, loc)) for loc in owned if LOCATIONS[loc].is_home)
    # room for the horses prizes and purchases still bring: without it a won horse is declined
    slots = _slots_to_come(w)
    coming = sum(t.prize_horses[slot >= 8] for slot in slots) + t.per_turn_horse * turns
    total += t.room * sum(min(1.0, max(0.0, coming - k)) for k in range(max(0, room)))
    total += t.home * min(home_room, 2)
    # riders for the tournaments still to come: the best dice a free horse brings to each
    competed = w.competed
    # a champion rides one final (once a round, FR-R206): with ``spread`` the best takes the
    # first final to come, the next best the next, and so on
    champions = _champion_dice(w, placed) if t.spread else []
    for slot in slots:
        skill = _skill_of_slot(w, slot)
        if skill is None:
            if t.spread:
                total += t.champion * (champions.pop(0) if champions else 0)
                continue
            best = max((HORSES[c].best_dice for c in placed if HORSES[c].world_class), default=0)
            total += t.champion * best
        else:
            ready = [c for c in placed if not (slot // 2 == w.round - 1 and c in competed)]
            best = max((HORSES[c].dice(skill) for c in ready), default=0)
            total += t.rider * best
    if w.level >= 2:
        total += t.friend * _friend_progress(cards)
        if t.fate:
            total += t.fate * _fate_hopes(w, seat, turns)
    return total


def _champion_dice(w: Work, placed: list[str]) -> list[int]:
    """The dice of the seat's placed champions that can still ride a final, most first."""
    ready = [c for c in placed if HORSES[c].world_class and not (w.round == 5 and c in w.competed)]
    return sorted((HORSES[c].best_dice for c in ready), reverse=True)


def _fate_hopes(w: Work, seat: int, turns: int) -> float:
    """Trophies on fate cards whose requirement the seat meets now, as many as its claims left
    can take (one a turn); the shared level-3 display counts half (another seat may take it)."""
    values = sorted(
        (
            FATE_CARDS[c].trophies
            for c in fate.claimable_cards(w, seat)
            if FATE_CARDS[c].trophies and fate.requirement_holds(w, seat, FATE_CARDS[c].requirement)
        ),
        reverse=True,
    )
    claims = turns
    if w.phase == "turn" and w.active == seat:
        claims = max(0, turns - (0 if not w.limited_used else 1)) + max(0, w.claim_limit - w.claims)
    share = 1.0 if w.level == 2 else 0.5
    return share * sum(values[:claims])


def _friend_progress(cards: list[str]) -> float:
    """Half-built friend groups: a lone friend is on its way to a pair, a pair to a triple."""
    counts: dict[str, int] = {}
    for c in cards:
        if HORSES[c].friend:
            counts[HORSES[c].friend] = counts.get(HORSES[c].friend, 0) + 1
    return float(sum(1 for n in counts.values() if n % 3 == 1))


# --- basic --------------------------------------------------------------------------------


def _judge(
    state: State, seat: int, moves: list[Move], rng: random.Random, t: Taste = BASIC
) -> list[tuple[float, int]]:
    scored = []
    for i, move in enumerate(moves):
        scored.append((worth(play(state, seat, move), seat, None, t) + rng.random() * 1e-4, i))
    scored.sort(reverse=True)
    return scored


def ranked_moves(state: State, seat: int, rng: random.Random, t: Taste = BASIC) -> list[Move]:
    """The seat's candidate moves for the decision at hand, best first by one-ply ``worth``."""
    w = Work(state)
    phase = w.phase
    if phase in ("choose_ranch", "choose_employee", "choose_home"):
        return _setup_choice(w, seat, rng)
    if phase == "draft":
        hand = legal.draft_moves(w, seat)
        return sorted(hand, key=lambda m: -_horse_taste(w, seat, m["card_id"]))
    if phase == "turn":
        return _turn(state, w, seat, rng, t)
    if phase == "tessa_choice":
        options = legal.tessa_moves(w, seat)
    elif phase == "tournament_entries":
        options = legal.entry_moves(w, seat)
        return sorted(options, key=lambda m: -_entry_taste(w, m))
    elif phase == "tournament_prizes":
        options = legal.prize_moves(w, seat)
        if w.prizes[0][3] == "horse":
            tidy = _tidy(w, seat, legal.free_moves(w, seat))
            if tidy:
                return tidy
    else:
        options = legal.legal_moves(state, seat)
    return [options[i] for _, i in _judge(state, seat, options, rng, t)]


def _setup_choice(w: Work, seat: int, rng: random.Random) -> list[Move]:
    options = legal.setup_moves(w, seat)
    if w.phase == "choose_employee":
        return sorted(options, key=lambda m: EMPLOYEE_TASTE.index(m["employee"]))
    if w.phase == "choose_ranch":
        side = "B" if w.level == 2 else "A"
        preferred = [m for m in options if m["side"] == side]
        return [rng.choice(preferred or options)]
    return [rng.choice(options)]


def _horse_taste(w: Work, seat: int, card: str) -> float:
    """A draft pick's appeal: a champion, friends for the ones already picked, dice, resale."""
    horse = HORSES[card]
    mine = list(w.picks[seat]) if w.picks else []
    value = 1.5 * horse.world_class + 0.08 * horse.cost + 0.15 * sum(d for _, d in horse.skills)
    if w.level >= 2 and horse.friend:
        value += 0.6 * (friends(mine + [card]) - friends(mine)) + 0.3
    return value


def _entry_taste(w: Work, move: Move) -> float:
    if move["type"] == "decline_tournament":
        return 0.0
    if move["type"] == "enter_final_paid":
        return 0.5
    dice = dict(tournaments.eligible(w, tournaments.awaited(w))).get(move["card_id"], 0)
    # a horse kept back for the round's other tournament counts against entering it here
    other = 0
    if w.slot < 8 and w.slot % 2 == 0:
        other = HORSES[move["card_id"]].dice(_skill_of_slot(w, w.slot + 1) or "")
    return 1 + dice - 0.5 * other


def _tidy(w: Work, seat: int, free: list[Move]) -> list[Move]:
    """Horses moved off the home onto an owned location of their own colour: the home takes any
    colour, so room kept there can take whatever horse a purchase or a prize offers."""
    out = []
    for m in free:
        if m["type"] != "move_horse":
            continue
        here = w.place[m["card_id"]]
        if here != HOLDING and LOCATIONS[here].is_home and not LOCATIONS[m["destination"]].is_home:
            if w.owners.get(m["destination"]) == seat:
                out.append(m)
    return out


def _turn(state: State, w: Work, seat: int, rng: random.Random, t: Taste = BASIC) -> list[Move]:
    """Place held horses, then the best claim, employee or limited action that pays, then end."""
    free = legal.free_moves(w, seat)
    placing = [m for m in free if m["type"] == "move_horse" and w.place[m["card_id"]] == HOLDING]
    if placing:
        return [placing[i] for _, i in _judge(state, seat, placing, rng, t)]
    tidy = _tidy(w, seat, free)
    if tidy:
        return tidy
    now = worth(state, seat, w, t)
    if t.takeover and w.level == 3:
        grabs = _takeovers(w, seat, free)
        if grabs:
            ranked = _judge(state, seat, grabs, rng, t)
            if ranked[0][0] > now + 0.05:
                return [grabs[i] for _, i in ranked]
    extras: list[Move] = []
    if w.level >= 2 and w.claims < w.claim_limit:
        extras += legal.fate_moves(w, seat)
    if w.level == 3:
        extras += legal.free_territory_moves(w, seat)
        if not w.employee_used:
            for employee in t.employees:
                extras += legal.employee_uses(w, seat, employee)
    limited: list[Move] = []
    if not w.limited_used:
        # a purchase is a trophy now; producing only pays through a later turn's purchase
        limited = [m for m in legal.limited_moves(w, seat) if m["type"] != "produce_goods"]
        if not limited:
            trade = _enabling_trade(state, w, seat)
            if trade is not None:
                return [trade]
            limited = [_produce(w, seat)]
    options = _thinned(extras, rng, t.per_kind) + limited
    if options:
        ranked = _judge(state, seat, options, rng, t)
        best_value, best = ranked[0]
        if best_value > now + 0.05 or options[best] in limited:
            return [options[i] for _, i in ranked]
    return legal.end_turn_moves(w, seat) if w.level != 3 else _end_turn(w, seat)


def _takeovers(w: Work, seat: int, free: list[Move]) -> list[Move]:
    """[L3] Horse moves that take another seat's territory over at once (FR-R145: strictly more
    horses there than its owner), from a place the seat does not lose by leaving it: not an
    owned territory where another seat would then have as many horses (the round-end sweep,
    FR-R252)."""
    out = []
    for m in free:
        if m["type"] != "move_horse":
            continue
        dest = m["destination"]
        owner = w.owners.get(dest)
        if owner is None or owner == seat or w.count_of(seat, dest) + 1 <= w.count_of(owner, dest):
            continue
        here = w.place[m["card_id"]]
        if here != HOLDING and w.owners.get(here) == seat and not LOCATIONS[here].is_home:
            left = w.count_of(seat, here) - 1
            if any(w.count_of(s, here) > left for s in range(w.players) if s != seat):
                continue
        out.append(m)
    return out


def _thinned(moves: list[Move], rng: random.Random, per_kind: int = PER_KIND) -> list[Move]:
    """At most ``PER_KIND`` moves of each kind (an employee, a fate card): Megan or Tom alone can
    offer hundreds of spellings, and judging each costs a ``play``."""
    kinds: dict[str, list[Move]] = {}
    for move in moves:
        key = move.get("employee") or move.get("card_id") or move.get("territory_id") or move["type"]
        kinds.setdefault(f"{move['type']}:{key}", []).append(move)
    out: list[Move] = []
    for group in kinds.values():
        out += group if len(group) <= per_kind else rng.sample(group, per_kind)
    return out


def _enabling_trade(state: State, w: Work, seat: int) -> Move | None:
    """The smallest two-for-one trade after which a horse or a location can be bought."""
    trades = [m for m in legal.free_moves(w, seat) if m["type"] == "trade_goods"]
    for move in sorted(trades, key=lambda m: m["units"]):
        after = Work(play(state, seat, move))
        if [m for m in legal.limited_moves(after, seat) if m["type"] != "produce_goods"]:
            return move
    return None


def _produce(w: Work, seat: int) -> Move:
    """Six goods aimed at the next purchase: boots for a location when no stall is free for a
    market horse, carrots otherwise (and the rest of the six to the other good)."""
    carrots, boots = w.goods[seat]
    room = any(legal.destinations(w, seat, card) for card in w.market if card)
    prices = [legal.price(w, seat, loc) for loc in legal.buyable(w, seat)]
    costs = [HORSES[card].cost for card in w.market if card and legal.destinations(w, seat, card)]
    if room and costs:
        want_carrots = max(0, min(costs) - carrots)
        want_boots = max(0, min(prices, default=0) - boots)
    else:
        want_boots = max(0, min(prices, default=0) - boots)
        want_carrots = 0 if want_boots else 6
    if not room and prices:
        take_boots = min(6, max(want_boots, 6 - want_carrots))
    else:
        take_boots = min(6 - min(6, want_carrots), max(want_boots, 0))
    return {"type": "produce_goods", "carrots": 6 - take_boots, "boots": take_boots}


def _end_turn(w: Work, seat: int) -> list[Move]:
    return sorted(legal.end_turn_moves(w, seat), key=lambda m: EMPLOYEE_TASTE.index(m["new_employee"]))


def basic_move(state: State, seat: int, rng: random.Random) -> Move:
    return ranked_moves(state, seat, rng)[0]


# --- strong -------------------------------------------------------------------------------


def strong_move(view: Any, seat: int, rng: random.Random) -> Move:
    """One ply judged by ``STRONG`` (fate trophies in reach, champions one a final, takeovers),
    tournament entries planned against the public field (``prospects``); from round 4 on, the
    best of that ranking searched to the end of the game (``lookahead``)."""
    state = determinize(view, seat, rng)
    ranked = strong_ranking(state, seat, rng, STRONG)
    if lookahead.searched(state, seat):
        return lookahead.choose(view, seat, rng, state, ranked, _quick_strong, _quick_basic)
    return ranked[0]


def strong_ranking(state: State, seat: int, rng: random.Random, t: Taste = STRONG) -> list[Move]:
    """``strong``'s one-ply ranking, its planned tournament entry first."""
    ranked = ranked_moves(state, seat, rng, t)
    if state.phase == "tournament_entries":
        planned = prospects.entry(Work(state), seat, ranked)
        if planned is not None:
            return [planned] + [m for m in ranked if m != planned]
    return ranked


def _quick_strong(state: State, seat: int, rng: random.Random) -> Move:
    return strong_ranking(state, seat, rng, QUICK_STRONG)[0]


def _quick_basic(state: State, seat: int, rng: random.Random) -> Move:
    return ranked_moves(state, seat, rng, QUICK)[0]


# --- the policies -------------------------------------------------------------------------


def random_policy(inp: BotInput) -> Move:
    return bot_move(determinize(inp.view, inp.seat, inp.rng), inp.seat, inp.rng)


def basic_policy(inp: BotInput) -> Move:
    return basic_move(determinize(inp.view, inp.seat, inp.rng), inp.seat, inp.rng)


def strong_policy(inp: BotInput) -> Move:
    return strong_move(inp.view, inp.seat, inp.rng)


POLICIES: dict[str, Callable[[BotInput], Move]] = {
    "random": random_policy,
    "basic": basic_policy,
    "strong": strong_policy,
}
