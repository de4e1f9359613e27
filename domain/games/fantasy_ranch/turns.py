"""A player's turn (§5.2-§5.5): one limited action, free actions, free territories, the turn's end.

Limited actions (buy a horse, buy a location, produce goods) use the turn's single allowance
(FR-R053, FR-R111). Free actions (move, sell, trade) are open in the windows of FR-R061: the
active player's own turn, and every waiting point of the tournament phase for everyone.
"""

from __future__ import annotations

from domain.errors import IllegalMove, NotYourTurn
from domain.games.fantasy_ranch import flow
from domain.games.fantasy_ranch.components import EMPLOYEES, HORSES, LOCATIONS, PRODUCTION_LIMIT, TRADE_RATE
from domain.games.fantasy_ranch.places import (
    buyable,
    destinations,
    for_sale,
    place_horse,
    price,
    return_upgrades,
)
from domain.games.fantasy_ranch.state import HOLDING, Work


def check_active(w: Work, seat: int, rule: str) -> None:
    """FR-R110 / FR-R130a / FR-R150a: the own turn, with no Tessa decision pending (FR-R166)."""
    if w.phase == "tessa_choice" and seat == w.active:
        raise IllegalMove("FR-R166", "choose Tessa's card first")
    if w.phase != "turn" or seat != w.active:
        raise NotYourTurn(rule, f"seat {seat} is not the active player")


def check_limited(w: Work, seat: int) -> None:
    check_active(w, seat, "FR-R110")
    if w.limited_used:
        raise IllegalMove("FR-R111", "only one limited action per turn")


def in_window(w: Work, seat: int) -> bool:
    """FR-R061: own turn, or any waiting point of the tournament phase."""
    if w.reshuffle_due:
        return False
    if w.phase == "turn":
        return seat == w.active
    return w.phase in ("tournament_entries", "tournament_prizes")


def buy_horse(w: Work, seat: int, card: str, destination: str, rule: str = "FR-R112") -> None:
    """FR-R112a-c: a market horse, paid in carrots, straight onto a legal destination."""
    if card not in w.market:
        raise IllegalMove(f"{rule}a" if rule == "FR-R112" else rule, f"{card} is not in the market")
    buy_card(w, seat, card, destination, rule)
    w.market[w.market.index(card)] = None
    flow.refill_market(w)  # FR-R255


def buy_card(w: Work, seat: int, card: str, destination: str, rule: str = "FR-R112") -> None:
    """Pay for ``card`` and place it (FR-R112b, FR-R112c); shared by the market, Alex and Tessa."""
    b, c = ("FR-R112b", "FR-R112c") if rule == "FR-R112" else (rule, rule)
    if w.carrots(seat) < HORSES[card].cost:
        raise IllegalMove(b, f"{card} costs {HORSES[card].cost} carrots")
    if destination not in destinations(w, seat, card):
        raise IllegalMove(c, f"{destination} is not a legal place for {card}")
    w.gain(seat, carrots=-HORSES[card].cost)
    place_horse(w, seat, card, destination)


def buy_location(w: Work, seat: int, location: str, rule: str = "FR-R113") -> None:
    """FR-R113: a for-sale location of the own board [L1 L2] or next to the ranch [L3], paid in boots."""
    if location not in buyable(w, seat):
        sub = "FR-R113b" if w.level == 3 else "FR-R113a"
        raise IllegalMove(sub if rule == "FR-R113" else rule, f"{location} cannot be bought by seat {seat}")
    cost = price(w, seat, location)
    if w.boots(seat) < cost:
        raise IllegalMove("FR-R113c" if rule == "FR-R113" else rule, f"{location} costs {cost} boots")
    w.gain(seat, boots=-cost)
    w.owners[location] = seat
    return_upgrades(w, location)


def limited(w: Work, seat: int, move: dict) -> None:
    """Dispatch the three limited actions after FR-R110/FR-R111."""
    check_limited(w, seat)
    kind = move["type"]
    if kind == "buy_horse":
        buy_horse(w, seat, move["card_id"], move["destination"])
    elif kind == "buy_location":
        buy_location(w, seat, move["location_id"])
    else:
        carrots, boots = move["carrots"], move["boots"]
        if carrots < 0 or boots < 0 or not 1 <= carrots + boots <= PRODUCTION_LIMIT:
            raise IllegalMove("FR-R114a", "produce 1 to 6 goods, none negative")
        w.gain(seat, carrots, boots)
    w.limited_used = True


def move_horse(w: Work, seat: int, card: str, destination: str) -> None:
    """FR-R120: an own unlocked horse to another legal destination ([L3] never during the finals)."""
    if not in_window(w, seat) or (w.level == 3 and w.phase.startswith("tournament") and w.slot >= 8):
        raise NotYourTurn("FR-R120a", "horses cannot be moved now")
    if w.owner_of.get(card) != seat or card in w.locked():
        raise IllegalMove("FR-R120b", f"seat {seat} cannot move {card}")
    if destination not in destinations(w, seat, card):
        raise IllegalMove("FR-R120c", f"{card} cannot move to {destination}")
    place_horse(w, seat, card, destination)


def sell_horse(w: Work, seat: int, card: str) -> None:
    """FR-R121: carrots equal to the cost; the card goes to the discard pile (FR-D10)."""
    if not in_window(w, seat):
        raise NotYourTurn("FR-R121a", "horses cannot be sold now")
    if w.owner_of.get(card) != seat or card in w.locked():
        raise IllegalMove("FR-R121a", f"seat {seat} cannot sell {card}")
    if HORSES[card].world_class:
        raise IllegalMove("FR-R121b", "world-class horses can never be sold")
    del w.owner_of[card]
    del w.place[card]
    w.discard.append(card)
    w.gain(seat, carrots=HORSES[card].cost)


def trade_goods(w: Work, seat: int, give: str, units: int) -> None:
    """FR-R122: 2 of one kind for 1 of the other, any number of units."""
    if not in_window(w, seat):
        raise NotYourTurn("FR-R122a", "goods cannot be traded now")
    if give not in ("carrots", "boots") or units < 1:
        raise IllegalMove("FR-R122a", "give carrots or boots, at least one unit")
    held = w.carrots(seat) if give == "carrots" else w.boots(seat)
    if held < TRADE_RATE * units:
        raise IllegalMove("FR-R122b", f"not enough {give} to trade")
    if give == "carrots":
        w.gain(seat, -TRADE_RATE * units, units)
    else:
        w.gain(seat, units, -TRADE_RATE * units)


def claim_free_territory(w: Work, seat: int, territory: str, card: str) -> None:
    """FR-R123: a territory paid off by the claimant's own upgrade tokens, taken with a horse on it."""
    check_active(w, seat, "FR-R123a")
    if (
        territory not in LOCATIONS
        or not for_sale(w, territory)
        or price(w, seat, territory) > 0
        or (w.upgrades.get(territory, [0] * w.players)[seat] != LOCATIONS[territory].price)
    ):
        raise IllegalMove("FR-R123b", f"{territory} is not paid off by seat {seat}'s upgrade tokens")
    if territory not in buyable(w, seat):
        raise IllegalMove("FR-R123c", f"{territory} is not next to seat {seat}'s ranch")
    if w.owner_of.get(card) != seat or card in w.locked() or not LOCATIONS[territory].accepts(HORSES[card]):
        raise IllegalMove("FR-R123d", f"{card} cannot stand on {territory}")
    w.owners[territory] = seat
    return_upgrades(w, territory)
    w.place[card] = territory


def end_turn(w: Work, seat: int, move: dict) -> None:
    """FR-R130: [L3] the mandatory employee swap, then the next turn or the tournaments."""
    check_active(w, seat, "FR-R130a")
    fields = set(move) - {"type"}
    if w.level == 3:
        new = move.get("new_employee")
        held = w.employees[seat]
        if fields != {"new_employee"} or not isinstance(new, str) or new not in EMPLOYEES:
            raise IllegalMove("FR-R130b", "name the employee to take from the pool")
        if new == held or new in w.employees:
            raise IllegalMove("FR-R130b", f"{new} is not in the pool or is the employee being returned")
        w.employees[seat] = new
    elif fields:
        raise IllegalMove("FR-R130", "end_turn takes no fields before level 3")
    flow.next_turn(w)


def pool(w: Work) -> list[str]:
    return [e for e in EMPLOYEES if e not in w.employees]


def holding_horses(w: Work, seat: int) -> list[str]:
    return [c for c in w.horses_of(seat) if w.place[c] == HOLDING]
