"""A tiny Server-Sent Events parser for tests (what a browser's EventSource does with the text)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator


def parse(chunks: Iterable[str | bytes]) -> Iterator[dict]:
    """Messages as dicts: ``{"id", "event", "data"}``, ``{"retry"}`` or ``{"comment"}``."""
    buffer = ""
    for chunk in chunks:
        buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            message: dict = {}
            for line in block.split("\n"):
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "":
                    message["comment"] = value
                elif field == "data":
                    message["data"] = json.loads(value)
                elif field == "id":
                    message["id"] = int(value)
                else:
                    message[field] = value
            yield message
