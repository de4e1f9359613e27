"""Seeded bot games on the pure rules, as the platform plays them, and hidden-information edits."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

from domain.application import bot_decision
from domain.fairness import bot_rng, draw
from domain.games import GAMES
from domain.games.game import Game, walk


def seed_of(*parts: object) -> str:
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()


def positions(game: Game, players: int, seed: str, levels: list[str], limit: int = 100_000) -> Iterator[tuple[int, Any, int]]:
    """Every bot decision of a seeded game as ``(version, state, seat)``; the game then goes on with
    the seat's level's move. Ends when the game is over."""
    return walk(game, game.setup(players, game.resolve_options(players, {})),
                lambda request, n: draw(request, seed, n),
                lambda version, state, seat: bot_decision(game, state, seat, levels[seat], bot_rng(seed, version, seat)),
                limit)


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        yield path
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))
    elif isinstance(value, int) and not isinstance(value, bool):
        yield path


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _variants(value: Any, rng: random.Random) -> list[Any]:
    """Other values a hidden field could have had: another order, cards moved between lists of
    the same shape, another count."""
    if isinstance(value, int):
        return [value + 1, max(0, value - 1)]
    out = []
    if len(value) > 1:
        shuffled = list(value)
        rng.shuffle(shuffled)
        out.append(shuffled)
    if len(value) > 1 and all(isinstance(v, list) for v in value):
        pool = [x for v in value for x in v]
        rng.shuffle(pool)
        moved, at = [], 0
        for v in value:
            moved.append(pool[at : at + len(v)])
            at += len(v)
        out.append(moved)
    return out


def hidden_twin(game: Game, state: Any, seat: int, rng: random.Random) -> tuple[Any, int]:
    """A state whose ``player_view`` and legal moves for ``seat`` are those of ``state`` but whose
    hidden part differs (deck order, other hands, screened holdings...): every edit of the state's
    data that leaves the seat's view and legal moves unchanged, combined. Returns the twin and the
    number of edits kept (0: nothing was hidden from the seat)."""
    view, legal = game.player_view(state, seat), game.legal_moves(state, seat)
    data = json.loads(json.dumps(game.to_dict(state)))  # as stored: tuples read back as lists
    kept = 0
    paths = list(_paths(data))
    rng.shuffle(paths)
    for path in paths:
        try:
            value = _get(data, path)
        except (IndexError, KeyError, TypeError):  # an earlier edit reshaped what held it
            continue
        if not isinstance(value, (int, list)) or isinstance(value, bool):
            continue
        for variant in _variants(value, rng):
            trial = copy.deepcopy(data)
            _set(trial, path, variant)
            if trial == data:
                continue
            try:
                twin = game.from_dict(trial)
                same = game.player_view(twin, seat) == view and game.legal_moves(twin, seat) == legal
            except Exception:  # noqa: BLE001 - an edit the game refuses is no twin
                continue
            if same:
                data, kept = trial, kept + 1
                break
    return game.from_dict(data), kept


#: The games the product hosts (the registry may also hold test-only games).
PRODUCT = tuple(GAMES[name] for name in ("bunny_kingdom", "fantasy_ranch", "homesteaders", "walnut_grove"))
