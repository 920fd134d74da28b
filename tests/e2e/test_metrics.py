"""Metrics and logs while a match is played through the real bot and the fake Discord: the /metrics
endpoint is scraped over HTTP before, during and after, and every log line of the match is captured."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import random
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from bot import logs, metrics
from bot.engine import decision_for
from bot.games import get_game
from bot.render.names import render_with_names
from cogs.cards import render_card_png
from fakediscord.autoplay import click_random, live_panel
from tests.e2e.table import Table

DAY = 86400.0


async def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """GET /metrics and parse it: {(sample name, sorted labels): value}."""
    def fetch() -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            return response.read().decode()

    text = await asyncio.to_thread(fetch)
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def play_to_the_end(table: Table, match_id: int, seed: int) -> int:
    """Random clicks by whoever owes a decision until the match ends; returns the number of clicks."""
    users = (table.world.alice, table.world.bob)
    rng = random.Random(seed)
    for clicks in range(500):
        match = await table.bot.store.get_match(match_id)
        if match.status != "active":
            return clicks
        pending = get_game(match.game).engine.pending(match.state)
        seat = 0 if decision_for(pending, 0) else pending[0].seat
        await click_random(table.fake, users[seat].id, live_panel(table.fake, users[seat].id), rng)
        await table.settle()
    raise AssertionError("the match did not end")


async def test_the_metrics_endpoint_counts_a_match_as_it_is_played(table: Table, clock):
    server = metrics.serve(0)  # a free port
    port = server.server_port
    try:
        before = await scrape(port)
        match = await table.start("tiny")
        started = await scrape(port)
        clock.advance(match.days * DAY / 2 + 60)  # the half-way reminder is due
        await table.bot.timekeeper.tick()
        await table.settle()
        reminded = await scrape(port)
        clicks = await play_to_the_end(table, match.id, seed=3)
        # A move typed after the end is refused (game over).
        await table.fake.slash(table.world.alice, table.world.guild, table.thread(), "tiny move",
                               options={"move": "pick:1"})
        await table.settle()
        after = await scrape(port)
    finally:
        server.shutdown()
    stored = len(await table.bot.store.decision_log(match.id))
    assert value(started, "dueltable_active_matches") == 1
    assert value(after, "dueltable_active_matches") == 0
    assert value(after, "dueltable_decisions_total", game="tiny") - \
        value(before, "dueltable_decisions_total", game="tiny") == stored
    for stage in ("stored", "published"):
        timed = value(after, "dueltable_decision_seconds_count", game="tiny", stage=stage) - \
            value(before, "dueltable_decision_seconds_count", game="tiny", stage=stage)
        assert timed == clicks, stage
    assert value(after, "dueltable_decision_seconds_sum", game="tiny", stage="published") > \
        value(before, "dueltable_decision_seconds_sum", game="tiny", stage="published")
    # (the tiny game draws board and hand with one function, so both count as board: see below for a real game)
    assert value(after, "dueltable_render_seconds_count", game="tiny", kind="board") > \
        value(before, "dueltable_render_seconds_count", game="tiny", kind="board")
    assert value(reminded, "dueltable_reminders_sent_total", stage="1") - \
        value(started, "dueltable_reminders_sent_total", stage="1") == 1
    for route in ("interaction", "message_post", "message_edit"):
        assert value(after, "dueltable_discord_requests_total", route=route, status="2xx") > \
            value(before, "dueltable_discord_requests_total", route=route, status="2xx"), route
    refused = sum(v - value(before, name, **dict(labels)) for (name, labels), v in after.items()
                  if name == "dueltable_errors_total" and dict(labels)["kind"].startswith("refused:"))
    assert refused >= 1


def test_discord_routes_are_labelled_by_what_the_global_limit_counts():
    assert metrics.discord_route("POST", "/api/v10/interactions/1/tok/callback") == "interaction"
    assert metrics.discord_route("PATCH", "/api/v10/webhooks/1/tok/messages/@original") == "interaction"
    assert metrics.discord_route("POST", "/api/v10/channels/12/messages") == "message_post"
    assert metrics.discord_route("PATCH", "/api/v10/channels/12/messages/34") == "message_edit"
    assert metrics.discord_route("POST", "/api/v10/users/@me/channels") == "dm_open"
    assert metrics.discord_route("GET", "/api/v10/users/56") == "other"


def test_render_seconds_are_labelled_by_game_and_kind():
    formation = get_game("formation")
    names = ("alice", "bob")
    assert metrics.render_labels(render_with_names, (names, formation.render_board, {}, "en")) == ("formation", "board")
    assert metrics.render_labels(render_with_names, (names, formation.render_hand, {}, "en")) == ("formation", "hand")
    card = formation.cards()[0]
    assert metrics.render_labels(render_card_png, (card, "en")) == ("formation", "card")


async def test_log_lines_name_the_match_and_guild_and_hold_nothing_hidden(table: Table):
    captured = io.StringIO()
    handler = logs.handler("json", captured)
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)  # the most a log could say
    floors = logs.keep_payloads_out()
    try:
        match = await table.start("tiny")
        logging.getLogger("tests").info("outside any match")
        await play_to_the_end(table, match.id, seed=4)
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        for name, level in floors.items():
            logging.getLogger(name).setLevel(level)
    records = [json.loads(line) for line in captured.getvalue().splitlines()]
    stored = [r for r in records if r["message"].startswith("decision stored")]
    log = await table.bot.store.decision_log(match.id)
    assert len(stored) == len(log)
    assert all((r["match_id"], r["guild_id"]) == (match.id, table.world.guild.id) for r in stored)
    outside = next(r for r in records if r["message"] == "outside any match")
    assert (outside["match_id"], outside["guild_id"]) == (None, None)
    hidden = {option for _seat, choice in log for option in choice}  # every tiny choice is a secret pick
    text = captured.getvalue()
    assert hidden and not [option for option in hidden if option in text]


def test_text_lines_are_key_value():
    captured = io.StringIO()
    handler = logs.handler("text", captured)
    record = logging.LogRecord("bot.ui.publish", logging.INFO, __file__, 1, "posted", None, None)
    token_match, token_guild = logs.MATCH_ID.set(12), logs.GUILD_ID.set(34)
    try:
        handler.handle(record)
    finally:
        logs.MATCH_ID.reset(token_match)
        logs.GUILD_ID.reset(token_guild)
    assert "level=INFO logger=bot.ui.publish match_id=12 guild_id=34 posted" in captured.getvalue()


def test_every_logged_error_is_counted_by_logger_once_metrics_are_served():
    server = metrics.serve(0)
    server.shutdown()
    def counted() -> float:
        return metrics.REGISTRY.get_sample_value("dueltable_errors_total", {"kind": "log:bot.ui.publish"}) or 0.0

    before = counted()
    logging.getLogger("bot.ui.publish").error("publishing failed")
    logging.getLogger("bot.ui.publish").warning("a warning is not an error")
    assert counted() == before + 1


async def test_a_typed_move_is_decided_and_timed_like_a_click(table: Table):
    """``/<game> move`` goes through the same submit as a click: the same decision metrics, stored and published."""
    match = await table.start("tiny")

    def timed(stage: str) -> float:
        return metrics.REGISTRY.get_sample_value("dueltable_decision_seconds_count",
                                                 {"game": "tiny", "stage": stage}) or 0.0

    before = {stage: timed(stage) for stage in ("stored", "published")}
    logged = len(await table.bot.store.decision_log(match.id))
    seat = match.seat_of(table.world.alice.id)
    await table.fake.slash(table.world.alice, table.world.guild, table.thread(), "tiny move",
                           options={"move": f"pick:{match.state['hands'][seat][0]}"})
    await table.settle()
    assert len(await table.bot.store.decision_log(match.id)) == logged + 1
    assert {stage: timed(stage) - before[stage] for stage in before} == {"stored": 1, "published": 1}
