"""A long benchmark's fake keeps no picture's bytes (``World.keep_file_bytes``): each file keeps its PNG head
and its length, so the attachment Discord describes (size, width, height) and the call log are unchanged."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from fakediscord import FakeDiscord, run_bot
from fakediscord.models import KEPT_HEAD


def picture() -> bytes:
    out = io.BytesIO()
    Image.effect_noise((300, 200), 60).convert("RGB").save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("keep", [True, False])
async def test_a_posted_picture_keeps_its_description_with_or_without_its_bytes(keep):
    png = picture()
    assert len(png) > 10 * KEPT_HEAD
    async with FakeDiscord() as fake:
        fake.world.keep_file_bytes = keep
        guild = await fake.add_guild("g")
        channel = await fake.add_channel(guild, "c")
        client = discord.Client(intents=discord.Intents.default())
        async with run_bot(client, fake):
            sent = await client.get_channel(channel.id).send(file=discord.File(io.BytesIO(png), "board.png"))
        message = fake.messages(channel.id)[-1]
        kept = png if keep else png[:KEPT_HEAD]
        assert message.attachments == [("board.png", kept)]
        post = next(call for call in fake.calls if call.method == "POST" and call.path.endswith("/messages"))
        assert post.files == [("board.png", kept)]
        described = fake.world.attachment_payload(message, message.files[0])
    assert (described["size"], described["width"], described["height"]) == (len(png), 300, 200)
    assert (sent.attachments[0].size, sent.attachments[0].width, sent.attachments[0].height) == (len(png), 300, 200)
