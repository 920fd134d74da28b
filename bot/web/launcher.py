"""The Activity opened outside a match's thread (the App Launcher in a text channel, or in a thread that is no
match's): the list of matches it may open there (docs/WEB.md, "As a Discord Activity").

The list, as ``/activity/token`` answers it once Discord has confirmed who signed in: first the member's own
active matches on that channel's server (their seat's page), then the server's active matches whose threads
are under that channel (a thread: its parent channel) that the member may see now, by Discord's own
permissions (``access.py``: a private thread they are not in, a channel hidden from them: not listed), newest
first, at most ``LISTED``. Each entry says what the thread itself shows (the game, the players' names, the
match number, whose turn: the thread's own record) and the signed path of the page it opens: a seat's only for
the member's own seat, the public page for any other. The page learns nothing a thread or link does not show.
"""

from __future__ import annotations

from typing import Any, Protocol

from bot import i18n
from bot.store import MatchRow
from bot.web.pages import page_names, title_of, turn_line


class Activity(Protocol):
    """What the list needs of the Activity (``activity.py``, which imports this module): who may see what
    (``access.py``) and the web server (its store, names and links)."""

    access: Any
    web: Any

LISTED = 10


async def launcher_list(activity: Activity, user_id: int, channel_id: int, locale: str) -> list[dict[str, Any]]:
    """The entries the Activity lists in a channel (empty: nothing this member may open there)."""
    place = await activity.access.place_of(channel_id)
    if place is None:  # not a channel of a server the bot is in (or Discord did not say)
        return []
    guild_id, parent_id = place
    store = activity.web.store
    own = [match for match in reversed(await store.active_matches_of(user_id))
           if match.guild_id == guild_id and match.seat_of(user_id) is not None][:LISTED]
    listed: list[tuple[MatchRow, int | None]] = [(match, match.seat_of(user_id)) for match in own]
    others = [match for match in await store.active_matches_in_channel(guild_id, parent_id, LISTED + len(own))
              if match.id not in {m.id for m in own}][:LISTED - len(listed)]
    if others:
        seen = await activity.access.sees(guild_id, user_id, [match.thread_id or match.channel_id
                                                              for match in others])
        listed += [(match, None) for match in others if (match.thread_id or match.channel_id) in seen]
    return [await entry(activity, match, seat, locale) for match, seat in listed]


async def entry(activity: Activity, match: MatchRow, seat: int | None, locale: str) -> dict[str, Any]:
    names = page_names(await activity.web.names(match))
    players = list(names.seats)
    return {
        "match": match.id, "game": i18n.t(f"games.{match.game}", locale), "title": title_of(match, locale),
        "players": players, "versus": i18n.t("activity_launcher.versus", locale, first=players[0],
                                             second=players[1]),
        "turn": turn_line(match, locale, names), "own": seat is not None,
        "link": activity.web.links.path(match, seat),
    }


def words(locale: str) -> dict[str, str]:
    """The list's own words, in the member's language."""
    return {key: i18n.t(f"activity_launcher.{key}", locale) for key in ("heading", "pick", "yours", "reopen")}
