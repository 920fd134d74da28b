"""The command lines' parse-only mode: with ``DUELTABLE_PARSE_ONLY=1`` a command parses its argv with its
real parser, prints what it parsed and exits 0 without running.

Every entry point (``python -m bot``, ``python -m tools``, ``python -m tools.bench``,
``tools/measure_scaling.py``) parses through ``parse_args`` here, so tests/platform/test_doc_commands.py can
hold the long commands the README and docs print (bench, selfplay 400, arena, prove-scale) to the exact
parser a user's line goes through without spending minutes running them.
"""

from __future__ import annotations

import argparse
import os

PARSE_ONLY = "DUELTABLE_PARSE_ONLY"


def parse_args(parser: argparse.ArgumentParser, argv: list[str] | None = None) -> argparse.Namespace:
    args = parser.parse_args(argv)
    if os.environ.get(PARSE_ONLY) == "1":
        print(f"{parser.prog}: parsed {sorted(vars(args).items())}")
        raise SystemExit(0)
    return args
