"""Seat tokens: who a request speaks for.

A token is ``t1.<seat>.<since>.<mac>``, where ``since`` is the version of the ``SeatTaken`` event
that seated its holder and ``mac`` is an HMAC-SHA256 of the table id, seat and ``since`` under the
server secret. Nothing is stored: the server re-derives the MAC to check a token, so tokens never
appear in events, and they are never logged. ``since`` makes a token die with its seating: once
the holder leaves and someone else takes the seat, the old token no longer matches the seat's
latest ``SeatTaken``; once a bot plays the seat on, the token is refused too.

No token means a spectator: reading is open, acting for a seat is 401 (credentials missing, with
``WWW-Authenticate: Bearer``). A malformed or forged token, or one for another table, is 401;
acting for a seat the token does not hold is 403.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from uuid import UUID

from flask import request

from api.errors import BadToken, NotYourSeat, TokenRequired
from api.logs import note_seat
from domain.application import Tables
from domain.table import Table

PREFIX = "t1"


@dataclass(frozen=True)
class Viewer:
    """The seat a request speaks for (``None``: a spectator), and the table as loaded to check it
    (``None`` when no token needed it), for the rest of the request to reuse."""

    seat: int | None
    table: Table | None = field(default=None, compare=False, repr=False)


def _mac(secret: bytes, table_id: UUID, seat: int, since: int) -> str:
    message = f"{PREFIX}|{table_id}|{seat}|{since}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def issue(secret: bytes, table_id: UUID, seat: int, since: int) -> str:
    """The token for the player seated at ``seat`` by the ``SeatTaken`` event at version ``since``."""
    return f"{PREFIX}.{seat}.{since}.{_mac(secret, table_id, seat, since)}"


def bearer() -> str | None:
    """The bearer token of the current request, if any (any other scheme is a bad token)."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise BadToken("send the seat token as 'Authorization: Bearer <token>'")
    return token.strip()


def viewer(tables: Tables, secret: bytes, table_id: UUID, token: str | None = None,
           table: Table | None = None) -> Viewer:
    """Who the current request is: a checked seat, or a spectator when it carries no token.

    ``token`` overrides the ``Authorization`` header, for clients that cannot set headers (a
    browser's ``EventSource``); whoever passes it keeps it out of access logs. ``table``: the
    table as the caller already loaded it for this request (else it is loaded here).
    """
    token = bearer() if token is None else token
    if token is None:
        return Viewer(None)
    parts = token.split(".")
    if len(parts) != 4 or parts[0] != PREFIX or not all(_numeral(p) for p in parts[1:3]) or not _hex(parts[3]):
        raise BadToken("the seat token is malformed")
    seat, since = int(parts[1]), int(parts[2])
    if not hmac.compare_digest(parts[3], _mac(secret, table_id, seat, since)):
        raise BadToken("the seat token is not valid for this table")
    if table is None:
        table = tables.table(table_id)
    if seat >= table.seats or table.players[seat] is None or table.is_bot(seat):
        raise BadToken("the seat token is no longer valid: its seat is free or played by a bot")
    if _seated_since(tables, table, seat) != since:
        raise BadToken("the seat token is no longer valid: the seat was taken again since")
    note_seat(seat)  # the access line names the seat (never the token)
    return Viewer(seat, table)


def _numeral(text: str) -> bool:
    """A seat or version as issued: ASCII digits, at most ten (``isdigit`` alone admits "²" and
    numerals past Python's int-parsing limit)."""
    return 0 < len(text) <= 10 and text.isascii() and text.isdigit()


def _hex(text: str) -> bool:
    """A MAC as issued: 64 lowercase hex digits (``compare_digest`` raises on non-ASCII text)."""
    return len(text) == 64 and not text.strip("0123456789abcdef")  # stripped to nothing: every one a digit


def require_seat(tables: Tables, secret: bytes, table_id: UUID, seat: int, table: Table | None = None) -> Viewer:
    """The current request's viewer, who must hold ``seat``."""
    if table is None:
        table = tables.table(table_id)  # an unknown table is 404 whoever asks
    who = viewer(tables, secret, table_id, table=table)
    if who.seat is None:
        raise TokenRequired(f"acting for seat {seat} needs that seat's token (Authorization: Bearer <token>)")
    if who.seat != seat:
        raise NotYourSeat(f"your token is for seat {who.seat}, not seat {seat}")
    return who


def _seated_since(tables: Tables, table: Table, seat: int) -> int | None:
    """The version of the latest ``SeatTaken`` for ``seat``: kept on the table, so nothing is read.
    A table restored from a snapshot older than that field reads its opening events (seats change
    only before the start)."""
    known = getattr(table, "seated_since", None)
    if known is not None:
        return known[seat]
    last = table.start_version or table.version
    since = None
    for event in tables.events.get(table.id, lte=last):
        if isinstance(event, Table.SeatTaken) and event.seat == seat:
            since = event.originator_version
    return since
