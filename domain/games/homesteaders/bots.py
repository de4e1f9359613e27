"""Homesteaders' bots: ``random`` (seeded, always finishes), ``basic`` (a fast heuristic) and
``strong`` (flat Monte Carlo over its bids in states sampled from its view).

The levels decide from a ``BotInput`` (the seat's view, never the state); a state to reason on
is sampled from the view by ``determinize``.

The random bot (uses only the ``rng`` it is given):

It picks among the exact legal moves of the pending decision, with light preferences that keep
games short and plausible: it fills idle workers then confirms, bids what it can roughly afford,
builds when it can, and uses a free action only now and then (never ``take_debt`` directly, so
it can never loop on free actions; a payment short of silver takes debt through the payment).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from types import SimpleNamespace
from typing import Any

from domain.errors import IllegalMove
from domain.games.game import CHANCE, BotInput
from domain.games.homesteaders import bidding, scoring
from domain.games.homesteaders import components as c
from domain.games.homesteaders.determinize import determinize
from domain.games.homesteaders.legal import free_moves, legal_moves, phase_moves
from domain.games.homesteaders.rounds import income_lines
from domain.games.homesteaders.rules import is_over, play, to_act
from domain.games.homesteaders.state import Player, State
from domain.games.search import flat_monte_carlo, listed


def bot_move(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    free = free_moves(state, seat)
    useful = [m for m in free if m["type"] != "take_debt"]
    moves = phase_moves(state, seat)
    if not moves and not free:
        raise IllegalMove("HS-R03", f"seat {seat} has no move to make now")
    if not moves or (useful and rng.random() < 0.06):
        return rng.choice(useful or free)
    player = state.seat(seat)
    phase = state.phase
    if phase == "allocation":
        placed = {w for w, _, _ in player.placement}
        fill = [m for m in moves if m["type"] == "assign_worker" and m["worker"] not in placed]
        if fill and rng.random() < 0.9:
            return rng.choice(fill)
        shuffle = [m for m in moves if m["type"] == "assign_worker"]
        if shuffle and rng.random() < 0.3:  # now and then move a worker to another slot
            return rng.choice(shuffle)
        return moves[-1]  # confirm_workers
    if phase in ("wages", "auction_payment"):
        cheap = [m for m in moves if not m["take_debt_for_shortfall"]]
        return rng.choice(cheap or moves)
    if phase == "bidding":
        # keep next round's wages in hand; a deeply indebted bot mostly passes
        budget = max(3, player.silver + 5 * player.gold - len(player.workers))
        bids = [m for m in moves if m["type"] == "place_bid" and m["value"] <= budget]
        if bids and rng.random() < (0.75 if player.debt < 3 else 0.3):
            return rng.choice(bids)
        return moves[-1]  # pass_bidding
    if phase in ("build_choice", "extra_build"):
        builds = [m for m in moves if m["type"] == "build_building"]
        if builds:
            return rng.choice(builds) if rng.random() < 0.9 else moves[-1]
        shopping = _shopping(state, seat, useful)
        return rng.choice(shopping) if shopping and rng.random() < 0.8 else moves[-1]
    if phase == "auction_bonus" and len(moves) > 1:
        return rng.choice(moves[:-1])
    if phase == "final_actions":
        return moves[0]  # pay off debt while possible, then confirm
    return rng.choice(moves)


def _shopping(state: State, seat: int, free: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Marketplace purchases of a resource some buildable building lacks (the bot saves up)."""
    player = state.seat(seat)
    wanted = set()
    for instance in state.supply:
        b = c.building(instance)
        if state.phase == "extra_build" or b["type"] in c.TILES[state.tile()]["build_types"]:
            wanted |= {r for r, n in (b["cost"] or {}).items() if getattr(player, r) < n}
    return [m for m in free if m["type"] == "buy_resource" and m["resource"] in wanted]


# ---- levels: decided from the seat's view only (domain.games.game.BotInput) ------------------

#: Strong search: bids kept from the basic ranking, sampled states, rollouts to the round's end.
STRONG_CANDIDATES = 2
STRONG_SAMPLES = 2
ROLLOUT_STEPS = 400

#: What a unit is worth to a player, in points, while the game runs (gold, copper and livestock
#: score 2 at the end; the others are means to build).
WORTH = {"silver": 0.35, "wood": 0.6, "food": 0.8, "steel": 1.0, "gold": 2.2, "copper": 2.2,
         "livestock": 2.2, "trade": 0.8, "vp_tokens": 1.0, "debt": -2.0}


@dataclass(frozen=True)
class Style:
    """How a level judges the economy. ``basic`` keeps the first heuristic; ``strong`` counts a
    tile only for a building it can pay for (holdings plus what its trade tokens and the silver
    left after the bid can buy), values a worker only while a slot is free for it (an idle
    worker costs wages and brings nothing), and in the final round turns what scores nothing
    into points (``_liquidate``)."""

    worth: Mapping[str, float]
    affordable_only: bool = False
    slot_aware_workers: bool = False
    liquidate: bool = False
    #: Value a worker's yield by what the seat's next buildings lack (``_needs``): a seat that
    #: values a VP token above a wood never gathers the wood every building costs.
    build_toward: bool = False
    #: Buy at the marketplace what the best building of the tile lacks, gold first when copper
    #: or livestock is short (``_purchases``): ``basic``'s shopping never buys the gold that
    #: copper and livestock cost, so it declines the buildings worth most (Church, Town Hall,
    #: Factory, Fairgrounds, Restaurant) and a rollout of a bid on them looked worse than passing.
    plan_purchases: bool = False
    #: Count, in a building's worth, what it adds to the end bonuses the seat owns and what its
    #: own end bonus may still grow by in the rounds left (``_bonus_outlook``).
    plan_bonuses: bool = False


#: The first heuristic, kept to measure against (``Style(WORTH)``): it bid on tiles it could not
#: build on, put its workers on VP tokens rather than the wood its buildings cost, and took
#: workers it had no slot for; four of them built almost nothing (issue 38).
FIRST = Style(WORTH)
BASIC = Style(WORTH, affordable_only=True, slot_aware_workers=True, liquidate=True, build_toward=True)
#: (Resources valued higher for the worker placement, wood 1.3, steel 1.6, food and trade 1.0,
#: were tried and did worse: 86% against 94-96% without, over 120 games against three basic.)
STRONG = Style(WORTH, affordable_only=True, slot_aware_workers=True, liquidate=True, build_toward=True,
               plan_purchases=True, plan_bonuses=True)

#: How many of the best buildings left in the supply a seat gathers resources for.
TARGETS = 4
#: What a unit of a resource the targets lack adds to its worth while the seat gathers it.
NEED_BONUS = 1.2


def random_policy(inp: BotInput) -> dict[str, Any]:
    """Today's seeded random bot, on a state sampled from the view (it reads only public facts
    and the seat's own holdings, so the sample changes nothing it decides on)."""
    return listed(inp.legal, bot_move(determinize(inp.view, inp.seat, inp.rng), inp.seat, inp.rng))


def basic_policy(inp: BotInput) -> dict[str, Any]:
    """A fast heuristic: fills every worker on the best-paying slot, pays without debt when it
    can, bids on a tile it can build on within what it can spare after next round's wages,
    builds the building worth most, pays debt off at the end."""
    state = determinize(inp.view, inp.seat, inp.rng)
    return listed(inp.legal, decide(state, inp.seat, inp.legal, inp.rng))


def strong_policy(inp: BotInput) -> dict[str, Any]:
    """Basic, except on a bid: flat Monte Carlo over the best bids and passing, each played in
    sampled states (screened holdings and tile order drawn from the view) with every seat then
    playing basic to the end of the round; scored as the seat's estimate minus the best other's."""
    state = determinize(inp.view, inp.seat, inp.rng)
    if state.phase != "bidding" or inp.seat not in to_act(state):
        return listed(inp.legal, decide(state, inp.seat, inp.legal, inp.rng, STRONG))
    seat = inp.seat
    sale = _sale_for_a_bid(state, seat, [m for m in inp.legal if m not in phase_moves(state, seat)], STRONG)
    if sale:
        return listed(inp.legal, sale)
    ranked = _ranked_bids(state, seat, phase_moves(state, seat), STRONG)
    candidates = ranked[:STRONG_CANDIDATES]
    if {"type": "pass_bidding"} not in candidates:
        candidates.append({"type": "pass_bidding"})

    def rollout(sample: State, move: dict[str, Any], rng: random.Random) -> float:
        return _rollout(sample, seat, move, rng)

    return listed(inp.legal, flat_monte_carlo(candidates, STRONG_SAMPLES, inp.rng,
                                        lambda r: determinize(inp.view, seat, r), rollout))


POLICIES = {"random": random_policy, "basic": basic_policy, "strong": strong_policy}



# ---- the estimate ---------------------------------------------------------------------------


def estimate(state: State, seat: int, style: Style = BASIC) -> float:
    """The seat's points if the game ended now, plus what its holdings, income and workers are
    likely still to bring in the rounds left (for ``strong``, only the workers with a slot)."""
    player = state.seat(seat)
    total = sum(scoring.breakdown(player).values())
    left = max(0, c.ROUNDS - state.round)
    holdings = sum(WORTH[k] * getattr(player, k) for k in ("silver", "wood", "food", "steel", "trade"))
    # what its buildings will still bring, valued as basic values a building it could build
    later = sum(_yield_value(c.kind(i)) for i in player.buildings)
    wages = len(player.workers) * WORTH["silver"]
    working = min(len(player.workers), _capacity(player)) if style.slot_aware_workers else len(player.workers)
    return total + holdings + 0.6 * left * (later - wages) + 0.5 * left * working * (left > 2)


def _capacity(player: Player) -> int:
    """Workers the seat's buildings have slots for."""
    return sum(s["workers"] for i in player.buildings for s in c.building(i)["worker_slots"])


@cache
def _yield_value(building_id: str) -> float:
    """A building's income per round, its worker slots' yields at a third (they need workers)."""
    b = c.BUILDINGS[building_id]
    income = sum(WORTH.get("vp_tokens" if k == "vp" else k, 0.5) * v for k, v in b["income"].items() if k != "special")
    slots = sum(sum(WORTH.get("vp_tokens" if k == "vp" else k, 0.5) * v for k, v in s["yield"].items())
                for s in b["worker_slots"])
    return income + 0.3 * slots


def _advantage(state: State, seat: int, style: Style = BASIC) -> float:
    return estimate(state, seat, style) - max(estimate(state, s) for s in range(state.players) if s != seat)


# ---- the basic decisions --------------------------------------------------------------------


def decide(state: State, seat: int, legal: list[dict[str, Any]], rng: random.Random,
           style: Style = BASIC) -> dict[str, Any]:
    """The basic level's move on a (sampled) state (the strong level's outside bidding, with its
    ``style``)."""
    moves = phase_moves(state, seat)
    free = [m for m in legal if m not in moves]
    player = state.seat(seat)
    phase = state.phase
    if not moves:
        return free[0] if free else legal[0]
    if phase == "allocation":
        return _allocate(state, seat, moves, style)
    if phase in ("wages", "auction_payment"):
        return _cheapest_payment(moves)
    if phase == "dummy":
        return moves[0]
    if phase == "bidding":
        sale = _sale_for_a_bid(state, seat, free, style)
        return sale or _ranked_bids(state, seat, moves, style)[0]
    if phase == "rail_reward":
        return max(moves, key=lambda m: _reward_value(state, player, m, style))
    if phase in ("build_choice", "extra_build"):
        builds = [m for m in moves if m["type"] == "build_building"]
        if style.plan_purchases and (planned := _planned_build(state, seat, builds, free)):
            return planned
        if builds:
            return max(builds, key=lambda m: (_building_value(state, seat, m["building"], m), -_gold_of(m)))
        shopping = _buys_for_a_build(state, seat, free)
        return shopping or moves[-1]
    if phase == "bonus_worker":
        accept = {"type": "accept_bonus_worker", "accept": True}
        wanted = state.round <= 8 and player.debt < 2
        if style.slot_aware_workers:
            wanted = state.round <= 9 and _capacity(player) > len(player.workers)
        return accept if wanted else {"type": "accept_bonus_worker", "accept": False}
    if phase == "auction_bonus":
        return moves[0]
    if phase == "final_actions" and style.liquidate:
        return _liquidate(player, moves, free)
    if phase == "final_actions":
        pay = [m for m in moves if m["type"] == "pay_off_debt" and not m["use_gold"]]
        return pay[0] if pay else moves[-1] if player.debt == 0 or player.gold == 0 else moves[0]
    return moves[0]


def _liquidate(player: Player, moves: list[dict[str, Any]], free: list[dict[str, Any]]) -> dict[str, Any]:
    """The final actions of the strong level: turn what scores nothing into points. Each sale
    at the marketplace is a VP token: sell wood, food and steel (worth 0 at the end), copper and
    livestock (a gold, worth the same 2, plus the token); pay debt off; then buy gold with the
    silver left (2 VP for 4 silver and a trade token), and with two trade tokens and a silver
    buy a wood to sell it again (1 VP)."""
    def free_move(kind: str, resource: str) -> dict[str, Any] | None:
        for m in free:
            if m["type"] == kind and m["resource"] == resource and m.get("gold_used", 0) == 0:
                return m
        return None

    if player.trade:
        for resource in ("steel", "food", "wood", "copper", "livestock"):
            if getattr(player, resource) and (sale := free_move("sell_resource", resource)):
                return sale
    pay = [m for m in moves if m["type"] == "pay_off_debt" and not m["use_gold"]]
    if pay:
        return pay[0]
    if player.debt and player.gold:
        return moves[0]
    if player.trade and player.silver >= 4 and (buy := free_move("buy_resource", "gold")):
        return buy
    if player.trade >= 2 and player.silver >= 1 and (buy := free_move("buy_resource", "wood")):
        return buy
    return moves[-1]


def _sale_for_a_bid(state: State, seat: int, free: list[dict[str, Any]], style: Style = BASIC) -> dict[str, Any] | None:
    """Sell a surplus building resource (more than 2 of it) when the seat cannot afford the
    lowest bid on a slot it wants."""
    player = state.seat(seat)
    if player.wood <= 2 and player.steel <= 2 and player.food <= 2:
        return None
    wanted = [s for s in range(1, len(state.slots) + 1)
              if bidding.min_bid(state, seat, s) and _tile_value(state, seat, s, style) > 2]
    if not wanted or _spare(state, player) >= min(bidding.min_bid(state, seat, s) for s in wanted):
        return None
    for resource in ("wood", "steel", "food"):
        if getattr(player, resource) > 2:
            for m in free:
                if m["type"] == "sell_resource" and m["resource"] == resource:
                    return m
    return None


def _gold_of(move: dict[str, Any]) -> int:
    return move.get("gold_as_copper", 0) + move.get("gold_as_livestock", 0)


def _cheapest_payment(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """No debt if at all possible, then as little gold as possible."""
    return min(moves, key=lambda m: (m["take_debt_for_shortfall"], m["gold_used"]))


def _allocate(state: State, seat: int, moves: list[dict[str, Any]], style: Style = BASIC) -> dict[str, Any]:
    """Place each idle worker on the slot adding most to the income, then confirm."""
    player = state.seat(seat)
    placed = {w for w, _, _ in player.placement}
    needs = _needs(state, seat) if style.build_toward else None
    base = _income_value(player, style, needs)
    best, best_gain = None, 0.0
    for m in moves:
        if m["type"] != "assign_worker" or m["worker"] in placed:
            continue
        trial = replace(player, placement=player.placement + ((m["worker"], m["building"], m["slot"]),))
        gain = _income_value(trial, style, needs) - base
        if gain > best_gain:
            best, best_gain = m, gain
    if best is None:  # every worker is placed: move one where it earns clearly more
        current = {w: (b, sl) for w, b, sl in player.placement}
        for m in moves:
            if m["type"] != "assign_worker" or m["worker"] not in current:
                continue
            rest = tuple(p for p in player.placement if p[0] != m["worker"])
            trial = replace(player, placement=rest + ((m["worker"], m["building"], m["slot"]),))
            gain = _income_value(trial, style, needs) - base
            if gain > max(best_gain, 0.5):
                best, best_gain = m, gain
    return best or {"type": "confirm_workers"}


def _income_value(player: Player, style: Style = BASIC, needs: Mapping[str, int] | None = None) -> float:
    """Next income in points; silver counts for more while the seat is short of it (wages, bids),
    and so does a resource its next buildings lack (``needs``)."""
    worth = dict(style.worth)
    if player.silver < len(player.workers) + 6:
        worth["silver"] = 1.1
    for resource, short in (needs or {}).items():
        if short > 0:
            worth[resource] = worth.get(resource, 0.5) + NEED_BONUS
    return sum(sum(worth.get(k, 0.5) * v for k, v in gained.items()) for _, gained in income_lines(player))


def _needs(state: State, seat: int) -> dict[str, int]:
    """What the seat lacks, per resource, for the ``TARGETS`` buildings left in the supply that
    are worth most to it (copper and livestock can be paid in gold, so their lack is gold's too)."""
    player = state.seat(seat)
    left = []
    seen = set()
    for instance in state.supply:
        b = c.building(instance)
        if b["id"] in seen or player.owns(b["id"]):
            continue
        seen.add(b["id"])
        left.append((_building_value(state, seat, instance, None), b["cost"] or {}))
    left.sort(key=lambda x: -x[0])
    needs: dict[str, int] = {}
    for _, cost in left[:TARGETS]:
        for resource, n in cost.items():
            short = n - getattr(player, resource)
            if short > 0:
                key = "gold" if resource in ("copper", "livestock") else resource
                needs[key] = max(needs.get(key, 0), short)
    return needs


def _spare(state: State, player: Player) -> int:
    """Silver (gold at its rate) the seat can put into a bid and still pay next round's wages."""
    credit = 5 if player.debt == 0 and state.round <= 7 else 0  # one early debt to build sooner
    return player.silver + 4 * player.gold - len(player.workers) - 2 * player.debt + credit


def _tile_value(state: State, seat: int, slot: int, style: Style = BASIC, price: int = 0) -> float:
    """What winning a slot is worth: the best building it lets the seat build, plus its bonus.
    With ``style.affordable_only`` a building counts only if the seat can pay for it after paying
    ``price`` for the tile."""
    player = state.seat(seat)
    tile = c.TILES[state.slots[slot - 1]]
    best = 0.0
    for instance in state.supply:
        b = c.building(instance)
        if b["type"] in tile["build_types"] and not player.owns(b["id"]):
            missing = sum(max(0, n - getattr(player, r)) for r, n in (b["cost"] or {}).items())
            if style.affordable_only and not _affordable(player, b["cost"] or {}, price):
                continue
            best = max(best, _building_value(state, seat, instance, None, style) - 1.5 * missing)
    bonus = {"gain_worker": 3, "gain_worker_and_rail_advance": 5}.get(tile["bonus"], 1 if tile["bonus"] else 0)
    if (style.slot_aware_workers and tile["bonus"] in ("gain_worker", "gain_worker_and_rail_advance")
            and _capacity(player) <= len(player.workers)):
        bonus -= 2.5  # no slot for the worker it brings
    return best + bonus


def _affordable(player: Player, cost: Mapping[str, int], price: int) -> bool:
    """The seat holds ``cost`` after paying ``price`` in silver, or can buy what it lacks with its
    trade tokens and the silver left (copper and livestock at a gold each)."""
    short = {r: n - getattr(player, r) for r, n in cost.items() if getattr(player, r) < n}
    if sum(short.values()) > player.trade:
        return False
    silver = player.silver + 5 * player.gold - price
    gold_needed = sum(n for r, n in short.items() if r in ("copper", "livestock"))
    silver -= 5 * gold_needed
    silver -= sum(c.RATES[r].get("silver", 0) * n for r, n in short.items())
    return silver >= 0


def _ranked_bids(state: State, seat: int, moves: list[dict[str, Any]], style: Style = BASIC) -> list[dict[str, Any]]:
    """The lowest bid on each slot worth more than its price, best value first; passing after."""
    player = state.seat(seat)
    spare = _spare(state, player)
    scored = []
    for m in moves:
        if m["type"] != "place_bid":
            continue
        if m["value"] != bidding.min_bid(state, seat, m["slot"]) or m["value"] > spare:
            continue
        value = _tile_value(state, seat, m["slot"], style, m["value"]) - WORTH["silver"] * m["value"] * 1.2
        if value > 0:
            scored.append((value, m))
    scored.sort(key=lambda x: -x[0])
    return [m for _, m in scored] + [{"type": "pass_bidding"}]


def _building_value(state: State, seat: int, instance: str, move: dict[str, Any] | None,
                    style: Style = BASIC) -> float:
    """Points a building brings: its VP, its end bonus now, its income for the rounds left (with
    ``style.plan_bonuses``, also ``_bonus_outlook``)."""
    b = c.building(instance)
    left = max(0, c.ROUNDS - state.round)
    player = state.seat(seat)
    owner = SimpleNamespace(buildings=player.buildings + (instance,), workers=player.workers, track=player.track)
    bonus = scoring.end_bonus(owner, b["end_bonus"]) if b["end_bonus"] else 0
    cost = sum(WORTH.get(k, 0.5) * v for k, v in (b["cost"] or {}).items())
    value = b["vp"] + bonus + 0.6 * left * _yield_value(b["id"]) - 0.5 * cost
    if style.plan_bonuses:
        value += _bonus_outlook(player, owner, b, left)
    return value


#: strong: what an end bonus is expected to gain per round left (a seat builds a building about
#: every other round, a quarter of them of any one type; a worker or a track now and then).
BONUS_GROWTH = {"per_residential": 0.15, "per_commercial": 0.15, "per_industrial": 0.1, "per_special": 0.1,
                "per_building": 0.4, "per_worker": 0.1, "per_track": 0.1, "per_worker_and_track": 0.2}


def _bonus_outlook(player: Player, owner: SimpleNamespace, b: Mapping[str, Any], left: int) -> float:
    """What a new building adds to the end bonuses the seat already owns (a Town Hall counts it
    if it is Commercial, ...), and what its own end bonus may still gain in the rounds left."""
    added = sum(scoring.end_bonus(owner, c.building(i)["end_bonus"]) - scoring.end_bonus(player, c.building(i)["end_bonus"])
                for i in player.buildings if c.building(i)["end_bonus"])
    return added + (BONUS_GROWTH[b["end_bonus"]] * left if b["end_bonus"] else 0.0)


def _reward_value(state: State, player: Player, move: dict[str, Any], style: Style = BASIC) -> float:
    left = max(0, c.ROUNDS - state.round)
    reward = move["reward"]
    if reward == "resource":
        return style.worth[move["resource"]]
    if reward == "worker" and style.slot_aware_workers and _capacity(player) <= len(player.workers):
        return -0.3 * left
    return {"trade": WORTH["trade"], "track": 0.35 * left, "worker": 0.6 * left if left > 2 else 0, "vp3": 3}[reward]


def _buys_for_a_build(state: State, seat: int, free: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A market purchase that completes a building the seat could then build (no debt): wood,
    food, steel and gold for silver, copper and livestock for a gold each."""
    player = state.seat(seat)
    for instance in state.supply:
        b = c.building(instance)
        if state.phase == "build_choice" and b["type"] not in c.TILES[state.tile()]["build_types"]:
            continue
        if player.owns(b["id"]):
            continue
        short = {r: n - getattr(player, r) for r, n in (b["cost"] or {}).items() if getattr(player, r) < n}
        price = sum(c.RATES[r].get("silver", 0) * n for r, n in short.items())
        # copper and livestock cost a gold each, which silver cannot replace (HS-R64)
        gold = sum(n for r, n in short.items() if "gold" in c.RATES[r])
        if (short and sum(short.values()) <= min(3, player.trade) and gold <= player.gold - short.get("gold", 0)
                and price <= player.silver - len(player.workers)):
            for m in free:
                if m["type"] == "buy_resource" and m["resource"] in short and m["gold_used"] == 0:
                    return m
    return None


def _purchases(player: Player, cost: Mapping[str, int], reserve: int) -> list[str] | None:
    """The marketplace purchases, in order, that let the seat pay ``cost`` (gold first: a copper
    or livestock costs a gold and a trade token, or with the River Port the gold stands in for it,
    HS-R36), or None when its trade tokens or silver above ``reserve`` do not reach."""
    short = {r: n - getattr(player, r) for r, n in cost.items() if getattr(player, r) < n}
    animals = sum(short.get(r, 0) for r in ("copper", "livestock"))
    gold_short = max(0, cost.get("gold", 0) + animals - player.gold)
    plain = [r for r in ("wood", "food", "steel") for _ in range(short.get(r, 0))]
    bought = [] if player.owns("river_port") else [r for r in ("copper", "livestock") for _ in range(short.get(r, 0))]
    buys = ["gold"] * gold_short + bought + plain
    silver = 4 * gold_short + sum(c.RATES[r]["silver"] for r in plain)
    if len(buys) > player.trade or silver > player.silver - reserve:
        return None
    return buys


def _planned_build(state: State, seat: int, builds: list[dict[str, Any]],
                   free: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The strong level's build step: the building worth most among those the seat can build now
    or after buying what it lacks (each purchase costs its silver and a trade token), then either
    that build or the first purchase toward it; None when nothing is worth building."""
    player = state.seat(seat)
    allowed = None if state.phase == "extra_build" else c.TILES[state.tile()]["build_types"]
    reserve = len(player.workers) if state.round < c.ROUNDS else 0
    best, best_value = None, 0.0
    for instance in dict.fromkeys(state.supply):
        b = c.building(instance)
        if (allowed is not None and b["type"] not in allowed) or player.owns(b["id"]):
            continue
        ready = [m for m in builds if m["building"] == instance]
        buys = [] if ready else _purchases(player, b["cost"] or {}, reserve)
        if buys is None:
            continue
        spent = sum(4 if r == "gold" else c.RATES[r].get("silver", 0) for r in buys)
        value = _building_value(state, seat, instance, None, STRONG) - WORTH["silver"] * spent - 0.5 * len(buys)
        if value > best_value:
            best, best_value = (ready, buys), value
    if best is None:
        return None
    ready, buys = best
    if ready:
        return min(ready, key=_gold_of)
    for m in free:
        if m["type"] == "buy_resource" and m["resource"] == buys[0] and m["gold_used"] == 0:
            return m
    return None


# ---- the rollout of the strong level --------------------------------------------------------


def _rollout(state: State, seat: int, move: dict[str, Any], rng: random.Random) -> float:
    """Play ``move``, then every seat at the basic level to the end of the round."""
    state = play(state, seat, move)
    round_ = state.round
    for _ in range(ROLLOUT_STEPS):
        if is_over(state) or state.round != round_:
            break
        actors = sorted(to_act(state))
        if not actors or CHANCE in actors:
            break
        actor = actors[0]
        style = STRONG if actor == seat else BASIC
        state = play(state, actor, decide(state, actor, legal_moves(state, actor), rng, style))
    return _advantage(state, seat, STRONG)
