"""Scoring (spec §8, HS-E02–HS-E06) and the public "visible VP" of HS-H06.

``breakdown`` names every scoring source so a player can check the total by hand; the parts
always add up to the total. While the game runs in screened mode, ``scores`` reports only what
every seat may see (building VP and end bonuses from public counts): the protocol's ``Scores``
has no viewer, so it must not leak what sits behind a screen. Open mode and the finished game
report the full score.
"""

from __future__ import annotations

from domain.games.game import Scores
from domain.games.homesteaders import components as c
from domain.games.homesteaders.state import Player, State


def end_bonus(player: Player, bonus: str | None) -> int:
    """HS-E03: one bonus building's points from the owner's counts at scoring time."""
    if bonus is None:
        return 0
    types = [c.building(i)["type"] for i in player.buildings]
    per_type = {"per_residential": "R", "per_commercial": "C", "per_industrial": "I", "per_special": "S"}
    if bonus in per_type:
        return types.count(per_type[bonus])
    return {
        "per_building": len(player.buildings),
        "per_worker": len(player.workers),
        "per_track": player.track,
        "per_worker_and_track": len(player.workers) + player.track,
    }[bonus]


def debt_penalty(debt: int) -> int:
    """HS-E02: −1 for the first debt, −2 for the second, …: −D(D+1)/2."""
    return -debt * (debt + 1) // 2


def visible(player: Player) -> dict[str, int]:
    """The public part of a score (HS-H06)."""
    return {
        "building_vp": sum(c.building(i)["vp"] for i in player.buildings),
        "bonus_vp": sum(end_bonus(player, c.building(i)["end_bonus"]) for i in player.buildings),
    }


def breakdown(player: Player) -> dict[str, int]:
    """HS-E02: every scoring source of one player."""
    return {
        "vp_tokens": player.vp_tokens,
        **visible(player),
        "gold_vp": 2 * player.gold,
        "copper_vp": 2 * player.copper,
        "livestock_vp": 2 * player.livestock,
        "debt_penalty": debt_penalty(player.debt),
    }


def scores(state: State) -> Scores:
    full = state.phase == "over" or state.visibility == "open"
    parts = {s: (breakdown(p) if full else visible(p)) for s, p in enumerate(state.seats)}
    totals = {s: sum(b.values()) for s, b in parts.items()}
    # HS-E05/HS-E06: score, then silver (silver is screened, so it only breaks ties when visible).
    keys = {s: (totals[s], state.seats[s].silver if full else 0) for s in totals}
    ranking = tuple(sorted(totals, key=lambda s: (-keys[s][0], -keys[s][1], s)))
    best = keys[ranking[0]]
    return Scores(
        totals=totals,
        breakdown=parts,
        ranking=ranking,
        winners=tuple(s for s in ranking if keys[s] == best),
        tiebreak={s: [keys[s][1]] if full else [] for s in totals},
    )
