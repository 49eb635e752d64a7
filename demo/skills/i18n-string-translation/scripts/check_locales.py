#!/usr/bin/env python3
"""Compare flat or nested JSON/YAML locale files against a source locale.

Reports missing keys, stale keys and placeholder mismatches. Exit code 1 when any placeholder
mismatch or missing key is found, so it can run in CI.
"""
import argparse
import json
import re
import sys
from pathlib import Path

PLACEHOLDER = re.compile(r"\{\{\s*\w+\s*\}\}|\{\s*\w+\s*\}|%(?:\d+\$)?[sdif@]|<\/?\w+>")
PLURAL_KEYS = {"zero", "one", "two", "few", "many", "other"}


def load(path: Path) -> dict:
    if path.suffix in {".yml", ".yaml"}:
        import yaml  # only needed for YAML projects
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        # Rails-style files have the locale code as the single top-level key
        if len(data) == 1 and next(iter(data)) == path.stem:
            data = next(iter(data.values()))
        return data
    return json.loads(path.read_text(encoding="utf-8"))


def flatten(data: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in data.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict) and not set(value) <= PLURAL_KEYS:
            out.update(flatten(value, full))
        elif isinstance(value, dict):
            # plural forms differ per language; compare them as one entry
            out[full] = " | ".join(str(v) for v in value.values())
        else:
            out[full] = "" if value is None else str(value)
    return out


def placeholders(text: str) -> set[str]:
    return {re.sub(r"\s", "", m) for m in PLACEHOLDER.findall(text)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("folder", type=Path)
    p.add_argument("--source", default="en")
    args = p.parse_args()

    files = {f.stem: f for f in sorted(args.folder.iterdir()) if f.suffix in {".json", ".yml", ".yaml"}}
    if args.source not in files:
        print(f"source locale {args.source!r} not found in {args.folder}", file=sys.stderr)
        return 2
    source = flatten(load(files.pop(args.source)))
    problems = 0
    for locale, path in files.items():
        target = flatten(load(path))
        missing = [k for k in source if k not in target or not target[k].strip()]
        stale = [k for k in target if k not in source]
        mismatched = [k for k in source if k in target and target[k].strip()
                      and placeholders(source[k]) != placeholders(target[k])]
        done = 100 * (len(source) - len(missing)) / max(len(source), 1)
        print(f"{locale}: {done:.0f}% translated, {len(missing)} missing, {len(stale)} stale, "
              f"{len(mismatched)} placeholder mismatches")
        for k in missing[:20]:
            print(f"  missing     {k}")
        if len(missing) > 20:
            print(f"  ... and {len(missing) - 20} more")
        for k in stale:
            print(f"  stale       {k}")
        for k in mismatched:
            print(f"  placeholder {k}: {sorted(placeholders(source[k]))} vs {sorted(placeholders(target[k]))}")
        problems += len(missing) + len(mismatched)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
