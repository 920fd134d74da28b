"""A game's rulebook as data: pages of text keys, each with a picture drawn by the game's own renderers.

A game declares ``GameSpec.rulebook``: a function returning its pages in reading order. A page's words are
locale keys, ``<game>.rulebook.<page>.title`` and ``<game>.rulebook.<page>.body``, in the game's own
``assets/locales/<locale>/<game>_rulebook.toml``; its picture is a function of the locale that draws a real
example state with the game's renderers (``render_board`` / ``render_hand`` / ``render_card`` of a view the
engine made), so a picture can never drift from the game. A "how to read the board" page adds numbered
callouts (where on the picture, as fractions of its width and height) that its body explains in order.

Pure: no discord. The Discord layer pages through these (bot/ui/, ``/<game> rules``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# A page must fit one phone screen above its picture (Discord's embed on a ~360 px wide phone shows
# ~40 Latin characters or ~20 Japanese ones a line; ~18 lines before the picture is scrolled to):
# at most this many characters of body text, and a short title.
BODY_LIMIT: dict[str, int] = {"en": 700, "ja": 360}
TITLE_LIMIT = 60
MIN_PAGES = 6

# The pages every rulebook has, by what they teach (a game may add more, e.g. its keywords or decks).
REQUIRED_TOPICS: tuple[str, ...] = ("goal", "setup", "turn", "end", "board")


@dataclass(frozen=True)
class Callout:
    """A numbered marker on a page's picture: ``x`` and ``y`` are fractions (0..1) of its width and height."""

    number: int
    x: float
    y: float


@dataclass(frozen=True)
class RulePage:
    """One page: ``key`` names its texts; ``topic`` is what it teaches (one of REQUIRED_TOPICS or the
    game's own, e.g. ``actions``, ``cards``, ``keywords``, ``decks``); ``picture(locale)`` draws its PNG."""

    key: str
    topic: str
    picture: Callable[[str], bytes] | None = None
    callouts: tuple[Callout, ...] = ()

    def title_key(self, game_id: str) -> str:
        return f"{game_id}.rulebook.{self.key}.title"

    def body_key(self, game_id: str) -> str:
        return f"{game_id}.rulebook.{self.key}.body"
