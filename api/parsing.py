"""The blueprint every API route is declared on: flask-smorest's, with an argument parser that
builds each request schema once.

webargs instantiates a schema *class* given to ``@blp.arguments`` on every request (its fields,
their validators, the ``Meta`` options: about 0.6 ms a request on this box). A schema holds no
per-request state (``load`` keeps nothing on the instance), so one instance per class serves every
request; the OpenAPI document is unchanged (it is built from the decorators, not the parser).
"""

from __future__ import annotations

from typing import Any

import flask_smorest
import marshmallow as ma
from flask import request
from webargs.core import missing
from webargs.flaskparser import FlaskParser, is_json_request

from api.body import PARSED


class OnceParser(FlaskParser):
    """webargs' Flask parser, reusing one instance of each schema class it is given."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.schemas: dict[type[ma.Schema], ma.Schema] = {}

    def _get_schema(self, argmap: Any, req: Any) -> ma.Schema:
        if isinstance(argmap, type) and issubclass(argmap, ma.Schema):
            schema = self.schemas.get(argmap)
            if schema is None:
                schema = self.schemas[argmap] = argmap()
            return schema
        return super()._get_schema(argmap, req)


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = OnceParser()


#: The request's reader of each location a lean view loads (webargs' own loaders).
_LOADERS = {"json": "load_json", "query": "load_querystring"}


def load(schema: ma.Schema, location: str = "json") -> Any:
    """``schema`` loaded from the current request's ``location`` ("json" or "query") exactly as
    ``@blp.arguments(schema, location=...)`` loads it, without the decorators around the view.

    Why: the lean path (``api.lean``) calls the route's schemas itself. This is webargs' ``parse``
    step by step, with webargs' own pieces: its loader (a body that is not JSON is "no body", an
    invalid one webargs' 400; a query is its multidict proxy), an empty location as ``{}``, the
    location's ``unknown`` default, and a refusal through webargs' own error handler (the 422
    naming the field, keyed by location as webargs keys it; ``api.errors`` maps it once)."""
    req = request._get_current_object()
    query = None
    if location == "query":
        query = (schema, req.environ.get("QUERY_STRING", ""))
        known = _QUERIES.get(query)
        if known is not None:
            return dict(known)
    parser = Blueprint.ARGUMENTS_PARSER
    held = req.__dict__.get(PARSED) if location == "json" else None
    if held is not None and held[0] is req.get_data(cache=True) and is_json_request(req):
        data = held[1]  # what webargs' load_json would read from these bytes (api.body.PARSED)
    else:
        data = getattr(parser, _LOADERS[location])(req, schema)
    if data is missing:
        data = {}
    unknown = parser.DEFAULT_UNKNOWN_BY_LOCATION.get(location)
    try:
        loaded = schema.load(data, **({"unknown": unknown} if unknown else {}))
    except ma.ValidationError as error:
        error.messages = {location: error.messages}
        parser.handle_error(error, req, schema, error_status_code=None, error_headers=None)
    if query is not None and type(loaded) is dict and _SCALARS.issuperset(map(type, loaded.values())):
        if len(_QUERIES) >= _QUERIES_KEPT:
            _QUERIES.clear()
        _QUERIES[query] = dict(loaded)
    return loaded


#: Query strings already loaded, by schema: ``(schema, QUERY_STRING)`` -> the loaded arguments, when
#: they are all scalars (a copy is returned each time). Why: a client sends the same query on every
#: move (``?legal_moves=true``, or none for the legal moves), and parsing it (werkzeug's ``args``,
#: webargs' proxy, the schema) is a pure function of its text; a refusal is never kept, so it is
#: raised afresh. Bounded: past ``_QUERIES_KEPT`` distinct queries the memory starts over.
_QUERIES: dict[tuple[ma.Schema, str], dict[str, Any]] = {}
_QUERIES_KEPT = 256
_SCALARS = frozenset((str, int, float, bool, type(None)))
