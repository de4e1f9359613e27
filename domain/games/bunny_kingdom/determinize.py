"""A full Bunny Kingdom state rebuilt from one seat's view, the hidden part sampled.

The search of the ``strong`` bot needs states to simulate, and the bot may know only its
``player_view``. Everything public (board, fronts, discard piles, harvests, revealed parchments)
and the seat's own secrets are copied; what it cannot see is drawn from the cards it has not
seen placed: the other seats' hands, parchments and two-player discards, the reserves and the
deck order. Cards the seat once held and has not seen played since (BK-R130's ``seen``) are
somewhere in the other seats' hands or holdings, never in the deck, so they go there first.
Other seats' hidden choices (a pending pick, trading-post or copy choice) are left unmade: the
simulation makes them again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.games.bunny_kingdom.components import ALL_CARDS, BUILDING_CARDS, INDEX, PARCHMENTS, camp_priority
from domain.games.bunny_kingdom.state import PRINTED, State, initial_state


def whole_state(view: Mapping[str, Any], seat: int, rng: random.Random) -> State:
    """``GAME.determinize``: a state whose view for ``seat`` is exactly ``view`` (a what-if branch
    starts from it, tests/domain/test_what_if.py). A seat the view shows as having chosen its
    pick has chosen one in it too, the first cards of its sampled hand: which ones the viewer
    cannot know, only that it chose. The bots' search keeps ``determinize``, whose other seats
    choose again in the simulation."""
    return determinize(view, seat, rng, commit=True)


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random, sample: bool | None = True,
                commit: bool = False) -> State:
    """A state consistent with the seat's ``view``. ``sample=False``: the hidden cards are not
    dealt at all (their places left empty), for a caller that reads none of them; ``None``: the
    same, the generator advanced as dealing them would (shuffling the cards the seat has not
    seen), for a caller that draws from it after. ``commit``: the other seats the view shows as
    having chosen this pick have a pick chosen from their sampled hands (see ``whole_state``)."""
    seats = view["seats"]
    n = len(seats)
    you = view["you"]
    state = initial_state(n)
    owners, buildings, trading = list(state.owners), list(state.buildings), [None] * 100
    for coord, square in view["board"].items():
        i = INDEX[coord]
        owners[i] = -1 if square["owner"] is None else square["owner"]
        buildings[i] = square["building"]
    for coord, resource in view["trading_posts"].items():
        trading[INDEX[coord]] = resource
    fronts = tuple(tuple(s["front"]) for s in seats)
    discards = tuple(tuple(s["discard_pile"]) for s in seats)
    revealed = all("parchments" in s for s in seats)

    if sample:
        hands, parchments, removed, reserves, deck = _dealt(view, seat, rng, fronts, discards, buildings, revealed)
    else:  # the seat's own cards only; the other hands, parchments, reserves and deck left empty
        if sample is None:  # the generator still draws what the deal would, so what follows is the same
            rng.shuffle([None] * len(_unseen(view, fronts, discards, buildings, revealed)))
        hands, parchments, removed = [()] * n, [()] * n, [()] * n
        hands[seat], parchments[seat], removed[seat] = tuple(you["hand"]), tuple(you["parchments"]), tuple(you["removed"])
        if revealed:
            parchments = [p if s == seat else tuple(seats[s]["parchments"]) for s, p in enumerate(parchments)]
        reserves, deck = ((),) * n, ()

    offer = view["camp_offer"]
    limit = camp_priority(offer["card"]) if offer else 99
    answered = tuple(
        c for front in fronts for c in front if BUILDING_CARDS[c]["kind"] == "camp" and camp_priority(c) < limit
    ) if view["phase"] == "construction" else ()
    selection = you["selection"]
    selections = [None] * n
    if selection and view["phase"] == "exploration":
        selections[seat] = (tuple(selection["play"]), selection["discard"])
    if commit and sample and view["phase"] == "exploration":
        for s, public in enumerate(seats):
            if s != seat and public["has_chosen"] and len(hands[s]) >= 2:
                first, second = hands[s][:2]
                selections[s] = ((first,), second) if n == 2 else ((first, second), None)
    tp = [None] * n
    if you["trading_post_choices"]:
        tp[seat] = tuple(sorted(you["trading_post_choices"].items()))
    copy_pending = [()] * n
    if view["phase"] == "copy":
        copy_pending[seat] = tuple(you["copy_choices"].items())
    seen_by = [tuple(sorted(set(h))) for h in hands]
    seen_by[seat] = tuple(you["seen"])
    return state.set(
        phase=view["phase"],
        round=view["round"],
        pick=view["pick"],
        deck=deck,
        hands=tuple(hands),
        reserves=reserves,
        selections=tuple(selections),
        owners=tuple(owners),
        buildings=tuple(buildings),
        fronts=fronts,
        parchments=tuple(parchments),
        discards=discards,
        removed=tuple(removed),
        seen=tuple(seen_by),
        finished=tuple(s["construction_finished"] for s in seats),
        camps_answered=answered,
        trading=tuple(trading),
        tp_pending=tuple(tp),
        copy_pending=tuple(copy_pending),
        copy_final=tuple(tuple(c) for c in view["copy_targets"]),
        harvests=tuple(tuple(s["harvests"]) for s in seats),
    )


def _unseen(view: Mapping[str, Any], fronts: tuple, discards: tuple, buildings: list, revealed: bool) -> list[str]:
    """The cards the seat has not seen placed, held or played, in catalogue order."""
    seats, you = view["seats"], view["you"]
    known: set[str] = set(you["hand"]) | set(you["parchments"]) | set(you["removed"])
    for s in range(len(seats)):
        known |= set(fronts[s]) | set(discards[s])
        if revealed:
            known |= set(seats[s]["parchments"])
    known |= {b for b in buildings if b is not None and b != PRINTED}
    return [c for c in ALL_CARDS if c not in known]


def _dealt(view: Mapping[str, Any], seat: int, rng: random.Random, fronts: tuple, discards: tuple, buildings: list,
           revealed: bool) -> tuple:
    """The hidden cards dealt from those the seat has not seen: the other hands, parchments and
    two-player discards, the reserves and the deck."""
    seats = view["seats"]
    n = len(seats)
    you = view["you"]
    unknown = _unseen(view, fronts, discards, buildings, revealed)
    rng.shuffle(unknown)
    seen = set(you["seen"])  # one set, not one per card (the comprehensions below ran it per card)
    seen_elsewhere = [c for c in unknown if c in seen]
    elsewhere = set(seen_elsewhere)

    hands: list[tuple[str, ...]] = [()] * n
    parchments: list[tuple[str, ...]] = [()] * n
    removed: list[tuple[str, ...]] = [()] * n
    hands[seat], parchments[seat], removed[seat] = tuple(you["hand"]), tuple(you["parchments"]), tuple(you["removed"])
    taken: set[str] = set()
    read: dict[int, int] = {}  # per pool: how far draws have read it (all before is taken)

    def draw(count: int, pool: list[str]) -> tuple[str, ...]:
        """The first ``count`` cards of ``pool`` not taken yet (from where the last draw of the
        pool stopped: every card before it is taken, so none is read twice)."""
        out: list[str] = []
        at, end = read.get(id(pool), 0), len(pool)
        while len(out) < count and at < end:
            card = pool[at]
            at += 1
            if card not in taken:
                taken.add(card)
                out.append(card)
        read[id(pool)] = at
        return tuple(out)

    others = [s for s in range(n) if s != seat]
    unknown_parchments = [c for c in unknown if c in PARCHMENTS]
    for s in others:  # parchments are parchment cards, hidden until the end
        if revealed:
            parchments[s] = tuple(seats[s]["parchments"])
        else:
            parchments[s] = tuple(sorted(draw(seats[s]["parchment_count"], unknown_parchments)))
    slots = [(s, "hand", seats[s]["hand_size"]) for s in others] + [(s, "removed", seats[s]["removed_count"]) for s in others]
    pool = seen_elsewhere + [c for c in unknown if c not in elsewhere]
    for s, kind, count in slots:
        cards = draw(count, pool)
        if kind == "hand":
            hands[s] = cards
        else:
            removed[s] = cards
    rest = [c for c in unknown if c not in taken and c not in elsewhere]
    rest += [c for c in seen_elsewhere if c not in taken]  # only when the counts disagree
    # nothing in ``rest`` is taken, and nothing else is drawn after: the reserves and the deck
    # are its next cards in turn
    at, dealt = 0, []
    for s in range(n):
        dealt.append(tuple(rest[at:at + seats[s]["reserve_size"]]))
        at += seats[s]["reserve_size"]
    return hands, parchments, removed, tuple(dealt), tuple(rest[at:at + view["deck_size"]])

