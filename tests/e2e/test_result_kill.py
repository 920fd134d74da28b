"""A match's result survives a real kill after it reached Discord (issues 28/30's last gap): the bot runs in a
child process (tools/scaleproof.py's worker) against the fake Discord served from this process, and the fake
SIGKILLs it right after it applied one of the result's posts and before the bot heard back, so the store
never records it. The process stays down longer than Discord remembers an enforced nonce (``NONCE_WINDOW``),
so the nonce alone cannot answer the repeated post with the first one.

1. match 1 (Alice resigns to Bob): killed right after its result post (the board with Rematch and Replay);
2. match 2 (Carol resigns to Dave): killed right after its final hands' post, which follows the result post.

After each kill a new process starts on the same store. Its catch-up finds what the dead process posted and
posts only what is missing: each match ends with exactly one result post and one final hands' post, both
players' spent panels closed, the rating moved once. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from fakediscord import FakeDiscord
from fakediscord.autoplay import answer_controls
from fakediscord.models import CallRecord
from fakediscord.rest import NONCE_WINDOW
from tests.e2e.killed_bot import killed_bot
from tests.e2e.test_tournament_kill import until
from tools.scaleproof import FileClock, Worker, wait_for_shard

DOWN = NONCE_WINDOW + 60.0  # seconds the killed process stays down: Discord has forgotten its nonces


def result_post(match_id: int):
    """The result post's call: the board with the match's Rematch button."""
    return lambda record: f'"dt:rm:{match_id}"' in json.dumps((record.json or {}).get("components", []))


def hands_post(record: CallRecord) -> bool:
    return any(name == "hand_1.png" for name, _ in record.files)


class Kills:
    """One child bot process at a time on one store, killed by the fake right after a chosen call."""

    def __init__(self, fake: FakeDiscord, store, worker: Worker, clock: FileClock) -> None:
        self.fake, self.store, self.worker, self.clock = fake, store, worker, clock
        self.kills: list[str] = []

    def kill_after(self, name: str, path: str, when) -> None:
        async def kill(record: CallRecord) -> None:
            self.worker.kill()
            await self.worker.process.wait()
            self.kills.append(name)
        self.fake.after_call("POST", path, kill, when=when)

    async def restart_after_kill(self, name: str) -> None:
        async def killed() -> bool:
            return name in self.kills
        await until(killed, f"the kill at {name}\n{self.worker.log_tail()}")
        self.fake.advance(DOWN)
        self.clock.advance(DOWN)
        await self.worker.start()
        await wait_for_shard(self.fake, self.worker)

    def panels(self, user_id: int) -> list:
        return [m for m in self.fake.dm_messages(user_id)
                if m.author_id == self.fake.bot_user_id and any(name == "hand.png" for name, _ in m.attachments)]

    async def assert_finished_once(self, match_id: int) -> None:
        """One result post, one final hands' post after it, the panels closed, the rating moved once."""
        async def posted() -> bool:
            match = await self.store.get_match(match_id)
            return match.posted_version == match.version
        await until(posted, f"match {match_id}'s result recorded\n{self.worker.log_tail()}")
        await self.fake.idle(quiet=0.3, timeout=10)
        match = await self.store.get_match(match_id)
        assert match.status == "finished" and match.posting is None
        messages = self.fake.messages(match.thread_id)
        # Nothing else in the thread: no second result, no second hands.
        assert len(messages) == 3, [(m.content[:40], [name for name, _ in m.attachments]) for m in messages]
        opening, result, hands = messages
        assert [name for name, _ in opening.attachments] == ["board.png"] and "dt:rm:" not in json.dumps(
            opening.components)
        assert "🏆" in result.content and [name for name, _ in result.attachments] == ["board.png"]
        assert f"dt:rm:{match_id}" in json.dumps(result.components)
        assert [name for name, _ in hands.attachments] == ["hand_1.png", "hand_2.png"]
        for user_id in match.players:
            [panel] = self.panels(user_id)  # closed in place, none sent again
            assert not answer_controls(self.fake, panel)
        changes = await self.store.rating_changes(match_id)
        assert sorted(changes) == sorted(match.players)
        for user_id in match.players:
            rating = await self.store.rating(match.guild_id, match.game, user_id)
            assert rating["wins"] + rating["losses"] + rating["draws"] == 1
            assert rating["rating"] == changes[user_id]["after"]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_kill_after_a_result_post_reached_discord_posts_it_once_after_a_long_downtime(
        backend, request, tmp_path):
    async with killed_bot(backend, request, tmp_path, ("alice", "bob", "carol", "dave")) as bot:
        await play(Kills(bot.fake, bot.store, bot.worker, bot.clock), bot.guild, bot.channel, bot.users)


async def play(kills: Kills, guild, channel, users) -> None:
    fake, store = kills.fake, kills.store
    alice, bob, carol, dave = users
    for challenger, opponent in ((alice, bob), (carol, dave)):  # matches 1 and 2
        record = await fake.slash(challenger, guild, channel, "challenge", timeout=15,
                                  options={"game": "formation", "opponent": opponent})
        accept = fake.find_component(record.messages[0], custom_id_prefix="dt:ch:accept:")
        await fake.click(opponent, record.messages[0], accept["custom_id"], timeout=15)
    for match_id in (1, 2):
        async def opened(match_id=match_id) -> bool:
            match = await store.get_match(match_id)
            return match is not None and not match.opening and match.posted_version == match.version
        await until(opened, f"match {match_id} opened\n{kills.worker.log_tail()}")
    await fake.idle(quiet=0.3, timeout=10)

    async def resign(user, match_id: int, kill: str, when) -> None:
        match = await store.get_match(match_id)
        kills.kill_after(kill, rf"^/channels/{match.thread_id}/messages$", when)
        answer = await fake.slash(user, guild, channel, "resign", options={"match": match_id}, timeout=15)
        confirm = fake.find_component(answer.messages[0], custom_id_prefix="dt:r:")
        await fake.click(user, answer.messages[0], confirm["custom_id"], timeout=15)
        await kills.restart_after_kill(kill)

    # 1. Killed right after match 1's result post: the final hands and the panels' closing never happened.
    await resign(alice, 1, "result 1", result_post(1))
    await kills.assert_finished_once(1)

    # 2. Killed right after match 2's final hands: only the panels' closing (and the record) is left.
    await resign(carol, 2, "hands 2", hands_post)
    await kills.assert_finished_once(2)
    await kills.assert_finished_once(1)  # the other match untouched by the second restart

    # Nothing anywhere was posted twice.
    posted = [(m.channel_id, m.content) for thread in fake.threads(channel) for m in fake.messages(thread.id)]
    assert max(Counter(posted).values()) == 1
