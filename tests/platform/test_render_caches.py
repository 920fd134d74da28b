"""The toolkit's cheaper ways to the same pixels: text rasterized without measuring it first, small texts
over a flat colour blended in place instead of pasted from a kept tile."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render import toolkit

TEXTS = [("Ice Needle", 26, True, "la"), ("ターン(▲ Alice the Bold)", 24, True, "lm"), ("17", 20, False, "rm"),
         ("、", 20, False, "la"), ("Total 21 (12+9)", 28, False, "mm"), ("jÅg", 40, True, "rs"), (" ", 20, False, "la"),
         ("", 22, False, "la"), ("two\nlines", 22, False, "la")]


def measured_first(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A text's mask as it was made before: its box measured with ``getbbox``, then drawn into it."""
    face = toolkit.font(size, bold)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left + 2), max(1, bottom - top + 2)))
    ImageDraw.Draw(mask).text((1 - left, 1 - top), text, font=face, fill=255, anchor=anchor)
    return mask, left - 1, top - 1


def test_a_text_laid_out_once_gives_the_mask_measuring_it_first_gave_without_its_empty_margin():
    for key in TEXTS[:-1]:
        mask, dx, dy = toolkit.text_mask.__wrapped__(*key)
        old, old_dx, old_dy = measured_first(*key)
        assert (dx, dy) == (old_dx + toolkit.MASK_MARGIN, old_dy + toolkit.MASK_MARGIN), key
        if old.getbbox() is None:  # no ink: nothing to compare but where its box began
            assert mask.getbbox() is None, key
            continue
        assert old.size == (mask.width + 2, mask.height + 2), key
        inner = old.crop((1, 1, 1 + mask.width, 1 + mask.height))
        assert inner.tobytes() == mask.tobytes(), key
        assert old.getbbox() == tuple(v + 1 for v in mask.getbbox()), key  # the margin held no ink
    assert toolkit.coverage("two\nlines", toolkit.font(22), "la") is None  # several lines: measured first


def test_drawing_a_text_still_goes_through_imagedraw_text(monkeypatch):
    """Tests that check text sizes record ``ImageDraw.text``: a text rasterized for the cache must pass there."""
    seen: list[tuple[str, int]] = []
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, fill=None, font=None, *args, **kwargs):
        seen.append((text, font.size))
        return original(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    toolkit.text_mask.__wrapped__("Frost", 24, False, "la")
    assert seen == [("Frost", 24)]


def pasted_from_tile(canvas: toolkit.Canvas, x: int, y: int, key: tuple, fill, on) -> None:
    canvas.paste_text(x, y, toolkit.text_tile.__wrapped__(*key, fill, on))


def test_a_text_over_a_flat_colour_is_the_pixels_of_its_tile_small_or_large():
    on, fill = (44, 49, 60), (235, 235, 235)
    for key in [*TEXTS[:-1], ("新しい手札カードを選んでください。", 22, True, "la")]:
        by_tile, drawn = toolkit.Canvas(420, 90, on), toolkit.Canvas(420, 90, on)
        for canvas in (by_tile, drawn):
            # A neighbour whose antialiased edge reaches into the text's box: the tile paints over it with
            # ``on``, so the text drawn in place must too (blending alone would keep it).
            canvas.text((30, 30), "W", 40, (255, 196, 64))
        pasted_from_tile(by_tile, 52, 40, key, fill, on)
        drawn.text_on(52, 40, *key, fill, on)
        assert drawn.image.tobytes() == by_tile.image.tobytes(), key
    small = toolkit.text_mask("17", 20, False, "rm")[0]
    large = toolkit.text_mask("新しい手札カードを選んでください。", 22, True, "la")[0]
    assert small.width * small.height < toolkit.TILED_AREA <= large.width * large.height  # both ways were tried


def test_small_texts_keep_no_tile_and_large_ones_do():
    toolkit.clear_picture_caches(remembered=False)
    canvas = toolkit.Canvas(720, 80, (34, 38, 46))
    canvas.text((10, 10), "17", 20, on=(34, 38, 46))
    assert toolkit.text_tile.cache_len() == 0 and toolkit.text_mask.cache_len() == 1
    canvas.text((10, 40), "新しい手札カードを選んでください。", 22, bold=True, on=(34, 38, 46))
    assert toolkit.text_tile.cache_len() == 1


def test_a_render_workers_share_holds_the_frames_and_corners_its_pictures_repeat():
    """At a render worker's share (16 MB of the default 32), the caches whose whole working set is small hold
    all of it: pictures drawn again miss none (Starfall's empty frame once never fitted, its three card
    frames held two, and the corners missed 3 a picture)."""
    from itertools import islice

    from bot.games import available_games
    from bot.render.names import render_with_names
    from tools.renderstudy import NAMES, jobs

    specs = {spec.game_id: spec for spec in available_games()}
    real = sum(store.declared for name, store in toolkit._STORES.items() if name.startswith(("bot.", "cogs.")))
    before = toolkit.PICTURE_CACHE_MB
    # The caches this test process declared besides the renderers' take their part of the total: give the
    # renderers' caches exactly a worker's 16 MB.
    toolkit.set_picture_cache_mb(16 * toolkit._DECLARED_MB[0] / real)
    watched = ["bot.render.toolkit.rounded_corners", "cogs.starfall.render_fields.empty_frame",
               "cogs.starfall.render_fields.tile_frame"]
    try:
        toolkit.clear_picture_caches()
        work = list(islice(jobs(5), 40))
        for _ in range(2):
            misses = {name: toolkit._STORES[name].misses for name in watched}
            for game, kind, view, locale in work:
                spec = specs[game]
                render_with_names(NAMES, spec.render_board if kind == "board" else spec.render_hand, view, locale)
            missed = {name: toolkit._STORES[name].misses - misses[name] for name in watched}
        assert all(missed[name] == 0 for name in watched), missed  # the second round drew none again
        assert toolkit._STORES["cogs.starfall.render_fields.empty_frame"].hits > 0
    finally:
        toolkit.set_picture_cache_mb(before)


def test_the_picture_caches_change_no_pixel(capsys):
    """``python -m tools.renderstudy --pixels`` (the check every drawing change here was measured with): the
    same pictures drawn with a worker's caches, warm, and with none are the same pixels."""
    from tools.renderstudy import pixel_hashes

    before = toolkit.PICTURE_CACHE_MB
    outputs = []
    try:
        for megabytes in (16.0, 16.0, 0.0):
            toolkit.set_picture_cache_mb(megabytes)
            pixel_hashes(15, seed=4, cards=False)
            outputs.append(capsys.readouterr().out)
    finally:
        toolkit.set_picture_cache_mb(before)
    assert len(outputs[0].splitlines()) == 15
    assert outputs[0] == outputs[1] == outputs[2]
