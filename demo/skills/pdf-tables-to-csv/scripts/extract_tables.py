#!/usr/bin/env python3
"""Extract tables from a text-based PDF into CSV files (one file per table)."""
import argparse
import csv
import sys
from pathlib import Path

import pdfplumber


def parse_pages(spec: str | None, count: int) -> list[int]:
    if not spec:
        return list(range(1, count + 1))
    pages: list[int] = []
    for part in spec.split(","):
        if "-" in part:
            lo, hi = part.split("-", 1)
            pages.extend(range(int(lo), int(hi) + 1))
        else:
            pages.append(int(part))
    return [p for p in pages if 1 <= p <= count]


def clean_cell(cell: str | None) -> str:
    return " ".join((cell or "").split())


def settings_for(strategy: str) -> dict:
    if strategy == "text":
        return {"vertical_strategy": "text", "horizontal_strategy": "text", "snap_tolerance": 3}
    return {"vertical_strategy": "lines", "horizontal_strategy": "lines"}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("pdf", type=Path)
    p.add_argument("--out", type=Path, default=Path("tables"))
    p.add_argument("--pages", help="e.g. 1-3,7")
    p.add_argument("--strategy", choices=["lines", "text"], default="lines")
    p.add_argument("--merge-continued", action="store_true")
    p.add_argument("--probe", action="store_true", help="print characters per page and exit")
    args = p.parse_args()

    with pdfplumber.open(args.pdf) as pdf:
        pages = parse_pages(args.pages, len(pdf.pages))
        if args.probe:
            for n in pages:
                chars = len(pdf.pages[n - 1].chars)
                print(f"page {n}: {chars} characters" + ("  (no text layer: needs OCR)" if chars == 0 else ""))
            return 0

        found: list[tuple[int, int, list[list[str]]]] = []
        for n in pages:
            for i, table in enumerate(pdf.pages[n - 1].extract_tables(settings_for(args.strategy)), 1):
                rows = [[clean_cell(c) for c in row] for row in table if any(c for c in row)]
                if len(rows) >= 2:
                    found.append((n, i, rows))

    if args.merge_continued:
        merged: list[tuple[int, int, list[list[str]], int]] = []
        for page, idx, rows in found:
            prev = merged[-1] if merged else None
            if prev and page == prev[3] + 1 and idx == 1 and len(rows[0]) == len(prev[2][0]):
                body = rows[1:] if rows[0] == prev[2][0] else rows  # drop repeated header
                prev[2].extend(body)
                merged[-1] = (prev[0], prev[1], prev[2], page)
            else:
                merged.append((page, idx, rows, page))
    else:
        merged = [(page, idx, rows, page) for page, idx, rows in found]

    if not merged:
        print("no tables found; try --strategy text, or --probe to check for a text layer", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for page, idx, rows, last in merged:
        target = args.out / f"p{page:03d}_t{idx}.csv"
        with target.open("w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows(rows)
        note = f"  (merged with page {last})" if last != page else ""
        print(f"{target}  {len(rows) - 1} rows x {len(rows[0])} cols{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
