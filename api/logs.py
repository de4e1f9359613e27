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

import json
import logging
import os
import re
import sys
import time
from typing import Any

from flask import Flask, Response, g, has_request_context, request
from pythonjsonlogger.json import JsonFormatter

ACCESS = "tabletop.access"
HEADER = "X-Request-ID"
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
_RENAMED = {"asctime": "time", "levelname": "level", "name": "logger"}
#: What a line's values may be for ``LineFormatter``'s one encoder (no container: nothing nests).
_SCALARS = frozenset((str, int, float, bool, type(None)))
_NO_ID = object()


class RequestContext(logging.Filter):
    """Adds the current request's id to every record written while it is handled."""

    def filter(self, record: logging.LogRecord) -> bool:
        if has_request_context() and not hasattr(record, "request_id"):
            given = g._get_current_object().__dict__.get("request_id", _NO_ID)  # one look-up, not two
            if given is not _NO_ID:
                record.request_id = given
        return True


class LineFormatter(JsonFormatter):
    """python-json-logger's formatter, writing a plain record (a text message without arguments,
    exception or stack: every access line) without its generic steps.

    Why: formatting the access line took about 60 % of writing it (add_fields' loops over its
    options, ``merge_record_extra``'s checks of every attribute, a ``strftime`` per line), a few
    per cent of a move's POST. The fast path builds the same dict in the same order (the format's
    fields renamed, then the record's extra attributes in their order) and serialises it with the
    library's own ``serialize_log_record``, so the line is byte for byte the library's; the time
    text is kept per second (the format has no fraction). Anything else, and any option this app
    does not use, goes through the library.

    A line whose values are all scalars (str, int, float, bool, None: every access line) is encoded
    by one C encoder made once, with the very arguments ``json.dumps`` gives the one it makes per
    line (``ensure_ascii``, the default separators, ``allow_nan``); only the circular-reference
    marker dict is left out, and a line without a container cannot refer to itself. Any other line
    goes through the library's ``json.dumps``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fields = [(field, self._get_rename(field)) for field in self._required_fields]
        self._plain = (not self.defaults and not self.static_fields and not self.timestamp
                       and not self.rename_fields_keep_missing and type(self).process_log_record is
                       JsonFormatter.process_log_record)
        self._stamp: tuple[int, str] = (-1, "")
        self._encode: Any = None
        encoder = self.json_encoder
        if (json.encoder.c_make_encoder is not None and self.json_serializer is json.dumps and self.json_default is None
                and self.json_indent is None and self.json_ensure_ascii and isinstance(encoder, type)
                and issubclass(encoder, json.JSONEncoder) and encoder.encode is json.JSONEncoder.encode
                and encoder.iterencode is json.JSONEncoder.iterencode and type(self).jsonify_log_record is
                JsonFormatter.jsonify_log_record and type(self).serialize_log_record is
                JsonFormatter.serialize_log_record):
            made = encoder(ensure_ascii=True)  # what json.dumps(data, cls=encoder, ensure_ascii=True) makes
            self._encode = json.encoder.c_make_encoder(
                None, made.default, json.encoder.encode_basestring_ascii, None, made.key_separator,
                made.item_separator, made.sort_keys, made.skipkeys, made.allow_nan)

    def format(self, record: logging.LogRecord) -> str:
        if (not self._plain or record.args or record.exc_info or record.exc_text or record.stack_info
                or type(record.msg) is not str):
            return super().format(record)
        record.message = record.msg  # what getMessage() gives a str without arguments
        if "asctime" in self._required_fields:
            second = int(record.created)
            stamp = self._stamp
            if stamp[0] != second:
                stamp = self._stamp = (second, self.formatTime(record, self.datefmt))
            record.asctime = stamp[1]
        attributes = record.__dict__
        data = {renamed: attributes.get(field) for field, renamed in self._fields}
        skip, rename = self._skip_fields, self.rename_fields
        for key, value in attributes.items():
            if key not in skip and not key.startswith("_"):
                data[rename.get(key, key)] = value
        if self._encode is not None and _SCALARS.issuperset(map(type, data.values())):
            return self.prefix + "".join(self._encode(data, 0))
        return self.serialize_log_record(data)


def formatter() -> logging.Formatter:
    """The JSON formatter every handler uses (UTC ISO-8601 times)."""
    fmt = LineFormatter(_FORMAT, rename_fields=_RENAMED, datefmt="%Y-%m-%dT%H:%M:%S%z")
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
    return _request_id(g._get_current_object())


def _request_id(ctx: Any) -> str:
    """``request_id()`` for the request whose ``g`` is ``ctx`` (the hooks look it up once)."""
    given = ctx.__dict__.get("request_id", _NO_ID)
    if given is _NO_ID:
        given = request.headers.get(HEADER, "")
        given = ctx.request_id = given if _REQUEST_ID.match(given) else new_id()
    return given


def new_id() -> str:
    """A new request id: ``uuid.uuid4().hex``'s text (16 random bytes, the version and variant bits
    set as RFC 4122 sets them), without building a ``UUID`` on the way (a request's first hook)."""
    raw = bytearray(os.urandom(16))
    raw[6] = raw[6] & 0x0F | 0x40  # version 4
    raw[8] = raw[8] & 0x3F | 0x80  # the RFC 4122 variant
    return raw.hex()


def note_seat(seat: int | None) -> None:
    """Record the seat a token proved, for the access line (called by ``api.auth``)."""
    if has_request_context() and seat is not None:
        g.log_seat = seat


def _started() -> None:
    ctx = g._get_current_object()
    ctx.log_started = time.perf_counter()
    _request_id(ctx)


#: The access lines' logger, and where in this module their records are made (``findCaller``'s
#: answer for that line, asked once: the same for every line).
_ACCESS = logging.getLogger(ACCESS)
_CALLER: tuple[str, int, str] | None = None


def _finished(response: Response) -> Response:
    req, ctx = request._get_current_object(), g._get_current_object()  # one proxy look-up each, not ten
    response.headers[HEADER] = _request_id(ctx)
    args = req.view_args or {}
    rule = req.url_rule
    fields: dict[str, Any] = {
        "method": req.method,
        "route": rule.rule if rule is not None else None,
        "status": response.status_code,
        "latency_ms": round((time.perf_counter() - ctx.get("log_started", time.perf_counter())) * 1000, 2),
    }
    if "table_id" in args:
        fields["table_id"] = str(args["table_id"])
    seat = args.get("seat", ctx.get("log_seat"))
    if isinstance(seat, int):
        fields["seat"] = seat
    if response.is_streamed and response.mimetype == "text/event-stream":
        fields["stream"] = True
    # ``_ACCESS.info("request", extra=fields)`` without asking ``findCaller`` to walk the stack
    # each time: the record is made and handled as ``Logger._log`` makes and handles it.
    logger = _ACCESS
    if logger.isEnabledFor(logging.INFO):
        global _CALLER
        if _CALLER is None:
            _CALLER = logger.findCaller()[:3] if logging._srcfile else ("(unknown file)", 0, "(unknown function)")
        path, line, function = _CALLER
        logger.handle(logger.makeRecord(logger.name, logging.INFO, path, line, "request", (), None, function, fields))
    return response


def init_app(app: Flask) -> None:
    """Give every request an id and write its access line (install before other ``before_request``)."""
    app.before_request_funcs.setdefault(None, []).insert(0, _started)
    app.after_request(_finished)
