"""What the command routes share."""

from __future__ import annotations

from typing import Any

from domain.application import Receipt


def receipt(r: Receipt) -> dict[str, Any]:
    """A domain ``Receipt`` as the response body."""
    return {"table_id": r.table_id, "version": r.version, "position": r.position, "seat": r.seat,
            "duplicate": r.duplicate}
