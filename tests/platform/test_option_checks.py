"""check_options (bot/ui/inputs.py) against real discord.py commands, for the option kinds no command of
the bot declares yet (numbers, roles, channels, attachments): a future command is held to its declaration."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.ui.inputs import BadOption, check_options


@app_commands.command(name="probe", description="probe")
async def probe(interaction: discord.Interaction, ratio: app_commands.Range[float, 0.5, 2.0],
                role: discord.Role | None = None, where: discord.TextChannel | None = None,
                file: discord.Attachment | None = None) -> None:
    """A command with one option of each kind the bot's own commands do not use."""


RESOLVED = {"roles": {"11": {}}, "channels": {"12": {"type": 0}, "14": {"type": 2}}, "attachments": {"13": {}}}


def option(name: str, kind: int, value) -> dict:
    return {"name": name, "type": kind, "value": value}


def test_values_within_the_declaration_pass():
    check_options(probe, [option("ratio", 10, 1), option("role", 8, "11"), option("where", 7, "12"),
                          option("file", 11, "13")], RESOLVED)
    check_options(probe, [option("ratio", 10, 2.0)], {})


@pytest.mark.parametrize(("options", "bad"), [
    ([option("ratio", 10, 0.4)], "ratio"),
    ([option("ratio", 10, float("nan"))], "ratio"),
    ([option("ratio", 10, "1.0")], "ratio"),
    ([option("ratio", 10, True)], "ratio"),
    ([option("ratio", 4, 1)], "ratio"),  # declared as an integer
    ([option("ratio", 10, 1), option("role", 8, "99")], "role"),  # not resolved
    ([option("ratio", 10, 1), option("where", 7, "11")], "where"),  # a role's id
    ([option("ratio", 10, 1), option("where", 7, "14")], "where"),  # a voice channel for a text channel
    ([option("ratio", 10, 1), option("file", 11, 13)], "file"),
    ([option("role", 8, "11")], "ratio"),  # a required option missing
])
def test_values_outside_the_declaration_are_refused_by_name(options, bad):
    with pytest.raises(BadOption) as refused:
        check_options(probe, options, RESOLVED)
    assert refused.value.option == bad
