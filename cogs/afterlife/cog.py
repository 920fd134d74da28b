"""The cog of Afterlife: the slash group ``/afterlife`` (move, rules), on the shared base ``GameCog`` (bot/ui/gamecog.py).

The client finds it through the registry (``bot.games.game_module("afterlife", "cog").COG``) and adds
``COG(bot, "afterlife")``. Commands only Afterlife has go here, on ``self.group``. The game's pure modules
(engine, spec, ...) never import this one: importing it has no side effects beyond defining the class.
"""

from __future__ import annotations

from bot.ui.gamecog import GameCog


class AfterlifeCog(GameCog):
    """``/afterlife``: a move typed in the notation of Afterlife, and where to read its rules."""


COG = AfterlifeCog
