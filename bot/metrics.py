"""Prometheus metrics (prometheus-client, a registry of our own) and the HTTP endpoint ``METRICS_PORT``.

Where each is counted:
  dueltable_decisions_total{game}              MatchService._commit, each decision stored (bot moves too)
  dueltable_decision_seconds{game,stage}       the click handler (bot/ui/moves.py): stage=stored (click received ->
                                               decision committed), stage=published (-> thread and panels
                                               updated)
  dueltable_render_seconds{game,kind}          bot/render/toolkit.py, inside the render pool (the drawing
                                               itself, not the wait for a worker); kind board|hand|card|other
  dueltable_active_matches                     re-counted from the store when a match starts or ends and
                                               at start-up (every process of a sharded bot reports the same
                                               store-wide number: take max, not sum)
  dueltable_errors_total{kind}                 kind=log:<logger> for every ERROR line (an exception in a
                                               handler, the timekeeper, the outbox); bad_option for a
                                               malformed command option; refused:<code> for a click the
                                               engine refused (stale, illegal, not your turn)
  dueltable_reminders_sent_total{stage}        the timekeeper: stage 1-2 reminders, 3 the deadline notice
  dueltable_discord_requests_total{route,status} every REST call discord.py makes (an aiohttp trace):
                                               route=interaction is outside Discord's global 50/s limit,
                                               the others count against it; status 2xx|4xx|429|5xx

No label carries a player, a card or a choice: only game ids, renderer kinds, logger names and error codes.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

log = logging.getLogger(__name__)

REGISTRY = CollectorRegistry(auto_describe=True)
# Seconds: a click is answered in tens of ms when idle and must stay well under Discord's 3 s.
LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
RENDER_BUCKETS = (0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28)
RENDER_KINDS = ("board", "hand", "card")

DECISIONS = Counter("dueltable_decisions", "Decisions applied and stored", ["game"], registry=REGISTRY)
DECISION_SECONDS = Histogram("dueltable_decision_seconds",
                             "Click received -> decision stored (stage=stored) -> thread and panels updated "
                             "(stage=published)", ["game", "stage"], buckets=LATENCY_BUCKETS, registry=REGISTRY)
RENDER_SECONDS = Histogram("dueltable_render_seconds", "Time drawing one picture in the render pool",
                           ["game", "kind"], buckets=RENDER_BUCKETS, registry=REGISTRY)
ACTIVE_MATCHES = Gauge("dueltable_active_matches", "Matches being played (store-wide)", registry=REGISTRY)
ERRORS = Counter("dueltable_errors", "Errors by kind", ["kind"], registry=REGISTRY)
REMINDERS = Counter("dueltable_reminders_sent", "Reminders sent by stage (3: the deadline)", ["stage"],
                    registry=REGISTRY)
DISCORD_REQUESTS = Counter("dueltable_discord_requests",
                           "REST requests to Discord by route and status class; route=interaction is exempt "
                           "from the global 50/s limit, every other route counts", ["route", "status"],
                           registry=REGISTRY)

# (route label, HTTP method or None for any, path pattern after /api/vN)
DISCORD_ROUTES = (
    ("interaction", None, re.compile(r"^/(interactions|webhooks)/")),
    ("message_post", "POST", re.compile(r"^/channels/\d+/messages$")),
    ("message_edit", "PATCH", re.compile(r"^/channels/\d+/messages/\d+$")),
    ("dm_open", "POST", re.compile(r"^/users/@me/channels$")),
    ("thread_create", "POST", re.compile(r"^/channels/\d+/(messages/\d+/)?threads$")),
)

# One token's budget across processes (bot/budget.py)
DISCORD_BUDGET_SHARE = Gauge("dueltable_discord_budget_share",
                             "Requests a second this process may send: its share of the token's global limit",
                             registry=REGISTRY)
DISCORD_BUDGET_REMAINING = Gauge("dueltable_discord_budget_remaining",
                                 "Globally limited requests this process may send now without waiting",
                                 registry=REGISTRY)
DISCORD_BUDGET_WAITS = Counter("dueltable_discord_budget_waits",
                               "Requests held back to keep this process within its share", registry=REGISTRY)
DISCORD_IDENTIFY_REMAINING = Gauge("dueltable_discord_identify_remaining",
                                   "Gateway session starts (IDENTIFY) left today, as Discord says", registry=REGISTRY)


def serve(port: int, host: str = "127.0.0.1") -> Any:
    """Start the /metrics endpoint in a daemon thread and count logged errors; returns the server
    (``shutdown()`` stops it)."""
    count_logged_errors()
    server, _thread = start_http_server(port, addr=host, registry=REGISTRY)
    log.info("metrics on http://%s:%s/metrics", host, server.server_port)
    return server


def decision_stored(game_id: str) -> None:
    DECISIONS.labels(game_id).inc()


def observe_decision(game_id: str, stage: str, started: float) -> None:
    """``started``: ``time.perf_counter()`` when the click was received."""
    DECISION_SECONDS.labels(game_id, stage).observe(time.perf_counter() - started)


_RENDERER_LABELS: dict[Callable[..., Any], tuple[str, str] | None] = {}


def render_labels(function: Callable[..., Any], args: tuple) -> tuple[str, str]:
    """(game, kind) of a render call. The renderer is ``function`` or, for a wrapper such as
    ``render_with_names(names, renderer, ...)``, its first callable argument; a game's ``render_board``,
    ``render_hand`` or ``render_card`` names both, else a Card argument names the game (kind card)."""
    renderer = next((arg for arg in args if callable(arg)), function)
    if renderer not in _RENDERER_LABELS:
        from bot.games import available_games  # the games import the renderers, which import this

        _RENDERER_LABELS[renderer] = next(((spec.game_id, kind) for spec in available_games()
                                           for kind in RENDER_KINDS
                                           if getattr(spec, f"render_{kind}", None) is renderer), None)
    found = _RENDERER_LABELS[renderer]
    if found is not None:
        return found
    card = next((arg for arg in args if isinstance(getattr(arg, "game", None), str)), None)
    return (card.game, "card") if card is not None else ("other", "other")


def observe_render(function: Callable[..., bytes], args: tuple, seconds: float) -> None:
    """Record how long a picture took to draw (measured where it was drawn: a render thread or process)."""
    RENDER_SECONDS.labels(*render_labels(function, args)).observe(seconds)


async def refresh_active(store: Any) -> None:
    """Re-count the active matches (a match started or ended, or the process started)."""
    try:
        ACTIVE_MATCHES.set(await store.db.fetchval("SELECT COUNT(*) FROM matches WHERE status = 'active'"))
    except Exception:  # a metric must never fail a decision
        log.warning("could not count active matches", exc_info=True)


def discord_route(method: str, path: str) -> str:
    """The route label of a Discord REST call (``other`` for the rest: start-up, user fetches, ...)."""
    path = re.sub(r"^/api/v\d+", "", path)
    return next((name for name, wanted, pattern in DISCORD_ROUTES
                 if (wanted is None or wanted == method) and pattern.search(path)), "other")


def discord_http_trace() -> aiohttp.TraceConfig:
    """Counts every REST request discord.py makes (``Client(http_trace=...)``), 429s apart."""
    async def on_request_end(_session, _context, params: aiohttp.TraceRequestEndParams) -> None:
        status = params.response.status
        DISCORD_REQUESTS.labels(discord_route(params.method, params.url.path),
                                "429" if status == 429 else f"{status // 100}xx").inc()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_request_end)
    return trace


def error(kind: str) -> None:
    ERRORS.labels(kind).inc()


def reminder_sent(stage: int) -> None:
    REMINDERS.labels(str(stage)).inc()


class ErrorCounter(logging.Handler):
    """Counts every ERROR line (an exception logged anywhere) as kind ``log:<logger>``."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        ERRORS.labels(f"log:{record.name}").inc()


_counting = threading.Lock()
_installed: list[ErrorCounter] = []


def count_logged_errors() -> None:
    """Install the ErrorCounter on the root logger (once per process)."""
    with _counting:
        if not _installed:
            _installed.append(ErrorCounter())
            logging.getLogger().addHandler(_installed[0])
