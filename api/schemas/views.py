"""Response bodies. Game-specific parts (a view, a move, options) are free-form objects: the
platform is game-agnostic, and each game's ``player_view`` decides what a viewer sees."""

from __future__ import annotations

import json
from itertools import chain
from uuid import UUID

from marshmallow import EXCLUDE, INCLUDE, Schema, ValidationError, fields, post_dump

from api.schemas.record import SignedReceiptSchema  # one schema for every signed receipt (docs/audit.md)


def _free(**kwargs) -> fields.Dict:
    return fields.Dict(keys=fields.String(), **kwargs)


class ErrorSchema(Schema):
    """Every error response has this one shape."""

    error = fields.String(required=True, metadata={"description": "Stable code, e.g. illegal_move."})
    message = fields.String(required=True)
    rule = fields.String(allow_none=True, metadata={"description": "The rule a refused move breaks, e.g. TD-R2."})
    errors = fields.Raw(allow_none=True, metadata={"description": "Field messages for invalid fields."})
    version = fields.Integer(allow_none=True, metadata={"description": "The table's current version (on 409)."})


class SigningKeySchema(Schema):
    algorithm = fields.String(required=True)
    public_key = fields.String(required=True, metadata={"description": "The raw 32-byte Ed25519 key, hex."})
    key_id = fields.String(required=True)


RECEIPT = {"metadata": {"description": "The signed head this answer reflects (docs/audit.md)."}}


def _ints(*values: object) -> bool:
    """Each value a plain int or None (marshmallow's ``Integer`` dumps those unchanged)."""
    return all(v is None or type(v) is int for v in values)


class ReceiptSchema(Schema):
    """A command's answer. ``dump`` has a fast path for the shape the routes build (what
    marshmallow would make of it, without walking the fields: every command answers one)."""

    def dump(self, obj, *, many=None):  # noqa: ANN001, ANN201 - marshmallow's signature
        if not many and type(obj) is dict and obj.keys() == _RECEIPT_KEYS and type(self) is ReceiptSchema and _plain(obj):
            return {**obj, "table_id": str(obj["table_id"]), "receipt": dict(obj["receipt"])}
        return super().dump(obj, many=many)

    table_id = fields.UUID(required=True)
    version = fields.Integer(required=True, metadata={"description": "The table's version after the command."})
    position = fields.Integer(allow_none=True, metadata={"description": "Position in the store's notification log."})
    seat = fields.Integer(allow_none=True)
    duplicate = fields.Boolean(required=True, metadata={"description": "True when command_id had been seen."})
    receipt = fields.Nested(SignedReceiptSchema, required=True, **RECEIPT)


def _plain(obj: dict) -> bool:
    """The receipt fields as the routes build them (what marshmallow would dump unchanged)."""
    return (isinstance(obj["table_id"], UUID) and type(obj["version"]) is int and _ints(obj["position"], obj["seat"])
            and type(obj["duplicate"]) is bool and _signed(obj["receipt"]))


class SeatReceiptSchema(ReceiptSchema):
    token = fields.String(
        allow_none=True,
        metadata={"description": "The seat token (Authorization: Bearer <token>); shown only here. None for a bot."},
    )


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(allow_none=True)
    bot = fields.Boolean(required=True)
    free = fields.Boolean(required=True)
    level = fields.String(allow_none=True, metadata={"description": "A bot seat's level (random, basic, strong); "
                                                                    "null for a person or a free seat."})


class TableSchema(Schema):
    id = fields.UUID(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    options = _free(required=True)
    undo_policy = fields.String(required=True)
    rules_version = fields.String(required=True, metadata={"description": "The rules this table plays, forever "
                                                                       "(unless migrated: docs/operations.md)."})
    rules_label = fields.String(metadata={"description": "Those rules in words, for the header and the lobby."})
    status = fields.String(required=True)
    version = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    to_act = fields.List(fields.Integer(), required=True)
    undo_request = _free(allow_none=True)
    undone = fields.List(fields.List(fields.Integer()), required=True)
    seed_commitment = fields.String(required=True)
    seed = fields.String(allow_none=True, metadata={"description": "Revealed once the game has finished."})
    result = _free(allow_none=True)
    forked_from = _free(allow_none=True)
    head_hash = fields.String(required=True)
    receipt = fields.Nested(SignedReceiptSchema, **RECEIPT)  # on GET /api/tables/{id}, not in lists


class ViewSchema(Schema):
    viewer = fields.Integer(allow_none=True, metadata={"description": "Your seat; null for a spectator."})
    table = fields.Nested(TableSchema, required=True)
    view = _free(allow_none=True, metadata={"description": "The game as this viewer may see it (null before the start)."})
    receipt = fields.Nested(SignedReceiptSchema, required=True, **RECEIPT)


class JsonObjectField(fields.Field):
    """A query parameter holding a JSON object (``?match={"type":"bid"}``)."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            parsed = json.loads(value)
        except (TypeError, ValueError) as error:
            raise ValidationError(f"must be a JSON object: {error}") from error
        if not isinstance(parsed, dict):
            raise ValidationError("must be a JSON object (a partial move)")
        return parsed


class CatalogQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE  # a cache-busting parameter is not an error

    rules_version = fields.String(metadata={"description": "An earlier rules version's catalog (a table pinned "
                                                           "to it reads its own); the newest by default."})


class LegalMovesQuerySchema(Schema):
    match = JsonObjectField(metadata={"description": "A partial move as JSON: only moves agreeing with it "
                                      "(objects by key, lists as a prefix) are listed."})


class LegalMovesSchema(Schema):
    """``dump`` has a fast path for the shape the route builds: the moves are the game's own
    JSON objects (string keys), which marshmallow's free-form ``Dict`` would copy key by key and
    leave as they are; a list of thousands of moves then costs nothing to dump."""

    def dump(self, obj, *, many=None):  # noqa: ANN001, ANN201 - marshmallow's signature
        if (not many and type(obj) is dict and obj.keys() == _LEGAL_KEYS and type(obj["seat"]) is int
                and type(obj["version"]) is int and type(obj["count"]) is int and type(obj["outline"]) is bool
                and type(obj["moves"]) is list
                and _string_keyed_dicts(obj["moves"])):
            return dict(obj)
        return super().dump(obj, many=many)

    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    moves = fields.List(_free(), required=True)
    count = fields.Integer(metadata={"description": "How many legal moves agree with `match` in all."})
    outline = fields.Boolean(metadata={"description": "True when more than 1000 agree: each listed move then "
                                       "has its list fields cut to their first item (distinct first steps); "
                                       "ask again with `match` to get the whole moves through one of them."})


class PlayMoveQuerySchema(Schema):
    """``POST .../moves``' query: whether the answer lists the seat's next legal moves."""

    class Meta:
        unknown = EXCLUDE  # as before this schema: any other parameter is ignored, not refused

    legal_moves = fields.Boolean(load_default=False, metadata={
        "description": "true: the answer's `legal_moves` is this seat's legal moves at the answer's version "
                       "(the document GET .../legal-moves would return then), so a client plays on without "
                       "asking again. Off by default: a client that does not draw the next move pays nothing."})


class MoveReceiptSchema(ReceiptSchema):
    """A move's answer: the receipt, and (asked for with ``?legal_moves=true``) the seat's legal
    moves at the answer's version, beside the signed receipt, never inside it: the signature
    covers the table's head, not what this seat may do next (docs/record.md)."""

    def dump(self, obj, *, many=None):  # noqa: ANN001, ANN201 - marshmallow's signature
        """``ReceiptSchema``'s fast path for both shapes the route builds: the receipt alone (no
        flag: every move of a client that does not ask) and with ``legal_moves`` (dumped by
        ``LegalMovesSchema``'s own fast path)."""
        if not many and type(obj) is dict and (obj.keys() == _RECEIPT_KEYS or obj.keys() == _MOVE_KEYS) and _plain(obj):
            out = {**obj, "table_id": str(obj["table_id"]), "receipt": dict(obj["receipt"])}
            if "legal_moves" in obj and obj["legal_moves"] is not None:
                out["legal_moves"] = _LEGAL.dump(obj["legal_moves"])
            return out
        return super().dump(obj, many=many)

    legal_moves = fields.Nested(LegalMovesSchema, allow_none=True, metadata={
        "description": "Only with `?legal_moves=true`: this seat's legal moves at `version`, exactly what "
                       "GET .../legal-moves (without `match`) answers at that version, computed from the state "
                       "this command saved (`moves` empty when the seat has none: another seat's turn, a "
                       "pending undo vote, the end). null for a duplicate (its version is not the table's "
                       "latest here: ask GET .../legal-moves). Never another seat's moves."})


_RECEIPT_KEYS = {"table_id", "version", "position", "seat", "duplicate", "receipt"}
_MOVE_KEYS = _RECEIPT_KEYS | {"legal_moves"}
_LEGAL = LegalMovesSchema()
_SIGNED_KEYS = {"table", "version", "head", "key_id", "signature"}


def _string_keyed_dicts(moves: list) -> bool:
    """Every item a dict (not a subclass) and every key of each a str (not a subclass): the
    types are gathered in C, a list of hundreds of moves is checked without a Python loop."""
    return set(map(type, moves)) <= {dict} and set(map(type, chain.from_iterable(moves))) <= {str}


def _signed(value: object) -> bool:
    """A signed receipt as ``api.receipts`` makes it: strings and an int version, nothing else."""
    return (type(value) is dict and value.keys() == _SIGNED_KEYS and type(value["version"]) is int
            and all(type(value[k]) is str for k in ("table", "head", "key_id", "signature")))
_LEGAL_KEYS = {"seat", "version", "moves", "count", "outline"}


class PreviewQuerySchema(Schema):
    move = JsonObjectField(required=True, metadata={
        "description": "The move to preview as JSON, whole or its first steps (one tile of two)."})


class PreviewSchema(Schema):
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    preview = _free(required=True, metadata={
        "description": "What the move would make, in the shapes of the seat's own view (the game's "
                       "`preview`; Walnut Grove: `areas` after a spring placement, `production` of a summer)."})


class FactSchema(Schema):
    """One automatic consequence of a move or chance step, as the reader may know it (docs/log.md)."""

    kind = fields.String(required=True, metadata={"description": "What happened: `income paid`, `scores`, ..."})
    rule = fields.String(required=True, metadata={"description": "The rule id that produced it."})
    seats = fields.List(fields.Integer(), required=True)
    amounts = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.Raw()),
                          required=True, metadata={"description": "Per seat (by number): named quantities."})
    components = fields.List(fields.Raw(), required=True)
    text = fields.String(required=True, metadata={"description": "The fact as one sentence for the reader."})


class LogEntrySchema(Schema):
    version = fields.Integer(required=True)
    event = fields.String(required=True)
    seat = fields.Integer(allow_none=True, metadata={"description": "The acting seat; -1 for chance."})
    text = fields.String(required=True)
    action = _free(allow_none=True)
    undone = fields.Boolean(required=True)
    timestamp = fields.String(required=True)
    facts = fields.List(fields.Nested(FactSchema), required=True,
                        metadata={"description": "The automatic consequences of this move or outcome."})


class LogLineSchema(Schema):
    version = fields.Integer(required=True)
    text = fields.String(required=True)
    undone = fields.Boolean(required=True)
    facts = fields.List(fields.String(), metadata={
        "description": "The sentences of this move's facts (docs/log.md), shown under it; absent when it had none."})


class ScoresSchema(Schema):
    totals = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    breakdown = fields.Dict(keys=fields.String(), values=_free(), required=True)
    ranking = fields.List(fields.Integer(), required=True)
    winners = fields.List(fields.Integer(), required=True)
    tiebreak = fields.Dict(keys=fields.String(), values=fields.List(fields.Raw()), required=True)


class ScorePointSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "The table version these totals hold from."})
    totals = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                         metadata={"description": "Each seat's public total (as `/scores` shows it), by seat number."})


class ScoreHistorySchema(Schema):
    table = fields.UUID(required=True)
    points = fields.List(
        fields.Nested(ScorePointSchema), required=True,
        metadata={"description": "The first version of the game, every version where a total changed, and the "
                                 "table's last version, in order; empty before the game starts."},
    )


class CheckSchema(Schema):
    name = fields.String(required=True)
    ok = fields.Boolean(allow_none=True, metadata={"description": "null: not applicable yet."})
    version = fields.Integer(allow_none=True)
    detail = fields.String(required=True)


class AuditRequestSchema(Schema):
    receipts = fields.List(fields.Raw(), load_default=list, metadata={
        "description": "Signed receipts you kept (from any command or read of this table); the audit reports "
                       "a history that no longer holds one (events removed or rewritten)."})


class AuditSchema(Schema):
    ok = fields.Boolean(required=True)
    events = fields.Integer(required=True)
    head_hash = fields.String(required=True)
    first_bad_version = fields.Integer(allow_none=True)
    checks = fields.List(fields.Nested(CheckSchema), required=True)


class OptionSchema(Schema):
    default = fields.Raw(required=True)
    choices = fields.List(fields.Raw(), required=True)
    description = fields.String(required=True)
    applies_when = fields.Dict(keys=fields.String(), values=fields.List(fields.Raw()), required=True, metadata={
        "description": "The other options' values under which this one means anything (empty: always)."})


class RulesVersionSchema(Schema):
    version = fields.String(required=True)
    label = fields.String(required=True, metadata={"description": "The version in words."})


class GameSchema(Schema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    rules_version = fields.String(required=True, metadata={"description": "The newest: new tables open under it."})
    rules_versions = fields.List(fields.Nested(RulesVersionSchema), required=True,
                                 metadata={"description": "Every rules version stored tables play, newest first."})
    options = fields.Dict(keys=fields.String(), values=fields.Nested(OptionSchema), required=True)


class HealthSchema(Schema):
    status = fields.String(required=True)
    checks = fields.Dict(keys=fields.String(), values=fields.String())


class ComponentSchema(Schema):
    """One card, tile, building, horse, square... Game-specific extra fields are kept as they are."""

    class Meta:
        unknown = INCLUDE

    name = fields.String(required=True)
    kind = fields.String(required=True)
    cost = fields.Raw(allow_none=True, metadata={"description": "What it costs, in the game's own terms."})
    points = fields.Raw(allow_none=True, metadata={"description": "Points it scores, or how."})
    effect = fields.String(allow_none=True, metadata={"description": "One line of plain English."})

    @post_dump(pass_original=True)
    def keep_extra_fields(self, data, original, **kwargs):
        """``unknown = INCLUDE`` only applies when loading: a game's extra fields (a tile's shape, a
        building's position) are dumped here as they are."""
        if isinstance(original, dict):
            for key, value in original.items():
                data.setdefault(key, value)
        return data


class CatalogSchema(Schema):
    """A game's public static data: the one dictionary a client draws and explains the game from."""

    class Meta:
        unknown = INCLUDE

    game = fields.String(required=True)
    rules_version = fields.String(required=True)
    components = fields.Dict(keys=fields.String(), values=fields.Nested(ComponentSchema), required=True,
                             metadata={"description": "Every component by the id views and moves use."})
    terms = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                        metadata={"description": "Readable names for ids that are not components: score "
                                  "sources, move types, phases, resources."})
    board = _free(required=True, metadata={"description": "Board geometry (game-specific)."})
    tracks = fields.List(_free(), required=True)
    seat_colours = fields.List(_free(), metadata={"description": "The game's player colours, seat order."})
