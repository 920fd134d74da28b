"""The cog of Formation: the slash group ``/formation`` (move, rules), on the shared base ``GameCog`` (bot/ui/gamecog.py).

The client finds it through the registry (``bot.games.game_module("formation", "cog").COG``) and adds
``COG(bot, "formation")``. Commands only Formation has go here, on ``self.group``. The game's pure modules
(engine, spec, ...) never import this one: importing it has no side effects beyond defining the class.
"""

from __future__ import annotations

from bot.ui.gamecog import GameCog


class FormationCog(GameCog):
    """``/formation``: a move typed in the notation of Formation, and where to read its rules."""


COG = FormationCog
