"""Permissions and option values checked by the bot itself (issue 24), through the fake Discord with
hand-made interaction payloads: what a server's Integrations override or a forged client lets through is
refused privately, and nothing is stored."""

from __future__ import annotations

import logging

import pytest

from bot.ui.permissions import is_admin_command
from fakediscord import run_bot
from fakediscord.world import P_ADMINISTRATOR, P_MANAGE_GUILD
from tests.e2e.table import Table, make_bot

DEFAULT_SETTINGS = {"locale": None, "inline_lookup": 1}


@pytest.fixture(params=["sqlite", "postgres"])
async def any_table(request, fake_world, tmp_path, clock):
    """The bot on a SQLite file, and on PostgreSQL."""
    overrides = {"database_url": request.getfixturevalue("postgres_url")} if request.param == "postgres" else {}
    bot = make_bot(tmp_path / "duel.sqlite3", clock, **overrides)
    async with run_bot(bot, fake_world.fake):
        yield Table(fake_world, bot)


async def forged(table: Table, user, name: str, options: dict, *, values: dict | None = None,
                 types: dict | None = None, extra: list | None = None, drop: tuple[str, ...] = (),
                 channel=None, dm: bool = False):
    """A slash command built as Discord's client would from ``options``, then forged: ``values`` replace
    raw values, ``types`` the declared option types, ``extra`` raw options are added, ``drop`` removed."""
    fake = table.fake
    guild = None if dm else table.world.guild
    where_channel = None if dm else (channel or table.world.channel)
    who, where = fake._context(user, guild, where_channel)
    data = fake.interactions.command_data(where, name, options, subcommand=None, focused=None)
    container = data["options"]
    while container and container[0].get("type") in (1, 2):  # subcommands nest their options
        container = container[0]["options"]
    container[:] = [option for option in container if option["name"] not in drop]
    for option in container:
        if option["name"] in (values or {}):
            option["value"] = values[option["name"]]
        if option["name"] in (types or {}):
            option["type"] = types[option["name"]]
    container.extend(extra or [])
    record = fake.interactions.new_record(2, who, where, locale=None, data=data)
    await fake._send_interaction(record)
    record = await record.wait(5.0)
    await table.settle()
    return record


def reply(record) -> str:
    return "\n".join(message.content or "" for message in record.messages)


def public_posts(table: Table) -> list:
    return [m for m in table.fake.messages(table.world.channel) if not m.ephemeral]


def refused(record, option: str | None = None) -> bool:
    """Answered privately, in one clear line naming the option (when given), and not as a failure."""
    text = reply(record)
    return (record.ephemeral and 0 < len(text) <= 2000 and all(m.ephemeral for m in record.messages)
            and "went wrong" not in text and (option is None or f"`{option}`" in text))


# ---- admin commands: the member's own permissions -----------------------------------------------------------


async def test_settings_from_a_member_without_manage_server_is_refused_and_changes_nothing(any_table):
    table = any_table
    alice, guild = table.world.alice, table.world.guild
    record = await forged(table, alice, "settings", {"language": "ja", "inline_lookup": False})
    # The command reached the bot (as when a server opens it to @everyone under Integrations); the payload
    # says what Discord resolved: no Manage Server.
    assert not int(record.payload["member"]["permissions"]) & (P_MANAGE_GUILD | P_ADMINISTRATOR)
    assert refused(record) and "Manage Server" in reply(record)
    assert await table.bot.store.guild_settings(guild.id) == {"guild_id": guild.id, **DEFAULT_SETTINGS}
    assert not public_posts(table)


async def test_settings_from_a_manager_or_an_administrator_are_stored(any_table):
    table = any_table
    world, store = table.world, table.bot.store
    await world.fake.add_role(world.guild, "Moderators", P_MANAGE_GUILD, members=(world.alice,))
    await world.fake.add_role(world.guild, "Admins", P_ADMINISTRATOR, members=(world.bob,))
    record = await forged(table, world.alice, "settings", {"language": "ja"})
    assert record.ephemeral and "went wrong" not in reply(record)
    assert (await store.guild_settings(world.guild.id))["locale"] == "ja"
    await forged(table, world.bob, "settings", {"inline_lookup": False})
    assert (await store.guild_settings(world.guild.id))["inline_lookup"] == 0


async def test_settings_in_a_dm_is_refused(table):
    record = await forged(table, table.world.alice, "settings", {"language": "ja"}, dm=True)
    assert refused(record) and "Manage Server" in reply(record)


async def test_every_command_restricted_to_some_members_checks_their_permissions_in_the_bot(table):
    restricted = [command for command in table.bot.tree.walk_commands()
                  if getattr(command, "default_permissions", None) is not None]
    assert "settings" in {command.qualified_name for command in restricted}
    assert all(is_admin_command(command) for command in restricted), [c.qualified_name for c in restricted]


# ---- values of stored options -------------------------------------------------------------------------------


async def test_a_hand_made_settings_language_is_refused_and_not_stored(any_table):
    table = any_table
    world = table.world
    await world.fake.add_role(world.guild, "Moderators", P_MANAGE_GUILD, members=(world.alice,))
    for language in ("x" * 6000, "xx", "", 7, None):
        record = await forged(table, world.alice, "settings", {"language": "en"}, values={"language": language})
        assert refused(record, "language"), language
    assert await table.bot.store.guild_settings(world.guild.id) == {"guild_id": world.guild.id, **DEFAULT_SETTINGS}


async def test_a_preference_that_is_not_a_boolean_is_refused_and_not_stored(any_table, caplog):
    table = any_table
    alice = table.world.alice
    caplog.set_level(logging.ERROR)
    for value in ("maybe", 2, 0, 1, "true", None):
        record = await forged(table, alice, "preferences", {"always_stop": True}, values={"always_stop": value})
        assert refused(record, "always_stop"), value
    assert await table.bot.store.always_stop((alice.id,)) == {}
    assert not [r for r in caplog.records if "command failed" in r.getMessage()]


# ---- forged values of other commands ---------------------------------------------------------------------------


async def test_a_challenge_rated_maybe_posts_nothing(table):
    alice, bob = table.world.alice, table.world.bob
    for value in ("maybe", 1, "false"):
        record = await forged(table, alice, "challenge", {"game": "tiny", "opponent": bob, "rated": False},
                              values={"rated": value})
        assert refused(record, "rated"), value
    assert await table.bot.store.open_challenge_between(alice.id, bob.id) is None
    assert not public_posts(table)


async def test_a_move_with_match_zero_is_refused_not_played_in_the_threads_match(table):
    alice = table.world.alice
    match = await table.start()
    for value in (0, -1, "1", True, 1.5):
        record = await forged(table, alice, "tiny move", {"move": "pick:1", "match": match.id},
                              values={"match": value}, channel=table.thread())
        assert refused(record, "match"), value
    after = await table.match()
    assert after.version == match.version and after.state == match.state


async def test_a_replay_of_match_zero_names_the_option(table):
    for value in (0, "7", -5):
        record = await forged(table, table.world.alice, "replay", {"match": 1}, values={"match": value})
        assert refused(record, "match") and "#-" not in reply(record), value


async def test_forged_types_unresolved_users_unknown_and_missing_options_are_refused(table):
    alice, bob = table.world.alice, table.world.bob
    store = table.bot.store
    cases = [
        ("challenge", {"game": "tiny", "opponent": bob}, {"values": {"opponent": "424242"}}, "opponent"),
        ("challenge", {"game": "tiny", "opponent": bob, "days": 3}, {"types": {"days": 3}}, "days"),
        ("challenge", {"game": "tiny", "opponent": bob}, {"drop": ("game",)}, "game"),
        ("challenge", {"game": "tiny", "opponent": bob},
         {"extra": [{"name": "ranked", "type": 5, "value": True}]}, "ranked"),
        ("challenge", {"game": "tiny", "opponent": bob},  # a forged name is shown inert
         {"extra": [{"name": "`@everyone **x**", "type": 3, "value": "1"}]}, "everyonex"),
        ("challenge", {"game": "tiny", "opponent": bob}, {"extra": [{"name": "game", "type": 3, "value": "tiny"}]},
         "game"),  # the same option twice
        ("challenge", {"game": "tiny", "opponent": bob, "days": 3}, {"values": {"days": 3.5}}, "days"),
        ("vacation", {"days": 3}, {"values": {"days": "3"}}, "days"),
        ("vacation", {"days": 3}, {"values": {"days": 2**60}}, "days"),
        ("notify", {"timezone": "UTC"}, {"values": {"timezone": "x" * 6001}}, "timezone"),
        ("notify", {"mode": "dm"}, {"values": {"mode": "carrier-pigeon"}}, "mode"),
    ]
    for name, options, forgery, option in cases:
        record = await forged(table, alice, name, options, **forgery)
        assert refused(record, option), (name, forgery)
    assert await store.open_challenge_between(alice.id, bob.id) is None
    assert await store.vacation_until((alice.id,), table.bot.clock()) == {}
    assert (await store.notify_prefs((alice.id,)))[alice.id]["timezone"] is None
    assert not public_posts(table)


def valid_value(table: Table, parameter):
    """A value Discord's client could send for ``parameter``."""
    if parameter.choices:
        return parameter.choices[0].value
    kind = parameter.type.name
    if kind == "user":
        return table.world.bob
    if kind == "role":  # the guild's @everyone role shares its id
        return table.world.guild.id
    if kind == "integer":
        return parameter.min_value if parameter.min_value is not None else 1
    if kind == "boolean":
        return True
    return "x" * int(parameter.min_value or 1)


WRONG_KIND = {"string": 12345, "integer": "1", "number": "1.5", "boolean": "maybe", "user": "424242", "role": "424242"}


def wrong_values(parameter) -> list:
    """What a forged client may send for ``parameter`` that Discord's client never would: a value of the wrong
    kind, and just outside its range, length or choices."""
    values = [WRONG_KIND[parameter.type.name]]
    if parameter.type.name == "integer":
        values += [parameter.min_value - 1 if parameter.min_value is not None else -(2**53) - 1,
                   parameter.max_value + 1 if parameter.max_value is not None else 2**53 + 1, True]
    if parameter.type.name == "string":
        values.append("x" * ((parameter.max_value or 6000) + 1))
        if parameter.choices:
            values.append("not-a-choice")
    return values


async def test_every_option_of_every_slash_command_is_checked_by_the_bot(table, caplog):
    """The audit: each option of each command (cogs/*.py, every game's /<game>) given a value of the wrong
    kind, the other required options valid: a private answer naming it, no post, no failure logged."""
    caplog.set_level(logging.ERROR)
    commands = [command for command in table.bot.tree.walk_commands() if not hasattr(command, "walk_commands")]
    checked = 0
    for command in commands:
        required = {p.display_name: valid_value(table, p) for p in command.parameters if p.required}
        for parameter in command.parameters:
            options = required | {parameter.display_name: valid_value(table, parameter)}
            for wrong in wrong_values(parameter):
                record = await forged(table, table.world.alice, command.qualified_name, options,
                                      values={parameter.display_name: wrong})
                assert refused(record, parameter.display_name), (command.qualified_name, parameter.display_name,
                                                                 str(wrong)[:20])
                checked += 1
    assert checked >= 100 and {"challenge", "settings", "tiny move", "deck add", "card"} <= {
        c.qualified_name for c in commands}
    assert not [r for r in caplog.records if "command failed" in r.getMessage()]
    assert not public_posts(table)
