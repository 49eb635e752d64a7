#!/usr/bin/env python3
"""Render one chart from a CSV or Excel sheet.

Usage examples:
  plot_sheet.py data.xlsx --describe
  plot_sheet.py data.xlsx --sheet Sales --x Month --y Revenue Cost --kind line --out charts/
"""
import argparse
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display needed; we only write files
import matplotlib.pyplot as plt
import matplotlib.ticker as mticker
import pandas as pd


def load(path: Path, sheet: str | None, header_row: int) -> pd.DataFrame:
    if path.suffix.lower() in {".xlsx", ".xlsm", ".xls"}:
        return pd.read_excel(path, sheet_name=sheet or 0, header=header_row)
    return pd.read_csv(path, header=header_row)


def describe(path: Path) -> None:
    if path.suffix.lower() in {".xlsx", ".xlsm", ".xls"}:
        sheets = pd.read_excel(path, sheet_name=None, nrows=5)
    else:
        sheets = {"(csv)": pd.read_csv(path, nrows=5)}
    for name, frame in sheets.items():
        print(f"== sheet: {name}")
        print(frame.dtypes.to_string())
        print(frame.head().to_string())
        print()


def plot(df: pd.DataFrame, args: argparse.Namespace) -> Path:
    x = df[args.x]
    if args.kind == "line":
        parsed = pd.to_datetime(x, errors="coerce")
        if parsed.notna().mean() > 0.9:
            df = df.assign(**{args.x: parsed}).sort_values(args.x)
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=200)
    colours = plt.get_cmap("tab10").colors
    for i, col in enumerate(args.y):
        series = pd.to_numeric(df[col], errors="coerce")
        colour = colours[i % len(colours)]
        if args.kind == "line":
            ax.plot(df[args.x], series, label=col, color=colour)
            if args.rolling:
                ax.plot(df[args.x], series.rolling(args.rolling).mean(), linestyle="--",
                        color=colour, alpha=0.7, label=f"{col} ({args.rolling}-period avg)")
        elif args.kind == "scatter":
            ax.scatter(df[args.x], series, label=col, color=colour, s=12)
    if args.kind == "bar":
        totals = df.groupby(args.x)[args.y].sum().sort_values(args.y[0], ascending=True)
        totals.plot.barh(ax=ax, color=colours[: len(args.y)])
        ax.set_xlim(left=0)  # bars always start at zero
    fmt = mticker.PercentFormatter(1.0) if args.percent else mticker.StrMethodFormatter("{x:,.0f}")
    (ax.xaxis if args.kind == "bar" else ax.yaxis).set_major_formatter(fmt)
    ax.set_title(args.title or f"{', '.join(args.y)} by {args.x}")
    ax.grid(alpha=0.3)
    if len(args.y) > 1 or args.rolling:
        ax.legend(frameon=False)
    fig.autofmt_xdate() if args.kind == "line" else None
    fig.tight_layout()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    name = f"{args.kind}-{'-'.join(args.y)}-by-{args.x}".lower().replace(" ", "_")
    target = out_dir / f"{name}.{args.format}"
    fig.savefig(target)
    plt.close(fig)
    return target


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", type=Path)
    p.add_argument("--sheet")
    p.add_argument("--header-row", type=int, default=0)
    p.add_argument("--describe", action="store_true")
    p.add_argument("--x")
    p.add_argument("--y", nargs="+")
    p.add_argument("--kind", choices=["line", "bar", "scatter"], default="line")
    p.add_argument("--melt", help="treat all non-x columns as values of this new column")
    p.add_argument("--rolling", type=int, default=0)
    p.add_argument("--percent", action="store_true")
    p.add_argument("--title")
    p.add_argument("--format", choices=["png", "svg"], default="png")
    p.add_argument("--out", default="charts")
    args = p.parse_args()

    if args.describe:
        describe(args.file)
        return 0
    df = load(args.file, args.sheet, args.header_row)
    if args.melt:
        df = df.melt(id_vars=[args.x], var_name=args.melt, value_name="value")
        args.x, args.y = args.melt, ["value"]
    if not args.x or not args.y:
        p.error("--x and --y are required unless --describe is given")
    missing = [c for c in [args.x, *args.y] if c not in df.columns]
    if missing:
        print(f"unknown column(s): {missing}; available: {list(df.columns)}", file=sys.stderr)
        return 2
    print(plot(df, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
