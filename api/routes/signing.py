"""The public key that verifies the receipts every command and table read carries."""

from __future__ import annotations

from api import wiring
from api.parsing import Blueprint
from api.schemas.views import SigningKeySchema

blp = Blueprint("signing", __name__, url_prefix="/api/signing-key",
                description="The server's receipt-signing key (Ed25519), for checking receipts anywhere.")


@blp.route("", methods=["GET"])
@blp.response(200, SigningKeySchema)
def signing_key():
    """The Ed25519 public key (raw 32 bytes, hex) and its id; receipts name the key by `key_id`."""
    return wiring.signer().public_key()
