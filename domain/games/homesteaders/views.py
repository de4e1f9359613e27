"""What each viewer may know (spec §7, HS-H01–HS-H11): the only place secrets are stripped.

Secrets of Homesteaders: each seat's screened holdings in screened mode (HS-H02), the order of
auction stacks 2 and 3 (HS-H03), private market and debt transactions (HS-H04) and, in
simultaneous mode, worker placements before everyone has confirmed (HS-H05). Everything is public
once the game is over (HS-H08, HS-H11).
"""

from __future__ import annotations

from typing import Any

from domain.games.homesteaders import components as c
from domain.games.homesteaders import scoring
from domain.games.homesteaders.moves import PRIVATE
from domain.games.homesteaders.rounds import income_lines
from domain.games.homesteaders.rules import to_act
from domain.games.homesteaders.state import DUMMY, NOBODY, SCREENED, State


def _sees_holdings(state: State, seat: int, viewer: int | None) -> bool:
    return viewer == seat or state.visibility == "open" or state.phase == "over"


def _sees_placement(state: State, seat: int, viewer: int | None) -> bool:
    return viewer == seat or state.mode == "sequential" or state.phase == "over"


def _holder(holder: int) -> int | str | None:
    return "dummy" if holder == DUMMY else (None if holder == NOBODY else holder)


def player_view(state: State, viewer: int | None) -> dict[str, Any]:
    seats = []
    for s, p in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": s,
            "workers": list(p.workers),
            "buildings": list(p.buildings),
            "track": p.track,
            "rail": p.rail,
            "status": p.status,
            "bid": {"slot": p.bid_slot, "value": p.bid_value} if p.bid_slot else None,
            "confirmed_workers": p.confirmed,
            "wages_due": p.wages_due,
            "final_confirmed": p.done,
            "placement": [list(x) for x in (p.placement if _sees_placement(state, s, viewer) else p.shown)],
            "visible_vp": sum(scoring.visible(p).values()),
        }
        if _sees_holdings(state, s, viewer):
            entry["holdings"] = {k: getattr(p, k) for k in SCREENED}
            entry["score"] = scoring.breakdown(p)
            entry["next_income"] = [[source, gained] for source, gained in income_lines(p)]
        seats.append(entry)
    groups = {"settlement": 4, "town": 4, "city": 2}
    return {
        "round": state.round,
        "era": c.era_of(state.round) if state.round else None,
        "phase": state.phase,
        "to_act": sorted(to_act(state)),
        "actor": state.actor if state.actor >= 0 else None,
        "pending_source": state.source or None,
        "start_player": state.start if state.start >= 0 else None,
        "options": {"resource_visibility": state.visibility, "worker_assignment_mode": state.mode},
        "stack_1": [c.stack_1_tile(r) for r in range(1, 11)],
        "random_stacks": {str(k): {"groups": groups} for k in ((2, 3) if state.players == 4 else (2,))},
        "slots": [
            {"slot": i + 1, "tile": t, "bid": {"holder": _holder(h), "value": v} if h != NOBODY else None}
            for i, (t, (h, v)) in enumerate(zip(state.slots, state.bids))
        ],
        "winners": [_holder(w) for w in state.winners],
        "resolving_slot": state.cur_slot or None,
        "dummy_value": state.dummy or None,
        "supply": list(state.supply),
        "set_aside": {"town": list(state.town_pile), "city": list(state.city_pile)},
        "seats": seats,
    }


def _chance_view(action: dict[str, Any]) -> dict[str, Any]:
    request = action["request"]
    if request["kind"] == "shuffle":  # HS-H03: the order is sealed
        return {"type": "chance", "request": {"kind": "shuffle", "label": request["label"], "count": len(request["items"])}}
    return action


def action_view(before: State, actor: int, action: dict[str, Any], viewer: int | None) -> dict[str, Any] | None:
    kind = action.get("type")
    if kind == "chance":
        return _chance_view(action)
    if viewer == actor:
        return action
    if kind in ("assign_worker", "unassign_worker") and before.mode == "simultaneous":
        return None  # HS-H05: revealed with everyone's placement after the last confirmation
    if before.visibility == "screened":
        if kind in PRIVATE:
            return {"type": "private_action_taken", "seat": actor}  # HS-H04
        if kind in ("pay_wages", "pay_auction"):  # debts taken for a shortfall are private
            return {"type": kind, "gold_used": action.get("gold_used")}
    return action


def describe(before: State, actor: int, action: dict[str, Any], viewer: int | None) -> str:
    view = action_view(before, actor, action, viewer)
    if view is None:
        return f"Seat {actor} changed their secret worker placement."
    kind = view["type"]
    if kind == "chance":
        if view["request"]["kind"] == "shuffle":
            return f"The auction tiles were shuffled face down ({view['request']['label']})."
        return f"Seat {view['outcome'][0]} was chosen at random as the start player."
    if kind == "private_action_taken":
        return f"Seat {actor} made a private market or debt transaction."
    text = _SENTENCES.get(kind, "Seat {a} played {type}.")
    fields = dict(view)
    fields["resource"] = f" ({view['resource']})" if kind == "choose_rail_reward" and "resource" in view else view.get("resource", "")
    if kind == "accept_bonus_worker":
        fields["accept"] = "accepted" if view["accept"] else "declined"
    return text.format(a=actor, tile=before.tile() if before.cur_slot else "", **fields)


_SENTENCES = {
    "assign_worker": "Seat {a} assigned worker {worker} to slot {slot} of {building}.",
    "unassign_worker": "Seat {a} left worker {worker} idle.",
    "confirm_workers": "Seat {a} confirmed their worker assignment.",
    "pay_wages": "Seat {a} paid wages using {gold_used} gold.",
    "place_dummy_bid": "Seat {a} placed the dummy bid on auction slot {slot}.",
    "place_bid": "Seat {a} bid {value} on auction slot {slot}.",
    "pass_bidding": "Seat {a} passed and advanced on the railroad.",
    "choose_rail_reward": "Seat {a} took the railroad reward {reward}{resource}.",
    "pay_auction": "Seat {a} paid for auction tile {tile} using {gold_used} gold.",
    "build_building": "Seat {a} built {building}.",
    "decline_build": "Seat {a} chose not to build.",
    "accept_bonus_worker": "Seat {a} {accept} the bonus worker.",
    "take_auction_bonus": "Seat {a} took the bonus of auction tile {tile}.",
    "decline_auction_bonus": "Seat {a} declined the bonus of auction tile {tile}.",
    "pay_off_debt": "Seat {a} paid off one debt.",
    "confirm_final_actions": "Seat {a} confirmed their final actions.",
    "hire_worker": "Seat {a} hired a worker for 1 trade token and 1 food.",
    "buy_resource": "Seat {a} bought 1 {resource}.",
    "sell_resource": "Seat {a} sold 1 {resource}.",
    "convert_at_market": "Seat {a} converted at the Market ({conversion}).",
    "exchange_at_bank": "Seat {a} exchanged a trade token for 1 silver at the Bank.",
    "take_debt": "Seat {a} took {count} debt.",
}
