"""The cog of 3x3 Wars: the slash group ``/wars`` (move, rules), on the shared base ``GameCog`` (bot/ui/gamecog.py).

The client finds it through the registry (``bot.games.game_module("wars", "cog").COG``) and adds
``COG(bot, "wars")``. Commands only 3x3 Wars has go here, on ``self.group``. The game's pure modules
(engine, spec, ...) never import this one: importing it has no side effects beyond defining the class.
"""

from __future__ import annotations

from bot.ui.gamecog import GameCog


class WarsCog(GameCog):
    """``/wars``: a move typed in the notation of 3x3 Wars, and where to read its rules."""


COG = WarsCog
