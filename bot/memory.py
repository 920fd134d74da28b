"""The bot's memory: giving the C heap's free pages back to the system, and how much is resident (the
render workers' stats). The benchmark's and studies' probes are ``tools/memstats.py``.

Pictures are allocated and freed by the megabyte (a 720x1500 RGB canvas is 4.3 MB in Pillow's four bytes
a pixel), in the render workers (or the bot's render threads). glibc raises its mmap threshold to the
largest block freed so far, so after the first big picture every canvas comes from the heap; the pages
that picture used stay resident when it is freed, and a heap whose top is still in use is never
shrunk. ``trim`` (glibc's ``malloc_trim``) hands every free page of every arena back to the kernel.
Setting the mmap threshold instead (canvases in memory of their own, unmapped when freed) cost 25-60%
more drawing CPU: every canvas is then faulted in afresh (docs/OPERATIONS.md, "Memory to budget").
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
import time
from typing import Any


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def _libc() -> Any:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        libc.malloc_trim.restype = ctypes.c_int
        libc.mallinfo2.restype = _MallInfo2
        return libc
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to trim or count
        return None


LIBC = _libc()


def trimmable() -> bool:
    return LIBC is not None


def trim() -> bool:
    """Give the C heap's free pages back to the system; True if any were."""
    return bool(LIBC.malloc_trim(0)) if LIBC is not None else False


def resident() -> dict[str, float]:
    """This process's resident memory in MB (Linux ``/proc``): now, peak, anonymous (heaps, Python
    objects, pictures) and file-backed (code, shared libraries, fonts)."""
    fields = {"VmRSS:": "rss", "VmHWM:": "peak", "RssAnon:": "anon", "RssFile:": "file"}
    found: dict[str, float] = {}
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                name, *rest = line.split()
                if name in fields:
                    found[fields[name]] = int(rest[0]) / 1024
    except OSError:
        pass
    return found


class Trimmer:
    """Trims the C heap after every ``every`` pictures drawn (called from the render threads), so the
    pages of freed canvases go back to the system while the next ones are drawn, not at some idle moment
    a busy bot never has. One trim at a time; a render that finds one running does not wait.

    With ``idle_seconds``, a thread also trims once when no picture has been drawn for that long since
    the last trim: a quiet bot's render worker otherwise keeps the heap its last pictures left (~10-15 MB a
    worker) until 64 more come, maybe hours later. It costs nothing under load (never idle that long).
    """

    def __init__(self, every: int, idle_seconds: float = 0.0) -> None:
        self.every = every
        self.idle_seconds = idle_seconds
        self.count = 0  # pictures since the last trim
        self.trims = 0
        self.idle_trims = 0
        self.seconds = 0.0  # CPU spent trimming (not the page faults of using trimmed pages again)
        self.last_picture = 0.0
        self._lock = threading.Lock()
        self._trimming = threading.Lock()
        self._watcher: threading.Thread | None = None

    def rendered(self) -> None:
        if self.every <= 0 or LIBC is None:
            return
        with self._lock:
            self.count += 1
            self.last_picture = time.monotonic()
            if self.idle_seconds > 0 and self._watcher is None:
                # started by the first picture, in the process that draws (a render worker or the bot)
                self._watcher = threading.Thread(target=self._watch, name="heap-trimmer", daemon=True)
                self._watcher.start()
            if self.count < self.every:
                return
            self.count = 0
        self._trim()

    def _watch(self) -> None:
        while True:
            time.sleep(self.idle_seconds / 2)
            with self._lock:
                due = self.count > 0 and time.monotonic() - self.last_picture >= self.idle_seconds
                if due:
                    self.count = 0
            if due and self._trim():
                self.idle_trims += 1

    def _trim(self) -> bool:
        if not self._trimming.acquire(blocking=False):
            return False
        try:
            started = time.thread_time()
            LIBC.malloc_trim(0)
            self.seconds += time.thread_time() - started
            self.trims += 1
            return True
        finally:
            self._trimming.release()
