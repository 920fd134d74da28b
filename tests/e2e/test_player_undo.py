"""/undo through the fake Discord: a step taken back before the handover, refused after it, refused when
the step revealed something hidden; the log stays append-only and an export with undos still replays."""

from __future__ import annotations

import random
from pathlib import Path

from bot.__main__ import main as cli
from bot.engine import decision_for, random_choice
from bot.games import get_game
from bot.match import decision_key
from bot.undo import revealed_information
from tests.e2e.table import Table
from tests.e2e.test_player_features import play_out


async def undo(table: Table, user):
    record = await table.fake.slash(user, table.world.guild, table.thread(), "undo")
    await table.settle()
    return record


async def test_undo_before_the_handover_and_refused_after_it(table: Table, tmp_path: Path, capsys):
    world = table.world
    await table.start(rules="calls=2")
    await table.play(world.alice, "pick:5")
    await table.play(world.bob, "pick:1")  # alice won the trick: she calls twice in a row
    await table.play(world.alice, "call:heads")
    before = await table.match()
    assert before.state["calls"] == ["heads"]
    record = await undo(table, world.alice)
    assert record.ephemeral and "Taken back" in record.messages[0].content
    match = await table.match()
    assert match.state["calls"] == [] and match.version == before.version + 1  # a new decision, not a deletion
    assert (await table.bot.store.decision_log(match.id))[-1] == (0, ["!undo"])
    assert any("took back a step" in m.content for m in table.thread_messages())
    panel = record.messages[-1]  # the question again, with fresh buttons
    assert table.control_for(panel, "call:tails")
    other = await undo(table, world.bob)
    assert "もう戻せません" in other.messages[-1].content  # his pick led to the handover: it stands
    await table.play(world.alice, "call:heads", panel)
    # The same through the Undo button of the thread's live post, which anyone sees but only she can use.
    live = table.thread_messages()[-1]
    button = table.fake.find_component(live, custom_id_prefix="dt:u:")["custom_id"]
    outsider = await world.fake.add_user("carol")
    refused = await table.click(outsider, live, button)
    assert refused.messages[-1].ephemeral and "aren't playing" in refused.messages[-1].content
    pressed = await table.click(world.alice, live, button)
    assert "Taken back" in pressed.messages[0].content and (await table.match()).state["calls"] == []
    await table.play(world.alice, "call:tails", pressed.messages[-1])
    await table.play(world.alice, "call:tails")  # her second call hands the turn over (both pick)
    late = await undo(table, world.alice)
    assert "Too late" in late.messages[-1].content
    assert (await table.match()).state["calls"] == ["tails", "tails"]
    # The whole match, undo included, exports and replays to the same result.
    await play_out(table, match.id)
    rows = await table.bot.store.decision_log(match.id)
    finished = await table.bot.store.get_match(match.id)
    from bot.replay import export_text, from_match

    path = tmp_path / "undo.txt"
    path.write_text(export_text(from_match(finished, rows, ("alice", "bob"))), encoding="utf-8")
    capsys.readouterr()
    assert cli(["replay", str(path), "--out", str(tmp_path / "frames")]) == 0
    expected = f"result: {'draw' if finished.winner is None else f'seat {finished.winner}'} (score)"
    assert expected in capsys.readouterr().out.splitlines()


async def test_a_step_that_revealed_something_cannot_be_taken_back(table: Table):
    world = table.world
    match = await table.start("formation")
    engine = get_game("formation").engine
    users = {match.players[0]: world.alice, match.players[1]: world.bob}
    rng = random.Random(5)
    found = {}
    for _ in range(300):
        match = await table.match()
        pending = engine.pending(match.state)
        decision = pending[0]
        choice = random_choice(decision, rng)
        applied = await table.bot.service.decide(match.id, match.players[decision.seat],
                                                 match.panel_version(decision.seat), choice)
        await table.settle()
        after = applied.after
        other = 1 - decision.seat
        if decision_for(engine.pending(after.state), decision.seat) is None or \
                decision_key(decision_for(pending, other)) != decision_key(decision_for(engine.pending(after.state), other)):
            continue  # a handover: refused for that reason (the other test)
        step = {"before": match.state, "after": after.state, "seat": decision.seat, "choice": list(choice),
                "events": [[e.key, dict(e.args), e.audience] for e in applied.events]}
        revealed = revealed_information("formation", engine, step)
        if revealed in found:
            continue
        user = users[match.players[decision.seat]]
        record = await undo(table, user)
        current = await table.match()
        if revealed:
            assert record.ephemeral and ("stands" in record.messages[-1].content
                                         or "明らかになった" in record.messages[-1].content)
            assert current.version == after.version and current.state == after.state
        else:
            assert current.state == match.state and current.version == after.version + 1
        found[revealed] = step["choice"]
        if len(found) == 2:
            break
    assert set(found) == {True, False}, found
