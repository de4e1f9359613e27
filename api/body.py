"""Request bodies: JSON only, bounded in size, parsed once before any route sees them.

webargs reads a body with another content type as "no body" (so a form post to ``/start`` would
act), and lets a ``RecursionError`` from a deeply nested document escape as a 500. Checking here
gives each its own clear refusal: 413 (``MAX_CONTENT_LENGTH``), 415, 400. A lone surrogate
(``"\ud800"``) is valid JSON but not text: it cannot be encoded for the event digest, a command id's
``uuid5`` or a store, so it is refused here (422 naming the field) before anything reads it.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from api.errors import BodyTimeout, InvalidText, MalformedJson, UnsupportedBody

BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")
#: The app config key of the body deadline (seconds), from ``TABLETOP_BODY_TIMEOUT_S``.
BODY_TIMEOUT = "TABLETOP_BODY_TIMEOUT_S"
#: Far deeper than any move needs, far shallower than the recursion limit of the parsers after us.
MAX_DEPTH = 32
#: The request attribute holding ``(body, document)`` when the body is JSON in UTF-8 without a BOM:
#: the document ``json.loads(body.decode("utf-8"))`` gives, webargs' own reading of a JSON body, so
#: a lean view's schema loads it without parsing the body again (``api.parsing.load``). Any other
#: body (UTF-16 or 32, a BOM, which ``json.loads`` of the bytes accepts and webargs refuses) is
#: checked here from its bytes and left to webargs. A valid JSON text in UTF-8 holds no NUL byte,
#: so ``json.loads`` of its bytes reads it as UTF-8 too: one document either way.
PARSED = "tabletop_json"


def check_json_body() -> None:
    req = request._get_current_object()  # one proxy look-up, not six
    if req.method not in BODY_METHODS:
        return
    data = _read_body(current_app.config.get(BODY_TIMEOUT, 10.0))  # over MAX_CONTENT_LENGTH: 413
    if not data:
        return
    limit = req.max_content_length
    if req.content_length is None and limit is not None and len(data) >= limit:
        # A chunked body has no length to check up front: Werkzeug stops reading at the limit and
        # hands over the truncated start, which would parse as malformed JSON (400) instead of 413.
        raise RequestEntityTooLarge()
    if not req.is_json:
        raise UnsupportedBody(f"send JSON with Content-Type: application/json, not {req.mimetype or 'nothing'!r}")
    strict = True  # the text was decoded strictly from UTF-8: it holds no surrogate of its own
    try:
        document = json.loads(data.decode("utf-8"))  # webargs' reading (api.parsing.load reuses it)
        req.__dict__[PARSED] = (data, document)
    except (ValueError, RecursionError):
        strict = False  # UTF-16 or 32 are decoded with "surrogatepass"
        try:
            document = json.loads(data)  # UTF-16 or 32, a BOM: valid here, webargs' 400 later
        except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            raise MalformedJson("the request body is not valid JSON") from None
    if _may_nest_deeper(data) and _depth(document) > MAX_DEPTH:
        raise MalformedJson(f"the request body is nested more than {MAX_DEPTH} levels deep")
    field = _not_text(document) if not strict or b"\\u" in data else None
    if field is not None:
        raise InvalidText(
            f"{field or 'the body'} holds a lone surrogate, which is not valid Unicode text",
            {field or "_schema": ["must be valid Unicode text (no lone surrogates)"]},
        )


def _may_nest_deeper(data: bytes) -> bool:
    """Whether ``data`` has more opening brackets than ``MAX_DEPTH``: each level of nesting opens
    with its own ``[`` or ``{``, whose code unit holds that byte in UTF-8, 16 or 32 (a bracket or
    byte inside a string only adds to the count), so a body with no more cannot nest deeper and
    needs no walk (``_depth``, a few µs a move, then skipped).

    Likewise ``_not_text`` is skipped for a body read strictly as UTF-8 with no ``\\u`` in it: its
    text has no surrogate of its own, and ``json`` makes one only from a ``\\u`` escape."""
    return data.count(b"[") + data.count(b"{") > MAX_DEPTH


def _read_body(limit_s: float) -> bytes:
    """The whole body, read within ``limit_s`` seconds, or 408. A client trickling a byte every few
    seconds would otherwise hold this worker's greenlet (or thread) for as long as it likes. Under
    gunicorn every read from the socket waits at most what is left of the deadline."""
    sock = request.environ.get("gunicorn.socket")
    if sock is None or getattr(request, "_cached_data", None) is not None:
        return request.get_data(cache=True)  # no socket of ours (a test client, the dev server)
    deadline = time.monotonic() + limit_s
    stream, parts = request.stream, []
    previous = sock.gettimeout()
    # gunicorn's body reader loops over recv until it has the bytes asked for, so a per-recv socket
    # timeout alone never fires against a trickle; under gevent (the deploy's workers) a Timeout
    # interrupts the whole read at the deadline. Elsewhere the socket timeout bounds a stalled client.
    whole = _deadline(limit_s)
    try:
        with whole:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BodyTimeout(limit_s)
                sock.settimeout(left)
                try:
                    chunk = stream.read(64 * 1024)
                except (TimeoutError, OSError):
                    raise BodyTimeout(limit_s) from None
                if not chunk:
                    break
                parts.append(chunk)
    except BaseException as error:
        if whole is not _NO_DEADLINE and error is whole:
            raise BodyTimeout(limit_s) from None
        raise
    finally:
        sock.settimeout(previous)
    data = b"".join(parts)
    request._cached_data = data  # what get_data() (and webargs after us) returns from now on
    return data


class _NoDeadline:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_NO_DEADLINE = _NoDeadline()


def _deadline(seconds: float) -> Any:
    """A gevent ``Timeout`` (raised in this greenlet after ``seconds``) under a gevent worker.
    Once the socket module is seen patched it stays so (gevent never unpatches): that answer is
    kept for the process, and only a process not (yet) patched asks again."""
    global _gevent_timeout
    if _gevent_timeout is None and "gevent" in sys.modules:
        from gevent import monkey

        if monkey.is_module_patched("socket"):
            from gevent import Timeout

            _gevent_timeout = Timeout
    return _NO_DEADLINE if _gevent_timeout is None else _gevent_timeout(seconds)


_gevent_timeout: Any = None


def _not_text(document: object) -> str | None:
    """The top-level field holding a string (or object key) that is not encodable text, if any
    ("" when the body itself is such a string)."""
    stack: list[tuple[object, str]] = [(document, "")]
    while stack:
        value, field = stack.pop()
        if isinstance(value, str):
            if not _encodable(value):
                return field
        elif isinstance(value, dict):
            for key, child in value.items():
                name = field or key
                if not _encodable(key):
                    return name if field else ""
                stack.append((child, name))
        elif isinstance(value, list):
            stack.extend((child, field) for child in value)
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _depth(document: object) -> int:
    """How deeply arrays and objects nest (iteratively: no recursion on hostile input)."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
    return deepest
