"""Silver payments (spec §5.0, HS-R05–HS-R07; decision HS-D07, HS-D25).

Wages, auction prices, the silver price of a bought resource and debt repayment are paid in
silver, where each gold may stand in for 5 silver without change, but never more gold than the
amount needs. A payment may ask the engine to take the minimum debt covering a silver shortfall.
"""

from __future__ import annotations

from domain.errors import IllegalMove
from domain.games.homesteaders.state import Player


def max_gold(amount: int) -> int:
    """The most gold a payment of ``amount`` silver may use (HS-R06: ⌈A / 5⌉)."""
    return -(-amount // 5)


def pay(player: Player, amount: int, gold_used: int, take_debt: bool) -> tuple[Player, int]:
    """Pay ``amount`` silver with ``gold_used`` gold; return the new player and the debts taken."""
    if gold_used < 0:
        raise IllegalMove("HS-R05", "gold_used cannot be negative")
    if gold_used > max_gold(amount):
        raise IllegalMove(
            "HS-R06", f"paying {amount} silver needs at most {max_gold(amount)} gold; no change is given for gold"
        )
    if gold_used > player.gold:
        raise IllegalMove("HS-R05", f"you hold only {player.gold} gold")
    silver_part = max(0, amount - 5 * gold_used)
    debts = 0
    if silver_part > player.silver:
        short = silver_part - player.silver
        if not take_debt:
            raise IllegalMove("HS-R07", f"you are {short} silver short; take debt first or set take_debt_for_shortfall")
        debts = -(-short // 2)
        player = player.gain(debt=debts, silver=2 * debts)
    return player.gain(silver=-silver_part, gold=-gold_used), debts


def options(player: Player, amount: int) -> list[tuple[int, bool]]:
    """Every legal (gold_used, take_debt_for_shortfall) pair for a payment of ``amount``."""
    result = []
    for gold in range(min(player.gold, max_gold(amount)) + 1):
        if max(0, amount - 5 * gold) <= player.silver:
            result.append((gold, False))
        result.append((gold, True))
    return result
