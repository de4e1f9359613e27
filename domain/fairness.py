"""Provably fair randomness: every chance outcome is a public function of (seed, n).

A table draws a secret 32-byte seed when it opens and records only ``commitment(seed)``. The
n-th chance step of the table draws its outcome with ``draw(request, seed, n)``. When the game
ends the seed is revealed, and anyone can check the commitment and re-derive every shuffle,
roll and bag draw, in any language: the derivation below uses only SHA-256 and is specified
here, not borrowed from Python's ``random`` (whose algorithms are not a published contract).

Stream: block k of step n is ``SHA-256(seed || b"tabletop/chance/" || n || b"/" || k)`` (n and k
as ASCII decimals); blocks are concatenated and read as big-endian unsigned 64-bit words.
``below(bound)`` takes the next word ``w`` and rejects it when ``w >= 2**64 - 2**64 % bound`` so
results are exactly uniform, then returns ``w % bound``.

* roll: ``count`` times ``1 + below(sides)``.
* shuffle: Fisher-Yates from the end: for i = len-1 down to 1, swap i with ``below(i + 1)``.
* sample: the first ``count`` items of that shuffle.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any

from domain.games.game import ChanceRequest

_WORD = 2**64


def new_seed() -> str:
    """A fresh secret seed, hex-encoded."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The public SHA-256 commitment of a hex seed."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


class _Stream:
    def __init__(self, seed: str, n: int, purpose: bytes = b"chance") -> None:
        self._prefix = bytes.fromhex(seed) + b"tabletop/" + purpose + b"/" + str(n).encode() + b"/"
        self._block = 0
        self._buffer = b""

    def word(self) -> int:
        if len(self._buffer) < 8:
            self._buffer += hashlib.sha256(self._prefix + str(self._block).encode()).digest()
            self._block += 1
        word, self._buffer = self._buffer[:8], self._buffer[8:]
        return int.from_bytes(word, "big")

    def below(self, bound: int) -> int:
        limit = _WORD - _WORD % bound
        while True:
            w = self.word()
            if w < limit:
                return w % bound


def draw(request: ChanceRequest, seed: str, n: int) -> list[Any]:
    """The outcome of the table's n-th chance step (see the module docstring for the algorithm)."""
    stream = _Stream(seed, n)
    if request.kind == "roll":
        return [1 + stream.below(request.sides) for _ in range(request.count)]
    items = list(request.items)
    for i in range(len(items) - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items if request.kind == "shuffle" else items[: request.count]


def bot_rng(seed: str, version: int, seat: int) -> random.Random:
    """The generator a bot seat uses to choose its move at a table version (derived from the seed)."""
    # ``hmac.digest``: the same bytes as ``hmac.new(...).digest()`` in one C call (every bot
    # decision of every game draws its generator here, issue 39)
    return random.Random(hmac.digest(bytes.fromhex(seed), f"tabletop/bot/{version}/{seat}".encode(), "sha256"))
