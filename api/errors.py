"""Every refusal, mapped once to one HTTP status and one JSON body.

The body is always ``{"error": code, "message": text, "rule": id-or-null, "errors":
field-messages-or-null, "version": current-version-or-null}``, whatever refused the request: a
domain rule, a marshmallow schema, the seat-token check, Werkzeug (unknown route, wrong method,
body too large) or a bug (500, logged, with no detail in the body). ``STATUS`` is the one table
from domain error class to status; a test checks that every class in ``domain.errors`` is in it.
"""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from flask import Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from domain import errors as domain

try:
    from eventsourcing.persistence import InterfaceError, OperationalError
    from psycopg import InterfaceError as PgInterfaceError
    from psycopg import OperationalError as PgOperationalError

    #: What "the database is unreachable" looks like from the event store and the read models.
    STORE_DOWN: tuple[type[Exception], ...] = (OperationalError, InterfaceError, PgOperationalError, PgInterfaceError)
except ImportError:  # pragma: no cover - psycopg is a dependency
    STORE_DOWN = ()

log = logging.getLogger(__name__)

#: Domain refusal -> HTTP status. 409: the table's current state forbids it (retry after reloading);
#: 422: the request itself names something invalid (a move the rules forbid, an unknown game or option).
STATUS: dict[type[domain.DomainError], int] = {
    domain.DomainError: 422,
    domain.IllegalMove: 422,
    domain.InvalidOptions: 422,
    domain.UnknownGame: 422,
    domain.UnknownVersion: 422,
    domain.TableNotFound: 404,
    domain.NoPreview: 404,
    domain.NotYourTurn: 409,
    domain.TableFull: 409,
    domain.SeatTaken: 409,
    domain.SeatNotTaken: 409,
    domain.WrongPhase: 409,
    domain.StaleVersion: 409,
    domain.Conflict: 409,
    domain.UndoRefused: 409,
    domain.NoUndoPending: 409,
}


class ApiError(Exception):
    """A refusal decided at the HTTP edge (not by the domain): bad token, not your seat, bad body."""

    status = 400
    code = "bad_request"
    headers: tuple[tuple[str, str], ...] = ()

    def __init__(self, message: str, errors: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors


class BadToken(ApiError):
    """The bearer token is malformed, forged, for another table, or for a seat its holder left."""

    status = 401
    code = "bad_token"


class TokenRequired(BadToken):
    """The request acts for a seat but carries no token (a spectator)."""

    code = "token_required"


class NotYourSeat(ApiError):
    """The request acts for a seat its token does not hold."""

    status = 403
    code = "not_your_seat"


class NotCaughtUp(ApiError):
    """A read-your-writes read (``?position=``) whose read models did not reach the position in time."""

    status = 503
    code = "read_model_behind"
    headers = (("Retry-After", "1"),)


class UnsupportedBody(ApiError):
    """A request body that is not JSON."""

    status = 415
    code = "unsupported_media_type"


class InvalidText(ApiError):
    """A string in the body that is not valid Unicode text (a lone surrogate)."""

    status = 422
    code = "invalid_fields"


class BodyTimeout(ApiError):
    """The request body did not arrive whole in time; the connection is closed."""

    status = 408
    code = "body_timeout"
    headers = (("Connection", "close"),)

    def __init__(self, limit_s: float) -> None:
        super().__init__(f"the request body did not arrive within {limit_s:g} s")


class BodyRequired(ApiError):
    """A command sent without a body where one is required."""

    status = 422
    code = "invalid_fields"


class InvalidReceipt(ApiError):
    """A receipt given to the audit is not one this server signed for this table."""

    status = 422
    code = "invalid_receipt"


class MalformedJson(ApiError):
    status = 400
    code = "malformed_json"


#: Werkzeug's HTTP errors under stable codes (anything else uses the snake-cased reason phrase).
HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "invalid_fields",
    429: "too_many_requests",
}


def body(status: int, code: str, message: str, *, rule: str | None = None,
         errors: Any = None, version: int | None = None, headers: Any = None) -> Response:
    response = jsonify({"error": code, "message": message, "rule": rule or None, "errors": errors, "version": version})
    response.status_code = status
    for key, value in headers or ():
        response.headers[key] = value
    return response


def status_of(error: domain.DomainError) -> int:
    """The status of the nearest mapped class (a new subclass inherits its parent's status)."""
    for cls in type(error).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 422


def handle_domain_error(error: domain.DomainError) -> Response:
    status = status_of(error)
    version = getattr(error, "current", None)
    if status == 409 and version is None:
        version = _current_version()
    return body(status, error.code, error.message, rule=getattr(error, "rule", None), version=version)


def handle_api_error(error: ApiError) -> Response:
    challenge = [("WWW-Authenticate", 'Bearer realm="tabletop"')] if error.status == 401 else []
    return body(error.status, error.code, error.message, errors=error.errors, headers=[*challenge, *error.headers])


def handle_http_exception(error: HTTPException) -> Response:
    """Werkzeug's and webargs' errors; keeps their headers (``Allow`` on 405)."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if isinstance(messages, dict) and len(messages) == 1:
        # webargs keys field messages by location ({"json": {...}}); the location adds nothing here.
        (messages,) = messages.values()
    if status == 400 and messages is not None:  # webargs: the body is not valid JSON
        return body(400, "malformed_json", "the request body is not valid JSON", errors=messages)
    if status == 422:
        return body(422, "invalid_fields", "some fields are missing or invalid; see errors", errors=messages)
    code = HTTP_CODES.get(status, (error.name or "error").lower().replace(" ", "_"))
    message = _message(error, status)
    if status == 429:
        message = f"too many requests from this client ({error.description}); retry after Retry-After seconds"
    kept = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    return body(status, code, message, headers=kept)


#: Seconds a client is told to wait before retrying while the store is unavailable.
STORE_RETRY_AFTER_S = 2


def handle_store_unavailable(error: Exception) -> Response:
    """The database is unreachable (refused, timed out, a connection broke twice): 503, bounded by
    the store's waits (``api.pgstore``), never a 500. Nothing was recorded unless it was answered."""
    log.warning("store unavailable on %s %s: %s", request.method, request.path, error)
    return body(503, "store_unavailable", "the event store is unavailable; retry in a few seconds",
                headers=[("Retry-After", str(STORE_RETRY_AFTER_S))])


def _message(error: HTTPException, status: int) -> str:
    """A message a route gave when raising (``NotFound("no game named 'x'")``) is kept; Werkzeug's
    stock paragraph for its own refusals (unknown route, wrong method) becomes our short sentence."""
    if error.description and error.description != type(error).description:
        return error.description
    return _MESSAGES.get(status) or error.description or error.name


def handle_unexpected(error: Exception) -> Response:
    """A bug: log it with the traceback; the client learns nothing about the internals."""
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    if isinstance(error, STORE_DOWN):
        return handle_store_unavailable(error)
    log.exception("unhandled error on %s %s", request.method, request.path)
    return body(500, "internal_error", "the server failed to handle this request; it has been logged")


_MESSAGES = {
    429: "too many requests from this client; retry after the Retry-After seconds",
    404: "no such resource",
    405: "this method is not allowed here; see the Allow header",
}


def _current_version() -> int | None:
    """The table's version now, for a 409 the domain raised without one (e.g. not your turn)."""
    table_id = (request.view_args or {}).get("table_id")
    tables = current_app.extensions.get("tabletop.tables")
    if not isinstance(table_id, UUID) or tables is None:
        return None
    try:
        return tables.table(table_id).version
    except domain.DomainError:
        return None


def init_app(app: Flask) -> None:
    """Install the handlers; call after flask-smorest's ``Api`` so these take precedence."""
    app.register_error_handler(domain.DomainError, handle_domain_error)
    app.register_error_handler(ApiError, handle_api_error)
    app.register_error_handler(HTTPException, handle_http_exception)
    for cls in STORE_DOWN:
        app.register_error_handler(cls, handle_store_unavailable)
    app.register_error_handler(Exception, handle_unexpected)
