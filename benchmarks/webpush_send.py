"""Browser notifications: the CPU cost of one message (notifications/webpush.py).

    python benchmarks/webpush_send.py [--messages N] [--repeats R]

Encrypts (aes128gcm) and signs (VAPID) a typical "your move" payload for one browser
with ``pywebpush``, as ``webpush.send`` does for each subscription, and hands it to a
stand-in for the push service that answers 201 at once: no network, no database. Prints
one JSON line with the median milliseconds per message over R runs of N messages.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

# Not this folder on the path (its requests.py would stand in for the requests library
# that pywebpush imports), but the project's.
HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))

from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat  # noqa: E402
from py_vapid import Vapid02  # noqa: E402
from pywebpush import webpush  # noqa: E402

from xix_site.vapid import b64url, key_pair  # noqa: E402


class Answer:
    status_code, reason, text, headers = 201, "Created", "", {}


class PushService:
    def post(self, url, **_request):
        return Answer()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    browser = ec.generate_private_key(ec.SECP256R1())
    public = browser.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    subscription = {
        "endpoint": "https://fcm.googleapis.com/fcm/send/benchmark",
        "keys": {"p256dh": b64url(public), "auth": b64url(os.urandom(16))},
    }
    signer = Vapid02.from_raw(key_pair()["private"].encode("ascii"))
    payload = json.dumps(
        {
            "title": "XIX Online",
            "body": "Your move in Xactika with ann, bob and 3 others.",
            "url": "/games/1234/",
            "tag": "game-1234",
            "icon": "/static/icons/icon-192.png",
            "badge": "/static/icons/icon-maskable-192.png",
        }
    )
    runs = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        for _ in range(args.messages):
            webpush(
                subscription,
                data=payload,
                vapid_private_key=signer,
                vapid_claims={"sub": "mailto:admin@example.com"},
                ttl=86400,
                timeout=10,
                requests_session=PushService(),
            )
        runs.append((time.perf_counter() - start) / args.messages * 1000)
    print(
        json.dumps(
            {
                "ms_per_message_median": round(statistics.median(runs), 3),
                "runs_ms": [round(run, 3) for run in runs],
                "messages": args.messages,
            }
        )
    )


if __name__ == "__main__":
    main()
