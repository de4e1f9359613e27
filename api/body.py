"""Request bodies: JSON only, bounded in size, parsed once before any route sees them.

webargs reads a body with another content type as "no body" (so a form post to ``/start`` would
act), and lets a ``RecursionError`` from a deeply nested document escape as a 500. Checking here
gives each its own clear refusal: 413 (``MAX_CONTENT_LENGTH``), 415, 400.
"""

from __future__ import annotations

import json

from flask import request

from api.errors import MalformedJson, UnsupportedBody

BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")
#: Far deeper than any move needs, far shallower than the recursion limit of the parsers after us.
MAX_DEPTH = 32


def check_json_body() -> None:
    if request.method not in BODY_METHODS:
        return
    data = request.get_data(cache=True)  # over MAX_CONTENT_LENGTH: Werkzeug raises 413 here
    if not data:
        return
    if not request.is_json:
        raise UnsupportedBody(f"send JSON with Content-Type: application/json, not {request.mimetype or 'nothing'!r}")
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise MalformedJson("the request body is not valid JSON") from None
    if _depth(document) > MAX_DEPTH:
        raise MalformedJson(f"the request body is nested more than {MAX_DEPTH} levels deep")


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
