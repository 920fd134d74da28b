"""Playing from a seat's page: ``POST /m/<match>/<seat token>/move``.

The form carries the seat's panel version, a form token (``Links.csrf``: an HMAC bound to the seat's link)
and the chosen option ids. What it may do is exactly what a click on the seat's DM panel may do, through the
same ``MatchService.decide`` (the same version check, one transaction) and the same publish as a DM click
(``Publisher.publish_later``: the thread, the panels, the live pages, the bot player's answer).

Nothing in the form is trusted: the token and the form token are compared in constant time, an ``Origin``
header (browsers send one with every POST) must name this site, and the choice must be among the options the
seat is offered now, distinct, within the decision's min..max. A stale version (the page was behind, or the
second of a burst of identical POSTs) is refused as "out of date" with the page as it is now. A refusal
changes nothing.

Answers: the page's script (``X-Requested-With: fetch``) gets the page's live part with a notice; a plain
form (no script) gets a redirect to the page after a move (post/redirect/get) or the page with the notice.
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

from aiohttp import web

from bot import i18n, metrics
from bot.engine import Decision, EngineError, IllegalChoice, StaleState, decision_for
from bot.games import get_game
from bot.match import Applied
from bot.store import MatchRow, Store
from bot.ui.panel import Names
from bot.web.links import Links

if TYPE_CHECKING:
    from bot.match import MatchService
    from bot.ui.publish import Publisher


class PageServer(Protocol):
    """What a move from a page uses of the web server (bot/web/server.py: WebServer), named here so the two
    modules do not import each other."""

    desk: MoveDesk | None
    links: Links

    @property
    def store(self) -> Store: ...

    async def resolve(self, request: web.Request) -> tuple[MatchRow, str]: ...

    def known(self, match: MatchRow) -> None: ...

    async def locale_of(self, request: web.Request, match: MatchRow, role: str) -> str: ...

    async def names(self, match: MatchRow) -> Names: ...

    async def build(self, request: web.Request, template: str, match: MatchRow, role: str, locale: str,
                    names: Names, notice: str | None = None) -> str: ...

FETCHED = "fetch"  # the page's script sends X-Requested-With: fetch and swaps in the live part it gets back


@dataclass
class MoveDesk:
    """The bot's side of a move from a page: the service that decides it and the publisher that shows it."""

    service: Callable[[], MatchService]
    publisher: Publisher

    async def play(self, match: MatchRow, seat: int, version: int, choice: tuple[str, ...]) -> Applied:
        started = time.perf_counter()  # the decision-latency metric, as for a click
        applied = await self.service().decide(match.id, match.players[seat], version, choice)
        metrics.observe_decision(applied.after.game, "stored", started)
        # As a DM click's decision: published in a task of its own (thread, panels, pages, the bot's answer).
        self.publisher.publish_later(applied, None, started)
        return applied


def offered(decision: Decision, choice: tuple[str, ...]) -> bool:
    """The choice is an answer the seat is offered now: options of this decision, distinct, min..max of them."""
    return (decision.min <= len(choice) <= decision.max and len(set(choice)) == len(choice)
            and all(option in decision.options for option in choice))


def same_site(request: web.Request, base_url: str) -> bool:
    """No Origin (an old browser, a plain client: the form token still holds) or this site's own."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = urlsplit(origin).netloc
    return bool(host) and host in (request.host, urlsplit(base_url).netloc)


def open_decision(match: MatchRow, seat: int) -> Decision | None:
    if match.status != "active":
        return None
    return decision_for(get_game(match.game).engine.pending(match.state), seat)


async def move(server: PageServer, request: web.Request) -> web.StreamResponse:
    match, role = await server.resolve(request)
    if server.desk is None or role not in ("0", "1"):
        raise web.HTTPNotFound()
    seat = int(role)
    form = await request.post()
    locale = await server.locale_of(request, match, role)
    if not same_site(request, server.links.base_url) or not hmac.compare_digest(
            str(form.get("csrf", "")).encode(), server.links.csrf(match, role).encode()):
        metrics.error("refused:web_csrf")
        return web.Response(status=403, text=i18n.t("webplay.refused", locale), headers={"Cache-Control": "no-store"})
    try:
        version = int(str(form.get("version", "")))
    except ValueError:
        version = -1
    choice = tuple(str(value) for value in form.getall("choice", []))
    decision = open_decision(match, seat)
    if decision is None or version != match.panel_version(seat):
        return await refused(server, request, role, locale, 409, i18n.t("webplay.stale", locale))
    if not offered(decision, choice):
        metrics.error("refused:web_not_offered")
        return await refused(server, request, role, locale, 400, i18n.t("webplay.not_offered", locale))
    if decision.confirm and form.get("confirm") != "1":  # the page's box (required): a forged form lacks it
        metrics.error("refused:web_unconfirmed")
        return await refused(server, request, role, locale, 400, i18n.t("weblive.unconfirmed", locale))
    game = get_game(match.game)
    view = game.engine.view(match.state, seat)
    try:
        applied = await server.desk.play(match, seat, version, choice)
    except StaleState:
        return await refused(server, request, role, locale, 409, i18n.t("webplay.stale", locale))
    except IllegalChoice:
        return await refused(server, request, role, locale, 400, i18n.t("webplay.not_offered", locale))
    except EngineError as error:  # the match ended meanwhile, the seat's vacation...
        key = f"errors.{error.code}"
        text = i18n.t(key, locale, **error.args_map) if i18n.has(key) else i18n.t("errors.engine_error", locale)
        return await refused(server, request, role, locale, 409, text)
    server.known(applied.after)
    if request.headers.get("X-Requested-With") != FETCHED:
        raise web.HTTPSeeOther(location=page_path(request))
    chosen = ", ".join(game.option_label(option, view, locale) for option in choice)
    text = await server.build(request, "live.html", applied.after, role, locale, await server.names(applied.after),
                              notice=i18n.t("panel.chosen", locale, choice=chosen))
    return html(text, 200)


async def refused(server: PageServer, request: web.Request, role: str, locale: str, status: int,
                  notice: str) -> web.Response:
    """Nothing was played: the page as it is now (read again), with why."""
    match = await server.store.get_match(int(request.match_info["match"]))
    if match is None:
        raise web.HTTPNotFound()
    server.known(match)
    template = "live.html" if request.headers.get("X-Requested-With") == FETCHED else "page.html"
    text = await server.build(request, template, match, role, locale, await server.names(match), notice=notice)
    return html(text, status)


def page_path(request: web.Request) -> str:
    lang = request.query.get("lang")
    query = f"?lang={lang}" if lang in i18n.LOCALES else ""
    return f"/m/{request.match_info['match']}/{request.match_info['token']}{query}"


def html(text: str, status: int) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", headers={"Cache-Control": "no-store"})
