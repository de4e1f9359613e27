"""Employees [L3] (§5.7): one ability per turn, an own employee free or another's for 2 goods.

The six abilities are the seed's (§11.9). Using an ability never changes who holds the employee;
the mandatory swap happens at the end of the turn (FR-R130). The fee and every cost of the
ability are checked together: a failing ability refuses the whole command (FR-R160), which the
``Work`` copy gives for free because nothing is kept when ``play`` raises.
"""

from __future__ import annotations

from domain.errors import IllegalMove
from domain.games.fantasy_ranch import flow
from domain.games.fantasy_ranch.components import EMPLOYEE_FEE, HORSES, TESSA_CARDS
from domain.games.fantasy_ranch.moves import exact, goods_pair
from domain.games.fantasy_ranch.places import can_place_upgrade, destinations, place_horse, place_upgrade
from domain.games.fantasy_ranch.state import Work
from domain.games.fantasy_ranch.turns import buy_card, buy_horse, buy_location, check_active

PARAMS = {
    "tom": {"give_card_id": str, "take_card_id": str, "destination": str},
    "alex": {"card_id": str, "destination": str},
    "gail": {"mode": str},
    "ryan": {"location_id": str},
    "tessa": {},
    "megan": {"territories": list},
}


def holder(w: Work, employee: str) -> int | None:
    return w.employees.index(employee) if employee in w.employees else None


def use(w: Work, seat: int, move: dict) -> None:
    """``UseEmployee`` (FR-R160), then the ability (FR-R161..FR-R167)."""
    check_active(w, seat, "FR-R160")
    employee = move.get("employee")
    if not isinstance(employee, str) or employee not in PARAMS:
        raise IllegalMove("FR-R160", f"unknown employee {employee!r}")
    if w.employee_used:
        raise IllegalMove("FR-R160", "only one employee ability per turn")
    owner = holder(w, employee)
    if owner is None:
        raise IllegalMove("FR-R160", f"{employee} is in the pool and cannot be used")
    fields = {"employee": str, "params": dict}
    if owner != seat:
        fields["fee"] = dict
    exact(move, "FR-R160", ignore=("type",), **fields)
    if owner != seat:
        carrots, boots = goods_pair(move["fee"], "FR-R160", EMPLOYEE_FEE)
        if carrots > w.carrots(seat) or boots > w.boots(seat):
            raise IllegalMove("FR-R160", "the employee fee is not affordable")
        w.gain(seat, -carrots, -boots)
        w.gain(owner, carrots, boots)  # paid to the holder, not the supply
    params = exact(move["params"], RULES[employee], **PARAMS[employee])
    ABILITIES[employee](w, seat, params)
    w.employee_used = True


def tom(w: Work, seat: int, p: dict) -> None:
    """FR-R161: an own horse (not locked, not world-class) for a market horse, no goods change hands."""
    give, take, dest = p["give_card_id"], p["take_card_id"], p["destination"]
    if w.owner_of.get(give) != seat or give in w.locked() or HORSES[give].world_class:
        raise IllegalMove("FR-R161", f"{give} cannot be given away")
    if take not in w.market:
        raise IllegalMove("FR-R161", f"{take} is not in the market")
    if dest not in destinations(w, seat, take, ignore=give):
        raise IllegalMove("FR-R161", f"{dest} is not a legal place for {take}")
    del w.owner_of[give]
    del w.place[give]
    w.horse_deck.append(give)  # to the bottom
    slot = w.market.index(take)
    w.market[slot] = None
    place_horse(w, seat, take, dest)
    flow.refill_market(w)


def alex(w: Work, seat: int, p: dict) -> None:
    """FR-R162: a market purchase that leaves the limited action unused."""
    buy_horse(w, seat, p["card_id"], p["destination"], rule="FR-R162")


def gail(w: Work, seat: int, p: dict) -> None:
    """FR-R164: claim two bonus cards this turn, or refresh the display before any claim."""
    if p["mode"] == "take_two":
        w.claim_limit = 2
    elif p["mode"] == "refresh":
        if w.claims:
            raise IllegalMove("FR-R164", "refresh only before claiming a card this turn")
        w.fate_deck.extend(c for c in w.display if c)  # slot order 1 -> 4 (FR-D29)
        w.display = [flow.draw_fate(w) for _ in w.display]
    else:
        raise IllegalMove("FR-R164", "mode is take_two or refresh")


def ryan(w: Work, seat: int, p: dict) -> None:
    """FR-R163: a territory purchase that leaves the limited action unused."""
    buy_location(w, seat, p["location_id"], rule="FR-R163")


def tessa(w: Work, seat: int, p: dict) -> None:
    """FR-R165: the top 3 horse cards, seen by the user alone; the choice comes next."""
    w.tessa = []
    while len(w.tessa) < TESSA_CARDS and (card := flow.draw_horse(w)):  # FR-R257 may complete the look
        w.tessa.append(card)
    w.phase = "tessa_choice"


def tessa_choose(w: Work, seat: int, move: dict) -> None:
    """``TessaChoose`` (FR-R165): buy at most one shown card; the rest go under the deck in drawn order."""
    if w.phase != "tessa_choice" or seat != w.active:
        raise IllegalMove("FR-R165", "no Tessa choice is pending for this seat")
    card = move.get("card_id")
    fields = {"card_id": (str, type(None))}
    if card is not None:
        fields["destination"] = str
    data = exact(move, "FR-R165", ignore=("type",), **fields)
    w.phase = "turn"
    if card is not None:
        if card not in w.tessa:
            raise IllegalMove("FR-R165", f"{card} was not among Tessa's cards")
        buy_card(w, seat, card, data["destination"], rule="FR-R165")
    w.horse_deck.extend(c for c in w.tessa if c != card)
    w.tessa = []


def megan(w: Work, seat: int, p: dict) -> None:
    """FR-R167: one or two upgrade tokens on for-sale territories, each placement legal (FR-R170)."""
    territories = p["territories"]
    if not 1 <= len(territories) <= 2:
        raise IllegalMove("FR-R167", "place one or two upgrade tokens")
    for territory in territories:
        if not isinstance(territory, str) or not can_place_upgrade(w, seat, territory):
            raise IllegalMove("FR-R170", f"an upgrade token cannot go on {territory!r}")
        place_upgrade(w, seat, territory)


ABILITIES = {"tom": tom, "alex": alex, "gail": gail, "ryan": ryan, "tessa": tessa, "megan": megan}
RULES = {
    "tom": "FR-R161",
    "alex": "FR-R162",
    "gail": "FR-R164",
    "ryan": "FR-R163",
    "tessa": "FR-R165",
    "megan": "FR-R167",
}
