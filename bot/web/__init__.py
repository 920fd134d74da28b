"""The live web view of every match (issue 29, docs/WEB.md): signed links, pages, server-sent events.

Runs inside each bot process next to discord.py (``bot/client.py`` starts and stops it when ``WEB_PORT``
is set). Any process serves any match from the store; live news comes from the publish path of the
process that publishes the match (``Publisher.on_change`` -> ``LiveHub.changed``).
"""
