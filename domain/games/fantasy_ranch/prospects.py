"""Tournament prospects for the ``strong`` bot: what an entry is worth against the public field.

Entries are declared one at a time and are public (FR-R203/FR-D36), every seat's horses, dice and
goods are public (FR-R300), and a horse competes once per round (FR-R206). So a seat can plan its
entries for the round's tournaments (both of a round's T slots, or all three finals) against what
the others can still enter, instead of entering its most dice at once as ``basic`` does: keep a
horse back for the round's other tournament when this one is lost anyway, or keep a champion
back for a final the others can only pay into. The other seats are modelled as ``basic`` plays
them (the most dice, a champion before a paid entry); the places follow from the dice sums
(FR-D04), ties counted as a coin flip (a re-roll among the tied, FR-R205). Pure functions of the
state, no randomness: the same view gives the same plan.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from domain.games.fantasy_ranch import tournaments
from domain.games.fantasy_ranch.components import FINAL_ENTRY_FEE, HORSES, PRINTED_SKILLS, TOURNAMENT_CARDS
from domain.games.fantasy_ranch.places import destinations, free_places
from domain.games.fantasy_ranch.scoring import breakdown
from domain.games.fantasy_ranch.state import HOLDING, Work

Move = dict[str, Any]

#: a good's worth at a tournament (a place's goods prize), and a prize horse with no place.
GOOD = 0.22
NO_ROOM = 0.15


@cache
def _pmf(n: int) -> tuple[float, ...]:
    """Probabilities of the sums 0..6n of n six-sided dice."""
    dist = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(dist) + 6)
        for s, p in enumerate(dist):
            for face in range(1, 7):
                nxt[s + face] += p / 6
        dist = nxt
    return tuple(dist)


@cache
def _tail(n: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For each x: P(sum > x) and P(sum == x) of n dice (x up to 18)."""
    pmf = _pmf(n) + (0.0,) * (20 - len(_pmf(n)))
    above = tuple(sum(pmf[x + 1 :]) for x in range(19))
    return above, tuple(pmf[:19])


@cache
def places(dice: tuple[int, ...]) -> tuple[tuple[float, ...], ...]:
    """P(place k) for each entrant of a tournament with these dice counts (ties a coin flip)."""
    out = []
    for i, n in enumerate(dice):
        probs = [0.0] * len(dice)
        for x, px in enumerate(_pmf(n)):
            if px == 0:
                continue
            # the number of other entrants placed above: a Poisson-binomial over the others
            count = [1.0]
            for j, m in enumerate(dice):
                if j == i:
                    continue
                above, equal = _tail(m)
                a = above[x] + 0.5 * equal[x]
                nxt = [0.0] * (len(count) + 1)
                for k, p in enumerate(count):
                    nxt[k] += p * (1 - a)
                    nxt[k + 1] += p * a
                count = nxt
            for k, p in enumerate(count):
                probs[k] += px * p
        out.append(tuple(probs))
    return tuple(out)


def _skill(w: Work, slot: int) -> str:
    if w.level == 3:
        return TOURNAMENT_CARDS[w.tournament_cards[slot]].skill
    return PRINTED_SKILLS[slot]


def _ready(w: Work, seat: int) -> list[str]:
    return [c for c in w.horses_of(seat) if w.place[c] != HOLDING and c not in w.competed]


def _has_room(w: Work, seat: int) -> bool:
    return any(destinations(w, seat, card) for card in w.market if card)


def _room(w: Work, seat: int) -> int:
    owned = [loc for loc, o in w.owners.items() if o == seat]
    return sum(max(0, free_places(w, loc)) for loc in owned)


# --- the round's two tournaments ----------------------------------------------------------


def _greedy_pick(w: Work, seat: int, cards: list[str], skill: str, other: str | None) -> str | None:
    """``basic``'s entry: the most dice, a horse kept for the round's other tournament counting
    half against it."""
    best, pick = 0.0, None
    for c in cards:
        d = HORSES[c].dice(skill)
        if d <= 0:
            continue
        taste = 1 + d - (0.5 * HORSES[c].dice(other) if other else 0)
        if taste > best:
            best, pick = taste, c
    return pick


def _value(dice_me: int, field: list[int], horse: float) -> float:
    """What an entry with ``dice_me`` dice is worth against the other entrants' dice."""
    if dice_me <= 0:
        return 0.0
    probs = places(tuple([dice_me] + field))[0]
    prizes = (horse, 2 * GOOD, GOOD, GOOD)
    return sum(p * v for p, v in zip(probs, prizes))


def slot_entry(w: Work, seat: int, moves: list[Move]) -> Move | None:
    """The entry for a T slot that does most for this slot and the round's other one, or None."""
    slot = w.slot
    skill = _skill(w, slot)
    second = _skill(w, slot + 1) if slot % 2 == 0 else None
    horse = 1.0 if _has_room(w, seat) else NO_ROOM
    declared = {s: (c, d) for s, c, d, kind in w.entries}
    later = [s for s in w.order[w.cursor + 1 :]]
    # the field now: declared entries, then the later seats as basic enters them
    field_now: list[int] = [d for s, (c, d) in declared.items() if c is not None and s != seat]
    used: dict[int, str | None] = {s: c for s, (c, d) in declared.items()}
    for s in later:
        pick = _greedy_pick(w, s, _ready(w, s), skill, second)
        used[s] = pick
        if pick:
            field_now.append(HORSES[pick].dice(skill))
    field_next: list[int] = []
    if second:
        for s in range(w.players):
            if s == seat:
                continue
            rest = [c for c in _ready(w, s) if c != used.get(s)]
            pick = _greedy_pick(w, s, rest, second, None)
            if pick:
                field_next.append(HORSES[pick].dice(second))
    mine = _ready(w, seat)
    best, choice = -1.0, None
    for move in moves:
        if move["type"] == "decline_tournament":
            card = None
        elif move["type"] == "enter_tournament":
            card = move["card_id"]
        else:
            continue
        value = _value(HORSES[card].dice(skill), field_now, horse) if card else 0.0
        if second:
            rest = [HORSES[c].dice(second) for c in mine if c != card]
            value += _value(max(rest, default=0), field_next, horse)
        if value > best + 1e-9:
            best, choice = value, move
    return choice


# --- the finals ---------------------------------------------------------------------------


def _champions(w: Work, seat: int) -> list[int]:
    return sorted((HORSES[c].best_dice for c in _ready(w, seat) if HORSES[c].world_class), reverse=True)


def final_entry(w: Work, seat: int, moves: list[Move]) -> Move | None:
    """Enter a champion, pay or decline in this final, planning all the finals still to come
    against the others' champions and goods (each plays as ``basic``: its best champion, else a
    paid entry while it has 4 goods); judged by the seat's trophies plus the horses it can
    expect to place, against the best other seat's."""
    finals = list(range(w.slot, 11))
    declared = {s: d if kind in tournaments.ENTERED else 0 for s, _, d, kind in w.entries}
    order = w.order
    # the others' entries, final by final (they do not depend on the seat's own)
    others: dict[int, list[int]] = {}
    for s in range(w.players):
        if s == seat:
            continue
        champs, goods, row = _champions(w, s), sum(w.goods[s]), []
        for f in finals:
            if f == w.slot and s in declared:
                row.append(declared[s])
                continue
            if champs:
                row.append(champs.pop(0))
            elif goods >= FINAL_ENTRY_FEE:
                goods -= FINAL_ENTRY_FEE
                row.append(1)
            else:
                row.append(0)
        others[s] = row
    score = {s: sum(breakdown(w, s).values()) for s in range(w.players)}
    room = {s: _room(w, s) for s in range(w.players)}
    champs, goods = _champions(w, seat), sum(w.goods[seat])
    # the seat's plans: per final a champion (by dice), a paid entry or nothing
    best, best_first = None, None
    options = sorted(set(champs)) + [0, -1]  # -1: paid
    for plan in itertools.product(options, repeat=len(finals)):
        left, g, ok = list(champs), goods, True
        for choice in plan:
            if choice > 0:
                if choice not in left:
                    ok = False
                    break
                left.remove(choice)
            elif choice == -1:
                if left or g < FINAL_ENTRY_FEE:  # FR-D19: no paid entry beside a champion
                    ok = False
                    break
                g -= FINAL_ENTRY_FEE
        if not ok:
            continue
        mine = [1.0]  # the distribution of horses won
        gained = {s: 0.0 for s in others}
        for i, choice in enumerate(plan):
            dice_me = 1 if choice == -1 else choice
            seats = [s for s in order if s == seat or others[s][i] > 0] if dice_me else [
                s for s in order if s != seat and others[s][i] > 0
            ]
            dice = tuple(dice_me if s == seat else others[s][i] for s in seats)
            probs = places(dice) if len(seats) > 1 else ((1.0,),) * len(seats)
            for s, p in zip(seats, probs):
                won = (2 * p[0] + (p[1] if len(p) > 1 else 0.0))
                if s == seat:
                    p1, p2 = p[0], (p[1] if len(p) > 1 else 0.0)
                    nxt = [0.0] * (len(mine) + 2)
                    for k, q in enumerate(mine):
                        nxt[k] += q * (1 - p1 - p2)
                        nxt[k + 1] += q * p2
                        nxt[k + 2] += q * p1
                    mine = nxt
                else:
                    gained[s] += won
        expect = sum(q * min(k, room[seat]) for k, q in enumerate(mine))
        rival = max(score[s] + min(gained[s], room[s]) for s in others) if others else 0.0
        value = score[seat] + expect - rival + 0.01 * (g - goods)
        if best is None or value > best + 1e-9:
            best, best_first = value, plan[0]
    if best_first is None:
        return None
    for move in moves:
        if best_first == 0 and move["type"] == "decline_tournament":
            return move
        if best_first == -1 and move["type"] == "enter_final_paid":
            return move
        if best_first > 0 and move["type"] == "enter_tournament":
            if HORSES[move["card_id"]].best_dice == best_first:
                return move
    return None


def entry(w: Work, seat: int, ranked: list[Move]) -> Move | None:
    """The planned entry among ``ranked`` (basic's order, which breaks ties), or None."""
    if w.phase != "tournament_entries" or tournaments.awaited(w) != seat:
        return None
    if w.slot >= 8:
        return final_entry(w, seat, ranked)
    return slot_entry(w, seat, ranked)

