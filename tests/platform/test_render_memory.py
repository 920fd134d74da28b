"""What a render worker holds and hands back: PNG bytes that depend only on the pixels, and a worker that
imports only what drawing needs."""

from __future__ import annotations

import io
import random
import struct
import subprocess
import sys
import time
import zlib

import pytest
from PIL import Image

from bot import memory
from bot.render import toolkit


def picture(width: int = 300, height: int = 220) -> Image.Image:
    """Flat panels with text-like noise: what the renderers make, small."""
    rng = random.Random(7)
    image = Image.new("RGB", (width, height), (34, 38, 46))
    for _ in range(40):
        x, y = rng.randrange(width - 20), rng.randrange(height - 10)
        image.paste((rng.randrange(256), rng.randrange(256), rng.randrange(256)), (x, y, x + 20, y + 10))
    for _ in range(500):
        image.putpixel((rng.randrange(width), rng.randrange(height)), (rng.randrange(256), 200, 90))
    return image


def idat(png: bytes) -> bytes:
    """The IDAT chunk's data (encode_png writes IHDR, one IDAT, IEND)."""
    at = 8 + 12 + 13
    length = struct.unpack(">I", png[at:at + 4])[0]
    assert png[at + 4:at + 8] == b"IDAT"
    return png[at + 8:at + 8 + length]


def test_a_picture_is_its_unfiltered_rows_deflated_in_one_call():
    image = picture()
    png = toolkit.encode_png(image)
    rows = b"".join(b"\0" + image.crop((0, y, image.width, y + 1)).tobytes() for y in range(image.height))
    assert zlib.decompress(idat(png)) == rows
    # One call on one buffer: a stream fed the rows in pieces gave other bytes for the same pixels now and then.
    assert idat(png) == toolkit.deflate.compress(rows, 1)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "RGB" and decoded.tobytes() == image.tobytes()


def test_the_same_pixels_give_the_same_bytes_whatever_was_drawn_before():
    image = picture()
    first = toolkit.encode_png(image)
    rng = random.Random(3)
    for _ in range(5):
        # other pictures in between leave the allocator's memory in another state
        toolkit.encode_png(Image.effect_noise((rng.randrange(200, 900), rng.randrange(200, 900)), 60).convert("RGB"))
        assert toolkit.encode_png(image) == first


def test_a_transparent_picture_is_flattened_to_rgb():
    image = picture().convert("RGBA")
    decoded = Image.open(io.BytesIO(toolkit.encode_png(image)))
    assert decoded.mode == "RGB" and decoded.tobytes() == image.convert("RGB").tobytes()


def test_a_render_worker_imports_only_what_drawing_needs():
    """A render worker of a bot started as the bench starts its own (``python -c``; production: ``python -m
    bot``, a package's __main__) imports none of what the bot process does beyond drawing: a spawned worker
    runs its parent's main module first (as ``__mp_main__``) unless it is one of those, and the toolkit
    leaves asyncio (with ssl, ~8 MB resident) to the bot."""
    code = ("import sys; import tools.benchbot; from bot.render import toolkit; toolkit.configure_render_pool(1, 4.0); "
            "pool = toolkit.render_pool(); pool.submit(toolkit._warm_render_worker).result(); print(pool.submit("
            "eval, \"sorted(name for name in ('discord', 'aiohttp', 'pydantic', 'asyncio', 'ssl') "
            "if name in __import__('sys').modules)\").result()); pool.shutdown()")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert found.stdout.strip() == "[]"


def test_the_trimmer_trims_once_when_no_picture_came_for_a_while():
    trimmer = memory.Trimmer(every=1000, idle_seconds=0.2)
    for _ in range(3):
        trimmer.rendered()
    time.sleep(0.5)
    trimmed = 1 if memory.trimmable() else 0
    assert (trimmer.idle_trims, trimmer.count) == (trimmed, 0 if trimmed else 3)
    time.sleep(0.4)  # nothing drawn since: nothing to give back
    assert trimmer.idle_trims == trimmed
    trimmer.rendered()
    time.sleep(0.5)
    assert trimmer.idle_trims == 2 * trimmed


def test_a_render_worker_gives_its_heap_back_when_idle():
    if not memory.trimmable():
        pytest.skip("not glibc")
    toolkit.configure_render_pool(1, 4.0)
    pool = toolkit.render_pool()
    try:
        for size in (300, 700, 500):
            png, _ = pool.submit(toolkit._render, toolkit.encode_png, picture(size, size)).result(timeout=60)
            assert png.startswith(b"\x89PNG")
        time.sleep(toolkit.TRIMMER.idle_seconds + 1.5)
        stats = pool.submit(toolkit.render_worker_stats).result(timeout=60)
        assert stats["pictures"] == 3 and stats["idle_trims"] == 1
    finally:
        toolkit.configure_render_pool(0)
        toolkit._forget_pool(pool)
        pool.shutdown(wait=True)
