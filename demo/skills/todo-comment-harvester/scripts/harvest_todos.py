#!/usr/bin/env python3
"""List TODO/FIXME/HACK/XXX comments in tracked files, optionally with git blame author and age."""
import argparse
import fnmatch
import json
import re
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_TAGS = ["TODO", "FIXME", "HACK", "XXX"]
COMMENT_START = r"(?:#|//|/\*|\*|--|<!--|;)"


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], check=True, capture_output=True).stdout
    return [p for p in out.decode().split("\0") if p]


def blame(path: str, line: int) -> tuple[str, int]:
    res = subprocess.run(["git", "blame", "--porcelain", "-L", f"{line},{line}", "--", path],
                         capture_output=True, text=True)
    author, when = "?", 0
    for row in res.stdout.splitlines():
        if row.startswith("author "):
            author = row[7:]
        elif row.startswith("author-time "):
            when = int(row[12:])
    return author, when


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tags", nargs="+", default=DEFAULT_TAGS)
    p.add_argument("--exclude", nargs="*", default=["*.min.js", "*.lock", "package-lock.json"])
    p.add_argument("--blame", action="store_true")
    p.add_argument("--format", choices=["text", "markdown", "json"], default="text")
    args = p.parse_args()

    pattern = re.compile(rf"{COMMENT_START}\s*({'|'.join(map(re.escape, args.tags))})\b(?:\(([^)]*)\))?:?\s*(.*)")
    items = []
    for path in tracked_files():
        if any(fnmatch.fnmatch(path, g) for g in args.exclude):
            continue
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # binary or removed file
        for n, line in enumerate(text.splitlines(), 1):
            m = pattern.search(line)
            if m:
                body = re.sub(r"\s*(\*/|-->)\s*$", "", m.group(3)).strip()
                items.append({"tag": m.group(1), "file": path, "line": n, "text": body,
                              "ref": m.group(2) or ""})

    now = time.time()
    if args.blame:
        for item in items:
            author, when = blame(item["file"], item["line"])
            item["author"], item["age_days"] = author, int((now - when) / 86400) if when else None
        items.sort(key=lambda i: -(i["age_days"] or 0))

    if args.format == "json":
        json.dump(items, sys.stdout, indent=2)
        print()
    elif args.format == "markdown":
        print("| Tag | Location | Age | Author | Text |\n|---|---|---|---|---|")
        for i in items:
            age = f"{i['age_days']} d" if i.get("age_days") is not None else ""
            print(f"| {i['tag']} | {i['file']}:{i['line']} | {age} | {i.get('author', '')} | {i['text'].replace('|', '/')} |")
    else:
        for i in items:
            print(f"{i['tag']:<6} {i['file']}:{i['line']}  {i['text']}")
    counts = {t: sum(1 for i in items if i["tag"] == t) for t in args.tags}
    print(f"\n{len(items)} found: " + ", ".join(f"{t} {c}" for t, c in counts.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
