"""VAPID key pairs for Web Push (``notifications.webpush``).

The public key is what a browser's ``pushManager.subscribe`` takes as its
``applicationServerKey``: the uncompressed P-256 point (65 bytes), base64url without
padding. The private key is the 32-byte secret number, in the same encoding; py-vapid
reads it back with ``Vapid02.from_raw``. This module imports no Django model, so the
development settings may call it.
"""

import base64
import json
import os
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def key_pair() -> dict:
    """A new key pair: ``{"public": ..., "private": ...}``."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return {
        "public": b64url(public),
        "private": b64url(key.private_numbers().private_value.to_bytes(32, "big")),
    }


def stored_pair(path: Path) -> dict:
    """The key pair kept in ``path``, made and written (readable by its owner only) the
    first time. A development server keeps one pair, so the browsers subscribed with it
    stay subscribed across restarts."""
    try:
        pair = json.loads(path.read_text())
        if pair.get("public") and pair.get("private"):
            return pair
    except (OSError, ValueError):
        pass
    pair = key_pair()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        json.dump(pair, file)
    return pair
