"""One recipe for card text: ``python -m bot cardtext [GAME ...]`` (every game when none is named).

A game's cards live in ``assets/<game>/cards.toml``, edited by hand; that file is the only source of
card data. The words a player reads (``text_en``/``text_ja``) are never written by hand: the game's
``GameSpec.card_text(card, locale)`` makes them from the card's table, and this module writes them
back into the file. It rewrites those two values in place and nothing else (comments, key order,
inline tables and blank lines stay as the author left them); a card that has no text yet gets both
fields appended. The shared test (tests/platform/test_card_text.py) checks every game's file is
current, so a number changed without running the command fails there.

A rules page may carry a generated card list: a Markdown table in ``docs/rules/<game>.md`` between
``<!-- card list (python -m bot cardtext): FIELD, ... -->`` and ``<!-- end of card list -->``. The
two lines after the opening marker are the table's head, kept as written; one row per card follows,
one cell per named field (``name`` is "name_en (name_ja)", ``text`` the English text on one line).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.cards import ASSETS

CardText = Callable[[Mapping[str, Any], str], str]

LOCALES = ("en", "ja")
DOCS = ASSETS.parent / "docs" / "rules"
DOC_BEGIN = re.compile(r"<!-- card list \(python -m bot cardtext\): (?P<fields>[a-z_, ]+) -->\n")
DOC_END = "<!-- end of card list -->"

_CARD_HEADER = re.compile(r"(?m)^(?=\[\[card\]\][ \t]*$)")
_STRING = r'("""(?:[^"\\]|\\.|"(?!""))*"""|"(?:[^"\\\n]|\\.)*")'


def cards_path(game_id: str) -> Path:
    return ASSETS / game_id / "cards.toml"


def texts_of(card: Mapping[str, Any], card_text: CardText) -> dict[str, str]:
    """``{"text_en": ..., "text_ja": ...}`` as the game writes them from the card's data."""
    return {f"text_{locale}": card_text(card, locale) for locale in LOCALES}


def _toml_string(text: str, multiline: bool) -> str:
    if multiline:  # the text starts on the line after the quotes, as Starfall and TetrAction lay it out
        return '"""\n' + text.replace("\\", "\\\\").replace('"', '\\"') + '"""'
    return json.dumps(text, ensure_ascii=False)


def _set_field(chunk: str, key: str, text: str) -> str:
    """``chunk`` (one ``[[card]]`` table) with ``key``'s string value replaced, in its old quoting; a
    missing key is appended after the table's last line."""
    found = re.search(rf"(?m)^{key}[ \t]*=[ \t]*{_STRING}", chunk)
    if found:
        value = _toml_string(text, multiline=found.group(1).startswith('"""'))
        return chunk[:found.start(1)] + value + chunk[found.end(1):]
    body = chunk.rstrip()
    line = f"{key} = {_toml_string(text, multiline=chr(10) in text)}"
    return body + "\n" + line + chunk[len(body):]


def rewrite_texts(toml_text: str, card_text: CardText) -> str:
    """The cards file ``toml_text`` with every card's text regenerated from its data."""
    head, *chunks = _CARD_HEADER.split(toml_text)
    cards = tomllib.loads(toml_text).get("card", [])
    if len(chunks) != len(cards):
        raise ValueError("every card must start with a [[card]] line of its own")
    out = [head]
    for chunk, card in zip(chunks, cards, strict=True):
        for key, text in texts_of(card, card_text).items():
            chunk = _set_field(chunk, key, text)
        out.append(chunk)
    new = "".join(out)
    # The rewrite is textual; prove it changed the texts and nothing else.
    expected = [dict(card) | texts_of(card, card_text) for card in cards]
    if tomllib.loads(new).get("card", []) != expected:
        raise ValueError("rewriting the card texts would change other fields")
    return new


def card_list_markdown(doc: str, cards: Sequence[Mapping[str, Any]], card_text: CardText) -> str:
    """``doc`` with its generated card list (if it has one) rewritten from ``cards``."""
    begin = DOC_BEGIN.search(doc)
    if not begin:
        return doc
    end = doc.index(DOC_END, begin.end())
    table_head = doc[begin.end():end].split("\n")[:2]
    fields = [name.strip() for name in begin.group("fields").split(",")]

    def cell(card: Mapping[str, Any], field: str) -> str:
        if field == "name":
            return f"{card['name_en']} ({card['name_ja']})"
        if field == "text":
            return card_text(card, "en").replace("\n", "<br>")
        return str(card[field])

    rows = ["| " + " | ".join(cell(card, field) for field in fields) + " |" for card in cards]
    return doc[:begin.end()] + "\n".join([*table_head, *rows]) + "\n" + doc[end:]


def regenerate(game_id: str, card_text: CardText, *, write: bool = True, cards_file: Path | None = None,
               doc_file: Path | None = None) -> list[Path]:
    """Rewrite a game's card texts (and its rules page's card list); returns the files that were out of
    date. With ``write=False`` nothing is written (a check)."""
    cards_file = cards_file or cards_path(game_id)
    doc_file = doc_file or DOCS / f"{game_id}.md"
    stale = []
    old = cards_file.read_text(encoding="utf-8")
    new = rewrite_texts(old, card_text)
    if new != old:
        stale.append(cards_file)
        if write:
            cards_file.write_text(new, encoding="utf-8")
    if doc_file.exists():
        doc = doc_file.read_text(encoding="utf-8")
        new_doc = card_list_markdown(doc, tomllib.loads(new)["card"], card_text)
        if new_doc != doc:
            stale.append(doc_file)
            if write:
                doc_file.write_text(new_doc, encoding="utf-8")
    return stale


def run_cardtext_command(game_ids: Sequence[str], check: bool = False) -> int:
    from bot.games import GAME_IDS, get_game, playable_game_ids

    known = [game for game in GAME_IDS if game in playable_game_ids() and get_game(game).card_text]
    unknown = [game for game in game_ids if game not in known]
    if unknown:
        print(f"no card text for {', '.join(unknown)}; one of {', '.join(known)}", file=sys.stderr)
        return 2
    stale = []
    for game in game_ids or known:
        card_text = get_game(game).card_text
        assert card_text is not None
        stale += regenerate(game, card_text, write=not check)
    for path in stale:
        print(f"{'out of date' if check else 'rewrote'}: {path.relative_to(ASSETS.parent)}")
    return 1 if check and stale else 0
