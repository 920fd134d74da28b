"""``python -m tools bench|selfplay|arena|prove-scale ...``: the developer commands (tools/cli.py)."""

import sys

from tools.cli import main

sys.exit(main())
