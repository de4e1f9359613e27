"""Final scoring (§8, WG-E01..E06, WG-D01/D19/D26): a breakdown a player can check by hand.

Sources: coins at face value, 1 per labourer, 1 per building tile, enclosed areas by size,
upgrades as printed (§11.6), -2 per help tile (rules 1: every tile held; rules 2: flipped tiles
only, as the rulebook prints it, WG-D19). Coin values stay secret until the game ends (WG-H09),
so a live score counts coins as 0 ("excluding coins").

``SCORES`` is keyed by rules version: tables opened under rules 1 keep scoring every held tile.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.games.game import Scores
from domain.games.walnut_grove.components import COIN_VALUES, LABOURERS, UPGRADES
from domain.games.walnut_grove.farm import farm_areas
from domain.games.walnut_grove.holdings import coins, help_tiles, owned_goods
from domain.games.walnut_grove.state import Player, WalnutGroveState

HELP_PENALTY = -2


def upgrade_points(player: Player, upgrade_id: str) -> int:
    """One upgrade tile's final VP, evaluated on the player's current holdings (§11.6).

    The farm's areas are drawn and the goods counted only for the effects that read them: a
    ``basic`` bot scores every candidate it judges with this (issue 39)."""
    upgrade = UPGRADES[upgrade_id]
    effect, value = upgrade.effect, upgrade.value
    if effect == "flat":
        return value
    if effect == "per_cabin":
        return value * len(player.cabins)
    if effect == "half_goods":
        return sum(owned_goods(player).values()) // 2
    if effect == "no_help":
        return value if help_tiles(player) == 0 else 0
    if effect == "per_white":
        return value * sum(1 for lab in player.active + player.pending if LABOURERS[lab] == "white")
    if effect == "per_coin":
        return value * len(coins(player))
    if effect == "barn_tiles_plus":
        return value + len(player.barn_tiles)
    if effect == "per_labourer":
        return value * len(player.active + player.pending)
    if effect.startswith("owned:"):  # owned_goods(player)[good], counted without the Counter
        good = effect[6:]
        return min(value, player.barn.count(good) + sum(1 for _, g in player.storage if g == good))
    if effect == "per_enclosure":
        return value * sum(1 for area in farm_areas(player.board, player.tiles) if area.enclosed)
    if effect.startswith("largest:"):
        return max(area.size for area in farm_areas(player.board, player.tiles) if area.landscape == effect[8:])
    if effect == "half_tiles":
        return len(player.tiles) // 2
    raise ValueError(f"unknown upgrade effect {effect!r}")


def every_tile(player: Player) -> int:
    """Rules 1 (WG-D19 as first decided): each help tile held, flipped or returnable, costs 2."""
    return HELP_PENALTY * help_tiles(player)


def flipped_tiles(player: Player) -> int:
    """Rules 2 (WG-D19 corrected): only flipped tiles cost 2; a returnable one costs nothing."""
    return HELP_PENALTY * player.help_flipped


def breakdown(player: Player, reveal_coins: bool, help_points: Callable[[Player], int] = every_tile) -> dict[str, int]:
    """WG-E02 a-f for one player (goods score nothing directly, g)."""
    return {
        "coins": sum(COIN_VALUES[c] for c in coins(player)) if reveal_coins else 0,
        "labourers": len(player.active) + len(player.pending),
        "buildings": len(player.cabins) + len(player.barn_tiles),
        "enclosures": sum(a.size for a in farm_areas(player.board, player.tiles) if a.enclosed)
        if player.board
        else 0,
        "upgrades": sum(upgrade_points(player, u) for _, u in player.upgrades),
        "help": help_points(player),
    }


def scores(state: WalnutGroveState, help_points: Callable[[Player], int] = every_tile) -> Scores:
    """WG-E03/E04: totals, then fewer help tiles, then more goods; still tied = shared rank."""
    reveal = state.phase == "ended"
    parts = {seat: breakdown(p, reveal, help_points) for seat, p in enumerate(state.players)}
    totals = {seat: sum(b.values()) for seat, b in parts.items()}
    ties = {seat: (help_tiles(p), sum(owned_goods(p).values())) for seat, p in enumerate(state.players)}
    key = {seat: (-totals[seat], ties[seat][0], -ties[seat][1]) for seat in totals}
    ranking = tuple(sorted(totals, key=lambda seat: (key[seat], seat)))
    winners = tuple(seat for seat in ranking if key[seat] == key[ranking[0]])
    return Scores(
        totals=totals,
        breakdown=parts,
        ranking=ranking,
        winners=winners,
        tiebreak={seat: list(ties[seat]) for seat in totals},
    )


def scores_v2(state: WalnutGroveState) -> Scores:
    return scores(state, flipped_tiles)


#: The scoring of each rules version (docs/rules/walnut_grove.md, WG-D19).
SCORES: dict[str, Callable[[WalnutGroveState], Scores]] = {"1": scores, "2": scores_v2}
