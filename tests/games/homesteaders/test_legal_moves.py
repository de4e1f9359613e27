"""``legal_moves`` is exact: over seeded bot games, every listed move is accepted by ``play`` and
moves outside the list (mutated fields, other types, other seats' moves) are refused with an
``IllegalMove`` naming a spec rule, leaving the state unchanged (HS-R03, HS-R60)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from domain.errors import IllegalMove
from domain.games.game import CHANCE
from domain.games.homesteaders import GAME
from domain.games.homesteaders.legal import free_moves, phase_moves
from domain.games.homesteaders.moves import SHAPES, canonical

from .walk import COMBINATIONS, SEEDS, walk

RULE_ID = re.compile(r"^HS-(R|SET-)\d+$")
EVERY = 2  # check every other state of a game


def _templates() -> list[dict[str, Any]]:
    """One plausible move of every type, for asking seats about commands not currently open."""
    sample = {int: 1, str: "wood", bool: False}
    return [{"type": t, **{f: sample[k] for f, k in fields.items()}} for t, (_, fields) in SHAPES.items()]


def mutations(move: dict[str, Any], rng: random.Random) -> list[Any]:
    """Variants of a legal move: each field changed, dropped or joined by an extra field."""
    out: list[Any] = [{**move, "extra": 1}, {**move, "type": move["type"].upper()}]
    for name, value in move.items():
        if name == "type":
            continue
        out.append({k: v for k, v in move.items() if k != name})
        if isinstance(value, bool):
            out += [{**move, name: not value}, {**move, name: int(value)}]
        elif isinstance(value, int):
            out += [{**move, name: value + rng.choice((1, -1, 7, 100))}, {**move, name: str(value)}, {**move, name: None}]
        else:
            out += [{**move, name: value + "#9"}, {**move, name: "gold"}, {**move, name: 3}, {**move, name: [value]}]
    return out


def assert_refused(state, seat: int, move: Any) -> None:
    """Refused with a rule id (the caller checks once per state that nothing changed)."""
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, seat, move)
    assert RULE_ID.match(info.value.rule), f"{move} refused without a rule id: {info.value.rule!r}"


@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize(("players", "options"), COMBINATIONS, ids=lambda v: str(v))
def test_legal_moves_are_exactly_the_accepted_moves(players, options, seed):
    rng = random.Random(seed)
    accepted = refused = 0
    for index, (state, actor, _, _) in enumerate(walk(players, options, seed)):
        if actor == CHANCE:
            assert all(GAME.legal_moves(state, s) == [] for s in range(players))
            continue
        if index % EVERY:
            continue
        snapshot = GAME.to_dict(state)
        for seat in range(players):
            legal = GAME.legal_moves(state, seat)
            assert legal == phase_moves(state, seat) + free_moves(state, seat)
            assert bool(phase_moves(state, seat)) == (seat in GAME.to_act(state))
            free = [m for m in legal if m["type"] in ("take_debt",)]
            checked = [m for m in legal if m not in free] + rng.sample(free, min(3, len(free)))
            for move in checked:
                GAME.play(state, seat, move)
                accepted += 1
            candidates = [m for move in rng.sample(checked, min(4, len(checked))) for m in mutations(move, rng)]
            candidates += _templates()
            candidates += [m for other in range(players) if other != seat for m in phase_moves(state, other)]
            for move in candidates:
                if move in legal:
                    continue
                if canonical(move) in legal:  # a listed move with optional fields left out (or ignored)
                    GAME.play(state, seat, move)
                    accepted += 1
                else:
                    assert_refused(state, seat, move)
                    refused += 1
        assert GAME.to_dict(state) == snapshot, "a move changed the state it was played on"
    assert accepted > 100 and refused > 300  # the walk really exercised both directions


def test_take_debt_is_listed_for_every_allowed_count():
    """HS-R69: the 50 allowed counts, and only those."""
    from .helpers import new_game

    state = new_game(3)
    counts = [m["count"] for m in GAME.legal_moves(state, 0) if m["type"] == "take_debt"]
    assert counts == list(range(1, 51))
