"""The auction phase: dummy bid, bidding, railroad advances and build resolution (spec §5.3–5.4,
§6.3–6.6).

The rest of a round's auction phase is kept as ``State.agenda``, a tuple of steps. ``advance``
runs automatic steps and stops at the next decision; decisions (a rail reward, a bonus worker, an
extra build) push their own follow-ups in front, which gives the order of HS-A34 for free:

``resolve:<slot>`` → pay → ``build`` → building bonus steps → ``tile_bonus`` → ``end_slot``.
"""

from __future__ import annotations

from dataclasses import replace

from domain.errors import IllegalMove, NotYourTurn
from domain.games.homesteaders import components as c
from domain.games.homesteaders import payments
from domain.games.homesteaders.rounds import clockwise, start_round
from domain.games.homesteaders.state import DUMMY, NOBODY, State


def _check_actor(state: State, seat: int, phases: tuple[str, ...], rule: str, what: str) -> None:
    if state.phase not in phases:
        raise IllegalMove(rule, f"{what} is not possible now")
    if seat != state.actor:
        raise NotYourTurn(rule, f"seat {state.actor} must act now, not seat {seat}")


# -- two-player dummy bid (HS-A20–HS-A25) -----------------------------------------------------------


def _dummy_step(value: int, steps: int) -> int:
    ladder = c.DUMMY_LADDER
    return ladder[max(0, min(len(ladder) - 1, ladder.index(value) + steps))]


def place_dummy_bid(state: State, seat: int, move: dict) -> State:
    _check_actor(state, seat, ("dummy",), "HS-R20", "placing the dummy bid")
    slot = move["slot"]
    if slot not in (1, 2):
        raise IllegalMove("HS-R21", "the dummy bid goes on slot 1 or 2")
    bids = _set(state.bids, slot - 1, (DUMMY, state.dummy))
    return replace(state, bids=bids, phase="bidding", actor=state.start)


# -- bidding (HS-R22–HS-R25, HS-A10–HS-A17) ----------------------------------------------------------


def min_bid(state: State, seat: int, slot: int) -> int:
    """The lowest ladder value ``seat`` may bid on ``slot`` now (HS-R25); 0 when nothing qualifies."""
    holder, high = state.bids[slot - 1]
    if holder == NOBODY:
        return c.BID_LADDER[0]
    lawyer = state.seat(seat).owns("lawyer")
    for value in c.BID_LADDER:
        if value > high or (lawyer and value == high):
            return value
    return 0


def place_bid(state: State, seat: int, move: dict) -> State:
    _check_actor(state, seat, ("bidding",), "HS-R22", "bidding")
    slot, value = move["slot"], move["value"]
    if not 1 <= slot <= len(state.slots):
        raise IllegalMove("HS-R23", f"there is no auction slot {slot}")
    if value not in c.BID_LADDER:
        raise IllegalMove("HS-R24", f"{value} is not on the bid ladder {list(c.BID_LADDER)}")
    floor = min_bid(state, seat, slot)
    if floor == 0 or value < floor:
        raise IllegalMove("HS-R25", f"slot {slot} holds a bid of {state.bids[slot - 1][1]}; bid higher")
    holder = state.bids[slot - 1][0]
    if holder == DUMMY:  # HS-A22: the dummy leaves for the round and its value rises
        state = replace(state, dummy=_dummy_step(state.dummy, +1))
    elif holder != NOBODY:
        state = state.with_seat(holder, replace(state.seat(holder), status="outbid", bid_slot=0, bid_value=0))
    player = replace(state.seat(seat), status="high", bid_slot=slot, bid_value=value)
    state = state.with_seat(seat, player)
    return advance(replace(state, bids=_set(state.bids, slot - 1, (seat, value)), agenda=("next_bidder",)))


def pass_bidding(state: State, seat: int) -> State:
    _check_actor(state, seat, ("bidding",), "HS-R22", "passing")
    state = state.with_seat(seat, replace(state.seat(seat), status="passed"))
    if state.players == 2:  # HS-A23
        state = replace(state, dummy=_dummy_step(state.dummy, -1))
    return advance(replace(state, agenda=("rail:pass", "next_bidder")))


def _next_bidder(state: State) -> State:
    """HS-A11: the first seat clockwise from the one who acted with status no_bid or outbid."""
    for s in clockwise(state, state.actor):
        if state.seat(s).status in ("no_bid", "outbid"):
            return replace(state, phase="bidding", actor=s)
    return _end_bidding(state)


def _end_bidding(state: State) -> State:
    """HS-A13, HS-A16/HS-A17, HS-A25: winners, start player, then resolve slots in order."""
    winners = tuple(holder if holder >= 0 else NOBODY for holder, _ in state.bids)
    start = state.start
    if state.players == 2:
        start = winners[0] if winners[0] != NOBODY else 1 - start
    else:
        start = next((w for w in winners if w != NOBODY), start)
    steps = tuple(f"resolve:{s}" for s in range(1, len(winners) + 1)) + ("end_round",)
    return replace(state, winners=winners, start=start, agenda=steps, actor=NOBODY)


# -- railroad (HS-R27–HS-R29, HS-A40/HS-A41) ----------------------------------------------------------


def reward_allowed(position: int, reward: str) -> bool:
    return reward in c.REWARD_MIN_SPACE and c.REWARD_MIN_SPACE[reward] <= position


def choose_rail_reward(state: State, seat: int, move: dict) -> State:
    _check_actor(state, seat, ("rail_reward",), "HS-R27", "choosing a railroad reward")
    player = state.seat(seat)
    reward = move["reward"]
    if not reward_allowed(player.rail, reward):
        raise IllegalMove("HS-R28", f"reward {reward!r} is not allowed on railroad space {player.rail}")
    if reward == "resource":
        if move["resource"] not in c.RESOURCES:
            raise IllegalMove("HS-R29", f"{move['resource']!r} is not a resource")
        player = player.gain(**{move["resource"]: 1})
    elif reward == "worker":
        player = replace(player, workers=player.workers + (player.next_worker_id(seat),))
    else:
        player = player.gain(**{"trade": {"trade": 1}, "track": {"track": 1}, "vp3": {"vp_tokens": 3}}[reward])
    return advance(state.with_seat(seat, player))


# -- build resolution (HS-R30–HS-R41, HS-A30–HS-A37) --------------------------------------------------


def pay_auction(state: State, seat: int, move: dict) -> State:
    _check_actor(state, seat, ("auction_payment",), "HS-R30", "paying for an auction tile")
    amount = state.bids[state.cur_slot - 1][1]
    player, _ = payments.pay(state.seat(seat), amount, move["gold_used"], move["take_debt_for_shortfall"])
    steps = (("build",) if c.TILES[state.tile()]["build_types"] else ()) + ("tile_bonus", "end_slot")
    return advance(replace(state.with_seat(seat, player), agenda=steps + state.agenda))


def find_instance(state: State, name: str) -> str | None:
    """The supply instance a ``building`` field names: an instance id, or a building id (lowest copy)."""
    if name in state.supply:
        return name
    return next((i for i in state.supply if c.kind(i) == name), None)


def build_cost(instance: str, gold_as_copper: int, gold_as_livestock: int) -> dict[str, int]:
    """The printed cost with River Port gold standing in for copper/livestock (HS-R36)."""
    cost = dict(c.building(instance)["cost"] or {})
    for resource, n in (("copper", gold_as_copper), ("livestock", gold_as_livestock)):
        if n:
            cost[resource] -= n
            cost["gold"] = cost.get("gold", 0) + n
    return {k: v for k, v in cost.items() if v}


def check_build(state: State, seat: int, move: dict) -> tuple[str, dict[str, int]]:
    """HS-R31–HS-R36; returns the instance and the cost to pay."""
    _check_actor(state, seat, ("build_choice", "extra_build"), "HS-R31", "building")
    player = state.seat(seat)
    instance = find_instance(state, move["building"])
    if instance is None:
        raise IllegalMove("HS-R32", f"{move['building']!r} is not in the building supply")
    b = c.building(instance)
    if state.phase == "build_choice" and b["type"] not in c.TILES[state.tile()]["build_types"]:
        allowed = " or ".join(c.TYPE_NAMES[t] for t in c.TILES[state.tile()]["build_types"])
        raise IllegalMove("HS-R33", f"tile {state.tile()} allows {allowed} buildings, not {b['name']}")
    if player.owns(b["id"]):
        raise IllegalMove("HS-R34", f"you already own a {b['name']}")
    gc, gl = move["gold_as_copper"], move["gold_as_livestock"]
    printed = b["cost"] or {}
    if gc < 0 or gl < 0 or gc > printed.get("copper", 0) or gl > printed.get("livestock", 0):
        raise IllegalMove("HS-R35", "gold may replace at most the copper and livestock of the cost")
    if (gc or gl) and not player.owns("river_port"):
        raise IllegalMove("HS-R35", "only a River Port owner may pay copper or livestock with gold")
    cost = build_cost(instance, gc, gl)
    if not player.holds(**cost):
        raise IllegalMove("HS-R36", f"{b['name']} costs {cost}; buy the missing resources first")
    return instance, cost


def build_building(state: State, seat: int, move: dict) -> State:
    instance, cost = check_build(state, seat, move)
    player = state.seat(seat)
    forge = player.owns("forge")  # HS-A32: only a Forge owned before this build scores
    player = player.gain(**{k: -v for k, v in cost.items()})
    player = replace(player, buildings=player.buildings + (instance,))
    if forge:
        player = player.gain(vp_tokens=1)
    bonus = c.building(instance)["build_bonus"]
    steps: tuple[str, ...] = ()
    if bonus == "pay_off_debt_or_2_silver":  # HS-A33 Boarding House
        player = player.gain(debt=-1) if player.debt else player.gain(silver=2)
    elif bonus == "gain_trade":
        player = player.gain(trade=1)
    elif bonus == "gain_worker_optional":
        steps = (f"worker:{instance}",)
    elif bonus == "rail_advance":
        steps = (f"rail:{instance}",)
    elif bonus == "gain_track_and_extra_build":
        player = player.gain(track=1)
        steps = ("extra_build",)
    state = replace(state.with_seat(seat, player), supply=tuple(i for i in state.supply if i != instance))
    return advance(replace(state, agenda=steps + state.agenda))


def decline_build(state: State, seat: int) -> State:
    _check_actor(state, seat, ("build_choice", "extra_build"), "HS-R37", "declining to build")
    return advance(state)


def accept_bonus_worker(state: State, seat: int, move: dict) -> State:
    _check_actor(state, seat, ("bonus_worker",), "HS-R38", "taking a bonus worker")
    if move["accept"]:
        player = state.seat(seat)
        state = state.with_seat(seat, replace(player, workers=player.workers + (player.next_worker_id(seat),)))
    return advance(state)


#: auction bonus -> (resource paid, holdings gained) for the optional paid bonuses (HS-R40).
PAID_BONUS = {
    "pay_wood_for_track": ("wood", {"track": 1}),
    "pay_food_for_2vp": ("food", {"vp_tokens": 2}),
    "gain_6vp_then_pay_food_for_2vp": ("food", {"vp_tokens": 2}),
    "pay_copper_for_4vp": ("copper", {"vp_tokens": 4}),
    "pay_livestock_for_4vp": ("livestock", {"vp_tokens": 4}),
}


def check_auction_bonus(state: State, seat: int, use_gold: bool) -> tuple[str, dict[str, int]]:
    _check_actor(state, seat, ("auction_bonus",), "HS-R39", "taking the auction bonus")
    bonus = c.TILES[state.tile()]["bonus"]
    paid, gained = PAID_BONUS[bonus]
    player = state.seat(seat)
    if use_gold:
        if paid not in ("copper", "livestock") or not player.owns("river_port") or player.gold < 1:
            raise IllegalMove("HS-R41", "River Port gold pays only the A09/A10 bonus, with a River Port and 1 gold")
        paid = "gold"
    elif not player.holds(**{paid: 1}):
        raise IllegalMove("HS-R40", f"this bonus costs 1 {paid}, which you do not hold")
    return paid, gained


def take_auction_bonus(state: State, seat: int, move: dict) -> State:
    paid, gained = check_auction_bonus(state, seat, move["use_river_port_gold"])
    player = state.seat(seat).gain(**{paid: -1}).gain(**gained)
    return advance(state.with_seat(seat, player))


def decline_auction_bonus(state: State, seat: int) -> State:
    _check_actor(state, seat, ("auction_bonus",), "HS-R39", "declining the auction bonus")
    return advance(state)


def _tile_bonus_steps(tile: str) -> tuple[str, ...]:
    """HS-A35: the auction bonus of a tile as agenda steps."""
    bonus = c.TILES[tile]["bonus"]
    if bonus is None:
        return ()
    if bonus == "gain_worker":
        return (f"worker:{tile}",)
    if bonus == "gain_worker_and_rail_advance":
        return (f"worker:{tile}", f"rail:{tile}")
    if bonus == "gain_6vp_then_pay_food_for_2vp":
        return ("vp6", "tile_choice")
    return ("tile_choice",)


def advance(state: State) -> State:
    """Run the agenda until a decision is due (see the module docstring)."""
    while state.agenda:
        step, rest = state.agenda[0], state.agenda[1:]
        state = replace(state, agenda=rest)
        name, _, arg = step.partition(":")
        if name == "next_bidder":
            state = _next_bidder(state)
            if state.phase == "bidding" and state.actor != NOBODY:
                return state
        elif name == "resolve":
            slot = int(arg)
            if state.winners[slot - 1] != NOBODY:
                return replace(state, cur_slot=slot, actor=state.winners[slot - 1], phase="auction_payment")
        elif name == "build":
            return replace(state, phase="build_choice")
        elif name == "extra_build":
            return replace(state, phase="extra_build")
        elif name == "worker":
            return replace(state, phase="bonus_worker", source=arg)
        elif name == "rail":  # HS-A40
            player = state.seat(state.actor)
            state = state.with_seat(state.actor, replace(player, rail=min(player.rail + 1, c.RAIL_MAX)))
            return replace(state, phase="rail_reward", source=arg)
        elif name == "tile_bonus":
            state = replace(state, agenda=_tile_bonus_steps(state.tile()) + state.agenda)
        elif name == "vp6":
            state = state.with_seat(state.actor, state.seat(state.actor).gain(vp_tokens=6))
        elif name == "tile_choice":
            return replace(state, phase="auction_bonus")
        elif name == "end_slot":  # HS-A37
            state = replace(state, cur_slot=0, source="", actor=NOBODY)
        elif name == "end_round":  # HS-A38
            return start_round(state, state.round + 1)
    return state


def _set(values: tuple, index: int, value: object) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]
