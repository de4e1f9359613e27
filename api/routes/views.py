"""What a viewer may read: the view now or at a version, the event log, the sentences, scores, audit.

Each route reads the seat from the bearer token; without one the answer is the spectator's.
"""

from __future__ import annotations

from uuid import UUID

from api import reads, wiring
from api.errors import InvalidReceipt
from api.parsing import Blueprint
from api.routes.common import reading, signed, signed_latest
from api.schemas.queries import LogLinesQuery, LogQuery, PositionQuery, ScoresQuery, VersionQuery
from api.schemas.views import (
    AuditRequestSchema,
    AuditSchema,
    LogEntrySchema,
    LogLineSchema,
    ScoreHistorySchema,
    ScoresSchema,
    ViewSchema,
)

blp = Blueprint("views", __name__, url_prefix="/api/tables/<uuid:table_id>",
                description="Views, logs, scores and the audit, filtered for the viewer (seat token or spectator).")

VIEWER = {"description": "Send a seat token (Authorization: Bearer) to read as that seat; without one, as a spectator."}


@blp.route("/view", methods=["GET"])
@blp.arguments(VersionQuery, location="query")
@blp.response(200, ViewSchema)
@blp.doc(**VIEWER)
def view(args, table_id: UUID):
    """My view of the table (or the spectator's), now or at a version."""
    with reading(table_id) as (tables, seat):
        found = tables.view(table_id, seat, args["version"])
        return {"viewer": seat, **found, "receipt": signed(table_id, found["table"]["version"], found["table"]["head_hash"])}


@blp.route("/events", methods=["GET"])
@blp.arguments(LogQuery, location="query")
@blp.response(200, LogEntrySchema(many=True))
@blp.doc(**VIEWER)
def events(args, table_id: UUID):
    """The event log as I may see it, after a version."""
    with reading(table_id) as (tables, seat):
        entries = [e.to_dict() for e in tables.log(table_id, seat, after=args["after"], limit=args["limit"])]
        signed_latest(table_id)  # in the Tabletop-Receipt header (the body is a list)
        return entries


@blp.route("/log", methods=["GET"])
@blp.arguments(LogLinesQuery, location="query")
@blp.response(200, LogLineSchema(many=True))
@blp.doc(**VIEWER)
def log(args, table_id: UUID):
    """The human-readable log: one sentence per event, undone ones marked."""
    with reading(table_id) as (_, seat):
        lines = reads.human_log(table_id, seat, after=args["after"], limit=args["limit"], position=args["position"])
        signed_latest(table_id)  # in the Tabletop-Receipt header (the body is a list)
        return lines


@blp.route("/scores", methods=["GET"])
@blp.arguments(ScoresQuery, location="query")
@blp.response(200, ScoresSchema)
def scores(args, table_id: UUID):
    """Live (or final) scores with the per-source breakdown."""
    return reads.scoreboard(table_id, args["version"], args["position"])


@blp.route("/scores/history", methods=["GET"])
@blp.arguments(PositionQuery, location="query")
@blp.response(200, ScoreHistorySchema)
def score_history(args, table_id: UUID):
    """Every seat's total over the game: one point where the totals changed, plus the first and last.

    The same public totals as `/scores` (hidden points count once the game reveals them), read from
    the read models, so a chart costs one read, not a replay."""
    return reads.score_history(table_id, args["position"])


@blp.route("/audit", methods=["GET"])
@blp.response(200, AuditSchema)
def audit(table_id: UUID):
    """Re-derive the table from its events and check the hash chain, seed, dice, moves, scores and
    every stored snapshot."""
    return wiring.tables().audit(table_id).to_dict()


@blp.route("/audit", methods=["POST"])
@blp.arguments(AuditRequestSchema)
@blp.response(200, AuditSchema)
def audit_with_receipts(args, table_id: UUID):
    """The audit, also checking the chain against signed receipts you kept: a receipt for a version
    the store no longer holds, or for another head, is reported (events removed or rewritten)."""
    tables = wiring.tables()
    tables.table(table_id)  # an unknown table is 404 before its receipts are judged
    anchors, problems = [], {}
    for index, given in enumerate(args["receipts"]):
        problem = wiring.signer().check(given, table_id)
        if problem:
            problems[str(index)] = [problem]
        else:
            anchors.append((given["version"], given["head"]))
    if problems:
        raise InvalidReceipt("a receipt is not one this server signed for this table", {"receipts": problems})
    return tables.audit(table_id, anchors).to_dict()
