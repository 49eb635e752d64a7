#!/usr/bin/env python3
"""Generate responsive, compressed web images (AVIF/WebP/JPEG/PNG) and print <picture> markup."""
import argparse
import json
import sys
from pathlib import Path

from PIL import Image, ImageOps

try:
    import pillow_avif  # noqa: F401  registers the AVIF encoder
    HAVE_AVIF = True
except ImportError:
    HAVE_AVIF = False

SOURCE_EXT = {".jpg", ".jpeg", ".png", ".webp", ".tif", ".tiff"}
MIME = {"avif": "image/avif", "webp": "image/webp", "jpeg": "image/jpeg", "png": "image/png"}
EXT = {"avif": "avif", "webp": "webp", "jpeg": "jpg", "png": "png"}


def has_alpha(img: Image.Image) -> bool:
    return img.mode in ("RGBA", "LA") or (img.mode == "P" and "transparency" in img.info)


def save(img: Image.Image, target: Path, fmt: str, quality: int, lossless: bool) -> None:
    if fmt == "jpeg":
        img.convert("RGB").save(target, "JPEG", quality=quality, optimize=True, progressive=True)
    elif fmt == "png":
        img.save(target, "PNG", optimize=True)
    elif fmt == "webp":
        img.save(target, "WEBP", quality=quality, method=6, lossless=lossless)
    elif fmt == "avif":
        img.save(target, "AVIF", quality=quality)


def process(src: Path, out: Path, widths: list[int], formats: list[str], quality: int,
            lossless: bool, url_prefix: str) -> dict:
    with Image.open(src) as opened:
        img = ImageOps.exif_transpose(opened)  # apply orientation, then metadata is dropped on save
        img.info.pop("exif", None)
        alpha = has_alpha(img)
        if img.mode not in ("RGB", "RGBA"):
            # palette, CMYK and 16-bit sources resample and encode badly; normalise first
            img = img.convert("RGBA" if alpha else "RGB")
        fmts = [("png" if f == "jpeg" and alpha else f) for f in formats]
        fmts = [f for f in fmts if f != "avif" or HAVE_AVIF]
        usable = sorted({w for w in widths if w <= img.width}) or [img.width]
        entry = {"source": str(src), "bytes": src.stat().st_size, "width": img.width,
                 "height": img.height, "variants": {}}
        for fmt in dict.fromkeys(fmts):
            for w in usable:
                h = round(img.height * w / img.width)
                resized = img if w == img.width else img.resize((w, h), Image.LANCZOS)
                target = out / f"{src.stem}-{w}.{EXT[fmt]}"
                save(resized, target, fmt, quality, lossless)
                entry["variants"].setdefault(fmt, []).append(
                    {"url": f"{url_prefix}{target.name}", "width": w, "bytes": target.stat().st_size})
        return entry


def picture(entry: dict, sizes: str) -> str:
    variants = entry["variants"]
    fallback_fmt = "png" if "png" in variants else "jpeg" if "jpeg" in variants else next(iter(variants))
    srcset = lambda fmt: ", ".join(f"{v['url']} {v['width']}w" for v in variants[fmt])
    lines = ["<picture>"]
    for fmt in ("avif", "webp"):
        if fmt in variants and fmt != fallback_fmt:
            lines.append(f'  <source type="{MIME[fmt]}" srcset="{srcset(fmt)}" sizes="{sizes}">')
    fb = variants[fallback_fmt]
    mid = fb[len(fb) // 2]
    lines.append(f'  <img src="{mid["url"]}" srcset="{srcset(fallback_fmt)}" sizes="{sizes}" '
                 f'width="{entry["width"]}" height="{entry["height"]}" alt="" loading="lazy" decoding="async">')
    lines.append("</picture>")
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("inputs", nargs="+", type=Path, help="image files or folders")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--widths", nargs="+", type=int, default=[480, 960, 1440, 1920])
    p.add_argument("--formats", nargs="+", choices=list(MIME), default=["avif", "webp", "jpeg"])
    p.add_argument("--quality", type=int, default=78)
    p.add_argument("--lossless", action="store_true")
    p.add_argument("--sizes", default="100vw", help="value of the sizes attribute")
    p.add_argument("--url-prefix", default="/img/")
    p.add_argument("--manifest", type=Path)
    args = p.parse_args()

    if "avif" in args.formats and not HAVE_AVIF:
        print("warning: pillow-avif-plugin not installed, skipping AVIF", file=sys.stderr)
    files = []
    for item in args.inputs:
        files += sorted(f for f in item.rglob("*") if f.suffix.lower() in SOURCE_EXT) if item.is_dir() else [item]
    if not files:
        print("no images found", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    manifest, before, after = [], 0, 0
    for f in files:
        entry = process(f, args.out, args.widths, args.formats, args.quality, args.lossless, args.url_prefix)
        manifest.append(entry)
        before += entry["bytes"]
        largest = {fmt: v[-1] for fmt, v in entry["variants"].items()}
        after += min(v["bytes"] for v in largest.values())
        summary = ", ".join(f"{Path(v['url']).name} {v['bytes'] // 1024:,} KB" for v in largest.values())
        print(f"{f.name} {entry['bytes'] // 1024:,} KB -> {summary}")
        print(picture(entry, args.sizes))
    print(f"\ntotal: {before // 1024:,} KB of sources; largest variant in best format: {after // 1024:,} KB")
    if args.manifest:
        args.manifest.write_text(json.dumps(manifest, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
