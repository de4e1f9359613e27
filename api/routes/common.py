"""What the command routes share."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from api import auth, wiring
from domain.application import Receipt, Tables


def acting_for(table_id: UUID, seat: int) -> Tables:
    """This process's Tables, once the request's token is checked to act for ``seat`` (401/403 otherwise)."""
    tables = wiring.tables()
    auth.require_seat(tables, wiring.secret(), table_id, seat)
    return tables


def receipt(r: Receipt) -> dict[str, Any]:
    """A domain ``Receipt`` as the response body."""
    return {"table_id": r.table_id, "version": r.version, "position": r.position, "seat": r.seat,
            "duplicate": r.duplicate}
