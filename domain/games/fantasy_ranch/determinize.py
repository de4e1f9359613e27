"""A full Fantasy Ranch state rebuilt from one seat's view, its hidden part drawn at random.

Bots decide from ``player_view`` alone (``domain.games.game.BotInput``), yet a search needs a
state to run ``play`` on. The view holds every public fact (FR-R300); what it hides (FR-R301..
FR-R303) is the order and content of the horse and fate decks, other seats' draft hands and
(level 3) picks, Tessa's cards when another seat looks, and the 8 tournament cards removed in
level 3. ``determinize`` deals those from what the seat has not seen — every horse card not
owned, in the market, in the discard pile, in its own hand or picks; every fate card not in the
open; the tournament cards not on a slot — so the rebuilt state's ``player_view`` for that seat
is the view it came from, and nothing but the view is read.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.games.fantasy_ranch.components import (
    SLOT_NAMES,
    START_HORSES,
    TOURNAMENT_CARDS,
    fate_cards_for,
    horse_ids,
)
from domain.games.fantasy_ranch.state import State

PRE_DRAFT = ("draw_start_player", "shuffle_horses", "shuffle_fate", "choose_employee")


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random) -> State:
    """One state consistent with ``view`` (``player_view(state, seat)``), hidden parts sampled."""
    n = len(view["goods"])
    level = view["level"]
    phase = view["phase"]
    private = view["private"] or {
        "hand": [],
        "picks": [],
        "pending_pick": None,
        "seen_in_draft": [],
        "tessa_cards": [],
    }
    draft = view["draft"]

    horses = tuple(
        sorted((h["card_id"], owner, h["place"]) for owner, held in enumerate(view["horses"]) for h in held)
    )
    public_picks = draft["picks"] if draft and draft["picks"] is not None else None
    known = {c for c, _, _ in horses} | {c for c in view["market"] if c} | set(view["discard"])
    known |= set(private["tessa_cards"])
    if phase == "draft":  # afterwards picks are owned horses (or, given to Tom, back in the deck)
        known |= set(private["hand"]) | set(private["picks"])
        known |= {c for picks in public_picks or () for c in picks}
    unseen = [c for c in horse_ids() if c not in known]
    rng.shuffle(unseen)

    hands: list[tuple[str, ...]] = [()] * n
    picks: list[tuple[str, ...]] = [()] * n
    step_picks: list[str | None] = [None] * n
    seen: list[tuple[str, ...]] = [()] * n
    if view["phase"] == "draft" or level >= 2:
        for s in range(n):
            if s == seat:
                # the view lists a pick made this step in the hand; the state holds it apart
                step_picks[s] = private["pending_pick"]
                hands[s] = tuple(c for c in private["hand"] if c != step_picks[s])
                picks[s] = tuple(private["picks"])
                seen[s] = tuple(private["seen_in_draft"])
                continue
            size = draft["hand_sizes"][s] if draft else 0
            hands[s] = tuple(unseen.pop() for _ in range(size))
            if public_picks is not None:
                picks[s] = tuple(public_picks[s])
            elif draft:
                picks[s] = tuple(unseen.pop() for _ in range(draft["pick_counts"][s]))
            seen[s] = hands[s] + picks[s]
            if draft and draft["picked_this_step"][s] and hands[s]:
                step_picks[s] = rng.choice(hands[s])
                hands[s] = tuple(c for c in hands[s] if c != step_picks[s])
    tessa = tuple(private["tessa_cards"])
    if not tessa and phase == "tessa_choice":
        tessa = tuple(unseen.pop() for _ in range(view["tessa_cards"]))
    horse_deck = tuple(unseen[: view["horse_deck_size"]])
    if not tessa and view["tessa_cards"]:  # a past look: those cards lie in the deck or were bought
        tessa = tuple((list(horse_deck) + unseen)[: view["tessa_cards"]])

    open_fate = set(view["display"]) | {c for p in view["pending_fate"] for c in p}
    open_fate |= {c for k in view["kept_fate"] for c in k}
    fate_pool = [c for c in fate_cards_for(level) if c not in open_fate] if level >= 2 else []
    rng.shuffle(fate_pool)
    fate_deck = tuple(fate_pool[: view["fate_deck_size"]])

    tournament_cards = tuple(view["tournament_cards"])
    removed: tuple[str, ...] = ()
    if tournament_cards:
        removed_pool = [c for c in sorted(TOURNAMENT_CARDS) if c not in tournament_cards]
        rng.shuffle(removed_pool)
        removed = tuple(removed_pool)

    tournament = view["tournament"]
    results = tuple(_result(r) for r in view["results"])
    turn = view["turn"]
    return State(
        players=n,
        level=level,
        side=view["community_side"] or "B",
        phase=phase,
        round=view["round"],
        start=view["start_player"],
        cursor=_cursor(view, n),
        goods=tuple((g["carrots"], g["boots"]) for g in view["goods"]),
        horses=horses,
        horse_deck=horse_deck,
        discard=tuple(view["discard"]),
        market=tuple(view["market"]),
        ranches=tuple(tuple(r) if r else None for r in view["ranches"]),
        grid=tuple(tuple(row) for row in view["community"]),
        owners=tuple(sorted(view["owners"].items())),
        upgrades=tuple(sorted((loc, tuple(v)) for loc, v in view["upgrades"].items())),
        competed=tuple(sorted(view["competed"])),
        hands=tuple(hands),
        picks=tuple(picks),
        step_picks=tuple(step_picks),
        draft_step=_draft_step(view),
        seen=tuple(seen),
        fate_deck=fate_deck,
        pending_fate=tuple(tuple(p) for p in view["pending_fate"]),
        kept_fate=tuple(tuple(k) for k in view["kept_fate"]),
        display=tuple(view["display"]),
        employees=tuple(view["employees"]),
        tournament_cards=tournament_cards,
        removed_cards=removed,
        tessa=tessa,
        limited_used=turn["limited_used"],
        claims=turn["claims"],
        claim_limit=turn["claim_limit"],
        employee_used=turn["employee_used"],
        slot=_slot(view),
        entries=tuple((e["seat"], e["card_id"], e["dice"], e["kind"]) for e in tournament["entries"])
        if tournament
        else (),
        standings=tuple(tuple(g) for g in tournament["standings"]) if tournament else (),
        rolls=len(tournament["rolls"]) if tournament else 0,
        ranking=tuple(tournament["ranking"]) if tournament else (),
        prizes=tuple((p["seat"], p["place"], p["item_index"], p["item"]) for p in tournament["prizes"])
        if tournament
        else (),
        last_winner=-1,
        dice=_dice(tournament["rolls"]) if tournament else (),
        results=results,
    )


def _order(view: Mapping[str, Any], n: int) -> list[int]:
    return [(view["start_player"] + i) % n for i in range(n)]


def _cursor(view: Mapping[str, Any], n: int) -> int:
    """The index of whoever acts in the current sequential step (turn order, or reverse for homes)."""
    phase = view["phase"]
    awaiting = view["awaiting"]
    if phase.startswith("tournament") and view["tournament"]:
        return len(view["tournament"]["entries"])
    if phase in ("turn", "tessa_choice", "choose_ranch", "choose_employee") and awaiting:
        return _order(view, n).index(awaiting[0])
    if phase == "choose_home" and awaiting:
        home_order = [(view["start_player"] - 1 - i) % n for i in range(n)]
        return home_order.index(awaiting[0])
    if phase == "draft" and view["level"] == 3:
        return n
    return 0


def _draft_step(view: Mapping[str, Any]) -> int:
    if view["draft"]:
        return view["draft"]["step"]
    if view["level"] == 1 or view["phase"] in PRE_DRAFT:
        return 0
    return START_HORSES


def _slot(view: Mapping[str, Any]) -> int:
    if view["tournament"]:
        return SLOT_NAMES.index(view["tournament"]["slot"])
    if view["results"]:
        return SLOT_NAMES.index(view["results"][-1]["slot"])
    return 0


def _dice(rolls: list[Mapping[str, Any]]) -> tuple:
    return tuple(tuple((s, tuple(roll["dice"][str(s)])) for s in roll["seats"]) for roll in rolls)


def _result(result: Mapping[str, Any]) -> tuple:
    """A finished tournament; the horses entered are not in the view and play no further part."""
    entries = tuple((e["seat"], None, e["dice"], e["kind"]) for e in result["entries"])
    return (SLOT_NAMES.index(result["slot"]), tuple(result["ranking"]), _dice(result["rolls"]), entries)
