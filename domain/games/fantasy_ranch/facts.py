"""What a Fantasy Ranch move or chance step set off on its own: territories taken over (FR-R145)
or changing hands in the round-end sweep (FR-R252), a new start player (FR-R059/FR-R060) and
the final scores.

Derived by comparing the state before and after (docs/log.md). All of it is public (FR-R300:
owners, the start player, scores), so ``views.fact_view`` shows every fact to every viewer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games.facts import Fact, fact, final_scores, scores_text
from domain.games.fantasy_ranch import scoring
from domain.games.fantasy_ranch.catalog import OTHER_TERMS
from domain.games.fantasy_ranch.components import LOCATIONS
from domain.games.fantasy_ranch.state import State
from domain.games.game import component_ref, seat_ref

TAKEOVER = "territory taken over"
SWEEP = "territory changed owner at round end"
START = "start player changed"
SCORES = "scores"


def _ended_round(before: State, after: State) -> bool:
    return after.round != before.round or (after.phase == "game_over" and before.phase != "game_over")


def derive(before: State, actor: int, move: Mapping[str, Any], after: State) -> list[Fact]:
    """Every fact of one step, in full."""
    facts: list[Fact] = []
    old, new = dict(before.owners), dict(after.owners)
    named = {v for v in move.values() if isinstance(v, str)}
    swept = _ended_round(before, after)
    for loc in sorted(new, key=lambda t: (LOCATIONS[t].board, t) if t in LOCATIONS else (99, t)):
        if loc in old and old[loc] != new[loc]:
            kind, rule = (SWEEP, "FR-R252") if swept and loc not in named else (TAKEOVER, "FR-R145")
            facts.append(fact(kind, rule, [new[loc], old[loc]], components=[loc]))
    if before.start >= 0 and after.start != before.start:
        facts.append(fact(START, "FR-R060" if before.level == 3 else "FR-R059", [after.start],
                          components=[f"from:{before.start}"]))
    if after.phase == "game_over" and before.phase != "game_over":
        facts.append(final_scores(scoring.scores(after), "FR-R350"))
    return facts


def text(f: Fact) -> str:
    """The fact as one log sentence."""
    kind, seats = f["kind"], f["seats"]
    if kind == TAKEOVER:
        where = component_ref("location", f["components"][0])
        return f"{seat_ref(seats[0])} took the {where} over from {seat_ref(seats[1])}."
    if kind == SWEEP:
        where = component_ref("location", f["components"][0])
        return f"Round-end sweep: the {where} passed from {seat_ref(seats[1])} to {seat_ref(seats[0])}."
    if kind == START:
        return f"The start player is now {seat_ref(seats[0])}."
    if kind == SCORES:
        return scores_text(f, OTHER_TERMS)  # "7 trophies", as the final ranking says
    return kind
