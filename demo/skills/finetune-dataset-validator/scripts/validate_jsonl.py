#!/usr/bin/env python3
"""Validate chat-format JSONL files for fine-tuning. Exit 1 when errors are found."""
import argparse
import hashlib
import json
import math
import sys
from collections import Counter
from pathlib import Path

ROLES = {"system", "user", "assistant", "tool"}


def estimate_tokens(messages: list[dict]) -> int:
    # rough: ~4 characters per token plus per-message overhead
    return sum(len(str(m.get("content", ""))) // 4 + 4 for m in messages)


def fingerprint(messages: list[dict]) -> str:
    return hashlib.sha256(json.dumps(messages, sort_keys=True).encode()).hexdigest()


def check_file(path: Path, max_tokens: int) -> tuple[list[str], list[str], dict]:
    errors, warnings = [], []
    seen: dict[str, int] = {}
    labels: Counter = Counter()
    systems: Counter = Counter()
    lengths = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            errors.append(f"{path.name}:{n}: invalid JSON ({err.msg})")
            continue
        messages = record.get("messages") if isinstance(record, dict) else None
        if not isinstance(messages, list) or not messages:
            errors.append(f"{path.name}:{n}: missing or empty 'messages'")
            continue
        roles = [m.get("role") for m in messages if isinstance(m, dict)]
        if len(roles) != len(messages) or any(r not in ROLES for r in roles):
            errors.append(f"{path.name}:{n}: unknown role or malformed message")
            continue
        if any(not str(m.get("content") or "").strip() for m in messages if m["role"] != "assistant" or "tool_calls" not in m):
            errors.append(f"{path.name}:{n}: empty content")
        if "assistant" not in roles:
            errors.append(f"{path.name}:{n}: no assistant message")
        elif roles[-1] != "assistant":
            errors.append(f"{path.name}:{n}: conversation does not end with an assistant message")
        tokens = estimate_tokens(messages)
        lengths.append(tokens)
        if tokens > max_tokens:
            errors.append(f"{path.name}:{n}: about {tokens} tokens, over the limit of {max_tokens}")
        fp = fingerprint(messages)
        if fp in seen:
            warnings.append(f"{path.name}:{n}: duplicate of line {seen[fp]}")
        else:
            seen[fp] = n
        if roles[-1] == "assistant":
            last = str(messages[-1].get("content") or "").strip()
            if len(last) < 3:
                warnings.append(f"{path.name}:{n}: very short assistant reply {last!r}")
            if len(last) <= 40:
                labels[last] += 1  # short final replies look like class labels
        if roles[0] == "system":
            systems[messages[0]["content"]] += 1
    stats = {"examples": len(lengths), "fingerprints": set(seen), "labels": labels,
             "systems": systems, "lengths": sorted(lengths)}
    return errors, warnings, stats


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("train", type=Path)
    p.add_argument("--val", type=Path)
    p.add_argument("--max-tokens", type=int, default=4096)
    p.add_argument("--show", type=int, default=10, help="problems to print per kind")
    args = p.parse_args()

    errors, warnings, stats = check_file(args.train, args.max_tokens)
    if args.val:
        v_errors, v_warnings, v_stats = check_file(args.val, args.max_tokens)
        errors += v_errors
        warnings += v_warnings
        leaked = len(v_stats["fingerprints"] & stats["fingerprints"])
        if leaked:
            warnings.append(f"{leaked} validation example(s) also appear in training (leakage)")

    lengths = stats["lengths"]
    print(f"{args.train.name}: {stats['examples']} examples")
    if lengths:
        print(f"estimated tokens: median {lengths[len(lengths) // 2]}, p95 {lengths[math.ceil(len(lengths) * 0.95) - 1]}, max {lengths[-1]}")
    if len(stats["systems"]) > 1:
        warnings.append(f"{len(stats['systems'])} different system prompts; keep it identical to production")
    if stats["labels"] and sum(stats["labels"].values()) > 0.8 * max(stats["examples"], 1):
        share = stats["labels"].most_common(1)[0][1] / sum(stats["labels"].values())
        print("label distribution: " + ", ".join(f"{k!r} {v}" for k, v in stats["labels"].most_common(8)))
        if share > 0.6:
            warnings.append(f"label imbalance: most common label is {share:.0%} of examples")
    for title, items in (("errors", errors), ("warnings", warnings)):
        print(f"\n{len(items)} {title}")
        for item in items[: args.show]:
            print(f"  {item}")
        if len(items) > args.show:
            print(f"  ... {len(items) - args.show} more")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
