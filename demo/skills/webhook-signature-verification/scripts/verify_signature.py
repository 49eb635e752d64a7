#!/usr/bin/env python3
"""Sign or verify a webhook payload with the common `t=<ts>,v1=<hex hmac>` scheme.

  verify_signature.py sign   --secret whsec_test --file event.json
  verify_signature.py verify --secret whsec_test --file event.json --header 't=...,v1=...'

The secret is read from --secret or from the WEBHOOK_SECRET environment variable.
"""
import argparse
import hashlib
import hmac
import os
import sys
import time


def sign(body: bytes, secret: str, timestamp: int) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def verify(body: bytes, header: str, secret: str, tolerance: int, now: float | None = None) -> tuple[bool, str]:
    try:
        parts = dict(item.split("=", 1) for item in header.split(","))
        timestamp = int(parts["t"])
        given = parts["v1"]
    except (ValueError, KeyError):
        return False, "malformed signature header"
    now = time.time() if now is None else now
    if abs(now - timestamp) > tolerance:
        return False, f"timestamp outside tolerance ({int(now - timestamp)} s old)"
    expected = sign(body, secret, timestamp).split("v1=", 1)[1]
    if not hmac.compare_digest(expected, given):
        return False, "signature mismatch"
    return True, "valid"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=["sign", "verify"])
    p.add_argument("--file", required=True, help="raw payload file, exactly as received")
    p.add_argument("--secret", default=os.environ.get("WEBHOOK_SECRET"))
    p.add_argument("--header", help="signature header value to verify")
    p.add_argument("--timestamp", type=int, default=None)
    p.add_argument("--tolerance", type=int, default=300)
    args = p.parse_args()
    if not args.secret:
        p.error("--secret or WEBHOOK_SECRET is required")
    with open(args.file, "rb") as f:
        body = f.read()
    if args.mode == "sign":
        print(sign(body, args.secret, args.timestamp or int(time.time())))
        return 0
    if not args.header:
        p.error("verify needs --header")
    ok, reason = verify(body, args.header, args.secret, args.tolerance)
    print(reason)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
