"""Summer (§5.4, WG-R20..R23, WG-D08): every figure works one land area and produces at once.

Production per figure, in the order listed: ``size + 1 if the area's good is the disc's summer
bonus``; goods fill the area's empty storage slots in canonical order, then empty barn slots,
and the rest is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.walnut_grove import moves
from domain.games.walnut_grove.components import FARMER, YEAR_DISCS
from domain.games.walnut_grove.farm import Area, area_at
from domain.games.walnut_grove.flow import end_summer
from domain.games.walnut_grove.holdings import fill_barn, storage_of, with_storage
from domain.games.walnut_grove.state import Player, WalnutGroveState, replace


@dataclass(frozen=True)
class Production:
    """What one figure produced (the ``GoodsProduced`` event's fields)."""

    figure: str
    area: str
    good: str
    base: int
    bonus: int
    to_storage: tuple[str, ...]
    to_barn: tuple[str, ...]
    lost: int


def figures(player: Player) -> tuple[str, ...]:
    """The farmer and every active labourer (§5.0)."""
    return (FARMER,) + player.active


def placing_player(state: WalnutGroveState, seat: int) -> Player:
    """WG-R20: the seat that may place figures now (the move and its preview refuse alike)."""
    if state.phase != "summer":
        raise IllegalMove("WG-R20", "figures are placed in summer")
    player = state.player(seat)
    if player.done:
        raise NotYourTurn("WG-R20", f"seat {seat} has already placed its figures this summer")
    return player


def place_figures(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    player = placing_player(state, seat)
    wanted = moves.assignments(moves.fields(move, "WG-R21", assignments=list)["assignments"])
    areas = chosen_areas(player, wanted)
    return _place(state, seat, player, [(fig, area) for (fig, _), area in zip(wanted, areas)])


def place_listed_figures(state: WalnutGroveState, seat: int, areas: tuple[Area, ...]) -> WalnutGroveState:
    """``place_figures`` of ``legal.summer_move(player, areas)``: the figures in order on areas of
    the farm, each once, taken as given. A ``basic`` bot judges its summer candidates with it
    (issue 39): spelling each as anchors only to find the areas again was most of playing it."""
    player = placing_player(state, seat)
    return _place(state, seat, player, list(zip(figures(player), areas)))


def listed_figures_outcome(
    state: WalnutGroveState, seat: int, areas: tuple[Area, ...]
) -> tuple[Player, str]:
    """``place_listed_figures`` cut to what a one-ply judgement reads: the seat's player after
    it and the phase (``fall`` once every seat placed, everyone's ``done`` then reset), made by
    the same functions without rebuilding the state around them (issue 39)."""
    player = placing_player(state, seat)
    player = _produce(player, list(zip(figures(player), areas)), YEAR_DISCS[state.disc].summer_bonus, None)
    last = all(p.done for other, p in enumerate(state.players) if other != seat)
    return replace(player, done=not last), "fall" if last else "summer"


def _place(
    state: WalnutGroveState, seat: int, player: Player, work: list[tuple[str, Area]]
) -> WalnutGroveState:
    """Production figure by figure (storage, then barn); the summer ends once every seat placed."""
    player = _produce(player, work, YEAR_DISCS[state.disc].summer_bonus, None)
    state = state.with_player(seat, replace(player, done=True))
    return end_summer(state) if all(p.done for p in state.players) else state


def chosen_areas(player: Player, wanted: list[tuple[str, tuple[int, int, int]]]) -> list[Area]:
    """WG-R21..R23: each figure once, every anchor on the farm, one figure per area."""
    names = [fig for fig, _ in wanted]
    if sorted(names) != sorted(figures(player)):
        raise IllegalMove(
            "WG-R21", "list every one of your figures (farmer and active labourers) exactly once"
        )
    areas = []
    for fig, (x, y, q) in wanted:
        area = area_at(player.board, player.tiles, x, y, q)
        if area is None:
            raise IllegalMove("WG-R22", f"{fig}'s anchor ({x},{y}) is not on your farm")
        areas.append(area)
    keys = [area.key for area in areas]
    if len(set(keys)) != len(keys):
        raise IllegalMove("WG-R23", "only one figure may work each land area")
    return areas


def produce(player: Player, work: list[tuple[str, Area]], bonus_good: str) -> tuple[Player, list[Production]]:
    """Resolve production figure by figure (storage, then barn, then lost)."""
    report: list[Production] = []
    return _produce(player, work, bonus_good, report), report


def _produce(player: Player, work: list[tuple[str, Area]], bonus_good: str, report: list | None) -> Player:
    """``produce``, its report written only when asked for (``place_figures`` does not read it);
    the player's storage and barn are filled in place and made a ``Player`` once (a ``basic``
    bot plays four summer placements a decision, issue 39)."""
    storage = storage_of(player)
    barn = list(player.barn)
    for fig, area in work:
        bonus = 1 if area.good == bonus_good else 0
        amount = area.size + bonus
        into = [slot for slot in area.slots if slot not in storage][:amount]
        storage.update({slot: area.good for slot in into})
        barn_slots, lost = fill_barn(barn, [area.good] * (amount - len(into)))
        if report is not None:
            report.append(
                Production(fig, area.key, area.good, area.size, bonus, tuple(into), tuple(barn_slots), len(lost))
            )
    return with_storage(replace(player, barn=tuple(barn)), storage)
