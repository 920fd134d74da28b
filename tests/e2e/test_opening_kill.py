"""A match's opening survives a real kill (issue 28's follow-up): the bot runs in a child process
(tools/scaleproof.py's worker) against the fake Discord served from this process, and is SIGKILLed once a
new match's thread is made and recorded in the store and before the thread's first post reaches Discord.
Discord holds that post back (a 429, as under load) until the store shows the thread, then the process dies.

1. an ordinary /challenge match (its thread made from the challenge message);
2. a tournament board (its thread made in the channel by the timekeeper's round start);
3. the /challenge match's result: recorded (the resignation), its result post held back the same way.

After each kill a new process starts on the same store. Its catch-up posts what was missing exactly once:
the opening post (intro, board, the ping of the seats to act) and both seats' first DM panels; the result
post and the final hands. Nothing is posted twice. On SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot import i18n
from bot.engine import public_decisions
from bot.games import get_game
from fakediscord import FakeDiscord
from fakediscord.autoplay import answer_controls
from fakediscord.models import CallRecord
from tests.e2e.killed_bot import killed_bot
from tests.e2e.test_tournament_kill import LEASE, until
from tools.scaleproof import FileClock, Worker, wait_for_shard

HELD = 30.0  # seconds Discord's 429 asks the bot to wait before its held post: it is killed long before


class Crashes:
    """One child bot process at a time on one store; Discord holds back a thread's post until it is killed."""

    def __init__(self, fake: FakeDiscord, store, worker: Worker, clock: FileClock, channel) -> None:
        self.fake, self.store, self.worker, self.clock, self.channel = fake, store, worker, clock, channel

    def hold_first_post_of_next_thread(self, creation: str) -> None:
        """Once the bot makes its next thread (``creation``: the path of that call), the thread's first post
        is answered with a 429, so it is not made while the bot records the thread and waits."""
        async def hold(record: CallRecord) -> None:
            thread = max(self.fake.threads(self.channel), key=lambda t: t.id)
            self.hold_posts_in(thread.id)
        self.fake.after_call("POST", creation, hold)

    def hold_posts_in(self, thread_id: int) -> None:
        self.fake.inject_rate_limit("POST", rf"^/channels/{thread_id}/messages$", retry_after=HELD)

    async def kill_when(self, check, what: str) -> None:
        """SIGKILL the bot once ``check`` holds in the store, then start a new process on the same store."""
        await until(check, f"{what}\n{self.worker.log_tail()}")
        self.worker.kill()
        await self.worker.process.wait()
        self.clock.advance(LEASE + 1)  # a dead process's leases (the tournament's) have run out
        await self.worker.start()
        await wait_for_shard(self.fake, self.worker)

    def board_posts(self, thread_id: int) -> list:
        return [m for m in self.fake.messages(thread_id) if any(name == "board.png" for name, _ in m.attachments)]

    def panels(self, user_id: int) -> list:
        return [m for m in self.fake.dm_messages(user_id)
                if m.author_id == self.fake.bot_user_id and any(name == "hand.png" for name, _ in m.attachments)]

    async def opened(self, match_id: int) -> bool:
        match = await self.store.get_match(match_id)
        return match.thread_id is not None and not match.opening and bool(self.board_posts(match.thread_id))

    async def assert_opened_once(self, match_id: int) -> None:
        """The thread's one opening post (intro, board, the ping of the seats to act) and one panel a seat."""
        await until(lambda: self.opened(match_id), f"match {match_id} opened\n{self.worker.log_tail()}")
        await self.fake.idle(quiet=0.3, timeout=10)
        match = await self.store.get_match(match_id)
        [opening] = self.board_posts(match.thread_id)
        messages = self.fake.messages(match.thread_id)
        assert messages == [opening]
        intro = i18n.t("match.started", "en", game=i18n.t(f"games.{match.game}", "en"), p0=f"<@{match.players[0]}>",
                       p1=f"<@{match.players[1]}>", days=match.days)
        assert opening.content.startswith(intro)
        seats = [d.seat for d in public_decisions(get_game(match.game).engine.pending(match.state))]
        assert seats and opening.content.endswith(i18n.t("match.your_move", "en", players=" ".join(
            f"<@{match.players[seat]}>" for seat in seats)))
        assert opening.id == match.live_message_id and match.posted_version == match.version == 0
        for seat in (0, 1):
            [panel] = self.panels(match.players[seat])
            assert panel.id == match.dm_panels[str(seat)]["m"]
        owing = {d.seat for d in get_game(match.game).engine.pending(match.state)}
        assert {seat for seat in (0, 1) if answer_controls(self.fake, self.panels(match.players[seat])[0])} == owing


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_kill_between_a_thread_and_its_first_post_is_opened_once_after_the_restart(backend, request, tmp_path):
    async with killed_bot(backend, request, tmp_path, ("alice", "bob", "p0", "p1", "p2"), organizer="p0") as bot:
        alice, bob, *entrants = bot.users
        await play(Crashes(bot.fake, bot.store, bot.worker, bot.clock, bot.channel), bot.guild, alice, bob, entrants)


async def play(crashes: Crashes, guild, alice, bob, entrants) -> None:
    fake, store, channel = crashes.fake, crashes.store, crashes.channel

    async def thread_recorded(match_id: int) -> bool:
        match = await store.get_match(match_id)
        return match is not None and match.thread_id is not None

    # 1. /challenge: the thread is made from the challenge message and recorded; its first post is not made.
    crashes.hold_first_post_of_next_thread(rf"^/channels/{channel.id}/messages/\d+/threads$")
    record = await fake.slash(alice, guild, channel, "challenge", timeout=15,
                              options={"game": "formation", "opponent": bob})
    accept = fake.find_component(record.messages[0], custom_id_prefix="dt:ch:accept:")
    await fake.click(bob, record.messages[0], accept["custom_id"], timeout=15)
    await crashes.kill_when(lambda: thread_recorded(1), "the challenge's thread recorded")
    await crashes.assert_opened_once(1)

    # 2. A tournament board: round 1's match thread is made in the channel and recorded, its post not made.
    record = await fake.slash(entrants[0], guild, channel, "tournament create", timeout=15, options={
        "game": "formation", "format": "swiss", "rounds": 1, "days_per_move": 1, "round_days": 1,
        "max_players": 3, "starts": 1})
    for user in entrants:
        assert (await fake.click(user, record.messages[0], "dt:tn:join:1", timeout=15)).ephemeral
    crashes.hold_first_post_of_next_thread(rf"^/channels/{channel.id}/threads$")
    crashes.clock.advance(3601)  # the sign-up closes: the timekeeper pairs round 1 and opens its board
    await crashes.kill_when(lambda: thread_recorded(2), "the tournament board's thread recorded")
    await crashes.assert_opened_once(2)
    [board] = [b for b in await store.boards(1) if b.seat1 is not None]
    assert board.match_id == 2 and len(fake.threads(channel)) == 2  # one thread a match

    # 3. The challenge's result is recorded (Alice resigns); its result post is not made.
    match = await store.get_match(1)
    answer = await fake.slash(alice, guild, channel, "resign", options={"match": 1}, timeout=15)
    confirm = fake.find_component(answer.messages[0], custom_id_prefix="dt:r:")
    crashes.hold_posts_in(match.thread_id)
    await fake.click(alice, answer.messages[0], confirm["custom_id"], timeout=15)

    async def finished() -> bool:
        return (await store.get_match(1)).status == "finished"
    await crashes.kill_when(finished, "the result recorded")

    async def result_posted() -> bool:
        return (await store.get_match(1)).posted_version == (await store.get_match(1)).version
    await until(result_posted, f"the result post\n{crashes.worker.log_tail()}")
    await fake.idle(quiet=0.3, timeout=10)
    messages = fake.messages(match.thread_id)
    result, hands = messages[1:]
    assert len(messages) == 3 and messages[0].id == match.live_message_id
    assert "🏆" in result.content and [name for name, _ in result.attachments] == ["board.png"]
    assert [name for name, _ in hands.attachments] == ["hand_1.png", "hand_2.png"]
    for user in (alice, bob):  # the spent panels were closed in place, none sent again
        [panel] = crashes.panels(user.id)
        assert not answer_controls(fake, panel)

    # Nothing anywhere was posted twice.
    posted = [(m.channel_id, m.content) for thread in fake.threads(channel) for m in fake.messages(thread.id)]
    assert max(Counter(posted).values()) == 1
    assert fake.nonce_repeats == []
