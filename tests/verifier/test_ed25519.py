"""The verifier's own Ed25519 (RFC 8032, pure Python) agrees with the ``cryptography`` package."""

from __future__ import annotations

import os

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from tests.verifier.helpers import load_verifier

verifier = load_verifier()

# RFC 8032 section 7.1: TEST 1, 2, 3 (secret key, public key, message, signature).
RFC8032 = [
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46b"
     "d25bf5f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c"
     "387b2eaeb4302aeeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc659"
     "4a7c15e9716ed28dc027beceea1ec40a"),
]


def _public(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


@pytest.mark.parametrize("secret,public,message,signature", RFC8032, ids=["test1", "test2", "test3"])
def test_rfc8032_vectors_verify_here_and_in_cryptography(secret, public, message, signature):
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret))
    assert _public(key).hex() == public
    assert key.sign(bytes.fromhex(message)).hex() == signature  # the vector is what cryptography signs
    assert verifier.ed25519_verify(bytes.fromhex(public), bytes.fromhex(message), bytes.fromhex(signature))
    forged = bytearray(bytes.fromhex(signature))
    forged[5] ^= 1
    assert not verifier.ed25519_verify(bytes.fromhex(public), bytes.fromhex(message), bytes(forged))
    assert not verifier.ed25519_verify(bytes.fromhex(public), bytes.fromhex(message) + b"x", bytes.fromhex(signature))


def test_signatures_of_random_keys_and_messages_agree_with_cryptography():
    for size in (0, 1, 31, 64, 300):
        key = Ed25519PrivateKey.generate()
        message = os.urandom(size)
        signature = key.sign(message)
        assert verifier.ed25519_verify(_public(key), message, signature)
        other = _public(Ed25519PrivateKey.generate())
        assert not verifier.ed25519_verify(other, message, signature)
        with pytest.raises(InvalidSignature):
            Ed25519PublicKey.from_public_bytes(other).verify(signature, message)


def test_a_signature_with_s_not_below_the_group_order_is_refused():
    """RFC 8032 5.1.7: s must be below L (else one signature would have many encodings)."""
    key = Ed25519PrivateKey.generate()
    signature = key.sign(b"receipt")
    s = int.from_bytes(signature[32:], "little") + verifier._L
    malleable = signature[:32] + s.to_bytes(32, "little")
    assert verifier.ed25519_verify(_public(key), b"receipt", signature)
    assert not verifier.ed25519_verify(_public(key), b"receipt", malleable)
    with pytest.raises(InvalidSignature):
        Ed25519PublicKey.from_public_bytes(_public(key)).verify(malleable, b"receipt")
    assert not verifier.ed25519_verify(b"\x01" * 31, b"receipt", signature)  # a key of the wrong size
