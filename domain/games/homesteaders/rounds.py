"""Round setup, worker allocation, income and wages (spec §6.1–6.2, §5.1–5.2, §6.7).

Rounds 1–10 and the final round share this income phase; the auction phase lives in
``bidding.py``, ``resolution.py`` and ``agenda.py``, the final actions in ``market.py``.
"""

from __future__ import annotations

from dataclasses import replace

from domain.errors import IllegalMove, NotYourTurn
from domain.games.homesteaders import components as c
from domain.games.homesteaders import payments
from domain.games.homesteaders.state import NOBODY, Player, State
from domain.games.homesteaders.turns import clockwise


def start_round(state: State, round_: int) -> State:
    """HS-A01–HS-A04 (and HS-A50 for the final round): reset bids, change era, reveal tiles."""
    seats = tuple(replace(p, status="no_bid", bid_slot=0, bid_value=0, confirmed=False) for p in state.seats)
    state = replace(state, round=round_, seats=seats, winners=(), agenda=(), cur_slot=0, source="", actor=NOBODY)
    state = _change_era(state, round_)
    if round_ == c.FINAL_ROUND:
        slots: tuple[str, ...] = ()
    else:
        stacks = (tuple(c.stack_1_tile(r) for r in range(1, 11)), state.stack2, state.stack3)
        slots = tuple(stacks[s][round_ - 1] for s in range(c.n_slots(state.players)))
    state = replace(state, slots=slots, bids=tuple((NOBODY, 0) for _ in slots), phase="allocation")
    if state.mode == "sequential":
        state = replace(state, actor=state.start)
    return state


def _change_era(state: State, round_: int) -> State:
    """HS-A02 / HS-D21: the building supply in rounds 5 and 9 and in the final round."""
    if round_ == 5:
        kept = tuple(i for i in state.supply if c.building(i)["era"] != "settlement")
        return replace(state, supply=kept + state.town_pile, town_pile=())
    if round_ == 9:
        return replace(state, supply=state.city_pile, city_pile=())
    if round_ == c.FINAL_ROUND:
        return replace(state, supply=())
    return state


# -- worker allocation (HS-R10–HS-R14) ------------------------------------------------------------


def _check_allocating(state: State, seat: int, rule: str) -> Player:
    if state.phase != "allocation":
        raise IllegalMove(rule, "workers are assigned only during worker allocation")
    player = state.seat(seat)
    if player.confirmed:
        raise NotYourTurn(rule, "you have already confirmed your worker assignment this round")
    if state.mode == "sequential" and seat != state.actor:
        raise NotYourTurn(rule, f"it is seat {state.actor}'s turn to allocate workers")
    return player


def slot_capacity(instance: str, slot: int) -> int:
    """Workers a slot takes (0 if it does not exist): 1, or 2 for the River Port double slot."""
    slots = c.building(instance)["worker_slots"]
    return slots[slot - 1]["workers"] if 1 <= slot <= len(slots) else 0


def assign_worker(state: State, seat: int, move: dict) -> State:
    player = _check_allocating(state, seat, "HS-R10")
    worker, instance, slot = move["worker"], move["building"], move["slot"]
    if worker not in player.workers:
        raise IllegalMove("HS-R11", f"worker {worker!r} is not yours")
    if instance not in player.buildings or slot_capacity(instance, slot) == 0:
        raise IllegalMove("HS-R12", f"you own no building {instance!r} with a worker slot {slot}")
    others = [w for w, b, s in player.placement if b == instance and s == slot and w != worker]
    if (worker, instance, slot) in player.placement or len(others) >= slot_capacity(instance, slot):
        raise IllegalMove("HS-R13", f"slot {slot} of {instance} has no room for {worker}")
    placement = tuple(p for p in player.placement if p[0] != worker) + ((worker, instance, slot),)
    return _placed(state, seat, replace(player, placement=placement))


def unassign_worker(state: State, seat: int, move: dict) -> State:
    player = _check_allocating(state, seat, "HS-R10")
    worker = move["worker"]
    if worker not in player.workers or all(p[0] != worker for p in player.placement):
        raise IllegalMove("HS-R11", f"{worker!r} is not one of your assigned workers")
    return _placed(state, seat, replace(player, placement=tuple(p for p in player.placement if p[0] != worker)))


def _placed(state: State, seat: int, player: Player) -> State:
    if state.mode == "sequential":  # HS-H05: sequential placements are public at once
        player = replace(player, shown=player.placement)
    return state.with_seat(seat, player)


def confirm_workers(state: State, seat: int) -> State:
    player = _check_allocating(state, seat, "HS-R14")
    state = state.with_seat(seat, replace(player, confirmed=True))
    waiting = [s for s in clockwise(state, seat) if not state.seat(s).confirmed]
    if waiting:
        return replace(state, actor=waiting[0]) if state.mode == "sequential" else state
    return collect_income(state)


# -- income and wages (HS-A05–HS-A07) -------------------------------------------------------------


def income_lines(player: Player) -> list[tuple[str, dict[str, int]]]:
    """What a player collects now, line by line (HS-A06); also used by the views."""
    lines: list[tuple[str, dict[str, int]]] = []
    for instance in player.buildings:
        b = c.building(instance)
        gained = {("vp_tokens" if k == "vp" else k): v for k, v in b["income"].items() if k != "special"}
        special = b["income"].get("special")
        if special == "pay_off_debt_or_2_silver":
            gained = {"debt": -1} if player.debt else {"silver": 2}
        elif special == "silver_per_worker_max_5":
            gained = {"silver": min(5, len(player.workers))}
        if gained:
            lines.append((instance, gained))
    if player.track:
        lines.append(("track", {"silver": player.track}))
    for instance in player.buildings:
        for index, slot in enumerate(c.building(instance)["worker_slots"], start=1):
            placed = sum(1 for _, b, s in player.placement if b == instance and s == index)
            if placed >= slot["workers"]:
                gained = {("vp_tokens" if k == "vp" else k): v for k, v in slot["yield"].items()}
                lines.append((f"{instance}/{index}", gained))
    return lines


def collect_income(state: State) -> State:
    """Reveal every placement (HS-A05), pay income (HS-A06), then ask for wages (HS-A07)."""
    seats = []
    for player in state.seats:
        lines = income_lines(player)
        for _, gained in lines:
            player = player.gain(**gained)
        income = tuple((source, tuple(sorted(gained.items()))) for source, gained in lines)
        seats.append(replace(player, shown=player.placement, wages_due=True, income=income))
    state = replace(state, seats=tuple(seats), phase="wages", actor=NOBODY)
    for seat, player in enumerate(state.seats):
        owed = len(player.workers)
        if player.gold == 0 and player.silver >= owed:  # HS-D26: the payment is forced, so automatic
            state = state.with_seat(seat, replace(player.gain(silver=-owed), wages_due=False))
    return _after_wages(state)


def pay_wages(state: State, seat: int, move: dict) -> State:
    if state.phase != "wages":
        raise IllegalMove("HS-R15", "wages are paid only after income")
    player = state.seat(seat)
    if not player.wages_due:
        raise NotYourTurn("HS-R15", "your wages for this round are already paid")
    player, _ = payments.pay(player, len(player.workers), move["gold_used"], move["take_debt_for_shortfall"])
    return _after_wages(state.with_seat(seat, replace(player, wages_due=False)))


def _after_wages(state: State) -> State:
    if any(p.wages_due for p in state.seats):
        return state
    if state.round == c.FINAL_ROUND:
        return replace(state, phase="final_actions")  # HS-A52
    if state.players == 2:
        return replace(state, phase="dummy", actor=state.start)  # HS-A20
    return replace(state, phase="bidding", actor=state.start)  # HS-A10
