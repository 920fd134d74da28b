"""Glicko-2 ratings per game per server, computed by the ``glicko2`` package (not by hand).

Every rated match is its own rating period with one game in it, as Lichess does for correspondence
chess. A rating is provisional while its deviation is above ``PROVISIONAL_RD``. The store applies a
change inside the transaction that finishes the match (``Store.commit_decision``), so a retry or a
restart can never apply it twice (``rating_changes`` is keyed by match and player).
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOL = 0.06
PROVISIONAL_RD = 110.0  # Lichess's threshold: above it the rating is shown with a "?"


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    vol: float = DEFAULT_VOL

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


def shown(rating: float, rd: float) -> str:
    """A rating as players read it: rounded, with ``?`` while provisional."""
    return f"{round(rating)}{'?' if rd > PROVISIONAL_RD else ''}"


def expected_score(player: Rating, opponent: Rating) -> float:
    """Glicko-2's expected score E of ``player`` against ``opponent`` (via the library's own E)."""
    subject = glicko2.Player(player.rating, player.rd, player.vol)
    return subject._E((opponent.rating - 1500) / 173.7178, opponent.rd / 173.7178)


def rate_pair(first: Rating, second: Rating, first_score: float) -> tuple[Rating, Rating]:
    """New ratings after one game: ``first_score`` is 1 (first won), 0.5 (draw) or 0 (second won).
    Both players are updated from the ratings *before* the game."""
    if first_score not in (0.0, 0.5, 1.0):
        raise ValueError(first_score)
    results = []
    for me, them, score in ((first, second, first_score), (second, first, 1.0 - first_score)):
        player = glicko2.Player(me.rating, me.rd, me.vol)
        player.update_player([them.rating], [them.rd], [score])
        results.append(Rating(player.rating, player.rd, player.vol))
    return results[0], results[1]


async def rating_lines(store, match, names: tuple[str, str], locale: str) -> list[str]:
    """"Alice 1532 → 1548 (+16)" for both players of a finished rated match, from the stored changes."""
    from bot import i18n

    changes = await store.rating_changes(match.id)
    lines = []
    for seat, user_id in enumerate(match.players):
        change = changes.get(user_id)
        if change is None:
            continue
        delta = round(change["after"]) - round(change["before"])
        lines.append(i18n.t("players.rating_change", locale, name=names[seat],
                            before=shown(change["before"], change["rd_before"]),
                            after=shown(change["after"], change["rd_after"]), delta=f"{delta:+d}"))
    if any(change["rd_after"] > PROVISIONAL_RD for change in changes.values()):
        lines.append(i18n.t("players.provisional_note", locale))
    return lines


async def series_played(store, series_id: int) -> list:
    """The matches of a series that count: a lesson (a real match's Rematch after it starts a series) never does."""
    return [match for match in await store.series_matches(series_id) if match.kind != "lesson"]


def score_of(matches: list, players: tuple[int, int]) -> tuple[int, int]:
    """Wins of each of ``players`` over the finished ``matches`` of a series (draws count for nobody)."""
    score = [0, 0]
    for match in matches:
        if match.status != "finished" or match.winner is None:
            continue
        winner = match.players[match.winner]
        if winner in players:
            score[players.index(winner)] += 1
    return score[0], score[1]


async def series_line(store, match, names: tuple[str, str], locale: str) -> str | None:
    """"Series: Alice 2 – 1 Bob" for a match that belongs to a rematch series, else None."""
    from bot import i18n

    series_id = match.series_id
    if series_id is None:
        return None
    played = await series_played(store, series_id)
    if len(played) < 2:  # the first real match after a lesson: no series to score yet
        return None
    s0, s1 = score_of(played, match.players)
    return i18n.t("players.series", locale, p0=names[0], s0=s0, s1=s1, p1=names[1])
