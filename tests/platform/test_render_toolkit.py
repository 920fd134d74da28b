"""The shared Pillow toolkit: Japanese line breaking and the legibility floor."""

from __future__ import annotations

import pytest

from bot.render.toolkit import MIN_TEXT_PX, NO_LINE_START, font, wrap_text


def test_japanese_wrap_never_starts_a_line_with_closing_punctuation():
    text = "相手の場のユニット1体を破壊する。あなたはそのコストに等しいダメージを受ける、そして終わる。" * 3
    for width in range(120, 400, 7):
        lines = wrap_text(text, 20, width)
        assert all(line[:1] not in NO_LINE_START for line in lines[1:])
        assert "".join(lines) == text


def test_fonts_below_the_legibility_floor_are_refused():
    with pytest.raises(ValueError):
        font(MIN_TEXT_PX - 1)
    assert font(MIN_TEXT_PX).getbbox("漢字")[2] > 0  # the bundled font has kanji


def test_sized_cache_holds_at_most_its_share_and_drops_the_least_recently_used():
    from PIL import Image

    from bot.render import toolkit
    from bot.render.toolkit import footprint, sized_cache

    drawn: list[int] = []

    @sized_cache(megabytes=1)
    def tile(n: int, *, wide: bool = False) -> Image.Image:
        drawn.append(n)
        return Image.new("RGB", (400 if wide else 200, 200))  # 320 KB or 160 KB of pixels

    share = toolkit.PICTURE_CACHE_MB / toolkit._DECLARED_MB[0]  # what a declared megabyte gets
    assert tile.cache_budget() == int(share * 2**20)
    for n in range(100):
        tile(n)
    assert 0 < tile.cache_bytes() <= tile.cache_budget()
    assert tile.cache_len() == tile.cache_budget() // footprint(Image.new("RGB", (200, 200)))
    tile(99)  # the newest is held: no drawing
    assert drawn.count(99) == 1
    tile(0)  # the oldest was dropped: drawn again
    assert drawn.count(0) == 2
    tile(5, wide=True)
    assert tile(5, wide=True) is tile(5, wide=True) and drawn.count(5) == 2
    tile.cache_clear()
    assert tile.cache_bytes() == 0 and tile.cache_len() == 0


def test_all_picture_caches_together_stay_within_the_setting():
    from PIL import Image

    from bot.render import toolkit
    from bot.render.toolkit import sized_cache

    @sized_cache(megabytes=2)
    def big(n: int) -> Image.Image:
        return Image.new("RGB", (300, 300))

    @sized_cache(megabytes=1)
    def small(n: int) -> Image.Image:
        return Image.new("L", (300, 300))

    before = toolkit.PICTURE_CACHE_MB
    try:
        for n in range(400):
            big(n), small(n)
        assert sum(held for held, *_ in toolkit.cache_stats().values()) <= before * 2**20
        assert big.cache_budget() == 2 * small.cache_budget() or abs(big.cache_budget() - 2 * small.cache_budget()) <= 1
        toolkit.set_picture_cache_mb(before / 4)  # shrinks what is held at once
        assert sum(held for held, *_ in toolkit.cache_stats().values()) <= before / 4 * 2**20
        assert 0 < big.cache_bytes() <= big.cache_budget()
        toolkit.set_picture_cache_mb(0)  # caches nothing: every call draws
        assert big.cache_bytes() == 0 and big(1) is not big(1)
    finally:
        toolkit.set_picture_cache_mb(before)


def test_remembered_pictures_are_byte_identical_and_bounded():
    from bot.render import toolkit

    drawn: list[int] = []

    @toolkit.remembered
    def render(view: dict, locale: str) -> bytes:
        drawn.append(view["n"])
        return bytes([view["n"] % 256]) * 40_000

    assert render({"n": 1}, "en") is render({"n": 1}, "en") and drawn == [1]
    assert render({"n": 1}, "ja") == render({"n": 1}, "en") and drawn == [1, 1]  # the locale is in the key
    for n in range(200):
        render({"n": n}, "en")
    held, entries, hits, misses = toolkit.cache_stats()[f"{render.__module__}.{render.__qualname__}"]
    assert 0 < held <= toolkit._STORES[f"{render.__module__}.{render.__qualname__}"].budget() and entries < 50
    assert hits == 3 and misses == 201  # n=1 was still held when the loop came to it
    render.forget()
    render({"n": 199}, "en")
    assert drawn[-1] == 199 and drawn.count(199) == 2


def test_trimming_gives_freed_heap_pages_back():
    from bot import memory
    from tools import memstats

    if not memory.trimmable():
        pytest.skip("not glibc")
    memory.trim()
    # many mid-sized blocks (below the mmap threshold: they come from the heap), every other one freed, so
    # the heap cannot shrink from its top: only malloc_trim hands the free pages in the middle back
    blocks = [bytearray(64 * 1024) for _ in range(1600)]
    del blocks[::2]
    before = memory.resident()["anon"]
    assert memstats.heap()["free"] > 40  # MB freed but still held by malloc
    assert memory.trim()
    assert memory.resident()["anon"] < before - 30
    del blocks


def test_the_trimmer_trims_once_every_so_many_pictures():
    from bot import memory

    trimmer = memory.Trimmer(every=3)
    for _ in range(7):
        trimmer.rendered()
    assert trimmer.trims == (2 if memory.trimmable() else 0)
    never = memory.Trimmer(every=0)
    never.rendered()
    assert never.trims == 0


def test_an_upload_leaves_no_cycle_to_collect():
    import gc
    import weakref

    import discord

    from bot.ui import pictures

    gc.collect()
    gc.disable()
    try:
        plain = discord.File(__import__("io").BytesIO(b"x" * 1000), filename="a.png")
        plain_fp = weakref.ref(plain.fp)
        plain.close()  # as discord.py does after a send
        del plain
        assert plain_fp() is not None  # discord.File's own: kept alive by a cycle until a full collection

        upload = pictures.upload(b"x" * 1000, "a.png")
        assert upload.fp.read() == b"x" * 1000 and upload.filename == "a.png"
        upload.reset()
        upload.fp.close()  # a no-op while discord.py sends it (it may retry)
        assert upload.fp.read(1) == b"x"
        fp = weakref.ref(upload.fp)
        upload.close()
        del upload
        assert fp() is None  # freed by its reference count alone
    finally:
        gc.enable()


def test_japanese_lines_keep_kinsoku_without_running_past_the_width():
    """A closing mark or small kana never starts a line, and the characters before it go down with it
    instead of hanging past the picture's band (an Afterlife prompt ran past its frame)."""
    from bot.render.toolkit import NO_LINE_START, font, wrap_text

    texts = ["▶ アタックをブロックするか(枠: ブロックできる自分のクリーチャー)ダメージを受けてください",
             "「森の巨像」のアタック。ブロックしますか？ チャージ・ショット！",
             "ッッッッ。。。ーーー)))"]
    checked = 0
    for text in texts:
        for width in range(120, 700, 7):
            lines = wrap_text(text, 22, width, True)
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost or added
            for index, line in enumerate(lines):
                if index and line[:1] in NO_LINE_START and lines[index - 1]:
                    # only when nothing could go down with it (a line of forbidden marks alone)
                    assert all(ch in NO_LINE_START for ch in lines[index - 1])
                if len(line) > 1 and not all(ch in NO_LINE_START for ch in line[1:]):
                    assert font(22, True).getlength(line) <= width or len(lines) == 1, (width, line)
                checked += 1
    assert checked > 100


def test_wrap_never_breaks_inside_a_katakana_word_or_after_an_opening_bracket():
    """Issue 26: "オー/バーライド" was split across lines; an opening bracket must not end a line."""
    from bot.render.toolkit import NO_LINE_END, NO_LINE_START, token_width, wrap_text

    text = "相手のカードをオーバーライドする。「チャージ・ショット」を（任意で）使い、エーテルを得る。"
    words = ("オーバーライド", "チャージ", "ショット", "エーテル")
    for width in range(180, 700, 9):  # every width where the longest katakana word fits on a line
        lines = wrap_text(text, 22, width)
        assert "".join(lines) == text
        for before, after in zip(lines, lines[1:], strict=False):
            assert after[:1] not in NO_LINE_START and before[-1:] not in NO_LINE_END, (width, lines)
            for word in words:
                for cut in range(1, len(word)):
                    assert not (before.endswith(word[:cut]) and after.startswith(word[cut:])), (width, lines)
        assert all(token_width(line, 22) <= width for line in lines), (width, lines)


def test_a_katakana_word_wider_than_the_line_is_still_broken_to_fit():
    from bot.render.toolkit import token_width, wrap_text

    lines = wrap_text("オーバーライドオーバーライド", 22, 120)
    assert "".join(lines) == "オーバーライドオーバーライド" and len(lines) > 1
    assert all(token_width(line, 22) <= 120 for line in lines)


def test_english_wraps_at_spaces_only():
    from bot.render.toolkit import wrap_text

    text = "Alice's Shield Bearer (f3) goes to the grave, and Bob's Jack (c2) takes 3 damage."
    for width in range(120, 700, 11):
        lines = wrap_text(text, 20, width)
        assert " ".join(lines) == text, (width, lines)
    log = "Frost is dealt to the public row. · Player 2 tips the yellow tetrite. · Player 2 turns the red tetrite."
    for width in range(160, 700, 11):
        lines = wrap_text(log, 20, width)
        assert " ".join(lines) == log and not any(line.startswith("·") for line in lines), (width, lines)


def test_fit_text_shortens_at_a_word_boundary_with_an_ellipsis():
    """The final Starfall board cut its last-events line mid-word ("…Shield Bearer, J…")."""
    from bot.render.toolkit import fit_text, token_width

    line = "Round 3: Alice's Knight, Dragon Queen, Shield Bearer, Jack go to the grave."
    words = {word.strip(",.:") for word in line.split()}
    for width in range(140, 700, 13):
        cut = fit_text(line, 20, width)
        assert token_width(cut, 20) <= width
        if cut != line:
            assert cut.endswith("…") and not cut.endswith(",…") and not cut.endswith(" …")
            assert all(word.strip(",.:") in words for word in cut[:-1].split()), (width, cut)
    japanese = "アリスのシールドベアラー（f3）が墓地に送られる。"
    for width in range(60, 500, 7):
        cut = fit_text(japanese, 20, width)
        assert token_width(cut, 20) <= width
        assert "シールドベアラー" in cut or "シ" not in cut, (width, cut)  # a katakana word whole or not at all
    # A lone letter left before the ellipsis would read as a cut word (Starfall's "…action and R…").
    chips = "Round 15 ends: cards that did not act heal 10; sick, lock, action and R chips are removed."
    for width in range(200, 700, 7):
        cut = fit_text(chips, 20, width)
        assert not cut.endswith(" R…") and (cut == chips or cut.endswith("…")), (width, cut)
    # Only a single word wider than the room is cut by character.
    assert fit_text("Bartholomew", 20, 70).endswith("…") and token_width(fit_text("Bartholomew", 20, 70), 20) <= 70


@pytest.mark.parametrize("part", [
    "Round 11: Bob's Shield Bearer (f3), Alice's Knight Captain (b2), Alice's Shield Bearer (f1), Bob's Jack "
    "Frost (c2) go to the grave.",
    "第11ラウンド：ボブのシールドベアラー（f3）、アリスのナイトキャプテン（b2）、アリスのシールドベアラー（f1）が墓地へ。",
])
def test_starfall_last_events_lines_are_shortened_between_words(part: str):
    """Starfall's final board cut its last-events line mid-word ("…Shield Bearer, J…")."""
    from cogs.starfall.render_pieces import log_lines

    for width in range(200, 700, 23):
        (line,) = log_lines([part], 20, width, 1)
        assert line.endswith("…")
        kept = line[:-1]
        rest = part[len(kept):]
        assert part.startswith(kept), (width, line)
        # the cut falls before a space, a separator, or a non-katakana character after a whole katakana word
        assert rest[:1] in " ,、（" or not ("\u30a0" <= rest[:1] <= "\u30ff" and "\u30a0" <= kept[-1:] <= "\u30ff"), \
            (width, line)
        assert not (kept[-1:].isalnum() and rest[:1].isalnum() and kept[-1:].isascii()), (width, line)
