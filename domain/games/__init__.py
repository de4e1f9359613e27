"""The games the product hosts, listed explicitly (no import-time registration magic).

To add a game: create its package beside the others (same module names), expose ``GAME`` in
its ``__init__.py``, add it to ``_PRODUCT`` below and to the import-linter contracts.

Each game is listed by its newest rules version; ``get_game(name, version)`` finds any earlier
one (``Game.previous``), which tables opened under it replay with forever.

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

#: Every game by name, at its newest rules version (what new tables open under).
GAMES: dict[str, Game] = {}
#: Every rules version of every game: one lookup finds the rules a table was opened under.
_VERSIONS: dict[tuple[str, str], Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` (and each of its earlier rules versions) playable in this process, in
    place of whatever was registered under its name."""
    GAMES[game.name] = game
    for key in [key for key in _VERSIONS if key[0] == game.name]:
        del _VERSIONS[key]
    for version in game.versions():
        _VERSIONS[game.name, version.rules_version] = version
    return game


for _game in _PRODUCT:
    register(_game)


def get_game(name: str, version: str | None = None) -> Game:
    """The game called ``name`` at rules ``version`` (the newest when None); ``UnknownGame``
    names what there is."""
    if version is not None:
        try:  # the path every table event takes (``Table.game``): one lookup
            return _VERSIONS[name, version]
        except (KeyError, TypeError):
            pass
    try:
        game = GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r} (known: {known})") from None
    if version is None:
        return game
    known = ", ".join(v.rules_version for v in game.versions())
    raise UnknownGame(f"{game.title} has no rules version {version!r} (known: {known})")
