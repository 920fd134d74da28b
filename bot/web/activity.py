"""The pages as a Discord Activity (docs/WEB.md, "As a Discord Activity"): the member signs in through the
Embedded App SDK's OAuth2 flow and gets the page of their seat, or the public page as a spectator.

Routes (added to the web server when ``DISCORD_CLIENT_SECRET`` is set):

    GET  /                    the Activity's page (Discord loads the URL mapping's root): ``activity_app/``
    GET  /activity/app.js     its script, the SDK bundled at package time (``web/activity/``, never fetched live)
    POST /activity/token      {"code", "channel_id"} -> {"access_token", "link", ...} in a match's thread,
                              {"access_token", "matches": [...], ...} anywhere else (``launcher.py``)

The token route trades the code at Discord's ``/oauth2/token`` (the client id and secret), reads who signed
in at ``/users/@me`` with that token, and maps them to the match of the thread the Activity runs in: a player
gets their seat's signed path, anyone else who can see the thread the public one (``access.py``: Discord's
permissions, from any process). Outside a match's thread it lists the matches the member may open there. It
trusts nothing the page says but the code (which Discord checks) and the channel id (checked against the
member's own view of it): the page never gets more than a seat's path of the member's own or public paths,
the same as the links in DMs and the threads.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

import aiohttp
import discord
import jinja2
from aiohttp import web

from bot import i18n
from bot.store import MatchRow, valid_id
from bot.web.access import ThreadAccess
from bot.web.launcher import launcher_list, words

log = logging.getLogger(__name__)
APP = Path(__file__).parent / "activity_app"
# Discord's client frames the Activity (discord.com, its ptb/canary hosts) from its proxy (<app>.discordsays.com)
DISCORD_FRAMES = "https://discord.com https://*.discord.com https://discordsays.com https://*.discordsays.com"
ACTIVITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
                               f"frame-ancestors {DISCORD_FRAMES}",
}
EXCHANGE_TIMEOUT = aiohttp.ClientTimeout(total=10)



class Access(Protocol):
    async def sees(self, guild_id: int, user_id: int, places: Iterable[int]) -> set[int]: ...

    async def place_of(self, channel_id: int) -> tuple[int, int] | None: ...


NO_STORE = {"Cache-Control": "no-store"}


class ActivityError(Exception):
    """A sign-in refused: the HTTP status and the locale key of what the page says."""

    def __init__(self, status: int, key: str) -> None:
        super().__init__(key)
        self.status, self.key = status, key


class Activity:
    def __init__(self, web_server, *, client_id: int, client_secret: str, api_base: Callable[[], str],
                 access: Access) -> None:
        self.web = web_server
        self.client_id = client_id
        self._client_secret = client_secret
        self.api_base = api_base  # Discord's API (discord.http.Route.BASE: the fake Discord's in tests)
        self.access = access  # who may see a thread: Discord's permissions, from any process (access.py)
        self.templates = jinja2.Environment(loader=jinja2.FileSystemLoader(APP), autoescape=True,
                                            undefined=jinja2.StrictUndefined)

    def register(self, app: web.Application) -> None:
        app.router.add_get("/", self.index)
        app.router.add_get("/activity/app.js", self.script)
        app.router.add_post("/activity/token", self.token)
        app.on_response_prepare.append(self.frame_headers)

    async def frame_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """The Activity's page is framed by Discord's client: its CSP names Discord where the pages say 'none'."""
        if request.path == "/" and response.status == 200:
            response.headers.update(ACTIVITY_HEADERS)

    async def index(self, request: web.Request) -> web.Response:
        text = self.templates.get_template("index.html").render(
            client_id=str(self.client_id), t=lambda key: {loc: i18n.t(key, loc) for loc in ("en", "ja")})
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def script(self, request: web.Request) -> web.Response:
        return web.Response(body=(APP / "app.js").read_bytes(), content_type="text/javascript",
                            headers={"Cache-Control": "no-cache"})

    async def token(self, request: web.Request) -> web.Response:
        try:
            asked = await request.json()
        except (ValueError, UnicodeDecodeError):
            asked = None
        code = asked.get("code") if isinstance(asked, dict) else None
        channel = asked.get("channel_id") if isinstance(asked, dict) else None
        lang = asked.get("lang") if isinstance(asked, dict) and asked.get("lang") in i18n.LOCALES else "en"
        try:
            if not isinstance(code, str) or not 0 < len(code) <= 200:
                raise ActivityError(400, "activity.signin_failed")
            channel_id = int(channel) if isinstance(channel, str) and channel.isdigit() and len(channel) <= 20 else 0
            access_token, user_id = await self.sign_in(code)
            match = await self.web.store.match_by_thread(channel_id) if valid_id(channel_id) else None
            if match is None:  # opened outside a match's thread: the matches it may open here
                return await self.launcher(access_token, user_id, channel_id, lang)
            seat = await self.seat_in(match, user_id)
        except ActivityError as refused:
            return refusal(refused, lang)
        locale = await self.web.store.user_locale(user_id) if seat is not None else None
        locale = locale or match.locale
        return web.json_response({
            "access_token": access_token, "link": self.web.links.path(match, seat), "own": seat is not None,
            "locale": locale, "live": i18n.t("web.live", locale), "offline": i18n.t("web.offline", locale),
        }, headers=NO_STORE)

    async def launcher(self, access_token: str, user_id: int, channel_id: int, lang: str) -> web.Response:
        """The list of matches the member may open in this channel (``launcher.py``), in their language."""
        locale = await self.web.store.user_locale(user_id) or lang
        listed = await launcher_list(self, user_id, channel_id, locale) if valid_id(channel_id) else []
        if not listed:  # nothing here, a channel they cannot see, a server they are not on: the same answer
            return refusal(ActivityError(404, "activity_launcher.none"), locale)
        return web.json_response({
            "access_token": access_token, "matches": listed, "words": words(locale), "locale": locale,
            "live": i18n.t("web.live", locale), "offline": i18n.t("web.offline", locale),
        }, headers=NO_STORE)

    async def sign_in(self, code: str) -> tuple[str, int]:
        """Discord's token exchange, then who signed in: (access token, user id)."""
        form = {"grant_type": "authorization_code", "code": code, "client_id": str(self.client_id),
                "client_secret": self._client_secret}
        base = self.api_base()
        try:
            async with aiohttp.ClientSession(timeout=EXCHANGE_TIMEOUT) as http:
                async with http.post(f"{base}/oauth2/token", data=form) as answer:
                    grant = await answer.json(content_type=None) if answer.status == 200 else None
                access_token = grant.get("access_token") if isinstance(grant, dict) else None
                if not isinstance(access_token, str):
                    log.info("activity sign-in refused by Discord's token exchange (HTTP %s)", answer.status)
                    raise ActivityError(403, "activity.signin_failed")
                async with http.get(f"{base}/users/@me", headers={"Authorization": f"Bearer {access_token}"}) as me:
                    user = await me.json(content_type=None) if me.status == 200 else None
        except (aiohttp.ClientError, TimeoutError, ValueError):
            log.warning("activity sign-in: Discord's OAuth2 did not answer")
            raise ActivityError(502, "activity.signin_failed") from None
        user_id = str(user.get("id", "")) if isinstance(user, dict) else ""
        if not user_id.isdigit():
            raise ActivityError(403, "activity.signin_failed")
        return access_token, int(user_id)

    async def seat_in(self, match: MatchRow, user_id: int) -> int | None:
        """The member's seat in the match of the thread the Activity runs in (None: the public page)."""
        seat = match.seat_of(user_id)  # never the bot's seat
        if seat is None and not await self.can_view(match, user_id):
            raise ActivityError(404, "activity.no_match")  # not told apart from no match at all
        return seat

    async def can_view(self, match: MatchRow, user_id: int) -> bool:
        """Whether a member may see the match's thread now (a spectator's public page), by Discord's own
        permissions, not by what the page claims."""
        place = match.thread_id or match.channel_id
        return place in await self.access.sees(match.guild_id, user_id, [place])


def refusal(refused: ActivityError, locale: str) -> web.Response:
    return web.json_response({"error": refused.key, "message": i18n.t(refused.key, locale)},
                             status=refused.status, headers=NO_STORE)


def attach(client, web_server) -> Activity:
    """The Activity's routes on the bot's web server (before it starts), signing in with the bot's settings."""
    settings = client.settings
    activity = Activity(web_server, client_id=settings.discord_client_id or client.application_id,
                        client_secret=settings.discord_client_secret or "",
                        api_base=lambda: discord.http.Route.BASE, access=ThreadAccess(client, clock=client.clock))
    activity.register(web_server.app)
    return activity
