"""schemathesis hooks for `npm test -- api` (scripts/api-test.mjs loads them with SCHEMATHESIS_HOOKS).

POST /api/videos/ingest is signed the way the automation service signs it (services/content/src/ingest/
signature.ts: x-signature = sha256=HMAC-SHA256 of "<x-timestamp>.<raw body>"), so generated bodies reach
the validation and the store behind the signature check instead of all stopping at 401. The secret is the
scratch stack's CONTENT_INGEST_SECRET, which api-test.mjs sets.
"""

import hashlib
import hmac
import json
import os
import time

import schemathesis

INGEST_PATH = "/api/videos/ingest"


def _raw_body(body):
    """The bytes requests sends for this body (its json= serialisation, or bytes as they are)."""
    if isinstance(body, bytes):
        return body
    if type(body).__name__ == "NotSet":
        return b""
    if body is None:
        return b"null"
    return json.dumps(body, allow_nan=False).encode("utf-8")


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.operation.path != INGEST_PATH:
        return
    secret = os.environ["CONTENT_INGEST_SECRET"].encode("utf-8")
    timestamp = str(int(time.time()))
    digest = hmac.new(secret, timestamp.encode("ascii") + b"." + _raw_body(case.body), hashlib.sha256)
    case.headers = {
        **(case.headers or {}),
        "x-timestamp": timestamp,
        "x-signature": f"sha256={digest.hexdigest()}",
    }
