"""The games this server hosts, with their seat counts, options and component catalogs."""

from __future__ import annotations

import hashlib
import json

from flask import request
from werkzeug.exceptions import NotFound

from api.parsing import Blueprint
from api.schemas.views import CatalogQuerySchema, CatalogSchema, ErrorSchema, GameSchema
from domain.errors import UnknownGame
from domain.games import GAMES, get_game

blp = Blueprint("games", __name__, url_prefix="/api/games", description="The games a table can be opened for.")


@blp.route("", methods=["GET"])
@blp.response(200, GameSchema(many=True))
def list_games():
    """List the games, their seat counts and options."""
    return [
        {
            "name": g.name, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
            "rules_version": g.rules_version,
            "rules_versions": [v.rules_description() for v in g.versions()],
            "options": {k: {"default": o.default, "choices": list(o.choices), "description": o.description,
                            "applies_when": {name: list(values) for name, values in o.applies_when.items()}}
                        for k, o in g.options.items()},
        }
        for g in sorted(GAMES.values(), key=lambda g: g.name)
    ]


_CATALOGS: dict[tuple[str, str | None], tuple[str, dict]] = {}


def catalog_of(name: str, version: str | None = None) -> tuple[str, dict]:
    """The game's catalog at rules ``version`` (the newest when None: a pinned table's page asks
    for its own) and its ETag (rules version + content digest), built once per process."""
    if (name, version) not in _CATALOGS:
        if name not in GAMES:
            raise NotFound(f"no game named {name!r}; GET /api/games lists them")
        try:
            game = get_game(name, version)
        except UnknownGame as error:
            raise NotFound(str(error)) from None
        body = {"game": game.name, "rules_version": game.rules_version, "components": {}, "terms": {},
                "board": {}, "tracks": []}
        body.update(game.catalog())
        body["game"], body["rules_version"] = game.name, game.rules_version
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]
        _CATALOGS[name, version] = (f'"{game.rules_version}-{digest}"', body)
    return _CATALOGS[name, version]


@blp.route("/<string:game>/components", methods=["GET"])
@blp.arguments(CatalogQuerySchema, location="query")
@blp.response(200, CatalogSchema)
@blp.alt_response(304, description="Not modified: the catalog matches If-None-Match.")
@blp.alt_response(404, schema=ErrorSchema, description="No game of that name (the message names it).")
def components(args, game: str):
    """The game's component catalog: names, costs, points, effects, board geometry, tracks (cacheable).
    ``?rules_version=`` gives an earlier rules version's (a pinned table's); the newest by default."""
    etag, body = catalog_of(game, args.get("rules_version") or None)
    headers = {"ETag": etag, "Cache-Control": "public, max-age=300, must-revalidate"}
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        return "", 304, headers
    return body, 200, headers
