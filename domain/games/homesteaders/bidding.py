"""Bidding (spec §5.3, §6.3, §6.4): the two-player dummy bid, bids on the value ladder, passes.

Handlers leave the follow-up steps on ``State.agenda`` ("next_bidder", "rail:pass"); ``rules.play``
then runs ``agenda.advance`` after every decision, so a pass's railroad reward is chosen before
the next bidder is found (HS-A11).
"""

from __future__ import annotations

from dataclasses import replace

from domain.errors import IllegalMove
from domain.games.homesteaders import components as c
from domain.games.homesteaders.state import DUMMY, NOBODY, State
from domain.games.homesteaders.turns import check_actor, clockwise

# -- two-player dummy bid (HS-A20–HS-A25) ---------------------------------------------------------


def _dummy_step(value: int, steps: int) -> int:
    """Move the dummy value along its ladder, clamped at 3 and 9 (HS-A22–HS-A24)."""
    ladder = c.DUMMY_LADDER
    return ladder[max(0, min(len(ladder) - 1, ladder.index(value) + steps))]


def place_dummy_bid(state: State, seat: int, move: dict) -> State:
    check_actor(state, seat, ("dummy",), "HS-R20", "placing the dummy bid")
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
    check_actor(state, seat, ("bidding",), "HS-R22", "bidding")
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
    return replace(state, bids=_set(state.bids, slot - 1, (seat, value)), agenda=("next_bidder",))


def pass_bidding(state: State, seat: int) -> State:
    check_actor(state, seat, ("bidding",), "HS-R22", "passing")
    state = state.with_seat(seat, replace(state.seat(seat), status="passed"))
    if state.players == 2:  # HS-A23
        state = replace(state, dummy=_dummy_step(state.dummy, -1))
    return replace(state, agenda=("rail:pass", "next_bidder"))


def next_bidder(state: State) -> State:
    """HS-A11: the first seat clockwise from the one who acted with status no_bid or outbid."""
    for s in clockwise(state, state.actor):
        if state.seat(s).status in ("no_bid", "outbid"):
            return replace(state, phase="bidding", actor=s)
    return end_bidding(state)


def end_bidding(state: State) -> State:
    """HS-A13, HS-A16/HS-A17, HS-A25: winners, start player, then resolve slots in order."""
    winners = tuple(holder if holder >= 0 else NOBODY for holder, _ in state.bids)
    start = state.start
    if state.players == 2:
        start = winners[0] if winners[0] != NOBODY else 1 - start
    else:
        start = next((w for w in winners if w != NOBODY), start)
    steps = tuple(f"resolve:{s}" for s in range(1, len(winners) + 1)) + ("end_round",)
    return replace(state, winners=winners, start=start, agenda=steps, actor=NOBODY)




# -- railroad rewards (HS-R27–HS-R29, HS-A40/HS-A41); the advance itself is an agenda step ----------


def reward_allowed(position: int, reward: str) -> bool:
    """HS-R28: a reward of the marker's space or any lower space."""
    return reward in c.REWARD_MIN_SPACE and c.REWARD_MIN_SPACE[reward] <= position


def choose_rail_reward(state: State, seat: int, move: dict) -> State:
    check_actor(state, seat, ("rail_reward",), "HS-R27", "choosing a railroad reward")
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
    return state.with_seat(seat, player)


def _set(values: tuple, index: int, value: object) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]
