"""What a spring placement or a summer assignment would make, before it is played (``Game.preview``).

A board must show the land areas a tile would close or grow, and where a harvest would go,
without knowing the geometry or the storage rules: the server applies the same rules to a copy
and answers in the view's own shapes. Both moves touch only the mover's public farm, so the
answer holds nothing the view does not already show (the areas come from ``views``).

A preview accepts the first steps of a move: the first placement of a "keep 2" spring, or some
of the figures of a summer, so the board can preview each click; each step is checked by the
same rules (and refused with the same rule ids) as the whole move.
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove
from domain.games.walnut_grove import moves, spring, summer
from domain.games.walnut_grove.components import YEAR_DISCS
from domain.games.walnut_grove.farm import area_at
from domain.games.walnut_grove.state import WalnutGroveState, replace
from domain.games.walnut_grove.views import player_areas

PREVIEWED = ("place_landscape_tiles", "place_figures")


def preview(state: WalnutGroveState, seat: int, move: Any) -> dict[str, Any]:
    kind = moves.move_type(move)
    if kind == "place_landscape_tiles":
        return _spring(state, seat, move)
    if kind == "place_figures":
        return _summer(state, seat, move)
    raise IllegalMove(moves.MOVE_TYPES[kind], f"only {' and '.join(PREVIEWED)} can be previewed, not {kind}")


def _spring(state: WalnutGroveState, seat: int, move: Any) -> dict[str, Any]:
    """WG-R10..R15 on the placements given (one or all of those kept): the farm's areas after them."""
    player = spring.placing_player(state, seat)
    wanted = moves.placements(moves.fields(move, "WG-R11", placements=list)["placements"])
    keep = spring.keep_count(state, player)
    if not 1 <= len(wanted) <= keep:
        raise IllegalMove("WG-R11", f"preview 1 to {keep} of the drawn tiles, not {len(wanted)}")
    spring.check_placements(player, wanted, len(wanted))
    after = replace(player, tiles=player.tiles + tuple(wanted))
    return {"type": "place_landscape_tiles", "seat": seat, "areas": player_areas(state, after)}


def _summer(state: WalnutGroveState, seat: int, move: Any) -> dict[str, Any]:
    """WG-R20..R23 on the figures given (some or all): what each produces and where it goes."""
    player = summer.placing_player(state, seat)
    wanted = moves.assignments(moves.fields(move, "WG-R21", assignments=list)["assignments"])
    names = [fig for fig, _ in wanted]
    if not wanted or len(set(names)) != len(names) or not set(names) <= set(summer.figures(player)):
        raise IllegalMove("WG-R21", "each of your figures (farmer and active labourers) at most once")
    work = []
    for fig, (x, y, q) in wanted:
        area = area_at(player.board, player.tiles, x, y, q)
        if area is None:
            raise IllegalMove("WG-R22", f"{fig}'s anchor ({x},{y}) is not on your farm")
        work.append((fig, area))
    if len({area.key for _, area in work}) != len(work):
        raise IllegalMove("WG-R23", "only one figure may work each land area")
    _, report = summer.produce(player, work, YEAR_DISCS[state.disc].summer_bonus)
    return {
        "type": "place_figures",
        "seat": seat,
        "production": [
            {"figure": p.figure, "area": p.area, "good": p.good, "amount": p.base + p.bonus, "bonus": p.bonus,
             "to_storage": list(p.to_storage), "to_barn": list(p.to_barn), "lost": p.lost}
            for p in report
        ],
        "complete": len(wanted) == len(summer.figures(player)),
    }
