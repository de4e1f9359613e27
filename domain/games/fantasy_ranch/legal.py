"""``legal_moves``: every move a seat may make now, exactly, grouped by kind.

Each ``*_moves`` function lists one kind of move using the same predicates the handlers check
(``places``, ``tournaments``, ``fate``), so the list and ``play`` cannot drift apart silently;
the property tests in ``tests/games/fantasy_ranch`` hold them together. The bot draws from the
groups one at a time instead of building the whole list (Megan alone can offer hundreds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.fantasy_ranch import employees, fate, flow, setup_choices, tournaments, turns
from domain.games.fantasy_ranch.components import (
    BOARD_NUMBERS,
    EMPLOYEE_FEE,
    EMPLOYEES,
    FATE_CARDS,
    FINAL_ENTRY_FEE,
    HORSES,
    LOCATIONS,
    PRODUCTION_LIMIT,
    parse_code,
)
from domain.games.fantasy_ranch.moves import split
from domain.games.fantasy_ranch.places import (
    buyable,
    community,
    destinations,
    destinations_of,
    for_sale,
    price,
    upgrade_targets,
)
from domain.games.fantasy_ranch.state import State, Work

Move = dict[str, Any]


def legal_moves(state: State, seat: int) -> list[Move]:
    if state.phase in flow.CHANCE_PHASES or state.phase == "game_over" or state.reshuffle_due:
        return []
    w = Work(state)
    return [move for group in groups(w, seat) for move in group(w, seat)]


def groups(w: Work, seat: int) -> list[Callable[[Work, int], list[Move]]]:
    """The kinds of move open to ``seat`` now, as generator functions."""
    phase = w.phase
    if phase in ("choose_ranch", "choose_employee", "choose_home"):
        return [setup_moves] if seat == setup_choices.chooser(w) else []
    if phase == "draft":
        return [draft_moves] if w.step_picks[seat] is None else []
    if phase == "tessa_choice":
        return [tessa_moves] if seat == w.active else []
    if phase == "turn":
        if seat != w.active:
            return []
        out = [end_turn_moves, free_moves]
        if not w.limited_used:
            out.append(limited_moves)
        if w.level >= 2 and w.claims < w.claim_limit:
            out.append(fate_moves)
        if w.level == 3:
            out.append(free_territory_moves)
            if not w.employee_used:
                out.append(employee_moves)
        return out
    if phase == "tournament_entries":
        return ([entry_moves] if seat == tournaments.awaited(w) else []) + [free_moves]
    if phase == "tournament_prizes":
        return ([prize_moves] if seat == w.prizes[0][0] else []) + [free_moves]
    return []


# --- setup --------------------------------------------------------------------------------


def setup_moves(w: Work, seat: int) -> list[Move]:
    if w.phase == "choose_ranch":
        taken = setup_choices.taken_boards(w)
        return [
            {"type": "choose_ranch_board", "board": b, "side": side}
            for b in BOARD_NUMBERS
            if b not in taken
            for side in ("A", "B")
        ]
    if w.phase == "choose_employee":
        return [{"type": "choose_starting_employee", "employee": e} for e in turns.pool(w)]
    return [{"type": "choose_home_territory", "territory_id": t} for t in setup_choices.free_homes(w)]


def draft_moves(w: Work, seat: int) -> list[Move]:
    return [{"type": "draft_pick", "card_id": c} for c in w.hands[seat]]


# --- turn ---------------------------------------------------------------------------------


def end_turn_moves(w: Work, seat: int) -> list[Move]:
    if w.level != 3:
        return [{"type": "end_turn"}]
    return [{"type": "end_turn", "new_employee": e} for e in turns.pool(w)]


def market_buys(w: Work, seat: int, carrots: int, kind: str = "buy_horse") -> list[Move]:
    cards = [card for card in w.market if card and HORSES[card].cost <= carrots]
    where = destinations_of(w, seat, cards)
    return [{"type": kind, "card_id": card, "destination": dest} for card in cards for dest in where[card]]


def location_buys(w: Work, seat: int, boots: int) -> list[str]:
    return [loc for loc in buyable(w, seat) if price(w, seat, loc) <= boots]


def limited_moves(w: Work, seat: int) -> list[Move]:
    out = market_buys(w, seat, w.carrots(seat))
    out += [{"type": "buy_location", "location_id": loc} for loc in location_buys(w, seat, w.boots(seat))]
    out += [
        {"type": "produce_goods", "carrots": c, "boots": b}
        for c in range(PRODUCTION_LIMIT + 1)
        for b in range(PRODUCTION_LIMIT + 1 - c)
        if c + b >= 1
    ]
    return out


def movable(w: Work, seat: int) -> list[str]:
    locked = w.locked()
    return [c for c in w.horses_of(seat) if c not in locked]


def free_moves(w: Work, seat: int) -> list[Move]:
    """FR-R120..FR-R122 inside the windows of FR-R061."""
    if not turns.in_window(w, seat):
        return []
    out: list[Move] = []
    no_moving = w.level == 3 and w.phase.startswith("tournament") and w.slot >= 8
    cards = movable(w, seat)
    where = destinations_of(w, seat, cards) if not no_moving else {}
    for card in cards:
        if not no_moving:
            out += [{"type": "move_horse", "card_id": card, "destination": d} for d in where[card]]
        if not HORSES[card].world_class:
            out.append({"type": "sell_horse", "card_id": card})
    out += [
        {"type": "trade_goods", "give": "carrots", "units": u} for u in range(1, w.carrots(seat) // 2 + 1)
    ]
    out += [{"type": "trade_goods", "give": "boots", "units": u} for u in range(1, w.boots(seat) // 2 + 1)]
    return out


def free_territory_moves(w: Work, seat: int) -> list[Move]:
    out = []
    anchors = set(buyable(w, seat))
    for loc in community(w.grid, w.side)[0]:
        if loc not in anchors or not for_sale(w, loc):
            continue
        if w.upgrades.get(loc, [0] * w.players)[seat] != LOCATIONS[loc].price:
            continue
        out += [
            {"type": "claim_free_territory", "territory_id": loc, "card_id": c}
            for c in movable(w, seat)
            if LOCATIONS[loc].accepts(HORSES[c])
        ]
    return out


def fate_moves(w: Work, seat: int) -> list[Move]:
    out = []
    for card_id in dict.fromkeys(fate.claimable_cards(w, seat)):
        card = FATE_CARDS[card_id]
        if not fate.requirement_holds(w, seat, card.requirement):
            continue
        out += fate_claims(w, seat, card_id)
    return out


def fate_claims(w: Work, seat: int, card_id: str) -> list[Move]:
    card = FATE_CARDS[card_id]
    req, req_args = parse_code(card.requirement)
    payments: list[dict | None] = [None]
    if req == "pay_goods":
        n = int(req_args[0])
        payments = [p for p in split(n) if p["carrots"] <= w.carrots(seat) and p["boots"] <= w.boots(seat)]
    rew, rew_args = parse_code(card.reward)
    choices: list[dict | None] = [None]
    if rew == "goods":
        choices = split(int(rew_args[0]))
    elif rew == "market_horse":
        # the horse is free: only the requirement is paid, so any market card may be taken
        choices = [
            {"card_id": m["card_id"], "destination": m["destination"]} for m in market_buys(w, seat, 99)
        ]
    elif rew == "upgrade":
        choices = [{"territories": lst} for lst in fate.upgrade_lists(w, seat, int(rew_args[0]))]
    elif rew == "draw_horse_home":
        home = w.home_of(seat)
        if not (w.horse_deck or w.discard) or home is None:
            return []
    out = []
    for payment in payments:
        for choice in choices:
            move: Move = {"type": "claim_fate_card", "card_id": card_id}
            if payment is not None:
                move["payment"] = payment
            if choice is not None:
                move["choices"] = choice
            out.append(move)
    return out


def employee_moves(w: Work, seat: int) -> list[Move]:
    out = []
    for employee in EMPLOYEES:
        out += employee_uses(w, seat, employee)
    return out


def employee_uses(w: Work, seat: int, employee: str) -> list[Move]:
    """Every ``use_employee`` of one employee, fee variants first (FR-R160)."""
    owner = employees.holder(w, employee)
    if owner is None:
        return []
    fees: list[dict | None] = [None]
    if owner != seat:
        fees = [
            f for f in split(EMPLOYEE_FEE) if f["carrots"] <= w.carrots(seat) and f["boots"] <= w.boots(seat)
        ]
    out = []
    for fee in fees:
        carrots = w.carrots(seat) - (fee["carrots"] if fee else 0)
        boots = w.boots(seat) - (fee["boots"] if fee else 0)
        for params in ability_params(w, seat, employee, carrots, boots):
            move: Move = {"type": "use_employee", "employee": employee, "params": params}
            if fee is not None:
                move["fee"] = fee
            out.append(move)
    return out


def ability_params(w: Work, seat: int, employee: str, carrots: int, boots: int) -> list[dict]:
    if employee == "tom":
        locked = w.locked()
        gives = [c for c in w.horses_of(seat) if c not in locked and not HORSES[c].world_class]
        takes = [take for take in w.market if take]
        out = []
        for give in gives:
            where = destinations_of(w, seat, takes, ignore=give)
            out += [
                {"give_card_id": give, "take_card_id": take, "destination": dest}
                for take in takes
                for dest in where[take]
            ]
        return out
    if employee == "alex":
        return [
            {"card_id": m["card_id"], "destination": m["destination"]} for m in market_buys(w, seat, carrots)
        ]
    if employee == "gail":
        return [{"mode": "take_two"}] + ([{"mode": "refresh"}] if w.claims == 0 else [])
    if employee == "ryan":
        return [{"location_id": loc} for loc in location_buys(w, seat, boots)]
    if employee == "tessa":
        return [{}]
    return [{"territories": lst} for lst in megan_lists(w, seat)]


def megan_lists(w: Work, seat: int) -> list[list[str]]:
    return [lst for lst in fate.upgrade_lists(w, seat, 2) if lst]


def tessa_moves(w: Work, seat: int) -> list[Move]:
    out: list[Move] = [{"type": "tessa_choose", "card_id": None}]
    for card in w.tessa:
        if HORSES[card].cost <= w.carrots(seat):
            out += [
                {"type": "tessa_choose", "card_id": card, "destination": d}
                for d in destinations(w, seat, card)
            ]
    return out


# --- tournaments ----------------------------------------------------------------------------


def entry_moves(w: Work, seat: int) -> list[Move]:
    out: list[Move] = [{"type": "enter_tournament", "card_id": c} for c, _ in tournaments.eligible(w, seat)]
    if tournaments.may_pay(w, seat):
        out += [
            {"type": "enter_final_paid", **p}
            for p in split(FINAL_ENTRY_FEE)
            if p["carrots"] <= w.carrots(seat) and p["boots"] <= w.boots(seat)
        ]
    return out + [{"type": "decline_tournament"}]


def prize_moves(w: Work, seat: int) -> list[Move]:
    _, _, index, item = w.prizes[0]
    out: list[Move] = []
    if item == "horse":
        finals = tournaments.is_final(w) and w.level == 3
        cards = [card for card in w.market if card]
        where = destinations_of(w, seat, cards, finals=finals)
        out = [
            {"type": "claim_prize", "item_index": index, "choice": {"card_id": card, "destination": d}}
            for card in cards
            for d in where[card]
        ]
    elif item in ("goods2", "goods1"):
        out = [
            {"type": "claim_prize", "item_index": index, "choice": {"kind": k}} for k in ("carrots", "boots")
        ]
    else:
        out = [
            {"type": "claim_prize", "item_index": index, "choice": {"territory_id": t}}
            for t in upgrade_targets(w, seat)
        ]
    return out + [{"type": "decline_prize", "item_index": index}]
