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
