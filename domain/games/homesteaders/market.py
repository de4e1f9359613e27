"""Free actions at any time (spec §5.6, HS-R60–HS-R69) and the final round's debt repayment and
confirmation (§5.5, HS-R50–HS-R53).

Free actions never change whose turn it is; each is atomic, which is what keeps the FAQ timing
("pay first, then receive") without any extra bookkeeping.
"""

from __future__ import annotations

from dataclasses import replace

from domain.errors import IllegalMove, NotYourTurn
from domain.games.homesteaders import components as c
from domain.games.homesteaders import payments
from domain.games.homesteaders.moves import CONVERSIONS
from domain.games.homesteaders.state import Player, State

MAX_DEBT_PER_COMMAND = 50


def check_free(state: State, seat: int) -> Player:
    """HS-R60: any seated player, from the start until their final confirmation."""
    player = state.seat(seat)
    if player.done:
        raise NotYourTurn("HS-R60", "you have confirmed your final actions; the game is over for you")
    return player


def hire_worker(state: State, seat: int) -> State:
    player = check_free(state, seat)
    if not player.holds(trade=1, food=1):
        raise IllegalMove("HS-R61", "hiring a worker costs 1 trade token and 1 food")
    player = player.gain(trade=-1, food=-1)
    return state.with_seat(seat, replace(player, workers=player.workers + (player.next_worker_id(seat),)))


def _check_resource(resource: str) -> None:
    if resource not in c.RESOURCES:
        raise IllegalMove("HS-R62", f"{resource!r} is not one of {', '.join(c.RESOURCES)}")


def buy_resource(state: State, seat: int, move: dict) -> State:
    player = check_free(state, seat)
    resource, gold_used = move["resource"], move["gold_used"]
    _check_resource(resource)
    if player.trade < 1:
        raise IllegalMove("HS-R63", "buying costs 1 trade token")
    price = c.RATES[resource]
    if "gold" in price:  # copper and livestock cost exactly 1 gold, whatever gold_used says (HS-R64)
        if player.gold < 1:
            raise IllegalMove("HS-R64", f"{resource} costs exactly 1 gold, and silver cannot replace it")
        player = player.gain(gold=-1)
    else:
        player, _ = payments.pay(player, price["silver"], gold_used, False)
    return state.with_seat(seat, player.gain(trade=-1, **{resource: 1}))


def sale_proceeds(player: Player, resource: str) -> dict[str, int]:
    """What selling one ``resource`` gives (HS-D01, HS-D28): the rate, 1 VP, +1 silver with a General Store."""
    gained = dict(c.RATES[resource])
    gained["vp_tokens"] = 1
    if player.owns("general_store"):
        gained["silver"] = gained.get("silver", 0) + 1
    return gained


def sell_resource(state: State, seat: int, move: dict) -> State:
    player = check_free(state, seat)
    resource = move["resource"]
    _check_resource(resource)
    if not player.holds(trade=1, **{resource: 1}):
        raise IllegalMove("HS-R65", f"selling needs 1 trade token and 1 {resource}")
    player = player.gain(trade=-1, **{resource: -1}).gain(**sale_proceeds(player, resource))
    return state.with_seat(seat, player)


def convert_at_market(state: State, seat: int, move: dict) -> State:
    player = check_free(state, seat)
    if move["conversion"] not in CONVERSIONS:
        raise IllegalMove("HS-R67", "the Market converts wood_to_food or food_to_steel")
    if not player.owns("market"):
        raise IllegalMove("HS-R66", "you do not own a Market")
    source, target = CONVERSIONS[move["conversion"]]
    if not player.holds(trade=1, **{source: 1}):
        raise IllegalMove("HS-R67", f"the conversion needs 1 trade token and 1 {source}")
    return state.with_seat(seat, player.gain(trade=-1, **{source: -1}).gain(**{target: 1}))


def exchange_at_bank(state: State, seat: int) -> State:
    player = check_free(state, seat)
    if not player.owns("bank") or player.trade < 1:
        raise IllegalMove("HS-R68", "the Bank exchange needs the Bank and 1 trade token")
    return state.with_seat(seat, player.gain(trade=-1, silver=1))


def take_debt(state: State, seat: int, move: dict) -> State:
    player = check_free(state, seat)
    count = move["count"]
    if not 1 <= count <= MAX_DEBT_PER_COMMAND:
        raise IllegalMove("HS-R69", f"take between 1 and {MAX_DEBT_PER_COMMAND} debts per command")
    return state.with_seat(seat, player.gain(debt=count, silver=2 * count))


# -- final round (HS-R50–HS-R53, HS-A53) -------------------------------------------------------------


def _check_final(state: State, seat: int, rule: str) -> Player:
    if state.phase != "final_actions":
        raise IllegalMove(rule, "this is possible only in the final round's final actions (HS-D08)")
    player = state.seat(seat)
    if player.done:
        raise NotYourTurn(rule, "you have already confirmed your final actions")
    return player


def pay_off_debt(state: State, seat: int, move: dict) -> State:
    player = _check_final(state, seat, "HS-R50")
    if player.debt < 1:
        raise IllegalMove("HS-R51", "you hold no debt")
    if move["use_gold"]:
        if player.gold < 1:
            raise IllegalMove("HS-R52", "you hold no gold")
        player = player.gain(gold=-1, debt=-1)
    else:
        if player.silver < 5:
            raise IllegalMove("HS-R52", "repaying a debt costs 5 silver")
        player = player.gain(silver=-5, debt=-1)
    return state.with_seat(seat, player)


def confirm_final_actions(state: State, seat: int) -> State:
    player = _check_final(state, seat, "HS-R53")
    state = state.with_seat(seat, replace(player, done=True))
    if all(p.done for p in state.seats):
        return replace(state, phase="over")  # HS-A53, HS-E01
    return state
