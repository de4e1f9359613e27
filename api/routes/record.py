"""The game record: a table's whole history as one document anyone can check (docs/record.md)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import current_app

from api.parsing import Blueprint
from api.routes.common import reading
from api.schemas.record import RecordSchema
from domain.record import table_record

blp = Blueprint("record", __name__, url_prefix="/api/tables/<uuid:table_id>",
                description="The game record: every event with its digest, the seed after the end.")

#: The app extension that signs a table head (``sign(table_id, version, head) -> receipt``), when the
#: server signs (issue 20's receipts); without one the record's ``receipt`` is null.
SIGNER = "tabletop.head_signer"


@blp.route("/record", methods=["GET"])
@blp.response(200, RecordSchema)
@blp.doc(description=(
    "The table's game record (docs/record.md): game, options, seats, the seed commitment, every event with "
    "its version, timestamp, payload and digest, and after the end the seed. Before the end it is the "
    "reader's own view (a seat token reads its seat's): an event that would tell the reader something "
    "hidden keeps only its version, name, timestamp and chain fields (`redacted: true`). Check a finished "
    "record with `scripts/verify_record.py`, or on the table page."))
def record(table_id: UUID):
    """The game record, as I may read it."""
    with reading(table_id) as (tables, seat):
        body = table_record(tables, table_id, seat)
        body["receipt"] = _receipt(table_id, body["head"])
        return body


def _receipt(table_id: UUID, head: dict[str, Any]) -> dict[str, Any] | None:
    sign = current_app.extensions.get(SIGNER)
    return sign(table_id, head["version"], head["digest"]) if sign else None
