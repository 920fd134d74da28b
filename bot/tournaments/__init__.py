"""Organized play: Swiss and round-robin pairing, scores, tie-breaks and standings (pure, synchronous).

The store keeps the rounds and pairings (``bot/store/tournaments.py``); the cog runs them in a server
(``cogs/tournaments.py``). The exact rules are written down in docs/TOURNAMENTS.md.
"""
