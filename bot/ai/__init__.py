"""The bot player: the search (ISMCTS over a game's ``GameSpec.bot`` hooks) and the worker process it runs
in, stepping aside while the bot handles members' clicks."""
