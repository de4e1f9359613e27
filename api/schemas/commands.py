"""Request bodies of the commands. Unknown fields are refused (marshmallow's default ``RAISE``).

Integers are bounded so no store ever sees a number it cannot hold; text is printable so no
store ever sees a control character (PostgreSQL refuses NUL in text).
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.schemas import strict
from domain.games.game import BOT_LEVELS, DEFAULT_BOT_LEVEL
from domain.table import UNDO_POLICIES

MAX_INT = 2**31 - 1
PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f]*$", error="must not contain control characters")


def _version(**kwargs) -> strict.Integer:
    return strict.Integer(validate=validate.Range(min=1, max=MAX_INT), **kwargs)


def _command_id() -> fields.String:
    return fields.String(
        load_default=None, allow_none=True, validate=[validate.Length(min=1, max=128), PRINTABLE],
        metadata={"description": "Idempotency key: a retry with the same id returns the first result."},
    )


class CommandSchema(Schema):
    """What every command may carry: an idempotency key and the version the client last saw."""

    command_id = _command_id()
    expected_version = _version(
        load_default=None, allow_none=True,
        metadata={"description": "Refuse (409) unless the table is at exactly this version."},
    )


class OpenTableSchema(Schema):
    game = fields.String(required=True, validate=validate.Length(min=1, max=64), metadata={"example": "bunny_kingdom"})
    seats = strict.Integer(required=True, validate=validate.Range(min=1, max=64), metadata={"example": 4})
    options = fields.Dict(keys=fields.String(), load_default=dict, metadata={"description": "Game options."})
    undo_policy = fields.String(load_default="consent", validate=validate.OneOf(UNDO_POLICIES))
    command_id = _command_id()


class TakeSeatSchema(CommandSchema):
    name = fields.String(required=True, validate=[validate.Length(min=1, max=40), PRINTABLE])
    seat = strict.Integer(load_default=None, allow_none=True, validate=validate.Range(min=0, max=63),
                          metadata={"description": "The seat wanted (default: the first free one)."})
    bot = strict.Boolean(load_default=False, metadata={"description": "Seat a bot (no token is returned)."})
    level = fields.String(
        load_default=None, allow_none=True,
        validate=validate.OneOf(BOT_LEVELS, error="must be one of: {choices}"),
        metadata={"description": f"A bot's level, weakest first: {', '.join(BOT_LEVELS)} "
                                 f"(default {DEFAULT_BOT_LEVEL}). Only with bot: true.",
                  "example": "strong"},
    )

    @validates_schema
    def _level_needs_bot(self, data, **kwargs):
        if data.get("level") is not None and not data.get("bot"):
            raise ValidationError("a level is only for a bot seat (send bot: true)", "level")


class PlayMoveSchema(CommandSchema):
    move = fields.Dict(
        keys=fields.String(), required=True,
        metadata={"description": "The move as the game defines it (one of the seat's legal moves); "
                                 "the game checks it (422 with the rule id).",
                  "example": {"type": "submit_pick", "round": 1, "pick": 1, "play": ["T-A8"], "discard": "T-B2"}},
    )


class RequestUndoSchema(CommandSchema):
    to_version = _version(required=True, metadata={"description": "Take the table back to this version."})


class VoteUndoSchema(CommandSchema):
    approve = strict.Boolean(required=True)


class ForkSchema(Schema):
    version = _version(required=True, metadata={"description": "The version to branch from (a finished table's, "
                                                               "or with as_seat any version inside the game)."})
    as_seat = strict.Integer(
        load_default=None, allow_none=True, validate=validate.Range(min=0, max=63),
        metadata={"description": "What if: branch as this seat knew the game at that version (its token in "
                                 "Authorization). Everything hidden from the seat is drawn afresh; the seat is "
                                 "yours in the branch (its token is in the answer) and the others are bots."})
    level = fields.String(
        load_default=None, allow_none=True,
        validate=validate.OneOf(BOT_LEVELS, error="must be one of: {choices}"),
        metadata={"description": f"With as_seat: the other seats' bot level ({', '.join(BOT_LEVELS)}; "
                                 f"default {DEFAULT_BOT_LEVEL})."})
    rules_version = fields.String(load_default=None, metadata={
        "description": "The rules the new table plays (GET /api/games lists them); the newest by default, so a "
                       "table pinned to older rules goes on under the newest."})
    command_id = _command_id()
