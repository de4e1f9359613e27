"""What a player holds: barn slots, storage slots, coins and neighbour-help tiles (§5.0, WG-A08).

Every function takes a ``Player`` and returns a new one; the ones that read a player's command
(goods sources) raise ``IllegalMove`` with the rule id the calling command names, so one helper
serves payments (WG-R35), sales (WG-R36), winter (WG-R51) and help returns (WG-R62).
"""

from __future__ import annotations

from collections import Counter

from domain.errors import IllegalMove
from domain.games.walnut_grove.components import BARN_SLOTS_PER_TILE, COIN_VALUES, GOODS
from domain.games.walnut_grove.farm import slot_goods
from domain.games.walnut_grove.state import Player, replace

BARN = "barn"


def barn_slot_id(index: int) -> str:
    return f"barn:{index + 1}"


def barn_index(slot_id: str) -> int | None:
    """``barn:3`` -> 2; anything else -> None."""
    if not isinstance(slot_id, str) or not slot_id.startswith("barn:"):
        return None
    number = slot_id[5:]
    ascii_digits = number.isascii() and number.isdigit()
    return int(number) - 1 if ascii_digits and not number.startswith("0") else None


def coins(player: Player) -> list[str]:
    """The coin ids in the barn, in slot order (``is_coin``, its set read directly: a bot's
    worth asks this of every candidate it plays, issue 39)."""
    return [item for item in player.barn if item in COIN_VALUES]


def free_barn_slots(player: Player) -> int:
    return player.barn.count("")


def owned_goods(player: Player) -> Counter:
    """Goods in barn slots plus goods in storage slots (§5.0 "owned goods")."""
    owned = Counter(item for item in player.barn if item in GOODS)
    owned.update(good for _, good in player.storage)
    return owned


def owned_counts(player: Player) -> dict[str, int]:
    """``owned_goods`` as a plain dict, the goods in its order (barn, then storage): counted
    without a ``Counter``'s checks, for every view and every candidate a bot judges (issue 39)."""
    owned: dict[str, int] = {}
    for item in player.barn:
        if item in GOODS:
            owned[item] = owned.get(item, 0) + 1
    for _, good in player.storage:
        owned[good] = owned.get(good, 0) + 1
    return owned


def storage_of(player: Player) -> dict[str, str]:
    return dict(player.storage)


def with_storage(player: Player, storage: dict[str, str]) -> Player:
    return replace(player, storage=tuple(sorted(storage.items())))


def add_to_barn(player: Player, items: list[str]) -> tuple[Player, list[str], list[str]]:
    """Put items into the lowest empty barn slots; returns (player, slots used, items lost)."""
    barn = list(player.barn)
    used, lost = fill_barn(barn, items)
    return replace(player, barn=tuple(barn)), used, lost


def fill_barn(barn: list[str], items: list[str]) -> tuple[list[str], list[str]]:
    """``add_to_barn`` on a barn's list of slots, changed in place: (slots used, items lost)."""
    used, lost = [], []
    for item in items:
        if "" in barn:
            i = barn.index("")
            barn[i] = item
            used.append(barn_slot_id(i))
        else:
            lost.append(item)
    return used, lost


def remove_coins(player: Player, coin_ids: list[str]) -> Player:
    return replace(player, barn=tuple("" if item in coin_ids else item for item in player.barn))


def grow_barn(player: Player) -> Player:
    """A barn tile adds its two slots at once (§11.5)."""
    return replace(player, barn=player.barn + ("",) * BARN_SLOTS_PER_TILE)


def take_from_sources(player: Player, entries: list[tuple[str, str, int]], rule: str) -> Player:
    """Remove goods named as ``(good, source, count)``; source is ``barn`` or a storage slot.

    From the barn the lowest-numbered slots holding that good go first; a storage slot holds
    one good, so it can give at most 1.
    """
    barn = list(player.barn)
    storage = storage_of(player)
    for good, source, count in entries:
        if good not in GOODS:
            raise IllegalMove(rule, f"{good!r} is not a good")
        if count < 1:
            raise IllegalMove(rule, "a goods count must be at least 1")
        if source == BARN:
            for _ in range(count):
                if good not in barn:
                    raise IllegalMove(rule, f"the barn does not hold {count} {good}")
                barn[barn.index(good)] = ""
        else:
            if storage.get(source) != good or count != 1:
                raise IllegalMove(rule, f"storage slot {source!r} does not hold {count} {good}")
            del storage[source]
    return with_storage(replace(player, barn=tuple(barn)), storage)


def default_sources(player: Player, good: str, count: int) -> list[tuple[str, str, int]]:
    """The default policy (WG-R52): barn first (lowest slot), then storage in canonical order."""
    in_barn = min(count, player.barn.count(good))
    entries = [(good, BARN, in_barn)] if in_barn else []
    left = count - in_barn
    storage = storage_of(player) if left else {}
    for slot in slot_goods(player.board, player.tiles):
        if left == 0:
            break
        if storage.get(slot) == good:
            entries.append((good, slot, 1))
            left -= 1
    return entries


def help_tiles(player: Player) -> int:
    return player.help_flipped + (1 if player.help_returnable else 0)


def take_help_tile(player: Player) -> tuple[Player, bool]:
    """WG-A08: flip a held returnable tile, then take a new one returnable side up."""
    flipped = player.help_returnable
    return replace(player, help_flipped=player.help_flipped + flipped, help_returnable=True), flipped
