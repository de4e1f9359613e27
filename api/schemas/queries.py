"""Query strings of the read routes."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.commands import MAX_INT
from domain.table import FINISHED, OPEN, RUNNING


class TablesQuery(Schema):
    status = fields.String(validate=validate.OneOf((OPEN, RUNNING, FINISHED)))
    game = fields.String(validate=validate.Length(min=1, max=64))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class VersionQuery(Schema):
    version = fields.Integer(
        load_default=None, validate=validate.Range(min=1, max=MAX_INT),
        metadata={"description": "As the table was right after this version (default: now)."},
    )


class LogQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT),
                           metadata={"description": "Only entries after this version."})
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
