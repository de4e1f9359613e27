"""Structured logs: one JSON object per line, and one access line per request.

Every line carries ``time``, ``level``, ``logger`` and ``message``; a line written while a request
is being handled also carries its ``request_id``. The request id is the caller's ``X-Request-ID``
when it is a plain token (letters, digits, ``._:-``, at most 128), else a new one; the response
returns it in ``X-Request-ID`` so a client, a proxy and these logs name the same request.

The access line (logger ``tabletop.access``, message ``request``) holds ``method``, ``route`` (the
URL rule, e.g. ``/api/tables/<uuid:table_id>/seats/<int:seat>/moves``, never the raw path or the
query string), ``status``, ``latency_ms``, and ``table_id`` / ``seat`` when the request named them
or its seat token proved them. A stream's line is written when its response starts. Nothing here
ever reads a header other than ``X-Request-ID``, a body or a query string: no seat token and no
secret can reach a log line. gunicorn's own lines (``gunicorn_logconfig``) use the same form; its
access log is off because this line replaces it.
"""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from typing import Any

from flask import Flask, Response, g, has_request_context, request
from pythonjsonlogger.json import JsonFormatter

ACCESS = "tabletop.access"
HEADER = "X-Request-ID"
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
_RENAMED = {"asctime": "time", "levelname": "level", "name": "logger"}


class RequestContext(logging.Filter):
    """Adds the current request's id to every record written while it is handled."""

    def filter(self, record: logging.LogRecord) -> bool:
        if has_request_context() and "request_id" in g and not hasattr(record, "request_id"):
            record.request_id = g.request_id
        return True


def formatter() -> logging.Formatter:
    """The JSON formatter every handler uses (UTC ISO-8601 times)."""
    fmt = JsonFormatter(_FORMAT, rename_fields=_RENAMED, datefmt="%Y-%m-%dT%H:%M:%S%z")
    fmt.converter = time.gmtime
    return fmt


def configure(level: int = logging.INFO, stream: Any = None) -> logging.Handler:
    """Send every logger's records to ``stream`` (stderr) as JSON lines; replaces the root's handlers."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter())
    handler.addFilter(RequestContext())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return handler


def gunicorn_logconfig() -> dict[str, Any]:
    """gunicorn's ``logconfig_dict``: its error log and the app's loggers as JSON lines on stderr."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request": {"()": RequestContext}},
        "formatters": {"json": {"()": formatter}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json", "filters": ["request"],
                                "stream": "ext://sys.stderr"}},
        "root": {"level": "INFO", "handlers": ["stderr"]},
        "loggers": {
            "gunicorn.error": {"level": "INFO", "handlers": [], "propagate": True},
            "gunicorn.access": {"level": "INFO", "handlers": [], "propagate": True},
        },
    }


def request_id() -> str:
    """The current request's id (made on first use)."""
    if "request_id" not in g:
        given = request.headers.get(HEADER, "")
        g.request_id = given if _REQUEST_ID.match(given) else uuid.uuid4().hex
    return g.request_id


def note_seat(seat: int | None) -> None:
    """Record the seat a token proved, for the access line (called by ``api.auth``)."""
    if has_request_context() and seat is not None:
        g.log_seat = seat


def _started() -> None:
    g.log_started = time.perf_counter()
    request_id()


def _finished(response: Response) -> Response:
    response.headers[HEADER] = request_id()
    args = request.view_args or {}
    fields: dict[str, Any] = {
        "method": request.method,
        "route": request.url_rule.rule if request.url_rule is not None else None,
        "status": response.status_code,
        "latency_ms": round((time.perf_counter() - g.get("log_started", time.perf_counter())) * 1000, 2),
    }
    if "table_id" in args:
        fields["table_id"] = str(args["table_id"])
    seat = args.get("seat", g.get("log_seat"))
    if isinstance(seat, int):
        fields["seat"] = seat
    if response.is_streamed and response.mimetype == "text/event-stream":
        fields["stream"] = True
    logging.getLogger(ACCESS).info("request", extra=fields)
    return response


def init_app(app: Flask) -> None:
    """Give every request an id and write its access line (install before other ``before_request``)."""
    app.before_request_funcs.setdefault(None, []).insert(0, _started)
    app.after_request(_finished)
