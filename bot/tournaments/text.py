"""Standings, pairings and the crosstable in words (pure: names in, text out; no Discord)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot import i18n
from bot.tournaments.results import Pairing, shown
from bot.tournaments.standings import Row, crosstable

TEXT_LIMIT = 1900  # a Discord message holds 2,000 characters; room for a header line


def quarter(value: int) -> str:
    """Sonneborn–Berger is kept in quarter points: 9 -> 2.25."""
    whole, rest = divmod(value, 4)
    return str(whole) if not rest else f"{whole + rest / 4:g}"


def standings_text(rows: Sequence[Row], names: Mapping[int, str], locale: str,
                   opponents: Mapping[int, str] | None = None, limit: int = TEXT_LIMIT) -> str:
    """One line a player: rank, name, score, Buchholz, Sonneborn–Berger, games, current opponent. Lines
    that do not fit in ``limit`` characters are counted in a last line."""
    lines = [i18n.t("tournaments.standings.legend", locale)]
    for index, row in enumerate(rows):
        line = i18n.t("tournaments.standings.line", locale, rank=row.rank, name=names.get(row.player, "?"),
                      score=shown(row.score), buchholz=shown(row.buchholz), berger=quarter(row.sonneborn_berger),
                      played=row.played)
        if row.withdrawn:
            line += " " + i18n.t("tournaments.standings.withdrawn", locale)
        elif opponents and row.player in opponents:
            line += " · " + i18n.t("tournaments.standings.playing", locale, opponent=opponents[row.player])
        more = i18n.t("tournaments.standings.more", locale, count=len(rows) - index)
        if sum(len(x) + 1 for x in lines) + len(line) + len(more) + 2 > limit:
            lines.append(more)
            break
        lines.append(line)
    return "\n".join(lines)


def pairings_text(boards: Sequence[Pairing], names: Mapping[int, str], locale: str,
                  limit: int = TEXT_LIMIT) -> str:
    lines: list[str] = []
    for number, board in enumerate(boards, start=1):
        if board.seat1 is None:
            line = i18n.t("tournaments.pairings.bye", locale, player=names.get(board.seat0, "?"))
        else:
            line = i18n.t("tournaments.pairings.board", locale, board=number, seat0=names.get(board.seat0, "?"),
                          seat1=names.get(board.seat1, "?"))
        if sum(len(x) + 1 for x in lines) + len(line) > limit - 40:
            lines.append(i18n.t("tournaments.standings.more", locale, count=len(boards) - number + 1))
            break
        lines.append(line)
    return "\n".join(lines)


def crosstable_text(entrants: Sequence[int], rows: Sequence[Row], pairings: Sequence[Pairing],
                    locale: str, limit: int = TEXT_LIMIT) -> str:
    """The crosstable by rank: each player's results against every other, by the others' ranks
    (1 a win, ½ a draw, 0 a loss, · not met), in a code block."""
    table = crosstable(entrants, pairings)
    order = [row.player for row in rows]
    position = {player: index + 1 for index, player in enumerate(order)}
    marks = {2: "1", 1: "½", 0: "0"}
    lines = []
    for player in order:
        cells = []
        for other in order:
            if other == player:
                cells.append("x")
            else:
                results = table.get(player, {}).get(other, [])
                cells.append("".join(marks[r] for r in results) or "·")
        lines.append(f"{position[player]:>2} " + " ".join(f"{cell:>2}" for cell in cells))
    header = "   " + " ".join(f"{n:>2}" for n in range(1, len(order) + 1))
    body = "\n".join([header, *lines])
    if len(body) + 8 > limit:
        return i18n.t("tournaments.crosstable.too_big", locale)
    return f"```\n{body}\n```"


def league_game_line(league_id: int, locale: str) -> str:
    """The line on a league game's challenge and on its thread's first post."""
    return i18n.t("leagues.league_game", locale, id=league_id)
