"""The games the product hosts, listed explicitly (no import-time registration magic).

To add a game: create its package beside the others (same module names), expose ``GAME`` in
its ``__init__.py``, add it to ``_PRODUCT`` below and to the import-linter contracts.

``register`` adds a game at run time; the test suite uses it for its tiny test-only game,
which the product never lists.
"""

from __future__ import annotations

from domain.errors import UnknownGame
from domain.games.bunny_kingdom import GAME as BUNNY_KINGDOM
from domain.games.fantasy_ranch import GAME as FANTASY_RANCH
from domain.games.game import Game
from domain.games.homesteaders import GAME as HOMESTEADERS
from domain.games.walnut_grove import GAME as WALNUT_GROVE

_PRODUCT: tuple[Game, ...] = (BUNNY_KINGDOM, FANTASY_RANCH, HOMESTEADERS, WALNUT_GROVE)

GAMES: dict[str, Game] = {game.name: game for game in _PRODUCT}


def register(game: Game) -> Game:
    """Make ``game`` playable in this process (plug-ins and tests)."""
    GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The game called ``name``; ``UnknownGame`` lists the ones there are."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r} (known: {known})") from None
