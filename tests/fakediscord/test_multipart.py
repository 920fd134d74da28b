"""The fake's multipart reader takes what aiohttp's FormData (discord.py's uploads) writes, and refuses
a body it cannot read as Discord does."""

from __future__ import annotations

import json

import aiohttp
import pytest

from fakediscord.server import ApiError, _multipart


async def form_body(form: aiohttp.FormData) -> tuple[bytes, str]:
    payload = form()

    class Sink:
        def __init__(self) -> None:
            self.data = bytearray()

        async def write(self, chunk: bytes) -> None:
            self.data += chunk

    sink = Sink()
    await payload.write(sink)
    return bytes(sink.data), payload.content_type


async def test_payload_json_and_files_come_back_byte_for_byte():
    picture = bytes(range(256)) * 40 + b"\r\n--not-the-boundary\r\n"
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "héllo", "attachments": [{"id": 0}]}),
                   content_type="application/json")
    form.add_field("files[0]", picture, filename="board.png", content_type="application/octet-stream")
    form.add_field("files[1]", b"", filename="empty.png", content_type="application/octet-stream")
    body, content_type = await form_body(form)
    payload, files = _multipart(body, content_type)
    assert payload == {"content": "héllo", "attachments": [{"id": 0}]}
    assert files == [("board.png", picture), ("empty.png", b"")]


@pytest.mark.parametrize("body, content_type", [
    (b"--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n", "multipart/form-data; boundary=b"),
    (b"--b\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{nope\r\n--b--\r\n",
     "multipart/form-data; boundary=b"),
    (b"anything", "multipart/form-data"),
])
def test_unreadable_bodies_are_refused(body, content_type):
    with pytest.raises(ApiError):
        _multipart(body, content_type)
