"""Small state builders and assertions for Fantasy Ranch tests.

Scenario states are built directly (``table``) rather than played up to, so each test shows
only the situation its scenario describes. Seats take colours in order (FR-R001): 0 Yellow,
1 Red, 2 Blue, 3 Purple; where a scenario names Purple at a 2-player table, Purple sits in
seat 1 (colours are cosmetic, FR-D35).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from domain.errors import IllegalMove
from domain.games.fantasy_ranch import GAME
from domain.games.fantasy_ranch.components import BOARDS, HORSES
from domain.games.fantasy_ranch.state import HOLDING, State

YELLOW, RED, BLUE, PURPLE = 0, 1, 2, 3
EX1 = ((2, 5), (1, 4))  # §9 reference layout, 2-3 players
EX2 = ((3, 6, 2), (1, 5, 4))  # §9 reference layout, 4 players
TC_SKILL_ORDER = ("TC01", "TC15", "TC09", "TC11", "TC07", "TC05", "TC13", "TC03")  # printed skills T1..T8


def table(
    level: int = 1,
    players: int = 2,
    *,
    phase: str = "turn",
    round: int = 1,
    start: int = 0,
    cursor: int = 0,
    goods: dict[int, tuple[int, int]] | None = None,
    horses: dict[str, tuple[int, str]] | None = None,
    owners: dict[str, int] | None = None,
    ranches: dict[int, tuple[int, str]] | None = None,
    grid: tuple = (),
    market: tuple | None = None,
    deck: tuple | None = None,
    employees: dict[int, str] | None = None,
    upgrades: dict[str, dict[int, int]] | None = None,
    **fields: Any,
) -> State:
    """A state in the middle of a game: only what the test names, sensible rest.

    ``horses`` maps card -> (seat, place); ``ranches`` seat -> (board, side) [L1 L2] and makes
    each chosen home owned; ``market`` defaults to eight cards nobody holds and ``deck`` to
    the rest in id order.
    """
    n = players
    horses = dict(horses or {})
    owners = dict(owners or {})
    ranch_list: list = [None] * n
    for seat, (board, side) in (ranches or {}).items():
        ranch_list[seat] = (board, side)
        owners.setdefault(BOARDS[board, side].home, seat)
    used = set(horses) | set(fields.get("tessa", ()))
    if market is None:
        market = tuple(c for c in sorted(HORSES, reverse=True) if c not in used and c not in (deck or ()))[:8]
    used |= {c for c in market if c}
    if deck is None:
        deck = tuple(c for c in sorted(HORSES) if c not in used and c not in fields.get("discard", ()))
    goods_list = [(4, 4)] * n
    for seat, g in (goods or {}).items():
        goods_list[seat] = g
    ups = {loc: tuple(per.get(s, 0) for s in range(n)) for loc, per in (upgrades or {}).items()}
    base: dict[str, Any] = dict(
        players=n,
        level=level,
        side="B",
        phase=phase,
        round=round,
        start=start,
        cursor=cursor,
        goods=tuple(goods_list),
        horses=tuple(sorted((c, s, p) for c, (s, p) in horses.items())),
        horse_deck=tuple(deck),
        market=tuple(market),
        ranches=tuple(ranch_list),
        grid=grid,
        owners=tuple(sorted(owners.items())),
        upgrades=tuple(sorted(ups.items())),
        hands=((),) * n,
        picks=((),) * n,
        step_picks=(None,) * n,
        seen=((),) * n,
        pending_fate=((),) * n,
        kept_fate=((),) * n,
        display=(None,) * 4 if level == 3 else (),
        employees=tuple((employees or {}).get(s) for s in range(n)),
        tournament_cards=TC_SKILL_ORDER if level == 3 else (),
    )
    base.update(fields)
    return State(**base)


def listed(move: Any, legal: list[dict]) -> bool:
    """Type-strict membership (``True == 1`` in Python, not in JSON)."""
    key = json.dumps(move, sort_keys=True)
    return any(json.dumps(m, sort_keys=True) == key for m in legal)


def play(state: State, seat: int, move: dict) -> State:
    """Play a move that must be legal: it is listed by ``legal_moves`` and accepted."""
    assert listed(move, GAME.legal_moves(state, seat)), f"{move} is not listed as legal for seat {seat}"
    return GAME.play(state, seat, move)


def refused(state: State, seat: int, move: Any, rule: str) -> IllegalMove:
    """The move is refused citing ``rule`` (exactly), it is not listed, and the state is unchanged."""
    before = copy.deepcopy(GAME.to_dict(state))
    with pytest.raises(IllegalMove) as caught:
        GAME.play(state, seat, move)
    assert caught.value.rule == rule, f"expected {rule}, got {caught.value.rule}: {caught.value}"
    assert GAME.to_dict(state) == before
    if isinstance(move, dict) and isinstance(seat, int) and 0 <= seat < state.players:
        assert not listed(move, GAME.legal_moves(state, seat))
    return caught.value


def roll(state: State, dice: list[int]) -> State:
    """Chance rolls exactly these dice (in entry order of the rolling group)."""
    request = GAME.chance(state)
    assert request.kind == "roll" and request.count == len(dice), request
    return GAME.resolve_chance(state, dice)


def place_of(state: State, card: str) -> str | None:
    return next((p for c, _, p in state.horses if c == card), None)


def owner_of_horse(state: State, card: str) -> int | None:
    return next((o for c, o, _ in state.horses if c == card), None)


def owner(state: State, location: str) -> int | None:
    return dict(state.owners).get(location)


def tokens(state: State, location: str) -> tuple[int, ...]:
    return dict(state.upgrades).get(location, (0,) * state.players)


def move(card: str, destination: str) -> dict:
    return {"type": "move_horse", "card_id": card, "destination": destination}


__all__ = ["HOLDING"]
