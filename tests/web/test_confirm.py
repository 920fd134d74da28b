"""A decision that asks for a confirm step (``Decision.confirm``: Formation's last card of a placement) asks for
it on the seat page too: a required box in the form, checked by the server. A forged POST without it is
refused (400) and plays nothing; with it, the move is played."""

from __future__ import annotations

import html
import random

from bot import i18n
from bot.games import get_game
from tests.web.test_play import form_of, log_length, move_fields, post
from tests.web.webtable import WebTable, path_of


async def test_a_confirm_decision_needs_the_pages_confirmation(web: WebTable):
    await web.table.start("formation")
    rng = random.Random(2)
    for _ in range(40):  # clicks in Discord until a seat's open decision asks for a confirm step
        match = await web.table.match()
        confirming = [d for d in get_game("formation").engine.pending(match.state) if d.confirm]
        if confirming:
            break
        await web.step(rng)
    else:
        raise AssertionError("no confirm step came")
    decision = confirming[0]
    path = path_of(web.bot.web_url(match, decision.seat))
    page = await web.text(path + "?lang=en")
    assert 'name="confirm" value="1" required' in page and i18n.t("weblive.confirm", "en") in page
    form = form_of(page)
    choice = [decision.options[0]]
    before = await log_length(web, match.id)

    status, body = await post(web, path, move_fields(form, choice))  # forged: no confirmation
    assert status == 400 and any(i18n.t("weblive.unconfirmed", lang) in html.unescape(body) for lang in i18n.LOCALES)
    status, _ = await post(web, path, [*move_fields(form, choice), ("confirm", "yes")])
    assert status == 400
    assert await log_length(web, match.id) == before and (await web.table.match()).version == match.version

    status, _ = await post(web, path, [*move_fields(form, choice), ("confirm", "1")])
    assert status == 303
    await web.table.settle()
    assert await log_length(web, match.id) == before + 1


async def test_a_decision_without_a_confirm_step_has_no_box(web: WebTable):
    match = await web.table.start("wars")
    decision = get_game("wars").engine.pending(match.state)[0]
    assert not decision.confirm
    page = await web.text(path_of(web.bot.web_url(match, decision.seat)) + "?lang=en")
    assert 'name="confirm"' not in page and 'name="choice"' in page
