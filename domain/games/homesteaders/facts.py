"""What a Homesteaders move or chance step set off on its own: income, automatic wages, debts
taken for a shortfall, discarded auction tiles, a new start player and the final scores.

Derived by comparing the state before and after (docs/log.md), so the recorded events stay
moves and outcomes. Every fact is public (HS-H01) except a debt taken for a shortfall, which is
a private transaction in screened mode (HS-H04); ``views.fact_view`` redacts it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games.facts import Fact, fact, final_scores, quantities, scores_text
from domain.games.game import component_ref, seat_ref, their_ref
from domain.games.homesteaders import scoring
from domain.games.homesteaders.state import NOBODY, State

#: The log's words for a holding counted in a sentence, as one and as many, where the key is not
#: the noun: "1 trade token" ("collected income: 6 silver, 2 trade" read as a slip; table review,
#: sixteenth session's second look), "1 worker".
COUNTED = {"trade": ("trade token", "trade tokens"), "workers": ("worker", "workers")}

INCOME = "income paid"
WAGES = "wages paid"
DEBT = "debt taken"
TILE = "tile discarded"
START = "start player changed"
SCORES = "scores"


def derive(before: State, actor: int, move: Mapping[str, Any], after: State) -> list[Fact]:
    """Every fact of one step, in full (``views.fact_view`` decides who reads what)."""
    facts: list[Fact] = []
    if before.phase == "allocation" and after.phase != "allocation":
        facts += _income_and_wages(after)
    if move.get("type") in ("pay_wages", "pay_auction") and after.seat(actor).debt > before.seat(actor).debt:
        taken = after.seat(actor).debt - before.seat(actor).debt
        facts.append(fact(DEBT, "HS-R07", [actor], {actor: {"debt": taken}}, [move["type"]]))
    facts += _discarded(before, after)
    if before.start != NOBODY and after.start != before.start:
        facts.append(fact(START, "HS-A17" if before.players == 2 else "HS-A16", [after.start],
                          components=[f"from:{before.start}"]))
    if after.phase == "over" and before.phase != "over":
        facts.append(final_scores(scoring.scores(after), "HS-E02"))
    return facts


def _income_and_wages(after: State) -> list[Fact]:
    """HS-A06 income, seat by seat, then HS-A07 wages for every seat paid automatically."""
    facts = []
    for seat, player in enumerate(after.seats):
        totals: dict[str, int] = {}
        for _, gained in player.income:
            for holding, n in gained:
                totals[holding] = totals.get(holding, 0) + n
        if totals:
            facts.append(fact(INCOME, "HS-A06", [seat], {seat: totals}, [source for source, _ in player.income]))
    for seat, player in enumerate(after.seats):
        if not player.wages_due and player.workers:
            facts.append(fact(WAGES, "HS-A07", [seat], {seat: {"silver": len(player.workers)}}, ["auto"]))
    return facts


def _discarded_slots(state: State) -> set[int]:
    """The slots of the round whose tile is already discarded (HS-D36: when its slot ends)."""
    if not state.winners:
        return set()
    pending = {int(step.split(":")[1]) for step in state.agenda if step.startswith("resolve:")}
    return set(range(1, len(state.slots) + 1)) - pending - {state.cur_slot}


def _discarded(before: State, after: State) -> list[Fact]:
    """HS-A25/HS-A30 (no winner) and HS-A37 (resolved): tiles whose slot ended in this step."""
    if after.round == before.round:
        gone = _discarded_slots(after) - _discarded_slots(before)
    else:
        gone = set(range(1, len(before.slots) + 1)) - _discarded_slots(before)
    facts = []
    for slot in sorted(gone):
        won = slot <= len(before.winners) and before.winners[slot - 1] != NOBODY
        facts.append(fact(TILE, "HS-A37" if won else "HS-A30", [], {},
                          [before.slots[slot - 1], f"slot:{slot}", "resolved" if won else "no_winner"]))
    return facts


def text(f: Fact) -> str:
    """The fact as one log sentence, from its (possibly redacted) fields."""
    kind, seats = f["kind"], f["seats"]
    if kind == INCOME:
        seat = seats[0]
        gained = dict(f["amounts"].get(str(seat), {}))
        discarded = -gained.pop("debt", 0)
        words = quantities({("VP" if k == "vp_tokens" else k): v for k, v in gained.items()}, COUNTED)
        tail = (" and discarded a debt" if words else " discarded a debt") if discarded > 0 else ""
        return f"{seat_ref(seat)} collected income{': ' + words if words else ''}{tail}."
    if kind == WAGES:
        seat = seats[0]
        return f"{seat_ref(seat)} paid {f['amounts'][str(seat)]['silver']} silver in wages automatically."
    if kind == DEBT:
        seat = seats[0]
        n = f["amounts"][str(seat)]["debt"]
        return f"{seat_ref(seat)} took {n} debt{'s' if n > 1 else ''} to cover {their_ref(seat)} shortfall."
    if kind == TILE:
        tile, slot, reason = f["components"]
        why = "after its slot was resolved" if reason == "resolved" else "unused: nobody won it"
        return f"The tile of auction slot {slot.split(':')[1]} ({component_ref('tile', tile)}) was discarded {why}."
    if kind == START:
        return f"The start player is now {seat_ref(seats[0])}."
    if kind == SCORES:
        return scores_text(f)
    return kind
