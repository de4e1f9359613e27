"""What each viewer may see (spec §7, WG-H01..H11): the only module that strips secrets.

Secrets: the identity and value of every coin in a barn (owner only, until the game ends), the
coin bag's content, the face-down year-disc order and the RNG. Everything else — farms,
barn goods, labourers, town stock, help tiles, drawn tiles, every submission — is public.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from functools import lru_cache
from typing import Any

from domain.games.game import component_ref, seat_ref, seat_verb, their_ref
from domain.games.walnut_grove import facts
from domain.games.walnut_grove.components import COIN_VALUES, TOWN, UPGRADES, YEAR_DISCS
from domain.games.walnut_grove.farm import Area, farm_areas
from domain.games.walnut_grove.holdings import coins, help_tiles, owned_counts, owned_goods
from domain.games.walnut_grove.legal import area_anchor
from domain.games.walnut_grove.state import Player, WalnutGroveState
from domain.games.walnut_grove.winter import winter_needs

COIN = "coin"


def _seat(state: WalnutGroveState, viewer: Any) -> int | None:
    """WG-H01: the viewer's seat, or None (a spectator) for anything that is not a seat number
    (``True`` and ``1.0`` equal seat 1 by value and must not see its coins)."""
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < state.n:
        return viewer
    return None


def _sees_coins(state: WalnutGroveState, seat: int, viewer: int | None) -> bool:
    return viewer == seat or state.phase == "ended"


def _player_view(state: WalnutGroveState, seat: int, viewer: int | None) -> dict[str, Any]:
    """One player's part of a view, rendered once per player object, whether its coins are shown
    and the year disc (all it reads of the state), and shared by every view showing it like the
    farm's areas: a player unchanged by a move is the same object in the next state, so three of
    four parts of a view (every ``basic`` decision renders one, issue 39) and most parts a
    projection renders after a move are ready made."""
    p: Player = state.player(seat)
    own = _sees_coins(state, seat, viewer)
    key = (id(p), own)
    hit = _parts.get(key)
    if hit is not None and hit[0] is p and hit[1] == state.disc:  # ``p`` kept alive there: its id is its own
        return hit[2]
    view = shared(_render_player(state, p, own))
    if len(_parts) >= PARTS_KEPT:
        _parts.clear()
    _parts[key] = (p, state.disc, view)
    _shown[id(view)] = view
    if len(_shown) >= 2 * PARTS_KEPT:
        _shown.clear()
    return view


#: player parts kept: (id of the player, coins shown) -> (the player, the year disc, its part).
_parts: dict[tuple[int, bool], tuple[Player, str, dict[str, Any]]] = {}
#: every player part handed out and not yet forgotten, by its id (``is_shared_part``).
_shown: dict[int, dict[str, Any]] = {}
PARTS_KEPT = 2048


def is_shared_part(part: Any) -> bool:
    """Whether ``part`` is a player part ``_player_view`` shares: read-only by contract (like the
    areas), so what is derived from it (``determinize``'s players) may be kept by its identity."""
    return _shown.get(id(part)) is part


def _render_player(state: WalnutGroveState, p: Player, own: bool) -> dict[str, Any]:
    barn = list(p.barn) if own else [COIN if item in COIN_VALUES else item for item in p.barn]
    owned = owned_counts(p)  # a fresh dict: shown as it is, the winter bill only reads it
    held = coins(p)
    view = {
        "board": p.board,
        "tiles": _tiles_shown(p.tiles),
        "storage": dict(p.storage),
        "barn": barn,
        "coin_count": len(held),
        "active_labourers": list(p.active),
        "pending_labourers": list(p.pending),
        "cabins": list(p.cabins),
        "barn_tiles": list(p.barn_tiles),
        "upgrades": dict(p.upgrades),
        "help_tiles": {"flipped": p.help_flipped, "returnable": p.help_returnable, "total": help_tiles(p)},
        "town_place": p.place,
        "drawn_tiles": list(p.drawn),
        "done": p.done,
        "areas": player_areas(state, p),
        "owned_goods": owned,
        "winter_needs": _winter(state, p, owned),
    }
    if own:
        view["coins"] = [{"id": c, "value": COIN_VALUES[c]} for c in held]
    return view


def player_areas(state: WalnutGroveState, p: Player) -> list[dict[str, Any]]:
    """The farm's land areas, so a board draws and labels them without holding the geometry
    rules: cells, what they produce this summer (size + the disc's bonus), storage, enclosure.
    Public (the farm is), and the shape ``preview`` answers in."""
    if not p.board:
        return []
    return _areas_shown(p.board, p.tiles, YEAR_DISCS[state.disc].summer_bonus if state.disc else None)


def _as_is(value: Any) -> Any:
    return value


#: What a part shared by every view is handed out as: itself. The test suite makes it read-only
#: (``tests/conftest.py``), so a caller that would change it for every other view fails a test.
shared: Callable[[Any], Any] = _as_is


@lru_cache(maxsize=1024)
def _areas_shown(board: str, tiles: tuple, bonus: str | None) -> list[dict[str, Any]]:
    """``player_areas`` once per farm and summer bonus, the same lists for every view that shows
    them (the farm changes once a spring, its view is rendered for every seat and every state of
    the year): copying them out for each view was two thirds of a view, and a ``basic`` bot
    renders one every decision (issue 39). Views are only read (encoded, compared, determinised)."""
    return shared([_area_shown(a, a.good == bonus) for a in farm_areas(board, tiles)])


@lru_cache(maxsize=4096)
def _area_shown(a: Area, bonus: bool) -> dict[str, Any]:
    """One area as ``player_areas`` shows it, once per area (by value) and bonus: a tile placed
    in spring changes the areas it touches, and the first view after the springs drew every farm
    anew, most of whose areas it had drawn the year before (issue 39)."""
    return shared({
        "key": a.key, "landscape": a.landscape, "good": a.good, "size": a.size,
        "yield": a.size + (1 if bonus else 0), "enclosed": a.enclosed,
        "anchor": area_anchor(a), "cells": [list(c) for c in sorted(a.cells)],
        "subcells": [list(c) for c in sorted(a.subcells)], "slots": list(a.slots),
    })


@lru_cache(maxsize=1024)
def _tiles_shown(tiles: tuple) -> list[dict[str, Any]]:
    """A farm's placed tiles as a view shows them, once per farm and shared like its areas: they
    change once a spring, and every view of every seat shows every farm's (issue 39)."""
    return shared([{"tile_id": t, "x": x, "y": y, "rotation": r} for t, x, y, r in tiles])


def _winter(state: WalnutGroveState, p: Player, owned: dict[str, int]) -> dict[str, Any] | None:
    """This year's winter bill against what the player owns: the warning a board shows before
    winter and the help tiles ``resolve_winter`` would take (WG-A06/A07)."""
    if not state.disc or not p.board:
        return None
    food, wood, fires, wagons = _needs(state.disc, p.active, p.cabins)
    short_food = sum(max(0, n - owned.get(g, 0)) for g, n in food)
    short_wood = max(0, wood - owned.get("wood", 0))
    return {
        "food": dict(food),
        "wood": wood,
        "fires": fires,
        "wagons": wagons,
        "shortfall": {"food": short_food, "wood": short_wood},
        "help_tiles": short_food + short_wood,
    }


@lru_cache(maxsize=1024)
def _needs(disc: str, active: tuple, cabins: tuple) -> tuple:
    """``winter_needs`` from the fields it reads (the disc, the active labourers, the cabins),
    once per year and household: every view shows each player's bill (issue 39)."""
    needs = winter_needs(WalnutGroveState(players=(), disc=disc), Player(active=active, cabins=cabins))
    return tuple(needs.food.items()), needs.wood, needs.fires, needs.wagons


@lru_cache(maxsize=64)
def _disc_fields(disc: str) -> tuple:
    """``asdict`` of a year disc (plain fields), once per disc: every view shows it (issue 39)."""
    return tuple(asdict(YEAR_DISCS[disc]).items())


def player_view(state: WalnutGroveState, viewer: int | None) -> dict[str, Any]:
    viewer = _seat(state, viewer)
    disc = dict(_disc_fields(state.disc)) if state.disc else None
    overflow: Any = len(state.overflow)
    if state.overflow and viewer == state.order[state.cursor]:
        overflow = [{"id": c, "value": COIN_VALUES[c]} for c in state.overflow]
    return {
        "phase": state.phase,
        "year": state.year,
        "awaiting_chance": state.chance_step or None,
        "year_disc": disc,
        "discs_face_down": len(state.discs),
        "removed_discs": list(state.removed_discs),
        "tile_bag_count": len(state.tile_bag),
        "coin_bag_count": len(state.coin_bag),
        "town_stock": {building: list(items) for building, items in state.stock},
        "year_order": list(state.order),
        "fall_player": state.order[state.cursor] if state.phase == "fall" else None,
        "coin_overflow": overflow,
        "players": [_player_view(state, seat, viewer) for seat in range(state.n)],
    }


# --- the log ------------------------------------------------------------------------------


def _coin_step_seat(before: WalnutGroveState) -> int:
    return before.order[before.cursor]


def action_view(
    before: WalnutGroveState, actor: int, action: dict[str, Any], viewer: int | None
) -> dict[str, Any] | None:
    viewer = _seat(before, viewer)
    kind = action.get("type")
    if kind == "chance":
        step = before.chance_step
        request = action["request"]
        if step in ("discs_a", "discs_b"):
            return {"type": "chance", "request": {"kind": request["kind"], "label": request["label"]}}
        if step == "coins":
            public = {"kind": request["kind"], "count": request["count"], "label": request["label"]}
            if viewer == _coin_step_seat(before):
                return {"type": "chance", "request": public, "outcome": list(action["outcome"])}
            return {"type": "chance", "request": public, "count": len(action["outcome"])}
        return action
    if viewer == actor:
        return action
    if kind == "take_fall_turn":
        hidden = dict(action)
        tolls = action.get("tolls")
        if isinstance(tolls, list):
            hidden["tolls"] = [COIN if isinstance(t, str) and t.startswith("coin:") else t for t in tolls]
        payment = action.get("payment")
        if isinstance(payment, dict):
            hidden["payment"] = {
                "coin_count": len(payment.get("coins") or []),
                "goods": payment.get("goods") or [],
            }
        return hidden
    if kind == "resolve_coin_overflow":
        keep = action.get("keep")
        return {
            "type": kind,
            "kept_count": len(keep) if isinstance(keep, list) else 0,
            "discard": action.get("discard"),
        }
    return action


def fact_view(before: WalnutGroveState, actor: int, action: dict[str, Any], after: WalnutGroveState,
              viewer: int | None, reveal: bool = False, score: Any = None) -> list[dict[str, Any]]:
    """The facts of one step as ``viewer`` may know them (``Game.facts``, docs/log.md): a toll
    coin's id and value reach only its payer (WG-H01, WG-H03), the others learn that one coin
    was paid; help tiles and scores are public (WG-H07). Everything once the game is over."""
    viewer = _seat(before, viewer)
    shown = []
    for f in facts.derive(before, actor, action, after, *([score] if score else [])):
        seat = f["seats"][0] if f["seats"] else None
        if f["kind"] == facts.TOLL and not reveal and not _sees_coins(before, seat, viewer):
            f = {**f, "amounts": {str(seat): {"coins": 1}}, "components": f["components"][:1]}
        shown.append({**f, "text": facts.text(f)})
    return shown


def _name(seat: int) -> str:
    return seat_ref(seat)  # the platform names the seat: its player, or "You"


def _count(n: int, thing: str, things: str | None = None) -> str:
    """ "1 coin", "2 coins" (no "coin(s)")."""
    return f"{n} {thing if n == 1 else things or thing + 's'}"


def _listed(parts: list[str]) -> str:
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _tallied(items: list[str], one: str = "{}", many: str = "{n} {}") -> list[str]:
    """Alike items counted once, in order of first mention: goods ["dairy", "dairy", "wood"] as
    ["2 dairy", "wood"], coins with ``one="a {}"``, ``many="{n} {}s"`` as "2 gold coins". A
    player says "2 dairy", not "dairy and dairy" (table review, sixteenth session's second look)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return [one.format(item) if n == 1 else many.format(item, n=n) for item, n in counts.items()]


def _figure(figure: str) -> str:
    """The farmer, or a labourer by its colour (``catalog.names``): "a yellow labourer"."""
    return f"the {component_ref('figure', figure)}" if figure == "farmer" else f"a {component_ref('figure', figure)}"


def _tile(tile: str) -> str:
    return f"a {component_ref('tile', tile)}"


def describe(before: WalnutGroveState, actor: int, action: dict[str, Any], viewer: int | None) -> str:
    viewer = _seat(before, viewer)
    kind = action.get("type")
    if kind == "chance":
        return _describe_chance(before, action, viewer)
    who = _name(actor)
    if kind == "choose_start_building":
        return f"{who} {seat_verb(actor, 'starts')} at the {component_ref('town', action['building'])}."
    if kind == "place_landscape_tiles":
        placed = _listed([
            f"{_tile(p['tile_id'])} in column {p['x'] + 1}, row {p['y']} (turned {p['rotation']}°)"
            for p in action["placements"]
        ])
        return f"{who} placed {placed}, and returned the other drawn tiles."
    if kind == "place_figures":
        figures = _listed([_figure(a["figure_id"]) for a in action["assignments"]])
        areas = _count(len(action["assignments"]), "land area")
        return f"{who} sent {figures} to work {areas} and harvested."
    if kind == "take_fall_turn":
        # The tolls passed are the facts under this line, one each ("paid the taxes toll with a
        # coin", "took 1 neighbour-help tile for a toll"); the line once said them again in brackets
        # ("(paying 1 toll coin and taking 1 help tile for tolls)"): three lines saying two things
        # twice (table review, sixteenth session's second look).
        where = TOWN[action["destination"]]
        return f"{who} moved to the {component_ref('town', where.id)} and {_town_action(where.kind, action)}."
    if kind == "pass_fall_turn":
        return f"{who} passed this fall."
    if kind == "resolve_coin_overflow":
        kept, dropped = len(action["keep"]), len(action["discard"])
        # "and discarded 0 barn items" read oddly in the table review: a discard is said only when made
        dropped_text = f" and discarded {_count(dropped, 'barn item')}" if dropped else ""
        # none kept: "kept none of the drawn coins", not "kept 0 drawn coins" (table review, second look)
        kept_text = _count(kept, "drawn coin") if kept else "none of the drawn coins"
        return f"{who} kept {kept_text}{dropped_text}."
    if kind == "resolve_winter":
        # What was missing, as a player counts it (WG-A07: one help tile each); the tiles taken
        # for it are the fact under this line. It once read ", taking 4 help tiles for what was
        # missing" above two facts saying the same tiles again (table review, finding 15).
        needs = winter_needs(before, before.player(actor))
        owned = owned_goods(before.player(actor))
        food_short = sum(max(0, n - owned[good]) for good, n in needs.food.items())
        wood_short = max(0, needs.wood - owned["wood"])
        short = _listed([f"{n} {what}" for n, what in ((food_short, "food"), (wood_short, "wood")) if n])
        short_text = f" and came up {short} short" if short else ""
        return f"{who} faced a winter needing {sum(needs.food.values())} food and {needs.wood} wood{short_text}."
    if kind == "return_neighbour_help_tile":
        # The goods paid (WG-R62); the tile handed back is the fact under this line. It read
        # "returned a neighbour-help tile with 3 goods." above "returned their returnable
        # neighbour-help tile.": the same tile twice (table review, sixteenth session's second look).
        paid: dict[str, int] = {}
        for entry in action.get("goods") or []:
            paid[entry["good"]] = paid.get(entry["good"], 0) + int(entry.get("count", 1))
        goods = _listed([f"{n} {component_ref('good', good)}" for good, n in paid.items()]) or "3 goods"
        return f"{who} paid {goods} to the supply."
    if kind == "move_goods_to_barn":
        good = dict(before.player(actor).storage).get(action["from_slot"])
        what = component_ref("good", good) if good else "a good"
        return f"{who} moved {what} from {their_ref(actor)} farm to the barn."
    if kind == "discard_from_barn":
        return f"{who} discarded {_count(len(action['barn_slots']), 'item')} from the barn."
    return f"{who} confirmed the final scoring."


def _town_action(kind: str | None, action: dict[str, Any]) -> str:
    if kind == "free_goods":
        return f"took {_listed(_tallied([component_ref('good', g) for g in action['goods']]))} into the barn"
    if kind == "hire":
        return f"hired {_figure(action['labourer_id'])}, who starts work after winter"
    if kind == "building":
        return f"bought a {component_ref('building', action['building_tile_id'])}"
    if kind == "upgrade":
        upgrade = UPGRADES[action["upgrade_id"]]
        return f"bought the {component_ref('upgrade', upgrade.id)} for the {upgrade.space} space"
    return f"sold {_listed(_tallied([component_ref('good', sale['good']) for sale in action['sell']]))}"


def _describe_chance(before: WalnutGroveState, action: dict[str, Any], viewer: int | None) -> str:
    step = before.chance_step
    outcome = action["outcome"]
    if step == "boards":
        dealt = _listed([f"{component_ref('board', b)} to {_name(s)}" for s, b in enumerate(outcome[: before.n])])
        return f"Farm boards were dealt: {dealt}."
    if step in ("discs_a", "discs_b"):
        return f"The {step[-1].upper()} year discs were shuffled face down."
    if step in ("labourers", "buildings", "upgrades"):
        return f"The {step} for town were shuffled and dealt to their buildings."
    if step == "spring_draw":
        drawn = _listed([_tile(t) for t in outcome]) or "no tiles"
        return f"{_name(before.order[before.cursor])} drew {drawn} from the tile bag."
    seat = _coin_step_seat(before)
    if viewer == seat:
        # coins alike by their value (each has its own id): "2 copper coins", named by the first
        by_value: dict[int, str] = {}
        for c in outcome:
            by_value.setdefault(COIN_VALUES.get(c, -1), c)
        drawn = _listed(_tallied([component_ref("coin", by_value[COIN_VALUES.get(c, -1)]) for c in outcome],
                                 "a {}", "{n} {}s"))
        return f"{_name(seat)} drew {_count(len(outcome), 'coin')} from the bag: {drawn or 'none'}."
    return f"{_name(seat)} drew {_count(len(outcome), 'coin')} from the bag."


def secrets(state: WalnutGroveState) -> dict[int | None, Any]:
    """What is hidden now and from whom (docs/undo.md): the coin bag, the tile bag and the
    face-down year discs from everyone; each seat's barn coins from everyone else; coins drawn in
    excess (the overflow) from all but the seat whose fall turn it is. Nothing once it has ended."""
    if state.phase == "ended":
        return {}
    hidden: dict[int | None, Any] = {None: (tuple(sorted(state.coin_bag)), state.tile_bag, state.discs)}
    for s in range(state.n):
        hidden[s] = tuple(coins(state.player(s)))
    if state.overflow:
        owner = state.order[state.cursor] if state.order else None
        hidden[owner] = (hidden.get(owner), state.overflow)
    return hidden
