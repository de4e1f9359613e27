"""Winter (§5.8, WG-R50..R52, WG-A06..A08, WG-D18): feed labourers by colour, then heat.

Feeding and heating are compulsory as far as owned goods allow; every missing good costs one
neighbour-help tile. The player may name the sources (to keep barn room) or let the default
policy take barn goods first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.walnut_grove import moves
from domain.games.walnut_grove.components import COLOUR_FOOD, FOODS, LABOURERS, YEAR_DISCS
from domain.games.walnut_grove.flow import end_winter
from domain.games.walnut_grove.holdings import default_sources, owned_goods, take_from_sources, take_help_tile
from domain.games.walnut_grove.state import Player, WalnutGroveState, replace


@dataclass(frozen=True)
class Needs:
    """WG-A06: food per good and wood for one player this winter."""

    food: dict[str, int]
    wood: int
    fires: int
    wagons: int


def winter_needs(state: WalnutGroveState, player: Player) -> Needs:
    disc = YEAR_DISCS[state.disc]
    food = dict.fromkeys(FOODS, 0)
    for labourer in player.active:
        colour = LABOURERS[labourer]
        food[COLOUR_FOOD[colour]] += 2 if colour == disc.double_eater else 1
    wagons = max(0, len(player.active) - len(player.cabins))
    return Needs(food, disc.fires + wagons, disc.fires, wagons)


def resolve_winter(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    if state.phase != "winter":
        raise IllegalMove("WG-R50", "winter is resolved in winter")
    player = state.player(seat)
    if player.done:
        raise NotYourTurn("WG-R50", f"seat {seat} has already resolved this winter")
    move = moves.fields(move, "WG-R51", optional={"food_sources": list, "wood_sources": list})
    needs = winter_needs(state, player)
    player = pay_winter(player, needs, move["food_sources"], move["wood_sources"])
    state = state.with_player(seat, replace(player, done=True))
    return end_winter(state) if all(p.done for p in state.players) else state


def pay_winter(player: Player, needs: Needs, food_sources: Any, wood_sources: Any) -> Player:
    """WG-A07: food first (one tile per missing food), then wood (one tile per missing wood)."""
    owned = owned_goods(player)
    food_due = {good: min(need, owned[good]) for good, need in needs.food.items()}
    wood_due = min(needs.wood, owned["wood"])
    food = _sources(food_sources, food_due, FOODS, player)
    wood = _sources(wood_sources, {"wood": wood_due}, ("wood",), player)
    player = take_from_sources(player, food + wood, "WG-R51")
    shortfall = sum(needs.food.values()) - sum(food_due.values()) + needs.wood - wood_due
    for _ in range(shortfall):
        player, _ = take_help_tile(player)
    return player


def _sources(given: Any, due: dict[str, int], allowed: tuple[str, ...], player: Player) -> list:
    """WG-R51/R52: named sources must pay exactly what is due; omitted ones use the default."""
    if given is None:
        return [
            entry for good, count in due.items() if count for entry in default_sources(player, good, count)
        ]
    entries = moves.goods_entries(given, "WG-R51")
    paid = Counter()
    for good, _, count in entries:
        if good not in allowed:
            raise IllegalMove("WG-R51", f"{good} cannot pay this need (a good only feeds its own colour)")
        paid[good] += count
    if any(paid[good] != count for good, count in due.items()):
        raise IllegalMove("WG-R51", f"pay exactly {due} (as much as you own, up to what is required)")
    return entries
