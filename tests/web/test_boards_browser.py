"""The web boards in a real browser (headless Chromium from the distribution): for each game with a web board,
a match played a few clicks in Discord, its public page and a seat's page (in Japanese) show the board above
the picture, styled by ``/static/boards.css`` (its colours computed by the browser), no wider than a phone,
and under the page budget; then at the smallest phone (360 x 740) and a desktop (1280 x 800) no wider than
the screen. ``DUELTABLE_WEB_SHOTS=<dir>`` keeps a screenshot of each page at each size (and both languages).
Skips, saying why, where no Chromium is installed (docs/WEB.md: how CI gets one)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.web.board_facts import FACTS
from tests.web.browser import chromium, find_browser
from tests.web.webtable import WebTable

BROWSER = find_browser()
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium installed: the browser test needs one "
                                "(apt-get install chromium chromium-driver; see docs/WEB.md)")
CLICKS = 12
MID_GAME = {"tetra": 40, "afterlife": 30}  # clicks: their boards are looked at mid-game (TetrAction's turns are long)
SCREENS = ((360, 740, True), (1280, 800, False))  # the smallest phone, a desktop
PAGE_BUDGET = 50_000  # bytes of HTML a page costs (its picture apart), the bound
BOARD_COLOURS = {"formation": "rgb(34, 38, 46)", "wars": "rgb(30, 34, 42)", "starfall": "rgb(30, 33, 42)",
                 "tetra": "rgb(34, 38, 46)", "afterlife": "rgb(30, 32, 40)"}


@pytest.mark.parametrize("game_id", sorted(FACTS))
async def test_the_board_is_drawn_for_a_phone(web: WebTable, game_id: str):
    match = await web.table.start(game_id)
    rng = random.Random(29)
    for _ in range(MID_GAME.get(game_id, CLICKS)):
        if not await web.step(rng):
            break
    match = await web.table.match()
    shots = Path(os.environ["DUELTABLE_WEB_SHOTS"]) if os.environ.get("DUELTABLE_WEB_SHOTS") else None
    pages = ((None, "en"), (0, "ja")) + (((None, "ja"), (0, "en")) if shots is not None else ())
    async with chromium(BROWSER) as tab:
        for seat, lang in pages:
            url = f"{web.bot.web_url(match, seat)}?lang={lang}"
            page = await web.text(urlsplit(url).path + f"?lang={lang}")
            assert len(page.encode()) <= PAGE_BUDGET, len(page.encode())
            await tab.open(url)
            await tab.wait_for("document.querySelector('#live .board') !== null")
            assert await tab.evaluate("getComputedStyle(document.querySelector('.board')).backgroundColor") \
                == BOARD_COLOURS[game_id], "the board's style sheet did not apply"
            # The board stands above the picture, which stays (with its words) as the fallback.
            assert await tab.evaluate("!!(document.querySelector('.board').compareDocumentPosition("
                                      "document.querySelector('#live img')) & Node.DOCUMENT_POSITION_FOLLOWING)")
            assert await tab.evaluate("document.documentElement.scrollWidth <= 390"), "wider than a phone"
            assert await tab.evaluate("document.querySelector('.board').lang") == lang
            name = f"board_{game_id}_{'public' if seat is None else f'seat{seat}'}_{lang}"
            if shots is not None:
                await tab.screenshot(shots / f"{name}.png")
            for width, height, mobile in SCREENS:
                await tab.open(url, width, height, mobile)
                await tab.wait_for("document.querySelector('#live .board') !== null")
                assert await tab.evaluate(f"document.documentElement.scrollWidth <= {width}"), f"wider than {width}"
                if shots is not None:
                    await tab.screenshot(shots / f"{name}_{width}x{height}.png")
