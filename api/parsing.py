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
from webargs.flaskparser import FlaskParser


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
    parser = Blueprint.ARGUMENTS_PARSER
    data = getattr(parser, _LOADERS[location])(request, schema)
    if data is missing:
        data = {}
    unknown = parser.DEFAULT_UNKNOWN_BY_LOCATION.get(location)
    try:
        return schema.load(data, **({"unknown": unknown} if unknown else {}))
    except ma.ValidationError as error:
        error.messages = {location: error.messages}
        parser.handle_error(error, request, schema, error_status_code=None, error_headers=None)
