#!/usr/bin/env python3
"""Check HTTP security headers of a URL and grade each one PASS / WARN / FAIL."""
import argparse
import re
import sys
import urllib.request


def check(headers: dict[str, str], cookies: list[str], https: bool) -> list[tuple[str, str, str]]:
    out = []
    hsts = headers.get("strict-transport-security")
    if not https:
        out.append(("Strict-Transport-Security", "FAIL", "site not served over HTTPS"))
    elif not hsts:
        out.append(("Strict-Transport-Security", "FAIL", "missing"))
    else:
        m = re.search(r"max-age=(\d+)", hsts)
        age = int(m.group(1)) if m else 0
        out.append(("Strict-Transport-Security", "PASS" if age >= 15552000 else "WARN",
                    f"max-age={age}" + ("" if age >= 15552000 else " (use at least 6 months)")))

    csp = headers.get("content-security-policy")
    if not csp:
        ro = headers.get("content-security-policy-report-only")
        out.append(("Content-Security-Policy", "WARN" if ro else "FAIL",
                    "report-only mode" if ro else "missing"))
    else:
        problems = []
        if "'unsafe-inline'" in csp and "script-src" in csp:
            problems.append("script-src allows 'unsafe-inline'")
        if "default-src" not in csp and "script-src" not in csp:
            problems.append("no default-src/script-src")
        out.append(("Content-Security-Policy", "WARN" if problems else "PASS",
                    "; ".join(problems) or "present"))

    xcto = headers.get("x-content-type-options", "")
    out.append(("X-Content-Type-Options", "PASS" if xcto.lower() == "nosniff" else "FAIL",
                xcto or "missing"))

    framing = "frame-ancestors" in (csp or "") or headers.get("x-frame-options")
    out.append(("Frame protection", "PASS" if framing else "FAIL",
                "frame-ancestors or X-Frame-Options set" if framing else "missing (clickjacking)"))

    rp = headers.get("referrer-policy")
    out.append(("Referrer-Policy", "PASS" if rp and rp != "unsafe-url" else "WARN", rp or "missing"))

    pp = headers.get("permissions-policy")
    out.append(("Permissions-Policy", "PASS" if pp else "WARN", "present" if pp else "missing"))

    if headers.get("x-xss-protection", "0").strip() not in {"0", ""}:
        out.append(("X-XSS-Protection", "WARN", "obsolete; remove or set to 0"))

    for cookie in cookies:
        name = cookie.split("=", 1)[0]
        flags = cookie.lower()
        missing = [f for f in ("secure", "httponly", "samesite") if f not in flags]
        out.append((f"Cookie {name}", "WARN" if missing else "PASS",
                    ("missing " + ", ".join(missing)) if missing else "Secure; HttpOnly; SameSite"))
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("url")
    p.add_argument("--timeout", type=float, default=10)
    args = p.parse_args()
    req = urllib.request.Request(args.url, headers={"User-Agent": "security-headers-check/1.0"})
    with urllib.request.urlopen(req, timeout=args.timeout) as resp:
        final_url = resp.geturl()
        headers = {k.lower(): v for k, v in resp.headers.items()}
        cookies = resp.headers.get_all("Set-Cookie") or []
    print(f"checked: {final_url}")
    results = check(headers, cookies, final_url.startswith("https://"))
    for name, verdict, reason in results:
        print(f"{verdict:<5} {name:<28} {reason}")
    return 1 if any(v == "FAIL" for _, v, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())
