"""A tournament survives real kills (issue 28): the bot runs in a child process (tools/scaleproof.py's
worker, configured as an operator configures it) against the fake Discord served from this process, and
the fake SIGKILLs it at chosen requests, right after Discord acted and before the bot heard back:

1. round 1's pairings post (the round is paired, the post made, neither recorded as posted nor any match
   created);
2. the first match thread of round 1 (the match stored, its thread made, the thread not yet recorded);
3. round 1's standings post (the round closed, round 2 not paired yet);
4. the second match thread of round 2 (a round half opened).

After each kill a new process starts on the same store. At the end each round was paired once, every
board has exactly one match and one thread, and the pairings, standings and winner posts appear once.
Round 1 ends by /resign, round 2 by its deadline (a clock jump: adjudication). On SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter

import pytest

from fakediscord import FakeDiscord
from fakediscord.models import CallRecord
from tests.e2e.killed_bot import LEASE, killed_bot
from tools.scaleproof import FileClock, Worker, wait_for_shard

PLAYERS, ROUNDS = 6, 2
DAY = 86400.0


async def until(check, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)


class Run:
    """One child bot process at a time on one store, and the kills the fake performs on it."""

    def __init__(self, fake: FakeDiscord, store, worker: Worker, clock: FileClock, channel) -> None:
        self.fake, self.store, self.worker, self.clock, self.channel = fake, store, worker, clock, channel
        self.kills: list[str] = []

    def kill_after(self, name: str, method: str, path: str, when=lambda record: True) -> None:
        """SIGKILL the bot once Discord has applied its first call matching these, before it answers."""
        async def kill(record: CallRecord) -> None:
            self.worker.kill()
            await self.worker.process.wait()
            self.kills.append(name)
        self.fake.after_call(method, path, kill, when=when)

    async def restart_after_kill(self, name: str) -> None:
        async def killed() -> bool:
            return name in self.kills
        await until(killed, f"the kill at {name}\n{self.worker.log_tail()}")
        self.clock.advance(LEASE + 1)  # the dead process's lease on the tournament has run out
        await self.worker.start()
        await wait_for_shard(self.fake, self.worker)

    def posts(self, start: str) -> list:
        return [m for m in self.fake.messages(self.channel) if (m.content or "").startswith(start)]

    def threads_created(self) -> int:
        return len(self.fake.threads(self.channel))


def content_starts(start: str):
    return lambda record: str((record.json or {}).get("content", "")).startswith(start)


def nth_call(count: int):
    seen = []

    def when(record: CallRecord) -> bool:
        seen.append(record)
        return len(seen) == count
    return when


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_sigkills_while_pairing_and_opening_a_round_pair_once_and_open_each_thread_once(
        backend, request, tmp_path):
    names = tuple(f"p{index}" for index in range(PLAYERS))
    async with killed_bot(backend, request, tmp_path, names, organizer="p0", guild_name="cup") as bot:
        await play(Run(bot.fake, bot.store, bot.worker, bot.clock, bot.channel), bot.users, bot.guild)


async def play(run: Run, users, guild) -> None:
    fake, store, channel = run.fake, run.store, run.channel
    record = await fake.slash(users[0], guild, channel, "tournament create", timeout=15, options={
        "game": "wars", "format": "swiss", "rounds": ROUNDS, "days_per_move": 1, "round_days": 1,
        "max_players": PLAYERS, "starts": 1})
    signup = record.messages[0]
    for user in users:
        assert (await fake.click(user, signup, "dt:tn:join:1", timeout=15)).ephemeral
    assert len(await store.entrants(1)) == PLAYERS

    # 1. The sign-up deadline passes: the timekeeper pairs round 1 and dies at its pairings post.
    run.kill_after("pairings 1", "POST", rf"^/channels/{channel.id}/messages$", content_starts("📋"))
    run.clock.advance(3601)
    # 2. The next process posts them again (answered by the nonce) and dies at the first match's thread.
    run.kill_after("thread 1", "POST", rf"^/channels/{channel.id}/threads$")
    await run.restart_after_kill("pairings 1")
    assert [row.round for row in await store.rounds_of(1)] == [1]
    await run.restart_after_kill("thread 1")

    async def round_open(round_no: int) -> bool:
        boards = [b for b in await store.boards(1) if b.round == round_no]
        if not boards or any(b.match_id is None for b in boards):
            return False
        return all([(await store.get_match(b.match_id)).thread_id is not None for b in boards])
    await until(lambda: round_open(1), "round 1's matches and threads")

    # 3. Round 1 ends by /resign; the process dies at its standings post (round 2 not paired yet).
    run.kill_after("standings 1", "POST", rf"^/channels/{channel.id}/messages$", content_starts("📊"))
    # 4. The next process pairs round 2 and dies at its second match's thread.
    run.kill_after("thread 2.2", "POST", rf"^/channels/{channel.id}/threads$", nth_call(2))
    for board in [b for b in await store.boards(1) if b.round == 1]:
        match = await store.get_match(board.match_id)
        loser = fake.world.user(match.players[board.board % 2])
        answer = await fake.slash(loser, guild, channel, "resign", options={"match": match.id}, timeout=15)
        confirm = fake.find_component(answer.messages[0], custom_id_prefix="dt:r:")
        # The last resignation closes the round: the kill at its standings post may come before the answer.
        with contextlib.suppress(TimeoutError):
            await fake.click(loser, answer.messages[0], confirm["custom_id"], timeout=15)
    await run.restart_after_kill("standings 1")
    await run.restart_after_kill("thread 2.2")
    await until(lambda: round_open(2), "round 2's matches and threads")

    # Round 2 runs past its deadline: adjudicated, the tournament ends.
    run.clock.advance(DAY + 60)

    async def finished() -> bool:
        return (await store.get_tournament(1)).status == "finished" and len(run.posts("🏆")) == 1
    await until(finished, "the tournament's end")
    await fake.idle(quiet=0.5, timeout=10)

    assert run.kills == ["pairings 1", "thread 1", "standings 1", "thread 2.2"]
    rounds = await store.rounds_of(1)
    assert [row.round for row in rounds] == list(range(1, ROUNDS + 1))  # each round paired once
    assert all(row.posted == 2 and row.closed_at is not None for row in rounds)
    boards = await store.boards(1)
    assert len(boards) == ROUNDS * PLAYERS // 2 and all(board.outcome for board in boards)
    assert set(Counter(frozenset((b.seat0, b.seat1)) for b in boards).values()) == {1}  # no repeat
    assert await store.count_matches() == len(boards) == len({board.match_id for board in boards})
    matches = [await store.get_match(board.match_id) for board in boards]
    assert sorted(m.thread_id for m in matches) == sorted(t.id for t in fake.threads(channel))  # one thread each
    pairings = run.posts("📋")
    assert [f"round {n} of {ROUNDS}**" in post.content for n, post in enumerate(pairings, 1)] == [True] * ROUNDS
    assert len(run.posts("📊")) == ROUNDS and len(run.posts("🏆")) == 1
    # The pairings and standings a kill left unrecorded were found in the channel (tournament_rounds.posting),
    # not sent again: no repeat for Discord's nonce to answer (which it does only for a few minutes).
    assert fake.nonce_repeats == []
