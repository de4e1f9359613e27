"""Small state builders for Walnut Grove tests: fixture F3 and hand-made table situations.

Seats are 0-based: the spec's p1, p2, p3, p4 are seats 0, 1, 2, 3 (p1 is ``first_player``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.errors import IllegalMove
from domain.games.walnut_grove import GAME
from domain.games.walnut_grove.components import COIN_VALUES, LANDSCAPE_TILES, PILE_A, PILE_B
from domain.games.walnut_grove.flow import year_order
from domain.games.walnut_grove.rules import STOCKED
from domain.games.walnut_grove.state import Player, WalnutGroveState

P1, P2, P3, P4 = 0, 1, 2, 3


def farmer(
    board: str = "PB1",
    *,
    tiles=(),
    storage: dict | None = None,
    barn=("", "", "", ""),
    active=("y1",),
    **more,
) -> Player:
    """A player; ``storage`` as ``{slot: good}``; the figure waits on the Town Hall unless placed."""
    more.setdefault("place", "town_hall:1")
    return Player(
        board=board,
        tiles=tuple(tiles),
        storage=tuple(sorted((storage or {}).items())),
        barn=tuple(barn),
        active=tuple(active),
        **more,
    )


def f3_players() -> tuple[Player, ...]:
    """Fixture F3 after the start choices: p1 PB1/y1/church:1, p2 PB2/b1/town_hall:1, p3 PB3/y2/church:2."""
    start = {"board:4:1": "wood"}
    return (
        farmer("PB1", barn=("c01", "c02", "", ""), active=("y1",), storage=start, place="church:1"),
        farmer("PB2", barn=("c03", "c04", "", ""), active=("b1",), storage=start, place="town_hall:1"),
        farmer("PB3", barn=("c05", "c06", "", ""), active=("y2",), storage=start, place="church:2"),
    )


def table(
    players: tuple[Player, ...] | None = None,
    *,
    phase: str = "fall",
    year: int = 1,
    disc: str = "A1",
    stock: dict | None = None,
    order: tuple[int, ...] | None = None,
    cursor: int = 0,
    **more,
) -> WalnutGroveState:
    """A running table (default: F3, year 1 fall with disc A1); coins not held are in the bag."""
    players = tuple(players if players is not None else f3_players())
    held = {item for p in players for item in p.barn}
    placed = {t[0] for p in players for t in p.tiles} | {t for p in players for t in p.drawn}
    discs = tuple(d for d in PILE_A + PILE_B if d != disc)
    state = WalnutGroveState(
        players=players,
        phase=phase,
        year=year,
        disc=disc,
        discs=discs[year - 1 :],
        removed_discs=discs[: year - 1],
        tile_bag=tuple(sorted(t for t in LANDSCAPE_TILES if t not in placed)),
        coin_bag=tuple(sorted(c for c in COIN_VALUES if c not in held)),
        stock=tuple((b, tuple((stock or {}).get(b, ()))) for b in STOCKED),
        cursor=cursor,
        **more,
    )
    return replace(state, order=order if order is not None else year_order(state))


def f3_from_setup() -> WalnutGroveState:
    """Fixture F3 reached through the real setup: chance outcomes chosen, start buildings chosen."""
    state = GAME.setup(3, {})
    state = GAME.resolve_chance(state, ["PB1", "PB2", "PB3", "PB4"])
    state = GAME.resolve_chance(state, ["A1", "A2", "A3", "A4"])
    state = GAME.resolve_chance(state, ["B1", "B2", "B3", "B4"])
    for _ in range(3):  # labourers, building tiles, upgrades in their printed order
        state = GAME.resolve_chance(state, list(GAME.chance(state).items))
    state = GAME.play(state, P1, {"type": "choose_start_building", "building": "church"})
    state = GAME.play(state, P2, {"type": "choose_start_building", "building": "town_hall"})
    return GAME.play(state, P3, {"type": "choose_start_building", "building": "church"})


def refused(state: WalnutGroveState, seat: int, move: dict, rule: str) -> IllegalMove:
    """Play an illegal move: it must name ``rule`` and leave the state untouched."""
    before = GAME.to_dict(state)
    with pytest.raises(IllegalMove) as caught:
        GAME.play(state, seat, move)
    assert caught.value.rule == rule, f"expected {rule}, got {caught.value.rule}: {caught.value}"
    assert GAME.to_dict(state) == before
    return caught.value


def barn_of(state: WalnutGroveState, seat: int) -> tuple[str, ...]:
    return state.player(seat).barn


def storage_of(state: WalnutGroveState, seat: int) -> dict[str, str]:
    return dict(state.player(seat).storage)


def fall_turn(destination: str, tolls=(), coins=(), cost=(), **action) -> dict:
    """A ``take_fall_turn`` move; the ``cost`` goods as (good, source, count) triples."""
    return {
        "type": "take_fall_turn",
        "destination": destination,
        "tolls": list(tolls),
        "payment": {
            "coins": list(coins),
            "goods": [{"good": g, "source": s, "count": n} for g, s, n in cost],
        },
        **action,
    }


def tile(tile_id: str, x: int, y: int, rotation: int = 0) -> dict:
    return {"tile_id": tile_id, "x": x, "y": y, "rotation": rotation}


def work(*pairs) -> dict:
    """``place_figures`` from (figure, x, y, quadrant) tuples."""
    return {
        "type": "place_figures",
        "assignments": [{"figure_id": f, "anchor": {"x": x, "y": y, "q": q}} for f, x, y, q in pairs],
    }
