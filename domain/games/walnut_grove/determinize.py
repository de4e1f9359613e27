"""A full Walnut Grove state rebuilt from one seat's view, its hidden part drawn at random.

Bots decide from ``player_view`` alone (``domain.games.game.BotInput``), yet a search needs a
state to run ``play`` on. The view holds every public fact; what it hides (WG-H01..H04) is the
identity of other players' barn coins, the coin bag, coins another seat drew in excess, and the
order of the face-down year discs. ``determinize`` fills those in from what the seat has not
seen (the 30 coins minus its own; pile A then pile B minus the discs shown), so the rebuilt
state's ``player_view`` for that seat is the view it came from, and nothing else is consulted.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.games.walnut_grove.components import COIN_VALUES, LANDSCAPE_TILES, PILE_A, PILE_B
from domain.games.walnut_grove.state import Player, WalnutGroveState, replace
from domain.games.walnut_grove.views import is_shared_part

COIN = "coin"
#: every coin id and every landscape tile id, sorted once (a bot determinises every decision).
COIN_IDS = tuple(sorted(COIN_VALUES))
TILE_IDS = tuple(sorted(LANDSCAPE_TILES))


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random) -> WalnutGroveState:
    """One state consistent with ``view`` (``player_view(state, seat)``), hidden parts sampled."""
    mine = view["players"][seat]
    overflow_view = view["coin_overflow"]
    own_overflow = [c["id"] for c in overflow_view] if isinstance(overflow_view, list) else []
    known = {c["id"] for c in mine.get("coins", [])} | set(own_overflow)
    unseen = [c for c in COIN_IDS if c not in known]
    rng.shuffle(unseen)

    players = []
    for index, p in enumerate(view["players"]):
        if index == seat:
            barn = tuple(p["barn"])
        else:  # the hidden coins drawn in slot order, seat by seat
            barn = tuple([unseen.pop() if item == COIN else item for item in p["barn"]])
        players.append(_player_of(p, barn))
    overflow = tuple(own_overflow) or tuple(unseen.pop() for _ in range(int(overflow_view or 0)))
    coin_bag = tuple(sorted(unseen[: view["coin_bag_count"]]))

    disc = view["year_disc"]["id"] if view["year_disc"] else ""
    gone = set(view["removed_discs"])
    gone.add(disc)
    piles = []
    for pile in (PILE_A, PILE_B):
        left = [d for d in pile if d not in gone]
        rng.shuffle(left)
        piles.extend(left)
    discs = tuple(piles[len(piles) - view["discs_face_down"] :])

    # every tile on a farm or drawn is out of the bag (read from the players just built)
    used = {t[0] for player in players for t in player.tiles}
    used.update(t for player in players for t in player.drawn)
    tile_bag = tuple([t for t in TILE_IDS if t not in used])

    order = tuple(view["year_order"])
    return WalnutGroveState(
        players=tuple(players),
        phase=view["phase"],
        chance_step=view["awaiting_chance"] or "",
        year=view["year"],
        discs=discs,
        disc=disc,
        removed_discs=tuple(view["removed_discs"]),
        tile_bag=tile_bag,
        coin_bag=coin_bag,
        stock=tuple((building, tuple(items)) for building, items in view["town_stock"].items()),
        order=order,
        cursor=_cursor(view, order),
        owed=0,
        overflow=overflow,
    )


def _cursor(view: Mapping[str, Any], order: tuple[int, ...]) -> int:
    """Who is next: the fall player's place in the year order, or the next start chooser."""
    if view["phase"] == "fall" and view["fall_player"] is not None:
        return order.index(view["fall_player"])
    if view["phase"] == "setup_start_choice":
        return sum(1 for p in view["players"] if p["town_place"])
    return 0


def _player_of(p: Mapping[str, Any], barn: tuple[str, ...]) -> Player:
    """``_player(p, barn)``, built once per player part the views share (``views.is_shared_part``:
    read-only, so kept by its identity) and given this draw's barn: a ``basic`` bot determinises
    every decision, and three of four parts are the ones it saw the decision before (issue 39)."""
    hit = _built.get(id(p))
    if hit is not None and hit[0] is p:  # ``p`` kept alive there: its id is its own
        built = hit[1]
        return built if built.barn == barn else replace(built, barn=barn)
    built = _player(p, barn)
    if is_shared_part(p):
        if len(_built) >= BUILT_KEPT:
            _built.clear()
        _built[id(p)] = (p, built)
    return built


#: players built from shared view parts: id of the part -> (the part, the player built).
_built: dict[int, tuple[Mapping[str, Any], Player]] = {}
BUILT_KEPT = 2048


def _player(p: Mapping[str, Any], barn: tuple[str, ...]) -> Player:
    return Player(
        board=p["board"],
        tiles=tuple([(t["tile_id"], t["x"], t["y"], t["rotation"]) for t in p["tiles"]]),
        storage=tuple(sorted(p["storage"].items())),
        barn=barn,
        active=tuple(p["active_labourers"]),
        pending=tuple(p["pending_labourers"]),
        cabins=tuple(p["cabins"]),
        barn_tiles=tuple(p["barn_tiles"]),
        upgrades=tuple(p["upgrades"].items()),
        help_flipped=p["help_tiles"]["flipped"],
        help_returnable=p["help_tiles"]["returnable"],
        place=p["town_place"],
        drawn=tuple(p["drawn_tiles"]),
        done=p["done"],
    )
