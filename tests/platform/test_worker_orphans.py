"""A bot process killed outright takes its worker processes with it (bot/orphans.py): a render worker and
the bot player's worker, started as the bot starts them, exit within seconds of a SIGKILL of their parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PARENT = """
import sys
from bot.ai import worker
from bot.render import toolkit

def main():
    toolkit.configure_render_pool(1)
    toolkit.render_pool().submit(toolkit._warm_render_worker).result(timeout=120)
    pool = worker.ThinkPool()
    pool.pool().submit(worker.warm).result(timeout=120)
    print(*toolkit.render_processes(), *pool.pids(), flush=True)
    sys.stdin.read()  # until killed

if __name__ == "__main__":
    main()
"""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_exit_when_the_bot_process_is_killed(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(alive(pid) for pid in workers)
    finally:
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:  # do not leave them behind if the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, "a worker outlived the bot process that started it"
