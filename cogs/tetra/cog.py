"""The cog of TetrAction: the slash group ``/tetra`` (move, rules), on the shared base ``GameCog`` (bot/ui/gamecog.py).

The client finds it through the registry (``bot.games.game_module("tetra", "cog").COG``) and adds
``COG(bot, "tetra")``. Commands only TetrAction has go here, on ``self.group``. The game's pure modules
(engine, spec, ...) never import this one: importing it has no side effects beyond defining the class.
"""

from __future__ import annotations

from bot.ui.gamecog import GameCog


class TetraCog(GameCog):
    """``/tetra``: a move typed in the notation of TetrAction, and where to read its rules."""


COG = TetraCog
