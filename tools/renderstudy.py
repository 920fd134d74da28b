"""Where a render worker's memory goes: its workload drawn in this process, with the memory over time.

    python -m tools.renderstudy [--pictures 2000] [--cache-mb 16] [--report 250] [--idle 3]
    python -m tools.renderstudy --pixels [--pictures 1500] [--cache-mb 16]   # pictures' pixel hashes, to diff

Boards and hands of every game, in English and Japanese, from states of random play (about one board for
three hands, as the process bench draws them), each drawn as a render worker draws it
(``toolkit._render(render_with_names, ...)``) after the worker's own start (its share of the picture
caches: 16 MB is half of the default 32 between two workers). Every ``--report`` pictures a line: drawing
CPU a picture, resident memory (anonymous and file-backed), PSS, the C heap in use and free, the picture
caches' bytes, font faces, Pillow's blocks; then ``--idle`` seconds without a picture (the idle trim) and
the drawing CPU by game. Nothing of discord.py is imported: the process holds what a worker holds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from bot import memory
from bot.engine import random_choice
from bot.games import available_games
from bot.render import toolkit
from bot.render.names import render_with_names
from tools import memstats

NAMES = ("Alice the Bold", "ボブ")


def pss_mb() -> float:
    rollup = Path("/proc/self/smaps_rollup").read_text()
    return next(int(line.split()[1]) / 1024 for line in rollup.splitlines() if line.startswith("Pss:"))


def jobs(seed: int) -> Iterator[tuple[str, str, dict, str]]:
    """(game, kind, view, locale) without end: every game's random play in turn, a picture now and then."""
    rng = random.Random(seed)
    games = available_games()
    states = {spec.game_id: spec.engine.new_game(rng.randrange(1 << 30), {}) for spec in games}
    while True:
        for spec in games:
            engine, state = spec.engine, states[spec.game_id]
            for _ in range(rng.randrange(1, 6)):  # a few steps between pictures of a match
                if engine.outcome(state) is not None:
                    state = engine.new_game(rng.randrange(1 << 30), {})
                decision = engine.pending(state)[0]
                state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
            states[spec.game_id] = state
            locale = rng.choice(("en", "ja"))
            yield spec.game_id, "board", engine.view(state, None), locale
            for seat in rng.sample((0, 1), rng.choice((1, 2, 2))):
                yield spec.game_id, "hand", engine.view(state, seat), locale


def line(pictures: int, cpu_ms: float) -> str:
    resident, heap, stats = memory.resident(), memstats.heap(), toolkit.Image.core.get_stats()
    held = sum(store[0] for store in toolkit.cache_stats().values()) / 2**20
    return (f"{pictures:6d} pictures  drawing {cpu_ms:5.1f} ms CPU a picture  RSS {resident.get('rss', 0):5.1f} MB "
            f"(peak {resident.get('peak', 0):5.1f}; anonymous {resident.get('anon', 0):5.1f}, files "
            f"{resident.get('file', 0):5.1f})  PSS {pss_mb():5.1f}  C heap in use {heap.get('in_use', 0):5.1f} "
            f"free {heap.get('free', 0):5.1f}  picture caches {held:5.1f}  font faces {toolkit.font.cache_info().currsize}"
            f"  Pillow blocks {stats['blocks_cached']}")


def pixel_hashes(pictures: int, seed: int, cards: bool = True) -> int:
    """One line per picture: what it is and a hash of its decoded pixels (not of the PNG's bytes, which a
    change of encoding may alter for the same pixels), then every card of every game in both languages.
    A change meant to keep the pictures as they were must leave the output unchanged, with the caches
    (--cache-mb 16) and without them (--cache-mb 0)."""
    import hashlib
    import io

    from PIL import Image

    def digest(png: bytes) -> str:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        return f"{hashlib.sha1(image.tobytes()).hexdigest()[:16]} {image.width}x{image.height}"

    specs = {spec.game_id: spec for spec in available_games()}
    for count, (game, kind, view, locale) in enumerate(jobs(seed)):
        if count == pictures:
            break
        spec = specs[game]
        png = render_with_names(NAMES, spec.render_board if kind == "board" else spec.render_hand, view, locale)
        print(count, game, kind, locale, digest(png))
    for spec in specs.values() if cards else ():
        for card in spec.cards() if spec.render_card else []:
            for locale in ("en", "ja"):
                print("card", spec.game_id, card.id, locale, digest(spec.render_card(card, locale)))
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.renderstudy", description=__doc__.split("\n")[0])
    parser.add_argument("--pictures", type=int, default=2000)
    parser.add_argument("--cache-mb", type=float, default=16.0, help="this worker's share of the picture caches")
    parser.add_argument("--report", type=int, default=250, help="a line every so many pictures")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds without a picture at the end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pixels", action="store_true",
                        help="print a hash of each picture's pixels instead (and of every card's): run before and "
                             "after a change to the drawing and diff the outputs")
    args = parser.parse_args(argv)
    toolkit._start_render_worker(args.cache_mb)
    if args.pixels:
        return pixel_hashes(args.pictures, args.seed)
    toolkit._warm_render_worker()
    print(line(0, 0.0), flush=True)
    specs = {spec.game_id: spec for spec in available_games()}
    by_game: dict[str, list[float]] = {}
    window = 0.0
    for count, (game, kind, view, locale) in enumerate(jobs(args.seed), start=1):
        spec = specs[game]
        started = time.process_time()
        toolkit._render(render_with_names, NAMES, spec.render_board if kind == "board" else spec.render_hand,
                        view, locale)
        spent = time.process_time() - started
        window += spent
        by_game.setdefault(f"{game} {kind}", []).append(spent)
        if count % args.report == 0 or count == args.pictures:
            print(line(count, window * 1000 / (count % args.report or args.report)), flush=True)
            window = 0.0
        if count == args.pictures:
            break
    time.sleep(args.idle)
    print(f"after {args.idle:.0f} s without a picture ({toolkit.TRIMMER.idle_trims} idle trims):", flush=True)
    print(line(args.pictures, 0.0))
    print("drawing CPU a picture: " + ", ".join(f"{name} {sum(times) * 1000 / len(times):.1f} ms (n={len(times)})"
                                               for name, times in sorted(by_game.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
