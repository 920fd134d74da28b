"""The cog of Starfall: the slash group ``/starfall`` (move, rules), on the shared base ``GameCog`` (bot/ui/gamecog.py).

The client finds it through the registry (``bot.games.game_module("starfall", "cog").COG``) and adds
``COG(bot, "starfall")``. Commands only Starfall has go here, on ``self.group``. The game's pure modules
(engine, spec, ...) never import this one: importing it has no side effects beyond defining the class.
"""

from __future__ import annotations

from bot.ui.gamecog import GameCog


class StarfallCog(GameCog):
    """``/starfall``: a move typed in the notation of Starfall, and where to read its rules."""


COG = StarfallCog
