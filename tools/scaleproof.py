"""``python -m bot prove-scale``: several bot processes on one database and one sharded fake Discord (issue 17).

What it does, end to end, with the real bot (store, cogs, renderers) in separate OS processes:

* a real PostgreSQL (``pgserver``; or ``--database-url``, or ``--sqlite`` for one shared SQLite WAL file);
* one fake Discord (``fakediscord/``) with two shards and guilds on both, served on loopback to
* two bot processes (``python -m tools.scaleproof worker``), configured only through the settings an
  operator uses (``DUELTABLE_SHARD_COUNT=2``, ``DUELTABLE_SHARD_IDS=0`` / ``1``, ``DATABASE_URL``), whose
  clock is the real one plus an offset this process moves (``CLOCK_FILE``) so reminders come due;
* simulated members challenge, accept and click random legal answers in their DMs (which Discord sends
  to shard 0 whatever the guild) until every match has ended; every few finished matches play pauses
  and the clock jumps half a turn, the rest of it, or past the deadline, so reminders and claim offers
  fire; half-way through the run (once half its matches have finished, whatever their number), one
  process is killed with SIGKILL right after such a jump (reminders being claimed, clicks in flight) and
  restarted.

Then it checks every match finished; each decision log is contiguous and replays through the engine to
the stored state and result; each thread holds exactly one board post per handover (none lost, none
doubled); every reminder that came due was posted exactly once (by its nonce) and no other reminder was
posted; every click the bot acknowledged is in a log; a process was killed and at least one reminder came
due (a run that proved neither proved nothing). One summary line; exit 1 on any failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from bot.match import timer_plan
from bot.ui.nonces import match_nonce, reminder_nonce
from fakediscord import FakeDiscord
from fakediscord.autoplay import deck_option, pick_deck
from fakediscord.models import FakeMessage
from fakediscord.ratelimit import GLOBAL_LIMIT
from fakediscord.server import NoBotConnected

log = logging.getLogger(__name__)

TOKEN = "prove-scale-token"
SHARDS = 2
DAYS = 2
HOUR = 3600.0
# Clock jumps of the reminder rounds, in turns (days per move): past half-way (reminder 1), past
# twelve hours before the deadline (reminder 2), past the deadline (the claim offer).
JUMPS = (0.55, 0.8, 1.05)
ANSWER_PREFIXES = ("dt:o:", "dt:s:", "dt:c:")


@dataclass
class ProofConfig:
    matches: int = 100
    database_url: str | None = None
    sqlite: bool = False
    games: tuple[str, ...] = ("wars",)
    concurrency: int = 10
    round_every: int = 400  # clicks between clock jumps
    kill_after: float = 0.5  # the share of the matches finished when a process is killed (after a clock jump)
    kill_shard: int | None = 1
    down_seconds: float = 2.0
    lease: float = 3.0
    seed: int = 0
    timeout: float = 3600.0
    global_limit: float | None = None  # DUELTABLE_GLOBAL_LIMIT of the bot processes (None: Discord's 50)
    log_level: str = "WARNING"  # the bot processes'
    logs: Path | None = None  # where to keep the bot processes' logs (default: only the tail, on failure)


@dataclass
class ProofReport:
    backend: str = ""
    matches: int = 0
    finished: int = 0
    decisions: int = 0
    clicks: int = 0
    unanswered: int = 0
    board_posts: int = 0
    handovers: int = 0
    merged: int = 0  # handovers already answered when the thread caught up: said in the next post
    reminders_due: int = 0
    reminders_came_due: int = 0  # including those whose match moved on before the check (either way right)
    reminders_posted: int = 0
    nonce_repeats: int = 0
    busiest_second: int = 0  # the token's globally limited requests in its busiest second, all processes
    over_limit: int = 0  # of them above Discord's global limit (counted by the fake Discord)
    seconds: float = 0.0
    kill: str = "none"
    # Seconds from a click's answer to the next question's panel, by the shard of the match's guild (a DM
    # click is stored by shard 0's process; a shard-1 match is then published by the other process).
    next_panel: dict[int, list[float]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures and self.finished == self.matches

    def line(self) -> str:
        verdict = "OK" if self.ok else f"FAILED ({len(self.failures)} problems)"
        return (f"prove-scale {verdict}: {self.matches} matches on {SHARDS} processes ({self.backend}), "
                f"{self.finished} finished, {self.decisions} decisions replayed, {self.board_posts} board posts "
                f"for {self.handovers} handovers ({self.merged} already answered when their thread caught up, "
                f"said in the next post), reminders {self.reminders_posted} posted / {self.reminders_due} due, each once "
                f"({self.nonce_repeats} retries answered by nonce), {self.clicks} clicks ({self.unanswered} "
                f"unanswered while a process was down), kill: {self.kill}, busiest second {self.busiest_second} "
                f"requests of the token's {GLOBAL_LIMIT}/s ({self.over_limit} above), {self.seconds:.0f} s; click -> next "
                f"panel p50/p95 {self.latency(0)} (shard 0's guilds), {self.latency(1)} (shard 1's)")

    def latency(self, shard: int) -> str:
        samples = sorted(self.next_panel.get(shard, []))
        if not samples:
            return "-"
        p50, p95 = samples[len(samples) // 2], samples[min(len(samples) - 1, int(len(samples) * 0.95))]
        return f"{p50 * 1000:.0f}/{p95 * 1000:.0f} ms"


# ---- the bot processes ------------------------------------------------------------------------------


class FileClock:
    """The real clock plus an offset read from a file, so another process can move time forward."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: int | None = None
        self._offset = 0.0

    def __call__(self) -> float:
        with contextlib.suppress(OSError, ValueError):
            stamp = os.stat(self.path).st_mtime_ns
            if stamp != self._stamp:
                self._offset = float(self.path.read_text(encoding="utf-8") or 0.0)
                self._stamp = stamp
        return time.time() + self._offset

    def advance(self, seconds: float) -> None:
        self._offset += seconds
        scratch = self.path.with_suffix(".next")
        scratch.write_text(repr(self._offset), encoding="utf-8")
        os.replace(scratch, self.path)  # atomic: a reader sees the old or the new offset, never half


def worker_main(argv: list[str]) -> int:
    """One bot process: settings from the environment, discord.py pointed at the fake, time from the file."""
    from bot.client import DuelTable
    from bot.config import Settings
    from fakediscord import pointed_at

    fake_url, clock_file, lease = argv
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = DuelTable(settings, clock=FileClock(Path(clock_file)), timer_lease=float(lease), outbox_poll=0.5)
    bot._connection.guild_ready_timeout = 0.1  # discord.py waits this long after the last GUILD_CREATE

    async def run() -> None:
        with pointed_at(fake_url):
            async with bot:
                await bot.start(settings.token or TOKEN)

    asyncio.run(run())
    return 0


class Worker:
    """A bot process running one shard, started (and killed) by the proof."""

    def __init__(self, shard: int, env: dict[str, str], args: list[str], logs: Path) -> None:
        self.shard = shard
        self.env = env | {"DUELTABLE_SHARD_COUNT": str(SHARDS), "DUELTABLE_SHARD_IDS": str(shard)}
        self.args = args
        self.log_path = logs / f"worker{shard}.log"
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        self.starts += 1
        with self.log_path.open("a", encoding="utf-8") as out:
            out.write(f"--- start {self.starts}\n")
            out.flush()
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tools.scaleproof", "worker", *self.args, env=self.env,
                stdout=out, stderr=asyncio.subprocess.STDOUT)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()

    def log_tail(self, lines: int = 30) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log_path.read_text(encoding="utf-8").splitlines()[-lines:])
        return ""


async def wait_for_shard(fake: FakeDiscord, worker: Worker, timeout: float = 60.0) -> None:
    """Until the worker's shard has a live gateway session and its process has settled after READY."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while worker.shard not in fake.gateway.describe()["shards"]:
        if worker.process is not None and worker.process.returncode is not None:
            raise RuntimeError(f"worker {worker.shard} exited:\n{worker.log_tail()}")
        if loop.time() > deadline:
            raise TimeoutError(f"shard {worker.shard} did not connect within {timeout}s:\n{worker.log_tail()}")
        await asyncio.sleep(0.1)
    if worker.shard == 0:
        while not fake.commands():  # the process running shard 0 syncs the commands
            if loop.time() > deadline:
                raise TimeoutError("shard 0 did not sync the commands")
            await asyncio.sleep(0.1)
    with contextlib.suppress(TimeoutError):  # a click sent to the dead process stays unanswered: don't wait
        await fake.idle(quiet=0.3, timeout=5)


# ---- the simulated members ---------------------------------------------------------------------------


class Gate:
    """Play pauses here while the clock jumps, so a reminder round sees every match at rest."""

    def __init__(self) -> None:
        self.open = asyncio.Event()
        self.open.set()
        self.inflight = 0
        self.closings = 0  # a latency sample spanning a pause is not one

    @contextlib.asynccontextmanager
    async def action(self) -> AsyncIterator[None]:
        await self.open.wait()
        self.inflight += 1
        try:
            yield
        finally:
            self.inflight -= 1

    async def close(self) -> None:
        self.closings += 1
        self.open.clear()
        while self.inflight:
            await asyncio.sleep(0.02)


def current_panel(fake: FakeDiscord, user_id: int, match_id: int, version: int,
                  ephemeral: bool = False) -> tuple[FakeMessage, list] | None:
    """The seat's DM panel (or ephemeral one, from My hand) asking the question of ``version``, with its
    answer controls."""
    marks = tuple(f"{prefix}{match_id}:{version}:" for prefix in ANSWER_PREFIXES)
    messages = fake.dm_messages(user_id) + (fake.ephemeral_messages(user_id) if ephemeral else [])
    for message in reversed(messages):
        if message.author_id != fake.bot_user_id:
            continue
        controls = [c for c in fake.components(message)
                    if str(c.get("custom_id", "")).startswith(marks) and not c.get("disabled")]
        if controls:
            return message, controls
    return None


class Proof:
    def __init__(self, config: ProofConfig, fake: FakeDiscord, store, clock: FileClock,
                 workers: dict[int, Worker]) -> None:
        self.config = config
        self.fake = fake
        self.store = store
        self.clock = clock
        self.workers = workers
        self.gate = Gate()
        self.rng = random.Random(config.seed)
        self.report = ProofReport(matches=config.matches)
        self.match_ids: list[int] = []
        self.acked: Counter[int] = Counter()  # clicks the bot answered as applied, per match
        self.unanswered: Counter[int] = Counter()
        self.answered: dict[int, tuple[float, int]] = {}  # match -> when its last click was answered
        self.due: dict[str, tuple[int, int]] = {}  # reminder nonce -> (match, version) it came due at
        self.allowed: set[str] = set()  # nonces a reminder may carry (due, or possibly due)
        self.names: dict[str, str] = {}  # nonce -> "match 7 version 12 stage 1 t", for failure lines
        self.round_lock = asyncio.Lock()
        self.finished = 0
        self.rounds = 0
        self.next_round_at = config.round_every
        # The kill's point is set by the run's own size: once this many matches have finished, the next
        # click triggers a clock jump and the kill (at least one match is still playing then).
        self.kill_at_finished = max(1, int(config.matches * config.kill_after))
        self.killed = False
        self.started = time.monotonic()

    async def world(self) -> None:
        self.places = []
        for shard in range(SHARDS):
            for number in range(2):
                guild = await self.fake.add_guild(f"shard {shard} guild {number}", shard=shard)
                self.places.append((guild, await self.fake.add_channel(guild, "games")))
        self.players = [(await self.fake.add_user(f"p{n}a"), await self.fake.add_user(f"p{n}b"))
                        for n in range(self.config.matches)]

    # -- one match ----------------------------------------------------------------------------------

    async def play(self, number: int, slots: asyncio.Semaphore) -> None:
        async with slots:
            match_id = await self.start_match(number)
            self.match_ids.append(match_id)
            await self.play_to_the_end(match_id, self.players[number])
        self.finished += 1
        if self.finished % 10 == 0 or self.finished == self.config.matches:
            print(f"prove-scale: {self.finished}/{self.config.matches} matches finished, {self.report.clicks} clicks,"
                  f" {time.monotonic() - self.started:.0f} s", file=sys.stderr, flush=True)

    async def start_match(self, number: int) -> int:
        """``/challenge`` and Accept as two members would, again if the guild's process was down."""
        guild, channel = self.places[number % len(self.places)]
        game = self.config.games[number % len(self.config.games)]
        alice, bob = self.players[number]
        for _ in range(60):
            active = await self.store.active_matches_of(alice.id)
            if active:
                return active[0].id
            async with self.gate.action():
                try:
                    message = self.open_challenge(channel, alice, bob)
                    if message is None:
                        record = await self.fake.slash(alice, guild, channel, "challenge", timeout=15,
                                                       options={"game": game, "opponent": bob, "days": DAYS,
                                                                **deck_option(game, self.rng)})
                        message = record.messages[0] if record.messages else None
                    accept = message and self.fake.find_component(message, custom_id_prefix="dt:ch:accept:")
                    if accept:
                        await self.accept(bob, message, accept["custom_id"], game)
                except (TimeoutError, NoBotConnected):
                    self.report.unanswered += 1
            await asyncio.sleep(0.5)
        raise RuntimeError(f"match {number} never started")

    def open_challenge(self, channel, alice, bob) -> FakeMessage | None:
        """The challenge already posted (its Accept went to a process that was down), to accept again."""
        for message in reversed(self.fake.messages(channel)):
            if message.author_id == self.fake.bot_user_id and alice.mention in message.content \
                    and bob.mention in message.content \
                    and self.fake.find_component(message, custom_id_prefix="dt:ch:accept:") is not None:
                return message
        return None

    async def accept(self, bob, message: FakeMessage, custom_id: str, game: str) -> None:
        """Accept; in a deck game, then pick a deck in the private select that answers it."""
        from bot.games import get_game

        for _ in range(30):
            try:
                record = await self.fake.click(bob, message, custom_id, timeout=15)
                if get_game(game).deck_rule is not None:
                    with contextlib.suppress(TimeoutError):  # no picker: the challenge is accepted again
                        await pick_deck(self.fake, bob, record, self.rng, timeout=15)
                return
            except (TimeoutError, NoBotConnected):  # the guild's process is down: click again once it is back
                self.report.unanswered += 1
                await asyncio.sleep(0.5)

    async def play_to_the_end(self, match_id: int, users) -> None:
        from bot.games import get_game

        waited, asked = 0.0, False
        while True:
            match = await self.store.get_match(match_id)
            if match.status != "active":
                return
            seats = sorted({d.seat for d in get_game(match.game).engine.pending(match.state)})
            seat = self.rng.choice(seats)
            user = users[seat]
            panel = current_panel(self.fake, user.id, match.id, match.panel_version(seat), ephemeral=asked)
            if panel is None:
                waited += await self.wait_for_dms(users, 1.0)
                if waited > 20.0 and match.thread_id is not None:
                    waited, asked = 0.0, True  # as a member would: the thread's "My hand" button
                    await self.ask_for_hand(match, user)
                continue
            waited = 0.0
            kill = (self.config.kill_shard is not None and not self.killed
                    and self.finished >= self.kill_at_finished)
            if kill or self.report.clicks >= self.next_round_at:  # (no await since the check: one task runs it)
                self.next_round_at = self.report.clicks + self.config.round_every
                self.rounds += 1
                self.killed = self.killed or kill
                await self.reminder_round(self.rounds - 1, kill=kill)
                continue
            answered = self.answered.pop(match.id, None)
            if answered is not None and answered[1] == self.gate.closings:
                self.report.next_panel.setdefault(self.fake.shard_of(match.guild_id), []).append(
                    time.monotonic() - answered[0])
            await self.click(match.id, user, *panel)

    def dm_signature(self, users) -> tuple:
        last = [self.fake.dm_messages(user.id)[-1:] for user in users]
        return tuple((m[0].id, len(m[0].revisions)) if m else None for m in last)

    async def wait_for_dms(self, users, timeout: float) -> float:
        """Until either player's DMs change (a panel sent or edited), or ``timeout``: seconds waited."""
        start = time.monotonic()
        before = self.dm_signature(users)
        while time.monotonic() - start < timeout:
            await self.fake.wait_for_change(timeout - (time.monotonic() - start))
            if self.dm_signature(users) != before:
                break
        return time.monotonic() - start

    async def ask_for_hand(self, match, user) -> None:
        for message in reversed(self.fake.messages(match.thread_id)):
            button = self.fake.find_component(message, custom_id=f"dt:h:{match.id}")
            if button is not None:
                async with self.gate.action():
                    with contextlib.suppress(TimeoutError, NoBotConnected):
                        await self.fake.click(user, message, button["custom_id"], timeout=15)
                return

    async def click(self, match_id: int, user, message: FakeMessage, controls: list) -> None:
        control = self.rng.choice(controls)
        async with self.gate.action():
            try:
                if control.get("type") == 3:
                    values = [option["value"] for option in control["options"]]
                    count = self.rng.randint(control.get("min_values", 1),
                                             min(control.get("max_values", 1), len(values)))
                    record = await self.fake.select(user, message, control["custom_id"],
                                                    self.rng.sample(values, count), wait=False)
                else:
                    record = await self.fake.click(user, message, control["custom_id"], wait=False)
            except NoBotConnected:  # every process reconnecting at once (a loaded host): the click failed
                self.report.unanswered += 1
                await asyncio.sleep(0.5)
                return
            self.report.clicks += 1
            try:
                await record.wait(15)
            except TimeoutError:
                self.unanswered[match_id] += 1
                self.report.unanswered += 1
                return
            # Applied: the clicked panel now says what was chosen (an error or "out of date" is a followup).
            await self.until(lambda: record.original_changed or record.followups or record.errors, 15)
            if record.original_changed and not record.followups and not record.errors:
                self.acked[match_id] += 1
                self.answered[match_id] = (time.monotonic(), self.gate.closings)

    async def until(self, condition, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                return False
            await self.fake.wait_for_change(0.1)
        return True

    # -- reminder rounds and the kill ----------------------------------------------------------------

    async def reminder_round(self, number: int, *, kill: bool) -> None:
        async with self.round_lock:
            await self.gate.close()
            with contextlib.suppress(TimeoutError):
                await self.fake.idle(quiet=0.5, timeout=30)
            active = [m for m in [await self.store.get_match(i) for i in self.match_ids] if m.status == "active"]
            jump = JUMPS[number % len(JUMPS)] * DAYS * 24 * HOUR
            now = self.clock() + jump
            expected = {}
            for match in active:
                prefs = await self.store.notify_prefs(tuple(match.players))
                for stage, where in expected_reminders(match, now, prefs):
                    nonce = reminder_nonce(TOKEN, match.id, match.version, stage, where)
                    expected[nonce] = (match.id, match.version)
                    self.names[nonce] = f"match {match.id} version {match.version} stage {stage} {where}"
            self.clock.advance(jump)
            self.report.reminders_came_due += len(expected)
            self.due.update(expected)
            self.allowed.update(expected)
            if kill:
                self.gate.open.set()  # clicks go on while a process dies
                await asyncio.sleep(self.rng.uniform(0.05, 0.4))
                await self.kill_and_restart()
            await self.wait_for_reminders(expected)
            self.gate.open.set()

    async def kill_and_restart(self) -> None:
        worker = self.workers[self.config.kill_shard]
        at, finished = time.monotonic() - self.started, self.finished
        worker.kill()
        self.gate.closings += 1  # latency samples spanning the outage are not the bot's speed
        await worker.process.wait()
        self.report.kill = f"shard {worker.shard} SIGKILLed at {at:.0f} s after {finished} matches"
        await asyncio.sleep(self.config.down_seconds)
        restarted = time.monotonic()
        await worker.start()
        await wait_for_shard(self.fake, worker)
        self.gate.closings += 1
        self.report.kill += (f", down {self.config.down_seconds:.0f} s, ready again in "
                             f"{time.monotonic() - restarted:.1f} s")

    async def wait_for_reminders(self, expected: dict[str, int], timeout: float = 60.0) -> None:
        """Until each reminder that came due is posted, or its match moved on (a click after the jump)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            posted = self.posted_reminders()
            missing = [n for n in expected if n not in posted]
            if not missing:
                return
            moved = []
            for nonce in missing:
                match = await self.store.get_match(expected[nonce][0])
                if match.version != expected[nonce][1]:
                    moved.append(nonce)
            if len(moved) == len(missing):
                for nonce in moved:
                    self.due.pop(nonce, None)  # it may or may not have been sent before the click: both right
                return
            await self.fake.wait_for_change(0.25)

    def posted_reminders(self) -> Counter[str]:
        """Visible bot messages carrying a reminder nonce, counted per nonce."""
        found: Counter[str] = Counter()
        for message in self.fake.world.message_index.values():
            if message.author_id == self.fake.bot_user_id and message.nonce and message.nonce.startswith("r") \
                    and not message.deleted:
                found[message.nonce] += 1
        return found

    # -- checks --------------------------------------------------------------------------------------

    async def check(self) -> None:
        from bot.replay import ReplayError, from_match, verify

        report = self.report
        with contextlib.suppress(TimeoutError):
            await self.fake.idle(quiet=1.0, timeout=60)
        for match_id in sorted(self.match_ids):
            match = await self.store.get_match(match_id)
            if match.status != "finished":
                report.failures.append(f"match {match_id} is {match.status}")
                continue
            report.finished += 1
            rows = await self.store.unposted(match_id, 0)
            versions = [row[0] for row in rows]
            if versions != list(range(1, match.version + 1)):
                report.failures.append(f"match {match_id}: decision log versions {versions[:5]}... not 1..{match.version}")
            report.decisions += len(rows)
            try:
                _result, states = verify(from_match(match, [(row[1], row[2]) for row in rows], ("a", "b")))
            except ReplayError as error:
                report.failures.append(f"match {match_id} does not replay: {error}")
                continue
            if _canonical(states[-1]) != _canonical(match.state):
                report.failures.append(f"match {match_id}: the replayed state differs from the stored one")
            boards = [m for m in self.fake.messages(match.thread_id)
                      if m.author_id == self.fake.bot_user_id and any(name == "board.png" for name, _ in m.attachments)]
            report.board_posts += len(boards)
            report.handovers += len(states)
            problem = check_board_posts(match, states, boards,
                                        [(row[0], row[4]) for row in await self.store.unposted_with_keys(match_id, 0)])
            if problem:
                report.failures.append(f"match {match_id}: {problem}")
            else:
                report.merged += len(states) - len(boards)
            human = len(rows)
            if self.acked[match_id] > human:
                report.failures.append(f"match {match_id}: {self.acked[match_id]} clicks answered, {human} stored")
            elif human - self.acked[match_id] > self.unanswered[match_id]:
                report.failures.append(f"match {match_id}: {human} decisions stored but only "
                                       f"{self.acked[match_id]} clicks answered and {self.unanswered[match_id]} lost")
        posted = self.posted_reminders()
        report.reminders_due = len(self.due)
        report.reminders_posted = sum(posted.values())
        report.nonce_repeats = sum(1 for m in self.fake.nonce_repeats if (m.nonce or "").startswith("r"))
        for nonce, count in posted.items():
            if count > 1:
                report.failures.append(f"reminder {self.names.get(nonce, nonce)} posted {count} times")
            if nonce not in self.allowed:
                report.failures.append(f"reminder {nonce} was posted but never came due")
        if report.nonce_repeats and self.config.kill_shard is None:
            report.failures.append(f"{report.nonce_repeats} reminders were sent again although no process died")
        for nonce in self.due:
            if nonce not in posted:
                report.failures.append(f"reminder {self.names[nonce]} came due but was not posted")
        if self.fake.internal_errors:
            report.failures.append(f"fake Discord internal errors: {self.fake.internal_errors[:2]}")
        if self.config.kill_shard is not None and not report.kill.startswith("shard"):
            report.failures.append(f"no process was killed: the run ended before {self.kill_at_finished} of its "
                                   f"{self.config.matches} matches had finished and another still played")
        token = f"Bot {TOKEN}"
        report.busiest_second = self.fake.global_rate.peak[token]
        report.over_limit = self.fake.global_rate.over[token]
        if report.over_limit:
            report.failures.append(f"{report.over_limit} requests above Discord's global limit of {GLOBAL_LIMIT} a "
                                   f"second for one token (the processes together; busiest second "
                                   f"{report.busiest_second})")
        if not report.reminders_came_due:
            report.failures.append("no reminder came due: the clock jumps found no match waiting on a member")


def check_board_posts(match, states: list[dict], boards: list, keys: list[tuple[int, str | None]]) -> str | None:
    """One board post per handover, each once: the opening post, one per handover (its nonce names the
    decision that handed over) and the result. A handover may have no post of its own only when its
    player had already answered by the time the thread caught up with it (a process down, or the owner
    shard behind shard 0, which takes DM clicks): the next post says both, as a member reading the thread
    would want. Not allowed: a post twice, more posts than handovers, posts for no handover. (A handover
    whose player was never told shows as a match that does not finish.)"""
    from bot.engine import handover_versions, thread_key
    from bot.games import get_game

    handovers = handover_versions(thread_key(get_game(match.game).engine.pending(states[0])), keys)
    by_nonce = {match_nonce("b", TOKEN, match.id, version, 0, "h"): version for version in handovers}
    posted = [by_nonce[m.nonce] for m in boards if m.nonce in by_nonce]
    if len(set(posted)) != len(posted):
        return f"a handover posted twice ({len(posted)} posts for {len(set(posted))} handovers)"
    if len(boards) > len(states):
        return f"{len(boards)} board posts for {len(states)} handovers"
    if len(handovers) != len(states) - 2:
        return f"{len(handovers)} handovers recorded, {len(states) - 2} replayed"
    others = len(boards) - len(posted)  # the opening post, the result, a post made anew (the "n" nonce)
    if others > 2 + (len(handovers) - len(posted)):
        return f"{others} board posts that are no handover's"
    return None


def expected_reminders(match, now: float, prefs: dict[int, dict]) -> list[tuple[int, str]]:
    """(stage, where) of the messages ``fire_timer`` posts for ``match`` at ``now`` (none if nothing is due):
    ``t`` the thread's, and ``d<seat>`` a DM for each member pinged whose /notify mode is dm or both (the
    default), or only DMs for a decision one seat owes in secret."""
    from bot.engine import thread_key
    from bot.games import get_game

    if match.next_timer_at is None or match.next_timer_at > now:
        return []
    stage = max((s for s, at in timer_plan(match.turn_started, match.deadline) if at <= now), default=0)
    if stage <= match.timer_stage:
        return []
    pending = get_game(match.game).engine.pending(match.state)
    owing = sorted({d.seat for d in pending} - {match.bot_seat})
    if not owing:
        return []
    stage = min(stage, 3)
    if stage < 3 and thread_key(pending) is None:
        return [(stage, f"d{seat}") for seat in owing]
    ping = owing
    if stage >= 3:
        ping = owing + [s for s in (0, 1) if s not in owing and s != match.bot_seat]
    return [(stage, "t")] + [(stage, f"d{seat}") for seat in ping
                             if prefs[match.players[seat]]["notify"] in ("dm", "both")]


def _canonical(state: dict) -> str:
    return json.dumps(state, sort_keys=True, default=str)


def worker_env(target: str, scratch: Path, log_level: str = "WARNING") -> dict[str, str]:
    """A bot process's environment on ``target`` (a PostgreSQL URL or an SQLite file), as an operator sets it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DUELTABLE_", "DATABASE_URL"))}
    if target.startswith(("postgresql://", "postgres://")):
        env |= {"DATABASE_URL": target, "DUELTABLE_DB": str(scratch / "unused.sqlite3")}
    else:
        env["DUELTABLE_DB"] = target
    return env | {"DISCORD_TOKEN": TOKEN, "DUELTABLE_TIMER_INTERVAL": "0.5", "DUELTABLE_LOG_LEVEL": log_level,
                  "DUELTABLE_MAX_ACTIVE_MATCHES": "10"}


# ---- the whole proof ---------------------------------------------------------------------------------


async def prove(config: ProofConfig) -> ProofReport:
    from bot.store import open_store

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="prove-scale-") as scratch_name:
        scratch = Path(scratch_name)
        server = None
        if config.sqlite:
            target = str(scratch / "proof.sqlite3")
            backend = "one SQLite WAL file"
        else:
            target = config.database_url
            if target is None:
                import pgserver  # PostgreSQL 16 binaries from pip

                server = pgserver.get_server(scratch / "pg", cleanup_mode="stop")
                target = server.get_uri()
            backend = "PostgreSQL"
        env = worker_env(target, scratch, config.log_level)
        if config.global_limit is not None:  # e.g. far above Discord's: the check below must then catch a burst
            env["DUELTABLE_GLOBAL_LIMIT"] = str(config.global_limit)
        store = await open_store(target)  # migrates once, before the workers start
        try:
            async with FakeDiscord(shard_count=SHARDS, token=TOKEN, interaction_deadline=15.0) as fake:
                fake.record_calls = False
                clock = FileClock(scratch / "clock")
                clock.advance(0.0)
                args = [fake.base_url, str(clock.path), str(config.lease)]
                logs = config.logs or scratch
                logs.mkdir(parents=True, exist_ok=True)
                workers = {shard: Worker(shard, env, args, logs) for shard in range(SHARDS)}
                proof = Proof(config, fake, store, clock, workers)
                proof.report.backend = backend
                await proof.world()
                try:
                    for worker in workers.values():
                        await worker.start()
                    for worker in workers.values():
                        await wait_for_shard(fake, worker)
                    slots = asyncio.Semaphore(config.concurrency)
                    await asyncio.wait_for(
                        asyncio.gather(*(proof.play(n, slots) for n in range(config.matches))), config.timeout)
                    await proof.check()
                except Exception as error:
                    proof.report.failures.append(f"{type(error).__name__}: {error}")
                    for worker in workers.values():
                        proof.report.failures.append(f"worker {worker.shard} log:\n{worker.log_tail()}")
                finally:
                    for worker in workers.values():
                        await worker.stop()
                report = proof.report
        finally:
            await store.close()
            if server is not None:
                server.cleanup()
    report.seconds = time.monotonic() - started
    return report


def config_from_args(args) -> ProofConfig:
    """``python -m bot prove-scale`` options (bot/__main__.py) as a ProofConfig."""
    return ProofConfig(matches=args.matches, database_url=args.database_url, sqlite=args.sqlite,
                       games=tuple(g.strip() for g in args.games.split(",") if g.strip()),
                       concurrency=args.concurrency, round_every=args.round_every,
                       kill_shard=None if args.no_kill else 1, seed=args.seed, global_limit=args.global_limit)


def run_prove_scale_command(config: ProofConfig) -> int:
    from bot.games import playable_game_ids

    unknown = [g for g in config.games if g not in playable_game_ids()]
    least = 1 if config.kill_shard is None else 2  # the kill needs a match still playing after one finished
    if unknown or not config.games or config.matches < least:
        print(f"--games must name games of {', '.join(playable_game_ids())}; --matches at least {least} "
              f"(1 with --no-kill)", file=sys.stderr)
        return 2
    report = asyncio.run(prove(config))
    for failure in report.failures[:20]:
        print(failure, file=sys.stderr)
    print(report.line())
    return 0 if report.ok else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["worker"]:
        sys.exit(worker_main(sys.argv[2:]))
    sys.exit(run_prove_scale_command(ProofConfig()))
