"""Trophies (§8): per-level sources a player can check by hand, and the tie-breakers of FR-R357.

The same formulas give live scores mid-game (what a player would have if the game ended now).
"""

from __future__ import annotations

from collections import Counter

from domain.games.fantasy_ranch.components import BOARDS, EXPANSION_BONUS, FATE_CARDS, HORSES, LOCATIONS
from domain.games.fantasy_ranch.state import State, Work
from domain.games.game import Scores


def friends(cards: list[str]) -> int:
    """FR-R355 / FR-D18: per symbol, best split into pairs (1) and triples (2)."""
    counts = Counter(HORSES[c].friend for c in cards if HORSES[c].friend)
    return sum(2 * (n // 3) + (1 if n % 3 == 2 else 0) for n in counts.values())


def breakdown(w: Work, seat: int) -> dict[str, int]:
    cards = w.horses_of(seat)
    owned = [loc for loc, o in w.owners.items() if o == seat]
    bought = [loc for loc in owned if not LOCATIONS[loc].is_home]
    if w.level == 1:  # FR-R351 (FR-R354: friends and champions give nothing)
        return {"horses": len(cards), "locations": len(bought)}
    common = {
        "friends": friends(cards),
        "world_class": sum(HORSES[c].world_class for c in cards),
        "fate_cards": sum(FATE_CARDS[c].trophies for c in w.kept_fate[seat]),
    }
    if w.level == 2:  # FR-R352 / FR-D26
        ranch = w.ranches[seat]
        bonus = 0
        if ranch:
            side = BOARDS[tuple(ranch)]
            if all(w.owners.get(loc.id) == seat for loc in side.locations):
                bonus = side.trophies
        return {**common, "ranch_bonus": bonus, "locations": len(bought)}
    full = 0  # FR-R353: every non-home territory of a board, home not required
    for row in w.grid:
        for board in row:
            side = BOARDS[board, w.side]
            if all(w.owners.get(loc.id) == seat for loc in side.locations if not loc.is_home):
                full += side.trophies
    boards = len({LOCATIONS[loc].board for loc in owned})
    return {
        "friends": common["friends"],
        "territories": len(owned),
        "full_boards": full,
        "expansion": EXPANSION_BONUS[boards],  # FR-R356 / FR-D16
        "fate_cards": common["fate_cards"],
        "world_class": common["world_class"],
    }


def scores(state: State) -> Scores:
    """FR-R357: most trophies, then most horses, then most goods; still tied players share."""
    w = Work(state)
    parts = {seat: breakdown(w, seat) for seat in range(state.players)}
    totals = {seat: sum(p.values()) for seat, p in parts.items()}
    keys = {seat: (totals[seat], len(w.horses_of(seat)), sum(w.goods[seat])) for seat in totals}
    ranking = tuple(sorted(totals, key=lambda s: (-keys[s][0], -keys[s][1], -keys[s][2], s)))
    best = keys[ranking[0]]
    return Scores(
        totals=totals,
        breakdown=parts,
        ranking=ranking,
        winners=tuple(s for s in ranking if keys[s] == best),
        tiebreak={s: [keys[s][1], keys[s][2]] for s in totals},
    )
