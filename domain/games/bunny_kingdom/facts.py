"""What a Bunny Kingdom move set off on its own: the two-player face-down discards (BK-R105),
each harvest's points (BK-R128) and the final scores (BK-R153).

Derived by comparing the state before and after (docs/log.md). A two-player discard is private
to its owner until the game ends (BK-R105): ``views.fact_view`` leaves others only its count.
Harvests and final scores are public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games.bunny_kingdom.scoring import scores
from domain.games.bunny_kingdom.state import State
from domain.games.facts import Fact, fact, final_scores, scores_text, seat_list
from domain.games.game import component_ref, seat_ref

DISCARD = "card discarded"
HARVEST = "harvest scored"
SCORES = "scores"


def derive(before: State, actor: int, move: Mapping[str, Any], after: State) -> list[Fact]:
    """Every fact of one step, in full."""
    facts: list[Fact] = []
    for seat in range(after.players):
        gone = after.removed[seat][len(before.removed[seat]):] if len(after.removed[seat]) > len(
            before.removed[seat]) else ()
        if gone:
            facts.append(fact(DISCARD, "BK-R105", [seat], {seat: {"cards": len(gone)}}, gone))
    if after.harvests and len(after.harvests[0]) > len(before.harvests[0]):
        seats = range(after.players)
        facts.append(fact(HARVEST, "BK-R128", seats,
                          {s: {"points": after.harvests[s][-1], "total": sum(after.harvests[s])} for s in seats},
                          [f"round:{len(after.harvests[0])}"]))
    if after.phase == "over" and before.phase != "over":
        facts.append(final_scores(scores(after), "BK-R153"))
    return facts


def text(f: Fact) -> str:
    """The fact as one log sentence, from its (possibly redacted) fields."""
    kind, seats = f["kind"], f["seats"]
    if kind == DISCARD:
        seat = seats[0]
        cards = f["components"]
        what = " and ".join(component_ref("card", card) for card in cards) if cards else (
            "a card" if f["amounts"][str(seat)]["cards"] == 1 else f"{f['amounts'][str(seat)]['cards']} cards")
        return f"{seat_ref(seat)} discarded {what} face down, out of the game."
    if kind == HARVEST:
        round_ = f["components"][0].split(":")[1]
        # each number with its unit ("you 6 points"), as the final scores say it; it read "you 6,
        # Bot 2 19" (table review, sixteenth session's second look)
        points = ", ".join(f"{seat_ref(s)} {_points(f['amounts'][str(s)]['points'])}" for s in seats)
        return f"Harvest of round {round_} scored: {points}."
    if kind == SCORES:
        return scores_text(f)
    return f"{kind}: {seat_list(seats)}"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"
