"""The review's pictures (bot/ui/review.py): one decision as a small before -> after pair.

Drawn in the render pool. The match is replayed from its log (``bot.ai.advice.replay_steps``); the
reviewed seat's view before and after its answer are drawn by the game's own ``render_board`` with the
players' names, scaled down with Pillow and set side by side under a "Before" / "After" caption, so a
phone shows the pair in one picture. The texts of the decision (the answer given and the bot's preferred
one, in the game's own option labels from the view the seat decided on) come from the same replay.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot import i18n
from bot.ai.advice import Mistake, replay_steps
from bot.games import GameSpec, get_game
from bot.render.names import render_with_names
from bot.render.toolkit import encode_png, font

WIDTH = 760  # the pair, for a phone (docs/ARCHITECTURE.md "Pictures for phones")
GAP = 24
CAPTION = 22
BACKGROUND = (34, 37, 43)
INK = (235, 235, 235)


@dataclass(frozen=True)
class ReviewedDecision:
    """What the review shows of one mistake: the picture (PNG), and the answers in the game's words."""

    index: int
    picture: bytes
    chosen: str
    preferred: str


def answer_label(game: GameSpec, answer: Sequence[str], view: dict, locale: str) -> str:
    if not answer:
        return i18n.t("advice.nothing", locale)
    return ", ".join(game.option_label(option, view, locale) for option in answer)


def pair_picture(before: bytes, after: bytes, locale: str) -> bytes:
    """Two pictures side by side, each scaled to half the width, captioned Before and After."""
    half = (WIDTH - GAP) // 2
    images = []
    for data in (before, after):
        image = Image.open(io.BytesIO(data)).convert("RGB")
        height = max(1, round(image.height * half / image.width))
        images.append(image.resize((half, height), Image.Resampling.LANCZOS))
    height = CAPTION + 12 + max(image.height for image in images)
    canvas = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    face = font(CAPTION, bold=True)
    for number, (image, key) in enumerate(zip(images, ("advice.before", "advice.after"), strict=True)):
        left = number * (half + GAP)
        draw.text((left + half // 2, 4), i18n.t(key, locale), font=face, fill=INK, anchor="mt")
        canvas.paste(image, (left, CAPTION + 12))
    middle, level = half + GAP // 2, CAPTION + 12 + images[0].height // 2  # an arrow between them
    draw.polygon([(middle - 7, level - 10), (middle + 8, level), (middle - 7, level + 10)], fill=INK)
    return encode_png(canvas)


def review_pictures(game_id: str, names: tuple[str, str], seed: int, options: dict[str, str],
                    log: Sequence[tuple[int, Sequence[str]]], seat: int, mistakes: Sequence[Mistake],
                    locale: str) -> list[ReviewedDecision]:
    """In the render pool: each mistake's before -> after picture of ``seat``'s views, and its answers."""
    game = get_game(game_id)
    steps = {step.index: step for step in replay_steps(game_id, seed, options, log)}
    shown = []
    for mistake in mistakes:
        step = steps[mistake.index]
        before = game.engine.view(step.before, seat)
        after = game.engine.view(step.after, seat)
        picture = pair_picture(render_with_names(names, game.render_board, before, locale),
                               render_with_names(names, game.render_board, after, locale), locale)
        shown.append(ReviewedDecision(mistake.index, picture,
                                      render_with_names(names, answer_label, game, mistake.chosen, before, locale),
                                      render_with_names(names, answer_label, game, mistake.preferred, before, locale)))
    return shown
