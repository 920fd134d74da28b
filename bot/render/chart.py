"""The rating chart of /stats: rating after each rated match, 1000 px wide, text never below 18 px."""

from __future__ import annotations

from bot.render.toolkit import Canvas

WIDTH, HEIGHT = 1000, 480
LEFT, RIGHT, TOP, BOTTOM = 100, 40, 80, 70
LINE = (120, 190, 255)
GRID = (70, 76, 88)
TEXT = (235, 235, 235)
MUTED = (170, 176, 188)


def render_rating_chart(title: str, points: list[float], x_label: str) -> bytes:
    """``points``: the rating before the first rated match, then after each one (at least one value)."""
    canvas = Canvas(WIDTH, HEIGHT)
    canvas.text((LEFT, 24), title, size=30, fill=TEXT, bold=True)
    low, high = min(points), max(points)
    margin = max(25.0, (high - low) * 0.1)
    low, high = low - margin, high + margin
    step = _nice_step(high - low)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(value: float) -> float:
        return TOP + plot_h - (value - low) / (high - low) * plot_h

    tick = (int(low // step) + 1) * step
    while tick < high:
        y = y_of(tick)
        canvas.draw.line((LEFT, y, WIDTH - RIGHT, y), fill=GRID, width=1)
        canvas.text((LEFT - 12, y), f"{tick:.0f}", size=20, fill=MUTED, anchor="rm")
        tick += step
    canvas.draw.line((LEFT, TOP, LEFT, TOP + plot_h), fill=MUTED, width=2)
    canvas.draw.line((LEFT, TOP + plot_h, WIDTH - RIGHT, TOP + plot_h), fill=MUTED, width=2)
    count = len(points)
    xs = [LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2) for i in range(count)]
    ys = [y_of(value) for value in points]
    if count > 1:
        canvas.draw.line(list(zip(xs, ys, strict=True)), fill=LINE, width=4, joint="curve")
    radius = 6 if count <= 60 else 3
    for x, y in zip(xs, ys, strict=True):
        canvas.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=LINE)
    canvas.text((xs[-1], ys[-1] - 14), f"{points[-1]:.0f}", size=24, fill=TEXT, bold=True,
                anchor="rb" if xs[-1] > WIDTH / 2 else "lb")
    canvas.text((LEFT + plot_w / 2, HEIGHT - 22), f"{x_label}: {count - 1}", size=20, fill=MUTED, anchor="mm")
    return canvas.png()


def _nice_step(span: float) -> float:
    for step in (10, 20, 25, 50, 100, 200, 250, 500):
        if span / step <= 6:
            return float(step)
    return 1000.0
