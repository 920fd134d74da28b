"""The developer's tooling, run from a checkout and not shipped in the wheel: benchmarks, studies, the scale
proof, self-play and the arena, and the asset scripts. ``python -m tools <command>`` (or ``python -m bot
<command>``, which hands these commands over): see ``tools/cli.py``."""
