"""Formation's card texts, generated from the card fields of ``assets/formation/cards.toml``.

A battle card's text comes from its colour, rank and points; a formation card's from its type, round
and grid (every mark, square by square), after the designer's one-line ``note_en``/``note_ja``; a
formation type's from its blank count and note. ``python -m bot cardtext formation`` writes them; a
test checks they are current. Rows, columns, colours and types use the locale files' words (the book's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import t
from cogs.formation.data import COLUMNS, ROWS, Square, parse_grid

# A square's marks in the order the text names them (a combined square reads "deck reveal + Rank+1").
MARK_TEXT = {
    "blank": ("blank", "ブランク"),
    "reveal": ("deck reveal", "山札公開"),
    "wild": ("Wild", "Wild"),
    "double": ("2 Cards", "2 Cards"),
}


def _marks(square: Square, locale: str) -> str:
    ja = locale == "ja"
    words = []
    if square.blank:
        words.append(MARK_TEXT["blank"][ja])
    if square.reveal:
        words.append(MARK_TEXT["reveal"][ja])
    if square.bonus:
        words.append(f"Rank+{square.bonus}")
    if square.wild:
        words.append(MARK_TEXT["wild"][ja])
    if square.double:
        words.append(MARK_TEXT["double"][ja])
    return ("＋" if ja else " + ").join(words)


def grid_text(grid: str, locale: str) -> str:
    """Row by row, the marked squares: "Front: left Rank+2. Back: centre deck reveal, right blank."."""
    ja = locale == "ja"
    squares = parse_grid(grid)
    sentences = []
    for row_index, row in enumerate(ROWS):
        marked = []
        for column in range(COLUMNS):
            marks = _marks(squares[row_index * COLUMNS + column], locale)
            if marks:
                col = t(f"formation.col.{column + 1}", locale)
                marked.append(f"{col}が{marks}" if ja else f"{col} {marks}")
        if marked:
            row_name = t(f"formation.row.{row}", locale)
            sentences.append(f"{row_name}は{'、'.join(marked)}。" if ja else f"{row_name}: {', '.join(marked)}.")
    return ("" if ja else " ").join(sentences)


def card_text(card: Mapping[str, Any], locale: str) -> str:
    """The text of a card (its TOML table) in ``locale``; ``GameSpec.card_text``."""
    ja = locale == "ja"
    note = card.get(f"note_{locale}", "")
    if card["kind"] == "battle":
        colour, rank, points = t(f"formation.colour.{card['colour']}", locale), card["rank"], card["points"]
        if ja:
            text = f"{colour}の種族の戦力カード。数字{rank}。獲得すると戦果{points}。"
            return text + {0: "どの色の12にも勝つ。", 12: "どの色の0にも負ける。"}.get(rank, "")
        text = f"Battle card of the {colour} race, rank {rank}. Worth {points} point{'' if points == 1 else 's'} (戦果)"
        return text + " when captured." + {0: " A 0 beats any 12.", 12: " Loses to any 0."}.get(rank, "")
    if card["kind"] == "formation_type":
        blanks = card["blanks"]
        if ja:
            return f"陣形の種類：陣形カード6枚（各ラウンド2枚）とブランクカード{blanks}枚。本作の6枚は{note}"
        return f"Formation type: six formation cards, two per round, and {blanks} blank cards. Our six: {note}"
    type_name = t(f"formation.type.{card['type']}", locale)
    if ja:
        return f"{type_name}の陣形・{card['round']}ラウンド目。{note}{grid_text(card['grid'], locale)}"
    return f"{type_name} formation, round {card['round']}. {note} {grid_text(card['grid'], locale)}"
