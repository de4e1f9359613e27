"""Query strings of the read routes."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.commands import MAX_INT
from domain.table import FINISHED, OPEN, RUNNING

POSITION = {"description": "Read-your-writes: the `position` a command returned; the read waits "
                           "(at most 2 s) until the read models have caught up with it."}


def _position() -> fields.Integer:
    return fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_INT), metadata=POSITION)


class TablesQuery(Schema):
    position = _position()
    status = fields.String(validate=validate.OneOf((OPEN, RUNNING, FINISHED)))
    game = fields.String(validate=validate.Length(min=1, max=64))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))
    after = fields.UUID(load_default=None, metadata={
        "description": "The id of the last table of the previous page: the next page starts after it."})


class VersionQuery(Schema):
    version = fields.Integer(
        load_default=None, validate=validate.Range(min=1, max=MAX_INT),
        metadata={"description": "As the table was right after this version (default: now)."},
    )


class LogQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT),
                           metadata={"description": "Only entries after this version."})
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class ScoresQuery(VersionQuery):
    position = _position()


class PositionQuery(Schema):
    position = _position()


class LogLinesQuery(LogQuery):
    position = _position()
