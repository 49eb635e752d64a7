#!/usr/bin/env python3
"""Bulk-rename files in a folder: regex, date prefix, numbering or case. Dry run by default."""
import argparse
import datetime as dt
import re
import shlex
import subprocess
import sys
from pathlib import Path


def natural_key(path: Path):
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", path.name)]


def to_case(stem: str, case: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", stem)
    if case == "kebab":
        return "-".join(w.lower() for w in words)
    if case == "snake":
        return "_".join(w.lower() for w in words)
    return stem.lower()


def in_git_repo(folder: Path) -> bool:
    res = subprocess.run("git rev-parse --is-inside-work-tree", shell=True, cwd=folder,
                         capture_output=True, text=True)
    return res.returncode == 0


def move(src: Path, dst: Path, use_git: bool) -> None:
    if use_git:
        subprocess.run(f'git mv "{src.name}" "{dst.name}"', shell=True, check=True, cwd=src.parent)
    else:
        src.rename(dst)


def plan(files: list[Path], args: argparse.Namespace) -> list[tuple[Path, Path]]:
    pairs = []
    for index, f in enumerate(files, 1):
        stem, ext = f.stem, f.suffix
        if args.pattern:
            stem = re.sub(args.pattern, args.replace or "", stem)
        if args.date_prefix:
            stamp = dt.datetime.fromtimestamp(f.stat().st_mtime).strftime("%Y-%m-%d_%H%M%S")
            stem = f"{stamp}_{stem}"
        if args.number:
            stem = str(index).zfill(args.number)
        if args.case:
            stem = to_case(stem, args.case)
            ext = ext.lower()
        target = f.with_name(stem + ext)
        if target != f:
            pairs.append((f, target))
    return pairs


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("folder", type=Path)
    p.add_argument("--pattern")
    p.add_argument("--replace")
    p.add_argument("--date-prefix", action="store_true")
    p.add_argument("--number", type=int, metavar="DIGITS")
    p.add_argument("--case", choices=["kebab", "snake", "lower"])
    p.add_argument("--glob", default="*")
    p.add_argument("--apply", action="store_true")
    args = p.parse_args()

    files = sorted((f for f in args.folder.glob(args.glob) if f.is_file()), key=natural_key)
    pairs = plan(files, args)
    targets = [dst.name.lower() for _, dst in pairs]
    untouched = {f.name.lower() for f in files} - {src.name.lower() for src, _ in pairs}
    clashes = {t for t in targets if targets.count(t) > 1 or t in untouched}
    for src, dst in pairs:
        mark = "  !! collision" if dst.name.lower() in clashes else ""
        print(f"{src.name} -> {dst.name}{mark}")
    if clashes:
        print(f"\n{len(clashes)} collision(s); nothing renamed.", file=sys.stderr)
        return 1
    if not args.apply:
        print(f"\n{len(pairs)} file(s) would be renamed. Re-run with --apply.")
        return 0

    use_git = in_git_repo(args.folder)
    # two phases through temporary names: handles swaps and case-only renames
    temps = []
    for i, (src, dst) in enumerate(pairs):
        tmp = src.with_name(f".rename-{i}-{src.name}")
        move(src, tmp, use_git)
        temps.append((tmp, dst, src))
    undo = ["#!/usr/bin/env bash", "set -e"]
    for tmp, dst, src in temps:
        move(tmp, dst, use_git)
        undo.append(f"mv -n -- {shlex.quote(dst.name)} {shlex.quote(src.name)}")
    (args.folder / "undo-rename.sh").write_text("\n".join(undo) + "\n")
    print(f"\nrenamed {len(pairs)} file(s){' with git mv' if use_git else ''}; undo: bash undo-rename.sh")
    return 0


if __name__ == "__main__":
    sys.exit(main())
