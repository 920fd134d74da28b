"""The bench's verdict: each target with what was measured and PASS or FAIL, one table at the end, and the exit
status (1 when a target is missed, unless ``--report-only``); progress lines on stderr during long runs.

The targets are issue 13's and issue 16's on the 2-core host (tools/bench.py: TARGETS); a row names the worst
case it was measured on (the slowest game, the largest picture).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Row:
    what: str
    measured: float
    limit: float
    at_most: bool  # True: measured <= limit passes; False: measured >= limit passes
    unit: str
    worst: str = ""

    @property
    def passed(self) -> bool:
        return self.measured <= self.limit if self.at_most else self.measured >= self.limit

    def cells(self) -> tuple[str, str, str, str]:
        shown = f"{self.measured:+.0%}" if self.unit == "%" else f"{self.measured:.1f} {self.unit}"
        limit = f"{self.limit:+.0%}" if self.unit == "%" else f"{self.limit:g} {self.unit}"
        what = f"{self.what} ({self.worst})" if self.worst else self.what
        return what, shown, ("<= " if self.at_most else ">= ") + limit, "PASS" if self.passed else "FAIL"


@dataclass
class Summary:
    rows: list[Row] = field(default_factory=list)

    def at_most(self, what: str, measured: float, limit: float, unit: str, worst: str = "") -> None:
        self.rows.append(Row(what, measured, limit, True, unit, worst))

    def at_least(self, what: str, measured: float, limit: float, unit: str, worst: str = "") -> None:
        self.rows.append(Row(what, measured, limit, False, unit, worst))

    def failed(self) -> list[Row]:
        return [row for row in self.rows if not row.passed]

    def table(self) -> str:
        cells = [("target", "measured", "limit", "result"), *(row.cells() for row in self.rows)]
        widths = [max(len(line[column]) for line in cells) for column in range(4)]
        lines = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
                 for line in cells]
        missed = len(self.failed())
        verdict = f"{missed} of {len(self.rows)} targets missed" if missed else f"all {len(self.rows)} targets met"
        return "\n".join(["", *lines, verdict])

    def exit_status(self, report_only: bool) -> int:
        """1 when a target is missed (a build or a script can tell), 0 with ``report_only``."""
        print(self.table())
        return 0 if report_only or not self.failed() else 1


class Progress:
    """A line on stderr at most every ``every`` seconds: a long run is not silent (``bench botmatch``: 85 s)."""

    def __init__(self, label: str, total: int, every: float = 10.0) -> None:
        self.label, self.total, self.every = label, total, every
        self.started = self.last = time.perf_counter()

    def tick(self, done: int) -> None:
        now = time.perf_counter()
        if now - self.last >= self.every:
            self.last = now
            print(f"  {self.label}: {done}/{self.total} after {now - self.started:.0f} s", file=sys.stderr, flush=True)
