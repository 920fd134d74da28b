"""Issue 17's proof, lean: the same code as ``python -m bot prove-scale`` with a few matches.

Two real bot processes (one shard each of two) on one PostgreSQL, one fake Discord with guilds on both
shards; members click through whole matches in their DMs (all of which reach shard 0's process), the
clock jumps so reminders and claim offers come due, and shard 1's process is SIGKILLed and restarted
right after one jump. Nothing may be lost or doubled.
"""

from __future__ import annotations

import re

from tools.scaleproof import ProofConfig, prove


async def test_two_processes_lose_and_double_nothing_through_a_sigkill():
    report = await prove(ProofConfig(matches=3, concurrency=3, round_every=25, kill_shard=1,
                                     seed=3, timeout=240))
    assert report.ok, "\n".join(report.failures)
    assert report.backend == "PostgreSQL"
    assert report.finished == 3
    assert 0 < report.decisions <= report.clicks  # each stored decision was one click
    assert report.board_posts > 3
    assert report.reminders_due > 0 and report.reminders_posted >= report.reminders_due
    # Killed once a match had finished (half of 3, set by the run's own size), another still playing.
    assert re.search(r"SIGKILLed at \d+ s after [12] matches", report.kill), report.kill
    assert report.reminders_came_due >= report.reminders_due


def test_a_proof_too_small_to_kill_half_way_is_refused(capsys):
    from tools.scaleproof import run_prove_scale_command

    assert run_prove_scale_command(ProofConfig(matches=1)) == 2
    assert "--matches at least 2" in capsys.readouterr().err
