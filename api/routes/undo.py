"""Undo: ask to take the table back to a version, and vote on another seat's request."""

from __future__ import annotations

from uuid import UUID

from api.openapi import SEAT_TOKEN
from api.parsing import Blueprint
from api.routes.common import acting_for, receipt
from api.schemas.commands import RequestUndoSchema, VoteUndoSchema
from api.schemas.views import ReceiptSchema

blp = Blueprint("undo", __name__, url_prefix="/api/tables/<uuid:table_id>/seats/<int:seat>/undo",
                description="Request an undo and vote on one.")


@blp.route("", methods=["POST"])
@blp.arguments(RequestUndoSchema)
@blp.response(200, ReceiptSchema)
@blp.doc(security=SEAT_TOKEN)
def request_undo(args, table_id: UUID, seat: int):
    """Ask to go back to a version; immediate if only your own moves are undone, else put to a vote."""
    with acting_for(table_id, seat, command=True) as (tables, _):
        return receipt(tables.request_undo(table_id, seat, args["to_version"], args["command_id"], args["expected_version"]))


@blp.route("/votes", methods=["POST"])
@blp.arguments(VoteUndoSchema)
@blp.response(200, ReceiptSchema)
@blp.doc(security=SEAT_TOKEN)
def vote_undo(args, table_id: UUID, seat: int):
    """Approve or reject the pending undo (the requester may withdraw it)."""
    with acting_for(table_id, seat, command=True) as (tables, _):
        return receipt(tables.vote_undo(table_id, seat, args["approve"], args["command_id"], args["expected_version"]))
