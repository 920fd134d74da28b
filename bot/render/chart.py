"""The rating chart of /stats: rating after each rated match.

760 px wide for phones: no text under 1/40 of the width (19 px); the title and the current rating, the
main information, and the axis ratings at least 1/28 (28 px).
"""

from __future__ import annotations

from bot.render.toolkit import Canvas, encode_png, font, wrap_text
from bot.render.toolkit import fit_text as fit

WIDTH, HEIGHT = 760, 500
LEFT, RIGHT, BOTTOM = 104, 30, 64
TITLE, VALUE, TICK, LABEL = 30, 32, 28, 22
LINE = (120, 190, 255)
GRID = (70, 76, 88)
TEXT = (235, 235, 235)
MUTED = (170, 176, 188)


def render_rating_chart(title: str, points: list[float], x_label: str) -> bytes:
    """``points``: the rating before the first rated match, then after each one (at least one value)."""
    lines = wrap_text(title, TITLE, WIDTH - 48, bold=True)
    if len(lines) > 2:  # a long display name: two lines, the second cut
        lines = [lines[0], fit(" ".join(lines[1:]), TITLE, WIDTH - 48, bold=True)]
    top = 44 + 40 * len(lines)
    canvas = Canvas(WIDTH, HEIGHT + top - 84)
    for index, line in enumerate(lines):
        canvas.text((24, 40 + index * 40), line, size=TITLE, fill=TEXT, bold=True, anchor="lm")
    low, high = min(points), max(points)
    margin = max(25.0, (high - low) * 0.1)
    low, high = low - margin, high + margin
    step = _nice_step(high - low)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - 84 - BOTTOM

    def y_of(value: float) -> float:
        return top + plot_h - (value - low) / (high - low) * plot_h

    tick = (int(low // step) + 1) * step
    while tick < high:
        y = y_of(tick)
        canvas.draw.line((LEFT, y, WIDTH - RIGHT, y), fill=GRID, width=1)
        canvas.text((LEFT - 12, y), f"{tick:.0f}", size=TICK, fill=MUTED, anchor="rm")
        tick += step
    canvas.draw.line((LEFT, top, LEFT, top + plot_h), fill=MUTED, width=2)
    canvas.draw.line((LEFT, top + plot_h, WIDTH - RIGHT, top + plot_h), fill=MUTED, width=2)
    count = len(points)
    xs = [LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2) for i in range(count)]
    ys = [y_of(value) for value in points]
    if count > 1:
        canvas.draw.line(list(zip(xs, ys, strict=True)), fill=LINE, width=4, joint="curve")
    radius = 6 if count <= 60 else 3
    for x, y in zip(xs, ys, strict=True):
        canvas.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=LINE)
    # The current rating beside its point, inside the plot whichever half it is in.
    above = ys[-1] - 14 > top + VALUE
    right_half = xs[-1] > WIDTH / 2
    anchor = ("r" if right_half else "l") + ("b" if above else "t")
    at = (xs[-1] + (-12 if right_half else 12), ys[-1] - 14 if above else ys[-1] + 14)
    box = canvas.draw.textbbox(at, f"{points[-1]:.0f}", font=font(VALUE, True), anchor=anchor)
    canvas.rect((box[0] - 6, box[1] - 4, box[2] + 6, box[3] + 4), fill=(34, 38, 46), radius=6)
    canvas.text(at, f"{points[-1]:.0f}", size=VALUE, fill=TEXT, bold=True, anchor=anchor)
    canvas.text((LEFT + plot_w / 2, top + plot_h + BOTTOM - 26), f"{x_label}: {count - 1}", size=LABEL, fill=MUTED, anchor="mm")
    return encode_png(canvas.image)


def _nice_step(span: float) -> float:
    for step in (10, 20, 25, 50, 100, 200, 250, 500):
        if span / step <= 6:
            return float(step)
    return 1000.0
