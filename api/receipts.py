"""Signed receipts: the server's Ed25519 signature on "table T was at version N with head H".

A player keeps the receipt of each command and read; if the store later loses or rewrites events
(someone deletes the last moves in the database), the receipt still proves what the table held,
and ``POST /api/tables/{id}/audit`` with it reports the cut. The signed message is the UTF-8 of
the canonical JSON (``domain.hashchain.canonical``: sorted keys, compact, UTF-8) of
``{"head", "table", "version"}``, so anyone can check a receipt with the public key from
``GET /api/signing-key`` and any Ed25519 library. ``key_id`` is the first 16 hex digits of
SHA-256 of the raw public key, so a receipt names the key it needs after a key change.
"""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from domain.hashchain import canonical

ALGORITHM = "Ed25519"


def message(table: str, version: int, head: str) -> bytes:
    return canonical({"head": head, "table": table, "version": version}).encode("utf-8")


class Signer:
    """Signs receipts with one Ed25519 key (its 32-byte seed comes from ``api.config``)."""

    def __init__(self, seed: bytes) -> None:
        self._key = Ed25519PrivateKey.from_private_bytes(seed)
        self._public: Ed25519PublicKey = self._key.public_key()
        self.public_bytes = self._public.public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.key_id = hashlib.sha256(self.public_bytes).hexdigest()[:16]

    def public_key(self) -> dict[str, str]:
        return {"algorithm": ALGORITHM, "public_key": self.public_bytes.hex(), "key_id": self.key_id}

    def receipt(self, table: UUID | str, version: int, head: str) -> dict[str, Any]:
        table = str(table)
        signature = self._key.sign(message(table, version, head))
        return {"table": table, "version": version, "head": head, "key_id": self.key_id, "signature": signature.hex()}

    def check(self, receipt: Any, table: UUID | str) -> str | None:
        """Why ``receipt`` is not a receipt this server signed for ``table`` (None when it is)."""
        if not isinstance(receipt, dict):
            return "a receipt is an object with table, version, head, key_id and signature"
        version, head, signature = receipt.get("version"), receipt.get("head"), receipt.get("signature")
        if receipt.get("table") != str(table):
            return f"the receipt is for table {receipt.get('table')!r}, not {table}"
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return "the receipt's version must be a positive integer"
        if not isinstance(head, str) or not isinstance(signature, str):
            return "the receipt's head and signature must be strings"
        if receipt.get("key_id") != self.key_id:
            return f"the receipt was signed with key {receipt.get('key_id')!r}; this server's key is {self.key_id}"
        try:
            self._public.verify(bytes.fromhex(signature), message(str(table), version, head))
        except (ValueError, InvalidSignature):
            return "the signature does not verify with this server's key"
        return None
