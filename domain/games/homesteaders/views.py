"""What each viewer may know (spec §7, HS-H01–HS-H11): the only place secrets are stripped.

Secrets of Homesteaders: each seat's screened holdings in screened mode (HS-H02), the order of
auction stacks 2 and 3 (HS-H03), private market and debt transactions (HS-H04) and, in
simultaneous mode, worker placements before everyone has confirmed (HS-H05). Everything is public
once the game is over (HS-H08, HS-H11).
"""

from __future__ import annotations

from typing import Any

from domain.games.facts import quantities
from domain.games.game import component_ref, seat_ref, their_ref
from domain.games.homesteaders import components as c
from domain.games.homesteaders import facts, scoring
from domain.games.homesteaders.moves import PRIVATE
from domain.games.homesteaders.resolution import find_instance
from domain.games.homesteaders.rounds import income_lines
from domain.games.homesteaders.rules import to_act
from domain.games.homesteaders.state import DUMMY, NOBODY, SCREENED, State

#: Player colours in seat order (HS-SET-01; the lobby supplies none).
COLOURS = ("red", "green", "blue", "yellow")


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
            "colour": COLOURS[s],  # HS-SET-01, HS-H01: assigned in seat order
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
            "last_income": [{"source": source, "gained": dict(gained)} for source, gained in p.income],
        }
        if _sees_holdings(state, s, viewer):
            entry["holdings"] = {k: getattr(p, k) for k in SCREENED}
            entry["score"] = scoring.breakdown(p)
            entry["provisional_total"] = sum(entry["score"].values())  # HS-H06
            entry["next_income"] = [[source, gained] for source, gained in income_lines(p)]
        seats.append(entry)
    groups = {"settlement": 4, "town": 4, "city": 2}
    # HS-H01: the set of tiles in each era group of stacks 2/3 is public (never their order, HS-H03),
    # and so is every tile revealed so far.
    shown_rounds = min(state.round, c.ROUNDS)
    random_stacks = {
        str(k): {
            "groups": groups,
            "tiles": {g: sorted(tiles) for g, tiles in zip(groups, c.tile_groups(k))},
            "revealed": list((state.stack2, state.stack3)[k - 2][:shown_rounds]),
        }
        for k in ((2, 3) if state.players == 4 else (2,))
    }
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
        "random_stacks": random_stacks,
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
    """One plain English sentence for the table log, built only from what ``viewer`` may see."""
    view = action_view(before, actor, action, viewer)
    if view is None:
        return f"{seat_ref(actor)} changed {their_ref(actor)} secret worker placement."
    kind = view["type"]
    if kind == "chance":
        if view["request"]["kind"] == "shuffle":
            return f"The auction tiles were shuffled face down ({view['request']['label']})."
        return f"The start player, chosen at random, is {seat_ref(view['outcome'][0])}."
    if kind == "private_action_taken":
        return f"{seat_ref(actor)} made a private market or debt transaction."
    return f"{seat_ref(actor)} {_SENTENCES[kind](before, actor, view)}."


def fact_view(before: State, actor: int, action: dict[str, Any], after: State, viewer: int | None,
              reveal: bool = False) -> list[dict[str, Any]]:
    """The facts of one step as ``viewer`` may know them (``Game.facts``, docs/log.md): all public
    (HS-H01) but a debt taken for a shortfall, a private transaction in screened mode (HS-H04)
    that other viewers do not learn of (they saw no ``take_debt_for_shortfall`` either)."""
    shown = []
    for f in facts.derive(before, actor, action, after):
        if f["kind"] == facts.DEBT and not reveal and not _sees_holdings(before, f["seats"][0], viewer):
            continue
        shown.append({**f, "text": facts.text(f)})
    return shown


def _name(instance: str) -> str:
    """A building (a copy of one) as a sentence names it: "the Foundry" (``catalog.names``)."""
    return f"the {component_ref('building', instance)}"


def _tile(tile: str) -> str:
    """An auction tile by what it offers (the physical game numbers none): "(Build Commercial)"."""
    return f"({component_ref('tile', tile)})"


def _source(source: str) -> str:
    """What granted a bonus worker: a building or an auction tile."""
    return f"the auction tile {_tile(source)}" if source in c.TILES else _name(source)


def _worker_slot(view: dict[str, Any]) -> str:
    """A worker space by what it yields ("for 1 wood"), as the building prints it."""
    slots = c.building(view["building"])["worker_slots"] if c.kind(view["building"]) in c.BUILDINGS else []
    if not 0 < view["slot"] <= len(slots):
        return f"on {_name(view['building'])}"
    gained = {("VP" if k == "vp" else k): n for k, n in slots[view["slot"] - 1]["yield"].items()}
    return f"on {_name(view['building'])} for {quantities(gained, facts.COUNTED) or 'nothing'}"


def _gold(view: dict[str, Any]) -> str:
    return f", {view['gold_used']} of it in gold" if view.get("gold_used") else ""


def _bid(before: State, actor: int, view: dict[str, Any]) -> str:
    holder = before.bids[view["slot"] - 1][0] if 0 < view["slot"] <= len(before.bids) else NOBODY
    displaced = {NOBODY: "", DUMMY: ", displacing the dummy bid"}.get(holder, f", outbidding {seat_ref(holder)}")
    return f"bid {view['value']} on auction slot {view['slot']}{displaced}"


def _reward(before: State, actor: int, view: dict[str, Any]) -> str:
    what = {"trade": "a trade token", "track": "a rail line", "worker": "a worker", "vp3": "3 VP"}
    return f"took {what.get(view['reward'], '1 ' + str(view.get('resource')))} as railroad reward"


def _built(before: State, actor: int, view: dict[str, Any]) -> str:
    """The building and its automatic gains: build bonuses and the Forge point are public (HS-H01, HS-A32, HS-A33)."""
    instance = find_instance(before, view["building"])
    if instance is None:
        return f"built {_name(view['building'])}"
    player = before.seat(actor)
    gains = []
    if player.owns("forge"):
        gains.append("scored 1 VP with the Forge")
    bonus = c.building(instance)["build_bonus"]
    if bonus == "pay_off_debt_or_2_silver":
        gains.append("discarded a debt" if player.debt else "gained 2 silver")
    elif bonus == "gain_trade":
        gains.append("gained a trade token")
    elif bonus == "gain_track_and_extra_build":
        gains.append("gained a rail line")
    tail = "".join(f", {g}" for g in gains[:-1]) + (f" and {gains[-1]}" if gains else "")
    return f"built {_name(instance)}{tail}"


_SENTENCES = {
    "assign_worker": lambda b, a, v: f"put a worker {_worker_slot(v)}",
    "unassign_worker": lambda b, a, v: "took a worker back",
    "confirm_workers": lambda b, a, v: f"confirmed {their_ref(a)} worker assignment",
    "pay_wages": lambda b, a, v: f"paid wages for {quantities({'workers': len(b.seat(a).workers)}, facts.COUNTED)}{_gold(v)}",
    "place_dummy_bid": lambda b, a, v: f"placed the dummy bid at {b.dummy} on auction slot {v['slot']}",
    "place_bid": _bid,
    "pass_bidding": lambda b, a, v: f"passed and advanced to railroad space {min(b.seat(a).rail + 1, c.RAIL_MAX)}",
    "choose_rail_reward": _reward,
    "pay_auction": lambda b, a, v: (
        f"paid {b.bids[b.cur_slot - 1][1]} silver for the tile of auction slot {b.cur_slot} {_tile(b.tile())}{_gold(v)}"),
    "build_building": _built,
    "decline_build": lambda b, a, v: "chose not to build",
    "accept_bonus_worker": lambda b, a, v: (
        f"{'took' if v['accept'] else 'declined'} the bonus worker from {_source(b.source)}"),
    "take_auction_bonus": lambda b, a, v: f"took the bonus of the auction tile {_tile(b.tile())}",
    "decline_auction_bonus": lambda b, a, v: f"declined the bonus of the auction tile {_tile(b.tile())}",
    "pay_off_debt": lambda b, a, v: f"paid off a debt with {'1 gold' if v['use_gold'] else '5 silver'}",
    "confirm_final_actions": lambda b, a, v: f"confirmed {their_ref(a)} final actions",
    "hire_worker": lambda b, a, v: "hired a worker for 1 trade token and 1 food",
    "buy_resource": lambda b, a, v: f"bought 1 {v['resource']}",
    "sell_resource": lambda b, a, v: f"sold 1 {v['resource']}",
    "convert_at_market": lambda b, a, v: f"converted {v['conversion'].replace('_to_', ' to ')} at the Market",
    "exchange_at_bank": lambda b, a, v: "exchanged a trade token for 1 silver at the Bank",
    "take_debt": lambda b, a, v: f"took {v['count']} debt{'' if v['count'] == 1 else 's'}",  # "took 5 debts"
}


def secrets(state: State) -> dict[int | None, Any]:
    """What is hidden now and from whom (docs/undo.md): the unrevealed order of stacks 2 and 3 from
    everyone (HS-H03); each seat's screened holdings (HS-H02) and its unrevealed simultaneous
    placement (HS-H05) from everyone else. Nothing once it is over."""
    if state.phase == "over":
        return {}
    shown = min(state.round, c.ROUNDS)
    hidden: dict[int | None, Any] = {None: (state.stack2[shown:], state.stack3[shown:])}
    for s, p in enumerate(state.seats):
        holdings = tuple(getattr(p, k) for k in SCREENED) if state.visibility == "screened" else ()
        placement = p.placement if state.mode == "simultaneous" and p.placement != p.shown else ()
        hidden[s] = (holdings, placement)
    return hidden
