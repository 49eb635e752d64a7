#!/usr/bin/env python3
"""WCAG 2.x contrast ratio checker with nearest-passing-colour suggestions (stdlib only)."""
import argparse
import colorsys
import sys


def parse(hex_colour: str) -> tuple[float, float, float, float]:
    h = hex_colour.strip().lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    if len(h) not in (6, 8):
        raise ValueError(f"not a hex colour: {hex_colour}")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    a = int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
    return r, g, b, a


def blend(fg, bg):
    r, g, b, a = fg
    return tuple(a * c + (1 - a) * d for c, d in zip((r, g, b), bg[:3]))


def luminance(rgb) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(fg_rgb, bg_rgb) -> float:
    l1, l2 = sorted((luminance(fg_rgb), luminance(bg_rgb)), reverse=True)
    return (l1 + 0.05) / (l2 + 0.05)


def to_hex(rgb) -> str:
    return "#" + "".join(f"{round(c * 255):02X}" for c in rgb)


def nearest_passing(fg_rgb, bg_rgb, target: float):
    """Change only lightness (HLS), searching outward from the original value."""
    h, l, s = colorsys.rgb_to_hls(*fg_rgb)
    for step in range(1, 101):
        for direction in (-1, 1):
            nl = l + direction * step / 100
            if 0 <= nl <= 1:
                cand = colorsys.hls_to_rgb(h, nl, s)
                cand = tuple(round(c * 255) / 255 for c in cand)  # what a hex code can express
                if ratio(cand, bg_rgb) >= target:
                    return cand
    return None


def report(fg: str, bg: str, target: float, label: str = "") -> bool:
    bg_c = parse(bg)
    bg_rgb = blend(bg_c, (1.0, 1.0, 1.0, 1.0))
    fg_rgb = blend(parse(fg), bg_rgb)
    r = ratio(fg_rgb, bg_rgb)
    verdict = lambda need: "pass" if r >= need else "FAIL"
    name = f"{label}: " if label else ""
    print(f"{name}{fg} on {bg}: {r:.2f}:1  normal text AA {verdict(4.5)}, AAA {verdict(7)}; "
          f"large text AA {verdict(3)}; UI 3:1 {verdict(3)}")
    if r < target:
        cand = nearest_passing(fg_rgb, bg_rgb, target)
        if cand:
            print(f"  nearest passing foreground for {target}:1: {to_hex(cand)} ({ratio(cand, bg_rgb):.2f}:1)")
        else:
            print(f"  no lightness change of {fg} reaches {target}:1 on {bg}; change the background")
        return False
    return True


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("colours", nargs="*", metavar="COLOUR", help="foreground background")
    p.add_argument("--file", help="lines of: foreground background [label]")
    p.add_argument("--target", type=float, default=4.5)
    args = p.parse_args()
    pairs = []
    if args.file:
        with open(args.file, encoding="utf-8") as f:
            for line in f:
                parts = line.split(None, 2)
                if len(parts) >= 2 and not line.lstrip().startswith("#"):
                    pairs.append((parts[0], parts[1], parts[2].strip() if len(parts) > 2 else ""))
    if args.colours:
        if len(args.colours) != 2:
            p.error("give exactly two colours: foreground background")
        pairs.append((args.colours[0], args.colours[1], ""))
    if not pairs:
        p.error("no colour pairs given")
    ok = [report(fg, bg, args.target, label) for fg, bg, label in pairs]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
