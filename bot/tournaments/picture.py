"""The standings as a picture for a phone (bot/render toolkit): 760 px wide, the title and names at 28 px
(1/27 of the width), the figures at 26 px; at most ``MAX_ROWS`` players (the text lists everyone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot import i18n
from bot.render.toolkit import Canvas, fit_text, wrap_text
from bot.tournaments.results import shown
from bot.tournaments.standings import Row
from bot.tournaments.text import quarter

WIDTH = 760
ROW = 46
TOP = 120
MAX_ROWS = 32
TITLE, NAME, FIGURE, HEAD = 30, 28, 26, 22
TEXT = (235, 235, 235)
MUTED = (170, 176, 188)
STRIPE = (44, 49, 59)
GOLD = (240, 200, 90)
BACK = (34, 38, 46)
# x of each column's right edge (figures) or left edge (name)
RANK_X, NAME_X, SCORE_X, BH_X, SB_X, PLAYED_X = 62, 80, 500, 590, 680, 744


def render_standings(title: str, rows: Sequence[Row], names: Mapping[int, str], locale: str) -> bytes:
    shown_rows = list(rows)[:MAX_ROWS]
    lines = wrap_text(title, TITLE, WIDTH - 48, bold=True)
    if len(lines) > 2:
        lines = [lines[0], fit_text(" ".join(lines[1:]), TITLE, WIDTH - 48, bold=True)]
    top = TOP + 40 * (len(lines) - 1)
    canvas = Canvas(WIDTH, top + ROW * len(shown_rows) + 24, background=BACK)
    for number, line in enumerate(lines):
        canvas.text((24, 40 + 40 * number), line, size=TITLE, fill=TEXT, bold=True, anchor="lm", on=BACK)
    heads = ((RANK_X, "#"), (SCORE_X, i18n.t("tournaments.picture.score", locale)),
             (BH_X, i18n.t("tournaments.picture.buchholz", locale)),
             (SB_X, i18n.t("tournaments.picture.berger", locale)),
             (PLAYED_X, i18n.t("tournaments.picture.played", locale)))
    for x, head in heads:
        canvas.text((x, top - 22), head, size=HEAD, fill=MUTED, anchor="rm", on=BACK)
    canvas.text((NAME_X, top - 22), i18n.t("tournaments.picture.player", locale), size=HEAD, fill=MUTED,
                anchor="lm", on=BACK)
    for index, row in enumerate(shown_rows):
        y = top + index * ROW
        ground = STRIPE if index % 2 == 0 else BACK
        if ground != BACK:
            canvas.rect((12, y, WIDTH - 12, y + ROW), fill=ground, radius=6, on=BACK)
        middle = y + ROW // 2
        name = names.get(row.player, "?")
        if row.withdrawn:
            name += " " + i18n.t("tournaments.standings.withdrawn", locale)
        colour = GOLD if row.rank == 1 else TEXT
        canvas.text((RANK_X, middle), str(row.rank), size=NAME, fill=colour, bold=True, anchor="rm", on=ground)
        canvas.text((NAME_X, middle), fit_text(name, NAME, SCORE_X - NAME_X - 70), size=NAME, fill=colour,
                    anchor="lm", on=ground)
        for x, value in ((SCORE_X, shown(row.score)), (BH_X, shown(row.buchholz)),
                         (SB_X, quarter(row.sonneborn_berger)), (PLAYED_X, str(row.played))):
            canvas.text((x, middle), value, size=FIGURE if x != SCORE_X else NAME, fill=TEXT if x == SCORE_X
                        else MUTED, bold=x == SCORE_X, anchor="rm", on=ground)
    return canvas.png()
