"""Seats: take one (its token is returned once), leave it, play its moves, list its legal moves, preview one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from flask import Response, request

from api import auth, parsing, wiring
from api.errors import BodyRequired
from api.legal_narrowing import narrow
from api.openapi import SEAT_TOKEN
from api.parsing import Blueprint
from api.routes.common import acting_for, json_answer, receipt
from api.schemas.commands import CommandSchema, PlayMoveSchema, TakeSeatSchema
from api.schemas.views import (
    LegalMovesQuerySchema,
    LegalMovesSchema,
    MoveReceiptSchema,
    PlayMoveQuerySchema,
    PreviewQuerySchema,
    PreviewSchema,
    ReceiptSchema,
    SeatReceiptSchema,
)

if TYPE_CHECKING:
    from domain.application import Tables
    from domain.table import Table

blp = Blueprint("seats", __name__, url_prefix="/api/tables/<uuid:table_id>/seats",
                description="Take a seat, play for it, leave it.")


@blp.route("", methods=["POST"])
@blp.arguments(TakeSeatSchema)
@blp.response(201, SeatReceiptSchema)
def take_seat(args, table_id: UUID):
    """Take a seat; the answer holds the seat token, shown only here. A bot seat (``bot: true``)
    plays at ``level`` (random, basic or strong; default basic) and gets no token."""
    r = wiring.tables().take_seat(table_id, args["name"], args["seat"], args["bot"], args["command_id"],
                                  args["expected_version"], level=args["level"])
    body = receipt(r)
    # The seat's SeatTaken event is at r.version, first attempt or retry alike.
    body["token"] = None if args["bot"] else auth.issue(wiring.secret(), table_id, r.seat, r.version)
    return body


@blp.route("/<int:seat>/leave", methods=["POST"])
@blp.arguments(CommandSchema)
@blp.response(200, ReceiptSchema)
@blp.doc(security=SEAT_TOKEN)
def leave(args, table_id: UUID, seat: int):
    """Leave your seat: before the start it is freed; during play a bot takes it over. Needs a JSON
    body (``{}`` at least), like every other seat command: a bare POST never gives a seat away."""
    with acting_for(table_id, seat, command=True) as (tables, _):
        if not request.get_data(cache=True):
            raise BodyRequired("leaving needs a JSON body ({} at least, or a command_id)",
                               {"_schema": ["a JSON body is required"]})
        return receipt(tables.leave(table_id, seat, args["command_id"], args["expected_version"]))


@blp.route("/<int:seat>/moves", methods=["POST"])
@blp.arguments(PlayMoveSchema)
@blp.arguments(PlayMoveQuerySchema, location="query", as_kwargs=True)
@blp.response(200, MoveReceiptSchema)
@blp.doc(security=SEAT_TOKEN)
def play_move(args, table_id: UUID, seat: int, legal_moves: bool = False):
    """Play a move for your seat; dice, shuffles and bots then act in the same save. With
    ``?legal_moves=true`` the answer also lists your seat's legal moves at its version (as GET
    ``.../legal-moves`` would), so the next move needs no second request."""
    answer = play(args, table_id, seat, legal_moves)
    if not legal_moves:
        return answer  # through the schema and Flask's provider, byte for byte as before the flag
    return json_answer(_MOVE_RECEIPT.dump(answer))  # what the decorator would send, encoded faster


def play(args: dict[str, Any], table_id: UUID, seat: int, legal_moves: bool) -> dict[str, Any]:
    """The move's answer (before its schema): what ``play_move`` and its lean view both send."""
    with acting_for(table_id, seat, command=True) as (tables, _):
        r = tables.play_move(table_id, seat, args["move"], args["command_id"], args["expected_version"])
        body = receipt(r)
        if legal_moves:
            body["legal_moves"] = None if r.table is None else moves_answer(tables, r.table, seat)
        return body


def lean_play_move(table_id: UUID, seat: int) -> Response:
    """``play_move`` on the lean path (``api.lean``): the same schemas, loaded in the decorators'
    order (the body, then the query), the same answer; orjson's bytes are the provider's
    (``json_answer``), flagged or not."""
    args = parsing.load(_PLAY_MOVE, "json")
    legal_moves = parsing.load(_PLAY_MOVE_QUERY, "query")["legal_moves"]
    return json_answer(_MOVE_RECEIPT.dump(play(args, table_id, seat, legal_moves)))


#: The move answer's schema, as ``@blp.response`` dumps it (``play_move`` encodes the flagged answer itself),
#: and the request's, loaded by the lean view.
_MOVE_RECEIPT = MoveReceiptSchema()
_PLAY_MOVE = PlayMoveSchema()
_PLAY_MOVE_QUERY = PlayMoveQuerySchema()


def moves_answer(tables: Tables, table: Table, seat: int, match: dict | None = None) -> dict[str, Any]:
    """``seat``'s legal-moves document in ``table`` as the caller holds it: what GET
    ``.../legal-moves`` sends and what a move's answer carries (``?legal_moves=true``, from the
    table that command saved), one code for both so they never differ. Only ever the seat the
    route was called for, the one its token was checked for."""
    return {"seat": seat, "version": table.version, **narrow(tables.legal_moves_in(table, seat), match)}


@blp.route("/<int:seat>/legal-moves", methods=["GET"])
@blp.arguments(LegalMovesQuerySchema, location="query")
@blp.response(200, LegalMovesSchema)
@blp.doc(security=SEAT_TOKEN)
def legal_moves(args, table_id: UUID, seat: int):
    """Every move your seat may play now (empty when none); ``match`` keeps those agreeing with a
    partial move, and a list longer than 1000 is sent as its distinct first steps (``outline``)."""
    return legal(args, table_id, seat)


def legal(args: dict[str, Any], table_id: UUID, seat: int) -> dict[str, Any]:
    """The legal-moves answer (before its schema), for ``legal_moves`` and its lean view."""
    with acting_for(table_id, seat) as (tables, table):
        return moves_answer(tables, table, seat, args.get("match"))


def lean_legal_moves(table_id: UUID, seat: int) -> Response:
    """``legal_moves`` on the lean path (``api.lean``): its query schema loaded directly, the
    answer dumped by its schema and encoded as the provider would (``json_answer``)."""
    return json_answer(_LEGAL_MOVES.dump(legal(parsing.load(_LEGAL_MOVES_QUERY, "query"), table_id, seat)))


_LEGAL_MOVES = LegalMovesSchema()
_LEGAL_MOVES_QUERY = LegalMovesQuerySchema()

#: The endpoints the lean path serves (``api.lean``), and the views serving them there.
LEAN = {"seats.play_move": lean_play_move, "seats.legal_moves": lean_legal_moves}


@blp.route("/<int:seat>/preview", methods=["GET"])
@blp.arguments(PreviewQuerySchema, location="query")
@blp.response(200, PreviewSchema)
@blp.doc(security=SEAT_TOKEN)
def preview(args, table_id: UUID, seat: int):
    """What a move (or its first steps) would make for your seat, before you play it; nothing is
    recorded. Refused like the move itself (422 naming the rule); 404 when the game has no preview."""
    with acting_for(table_id, seat) as (tables, table):
        return {"seat": seat, "version": table.version, "preview": tables.preview(table_id, seat, args["move"])}
