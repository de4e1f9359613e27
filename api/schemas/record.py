"""The game record's body (docs/record.md): marshmallow keeps the OpenAPI document and the answer one."""

from __future__ import annotations

from marshmallow import Schema, fields


def _free(**kwargs) -> fields.Dict:
    return fields.Dict(keys=fields.String(), **kwargs)


class RecordEventSchema(Schema):
    version = fields.Integer(required=True)
    event = fields.String(required=True, metadata={"description": "The event's name, e.g. MovePlayed."})
    timestamp = fields.String(required=True, metadata={"description": "When it was recorded (ISO 8601, UTC)."})
    prev_hash = fields.String(required=True, metadata={"description": "The previous event's digest (64 zeros first)."})
    digest = fields.String(required=True, metadata={"description": "SHA-256 over the event (docs/record.md)."})
    redacted = fields.Boolean(required=True, metadata={
        "description": "True when the payload would tell this reader something hidden from them (before the end "
                       "only): the payload is left out, the chain fields stay."})
    payload = _free(metadata={"description": "The event's recorded fields, exactly as hashed (absent when redacted)."})


class RecordSeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(allow_none=True)
    bot = fields.Boolean(required=True)


class RecordHeadSchema(Schema):
    version = fields.Integer(required=True)
    digest = fields.String(required=True)


class SignedReceiptSchema(Schema):
    table = fields.String(required=True)
    version = fields.Integer(required=True)
    head = fields.String(required=True, metadata={"description": "The digest of event `version`."})
    key_id = fields.String(required=True, metadata={"description": "First 16 hex digits of SHA-256 of the public key."})
    signature = fields.String(required=True, metadata={
        "description": "Ed25519 signature (hex) of the canonical JSON of {head, table, version}."})


class RecordSchema(Schema):
    format = fields.String(required=True, metadata={"description": "Always `tabletop-record`."})
    format_version = fields.Integer(required=True, metadata={"description": "1 (docs/record.md)."})
    table = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    options = _free(required=True)
    undo_policy = fields.String(required=True)
    rules_version = fields.String(required=True)
    rules_label = fields.String(metadata={"description": "The rules version in words."})
    seats = fields.List(fields.Nested(RecordSeatSchema), required=True)
    forked_from = _free(allow_none=True)
    chain_format = fields.Integer(required=True, metadata={"description": "1: digests without timestamps; 2: with."})
    seed_commitment = fields.String(required=True)
    finished = fields.Boolean(required=True)
    viewer = fields.Integer(allow_none=True, metadata={
        "description": "Whose redacted view this is before the end (null: a spectator's, or the whole record)."})
    events = fields.List(fields.Nested(RecordEventSchema), required=True)
    seed = fields.String(allow_none=True, metadata={"description": "The seed, once the game has finished."})
    result = _free(allow_none=True)
    head = fields.Nested(RecordHeadSchema, required=True)
    receipt = fields.Nested(SignedReceiptSchema, allow_none=True, metadata={
        "description": "The server's signature over the head, when the server signs."})
