"""Memory probes for the benchmark and studies: the C heap, a process's children and ``/proc`` status lines,
and one line of everything (bot/memory.py keeps only what the bot itself uses)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from bot import memory


def heap() -> dict[str, float]:
    """The C heap in MB, over every arena: ``in_use`` by live allocations, ``free`` held by malloc (free
    chunks whose pages may still be resident), ``mapped`` in blocks of their own (mmap)."""
    if memory.LIBC is None:
        return {}
    info = memory.LIBC.mallinfo2()
    return {"in_use": info.uordblks / 2**20, "free": info.fordblks / 2**20, "mapped": info.hblkhd / 2**20}


def child_pids(pid: int | str = "self") -> list[int]:
    """A process's live child processes (the bot's render and bot-player workers), from ``/proc``."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        with contextlib.suppress(OSError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def status_mb(pid: int | str, field: str) -> float | None:
    """One memory line of a process's ``/proc/<pid>/status`` (``VmHWM``, ``VmRSS``...) in MB; None if gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    return next((int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith(field + ":")), None)


def breakdown() -> str:
    """One line: resident, C heap and Pillow's block counts, in MB."""
    from PIL import Image

    numbers = {**memory.resident(), **{f"heap_{key}": value for key, value in heap().items()}}
    text = " ".join(f"{key}={value:.1f}" for key, value in numbers.items())
    stats = Image.core.get_stats()
    return f"{text} pillow_blocks_cached={stats['blocks_cached']} pillow_new={stats['new_count']}"
