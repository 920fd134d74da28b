"""Worker processes (render, bot player) end when the bot process that started them dies.

A ``ProcessPoolExecutor`` worker waits for work on a pipe of which it holds both ends, so a bot killed
outright (SIGKILL, the out-of-memory killer) left its workers waiting for ever: ~60-85 MB each, more with
every crash and restart (seen on this host after the scale proof kills its bot processes). The watch is
a daemon thread that looks at the parent pid once a second; it costs nothing measurable.
"""

from __future__ import annotations

import os
import threading
import time

POLL_S = 1.0


def exit_with_parent(poll_s: float = POLL_S) -> None:
    """Call in a worker's initializer: the worker exits once its parent process is gone."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll_s)
        os._exit(0)  # no cleanup to do: the parent that wanted the work is gone

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
