"""Tables: open, list, look up, start, fork."""

from __future__ import annotations

from uuid import UUID

from api import auth, limits, reads, wiring
from api.errors import TokenRequired
from api.openapi import SEAT_TOKEN
from api.parsing import Blueprint
from api.routes.common import receipt, signed
from api.schemas.commands import CommandSchema, ForkSchema, OpenTableSchema
from api.schemas.queries import TablesQuery
from api.schemas.views import ReceiptSchema, SeatReceiptSchema, TableSchema
from domain.errors import DomainError

blp = Blueprint("tables", __name__, url_prefix="/api/tables", description="Open, list, start and fork tables.")


@blp.route("", methods=["POST"])
@blp.arguments(OpenTableSchema)
@blp.response(201, ReceiptSchema)
def open_table(args):
    """Open a table for a game; its secret seed is drawn now."""
    caps, who = limits.caps(), limits.client()
    if caps is not None:
        caps.check_open_tables(who, _status)  # 429 past the cap of tables opened and not started
    r = wiring.tables().open_table(args["game"], args["seats"], args["options"], args["undo_policy"],
                                   command_id=args["command_id"])
    if caps is not None:
        caps.opened(who, r.table_id)
    return receipt(r)


def _status(table_id: UUID) -> str | None:
    try:
        return wiring.tables().summary(table_id)["status"]
    except DomainError:
        return None


@blp.route("", methods=["GET"])
@blp.arguments(TablesQuery, location="query")
@blp.response(200, TableSchema(many=True))
def list_tables(args):
    """List tables, newest first, by status and game; page on with `after`."""
    return reads.list_tables(status=args.get("status"), game=args.get("game"), limit=args["limit"],
                             after=args["after"], position=args["position"])


@blp.route("/<uuid:table_id>", methods=["GET"])
@blp.response(200, TableSchema)
def get_table(table_id: UUID):
    """A table's public facts: game, seats, status, version, whose turn, and the signed head."""
    summary = wiring.tables().summary(table_id)
    return {**summary, "receipt": signed(table_id, summary["version"], summary["head_hash"])}


@blp.route("/<uuid:table_id>/start", methods=["POST"])
@blp.arguments(CommandSchema)
@blp.response(200, ReceiptSchema)
@blp.doc(security=SEAT_TOKEN)
def start(args, table_id: UUID):
    """Start the game once every seat is taken (a seated player's token; none if all seats are bots)."""
    tables = wiring.tables()
    who = auth.viewer(tables, wiring.secret(), table_id)
    table = who.table or tables.table(table_id)
    if who.seat is None and not all(p and p["bot"] for p in table.players):
        raise TokenRequired("starting the game needs a seated player's token")
    with tables.reusing(table):
        return receipt(tables.start(table_id, who.seat, args["command_id"], args["expected_version"]))


@blp.route("/<uuid:table_id>/forks", methods=["POST"])
@blp.arguments(ForkSchema)
@blp.response(201, SeatReceiptSchema)
@blp.doc(security=SEAT_TOKEN)
def fork(args, table_id: UUID):
    """Fork a finished table at a version into a new table with free seats; or, with ``as_seat``
    and that seat's token, branch a running or finished table as the seat knew it (what if): the
    branch starts with you in that seat (its token is in the answer) and bots in the others."""
    tables = wiring.tables()
    seat = args["as_seat"]
    if seat is None:
        return {**receipt(tables.fork(table_id, args["version"], args["command_id"],
                                      rules_version=args["rules_version"])), "token": None}
    secret = wiring.secret()
    who = auth.require_seat(tables, secret, table_id, seat)
    holder = (who.table or tables.table(table_id)).players[seat]
    step = (lambda part: f"{args['command_id']}/{part}") if args["command_id"] else (lambda part: None)
    branch = tables.fork(table_id, args["version"], args["command_id"], as_seat=seat, level=args["level"],
                         by=holder["name"] if holder else None, rules_version=args["rules_version"])
    seated = tables.take_seat(branch.table_id, holder["name"] if holder else f"Seat {seat + 1}", seat,
                              command_id=step("seat"))
    started = tables.start(branch.table_id, seat, step("start"))
    body = receipt(started)
    body.update(seat=seat, duplicate=branch.duplicate,
                token=auth.issue(secret, branch.table_id, seat, seated.version))
    return body
