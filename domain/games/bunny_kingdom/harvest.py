"""The Harvest phase (spec §4.3, §5.8, §6.6): trading post choices, then strength x wealth.

Owners of placed trading posts first choose, secretly and at once, a basic resource for each
(BK-D06); the choices are published together and every seat then scores each of its fiefs.
"""

from __future__ import annotations

import itertools
from typing import Any

from domain.errors import IllegalMove, NotYourTurn
from domain.games.bunny_kingdom.components import BASIC_RESOURCES, COORDS, INDEX
from domain.games.bunny_kingdom.fiefs import fiefs, harvest_value
from domain.games.bunny_kingdom.state import State, put


def trading_posts(state: State, seat: int) -> list[int]:
    """The squares where the seat has a placed trading post."""
    owners = state.owners
    return [
        i
        for i, b in enumerate(state.buildings)
        if owners[i] == seat and b is not None and b.startswith("B-TRADING-POST-")
    ]


def choosers(state: State) -> list[int]:
    """BK-R125: the seats that must choose before the harvest is computed."""
    return [s for s in range(state.players) if trading_posts(state, s)]


def begin(state: State) -> State:
    """BK-R125: open the Harvest, with the trading post step if anyone has a trading post."""
    return state.set(phase="harvest", tp_pending=(None,) * state.players)


def ready(state: State) -> bool:
    return all(state.tp_pending[s] is not None for s in choosers(state))


def choose(state: State, seat: int, move: dict[str, Any]) -> State:
    """BK-R49-R52: store (or replace) the seat's hidden choices."""
    if state.phase != "harvest":
        after = "" if state.phase in ("deal", "exploration", "exploration_done", "construction") else "'s Harvest is over"
        raise IllegalMove("BK-R49", f"no Harvest is open: trading posts are configured during a round's Harvest, "
                                    f"and round {state.round}{after or ' has not reached it'}")
    if move["round"] != state.round:
        raise IllegalMove("BK-R49", f"this is the Harvest of round {state.round}, not of round {move['round']}")
    posts = trading_posts(state, seat)
    if not posts:
        raise NotYourTurn("BK-R49", f"seat {seat} has no trading post on the board")
    choices = move["choices"]
    if sorted(INDEX[c] for c in choices) != posts:
        expected = ", ".join(COORDS[i] for i in posts)
        raise IllegalMove("BK-R50", f"choose a resource for exactly your trading posts: {expected}")
    for resource in choices.values():
        if resource not in BASIC_RESOURCES:
            raise IllegalMove("BK-R51", f"a trading post produces wood, fish or carrot, not {resource!r}")
    pending = tuple(sorted((c, r) for c, r in choices.items()))
    return state.set(tp_pending=put(state.tp_pending, seat, pending))


def choice_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if state.phase != "harvest":
        return []
    posts = [COORDS[i] for i in trading_posts(state, seat)]
    if not posts:
        return []
    return [
        {"type": "choose_trading_posts", "round": state.round, "choices": dict(zip(posts, combo))}
        for combo in itertools.product(BASIC_RESOURCES, repeat=len(posts))
    ]


def reap(state: State) -> State:
    """BK-R126-R129: publish the trading post choices, then every seat harvests its fiefs."""
    trading = state.trading
    for pending in state.tp_pending:
        for coord, resource in pending or ():
            trading = put(trading, INDEX[coord], resource)
    state = state.set(trading=trading, tp_pending=(None,) * state.players)
    harvests = tuple(
        h + (sum(harvest_value(state, f) for f in fiefs(state, seat)),)
        for seat, h in enumerate(state.harvests)
    )
    return state.set(harvests=harvests, phase="round_end")
