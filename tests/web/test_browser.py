"""A real browser (headless Chromium from the distribution) opens a match's public page and sees it follow a
decision made in Discord without a reload: the live connection, the re-fetched part, the new picture.
Skips, saying why, where no Chromium is installed (docs/WEB.md: how CI gets one)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from bot import i18n
from bot.engine import decision_for
from bot.games import get_game
from bot.web.live import stamp
from bot.web.pages import page_names, turn_line
from tests.web.browser import chromium, find_browser
from tests.web.webtable import WebTable

BROWSER = find_browser()
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium installed: the browser test needs one "
                                "(apt-get install chromium chromium-driver; see docs/WEB.md)")


async def test_a_public_page_in_a_real_browser_follows_a_decision_made_in_discord(web: WebTable, tmp_path: Path):
    bot = web.bot
    match = await web.table.start("wars")
    url = bot.web_url(match, None)
    async with chromium(BROWSER) as tab:
        await tab.open(url)
        assert await tab.evaluate("document.title") == f"{i18n.t('games.wars', match.locale)} #{match.id}"
        await tab.wait_for(f"document.getElementById('status').textContent === {i18n.t('web.live', 'en')!r}")
        assert await tab.evaluate("document.getElementById('live').dataset.stamp") == str(match.posted_version)
        await tab.wait_for("document.querySelector('#live img').naturalWidth > 0")
        assert await tab.evaluate("document.documentElement.scrollWidth <= 390"), "wider than a phone"
        rng = random.Random(4)
        while (after := await web.table.match()).posted_version == match.posted_version:
            await web.step(rng)  # clicks in Discord until the thread moves
        await tab.wait_for(f"document.getElementById('live').dataset.stamp === '{after.posted_version}'", 5.0)
        await tab.wait_for("document.querySelector('#live img').complete"
                           " && document.querySelector('#live img').naturalWidth > 0")
        src = await tab.evaluate("document.querySelector('#live img').getAttribute('src')")
        assert f"v={after.posted_version}" in src
        names = await bot.members.names(after)
        assert await tab.evaluate("document.querySelector('.turn').innerText") == turn_line(after, "en", page_names(names))
        if os.environ.get("DUELTABLE_WEB_SHOTS"):  # a developer's look at the pages at phone size
            shots = Path(os.environ["DUELTABLE_WEB_SHOTS"])
            await tab.screenshot(shots / "public_wars.png")
            for seat in (0, 1):
                await tab.open(bot.web_url(after, seat))
                await tab.wait_for("document.querySelector('#live img').naturalWidth > 0")
                await tab.screenshot(shots / f"seat{seat}_wars.png")


async def test_a_move_clicked_on_a_seat_page_in_a_real_browser_reaches_the_public_page(web: WebTable):
    """A seat plays from its page (the page's script posts the form and shows the answer in place); the public
    page open in another browser follows once the thread shows the move."""
    bot = web.bot
    match = await web.table.start("formation")
    pending = get_game("formation").engine.pending(match.state)
    seat = 0 if decision_for(pending, 0) else pending[0].seat
    async with chromium(BROWSER) as public, chromium(BROWSER) as own:
        await public.open(bot.web_url(match, None))
        await own.open(bot.web_url(match, seat) + "?lang=en")
        for tab in (public, own):
            await tab.wait_for(f"document.getElementById('status').textContent === {i18n.t('web.live', 'en')!r}")
        label = await own.evaluate("""(() => {
            window.stayed = true;  // a plain form's POST would load a new document: the script answered in place
            const form = document.querySelector('form.play');
            const boxes = [...form.querySelectorAll('input[type=checkbox]')].slice(0, Number(form.dataset.min));
            boxes.forEach((box) => { box.checked = true; box.dispatchEvent(new Event('change', {bubbles: true})); });
            const button = form.querySelector('button[type=submit]');
            button.click();
            return button.textContent; })()""")
        assert label
        chosen = i18n.t("panel.chosen", "en", choice="").strip()
        await own.wait_for(f"(document.querySelector('#live .notice') || {{}}).textContent?.startsWith({chosen!r})"
                           " || document.getElementById('live').dataset.stamp !== "
                           f"{stamp(match, str(seat))!r}", 5.0)
        assert await own.evaluate("window.stayed === true")
        await web.table.settle()
        rng = random.Random(6)
        while (after := await web.table.match()).posted_version == match.posted_version:
            await web.step(rng)  # a secret step: the other seat answers in Discord before the thread moves
        assert (await bot.store.unposted(match.id, match.version))[0][1] == seat  # the page's move came first
        await public.wait_for(f"document.getElementById('live').dataset.stamp === '{after.posted_version}'", 5.0)
        assert await public.evaluate("document.querySelector('form')") is None
