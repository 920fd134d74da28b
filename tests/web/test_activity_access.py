"""A spectator's access in the Activity is Discord's, from any process: two bots, one shard each of two, on
one store and one sharded fake Discord (as tests/web/test_live_processes.py). The match's guild is on shard
1: bot ``one`` holds it in its cache, bot ``zero`` does not and asks Discord by REST (bot/web/access.py).
Both give every member the same answer: a player their seat, a member who sees the thread the public page,
anyone else (not on the server, a channel hidden from them, a private thread they are not in) nothing."""

from __future__ import annotations

import contextlib

import aiohttp
import discord
import pytest

from bot.client import DuelTable
from bot.web.access import channel_permissions
from fakediscord import FakeDiscord, run_bot
from fakediscord.overwrites import MEMBER, ROLE, set_overwrite
from tests.e2e.table import e2e_settings
from tests.e2e.test_shards import start_match, world
from tests.web.webtable import SECRET

VIEW = discord.Permissions(view_channel=True).value


def activity_bot(tmp_path, clock, fake: FakeDiscord, shard: int) -> DuelTable:
    settings = e2e_settings(tmp_path / "shared.sqlite3", shard_count=2, shard_ids=(shard,), web_secret=SECRET,
                            discord_client_secret=fake.oauth.client_secret)
    return DuelTable(settings, clock=clock, run_timekeeper=False, seed_source=lambda: 11, outbox_poll=0.05)


@contextlib.asynccontextmanager
async def two_processes(tmp_path, clock):
    async with FakeDiscord(shard_count=2) as fake:
        fake.world.activities_enabled = True
        async with run_bot(activity_bot(tmp_path, clock, fake, 0), fake) as zero, \
                run_bot(activity_bot(tmp_path, clock, fake, 1), fake) as one:
            guild, channel, alice, bob = await world(fake)
            for bot in (zero, one):
                await bot.start_web(port=0)
            match = await start_match(fake, guild, channel, alice, bob, (zero, one))
            assert one.owns_guild(match.guild_id) and not zero.owns_guild(match.guild_id)
            assert one.get_guild(match.guild_id) is not None and zero.get_guild(match.guild_id) is None
            yield fake, zero, one, match, (guild, channel, alice, bob)


async def sign_in(fake: FakeDiscord, bot: DuelTable, user_id: int, channel_id: int) -> tuple[int, dict]:
    async with aiohttp.ClientSession(base_url=bot.web.address) as http, \
            http.post("/activity/token", json={"code": fake.oauth.issue_code(user_id),
                                               "channel_id": str(channel_id)}) as answer:
        return answer.status, await answer.json()


async def answers(fake, bots, user_id, channel_id) -> list[str | None]:
    """The path each process answers with (None: refused, as "no match here")."""
    got = []
    for bot in bots:
        status, signed = await sign_in(fake, bot, user_id, channel_id)
        assert (status == 200) == ("link" in signed), signed
        if status != 200:
            assert status == 404 and signed["error"] == "activity.no_match"
        got.append(signed.get("link"))
    return got


async def test_either_process_gives_a_spectator_the_public_page_and_a_player_their_seat(tmp_path, clock):
    async with two_processes(tmp_path, clock) as (fake, zero, one, match, (guild, channel, alice, bob)):
        links = zero.web.links
        carol = await fake.add_user("carol")
        assert await answers(fake, (zero, one), carol.id, match.thread_id) == [links.path(match, None)] * 2
        assert await answers(fake, (zero, one), alice.id, match.thread_id) == [links.path(match, 0)] * 2
        assert await answers(fake, (zero, one), bob.id, match.thread_id) == [links.path(match, 1)] * 2
        # zero asked Discord (the member, the guild's roles, the thread and its parent); one read its cache.
        for path in (rf"^/guilds/{guild.id}/members/{carol.id}$", rf"^/guilds/{guild.id}$",
                     rf"^/channels/{match.thread_id}$", rf"^/channels/{channel.id}$"):
            assert fake.calls_matching("GET", path), path

        # Opened in the match's channel (the App Launcher): the same list from either process.
        for user, seat in ((carol, None), (bob, 1)):
            for bot in (zero, one):
                status, signed = await sign_in(fake, bot, user.id, channel.id)
                assert status == 200, signed
                assert [(e["match"], e["link"]) for e in signed["matches"]] == [(match.id, links.path(match, seat))]

        # Someone not on the server: refused by both, never a seat, nothing listed.
        stranger = fake.world.add_user("stranger")
        fake.world.guilds[guild.id].member_ids.remove(stranger.id)
        assert await answers(fake, (zero, one), stranger.id, match.thread_id) == [None, None]
        for bot in (zero, one):
            status, refused = await sign_in(fake, bot, stranger.id, channel.id)
            assert status == 404 and refused["error"] == "activity_launcher.none"


async def test_a_hidden_channel_or_a_private_thread_refuses_from_either_process(tmp_path, clock):
    async with two_processes(tmp_path, clock) as (fake, zero, one, match, (guild, channel, alice, bob)):
        public = zero.web.links.path(match, None)
        carol, dave, erin = [await fake.add_user(name) for name in ("carol", "dave", "erin")]
        # The channel hidden from @everyone; a "regulars" role, the bot's own role and erin by name may see it.
        regulars = await fake.add_role(guild, "regulars", 0, members=(dave,))
        bot_role = next(role for role in guild.roles.values() if role.name == fake.world.bot.name)
        await set_overwrite(fake, channel, guild.id, kind=ROLE, deny=VIEW)
        await set_overwrite(fake, channel, regulars.id, kind=ROLE, allow=VIEW)
        await set_overwrite(fake, channel, bot_role.id, kind=ROLE, allow=VIEW)
        await set_overwrite(fake, channel, erin.id, kind=MEMBER, allow=VIEW)
        await fake.idle()
        assert await answers(fake, (zero, one), carol.id, match.thread_id) == [None, None]
        assert await answers(fake, (zero, one), dave.id, match.thread_id) == [public, public]
        assert await answers(fake, (zero, one), erin.id, match.thread_id) == [public, public]
        assert await answers(fake, (zero, one), alice.id, match.thread_id) == [zero.web.links.path(match, 0)] * 2

        # A match in a private thread: dave sees the channel but is not in the thread; once added he sees it.
        thread = fake.world.create_thread(channel, name="private match", owner_id=fake.world.bot.id, private=True)
        await fake.emit_thread_create(thread)
        await zero.store.set_thread(match.id, thread.id)
        await fake.idle()
        match = await zero.store.get_match(match.id)
        public = zero.web.links.path(match, None)
        assert await answers(fake, (zero, one), dave.id, thread.id) == [None, None]
        assert await answers(fake, (zero, one), bob.id, thread.id) == [zero.web.links.path(match, 1)] * 2
        thread.member_ids.append(dave.id)
        await fake.emit_thread_members(thread, added=[dave.id])
        await fake.idle()
        asked = len(fake.calls_matching("GET", rf"^/channels/{thread.id}/thread-members/{dave.id}$"))
        assert await answers(fake, (zero, one), dave.id, thread.id) == [None, None], \
            "Discord's answer is kept a few seconds (one's cache holds only part of a thread's members: it asked)"
        assert len(fake.calls_matching("GET", rf"^/channels/{thread.id}/thread-members/{dave.id}$")) == asked
        clock.advance(16)
        assert await answers(fake, (zero, one), dave.id, thread.id) == [public, public]
        # A moderator (MANAGE_THREADS) sees every private thread, as on Discord.
        await fake.add_role(guild, "moderators", discord.Permissions(manage_threads=True).value, members=(erin,))
        assert await answers(fake, (zero, one), erin.id, thread.id) == [public, public]


@pytest.mark.parametrize(("member_roles", "overwrites", "sees"), [
    ([], [], True),
    ([], [(ROLE, "G", 0, VIEW)], False),
    (["R"], [(ROLE, "G", 0, VIEW), (ROLE, "R", VIEW, 0)], True),
    (["R"], [(ROLE, "R", VIEW, 0), (MEMBER, "U", 0, VIEW)], False),  # the member's own overwrite comes last
    (["R", "S"], [(ROLE, "G", 0, VIEW), (ROLE, "R", 0, VIEW), (ROLE, "S", VIEW, 0)], True),  # roles: allow wins
    (["A"], [(ROLE, "G", 0, VIEW), (MEMBER, "U", 0, VIEW)], True),  # ADMINISTRATOR: every permission
])
def test_view_channel_is_computed_as_discord_does(member_roles, overwrites, sees):
    ids = {"G": 10, "R": 11, "S": 12, "A": 13, "U": 99}
    guild = {"id": "10", "owner_id": "1", "roles": [
        {"id": "10", "permissions": str(VIEW)}, {"id": "11", "permissions": "0"}, {"id": "12", "permissions": "0"},
        {"id": "13", "permissions": str(discord.Permissions(administrator=True).value)}]}
    member = {"roles": [str(ids[r]) for r in member_roles]}
    listed = [{"id": str(ids[target]), "type": kind, "allow": str(allow), "deny": str(deny)}
              for kind, target, allow, deny in overwrites]
    assert channel_permissions(guild, member, 99, listed).view_channel is sees
    assert channel_permissions({**guild, "owner_id": "99"}, member, 99, listed).view_channel, "the owner sees all"
