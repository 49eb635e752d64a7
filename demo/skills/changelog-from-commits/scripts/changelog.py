#!/usr/bin/env python3
"""Draft a Keep-a-Changelog section from Conventional Commits in a git range.

Usage: changelog.py v1.2.0..HEAD --version 1.3.0 [--repo-url https://github.com/org/repo]
"""
import argparse
import datetime as dt
import re
import subprocess
import sys

HEADER = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]*)\))?(?P<bang>!)?:\s*(?P<subject>.+)$")
SECTIONS = {"feat": "Added", "fix": "Fixed", "perf": "Changed", "refactor": "Changed",
            "revert": "Changed", "deprecate": "Deprecated", "remove": "Removed", "security": "Security"}
SKIP = {"chore", "ci", "build", "test", "style", "docs"}
ORDER = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security", "Other"]
SEP = "\x1e"


def commits(rev_range: str) -> list[tuple[str, str, str]]:
    fmt = f"%H%x1f%s%x1f%b{SEP}"
    out = subprocess.run(["git", "log", "--no-merges", f"--format={fmt}", rev_range],
                         check=True, capture_output=True, text=True).stdout
    result = []
    for record in out.split(SEP):
        record = record.strip("\n")
        if record:
            sha, subject, body = (record.split("\x1f") + ["", ""])[:3]
            result.append((sha, subject.strip(), body.strip()))
    return result


def link_prs(text: str, repo_url: str | None) -> str:
    if not repo_url:
        return text
    return re.sub(r"\(#(\d+)\)", lambda m: f"([#{m.group(1)}]({repo_url}/pull/{m.group(1)}))", text)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("range", help="git revision range, e.g. v1.2.0..HEAD")
    p.add_argument("--version", required=True)
    p.add_argument("--date", default=dt.date.today().isoformat())
    p.add_argument("--repo-url")
    p.add_argument("--include-internal", action="store_true", help="keep chore/ci/docs/test commits")
    args = p.parse_args()

    groups: dict[str, list[str]] = {name: [] for name in ORDER}
    breaking: list[str] = []
    for sha, subject, body in commits(args.range):
        m = HEADER.match(subject)
        if not m:
            groups["Other"].append(f"{subject} ({sha[:7]})")
            continue
        kind = m.group("type").lower()
        text = m.group("subject")
        text = text[0].upper() + text[1:]
        if m.group("scope"):
            text = f"**{m.group('scope')}**: {text}"
        note = re.search(r"^BREAKING[ -]CHANGE:\s*(.+)", body, re.MULTILINE)
        if m.group("bang") or note:
            breaking.append(text + (f". {note.group(1).strip()}" if note else ""))
            continue
        if kind in SKIP and not args.include_internal:
            continue
        groups[SECTIONS.get(kind, "Other")].append(text)

    lines = [f"## [{args.version}] - {args.date}"]
    if breaking:
        lines.append("### ⚠ Breaking")
        lines += [f"- {link_prs(t, args.repo_url)}" for t in breaking]
    for name in ORDER:
        if groups[name]:
            lines.append(f"### {name}")
            lines += [f"- {link_prs(t, args.repo_url)}" for t in groups[name]]
    if len(lines) == 1:
        lines.append("_No user-facing changes._")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
