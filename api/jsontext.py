"""JSON text written by orjson where its bytes are proven the standard library's.

Why one module: a move's answer (Flask's JSON provider) and a stream's frame (``json.dumps``) are
both a few kilobytes a command, and the ``json`` module's encoder cost 0.2-0.3 ms of a web
worker's CPU for each (thirteenth and fourteenth sessions). orjson writes the same text for plain
JSON values once its UTF-8 is escaped as ``json`` escapes it (``ascii_escaped``) and a number in
exponent form is ruled out (``has_exponent``); each caller says which types it leaves to
``json`` (``not_plain`` refuses them) and falls back to ``json`` whenever these say no. The tests
(tests/api/test_move_answer_moves.py, tests/fanout/test_frame_cost.py) hold both to ``json``'s
bytes, character by character.
"""

from __future__ import annotations

import codecs
import re

#: Where an exponent may start in orjson's text (it writes a lowercase ``e``): each is then checked
#: by ``has_exponent``. One pass for this literal is several times cheaper than a pattern that starts
#: with a character class (40 µs on a Bunny Kingdom view against 6).
_EXPONENT_MARK = re.compile(rb"e[-+0-9]")
_NUMBER_PART = frozenset(b"0123456789.")
_NUMBER_START = frozenset(b":,[")


def has_exponent(text: bytes) -> bool:
    """Whether ``text`` (orjson's) holds a number in exponent form: digits (a point among them,
    a sign before them) right after ``:``, ``,`` or ``[`` where a JSON number starts, then ``e``.
    Python writes ``1e+16`` where orjson writes ``1e16``. A string holding such a run (``"x,1e5"``)
    counts too, and only costs the slower path; hex digests (``"3e5f..."``, after a quote) do not."""
    for mark in _EXPONENT_MARK.finditer(text):
        i = mark.start() - 1
        while i >= 0 and text[i] in _NUMBER_PART:
            i -= 1
        if i == mark.start() - 1:
            continue  # no digit before the e
        if i >= 0 and text[i] == 0x2D:  # "-"
            i -= 1
        if i >= 0 and text[i] in _NUMBER_START:
            return True
    return False


def not_plain(value: object) -> None:
    raise TypeError(type(value).__name__)


def _escaped(char: str) -> str:
    """``json``'s escape of one character (``ensure_ascii``): ``\\u`` and four lowercase hex
    digits, a surrogate pair beyond the Basic Multilingual Plane."""
    n = ord(char)
    if n < 0x10000:
        return f"\\u{n:04x}"
    n -= 0x10000
    return f"\\u{0xD800 | (n >> 10) & 0x3FF:04x}\\u{0xDC00 | n & 0x3FF:04x}"


def _json_escapes(error: UnicodeError) -> tuple[str, int]:
    """The ``tabletop-json`` codec error handler: a run of non-ASCII characters as ``json``
    escapes them (the codec finds the runs in C, faster than a pattern over the whole text)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(map(_escaped, error.object[error.start:error.end])), error.end


codecs.register_error("tabletop-json", _json_escapes)


def ascii_escaped(text: bytes) -> bytes:
    """orjson's UTF-8 ``text`` with ``json``'s escapes: every character from DEL up (orjson writes
    them as they are, and only those; a JSON text is ASCII but inside its strings, so every such
    character is a string's)."""
    if not text.isascii():
        text = text.decode().encode("ascii", "tabletop-json")
    return text.replace(b"\x7f", b"\\u007f")
