"""A full Homesteaders state rebuilt from one seat's view, the hidden part sampled.

Public facts (buildings, workers, track, rail, bids, slots, supply, revealed tiles) and the
seat's own holdings are copied. What the seat cannot see is drawn: another seat's screened
holdings (HS-H02) around what its last income line shows it collected, the order of the tiles
of stacks 2 and 3 not yet revealed (HS-H03) from their public groups, and, before everyone has
confirmed, another seat's secret worker placement (HS-H05: its last shown one stands in). The
rest of an auction's resolution (the agenda) is not part of the view and is left empty: the
search simulates only from the bidding, when nothing of it is pending.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.games.homesteaders.state import DUMMY, NOBODY, Player, State


def _holder(value: Any) -> int:
    return DUMMY if value == "dummy" else (NOBODY if value is None else int(value))


def _stack(info: Mapping[str, Any] | None, rng: random.Random) -> tuple[str, ...]:
    if not info:
        return ()
    revealed = list(info["revealed"])
    out = list(revealed)
    for group in ("settlement", "town", "city"):
        rest = [t for t in info["tiles"][group] if t not in revealed]
        rng.shuffle(rest)
        out += rest
    return tuple(out)


def _sampled_holdings(entry: Mapping[str, Any], rng: random.Random) -> dict[str, int]:
    gained: dict[str, int] = {}
    for line in entry["last_income"]:
        for k, v in line["gained"].items():
            gained[k] = gained.get(k, 0) + v
    holdings = {k: max(0, gained.get(k, 0) + rng.randint(-1, 1)) for k in ("wood", "food", "steel", "trade")}
    holdings.update({k: max(0, gained.get(k, 0) - rng.randint(0, 1)) for k in ("gold", "copper", "livestock")})
    holdings["silver"] = rng.randint(2, 10)
    holdings["debt"] = rng.choice((0, 0, 0, 1))
    holdings["vp_tokens"] = gained.get("vp_tokens", 0) + rng.randint(0, 3)
    return holdings


def determinize(view: Mapping[str, Any], seat: int, rng: random.Random) -> State:
    seats = []
    for entry in view["seats"]:
        holdings = entry.get("holdings") if "holdings" in entry else _sampled_holdings(entry, rng)
        bid = entry["bid"] or {"slot": 0, "value": 0}
        placement = tuple(tuple(x) for x in entry["placement"])
        seats.append(Player(
            **holdings,
            track=entry["track"], rail=entry["rail"], workers=tuple(entry["workers"]),
            buildings=tuple(entry["buildings"]), placement=placement, shown=placement,
            confirmed=entry["confirmed_workers"], wages_due=entry["wages_due"], status=entry["status"],
            bid_slot=bid["slot"], bid_value=bid["value"], done=entry["final_confirmed"],
            income=tuple((line["source"], tuple(line["gained"].items())) for line in entry["last_income"]),
        ))
    stacks = view["random_stacks"]
    return State(
        players=len(seats),
        visibility=view["options"]["resource_visibility"],
        mode=view["options"]["worker_assignment_mode"],
        phase=view["phase"],
        seats=tuple(seats),
        round=view["round"],
        start=NOBODY if view["start_player"] is None else view["start_player"],
        stack2=_stack(stacks.get("2"), rng),
        stack3=_stack(stacks.get("3"), rng),
        supply=tuple(view["supply"]),
        town_pile=tuple(view["set_aside"]["town"]),
        city_pile=tuple(view["set_aside"]["city"]),
        slots=tuple(x["tile"] for x in view["slots"]),
        bids=tuple((_holder(x["bid"]["holder"]), x["bid"]["value"]) if x["bid"] else (NOBODY, 0) for x in view["slots"]),
        winners=tuple(_holder(w) for w in view["winners"]),
        dummy=view["dummy_value"] or 0,
        actor=NOBODY if view["actor"] is None else view["actor"],
        agenda=(),
        cur_slot=view["resolving_slot"] or 0,
        source=view["pending_source"] or "",
    )



