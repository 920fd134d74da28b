"""Replays: a finished match as a text export (game, options, seed, every decision in notation) and an
animation with one frame per handover, every hidden card revealed.

``python -m bot replay FILE [--out DIR]`` re-plays an export through the engine, checks that it reaches
the result the export states, prints ``result: ...`` (the same line as the demo's transcript) and writes
the frames and the animation. The export is plain text so that anyone can read and share it::

    # Duel Table replay 1
    game: tiny
    match: 1
    seed: 11
    options: {"calls": "1", "discard": "no", "hand": "small", "length": "short"}
    players: Alice | Bob
    rated: yes
    result: seat 0 (score)
    decisions: 7
    0 pick:5
    1 pick:1
    0 call:heads

A decision line is the seat and the chosen option ids (several for a multi-choice answer); the
platform moves ``!resign`` and ``!claim`` end the match as they did on Discord, and ``!undo`` takes
back the newest step still standing.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from bot.engine import Outcome, thread_key  # the thread's notion of a handover
from bot.games import get_game
from bot.render.names import render_with_names

HEADER = "# Duel Table replay 1"
RESIGN = "!resign"
CLAIM = "!claim"
DRAW = "!draw"  # adjudicated a draw at a tournament round's deadline (bot/match.py: adjudicate)
UNDO = "!undo"  # /undo: the newest step still standing is taken back (bot/undo.py)
MAX_FRAMES = 120
UPLOAD_LIMIT = 8 * 1024 * 1024  # under Discord's 10 MB attachment limit, with room for the text file
FRAME_MS = 1200
LAST_FRAME_MS = 5000


class ReplayError(Exception):
    pass


@dataclass(frozen=True)
class Replay:
    game: str
    seed: int
    options: dict[str, str]
    players: tuple[str, str]
    decisions: list[tuple[int, list[str]]]
    result: str | None = None
    match_id: int | None = None
    rated: bool = False


def result_line(winner: int | None, reason: str | None) -> str:
    """``seat 0 (score)`` or ``draw (resign)``: the words of the demo's ``result:`` line."""
    return f"{'draw' if winner is None else f'seat {winner}'} ({reason})"


def export_text(replay: Replay) -> str:
    lines = [HEADER, f"game: {replay.game}"]
    if replay.match_id is not None:
        lines.append(f"match: {replay.match_id}")
    lines += [f"seed: {replay.seed}", f"options: {json.dumps(replay.options, sort_keys=True, ensure_ascii=False)}",
              f"players: {clean_name(replay.players[0])} | {clean_name(replay.players[1])}",
              f"rated: {'yes' if replay.rated else 'no'}"]
    if replay.result is not None:
        lines.append(f"result: {replay.result}")
    lines.append(f"decisions: {len(replay.decisions)}")
    lines += [f"{seat} {' '.join(choice)}" for seat, choice in replay.decisions]
    return "\n".join(lines) + "\n"


def clean_name(name: str) -> str:
    return " ".join(name.replace("|", "/").split()) or "?"


def from_match(match, log: list[tuple[int, list[str]]], names: tuple[str, str]) -> Replay:
    result = result_line(match.winner, match.result_reason) if match.status == "finished" else None
    return Replay(game=match.game, seed=match.seed, options=dict(match.options), players=names,
                  decisions=[(seat, list(choice)) for seat, choice in log], result=result, match_id=match.id,
                  rated=bool(getattr(match, "rated", False)))


def parse(text: str) -> Replay:
    lines = [line.rstrip("\r") for line in text.splitlines()]
    if not lines or lines[0].strip() != HEADER:
        raise ReplayError(f"the first line must be {HEADER!r}")
    fields: dict[str, str] = {}
    index = 1
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip() or line.startswith("#"):
            continue
        name, _, value = line.partition(":")
        fields[name.strip()] = value.strip()
        if name.strip() == "decisions":
            break
    for required in ("game", "seed", "options", "decisions"):
        if required not in fields:
            raise ReplayError(f"missing '{required}:' line")
    try:
        seed = int(fields["seed"])
        options = json.loads(fields["options"])
        count = int(fields["decisions"])
    except ValueError as error:
        raise ReplayError(str(error)) from error
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise ReplayError("options must be a JSON object of strings")
    decisions = []
    for line in lines[index:]:
        if not line.strip():
            continue
        seat, *choice = line.split()
        if seat not in ("0", "1") or not choice:
            raise ReplayError(f"bad decision line {line[:60]!r}")
        decisions.append((int(seat), choice))
    if len(decisions) != count:
        raise ReplayError(f"{count} decisions announced, {len(decisions)} found")
    players = tuple(part.strip() for part in fields.get("players", "Player 1 | Player 2").split("|", 1))
    if len(players) != 2:
        players = ("Player 1", "Player 2")
    match_id = fields.get("match")
    return Replay(game=fields["game"], seed=seed, options=options, players=(players[0], players[1]),
                  decisions=decisions, result=fields.get("result"),
                  match_id=int(match_id) if match_id and match_id.isdigit() else None,
                  rated=fields.get("rated") == "yes")


def replay_states(replay: Replay) -> tuple[list[dict], Outcome]:
    """Every decision through the engine (legality re-checked); the states at each handover, full
    information, and the outcome. Raises ReplayError if the log does not play or does not finish."""
    from bot.games import playable_game_ids

    if replay.game not in playable_game_ids():
        raise ReplayError(f"unknown game {replay.game!r}")
    engine = get_game(replay.game).engine
    state = engine.new_game(replay.seed, replay.options)
    frames = [state]
    last = thread_key(engine.pending(state))
    outcome = None
    history: list[dict] = []  # states before each step still standing, for /undo's "!undo"
    for number, (seat, choice) in enumerate(replay.decisions, 1):
        if outcome is not None:
            raise ReplayError(f"decision {number} comes after the end of the match")
        if choice == [UNDO]:
            if not history:
                raise ReplayError(f"decision {number}: nothing to undo")
            state = history.pop()
            continue
        if choice == [RESIGN]:
            outcome = Outcome(winner=1 - seat, reason="resign")
        elif choice == [CLAIM]:
            outcome = Outcome(winner=seat, reason="timeout")
        elif choice == [DRAW]:
            outcome = Outcome(winner=None, reason="adjudicated")
        else:
            try:
                history.append(state)
                state, _events = engine.apply(state, seat, tuple(choice))
            except Exception as error:  # an engine error names the illegal step
                raise ReplayError(f"decision {number} ({seat} {' '.join(choice)}): {error}") from error
            outcome = engine.outcome(state)
            key = thread_key(engine.pending(state)) if outcome is None else "end"
            if key is not None and key != last:
                frames.append(state)
                last = key
                continue
        if outcome is not None and frames[-1] is not state:
            frames.append(state)
    if outcome is None:
        raise ReplayError("the decisions end before the match does")
    return frames, outcome


def render_frames(replay: Replay, states: list[dict], locale: str = "en") -> list[bytes]:
    spec = get_game(replay.game)
    if len(states) > MAX_FRAMES:  # keep the first and last, evenly in between
        step = (len(states) - 1) / (MAX_FRAMES - 1)
        states = [states[round(i * step)] for i in range(MAX_FRAMES)]
    return [render_with_names(replay.players, spec.render_board, spec.engine.reveal_all(state), locale)
            for state in states]


def animate(frames: list[bytes], limit: int = UPLOAD_LIMIT) -> bytes:
    """An APNG of the frames (padded to one size); fewer frames until it fits ``limit``."""
    images = [Image.open(io.BytesIO(data)).convert("RGB") for data in frames]
    while True:
        width = max(image.width for image in images)
        height = max(image.height for image in images)
        padded = []
        for image in images:
            if image.size != (width, height):
                canvas = Image.new("RGB", (width, height), image.getpixel((0, 0)))
                canvas.paste(image, (0, 0))
                image = canvas
            padded.append(image)
        durations = [FRAME_MS] * (len(padded) - 1) + [LAST_FRAME_MS]
        out = io.BytesIO()
        padded[0].save(out, format="PNG", save_all=True, append_images=padded[1:], duration=durations, loop=0,
                       compress_level=6)
        data = out.getvalue()
        if len(data) <= limit or len(images) <= 2:
            return data
        images = images[:-1:2] + [images[-1]]


def verify(replay: Replay) -> tuple[str, list[dict]]:
    """Re-play; the result line reached, and the handover states. ReplayError on a mismatch."""
    states, outcome = replay_states(replay)
    actual = result_line(outcome.winner, outcome.reason)
    if replay.result is not None and replay.result != actual:
        raise ReplayError(f"the export says {replay.result}, the engine reached {actual}")
    return actual, states


def run_replay_command(path: str, out: str | None) -> int:
    import sys

    try:
        replay = parse(Path(path).read_text(encoding="utf-8"))
        actual, states = verify(replay)
    except (OSError, UnicodeDecodeError, ReplayError) as error:
        print(f"cannot replay {path}: {error}", file=sys.stderr)
        return 1
    out_dir = Path(out) if out else Path(path).with_suffix("").parent / (Path(path).stem + "-frames")
    out_dir.mkdir(parents=True, exist_ok=True)
    frames = render_frames(replay, states)
    for number, data in enumerate(frames, 1):
        (out_dir / f"frame_{number:04d}.png").write_bytes(data)
    (out_dir / "replay.png").write_bytes(animate(frames))
    print(f"replay verified: {len(replay.decisions)} decisions, {len(frames)} frames written to {out_dir}")
    print(f"result: {actual}")
    return 0
