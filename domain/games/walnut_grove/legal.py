"""``legal_moves``: every move a seat may make now, as the JSON dicts ``play`` accepts.

Spring placements, start choices, fall destinations and free actions are listed exactly.
Where the spec lets one choice be *spelled* several ways, one canonical spelling is listed
per distinct choice (``play`` accepts the others too), because the spellings multiply into
hundreds of thousands of equivalent moves:

* summer: figures in farm order (farmer, then labourers in housing order), each on its land
  area's key sub-cell, areas in key order (any anchor inside an area and any listing order
  are accepted; the order only matters when the barn overflows, WG-D08);
* goods payments use the default sources (barn first, then storage in canonical order) and
  coins of equal value are interchangeable (the lowest id is listed);
* winter lists the default-policy submission (WG-R52); lists of slots/coins are sorted.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any

from domain.games.walnut_grove.components import (
    BUILDING_TILES,
    COIN_VALUES,
    DESTINATIONS,
    GOODS,
    HOUSING_SPACES,
    MAX_BARN_TILES,
    MAX_CABINS,
    ROTATIONS,
    START_BUILDINGS,
    TOWN,
    UPGRADES,
)
from domain.games.walnut_grove.fall import arrival_place, route
from domain.games.walnut_grove.farm import Area, farm_areas, open_cells, slot_goods
from domain.games.walnut_grove.free_actions import FREE_PHASES
from domain.games.walnut_grove.holdings import (
    barn_slot_id,
    coins,
    default_sources,
    free_barn_slots,
    owned_goods,
)
from domain.games.walnut_grove.moves import ACTION_FIELD
from domain.games.walnut_grove.rules import to_act
from domain.games.walnut_grove.spring import keep_count
from domain.games.walnut_grove.state import Player, WalnutGroveState
from domain.games.walnut_grove.summer import figures

Move = dict


def legal_moves(state: WalnutGroveState, seat: int) -> list[Move]:
    not_a_seat = isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n
    if state.chance_step or state.phase == "ended" or not_a_seat:
        return []
    result: list[Move] = []
    if seat in to_act(state):
        result.extend(_turn_moves(state, seat))
    if state.phase in FREE_PHASES:
        result.extend(free_action_moves(state.player(seat)))
    return result


def _turn_moves(state: WalnutGroveState, seat: int) -> list[Move]:
    player = state.player(seat)
    phase = state.phase
    if phase == "setup_start_choice":
        return [{"type": "choose_start_building", "building": b} for b in START_BUILDINGS]
    if phase == "spring":
        return spring_moves(player, keep_count(state, player))
    if phase == "summer":
        return summer_moves(player)
    if phase == "fall":
        if state.overflow:
            return overflow_moves(player, state.overflow)
        return [{"type": "pass_fall_turn"}, *fall_moves(state, seat)]
    if phase == "winter":
        return [{"type": "resolve_winter"}]
    return [{"type": "confirm_final_scoring"}]


# --- spring -------------------------------------------------------------------------------


def spring_moves(player: Player, keep: int) -> list[Move]:
    """Every ordered list of ``keep`` drawn tiles on legal cells in every rotation."""
    moves: list[Move] = []

    def extend(prefix: list[dict], taken: frozenset) -> None:
        if len(prefix) == keep:
            moves.append({"type": "place_landscape_tiles", "placements": list(prefix)})
            return
        used = {p["tile_id"] for p in prefix}
        cells = open_cells(player.board, player.tiles, taken)
        for tile in player.drawn:
            if tile in used:
                continue
            for x, y in cells:
                for rotation in ROTATIONS:
                    extend(
                        prefix + [{"tile_id": tile, "x": x, "y": y, "rotation": rotation}], taken | {(x, y)}
                    )

    if keep:
        extend([], frozenset())
    return moves


# --- summer -------------------------------------------------------------------------------


def area_anchor(area: Area) -> dict:
    """The canonical anchor of an area: its key sub-cell as ``{x, y, q}``."""
    sx, sy = (int(v) for v in area.key[5:].split(","))
    x, y = sx // 2, sy // 2
    q = {(0, 1): "NW", (1, 1): "NE", (1, 0): "SE", (0, 0): "SW"}[(sx - 2 * x, sy - 2 * y)]
    return {"x": x, "y": y, "q": q}


def summer_move(player: Player, areas: tuple[Area, ...]) -> Move:
    return {
        "type": "place_figures",
        "assignments": [
            {"figure_id": fig, "anchor": area_anchor(a)} for fig, a in zip(figures(player), areas)
        ],
    }


def summer_moves(player: Player) -> list[Move]:
    areas = farm_areas(player.board, player.tiles)
    return [summer_move(player, chosen) for chosen in combinations(areas, len(figures(player)))]


# --- fall ---------------------------------------------------------------------------------


def _coin_choices(available: list[str], count: int) -> list[list[str]]:
    """One choice per multiset of coin values (lowest ids), ``count`` coins."""
    if count == 0:  # the one empty choice (most buildings cost no coin)
        return [[]]
    ordered = sorted(available, key=lambda c: (COIN_VALUES[c], c))
    if count == 1:  # the lowest id of each value (a toll's choices)
        values: dict[int, list[str]] = {}
        for c in ordered:
            values.setdefault(COIN_VALUES[c], [c])
        return list(values.values())
    seen, result = set(), []
    for combo in combinations(ordered, count):
        values = tuple(COIN_VALUES[c] for c in combo)
        if values not in seen:
            seen.add(values)
            result.append(list(combo))
    return result


def _toll_choices(available: list[str], tolls: int) -> list[tuple[list[str], list[str]]]:
    """(toll entries, coins used): each toll is ``help`` or a coin, one per distinct value."""
    if tolls == 0:
        return [([], [])]
    result = []
    for entries, used in _toll_choices(available, tolls - 1):
        result.append((entries + ["help"], used))
        for (coin,) in _coin_choices([c for c in available if c not in used], 1):
            result.append((entries + [f"coin:{coin}"], used + [coin]))
    return result


def _goods_payment(player: Player, cost: tuple[tuple[str, int], ...], owned: Counter) -> list[dict] | None:
    if any(owned[good] < count for good, count in cost):
        return None
    return [
        {"good": g, "source": s, "count": n}
        for good, count in cost
        for g, s, n in default_sources(player, good, count)
    ]


def _action_params(state: WalnutGroveState, player: Player, building: str, owned: Counter) -> list:
    space = TOWN[building]
    stock = state.stock_at(building)
    if space.kind == "free_goods":
        return [list(pair) for pair in combinations_with_replacement(GOODS, 2)]
    if space.kind == "hire":
        return list(stock) if len(player.active) + len(player.pending) < HOUSING_SPACES else []
    if space.kind == "building":
        return [
            tile
            for tile in stock
            if (
                len(player.cabins) < MAX_CABINS
                if BUILDING_TILES[tile] == "cabin"
                else len(player.barn_tiles) < MAX_BARN_TILES
            )
        ]
    if space.kind == "upgrade":
        return [u for u in stock if UPGRADES[u].space not in dict(player.upgrades)]
    sellable = [good for good in space.buys if owned[good]]
    return [
        [{"good": g, "source": default_sources(player, g, 1)[0][1]} for g in chosen]
        for size in (1, 2, 3)
        for chosen in combinations(sellable, size)
    ]


def fall_moves(state: WalnutGroveState, seat: int) -> list[Move]:
    result = []
    for building, field, goods, params, spellings in fall_destinations(state, seat):
        for tolls, paid in spellings:
            for param in params:
                result.append(fall_move(building, field, tolls, paid, goods, param))
    return result


def fall_move(building: str, field: str, tolls: list, paid: list, goods: list, param: Any) -> Move:
    return {
        "type": "take_fall_turn",
        "destination": building,
        "tolls": tolls,
        "payment": {"coins": paid, "goods": goods},
        field: param,
    }


def fall_destinations(state: WalnutGroveState, seat: int) -> list[tuple]:
    """What ``fall_moves`` multiplies out, per reachable destination in order: (building, the
    action's field, the goods payment, the action's parameters, the (tolls, coins paid)
    spellings). A ``basic`` bot keeps one spelling per action, the cheapest, without listing
    the others (issue 39)."""
    player = state.player(seat)
    held = coins(player)
    owned = owned_goods(player)  # what the payments and the store's sales read, counted once
    result = []
    for building in DESTINATIONS:
        space = TOWN[building]
        if arrival_place(state, seat, building) is None:
            continue
        goods = _goods_payment(player, space.cost_goods, owned)
        params = _action_params(state, player, building, owned)
        if goods is None or not params:
            continue
        spellings = [
            (tolls, paid)
            for tolls, used in _toll_choices(held, len(route(player.place, building).tolls))
            for paid in _coin_choices([c for c in held if c not in used], space.cost_coins)
        ]
        result.append((building, ACTION_FIELD[space.kind][0], goods, params, spellings))
    return result


def overflow_moves(player: Player, drawn: tuple[str, ...]) -> list[Move]:
    """Every barn subset to discard, with every keep set of the size WG-R47 demands."""
    filled = [barn_slot_id(i) for i, item in enumerate(player.barn) if item]
    result = []
    for size in range(len(filled) + 1):
        for discard in combinations(filled, size):
            fits = min(len(drawn), free_barn_slots(player) + size)
            for keep in combinations(drawn, fits):
                result.append({"type": "resolve_coin_overflow", "keep": list(keep), "discard": list(discard)})
    return result


# --- free actions -------------------------------------------------------------------------


def free_action_moves(player: Player) -> list[Move]:
    result = help_return_moves(player)
    if "" in player.barn:
        stored = dict(player.storage)
        result.extend(
            {"type": "move_goods_to_barn", "from_slot": slot}
            for slot in slot_goods(player.board, player.tiles)
            if slot in stored
        )
    filled = [barn_slot_id(i) for i, item in enumerate(player.barn) if item]
    for size in range(1, len(filled) + 1):
        result.extend(
            {"type": "discard_from_barn", "barn_slots": list(s)} for s in combinations(filled, size)
        )
    return result


def help_return_moves(player: Player) -> list[Move]:
    """The ``return_neighbour_help_tile`` moves among ``free_action_moves``, listed alone: a
    ``basic`` bot weighs them every decision, and the barn discards listed beside them run to a
    thousand (issue 39)."""
    result = []
    if not player.help_returnable:  # most decisions: no goods counted (issue 39)
        return result
    owned = owned_goods(player)
    if sum(owned.values()) >= 3:
        sources: dict[tuple[str, int], list] = {}  # each good and count's sources, looked up once
        for combo in combinations_with_replacement([g for g in GOODS if owned[g]], 3):
            need = Counter(combo)
            if all(owned[g] >= n for g, n in need.items()):
                goods = []
                for good in GOODS:
                    if need[good]:
                        key = (good, need[good])
                        if key not in sources:
                            sources[key] = default_sources(player, good, need[good])
                        goods.extend({"good": g, "source": s, "count": n} for g, s, n in sources[key])
                result.append({"type": "return_neighbour_help_tile", "goods": goods})
    return result
