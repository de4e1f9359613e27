"""What a Walnut Grove move or chance step set off on its own: tolls paid with coins (WG-R33),
neighbour-help tiles taken, flipped (WG-A08) or returned (WG-R61), and the final scores
(WG-E03).

Derived by comparing the state before and after (docs/log.md). A toll coin's identity and value
are known to its payer only until the game ends (WG-H01, WG-H03): ``views.fact_view`` shows the
others only that one coin was paid. Help tiles and scores are public (WG-H07).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.games.facts import Fact, fact, final_scores, scores_text
from domain.games.game import Scores, component_ref, seat_ref, their_ref
from domain.games.walnut_grove.components import COIN_VALUES
from domain.games.walnut_grove.fall import route
from domain.games.walnut_grove.scoring import scores
from domain.games.walnut_grove.state import WalnutGroveState

TOLL = "toll paid"
HELP_TAKEN = "help tile taken"
HELP_FLIPPED = "help tile flipped"
HELP_RETURNED = "help tile returned"
SCORES = "scores"


def derive(before: WalnutGroveState, actor: int, move: Mapping[str, Any], after: WalnutGroveState,
           score: Callable[[WalnutGroveState], Scores] = scores) -> list[Fact]:
    """Every fact of one step, in full (the final scores by the table's rules version's ``score``)."""
    facts: list[Fact] = []
    if move.get("type") == "take_fall_turn" and before.player(actor).place:
        names = route(before.player(actor).place, move["destination"]).tolls
        for toll, entry in zip(names, move.get("tolls") or []):
            if isinstance(entry, str) and entry.startswith("coin:"):
                coin = entry.split(":", 1)[1]
                facts.append(fact(TOLL, "WG-R33", [actor], {actor: {"coins": 1, "value": COIN_VALUES.get(coin, 0)}},
                                  [toll, coin]))
    for seat in range(after.n):
        facts += _help(seat, before, after)
    if after.phase == "ended" and before.phase != "ended":
        facts.append(final_scores(score(after), "WG-E03"))
    return facts


def _help(seat: int, before: WalnutGroveState, after: WalnutGroveState) -> list[Fact]:
    """WG-A08: taking a tile flips a returnable one first; WG-R61: a returnable one goes back."""
    was, now = before.player(seat), after.player(seat)
    flipped = now.help_flipped - was.help_flipped
    taken = flipped + (0 if was.help_returnable else 1) if now.help_returnable and (
        flipped or not was.help_returnable) else 0
    why = {"fall": "toll", "winter": "winter"}.get(before.phase, before.phase)
    facts = []
    if taken > 0:  # one fact: the tiles taken, and those flipped on the way (WG-A08, tile by tile)
        facts.append(fact(HELP_TAKEN, "WG-A08", [seat], {seat: {"tiles": taken, "flipped": max(0, flipped)}}, [why]))
    elif flipped > 0:
        facts.append(fact(HELP_FLIPPED, "WG-A08", [seat], {seat: {"tiles": flipped}}))
    if was.help_returnable and not now.help_returnable and flipped == 0:
        facts.append(fact(HELP_RETURNED, "WG-R61", [seat], {seat: {"tiles": 1}}))
    return facts


def text(f: Fact) -> str:
    """The fact as one log sentence, from its (possibly redacted) fields."""
    kind, seats = f["kind"], f["seats"]
    seat = seats[0] if seats else None
    if kind == TOLL:
        toll = f["components"][0]
        coin = f"a {component_ref('coin', f['components'][1])}" if len(f["components"]) > 1 else "a coin"
        return f"{seat_ref(seat)} paid the {toll} toll with {coin}."
    if kind == HELP_TAKEN:
        # One line for the tiles taken and those flipped taking them: "took 3 neighbour-help tiles
        # for a winter shortfall, flipping 3 to the permanent side; the newest stays returnable."
        # The flips were a line of their own once (table review, finding 15).
        n, flipped = f["amounts"][str(seat)]["tiles"], f["amounts"][str(seat)].get("flipped", 0)
        why = {"toll": " for a toll", "winter": " for a winter shortfall"}.get(f["components"][0], "")
        took = f"{seat_ref(seat)} took {n} neighbour-help tile{'s' if n > 1 else ''}{why}"
        if not flipped:
            return f"{took}."
        if n == 1:  # the one held returnable before is flipped: "their returnable one"
            return f"{took}, flipping {their_ref(seat)} returnable one to the permanent side."
        return f"{took}, flipping {flipped} to the permanent side; the newest stays returnable."
    if kind == HELP_FLIPPED:
        n = f["amounts"][str(seat)]["tiles"]
        what = f"{their_ref(seat)} returnable neighbour-help tile" if n == 1 else f"{n} neighbour-help tiles"
        return f"{seat_ref(seat)} flipped {what} to the permanent side."
    if kind == HELP_RETURNED:
        return f"{seat_ref(seat)} returned {their_ref(seat)} returnable neighbour-help tile."
    if kind == SCORES:
        return scores_text(f)
    return kind
