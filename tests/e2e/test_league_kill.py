"""A league's final table survives a real kill on either side of its post: the bot runs in a child process
(tools/scaleproof.py's worker) against the fake Discord served from this process, which SIGKILLs it

1. when the final table's post arrives, dropping it unapplied: the season is closed, nothing posted (before
   migration 017 nothing claimed a closed season again, and the table was never posted);
2. right after it applied the post of the next process and before that process heard back, so the store never
   records it; each process stays down longer than Discord remembers an enforced nonce (``NONCE_WINDOW``), so
   the nonce alone cannot answer a repeated post with the first one.

After each kill a new process starts on the same store; at the end the final table is in the channel once and
recorded as posted. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import pytest

from fakediscord.models import CallRecord
from tests.e2e.killed_bot import killed_bot
from tests.e2e.test_result_kill import Kills
from tests.e2e.test_tournament_kill import DAY, content_starts, until

FINAL = "🏁 League #1"  # the final table's first line (tournaments.toml: leagues.final_title)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_kills_before_and_after_a_final_table_post_post_it_once_after_a_long_downtime(
        backend, request, tmp_path):
    async with killed_bot(backend, request, tmp_path, ("p0", "p1", "p2"), organizer="p0") as bot:
        await play(Kills(bot.fake, bot.store, bot.worker, bot.clock), bot.guild, bot.channel, bot.users)


async def play(kills: Kills, guild, channel, users) -> None:
    fake, store = kills.fake, kills.store
    channel_posts = rf"^/channels/{channel.id}/messages$"

    def finals() -> list:
        return [m for m in fake.messages(channel.id) if (m.content or "").startswith(FINAL)]

    opened = await fake.slash(users[0], guild, channel, "league create", timeout=15,
                              options={"game": "formation", "games_per_pair": 1, "days": 1})
    for user in users[1:]:
        assert (await fake.click(user, opened.messages[0], "dt:lg:join:1", timeout=15)).ephemeral
    assert list(await store.league_members(1)) == [user.id for user in users[1:]]

    async def kill_before(record: CallRecord) -> None:
        kills.worker.kill()
        await kills.worker.process.wait()
        kills.kills.append("close")
    fake.before_call("POST", channel_posts, kill_before, when=content_starts(FINAL))
    kills.kill_after("post", channel_posts, content_starts(FINAL))

    # 1. The season ends: the process closes it and is killed as its final table's post goes out.
    kills.clock.advance(DAY + 1)

    async def killed() -> bool:
        return "close" in kills.kills
    await until(killed, f"the kill at the close\n{kills.worker.log_tail()}")
    league = await store.get_league(1)
    assert league.status == "closed" and league.final_posting is not None and finals() == []

    # 2. The next process claims the closed season (its table owed), posts it and is killed right after.
    await kills.restart_after_kill("close")
    await kills.restart_after_kill("post")
    assert len(finals()) == 1  # 3. The next one finds it in the channel and records it.

    async def recorded() -> bool:
        return (await store.get_league(1)).final_posting is None
    await until(recorded, f"the final table recorded\n{kills.worker.log_tail()}")
    await fake.idle(quiet=0.5, timeout=10)
    assert kills.kills == ["close", "post"]
    [final] = finals()
    assert final.author_id == fake.bot_user_id and "p1" in final.content and "p2" in final.content, final.content
