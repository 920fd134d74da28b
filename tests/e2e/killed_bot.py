"""One child bot process on a real store and the fake Discord, for the tests that SIGKILL it (the opening, a
result, tournament and league posts): the store migrated before the process starts, a guild with a channel,
the clock the process reads from a file, and the process's log printed when the test fails."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.store import Store, open_store
from fakediscord import FakeDiscord
from fakediscord.world import P_MANAGE_GUILD
from tools.scaleproof import SHARDS, TOKEN, FileClock, Worker, wait_for_shard, worker_env

LEASE = 3.0  # seconds a process's claim (a tournament's, a league's) lasts: a dead process's runs out


@dataclass
class KilledBot:
    fake: FakeDiscord
    store: Store
    worker: Worker
    clock: FileClock
    guild: object
    channel: object
    users: list  # the members named, in order


@contextlib.asynccontextmanager
async def killed_bot(backend: str, request, tmp_path: Path, names: Sequence[str], organizer: str | None = None,
                     guild_name: str = "club") -> AsyncIterator[KilledBot]:
    """Members ``names`` on a guild (``organizer`` with Manage Server through a role), then the process started
    and connected; stopped (and the store closed) afterwards, whatever happened."""
    target = request.getfixturevalue("postgres_url") if backend == "postgres" else str(tmp_path / "bot.sqlite3")
    store = await open_store(target)  # migrated before the first process starts
    try:
        async with FakeDiscord(shard_count=SHARDS, token=TOKEN, interaction_deadline=15.0) as fake:
            guild = await fake.add_guild(guild_name, shard=0)
            channel = await fake.add_channel(guild, "games")
            users = [await fake.add_user(name) for name in names]
            if organizer is not None:
                await fake.add_role(guild, "Mods", P_MANAGE_GUILD, members=(users[list(names).index(organizer)],))
            clock = FileClock(tmp_path / "clock")
            clock.advance(0.0)
            env = worker_env(target, tmp_path) | {"DUELTABLE_RENDER_PROCESSES": "0"}
            worker = Worker(0, env, [fake.base_url, str(clock.path), str(LEASE)], tmp_path)
            try:
                await worker.start()
                await wait_for_shard(fake, worker)
                yield KilledBot(fake, store, worker, clock, guild, channel, users)
            except BaseException:
                print(worker.log_tail(80))
                raise
            finally:
                await worker.stop()
    finally:
        await store.close()
