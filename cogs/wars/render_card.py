"""The 3x3 Wars card picture for /card: name (and the other language's), number, kind (unit, spell, magic,
great magic), attribute, cost and power (a unit's power is its cost before reinforcement and increases), or
a magic's requirement circles, then each trait, the magic's effect and its great magic in panels, in the
card's own language: an English card names traits and cards in English (the card text keeps the book's
Japanese terms beside them for the rules; the picture is read at a glance).

720 px wide for a phone; every text at least 1/28 of the width (26 px), as the whole text is main
information on a card (``tests/wars/test_render_golden.py``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot import i18n
from bot.cards import Card
from bot.render import toolkit
from bot.render.toolkit import Canvas, encode_png
from cogs.wars import cards as C
from cogs.wars.cardtext import magic_effect_text, requirement_text
from cogs.wars.greats import GREATS
from cogs.wars.render import ATTR_COLOURS, ATTR_LABELS, ATTR_MARKS, BACKGROUND, DIM, GOLD, PANEL, TEXT
from cogs.wars.text import great_name
from cogs.wars.traits import TRAITS

CARD_W = 720
TEXT_SIZE = 26  # 720 / 28 is 25.7: nothing on a card is smaller
NAME_SIZE = 34
STAT_SIZE = 40
PAD = 24
INNER = CARD_W - 2 * PAD - 28  # the text width inside a panel
LINE = TEXT_SIZE + 8
TITLE_BG = (40, 45, 56)


def _t(key: str, locale: str, **args: Any) -> str:
    return i18n.t(f"wars.card.{key}", locale, **args)


@cache
def _english_terms() -> tuple[tuple[str, str], ...]:
    """(Japanese, English) replacements, longest first: "速攻 (Haste)" and a bare 速攻 both read "Haste";
    a card named in 《》 or bare ("呪文砕き") reads by its English name."""
    pairs: dict[str, str] = {}
    for trait in TRAITS.values():
        pairs[f"{trait.name_ja} ({trait.name_en})"] = trait.name_en
        pairs[trait.name_ja] = trait.name_en
    for info in C.card_table().values():
        pairs[f"《{info['name_ja']}》"] = str(info["name_en"])
        pairs[str(info["name_ja"])] = str(info["name_en"])
    pairs[" (打消)"] = ""
    return tuple(sorted(pairs.items(), key=lambda pair: -len(pair[0])))


def in_card_language(text: str, locale: str) -> str:
    """``text`` as the card's language says it: Japanese as written; English with the book's Japanese
    terms (traits, card names) replaced by their English names."""
    if locale == "ja":
        return text
    for japanese, english in _english_terms():
        text = text.replace(japanese, english)
    return text


def _kind(info: dict[str, Any], locale: str) -> str:
    kind = _t(str(info["kind"]), locale)
    if info["kind"] == "magic" and info.get("great"):
        kind += " · " + _t("great_magic", locale)
    attribute = info["attribute"]
    if attribute != "none":
        kind += " · " + ATTR_LABELS[locale][attribute]
    return kind


def _stats(info: dict[str, Any], locale: str) -> list[str]:
    """Cost and power of a unit; cost of a spell (調律's 1-3); nothing for a magic (its requirement)."""
    if info["kind"] == "magic":
        return []
    cost = "1-3" if "shift" in info["traits"] else str(info["cost"])
    stats = [_t("cost", locale, cost=cost)]
    if info["kind"] == "unit":
        stats.append(_t("power", locale, power=info["cost"]))
    return stats


def _panels(info: dict[str, Any], locale: str) -> list[tuple[str, str, str | None]]:
    """(title, text, note) of each panel, in order: the magic's effect, each trait, the great magic."""
    panels: list[tuple[str, str, str | None]] = []
    if info["kind"] == "magic":
        panels.append((_t("effect", locale), in_card_language(magic_effect_text(info, locale), locale), None))
    elif info["kind"] == "spell":
        panels.append(("", _t("spell_only", locale), None))
    for trait_id in info.get("traits", []):
        trait = TRAITS[trait_id]
        reminder = (trait.text_ja if locale == "ja" else trait.text_en).replace("{cost}", str(info.get("cost", "")))
        note = None if trait.every_level else _t("trait_levels", locale)
        panels.append((trait.name_ja if locale == "ja" else trait.name_en, in_card_language(reminder, locale), note))
    if info["kind"] == "unit" and not info.get("traits"):
        panels.append(("", _t("no_trait", locale), None))
    if info.get("great"):
        panels.append((f"{_t('great_magic', locale)} {great_name(info['great'], locale)}",
                       in_card_language(GREATS[info["great"]].text(locale), locale), _t("great_levels", locale)))
    return panels


def _wrap(text: str, bold: bool = False) -> list[str]:
    return toolkit.wrap_text(text, TEXT_SIZE, INNER, bold) if text else []


def _panel_height(title: str, text: str, note: str | None) -> int:
    lines = len(_wrap(title, True)) + len(_wrap(text)) + len(_wrap(note or ""))
    return 20 + lines * LINE


def _requirement(canvas: Canvas, x: int, y: int, info: dict[str, Any], locale: str) -> None:
    """The requirement as the hand picture draws it: a grey circle with the number of any magic, a
    coloured one per attribute; "none" in words."""
    canvas.text((x, y + 20), _t("requirement", locale), size=TEXT_SIZE, fill=DIM, anchor="lm")
    x += int(toolkit.token_width(_t("requirement", locale), TEXT_SIZE)) + 16
    circles: list[tuple[str, tuple[int, int, int]]] = []
    if info.get("req_any"):
        circles.append((str(info["req_any"]), (120, 126, 140)))
    circles += [(ATTR_MARKS[locale][a], ATTR_COLOURS[a]) for a in info.get("req_attrs", [])]
    if not circles:
        canvas.text((x, y + 20), i18n.t("wars.board.none", locale), size=TEXT_SIZE, anchor="lm")
    for label, colour in circles:
        canvas.draw.ellipse((x, y, x + 40, y + 40), fill=colour, outline=TEXT, width=1)
        canvas.text((x + 20, y + 20), label, size=28, bold=True, anchor="mm")
        x += 48


def describe_card(card: Card, locale: str) -> str:
    """The picture in words (/card's alt text): what it draws, in the order it draws it."""
    info = C.info(card.stats.get("alternate_of", card.id))
    separator = "、" if locale == "ja" else ", "
    stats = separator.join([_kind(info, locale).replace(" · ", separator), *_stats(info, locale)])
    if info["kind"] == "magic":
        stats += separator + _t("requirement", locale) + " " + requirement_text(info, locale)
    panels = [" ".join(part for part in (f"{title}: {text}" if title else text, note) if part)
              for title, text, note in _panels(info, locale)]
    if card.stats.get("alternate_of"):
        panels.append(_t("alternate", locale, id=card.stats["alternate_of"]))
    return i18n.t("alt.card", locale, name=card.name(locale), game=i18n.t("games.wars", locale), id=card.id,
                  stats=stats, text=("" if locale == "ja" else " ").join(panels))


def render_card(card: Card, locale: str) -> bytes:
    """/card for a 3x3 Wars card (an alternate art drawn as its original, with its own number)."""
    info = C.info(card.stats.get("alternate_of", card.id))
    colour = ATTR_COLOURS.get(info["attribute"], PANEL)
    number_w = int(toolkit.token_width(card.id, TEXT_SIZE, True)) + 20
    mark = ATTR_MARKS[locale].get(info["attribute"])
    name_x = PAD + (60 if mark else 16)
    name = toolkit.wrap_text(card.name(locale), NAME_SIZE, CARD_W - name_x - PAD - number_w, bold=True)
    title_h = 24 + len(name) * (NAME_SIZE + 10)
    other = card.name_en if locale == "ja" else card.name_ja
    stats = _stats(info, locale)
    panels = _panels(info, locale)
    extras = [_t("master", locale)] if info.get("master") else []
    if card.stats.get("alternate_of"):
        extras.append(_t("alternate", locale, id=card.stats["alternate_of"]))
    source = _t("source", locale, id=card.id, source=i18n.t(f"card.source_{card.source}", locale))
    extra_lines = [line for text in [*extras, source] for line in toolkit.wrap_text(text, TEXT_SIZE, CARD_W - 2 * PAD)]
    stat_h = 64
    height = (10 + title_h + 12 + 2 * LINE + stat_h + sum(_panel_height(*p) + 12 for p in panels)
              + len(extra_lines) * LINE + 30)
    canvas = Canvas(CARD_W, height, background=BACKGROUND)
    canvas.rect((8, 8, CARD_W - 8, height - 8), fill=PANEL, outline=colour, width=5, radius=16)
    canvas.rect((8, 8, CARD_W - 8, 10 + title_h), fill=colour, radius=14)
    if mark:
        canvas.draw.ellipse((PAD, 22, PAD + 44, 66), fill=BACKGROUND, outline=TEXT, width=2)
        canvas.text((PAD + 22, 44), mark, size=28, bold=True, anchor="mm")
    for index, line in enumerate(name):
        canvas.text((name_x, 22 + index * (NAME_SIZE + 10)), line, size=NAME_SIZE, bold=True)
    canvas.text((CARD_W - PAD, 44), card.id, size=TEXT_SIZE, bold=True, anchor="rm")
    y = 10 + title_h + 12
    canvas.text((PAD, y), _kind(info, locale), size=TEXT_SIZE, bold=True, fill=TEXT)
    canvas.text((PAD, y + LINE), toolkit.fit_text(f"({other})", TEXT_SIZE, CARD_W - 2 * PAD), size=TEXT_SIZE,
                fill=DIM)
    y += 2 * LINE
    if info["kind"] == "magic":
        _requirement(canvas, PAD, y + 10, info, locale)
    x = PAD
    for stat in stats:  # cost and power, large, in boxes: what a player compares first
        width = int(toolkit.token_width(stat, STAT_SIZE, True)) + 28
        canvas.rect((x, y + 6, x + width, y + stat_h - 6), fill=TITLE_BG, outline=colour, width=3, radius=10)
        canvas.text((x + 14, y + stat_h // 2), stat, size=STAT_SIZE, bold=True, anchor="lm")
        x += width + 14
    y += stat_h
    for title, text, note in panels:
        block = _panel_height(title, text, note)
        canvas.rect((PAD - 2, y, CARD_W - PAD + 2, y + block), fill=TITLE_BG, outline=(74, 80, 96), width=2)
        line_y = y + 10
        for line in _wrap(title, True):
            canvas.text((PAD + 12, line_y), line, size=TEXT_SIZE, bold=True, fill=GOLD)
            line_y += LINE
        for line in _wrap(text):
            canvas.words((PAD + 12, line_y), line, size=TEXT_SIZE)
            line_y += LINE
        for line in _wrap(note or ""):
            canvas.text((PAD + 12, line_y), line, size=TEXT_SIZE, fill=DIM)
            line_y += LINE
        y += block + 12
    for line in extra_lines:
        canvas.text((PAD, y), line, size=TEXT_SIZE, fill=DIM)
        y += LINE
    return encode_png(canvas.image)
