"""Fall in town (§5.5-§5.7, WG-R30..R47, WG-D09..D15, WG-D28/D29).

One turn per player in year order: move clockwise to a building (paying a coin or taking a
help tile at each toll passed), pay its activation cost and use its action once; or pass. A
store sale draws coins at random (a chance step); coins that do not fit wait for
``resolve_coin_overflow``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from domain.errors import IllegalMove, NotYourTurn
from domain.games.walnut_grove import moves
from domain.games.walnut_grove.components import (
    BUILDING_TILES,
    DESTINATIONS,
    GOODS,
    HOUSING_SPACES,
    MAX_BARN_TILES,
    MAX_CABINS,
    STREET,
    TOLL_POSITIONS,
    TOWN,
    UPGRADES,
    YEAR_DISCS,
    TownSpace,
)
from domain.games.walnut_grove.flow import end_fall_turn, place_position
from domain.games.walnut_grove.holdings import (
    add_to_barn,
    barn_index,
    coins,
    free_barn_slots,
    grow_barn,
    remove_coins,
    take_from_sources,
    take_help_tile,
)
from domain.games.walnut_grove.state import Player, WalnutGroveState, replace


@dataclass(frozen=True)
class Route:
    """A move along the street: distance and the tolls passed in path order (WG-D10)."""

    distance: int
    tolls: tuple[str, ...]


@lru_cache(maxsize=4096)  # a street place and a destination: a few hundred pairs
def route(place: str, destination: str) -> Route:
    """The way from ``place`` to ``destination``, once per pair: listing a fall turn's moves
    walks to every building, and a bot judging them walks again (issue 39)."""
    start = place_position(place)
    distance = (TOWN[destination].pos - start) % STREET or STREET
    passed = [(start + step) % STREET for step in range(1, distance)]
    return Route(distance, tuple(TOLL_POSITIONS[pos] for pos in passed if pos in TOLL_POSITIONS))


def check_turn(state: WalnutGroveState, seat: int, rule: str) -> None:
    """WG-R30/R40: fall, this seat's turn, no coin draw or overflow pending."""
    if state.phase != "fall":
        raise IllegalMove(rule, "fall turns are taken in fall")
    if seat != state.order[state.cursor]:
        raise NotYourTurn(rule, f"it is seat {state.order[state.cursor]}'s fall turn")
    if state.chance_step or state.overflow:
        raise IllegalMove(rule, "the coin overflow must be resolved first")


def occupants(state: WalnutGroveState, seat: int, building: str) -> list[str]:
    """Places of *other* figures on the building's street space/slots (start spaces excluded)."""
    return [
        p.place
        for other, p in enumerate(state.players)
        if other != seat
        and (p.place == building or (TOWN[building].capacity > 1 and p.place.startswith(building + ":")))
    ]


def arrival_place(state: WalnutGroveState, seat: int, building: str) -> str | None:
    """The street place the figure takes, or None when the building is full (WG-R32, WG-D28)."""
    space = TOWN[building]
    taken = occupants(state, seat, building)
    if space.capacity == 1:
        return None if taken else building
    for slot in range(1, space.capacity + 1):
        if f"{building}:{slot}" not in taken:
            return f"{building}:{slot}"
    return None


def pass_fall_turn(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    """WG-R40: stay put, pay nothing, use nothing (not even the building stood at)."""
    check_turn(state, seat, "WG-R40")
    moves.fields(move, "WG-R40")
    return end_fall_turn(state)


def take_fall_turn(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    check_turn(state, seat, "WG-R30")
    destination = move.get("destination")
    if destination not in DESTINATIONS:
        raise IllegalMove(
            "WG-R31", f"{destination!r} is not a building with an action (the Town Hall never is)"
        )
    space = TOWN[destination]
    action_field, action_type = moves.ACTION_FIELD[space.kind]
    # Each part is refused under the rule that governs it: tolls WG-R33, payment WG-R35, the
    # action's parameter WG-R36 (the destination itself is WG-R31, checked above).
    for name, kind, rule in (("tolls", list, "WG-R33"), ("payment", dict, "WG-R35"),
                             (action_field, action_type, "WG-R36")):
        if name not in move:
            raise IllegalMove(rule, f"a fall turn to the {destination} needs {name!r}")
        if not isinstance(move[name], kind):
            raise IllegalMove(rule, f"{name!r} must be a {'list' if kind is list else 'JSON object' if kind is dict else 'string'}")
    move = moves.fields(
        move, "WG-R30", destination=str, tolls=list, payment=dict, **{action_field: action_type}
    )
    return _take(state, seat, destination, move["tolls"], move["payment"], move[action_field], moves.payment)


def take_listed_fall_turn(state: WalnutGroveState, seat: int, move: dict) -> WalnutGroveState:
    """``take_fall_turn`` of a move as ``legal_moves`` lists it, its shape taken as given.

    A ``basic`` bot plays each of 10-30 listed candidates to judge it (issue 39); checking again
    the shape of a move the rules themselves listed was a third of that. The effects, and every
    check of the move against the state, are ``take_fall_turn``'s own (``_take``)."""
    destination = move["destination"]
    action_field, _ = moves.ACTION_FIELD[TOWN[destination].kind]
    return _take(
        state, seat, destination, move["tolls"], move["payment"], move[action_field], _listed_payment
    )


def _listed_payment(pay: dict) -> tuple[list[str], list[tuple[str, str, int]]]:
    """``moves.payment`` of a payment ``legal_moves`` wrote (its shape is right)."""
    return pay.get("coins") or [], [(e["good"], e["source"], e["count"]) for e in pay.get("goods") or []]


def _take(
    state: WalnutGroveState, seat: int, destination: str, tolls: list, payment: dict, param: Any,
    parse_payment: Callable[[dict], tuple[list[str], list]],
) -> WalnutGroveState:
    """WG-R32..R36: move to the destination, pay the tolls and the cost, use the action (the
    checks against the state in the order the rules give them)."""
    state, player = _arrive_and_pay(state, seat, destination, tolls, payment, parse_payment)
    return _act(state, seat, player, TOWN[destination], param)


def take_listed_fall_turns(state: WalnutGroveState, seat: int, listed: list[dict]) -> list[WalnutGroveState]:
    """``take_listed_fall_turn`` of each of the ``listed`` moves, a move's walk and payment done once for
    every action bought with them: a ``basic`` bot judges the 15 pairs of free goods and the
    sales of a store after the same walk (issue 39). The same functions as ``_take``, in the
    same order, so each state is the one ``play`` gives."""
    paid: dict[tuple, tuple[WalnutGroveState, Player]] = {}
    states = []
    for move in listed:
        destination, tolls, payment = move["destination"], move["tolls"], move["payment"]
        key = (destination, tuple(tolls), tuple(payment.get("coins") or ()),
               tuple((e["good"], e["source"], e["count"]) for e in payment.get("goods") or ()))
        if key not in paid:
            paid[key] = _arrive_and_pay(state, seat, destination, tolls, payment, _listed_payment)
        after, player = paid[key]
        space = TOWN[destination]
        states.append(_act(after, seat, player, space, move[moves_field(space)]))
    return states


def moves_field(space: TownSpace) -> str:
    """The move's field that names what the space's action takes (``goods``, ``sell``...)."""
    return moves.ACTION_FIELD[space.kind][0]


def _arrive_and_pay(
    state: WalnutGroveState, seat: int, destination: str, tolls: list, payment: dict,
    parse_payment: Callable[[dict], tuple[list[str], list]],
) -> tuple[WalnutGroveState, Player]:
    """WG-R32..R35: the figure's new place, tolls and activation cost paid; the state with the
    coins spent back in the bag and the player as it stands before the action (WG-R36)."""
    player, spent = _arrived_and_paid(state, seat, destination, tolls, payment, parse_payment)
    return replace(state, coin_bag=tuple(sorted(state.coin_bag + spent))), player


def _arrived_and_paid(
    state: WalnutGroveState, seat: int, destination: str, tolls: list, payment: dict,
    parse_payment: Callable[[dict], tuple[list[str], list]],
) -> tuple[Player, tuple[str, ...]]:
    """``_arrive_and_pay``'s player and the coins it spent (back to the bag), the state left as
    it was: what ``fall_turn_outcomes`` reads."""
    space = TOWN[destination]
    player = state.player(seat)
    place = arrival_place(state, seat, destination)
    if place is None:
        raise IllegalMove("WG-R32", f"the {destination} has no room for another figure")
    toll_coins, helps = _tolls(player, route(player.place, destination), tolls)
    player, cost_coins = _pay(player, space, parse_payment(payment), toll_coins)
    for _ in range(helps):
        player, _ = take_help_tile(player)
    player = replace(remove_coins(player, toll_coins), place=place)
    return player, tuple(toll_coins) + tuple(cost_coins)


def _tolls(player: Player, path: Route, entries: list) -> tuple[list[str], int]:
    """WG-R33/R34: one entry per toll passed, each a distinct held coin or ``help``."""
    entries = moves.string_list(entries, "WG-R33", "tolls")
    if len(entries) != len(path.tolls):
        raise IllegalMove("WG-R33", f"this move passes {len(path.tolls)} toll(s); give one entry for each")
    paid = []
    for entry in entries:
        if entry == "help":
            continue
        if not entry.startswith("coin:"):
            raise IllegalMove("WG-R33", f"a toll is paid with 'coin:<id>' or 'help', not {entry!r}")
        coin = entry[5:]
        if coin not in coins(player) or coin in paid:
            raise IllegalMove("WG-R34", f"coin {coin!r} is not (or no longer) in your barn")
        paid.append(coin)
    return paid, entries.count("help")


def _pay(
    player: Player, space: TownSpace, payment: tuple[list[str], list], toll_coins: list[str]
) -> tuple[Player, list[str]]:
    """WG-R35: exactly the activation cost, with coins not already used for tolls."""
    coin_ids, goods = payment
    if len(coin_ids) != space.cost_coins:
        raise IllegalMove("WG-R35", f"the {space.id} costs {space.cost_coins} coin(s), {len(coin_ids)} given")
    held = coins(player)
    if len(set(coin_ids)) != len(coin_ids) or any(c not in held or c in toll_coins for c in coin_ids):
        raise IllegalMove("WG-R35", "payment coins must be distinct coins in your barn not used for tolls")
    # plain dicts (every candidate a bot judges pays here, issue 39): with every count at least 1
    # (checked alike), they are equal exactly when the Counters were
    totals: dict[str, int] = {}
    for good, _, count in goods:
        totals[good] = totals.get(good, 0) + count
    if any(count < 1 for _, _, count in goods) or totals != dict(space.cost_goods):
        raise IllegalMove("WG-R35", f"the {space.id} costs exactly {dict(space.cost_goods) or 'no goods'}")
    player = take_from_sources(player, goods, "WG-R35")
    return remove_coins(player, coin_ids), coin_ids


def _act(
    state: WalnutGroveState, seat: int, player: Player, space: TownSpace, param: Any
) -> WalnutGroveState:
    """WG-R36 and the action's effect (§5.5 step 4)."""
    if space.kind == "store":
        return _sell(state, seat, player, space, moves.sales(param))
    player, taken = _acted(state, player, space, param)
    if taken is not None:
        here = space.id
        state = state.with_stock(here, tuple(x for x in state.stock_at(here) if x != taken))
    return end_fall_turn(state.with_player(seat, player))


def _acted(state: WalnutGroveState, player: Player, space: TownSpace, param: Any) -> tuple[Player, str | None]:
    """WG-R36 for every action but a sale: the player after it, and the item it takes from the
    building's stock (``None``: free goods take none)."""
    kind, here = space.kind, space.id
    if kind == "free_goods":
        goods = moves.string_list(param, "WG-R36", "goods")
        if len(goods) != 2 or goods[0] not in GOODS or goods[1] not in GOODS:
            raise IllegalMove("WG-R36", "name exactly two goods (the same good twice is allowed)")
        player, _, _ = add_to_barn(player, goods)
        return player, None
    if kind == "hire":
        if param not in state.stock_at(here):
            raise IllegalMove("WG-R36", f"labourer {param!r} is not waiting at the {here}")
        if len(player.active) + len(player.pending) >= HOUSING_SPACES:
            raise IllegalMove("WG-R36", "your four housing spaces are full")
        return replace(player, pending=player.pending + (param,)), param
    if kind == "building":
        if param not in state.stock_at(here):
            raise IllegalMove("WG-R36", f"building tile {param!r} is not at the {here}")
        if BUILDING_TILES[param] == "cabin":
            if len(player.cabins) >= MAX_CABINS:
                raise IllegalMove("WG-R36", "you already own four cabins")
            return replace(player, cabins=player.cabins + (param,)), param
        if len(player.barn_tiles) >= MAX_BARN_TILES:
            raise IllegalMove("WG-R36", "both barn plots are already used")
        return grow_barn(replace(player, barn_tiles=player.barn_tiles + (param,))), param
    if kind == "upgrade":
        if param not in state.stock_at(here):
            raise IllegalMove("WG-R36", f"upgrade {param!r} is not at {here}")
        upgrade_space = UPGRADES[param].space
        if upgrade_space in dict(player.upgrades):
            raise IllegalMove("WG-R36", f"your {upgrade_space} upgrade space is already used")
        return replace(player, upgrades=player.upgrades + ((upgrade_space, param),)), param
    raise ValueError(f"unknown town space kind {kind!r}")


def _sell(
    state: WalnutGroveState, seat: int, player: Player, space: TownSpace, sales: list
) -> WalnutGroveState:
    """General store: one of each good it buys, coins owed = goods sold + fall bonus."""
    player, owed = _sold(state, player, space, sales)
    state = state.with_player(seat, player)
    if not state.coin_bag:
        return end_fall_turn(state)  # WG-A11: an empty bag pays nothing
    return replace(state, owed=owed, chance_step="coins")


def _sold(state: WalnutGroveState, player: Player, space: TownSpace, sales: list) -> tuple[Player, int]:
    """WG-R36 for a sale: the player without the goods sold, and the coins owed for them."""
    kinds = [good for good, _ in sales]
    if not 1 <= len(sales) <= 3:
        raise IllegalMove("WG-R36", "sell one to three goods")
    if any(good not in space.buys for good in kinds):
        raise IllegalMove("WG-R36", f"the {space.id} buys only {', '.join(space.buys)}")
    if len(set(kinds)) != len(kinds):
        raise IllegalMove("WG-R36", "a store buys at most one of each good")
    player = take_from_sources(player, [(good, source, 1) for good, source in sales], "WG-R36")
    return player, len(sales) + (1 if YEAR_DISCS[state.disc].fall_bonus in kinds else 0)


class TurnOutcome(NamedTuple):
    """What a fall turn leaves that a one-ply judgement reads: the seat's player, the phase
    (``winter`` after the year's last turn), the coins a sale now draws (``owed``, 0 when the turn
    ended) and the coins then in the bag."""

    player: Player
    phase: str
    owed: int
    bag: int


def fall_turn_outcomes(state: WalnutGroveState, seat: int, listed: list[dict]) -> list[TurnOutcome]:
    """``take_listed_fall_turns`` of the ``listed`` moves (and ``pass_fall_turn``), the state after
    each cut to what ``TurnOutcome`` keeps: the seat's player is the one ``play`` leaves, made by
    the same functions in the same order, but the other seats, the stock and the coin bag are not
    rebuilt for every candidate (issue 39: copying them was half of a ``basic`` fall decision)."""
    check_turn(state, seat, "WG-R30")
    last = state.cursor + 1 >= state.n  # end_fall_turn: winter after the last turn, everyone reset
    phase = "winter" if last else "fall"
    paid: dict[tuple, tuple[Player, int]] = {}
    same: dict[tuple, Player] = {}
    outcomes = []
    for move in listed:
        if move["type"] == "pass_fall_turn":
            outcomes.append(TurnOutcome(replace(state.player(seat), done=not last), phase, 0, len(state.coin_bag)))
            continue
        destination, tolls, payment = move["destination"], move["tolls"], move["payment"]
        space = TOWN[destination]
        drawing = space.kind == "store"  # a sale into a bag with coins: the turn goes on to the draw
        # the same walk and payment when the same lists spell them (``legal`` shares them among a
        # destination's actions); equal lists that are not the same objects are paid again
        key = (destination, id(tolls), id(payment.get("coins")), id(payment.get("goods")))
        if key not in paid:
            player, spent = _arrived_and_paid(state, seat, destination, tolls, payment, _listed_payment)
            bag = len(state.coin_bag) + len(spent)
            # the turn's end (end_fall_turn's ``done``) set once for every action bought here: no
            # action reads or changes it
            paid[key] = (player if drawing and bag else replace(player, done=not last), bag)
        player, bag = paid[key]
        param = move[moves_field(space)]
        if drawing:  # ``moves.sales`` of the sales ``legal`` wrote (their shape is right)
            player, owed = _sold(state, player, space, [(e["good"], e["source"]) for e in param])
            if bag:  # the sale's coins are drawn next, the turn not yet over
                outcomes.append(TurnOutcome(player, "fall", owed, bag))
                continue
        else:
            player, _ = _acted(state, player, space, param)
            if space.kind == "free_goods":  # a full barn keeps neither good, one slot the first:
                player = same.setdefault((key, player.barn), player)  # the same player, once
        outcomes.append(TurnOutcome(player, phase, 0, bag))
    return outcomes


def resolve_coin_overflow(state: WalnutGroveState, seat: int, move: Any) -> WalnutGroveState:
    """WG-R45..R47: keep as many drawn coins as fit once the chosen barn items are discarded."""
    if not state.overflow:
        raise IllegalMove("WG-R45", "no coin overflow is pending")
    if seat != state.order[state.cursor]:
        raise NotYourTurn("WG-R45", f"the overflow belongs to seat {state.order[state.cursor]}")
    move = moves.fields(move, "WG-R46", keep=list, discard=list)
    keep = moves.string_list(move["keep"], "WG-R46", "keep")
    discard = moves.string_list(move["discard"], "WG-R46", "discard")
    player = state.player(seat)
    if len(set(keep)) != len(keep) or not set(keep) <= set(state.overflow):
        raise IllegalMove("WG-R46", "keep only coins you just drew, each once")
    indexes = [barn_index(slot) for slot in discard]
    if len(set(discard)) != len(discard) or any(
        i is None or i >= len(player.barn) or not player.barn[i] for i in indexes
    ):
        raise IllegalMove("WG-R46", "discard only barn slots that hold an item, each once")
    fits = min(len(state.overflow), free_barn_slots(player) + len(discard))
    if len(keep) != fits:
        raise IllegalMove("WG-R47", f"keep exactly {fits} coin(s): every coin that fits must be kept")
    dropped = [player.barn[i] for i in indexes]
    barn = tuple("" if i in indexes else item for i, item in enumerate(player.barn))
    player, _, _ = add_to_barn(replace(player, barn=barn), keep)
    back = [c for c in dropped if c not in GOODS] + [c for c in state.overflow if c not in keep]
    state = replace(state.with_player(seat, player), coin_bag=tuple(sorted(state.coin_bag + tuple(back))))
    return end_fall_turn(state)
