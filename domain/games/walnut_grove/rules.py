"""Walnut Grove flow: setup, chance steps, the season machine and move dispatch (spec §3-§6).

Phases follow WG-G07: ``setup`` (six chance steps) -> ``setup_start_choice`` -> eight years of
``spring`` -> ``summer`` -> ``fall`` -> ``winter`` -> ``final_adjustments`` -> ``ended``. The
commands of each season live in their own modules (``spring``, ``summer``, ``fall``,
``winter``, ``free_actions``); this module owns what happens *between* commands: who acts,
which random step is due, and the automatic steps WG-A01..A10.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.game import CHANCE, ChanceRequest
from domain.games.walnut_grove import fall, free_actions, spring, summer, winter
from domain.games.walnut_grove.components import (
    BUILDING_TILES,
    LABOURERS,
    LANDSCAPE_TILES,
    PILE_A,
    PILE_B,
    PLAYER_BOARDS,
    START_BUILDINGS,
    UPGRADES,
    YEAR_DISCS,
    town_stock_size,
)
from domain.games.walnut_grove.flow import end_fall_turn, start_year
from domain.games.walnut_grove.holdings import add_to_barn, free_barn_slots
from domain.games.walnut_grove.moves import MOVE_TYPES, fields, move_type
from domain.games.walnut_grove.state import Player, WalnutGroveState, replace

#: the hiring, building and upgrade buildings, in the order setup deals to them.
STOCKED = ("hotel", "saloon", "lodge", "johansens_mill", "carpenter", "svensons", "soebucks")
_SETUP_STEPS = ("boards", "discs_a", "discs_b", "labourers", "buildings", "upgrades")


def setup(players: int, options: Mapping[str, Any]) -> WalnutGroveState:
    """WG-SU01/SU04/SU09: seats, the full tile bag and an empty town; random steps follow."""
    return WalnutGroveState(
        players=(Player(),) * players,
        phase="setup",
        chance_step="boards",
        tile_bag=tuple(sorted(LANDSCAPE_TILES)),
        stock=tuple((building, ()) for building in STOCKED),
    )


def to_act(state: WalnutGroveState) -> frozenset[int]:
    if state.chance_step:
        return frozenset({CHANCE})
    if state.phase == "setup_start_choice":
        return frozenset({state.cursor})
    if state.phase == "fall":
        return frozenset({state.order[state.cursor]})
    if state.phase in ("spring", "summer", "winter", "final_adjustments"):
        return frozenset(seat for seat, p in enumerate(state.players) if not p.done)
    return frozenset()


def is_over(state: WalnutGroveState) -> bool:
    return state.phase == "ended"


# --- chance -------------------------------------------------------------------------------


def chance(state: WalnutGroveState) -> ChanceRequest:
    step = state.chance_step
    if step == "boards":
        return ChanceRequest("shuffle", tuple(PLAYER_BOARDS), label="deal the player boards (WG-SU02)")
    if step == "discs_a":
        return ChanceRequest("shuffle", PILE_A, label="shuffle the A year discs (WG-SU05)")
    if step == "discs_b":
        return ChanceRequest("shuffle", PILE_B, label="shuffle the B year discs (WG-SU05)")
    if step == "labourers":
        return ChanceRequest(
            "shuffle", _unused_labourers(state), label="shuffle the labourers for town (WG-SU06)"
        )
    if step == "buildings":
        return ChanceRequest("shuffle", tuple(BUILDING_TILES), label="shuffle the building tiles (WG-SU07)")
    if step == "upgrades":
        return ChanceRequest("shuffle", tuple(UPGRADES), label="shuffle the upgrade tiles (WG-SU08)")
    if step == "spring_draw":
        seat = state.order[state.cursor]
        count = min(YEAR_DISCS[state.disc].draw, len(state.tile_bag))
        return ChanceRequest(
            "sample", state.tile_bag, count, label=f"seat {seat} draws landscape tiles (WG-A02)"
        )
    if step == "coins":
        count = min(state.owed, len(state.coin_bag))
        return ChanceRequest("sample", state.coin_bag, count, label="draw coins from the coin bag (WG-R36)")
    raise IllegalMove("WG-G07", "no chance step is due")


def resolve_chance(state: WalnutGroveState, outcome: Any) -> WalnutGroveState:
    request = chance(state)
    drawn = _checked_outcome(request, outcome)
    step = state.chance_step
    if step == "boards":
        return _deal_boards(state, drawn)
    if step == "discs_a":
        return replace(state, discs=tuple(drawn), chance_step="discs_b")
    if step == "discs_b":
        return replace(state, discs=state.discs + tuple(drawn), chance_step="labourers")
    if step in ("labourers", "buildings", "upgrades"):
        return _deal_town(state, step, drawn)
    if step == "spring_draw":
        return _spring_draw(state, drawn)
    return _coins_drawn(state, drawn)


def _checked_outcome(request: ChanceRequest, outcome: Any) -> list[str]:
    """Defensive: a shuffle must be a permutation, a sample ``count`` distinct items."""
    if not isinstance(outcome, list | tuple) or not all(isinstance(item, str) for item in outcome):
        raise IllegalMove("WG-SU02", "a chance outcome must be a list of item ids")
    items = list(outcome)
    if request.kind == "shuffle" and sorted(items) != sorted(request.items):
        raise IllegalMove("WG-SU02", "a shuffle outcome must be a permutation of the items")
    if request.kind == "sample" and (
        len(items) != request.count or len(set(items)) != len(items) or not set(items) <= set(request.items)
    ):
        raise IllegalMove("WG-A02", f"a draw must be {request.count} distinct items from the bag")
    return items


def _deal_boards(state: WalnutGroveState, boards: list[str]) -> WalnutGroveState:
    """WG-SU02/SU03/SU04: boards, farmer, H1 labourer, two coppers, one wood; fill the coin bag."""
    used: set[str] = set()
    players = []
    for seat in range(state.n):
        board = boards[seat]
        colour = PLAYER_BOARDS[board][1]
        labourer = next(lab for lab in LABOURERS if LABOURERS[lab] == colour and lab not in used)
        used.add(labourer)
        barn = (f"c{2 * seat + 1:02d}", f"c{2 * seat + 2:02d}", "", "")
        players.append(Player(board=board, barn=barn, active=(labourer,), storage=(("board:4:1", "wood"),)))
    handed = {coin for p in players for coin in p.barn if coin}
    bag = tuple(sorted(f"c{i:02d}" for i in range(1, 31) if f"c{i:02d}" not in handed))
    return replace(state, players=tuple(players), coin_bag=bag, chance_step="discs_a")


def _unused_labourers(state: WalnutGroveState) -> tuple[str, ...]:
    handed = {lab for p in state.players for lab in p.active}
    return tuple(lab for lab in LABOURERS if lab not in handed)


def _deal_town(state: WalnutGroveState, step: str, shuffled: list[str]) -> WalnutGroveState:
    """WG-SU06..08: deal ``k`` to each building in turn; the rest go to the box."""
    k = town_stock_size(state.n)
    buildings = {
        "labourers": ("hotel", "saloon", "lodge"),
        "buildings": ("johansens_mill", "carpenter"),
        "upgrades": ("svensons", "soebucks"),
    }[step]
    for i, building in enumerate(buildings):
        state = state.with_stock(building, tuple(shuffled[i * k : (i + 1) * k]))
    following = _SETUP_STEPS.index(step) + 1
    if following < len(_SETUP_STEPS):
        return replace(state, chance_step=_SETUP_STEPS[following])
    return replace(state, chance_step="", phase="setup_start_choice", cursor=0)


def _spring_draw(state: WalnutGroveState, tiles: list[str]) -> WalnutGroveState:
    """WG-A02: the drawer takes the tiles; when everyone has drawn, placing begins."""
    seat = state.order[state.cursor]
    player = replace(state.player(seat), drawn=tuple(tiles), done=not tiles)
    bag = tuple(t for t in state.tile_bag if t not in tiles)
    state = replace(state.with_player(seat, player), tile_bag=bag, cursor=state.cursor + 1)
    if state.cursor < state.n:
        return state
    state = replace(state, chance_step="", cursor=0)
    return spring.maybe_end_spring(state)


def _coins_drawn(state: WalnutGroveState, drawn: list[str]) -> WalnutGroveState:
    """WG-R36 store sale: drawn coins go to the barn if they fit, else await WG-R45."""
    seat = state.order[state.cursor]
    bag = tuple(c for c in state.coin_bag if c not in drawn)
    state = replace(state, coin_bag=bag, owed=0, chance_step="")
    player = state.player(seat)
    if len(drawn) <= free_barn_slots(player):
        player, _, _ = add_to_barn(player, drawn)
        return end_fall_turn(state.with_player(seat, player))
    return replace(state, overflow=tuple(drawn))


# --- commands -----------------------------------------------------------------------------


def play(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    kind = move_type(move)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise NotYourTurn(MOVE_TYPES[kind], f"there is no seat {seat!r} at this table")
    return _HANDLERS[kind](state, seat, move)


def choose_start_building(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    """WG-SU10, WG-R01..R04: put the figure on the lowest empty start space of the building."""
    if state.phase != "setup_start_choice" or state.chance_step:
        raise IllegalMove("WG-R01", "start buildings are chosen once setup is dealt, before year 1")
    if seat != state.cursor:
        raise NotYourTurn("WG-R02", f"seat {state.cursor} chooses a start building now")
    building = fields(move, "WG-R03", building=str)["building"]
    if building not in START_BUILDINGS:
        raise IllegalMove("WG-R03", "the start building is the church or the town_hall")
    taken = {p.place for p in state.players}
    free = [i for i in range(1, 5) if f"{building}:{i}" not in taken]
    if not free:
        raise IllegalMove("WG-R04", f"every start space of the {building} is taken")
    state = state.with_player(seat, replace(state.player(seat), place=f"{building}:{free[0]}"))
    if seat + 1 < state.n:
        return replace(state, cursor=seat + 1)
    return start_year(replace(state, cursor=0))


def confirm_final_scoring(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    """WG-R75: the last confirmation ends the game (§8)."""
    if state.phase != "final_adjustments":
        raise IllegalMove("WG-R75", "final scoring is confirmed only in the final adjustments")
    if state.player(seat).done:
        raise NotYourTurn("WG-R75", f"seat {seat} has already confirmed")
    fields(move, "WG-R75")
    state = state.with_player(seat, replace(state.player(seat), done=True))
    if all(p.done for p in state.players):
        return replace(state, phase="ended")
    return state


_HANDLERS = {
    "choose_start_building": choose_start_building,
    "place_landscape_tiles": spring.place_landscape_tiles,
    "place_figures": summer.place_figures,
    "take_fall_turn": fall.take_fall_turn,
    "pass_fall_turn": fall.pass_fall_turn,
    "resolve_coin_overflow": fall.resolve_coin_overflow,
    "resolve_winter": winter.resolve_winter,
    "return_neighbour_help_tile": free_actions.return_neighbour_help_tile,
    "move_goods_to_barn": free_actions.move_goods_to_barn,
    "discard_from_barn": free_actions.discard_from_barn,
    "confirm_final_scoring": confirm_final_scoring,
}
