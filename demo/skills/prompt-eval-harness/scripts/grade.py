#!/usr/bin/env python3
"""Grade one or more output files against an eval case file and compare versions.

Usage: grade.py cases.jsonl outputs-a.jsonl [outputs-b.jsonl ...]
Graders: exact, contains, regex, json_schema (required keys and top-level types only).
"""
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

TYPES = {"object": dict, "array": list, "string": str, "number": (int, float), "integer": int,
         "boolean": bool, "null": type(None)}


def load_jsonl(path: str) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def check_schema(value, schema: dict) -> bool:
    expected = schema.get("type")
    if expected and not isinstance(value, TYPES[expected]):
        return False
    if isinstance(value, dict):
        if any(k not in value for k in schema.get("required", [])):
            return False
        for key, sub in schema.get("properties", {}).items():
            if key in value and not check_schema(value[key], sub):
                return False
    return True


def grade(expected: dict, output: str) -> bool:
    kind, want = expected["type"], expected["value"]
    text = output.strip()
    if kind == "exact":
        return text.lower() == str(want).strip().lower()
    if kind == "contains":
        return str(want).lower() in text.lower()
    if kind == "regex":
        return re.search(want, text) is not None
    if kind == "json_schema":
        match = re.search(r"\{.*\}|\[.*\]", text, re.DOTALL)  # tolerate prose around the JSON
        try:
            return match is not None and check_schema(json.loads(match.group(0)), want)
        except json.JSONDecodeError:
            return False
    raise ValueError(f"unknown grader {kind!r}")


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    cases = {c["id"]: c for c in load_jsonl(sys.argv[1])}
    results: dict[str, dict[str, bool]] = {}
    for path in sys.argv[2:]:
        outputs = {o["id"]: o.get("output", "") for o in load_jsonl(path)}
        missing = [cid for cid in cases if cid not in outputs]
        if missing:
            print(f"{path}: {len(missing)} case(s) without output, counted as failures", file=sys.stderr)
        results[path] = {cid: grade(c["expected"], outputs.get(cid, "")) for cid, c in cases.items()}

    total = len(cases)
    print(f"{'version':<32}{'passed':>10}{'rate':>8}")
    for path, res in results.items():
        passed = sum(res.values())
        print(f"{Path(path).name:<32}{passed:>6}/{total:<3}{passed / total:>8.0%}")

    tags = sorted({t for c in cases.values() for t in c.get("tags", [])})
    if tags:
        print("\nby tag:")
        for tag in tags:
            ids = [cid for cid, c in cases.items() if tag in c.get("tags", [])]
            cells = "  ".join(f"{sum(res[i] for i in ids)}/{len(ids)}" for res in results.values())
            print(f"  {tag:<28}{cells}")

    if len(results) >= 2:
        (a_name, a), (b_name, b) = list(results.items())[:2]
        flipped = defaultdict(list)
        for cid in cases:
            if a[cid] != b[cid]:
                flipped["fixed" if b[cid] else "broken"].append(cid)
        print(f"\n{Path(b_name).name} vs {Path(a_name).name}: "
              f"{len(flipped['fixed'])} fixed, {len(flipped['broken'])} broken")
        for kind in ("broken", "fixed"):
            for cid in flipped[kind]:
                print(f"  {kind:<7}{cid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
