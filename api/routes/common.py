"""What the command routes share."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

import orjson
from flask import Response, current_app, g

from api import auth, jsontext, wiring
from api.errors import ApiError
from domain.application import Receipt, Tables
from domain.hashchain import canonical
from domain.table import Table


@contextmanager
def acting_for(table_id: UUID, seat: int, command: bool = False) -> Iterator[tuple[Tables, Table]]:
    """This process's Tables and the table, once the request's token is checked to act for
    ``seat`` (401/403 otherwise). The table is loaded once: the check, and the command or query
    run inside the block, share it (``Tables.reusing``).

    ``command``: the block runs one command, which may start from this process's own latest
    version of the table without reading the store (``Tables.own_latest``): a command decided on
    an old version is decided again on the latest, its token checked again against that one. A
    token refused on the unread version is checked again against the store's latest."""
    tables = wiring.tables()
    secret = wiring.secret()

    def check(table: Table) -> None:
        auth.require_seat(tables, secret, table_id, seat, table)

    table = tables.own_latest(table_id) if command else None
    if table is not None:
        try:
            check(table)
        except ApiError:
            table = None  # perhaps seated since this process last saw the table: read it
    read = table is None
    if table is None:
        table = tables.table(table_id)  # an unknown table is 404 whoever asks
        check(table)
    with tables.reusing(table, read=read, check=check):
        yield tables, table


@contextmanager
def reading(table_id: UUID) -> Iterator[tuple[Tables, int | None]]:
    """This process's Tables and the request's viewer (a seat, or None for a spectator); the table
    is loaded once for the token check and the query run inside the block."""
    tables = wiring.tables()
    who = auth.viewer(tables, wiring.secret(), table_id)
    if who.table is None:  # a spectator: nothing loaded yet
        yield tables, None
        return
    with tables.reusing(who.table):
        yield tables, who.seat


def receipt(r: Receipt) -> dict[str, Any]:
    """A domain ``Receipt`` as the response body, with the signed head of the version it names."""
    return {"table_id": r.table_id, "version": r.version, "position": r.position, "seat": r.seat,
            "duplicate": r.duplicate, "receipt": signed(r.table_id, r.version)}


#: The response header that repeats the body's signed receipt (and carries it on list answers).
RECEIPT_HEADER = "Tabletop-Receipt"


def signed(table_id: UUID, version: int, head: str | None = None) -> dict[str, Any]:
    """The server's signed receipt for ``table_id`` at ``version`` (one Ed25519 signature), also
    sent as the ``Tabletop-Receipt`` header of this response."""
    if head is None:
        head = wiring.tables().head_at(table_id, version)
    body = wiring.signer().receipt(table_id, version, head)
    g.tabletop_receipt = body
    return body


def signed_latest(table_id: UUID) -> dict[str, Any]:
    """The signed receipt of the table's latest version (for answers that are lists)."""
    table = wiring.tables().table(table_id)
    return signed(table_id, table.version, table.head_hash)


def receipt_header(response: Response) -> Response:
    """``after_request``: the receipt of this answer, if it has one, as a header too."""
    body = g.get("tabletop_receipt")
    if body is not None and response.status_code < 400:
        response.headers[RECEIPT_HEADER] = canonical(body)
    return response


#: orjson's types that Flask's provider would write otherwise (datetimes as HTTP dates, dataclasses,
#: subclasses of the JSON types) go to ``jsontext.not_plain``, which refuses them: that answer takes
#: Flask's path.
_PLAIN_ONLY = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | \
    orjson.OPT_PASSTHROUGH_SUBCLASS


def json_answer(body: dict[str, Any]) -> Response:
    """``body`` as the response flask-smorest would send (Flask's JSON provider: sorted keys,
    compact, ASCII escapes, a final newline), encoded by orjson when that gives the same bytes.

    Why: a move's answer with its legal moves (``?legal_moves=true``) is a few kilobytes of JSON;
    Flask's provider spent about 0.2 ms of CPU on it, orjson 0.02 (thirteenth session). orjson's
    text equals the provider's for plain dicts with str keys, lists, str, int, bool and None once
    its UTF-8 is escaped as the provider escapes it (``jsontext.ascii_escaped``: a seat's name
    "José"); anything else falls back: a number in exponent form (``jsontext.has_exponent``:
    Python writes ``1e+16``), a non-str key, an int beyond 64 bits, any other type, the debug
    app's indented form. A NaN, invalid JSON from the provider, would be ``null`` (no game's move
    holds a float)."""
    provider = current_app.json
    if not ((provider.compact is None and current_app.debug) or provider.compact is False):  # the provider's test
        try:
            text = orjson.dumps(body, default=jsontext.not_plain, option=_PLAIN_ONLY)
        except TypeError:  # orjson.JSONEncodeError included
            text = None
        if text is not None and not jsontext.has_exponent(text):
            return current_app.response_class(jsontext.ascii_escaped(text) + b"\n", mimetype=provider.mimetype)
    return provider.response(body)
