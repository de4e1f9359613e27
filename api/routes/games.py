"""The games this server hosts, with their seat counts and options."""

from __future__ import annotations

from flask_smorest import Blueprint

from api.schemas.views import GameSchema
from domain.games import GAMES

blp = Blueprint("games", __name__, url_prefix="/api/games", description="The games a table can be opened for.")


@blp.route("", methods=["GET"])
@blp.response(200, GameSchema(many=True))
def list_games():
    """List the games, their seat counts and options."""
    return [
        {
            "name": g.name, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
            "rules_version": g.rules_version,
            "options": {k: {"default": o.default, "choices": list(o.choices), "description": o.description}
                        for k, o in g.options.items()},
        }
        for g in sorted(GAMES.values(), key=lambda g: g.name)
    ]
