"""Free actions (§5.9-§5.11, WG-R60..R71, WG-G06, WG-D22/D25), allowed any time in a season.

Any seat may issue them whether or not it is to act, from year 1 spring to the end of the
final adjustments; each changes only the issuing player's holdings.
"""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalMove
from domain.games.walnut_grove import moves
from domain.games.walnut_grove.components import GOODS
from domain.games.walnut_grove.farm import slot_goods
from domain.games.walnut_grove.holdings import (
    add_to_barn,
    barn_index,
    storage_of,
    take_from_sources,
    with_storage,
)
from domain.games.walnut_grove.state import Player, WalnutGroveState, replace

FREE_PHASES = ("spring", "summer", "fall", "winter", "final_adjustments")


def check_phase(state: WalnutGroveState, rule: str) -> None:
    """WG-R60/R65/R70: season phases and final adjustments, never during a random draw."""
    if state.phase not in FREE_PHASES or state.chance_step:
        raise IllegalMove(rule, "free actions are taken between year 1 spring and final scoring")


def return_neighbour_help_tile(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    """WG-R60..R62: hand back the returnable tile with any 3 goods."""
    check_phase(state, "WG-R60")
    if not state.player(seat).help_returnable:
        raise IllegalMove("WG-R61", "you hold no returnable help tile (flipped tiles stay)")
    entries = moves.goods_entries(moves.fields(move, "WG-R62", goods=list)["goods"], "WG-R62")
    return _return_help_tile(state, seat, entries)


def return_listed_help_tile(state: WalnutGroveState, seat: int, move: dict) -> WalnutGroveState:
    """``return_neighbour_help_tile`` of a move as ``legal_moves`` lists it, its shape taken as
    given: a ``basic`` bot judges every listed return it may make (issue 39). The checks against
    the state and the effect are the command's own."""
    check_phase(state, "WG-R60")
    if not state.player(seat).help_returnable:
        raise IllegalMove("WG-R61", "you hold no returnable help tile (flipped tiles stay)")
    return _return_help_tile(state, seat, [(e["good"], e["source"], e["count"]) for e in move["goods"]])


def listed_help_return_outcome(state: WalnutGroveState, seat: int, move: dict) -> Player:
    """The seat's player after ``return_listed_help_tile``, the state around it not rebuilt: a
    return changes only the returning player, and a ``basic`` bot judges up to 35 of them a
    decision by that player alone (issue 39). The same checks and functions, in the same order."""
    check_phase(state, "WG-R60")
    if not state.player(seat).help_returnable:
        raise IllegalMove("WG-R61", "you hold no returnable help tile (flipped tiles stay)")
    return _returned(state.player(seat), [(e["good"], e["source"], e["count"]) for e in move["goods"]])


def _return_help_tile(state: WalnutGroveState, seat: int, entries: list[tuple[str, str, int]]) -> WalnutGroveState:
    """WG-R62: exactly 3 goods from the named sources, and the tile goes back."""
    return state.with_player(seat, _returned(state.player(seat), entries))


def _returned(player: Player, entries: list[tuple[str, str, int]]) -> Player:
    """``_return_help_tile``'s player: without the 3 goods, the tile given back."""
    if sum(count for _, _, count in entries) != 3:
        raise IllegalMove("WG-R62", "returning a help tile costs exactly 3 goods")
    player = take_from_sources(player, entries, "WG-R62")
    return replace(player, help_returnable=False)


def move_goods_to_barn(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    """WG-R65..R68: one good from a storage slot to the lowest empty barn slot."""
    check_phase(state, "WG-R65")
    slot = moves.fields(move, "WG-R66", from_slot=str)["from_slot"]
    player = state.player(seat)
    if slot not in slot_goods(player.board, player.tiles):
        raise IllegalMove("WG-R66", f"{slot!r} is not a storage slot of your farm (barn goods never go back)")
    storage = storage_of(player)
    if slot not in storage:
        raise IllegalMove("WG-R67", f"storage slot {slot} is empty")
    if "" not in player.barn:
        raise IllegalMove("WG-R68", "your barn has no empty slot")
    good = storage.pop(slot)
    player, _, _ = add_to_barn(with_storage(player, storage), [good])
    return state.with_player(seat, player)


def discard_from_barn(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    """WG-R70/R71: goods go to the supply, coins back into the coin bag."""
    check_phase(state, "WG-R70")
    slots = moves.string_list(
        moves.fields(move, "WG-R71", barn_slots=list)["barn_slots"], "WG-R71", "barn_slots"
    )
    player = state.player(seat)
    indexes = [barn_index(slot) for slot in slots]
    if not slots or len(set(slots)) != len(slots):
        raise IllegalMove("WG-R71", "name one or more distinct barn slots")
    if any(i is None or i >= len(player.barn) or not player.barn[i] for i in indexes):
        raise IllegalMove("WG-R71", "every listed slot must be a slot of your barn holding an item")
    dropped = [player.barn[i] for i in indexes]
    barn = tuple("" if i in indexes else item for i, item in enumerate(player.barn))
    coins_back = tuple(item for item in dropped if item not in GOODS)
    state = replace(state, coin_bag=tuple(sorted(state.coin_bag + coins_back)))
    return state.with_player(seat, replace(player, barn=barn))
