"""Rebuild assets/fonts/ from Debian's fonts-noto-cjk (OFL) by subsetting to the characters we need.

Kept: ASCII, Latin-1, general punctuation and symbols, arrows, geometric shapes, kana, CJK punctuation,
full-width forms and every kanji of JIS X 0208 (levels 1 and 2, via cp932). Usage:
    apt-get install fonts-noto-cjk && python tools/make_font_subset.py
"""

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCES = {
    "NotoSansCJKjp-Regular.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "NotoSansCJKjp-Bold.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}
RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2100, 0x21FF), (0x2200, 0x22FF),
          (0x2460, 0x24FF), (0x2500, 0x25FF), (0x2600, 0x26FF), (0x3000, 0x30FF), (0xFF00, 0xFFEF)]


def wanted_codepoints() -> set[int]:
    points = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)}
    for lead in range(0x81, 0xF0):
        for trail in range(0x40, 0xFD):
            try:
                points.update(ord(ch) for ch in bytes([lead, trail]).decode("cp932"))
            except UnicodeDecodeError:
                pass
    return points


def main() -> None:
    out_dir = Path(__file__).resolve().parent.parent / "assets" / "fonts"
    out_dir.mkdir(parents=True, exist_ok=True)
    points = wanted_codepoints()
    for out_name, source in SOURCES.items():
        collection = TTCollection(source)
        font = next(f for f in collection.fonts if "JP" in f["name"].getDebugName(1))
        options = subset.Options()
        options.layout_features = ["kern", "palt", "vert"]
        options.name_IDs = ["*"]
        options.hinting = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=points)
        subsetter.subset(font)
        font.save(out_dir / out_name)
        print(out_name, (out_dir / out_name).stat().st_size)


if __name__ == "__main__":
    main()
