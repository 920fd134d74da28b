"""A tournament's round posts survive a real kill after they reached Discord and a long downtime: the bot
runs in a child process (tools/scaleproof.py's worker) against the fake Discord served from this process,
which SIGKILLs it right after it applied the post and before the bot heard back, so the store never records
it; the process stays down longer than Discord remembers an enforced nonce (``NONCE_WINDOW``), so the nonce
alone cannot answer the repeated post with the first one.

A one-round Swiss tournament of three: killed right after round 1's pairings post, then (the round ended by
/resign) right after its standings post, then right after the winner's post that follows. After each kill a
new process starts on the same store; at the end each post is in the channel once. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import contextlib

import pytest

from tests.e2e.killed_bot import killed_bot
from tests.e2e.test_result_kill import Kills
from tests.e2e.test_tournament_kill import content_starts, until


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_kills_after_a_rounds_posts_reached_discord_post_each_once_after_a_long_downtime(
        backend, request, tmp_path):
    async with killed_bot(backend, request, tmp_path, ("p0", "p1", "p2"), organizer="p0", guild_name="cup") as bot:
        await play(Kills(bot.fake, bot.store, bot.worker, bot.clock), bot.guild, bot.channel, bot.users)


async def play(kills: Kills, guild, channel, users) -> None:
    fake, store = kills.fake, kills.store
    channel_posts = rf"^/channels/{channel.id}/messages$"

    def posts(start: str) -> list:
        return [m for m in fake.messages(channel.id) if (m.content or "").startswith(start)]

    record = await fake.slash(users[0], guild, channel, "tournament create", timeout=15, options={
        "game": "formation", "format": "swiss", "rounds": 1, "days_per_move": 1, "round_days": 1,
        "max_players": 3, "starts": 1})
    for user in users:
        assert (await fake.click(user, record.messages[0], "dt:tn:join:1", timeout=15)).ephemeral

    # 1. The sign-up closes: round 1 is paired, the process dies right after its pairings post.
    kills.kill_after("pairings", channel_posts, content_starts("📋"))
    kills.clock.advance(3601)
    await kills.restart_after_kill("pairings")

    async def opened() -> bool:
        boards = [board for board in await store.boards(1) if board.seat1 is not None]
        return bool(boards) and all(board.match_id is not None for board in boards) and all(
            [not (await store.get_match(board.match_id)).opening for board in boards])
    await until(opened, f"round 1's match opened\n{kills.worker.log_tail()}")
    assert [row.posted for row in await store.rounds_of(1)] == [1] and len(posts("📋")) == 1

    # 2. The round's one match ends by /resign: the process dies right after the standings post, and
    # 3. the next one right after the winner's post, which follows the standings after the last round.
    kills.kill_after("standings", channel_posts, content_starts("📊"))
    [board] = [board for board in await store.boards(1) if board.seat1 is not None]
    answer = await fake.slash(fake.world.user(board.seat0), guild, channel, "resign",
                              options={"match": board.match_id}, timeout=15)
    confirm = fake.find_component(answer.messages[0], custom_id_prefix="dt:r:")
    with contextlib.suppress(TimeoutError):  # the kill at the standings post may come before the answer
        await fake.click(fake.world.user(board.seat0), answer.messages[0], confirm["custom_id"], timeout=15)
    kills.kill_after("winner", channel_posts, content_starts("🏆"))
    await kills.restart_after_kill("standings")
    await kills.restart_after_kill("winner")

    async def recorded() -> bool:
        return [row.posted for row in await store.rounds_of(1)] == [2]
    await until(recorded, f"the standings recorded\n{kills.worker.log_tail()}")
    await fake.idle(quiet=0.5, timeout=10)
    assert kills.kills == ["pairings", "standings", "winner"]
    assert (await store.get_tournament(1)).status == "finished"
    assert [row.posting for row in await store.rounds_of(1)] == [None]
    assert len(posts("📋")) == len(posts("📊")) == len(posts("🏆")) == 1, [m.content[:50]
                                                                        for m in fake.messages(channel.id)]
