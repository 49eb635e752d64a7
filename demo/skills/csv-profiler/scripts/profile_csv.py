#!/usr/bin/env python3
"""Profile a CSV file column by column using only the standard library."""
import argparse
import csv
import json
import re
import sys
from collections import Counter
from datetime import datetime

NULLS = {"", "na", "n/a", "null", "none", "-", "nan"}
DATE_FORMATS = ["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S", "%d/%m/%Y", "%m/%d/%Y"]
ENCODINGS = ["utf-8", "utf-8-sig", "cp1252"]


def classify(value: str) -> str:
    v = value.strip()
    if re.fullmatch(r"[-+]?\d+", v):
        return "int"
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?", v):
        return "float"
    if v.lower() in {"true", "false", "yes", "no"}:
        return "bool"
    for fmt in DATE_FORMATS:
        try:
            datetime.strptime(v, fmt)
            return "date"
        except ValueError:
            pass
    return "text"


def open_any(path: str):
    for enc in ENCODINGS:
        try:
            with open(path, encoding=enc, newline="") as f:
                f.read(1 << 16)
            return open(path, encoding=enc, newline=""), enc
        except UnicodeDecodeError:
            continue
    raise SystemExit(f"could not decode {path} as any of {ENCODINGS}")


def profile(path: str, limit: int, delimiter: str | None) -> dict:
    handle, encoding = open_any(path)
    with handle:
        sample = handle.read(1 << 16)
        handle.seek(0)
        dialect = csv.Sniffer().sniff(sample) if delimiter is None else None
        reader = csv.reader(handle, dialect) if dialect else csv.reader(handle, delimiter=delimiter)
        header = next(reader)
        stats = [{"types": Counter(), "nulls": 0, "values": Counter(), "ws": 0, "zeros": 0,
                  "bad": Counter(), "min": None, "max": None} for _ in header]
        rows = 0
        for row in reader:
            rows += 1
            if limit and rows > limit:
                rows -= 1
                break
            for i, s in enumerate(stats):
                raw = row[i] if i < len(row) else ""
                if raw.strip().lower() in NULLS:
                    s["nulls"] += 1
                    if raw.strip():
                        s["bad"][raw.strip()] += 1
                    continue
                kind = classify(raw)
                s["types"][kind] += 1
                if len(s["values"]) < 100_000:
                    s["values"][raw] += 1
                if raw != raw.strip():
                    s["ws"] += 1
                if kind == "int" and len(raw.strip()) > 1 and raw.strip().startswith("0"):
                    s["zeros"] += 1
                if kind in {"int", "float"}:
                    num = float(raw)
                    s["min"] = num if s["min"] is None else min(s["min"], num)
                    s["max"] = num if s["max"] is None else max(s["max"], num)
    columns = []
    for name, s in zip(header, stats):
        seen = sum(s["types"].values())
        if s["types"]["int"] and s["types"]["float"]:
            # integers inside a float column are not a type conflict
            s["types"]["float"] += s["types"].pop("int")
        main_type = s["types"].most_common(1)[0][0] if seen else "empty"
        if s["zeros"]:
            main_type = "text"
        warnings = []
        if seen and s["types"][s["types"].most_common(1)[0][0]] / seen < 0.99:
            warnings.append(f"mixed types: {dict(s['types'])}")
        if s["bad"]:
            warnings.append("null markers: " + ", ".join(f"{k!r} x {v}" for k, v in s["bad"].most_common(3)))
        if s["zeros"]:
            warnings.append("leading zeros: load as text")
        if s["ws"]:
            warnings.append(f"whitespace around {s['ws']} values")
        if main_type == "text" and len(s["values"]) > 0.9 * max(seen, 1) and seen > 50:
            warnings.append("high cardinality text")
        columns.append({
            "name": name, "type": main_type,
            "null_share": round(s["nulls"] / rows, 4) if rows else 0,
            "distinct": len(s["values"]),
            "min": int(s["min"]) if main_type == "int" and s["min"] is not None else s["min"],
            "max": int(s["max"]) if main_type == "int" and s["max"] is not None else s["max"],
            "top": s["values"].most_common(3),
            "warnings": warnings,
        })
    return {"file": path, "rows": rows, "encoding": encoding, "sampled": bool(limit and rows >= limit),
            "columns": columns}


def print_report(report: dict) -> None:
    print(f"rows: {report['rows']:,}   columns: {len(report['columns'])}   encoding: {report['encoding']}"
          + ("   (sampled)" if report["sampled"] else ""))
    print(f"{'column':<24}{'type':<8}{'nulls':>8}{'distinct':>10}  range / top values")
    for c in report["columns"]:
        if c["min"] is not None and c["type"] in {"int", "float"}:
            detail = f"{c['min']:,} .. {c['max']:,}"
        else:
            detail = "top: " + ", ".join(f"{v} ({n})" for v, n in c["top"])
        print(f"{c['name'][:23]:<24}{c['type']:<8}{c['null_share']:>8.1%}{c['distinct']:>10,}  {detail[:60]}")
        for w in c["warnings"]:
            print(f"{'':<24}! {w}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("file")
    p.add_argument("--limit", type=int, default=0, help="read at most this many data rows")
    p.add_argument("--delimiter")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    report = profile(args.file, args.limit, args.delimiter)
    if args.json:
        json.dump(report, sys.stdout, indent=2, default=str)
        print()
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
