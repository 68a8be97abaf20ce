"""schemathesis hooks for `npm test -- api` (scripts/api-test.mjs loads them with SCHEMATHESIS_HOOKS).

Signed routes are signed over the exact bytes sent, so generated bodies reach the validation and the store
behind the signature check instead of all stopping at 401 or 400:
- POST /api/videos/ingest the way the automation service signs it (services/content/src/ingest/
  signature.ts: x-signature = sha256=HMAC-SHA256 of "<x-timestamp>.<raw body>"), with the scratch stack's
  CONTENT_INGEST_SECRET;
- POST /api/stripe/webhook the way Stripe signs it (Stripe-Signature: t=<unix seconds>,v1=HMAC-SHA256 of
  "<t>.<raw body>"), with the stack's STRIPE_WEBHOOK_SECRET, but only when the case sends the header at all:
  the missing_required_header check's cases, without it, stay without it.
Both secrets are set by api-test.mjs.

A generated booking almost never names a free slot (a future start on the practice's half-hour grid) or a
real e-mail address, so without help POST /api/book-session and /api/create-subscription never succeed and
the stateful phase has no booking id or subscription attempt to follow its links with. For the cases that
schemathesis generated as valid (positive mode) in the fuzzing and stateful phases, a booking gets a free slot
of its plan (read from the stack's /api/availability, each used once) and an address that is not one gets
one; the coverage and negative cases are sent as generated.
"""

import hashlib
import hmac
import json
import os
import re
import time
import urllib.request
from datetime import date, timedelta

import schemathesis

INGEST_PATH = "/api/videos/ingest"
WEBHOOK_PATH = "/api/stripe/webhook"
BOOKING_PATH = "/api/book-session"
ADDRESS_PATHS = {BOOKING_PATH, "/api/create-subscription"}
DAYS_AHEAD = 14
_free_slots = {}
_addresses = 0
ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")


def _raw_body(body):
    """The bytes requests sends for this body (its json= serialisation, or bytes as they are)."""
    if isinstance(body, bytes):
        return body
    if type(body).__name__ == "NotSet":
        return b""
    if body is None:
        return b"null"
    return json.dumps(body, allow_nan=False).encode("utf-8")


def _free_slot(plan):
    """The next free slot of a plan (its startsAt), from the stack's availability of the next two weeks."""
    if plan not in _free_slots:
        slots = []
        for day in range(1, DAYS_AHEAD + 1):
            when = (date.today() + timedelta(days=day)).isoformat()
            url = f"{os.environ['API_URL']}/api/availability?type={plan}&date={when}"
            with urllib.request.urlopen(url, timeout=10) as answer:
                slots += [s["startsAt"] for s in json.load(answer)["slots"] if s["available"]]
        _free_slots[plan] = slots
    slots = _free_slots[plan]
    return slots.pop(0) if slots else None


def _made_valid(case):
    """A positive case of the fuzzing or stateful phase: the booking gets a free slot and a real address."""
    global _addresses
    meta = case.meta
    if meta is None or str(meta.generation.mode.value) != "positive":
        return
    if str(meta.phase.name.value) not in ("fuzzing", "stateful") or not isinstance(case.body, dict):
        return
    body = dict(case.body)
    if case.operation.path == BOOKING_PATH and body.get("type") in ("ai-session", "dr-helen", "subscription"):
        slot = _free_slot(body["type"])
        if slot:
            body["scheduledAt"] = slot
    if "email" in body and not ADDRESS.match(str(body["email"])):
        _addresses += 1
        body["email"] = f"generated{_addresses}@example.com"
    case.body = body


def _hmac_hex(secret, timestamp, body):
    return hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256).hexdigest()


@schemathesis.hook
def before_call(context, case, kwargs):
    path = case.operation.path
    timestamp = str(int(time.time()))
    if path in ADDRESS_PATHS:
        _made_valid(case)
    elif path == INGEST_PATH:
        digest = _hmac_hex(os.environ["CONTENT_INGEST_SECRET"], timestamp, _raw_body(case.body))
        case.headers = {**(case.headers or {}), "x-timestamp": timestamp, "x-signature": f"sha256={digest}"}
    elif path == WEBHOOK_PATH:
        headers = dict(case.headers or {})
        name = next((key for key in headers if key.lower() == "stripe-signature"), None)
        if name is None:
            return
        digest = _hmac_hex(os.environ["STRIPE_WEBHOOK_SECRET"], timestamp, _raw_body(case.body))
        headers[name] = f"t={timestamp},v1={digest}"
        case.headers = headers

