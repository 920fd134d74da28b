"""The web server next to the bot (aiohttp): a match's pages, its picture and its live events.

Routes (every one behind a signed token, ``links.py``; anything else, a forged, stale or foreign token,
a bot's seat: the same bare 404):

    GET /m/<match>/<token>            the page (public: ``p…``; a seat's: ``0…``/``1…``)
    GET /m/<match>/<token>/live       the page's live part, which the page fetches again when told
    GET /m/<match>/<token>/board.png  the picture: the public board, or the seat's hand
    GET /m/<match>/<token>/events     server-sent events: ``version`` with the page's stamp (``live.py``)
    POST /m/<match>/<seat token>/move a move from a seat's page (``play.py``)
    GET /static/<file>                the page's script and style sheet

No access log: a URL holds a seat's token. Pages are never cached and send no Referer onwards.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path

import jinja2
from aiohttp import web

from bot import i18n
from bot.games import get_game
from bot.render.names import render_with_names
from bot.render.toolkit import FONT_DIR, render_off_loop
from bot.store import MatchRow, Store, valid_id
from bot.ui.panel import Names
from bot.web.links import PUBLIC, Links, seat_of_role
from bot.web.live import LiveHub, stamp
from bot.web.pages import Page, ShownStates, compose, final_view, over, page_reads
from bot.web.play import MoveDesk, move

log = logging.getLogger(__name__)
HERE = Path(__file__).parent
STATIC = {"live.js": "text/javascript", "page.css": "text/css", "boards.css": "text/css"}
# The pictures' own Japanese font, for a browser without one (fetched only for the characters it lacks).
FONTS = {"NotoSansCJKjp-Regular.otf": FONT_DIR / "NotoSansCJKjp-Regular.otf",
         "NotoSansCJKjp-Bold.otf": FONT_DIR / "NotoSansCJKjp-Bold.otf"}
KEEPALIVE = 15.0  # seconds between keep-alives; each also re-reads the stamp (news another process published)
# Several processes on one SQLite file (no NOTIFY): how often one query looks whether a watched match moved.
POLL = 1.0
PICTURES_KEPT = 48  # pictures kept by (match, role, stamp, locale, names): a hundred pages ask at once
PAGES_KEPT = 96  # pages and live parts kept the same way: one is built per stamp, not one per page
MATCHES_KEPT = 256  # match rows kept: a request re-reads only the columns that move (not the state) if unchanged
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # a seat page's URL is its key
    "X-Content-Type-Options": "nosniff",
}

NamesOf = Callable[[MatchRow], Awaitable[Names]]


class WebServer:
    def __init__(self, store: Callable[[], Store], names: NamesOf, links: Links, *,
                 host: str = "127.0.0.1", port: int | None = None, keepalive: float = KEEPALIVE,
                 desk: MoveDesk | None = None) -> None:
        self._store = store
        self.desk = desk  # None: pages are read-only (no moves from the page)
        # A page's build (the views, the game's words, the template: 2-10 ms) runs in a thread, not the event
        # loop that answers the clicks; its store reads stay in the loop. False: in the loop (the bench's "before").
        self.build_off_loop = True
        self.names = names
        self.links = links
        self.host, self.port = host, port
        self.keepalive = keepalive
        self.hub = LiveHub()
        self.shown_states = ShownStates()  # what the threads show, for public pages (this process, this database)
        self.templates = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                                            undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
        self._pictures: OrderedDict[tuple, asyncio.Task] = OrderedDict()
        self._pages: OrderedDict[tuple, asyncio.Future] = OrderedDict()
        self._matches: OrderedDict[int, MatchRow] = OrderedDict()
        # A read of a match under way, shared by the requests that arrive while it runs (a hundred pictures
        # asked at once after a decision: one store read), but only by requests that came after the last news
        # of that match (its generation), so a page told of a decision never gets a row read before it.
        self._reading: dict[int, tuple[int, asyncio.Future]] = {}
        self._generation: dict[int, int] = {}
        self._runner: web.AppRunner | None = None
        # News published by another process (docs/WEB.md, "Live across processes"): its NOTIFY names the match
        # (``remote_news``), or, on a shared SQLite file, one poll for the whole hub looks every ``poll_every``
        # seconds while a page is open (None: no poll: one process, or NOTIFY carries the news).
        self.poll_every: float | None = None
        self._remote: set[int] = set()
        self._told: dict[int, tuple[int, int]] = {}  # a watched match's versions its watchers were last told
        self._waking: asyncio.Task | None = None
        self._polling: asyncio.Task | None = None
        self.app = self.make_app()

    @property
    def store(self) -> Store:
        return self._store()

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[security_headers])
        app.router.add_get(r"/m/{match:\d+}/{token}", self.page)
        app.router.add_get(r"/m/{match:\d+}/{token}/live", self.live_part)
        app.router.add_get(r"/m/{match:\d+}/{token}/board.png", self.picture)
        app.router.add_get(r"/m/{match:\d+}/{token}/events", self.events)
        app.router.add_post(r"/m/{match:\d+}/{token}/move", self.move)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/static/fonts/{name}", self.font)
        return app

    def changed(self, match: MatchRow | None) -> None:
        """The publish path's hook (``Publisher.on_change``): a watched match's shown state, then its pages."""
        if match is not None:
            self.news(match.id)
            if self.hub.watchers(match.id):
                self.shown_states.remember(match)
                self._told[match.id] = (match.posted_version, match.version)  # what the poll compares with
        self.hub.changed(match)

    # ---- news from other processes ---------------------------------------------------------------

    def remote_news(self, match_id: int) -> None:
        """Another process published this match (its NOTIFY; or the poll saw it move): the watchers here are
        woken from one read of its row, whatever the number of pages. Nobody watching: nothing is read."""
        if not self.hub.watchers(match_id):
            return
        self._remote.add(match_id)
        if self._waking is None or self._waking.done():
            self._waking = asyncio.ensure_future(self._wake_remote())

    async def _wake_remote(self) -> None:
        while self._remote:
            match_ids, self._remote = self._remote, set()
            for match_id in match_ids:
                self.news(match_id)  # reads under way started before the other process's news
            rows = await asyncio.gather(*(self.read_match(match_id) for match_id in match_ids),
                                        return_exceptions=True)
            for row in rows:
                if isinstance(row, MatchRow):
                    self.changed(row)
                elif isinstance(row, Exception):  # the keep-alive's resync still comes
                    log.warning("could not read a match published elsewhere", exc_info=row)

    def polling(self) -> None:
        """A page started watching: on a shared SQLite file, make sure the hub's one poll runs."""
        if self.poll_every is not None and (self._polling is None or self._polling.done()):
            self._polling = asyncio.ensure_future(self._poll())

    async def _poll(self) -> None:
        """One task for every page of this process, only while one is open: every ``poll_every`` s, one query
        for the versions of all watched matches; a match whose versions differ from those this process last
        told its watchers is read once and they are woken (the public stamp still moves with
        ``posted_version`` only: ``LiveHub.changed``)."""
        while self.poll_every is not None and self.hub.watchers():
            await asyncio.sleep(self.poll_every)
            try:
                versions = await self.store.match_versions(self.hub.watched())
            except Exception:
                log.warning("could not poll the watched matches", exc_info=True)
                continue
            self._told = {match_id: told for match_id, told in self._told.items() if match_id in versions}
            for match_id, now in versions.items():
                if self._told.get(match_id) != now:  # moved, or newly watched (told nothing yet: one read)
                    self.remote_news(match_id)

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        self.port = self._runner.addresses[0][1]  # the port bound (0 asks for any free one)
        log.info("web pages served on %s:%s", self.host, self.port)

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def stop(self) -> None:
        self.hub.close()
        for task in (self._waking, self._polling):
            if task is not None:
                task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ---- who asks -------------------------------------------------------------------------------

    async def resolve(self, request: web.Request) -> tuple[MatchRow, str]:
        """The match and role a signed path opens, or 404 with nothing else."""
        digits = request.match_info["match"]
        match_id = int(digits) if len(digits) <= 19 else 0
        match = await self.read_match(match_id) if valid_id(match_id) else None
        role = self.links.role(match, request.match_info["token"]) if match is not None else None
        if match is None or role is None or (role != PUBLIC and seat_of_role(role) == match.bot_seat):
            raise web.HTTPNotFound()
        return match, role

    def news(self, match_id: int) -> None:
        """The match moved (published here, or seen moved at a keep-alive): reads under way are too old."""
        self._generation[match_id] = self._generation.get(match_id, 0) + 1
        if len(self._generation) > MATCHES_KEPT:
            self._generation.pop(next(iter(self._generation)))

    async def read_match(self, match_id: int) -> MatchRow | None:
        """The match as stored now, one read shared by the requests that arrive while it runs (after the same
        news); its state decoded again only when its version moved (a state changes only with its version)."""
        generation = self._generation.get(match_id, 0)
        flight = self._reading.get(match_id)
        if flight is None or flight[0] != generation:
            flight = (generation, asyncio.ensure_future(self._read_match(match_id)))
            self._reading[match_id] = flight
            flight[1].add_done_callback(lambda done, key=match_id, mine=flight: self._reading.pop(key, None)
                                        if self._reading.get(key) is mine else None)
        return await asyncio.shield(flight[1])

    async def _read_match(self, match_id: int) -> MatchRow | None:
        known = self._matches.get(match_id)
        match = await (self.store.refresh_match(known) if known is not None else self.store.get_match(match_id))
        if match is None:
            self._matches.pop(match_id, None)
            return None
        self._matches[match_id] = match
        self._matches.move_to_end(match_id)
        if len(self._matches) > MATCHES_KEPT:
            self._matches.popitem(last=False)
        return match

    def known(self, match: MatchRow) -> None:
        """A match row read or written elsewhere (a move from a page): the next request refreshes from it."""
        self._matches[match.id] = match
        self._matches.move_to_end(match.id)

    async def locale_of(self, request: web.Request, match: MatchRow, role: str) -> str:
        """``?lang=`` when given; else a seat's own language (as its DMs), the match's for the public."""
        asked = request.query.get("lang")
        if asked in i18n.LOCALES:
            return asked
        if role != PUBLIC:
            return await self.store.user_locale(match.players[int(role)]) or match.locale
        return match.locale

    # ---- pages ----------------------------------------------------------------------------------

    def render(self, template: str, page: Page, base: str, query: str, match: MatchRow,
               notice: str | None = None) -> str:
        return self.templates.get_template(template).render(
            page=page, base=base, query=query, picture=f"{base}/board.png?v={page.stamp}&lang={page.locale}",
            csrf=self.links.csrf(match, page.role) if page.own else "", notice=notice,
            t=lambda key, **args: i18n.t(key, page.locale, **args))

    async def answer_page(self, request: web.Request, template: str) -> web.Response:
        match, role = await self.resolve(request)
        locale = await self.locale_of(request, match, role)
        text = await self.shared(request, template, match, role, locale)
        return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def shared(self, request: web.Request, template: str, match: MatchRow, role: str, locale: str) -> str:
        """A page or its live part, built once per stamp: the hundred pages told of a decision ask together,
        so the first one's build is shared (a task), not only its result."""
        names = await self.names(match)
        key = (template, match.id, role, stamp(match, role), locale, request.query.get("lang"), names)
        task = self._pages.get(key)
        if task is None:
            task = self._pages[key] = asyncio.ensure_future(self.build(request, template, match, role, locale, names))
            if len(self._pages) > PAGES_KEPT:
                self._pages.popitem(last=False)
        else:
            self._pages.move_to_end(key)
        try:
            text = await asyncio.shield(task)
        except Exception:
            self._pages.pop(key, None)  # not kept: the next request builds it again
            raise
        return text

    async def build(self, request: web.Request, template: str, match: MatchRow, role: str, locale: str,
                    names: Names, notice: str | None = None) -> str:
        """A page or live part: its store reads here, the rest (pure) in a thread when ``build_off_loop``."""
        query = f"?lang={request.query['lang']}" if request.query.get("lang") in i18n.LOCALES else ""
        base = f"/m/{request.match_info['match']}/{request.match_info['token']}"
        reads = await page_reads(self.store, self.shown_states, match, role, locale, names, stamp(match, role))

        def draw() -> str:
            return self.render(template, compose(reads), base, query, match, notice)

        return await asyncio.to_thread(draw) if self.build_off_loop else draw()

    async def page(self, request: web.Request) -> web.Response:
        return await self.answer_page(request, "page.html")

    async def live_part(self, request: web.Request) -> web.Response:
        return await self.answer_page(request, "live.html")

    async def move(self, request: web.Request) -> web.StreamResponse:
        return await move(self, request)

    async def picture(self, request: web.Request) -> web.Response:
        """The public board or the seat's hand, drawn by the same renderer as the thread's and DMs'."""
        match, role = await self.resolve(request)
        locale = await self.locale_of(request, match, role)
        names = (await self.names(match)).literal
        game = get_game(match.game)
        current = stamp(match, role)
        key = (match.id, role, current, locale, names)
        task = self._pictures.get(key)
        if task is None:
            if over(match):  # the result post's board, every hidden card revealed (public and seat pages alike)
                function, view = game.render_board, final_view(match)
            elif role == PUBLIC:
                function, view = game.render_board, game.engine.view(await self.shown_states.of(self.store, match), None)
            else:
                function, view = game.render_hand, game.engine.view(match.state, int(role))
            task = asyncio.ensure_future(render_off_loop(render_with_names, names, function, view, locale))
            self._pictures[key] = task
            if len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        try:
            data = await asyncio.shield(task)
        except Exception:
            self._pictures.pop(key, None)  # a failed drawing is not kept
            raise
        # The URL names the stamp it was made for; an old stamp's URL gets the current picture, uncached.
        cache = "private, max-age=3600" if request.query.get("v") == current else "no-store"
        return web.Response(body=data, content_type="image/png", headers={"Cache-Control": cache})

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(text=(HERE / "templates" / name).read_text(encoding="utf-8"),
                            content_type=STATIC[name], headers={"Cache-Control": "public, max-age=3600"})

    async def font(self, request: web.Request) -> web.FileResponse:
        path = FONTS.get(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Cache-Control": "public, max-age=604800",
                                               "Content-Type": "font/otf"})

    # ---- live -----------------------------------------------------------------------------------

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: ``version`` with the page's stamp whenever it moves. On (re)connect the
        browser's ``Last-Event-ID`` (or ``?since=``) is compared with the current stamp, so a page that
        missed news (a restart of the bot) is told at once. The handler is the only task a page costs."""
        match, role = await self.resolve(request)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        shown = request.headers.get("Last-Event-ID") or request.query.get("since")
        # ?parts=1 (the page's script): each news carries the live part itself, so a hundred pages told of a
        # decision cost one build and a hundred writes, not a hundred requests that each read the match again.
        locale = await self.locale_of(request, match, role) if request.query.get("parts") == "1" else None
        try:
            await response.write(b"retry: 2000\n\n")
            with self.hub.watch(match.id, role) as watcher:
                self.polling()
                told: str | None = stamp(match, role)
                row: MatchRow | None = match
                while not watcher.closed:
                    if told is None:  # a keep-alive: resync from the store (another process may have published)
                        row = await self.read_match(match.id)
                        told = stamp(row, role) if row is not None else shown
                        if told != shown:
                            self.news(match.id)  # published elsewhere: this process's later reads are newer
                        if told == shown:
                            await response.write(b": keep-alive\n\n")
                    if told is not None and told != shown:
                        if locale is not None and row is not None:
                            part = await self.shared(request, "live.html", row, role, locale)
                            data = "".join(f"data: {line}\n" for line in part.replace("\r", "").split("\n"))
                            await response.write(f"id: {told}\nevent: part\n{data}\n".encode())
                        else:
                            await response.write(f"id: {told}\nevent: version\ndata: {told}\n\n".encode())
                        shown = told
                    if row is not None and over(row):
                        # The result is posted: the page has its final part; it is told so and the stream
                        # ends (the page's script closes it rather than reconnect: nothing more will come).
                        await response.write(b"event: end\ndata: over\n\n")
                        break
                    told = await watcher.wait(self.keepalive)
                    row = watcher.match
        except ConnectionResetError:  # the page was closed: its next reconnect resyncs
            pass
        return response


@web.middleware
async def security_headers(request: web.Request, handler) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as error:
        if error.status == 404:
            raise web.HTTPNotFound(headers=SECURITY_HEADERS) from None
        raise
    if not response.prepared:
        response.headers.update(SECURITY_HEADERS)
    return response
