"""Issue 15 through the fake Discord: ratings, /leaderboard, /stats, /history, rematch and series, replays."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot import ratings
from bot.__main__ import main as cli
from bot.games import get_game
from bot.ratings import Rating, rate_pair
from fakediscord import run_bot
from tests.e2e.table import Table, make_bot

PNG = b"\x89PNG\r\n\x1a\n"


async def play_out(table: Table, match_id: int) -> None:
    """alice always plays her highest card and bob his lowest: alice wins every trick, whatever her seat."""
    world = table.world
    for _ in range(40):
        match = await table.bot.store.get_match(match_id)
        if match.status != "active":
            return
        decision = get_game("tiny").engine.pending(match.state)[0]
        user = world.alice if match.players[decision.seat] == world.alice.id else world.bob
        if decision.options[0].startswith("call:"):
            option = "call:heads"
        else:
            cards = sorted(int(option.split(":")[1]) for option in decision.options)
            option = f"pick:{cards[-1] if user is world.alice else cards[0]}"
        await table.play(user, option)
    raise AssertionError("the match did not finish")


def result_post(table: Table, thread_id: int):
    return [m for m in table.fake.messages(thread_id) if "🏆" in m.content or "draw" in m.content][-1]


async def test_a_rated_match_moves_both_ratings_once_and_the_result_post_shows_it(fake_world, tmp_path, clock):
    database = tmp_path / "duel.sqlite3"
    bot = make_bot(database, clock)
    async with run_bot(bot, fake_world.fake):
        table = Table(fake_world, bot)
        match = await table.start()
        assert "Rated" in table.thread_messages()[0].content
        await play_out(table, match.id)
        store = bot.store
        guild = fake_world.guild.id
        alice = await store.rating(guild, "tiny", fake_world.alice.id)
        bob = await store.rating(guild, "tiny", fake_world.bob.id)
        expected = rate_pair(Rating(), Rating(), 1.0)
        assert round(alice["rating"], 6) == round(expected[0].rating, 6) and alice["wins"] == 1
        assert round(bob["rating"], 6) == round(expected[1].rating, 6) and bob["losses"] == 1
        # Equal ratings and deviations: what one gains the other loses (Glicko-2 is symmetric here).
        assert abs((alice["rating"] - 1500) + (bob["rating"] - 1500)) < 1e-6
        post = result_post(table, table.thread().id)
        gain = round(expected[0].rating) - 1500
        assert f"alice 1500? → {round(expected[0].rating)}? (+{gain})" in post.content
        assert f"bob 1500? → {round(expected[1].rating)}? (-{gain})" in post.content
        assert table.fake.find_component(post, custom_id_prefix="dt:rm:") is not None
        assert table.fake.find_component(post, custom_id_prefix="dt:rp:") is not None
        posts = len(table.thread_messages())
    # A restart replays the outbox: nothing is posted or rated twice.
    second = make_bot(database, clock)
    async with run_bot(second, fake_world.fake):
        table = Table(fake_world, second)
        await table.settle()
        assert len(table.thread_messages()) == posts
        again = await second.store.rating(fake_world.guild.id, "tiny", fake_world.alice.id)
        assert again["rating"] == alice["rating"] and again["wins"] == 1
        assert len(await second.store.rating_history(fake_world.guild.id, "tiny", fake_world.alice.id)) == 1


async def test_unrated_matches_and_matches_against_the_bot_change_no_rating(table: Table):
    world = table.world
    match = await table.start(rated=False)
    assert "Unrated" in table.thread_messages()[0].content
    await play_out(table, match.id)
    assert (await table.bot.store.get_match(match.id)).rated is False
    assert await table.bot.store.rating(world.guild.id, "tiny", world.alice.id) is None
    assert "→" not in result_post(table, table.thread().id).content
    await world.fake.slash(world.alice, world.guild, world.channel, "challenge",
                           options={"game": "tiny", "opponent": world.fake.bot_user_id})
    await table.settle()
    bot_match = await table.match()
    assert bot_match.bot_seat == 1 and bot_match.rated is False
    for _ in range(10):
        bot_match = await table.bot.store.get_match(bot_match.id)
        if bot_match.status != "active":
            break
        panel = table.panel(world.alice)
        control = [c for c in table.fake.components(panel) if c.get("custom_id", "").startswith("dt:o:")][0]
        await table.click(world.alice, panel, control["custom_id"])
    assert bot_match.status == "finished"
    assert await table.bot.store.leaderboard(world.guild.id, "tiny") == []


async def test_leaderboard_stats_and_history(table: Table):
    world = table.world
    carol = await world.fake.add_user("carol")
    match = await table.start()
    await play_out(table, match.id)
    board = await world.fake.slash(world.alice, world.guild, world.channel, "leaderboard", options={"game": "tiny"})
    await table.settle()
    embed = board.messages[0].embeds[0]
    lines = embed["description"].splitlines()
    assert lines[0].startswith("1. alice") and "1-0-0" in lines[0] and lines[1].startswith("2. bob")
    assert "You: #1 of 2" in embed["description"]
    own = await world.fake.slash(carol, world.guild, world.channel, "leaderboard", options={"game": "tiny"})
    await table.settle()
    assert "no Tiny rating" in own.messages[0].embeds[0]["description"]

    stats = await world.fake.slash(carol, world.guild, world.channel, "stats", options={"member": world.alice})
    await table.settle()
    text = stats.messages[-1].content
    assert "alice" in text and "1-0-0" in text and "Streak: 1 win" in text and "#1 of 2" in text
    [(name, data)] = stats.messages[-1].attachments
    [alt] = [f.description for f in stats.messages[-1].files]
    assert alt.startswith("alice's Tiny rating over 1 rated match: from 1500 to ")
    chart = Image.open(io.BytesIO(data))
    assert data.startswith(PNG) and chart.size[0] == 760

    history = await world.fake.slash(world.bob, world.guild, world.channel, "history")
    await table.settle()
    text = history.messages[0].content
    assert "#1" in text and "alice" in text and "負け" in text and f"/{table.thread().id}" in text
    empty = await world.fake.slash(carol, world.guild, world.channel, "history")
    await table.settle()
    assert empty.ephemeral and "no finished match" in empty.messages[0].content
    nobody = await world.fake.slash(carol, world.guild, world.channel, "stats")
    await table.settle()
    assert nobody.ephemeral and "Give a game" in nobody.messages[0].content


async def test_rematch_swaps_seats_and_counts_the_series(table: Table):
    world = table.world
    first = await table.start()
    await play_out(table, first.id)
    post = result_post(table, table.thread().id)
    rematch = table.fake.find_component(post, custom_id_prefix="dt:rm:")["custom_id"]
    outsider = await world.fake.add_user("carol")
    refused = await table.click(outsider, post, rematch)
    assert refused.messages[-1].ephemeral and "Only the two players" in refused.messages[-1].content
    asked = await table.click(world.alice, post, rematch)  # the first click challenges
    assert asked.messages[-1].ephemeral
    again = await table.click(world.alice, post, rematch)
    assert "already asked" in again.messages[-1].content
    offer = [m for m in table.fake.messages(world.channel) if "rematch" in m.content][-1]
    assert world.bob.id in offer.pinged and "Series: alice 1 – 0 bob" in offer.content
    await table.click(world.bob, post, rematch)  # the second click accepts
    second = await table.match()
    assert second.id != first.id and second.players == (world.bob.id, world.alice.id)
    assert second.series_id == first.id and second.rated and second.options == first.options
    thread = table.fake.threads(world.channel)[-1]
    assert "Series: bob 0 – 1 alice" in table.fake.messages(thread)[0].content
    await play_out(table, second.id)
    assert "Series: bob 0 – 2 alice" in result_post(table, thread.id).content
    taken = await table.click(world.alice, post, rematch)
    assert "already had its rematch" in taken.messages[-1].content
    # The next rematch, accepted with the challenge's own Accept button, carries the series on.
    post2 = result_post(table, thread.id)
    await table.click(world.bob, post2, table.fake.find_component(post2, custom_id_prefix="dt:rm:")["custom_id"])
    offer = [m for m in table.fake.messages(world.channel) if "rematch" in m.content][-1]
    await table.accept(type("Record", (), {"messages": [offer]})(), world.alice)
    third = await table.match()
    assert third.players == (world.alice.id, world.bob.id) and third.series_id == first.id
    await play_out(table, third.id)
    assert "Series: alice 3 – 0 bob" in result_post(table, table.fake.threads(world.channel)[-1].id).content


async def test_replay_export_is_rechecked_by_the_cli(table: Table, tmp_path: Path, capsys):
    world = table.world
    match = await table.start()
    early = await world.fake.slash(world.alice, world.guild, table.thread(), "replay")
    await table.settle()
    assert early.ephemeral and "once the match is over" in early.messages[0].content
    await play_out(table, match.id)
    record = await world.fake.slash(world.bob, world.guild, world.channel, "replay", options={"match": match.id})
    await table.settle()
    files = dict(record.messages[-1].attachments)
    animation = next(data for name, data in files.items() if name.endswith(".png"))
    image = Image.open(io.BytesIO(animation))
    assert animation.startswith(PNG) and getattr(image, "n_frames", 1) > 2 and image.size[0] >= 400
    alt = next(f.description for f in record.messages[-1].files if f.filename.endswith(".png"))
    assert alt.startswith("Replay of a Tiny match, one frame per handover, every card revealed.")
    export = next(data for name, data in files.items() if name.endswith(".txt")).decode()
    assert "game: tiny" in export and "seed: 11" in export and "result: seat 0 (score)" in export
    path = tmp_path / "replay.txt"
    path.write_text(export, encoding="utf-8")
    capsys.readouterr()
    assert cli(["replay", str(path), "--out", str(tmp_path / "frames")]) == 0
    assert "result: seat 0 (score)" in capsys.readouterr().out.splitlines()
    assert (tmp_path / "frames" / "replay.png").read_bytes().startswith(PNG)
    # A tampered export is refused: a result the moves do not reach, or a move that is not legal.
    path.write_text(export.replace("result: seat 0", "result: seat 1"), encoding="utf-8")
    assert cli(["replay", str(path), "--out", str(tmp_path / "bad")]) == 1
    assert "the engine reached seat 0 (score)" in capsys.readouterr().err
    lines = export.splitlines()
    lines[-1] = lines[-1].split()[0] + " pick:9"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli(["replay", str(path), "--out", str(tmp_path / "bad")]) == 1
    assert "decision 8" in capsys.readouterr().err
    button = result_post(table, table.thread().id)
    private = await table.click(world.bob, button,
                                table.fake.find_component(button, custom_id_prefix="dt:rp:")["custom_id"])
    assert private.messages[-1].ephemeral and len(private.messages[-1].attachments) == 2


async def test_the_demo_writes_a_replay_that_the_cli_verifies(tmp_path: Path, capsys):
    from fakediscord.demo import run_demo

    assert await run_demo("tiny", seed=3, out=str(tmp_path / "demo")) == 0
    transcript = (tmp_path / "demo" / "transcript.txt").read_text(encoding="utf-8").splitlines()
    capsys.readouterr()
    assert cli(["replay", str(tmp_path / "demo" / "replay.txt"), "--out", str(tmp_path / "again")]) == 0
    assert transcript[-1] in capsys.readouterr().out.splitlines()
    assert transcript[-1].startswith("result: ")


def test_provisional_marks():
    assert ratings.shown(1532.4, 300) == "1532?" and ratings.shown(1532.6, 80) == "1533"


async def test_an_open_challenge_is_accepted_by_a_third_member(table: Table, clock):
    world = table.world
    carol = await world.fake.add_user("carol")
    record = await world.fake.slash(world.alice, world.guild, world.channel, "challenge",
                                    options={"game": "tiny", "rated": False})
    await table.settle()
    post = record.messages[0]
    assert not record.ephemeral and "open challenge" in post.content and post.pinged == []
    assert table.fake.find_component(post, custom_id_prefix="dt:ch:decline:") is None
    again = await world.fake.slash(world.alice, world.guild, world.channel, "challenge", options={"game": "tiny"})
    await table.settle()
    assert again.ephemeral and "already have an open challenge" in again.messages[0].content
    accept = table.fake.find_component(post, custom_id_prefix="dt:ch:accept:")["custom_id"]
    own = await table.click(world.alice, post, accept)
    assert own.messages[-1].ephemeral and "your own open challenge" in own.messages[-1].content
    await table.click(carol, post, accept)
    match = await table.match()
    assert match.players == (world.alice.id, carol.id) and match.rated is False
    assert (await table.bot.store.get_challenge(1)).opponent_id == carol.id
    taken = table.fake.get_message(post.id)
    assert f"<@{carol.id}> accepted" in taken.content  # the post names who took it, and has no buttons left
    assert table.fake.find_component(taken, custom_id_prefix="dt:ch:") is None
    # A second open challenge nobody takes expires after 24 h.
    second = await world.fake.slash(world.bob, world.guild, world.channel, "challenge", options={"game": "tiny"})
    await table.settle()
    clock.advance(25 * 3600)
    await table.bot.timekeeper.tick()
    await table.settle()
    assert "expired" in table.fake.get_message(second.messages[0].id).content


async def test_an_open_deck_challenge_lets_the_taker_pick_a_deck_and_a_rematch_keeps_both_decks(table: Table):
    world = table.world
    carol = await world.fake.add_user("carol")
    rule = get_game("starfall").deck_rule
    from bot.decks import ready_decks

    decks = ready_decks("starfall", rule)
    record = await world.fake.slash(world.alice, world.guild, world.channel, "challenge",
                                    options={"game": "starfall", "deck": f"ready:starfall:{decks[0].id}"})
    await table.settle()
    assert "open challenge" in record.messages[0].content
    await table.accept(record, carol, deck=f"ready:starfall:{decks[1].id}")
    match = await table.match()
    assert match.players == (world.alice.id, carol.id) and match.options["deck0"] != match.options["deck1"]
    await table.bot.publisher.publish(await table.bot.service.resign(match.id, carol.id))
    await table.settle()
    post = result_post(table, table.thread().id)
    rematch = table.fake.find_component(post, custom_id_prefix="dt:rm:")["custom_id"]
    await table.click(carol, post, rematch)
    await table.click(world.alice, post, rematch)  # no deck pick: the decks follow their players
    second = await table.match()
    assert second.players == (carol.id, world.alice.id)
    assert second.options["deck0"] == match.options["deck1"] and second.options["deck1"] == match.options["deck0"]


async def test_a_rematch_against_the_bot_starts_at_once_with_seats_swapped(table: Table):
    world = table.world
    await world.fake.slash(world.alice, world.guild, world.channel, "challenge",
                           options={"game": "tiny", "opponent": world.fake.bot_user_id})
    await table.settle()
    first = await table.match()
    await table.bot.publisher.publish(await table.bot.service.resign(first.id, world.alice.id))
    await table.settle()
    post = result_post(table, table.fake.threads(world.channel)[0].id)
    rematch = table.fake.find_component(post, custom_id_prefix="dt:rm:")["custom_id"]
    await table.click(world.alice, post, rematch)
    second = await table.match()
    assert second.id != first.id and second.bot_seat == 0 and second.players == (world.fake.bot_user_id, world.alice.id)
    assert second.series_id == first.id and not second.rated
    again = await table.click(world.alice, post, rematch)
    assert "already had its rematch" in again.messages[-1].content
    assert len(table.fake.threads(world.channel)) == 2
