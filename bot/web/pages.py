"""What a match's page says, from the store: the public page (``view(state, None)`` as the thread shows it)
and a seat's page (that seat's view and open question). Pure reads: any process can serve any match.

The public page shows the position the thread shows (``posted_version``). While only one seat owes a
secret answer (a response window) the thread stays still and the match's own state has moved on; the page
then replays the log up to the thread's version (``bot.undo.effective_steps``, which honours undos), so a
spectator learns no more, and no sooner, than the thread tells.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from bot import i18n
from bot.engine import decision_for
from bot.games import GameSpec, get_game
from bot.render.names import render_with_names
from bot.store import MatchRow, Store
from bot.ui.panel import Names, format_prompt
from bot.ui.thread import folded, public_lines, result_line
from bot.undo import effective_steps
from bot.web.boards import web_board

RECENT_DECISIONS = 24  # decisions read for the "last events" lines
RECENT_LINES = 12  # lines shown
SHOWN_STATES_KEPT = 64  # replayed public states kept (match, version) -> state


@dataclass
class Page:
    """Everything a page's template needs; every text is plain (the template escapes it)."""

    match_id: int
    role: str
    locale: str
    title: str
    stamp: str
    description: str
    turn: str
    lines: list[str] = field(default_factory=list)
    question: str | None = None
    options: list[tuple[str, str]] = field(default_factory=list)
    image_alt: str = ""
    own: bool = False  # a seat's page (its hand), not the public one
    board: Markup = field(default_factory=Markup)  # the game's web board (bot/web/boards.py), safe HTML; or empty
    version: int = 0  # the seat's panel version its answer is checked against (a stale page is refused)
    choose_min: int = 1  # a decision's answer: one option (a button each), or min..max of them (checkboxes)
    choose_max: int = 1
    confirm: bool = False  # the decision asks for a confirm step (``Decision.confirm``): a box to tick, checked
    over: bool = False  # the thread has posted the result: the final position, every hidden card revealed




def over(match: MatchRow) -> bool:
    """The match has ended *and* the thread has posted its result (``MatchThreads.finish``): from then on its
    pages show what that post shows, the final position with every hidden card revealed and the result; a
    page never learns the end sooner than the thread."""
    return match.status != "active" and match.posted_version >= match.version


def final_view(match: MatchRow) -> dict[str, Any]:
    """The result post's board: ``reveal_all`` (bot/ui/thread.py ``board_view(final=True)``)."""
    return get_game(match.game).engine.reveal_all(match.state)


class ShownStates:
    """The states the threads show, as far as a page needs them: kept by the web server (one a process, so one
    a database), keyed by match and thread version."""

    def __init__(self) -> None:
        self._states: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()

    def _keep(self, key: tuple[int, int], state: dict[str, Any]) -> None:
        self._states[key] = state
        self._states.move_to_end(key)
        if len(self._states) > SHOWN_STATES_KEPT:
            self._states.popitem(last=False)

    async def of(self, store: Store, match: MatchRow) -> dict[str, Any]:
        """The state the thread shows: the match's own unless a decision (a secret answer, or the last one
        before the result is posted) moved it on past the thread."""
        if match.posted_version >= match.version:
            return match.state
        key = (match.id, match.posted_version)
        if key in self._states:
            self._states.move_to_end(key)
            return self._states[key]
        rows = [(seat, choice) for version, seat, choice, _ in await store.unposted(match.id, 0)
                if version <= match.posted_version]
        game = get_game(match.game)
        _, state = effective_steps(game.engine, match.seed, match.options, rows)
        self._keep(key, state)
        return state

    def remember(self, match: MatchRow) -> None:
        """The publish path's moment: the thread shows the match's own state. Kept for a watched match, so
        that its page later answers from here (not by a replay) when a secret window moves the match past the
        thread: a page then answers as fast as before the window opened, and its timing tells no more than
        the thread."""
        if match.status == "active" and match.posted_version == match.version:
            self._keep((match.id, match.posted_version), match.state)


def page_names(names: Names) -> Names:
    """Names for a page: as the members show themselves (the template escapes them), not Discord-escaped."""
    return Names(seats=names.literal)


async def recent_rows(store: Store, match: MatchRow, role: str = "p") -> list[tuple]:
    """The last decisions the thread showed (a store read: in the event loop); for a seat's page also those
    stored since (``seat_rows`` keeps only what that seat may read of them)."""
    rows = await store.unposted(match.id, max(0, match.posted_version - RECENT_DECISIONS))
    return rows if role != "p" else [row for row in rows if row[0] <= match.posted_version]


def seat_rows(rows: list[tuple], seat: int, posted_version: int) -> list[tuple]:
    """The decisions' events a seat's page says, as public ones (so ``public_lines`` words them): what the
    thread showed, and the events only this seat was told (``audience``: "You drew …", "You chose …"), as its
    DM panel's picture shows them. Of a decision the thread has not shown yet only the seat's own, and only
    its private events: the other seat's secret answer, or a window offered to it, leaves no line here."""
    kept = []
    for version, actor, choice, events in rows:
        shown = version <= posted_version
        kept.append((version, actor, choice, [
            [key, args, None] for key, args, audience in events
            if (audience is None and shown) or (audience is not None and seat in audience and (shown or actor == seat))]))
    return kept


def event_lines(game: GameSpec, rows: list[tuple], locale: str, names: Names) -> list[str]:
    """The last public lines the thread showed, in the page's language."""
    return folded(public_lines(game, rows, locale, names), locale)[-RECENT_LINES:]


def title_of(match: MatchRow, locale: str) -> str:
    return i18n.t("web.title", locale, game=i18n.t(f"games.{match.game}", locale), match_id=match.id)


def turn_line(match: MatchRow, locale: str, names: Names) -> str:
    """Who must act, as the thread says it: the thread's own record (``live_key``, the seats its live message
    pinged; ``*`` both choosing in secret), never the engine's pending questions, which also hold a window
    offered to one player in secret."""
    if over(match):  # the result post's own line: who won, how, the score or life
        return result_line(dataclasses.replace(match, locale=locale), names)
    if match.live_key == "*":
        return i18n.t("web.both_secret", locale)
    seats = [int(seat) for seat in (match.live_key or "").split(",") if seat in ("0", "1")]
    return i18n.t("web.to_move", locale, players=", ".join(names.seats[seat] for seat in seats)) if seats else ""


def describe(game: GameSpec, view: dict, locale: str, names: Names) -> str:
    if game.describe is None:
        return ""
    return render_with_names(names.literal, game.describe, view, locale)


@dataclass
class PageReads:
    """What a page reads from the store (in the event loop); the rest of its build is pure (any thread)."""

    match: MatchRow
    role: str
    locale: str
    names: Names
    stamp: str
    rows: list[tuple]
    shown: dict[str, Any]  # the state the page shows: the thread's for the public page, the match's for a seat's


async def page_reads(store: Store, shown_states: ShownStates, match: MatchRow, role: str, locale: str, names: Names,
                     stamp: str) -> PageReads:
    shown = await shown_states.of(store, match) if role == "p" else match.state
    return PageReads(match, role, locale, names, stamp, await recent_rows(store, match, role), shown)


def compose(reads: PageReads) -> Page:
    """A page from its reads: CPU only (the views, the game's words, the lines), so it may run off the loop."""
    if reads.role == "p":
        return public_page(reads.match, reads.shown, reads.rows, reads.locale, reads.names)
    return seat_page(reads.match, reads.shown, reads.rows, int(reads.role), reads.locale, reads.names, reads.stamp)


def public_page(match: MatchRow, state: dict, rows: list[tuple], locale: str, names: Names) -> Page:
    """The public page: ``view(state, None)`` of the thread's state; after the result post, its board."""
    return final_page(match, rows, "p", locale, names, str(match.posted_version)) if over(match) else \
        view_page(match, get_game(match.game).engine.view(state, None), rows, "p", locale, names,
                  str(match.posted_version))


def view_page(match: MatchRow, view: dict, rows: list[tuple], role: str, locale: str, names: Names,
              stamp: str) -> Page:
    game = get_game(match.game)
    names = page_names(names)
    text = describe(game, view, locale, names)
    return Page(match_id=match.id, role=role, locale=locale, title=title_of(match, locale), stamp=stamp,
                description=text, turn=turn_line(match, locale, names),
                lines=event_lines(game, rows, locale, names), image_alt=text, own=role != "p",
                board=web_board(game, view, locale, names.literal) or Markup())


def final_page(match: MatchRow, rows: list[tuple], role: str, locale: str, names: Names, stamp: str) -> Page:
    """After the result post, public and seat pages alike: what that post shows (the final board with every
    hidden card revealed, the last lines, the result) and no form."""
    page = view_page(match, final_view(match), rows, role, locale, names, stamp)
    page.over = True
    return page


def seat_page(match: MatchRow, state: dict, rows: list[tuple], seat: int, locale: str, names: Names,
              stamp: str) -> Page:
    """A seat's page: ``view(state, seat)``, its question, the public lines. Nothing of the other seat's view
    is read."""
    rows = seat_rows(rows, seat, match.posted_version)
    if over(match):
        return final_page(match, rows, str(seat), locale, names, stamp)
    game = get_game(match.game)
    view = game.engine.view(state, seat)
    page = view_page(match, view, rows, str(seat), locale, names, stamp)
    names = page_names(names)
    decision = decision_for(game.engine.pending(state), seat) if match.status == "active" else None
    if decision is not None:
        page.question = format_prompt(game, decision, locale, names)
        page.options = [(option, game.option_label(option, view, locale)) for option in decision.options]
        page.version = match.panel_version(seat)
        page.choose_min, page.choose_max = decision.min, min(decision.max, len(decision.options))
        page.confirm = decision.confirm
    return page
