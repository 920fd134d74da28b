"""Board, hand and card images of 3x3 Wars, drawn from a view (never from the full state).

Drawn at 1100 px wide with text >= 18 px so a phone stays legible; face-down magic of the opponent is
drawn as a card back because the view never contains it.
"""

from __future__ import annotations

from typing import Any

from bot import i18n
from bot.cards import Card
from bot.render.toolkit import Canvas
from cogs.wars import cards as C
from cogs.wars.text import card_name

WIDTH = 1100
ATTR_COLOURS = {"fire": (196, 72, 60), "water": (58, 112, 196), "grass": (70, 150, 80), "sky": (206, 170, 60),
                "none": (140, 90, 170)}
TRAIT_LABELS = {
    "en": {"transparent": "Pierce", "veil": "Veil", "no_block": "No block", "twin_wall": "Twin wall",
           "no_reinforce": "No reinf.", "relief": "Relief", "fertile": "Fertile", "swell": "Swell",
           "occupy": "Occupy", "undying": "Undying", "haste": "Haste", "treasure": "Dig", "shift": "Shift",
           "wildcard": "Wildcard"},
    "ja": {"transparent": "透過", "veil": "透化", "no_block": "ブロック不可", "twin_wall": "双壁",
           "no_reinforce": "強化不可", "relief": "交代", "fertile": "豊穣", "swell": "膨張", "occupy": "占有",
           "undying": "不死", "haste": "速攻", "treasure": "宝掘", "shift": "変幻", "wildcard": "ワイルド"},
}
TEXT = (235, 235, 235)
DIM = (170, 175, 185)
PANEL = (48, 54, 66)


def _t(key: str, locale: str, **args: Any) -> str:
    return i18n.t(f"wars.{key}", locale, **args)


def _name(card_id: str, locale: str) -> str:
    info = C.info(card_id)
    return str(info["name_ja"] if locale == "ja" else info["name_en"])


def _unit_box(canvas: Canvas, x: int, y: int, unit: dict[str, Any], locale: str) -> None:
    colour = ATTR_COLOURS.get(unit["attribute"], PANEL)
    canvas.rect((x, y, x + 330, y + 130), fill=PANEL, outline=colour, width=4)
    canvas.rect((x, y, x + 330, y + 36), fill=colour, radius=8)
    canvas.text((x + 10, y + 5), f"{_name(unit['card'], locale)}  {unit['card']}", size=22, bold=True)
    canvas.text((x + 10, y + 44), f"{_t('board.power', locale, power=unit['power'])}", size=34, bold=True)
    canvas.text((x + 120, y + 52), f"({unit['cost']})", size=22, fill=DIM)
    traits = " ".join(TRAIT_LABELS[locale].get(t, t) for t in unit["traits"])
    canvas.text_box((x + 10, y + 90, x + 320, y + 128), traits, size=20, fill=DIM)


def _magic_row(canvas: Canvas, x: int, y: int, magic: list[dict[str, Any]], locale: str) -> None:
    for slot in magic:
        state = slot["state"]
        label = _t("board.face_down", locale) if slot["card"] is None else _name(slot["card"], locale)
        fill = (70, 60, 90) if slot["card"] is None else ATTR_COLOURS.get(C.attribute(slot["card"]), PANEL)
        width = 230 if state != "side" else 200
        canvas.rect((x, y, x + width, y + 64), fill=fill, outline=(20, 20, 20))
        canvas.text((x + 8, y + 4), label, size=20, bold=True)
        canvas.text((x + 8, y + 34), _t(f"board.{'face_down' if state == 'down' else state}", locale), size=18)
        x += width + 12


def _player_band(canvas: Canvas, y: int, player: dict[str, Any], title: str, active: bool, locale: str) -> int:
    canvas.rect((10, y, WIDTH - 10, y + 290), fill=(40, 45, 56), outline=(240, 200, 80) if active else (70, 75, 90),
                width=4 if active else 2)
    canvas.text((24, y + 10), title, size=26, bold=True)
    stats = "   ".join([_t("board.life", locale, life=player["life"]),
                        _t("board.territories", locale, count=player["territory_count"]),
                        _t("board.hand", locale, count=player["hand_count"])])
    canvas.text((360, y + 12), stats, size=24)
    if player.get("master"):
        canvas.text((24, y + 48), _t("board.master", locale, card=_name(player["master"], locale)), size=20, fill=DIM)
    _magic_row(canvas, 360, y + 44, player["magic"], locale)
    if not player["field"]:
        canvas.text((24, y + 160), _t("board.no_units", locale), size=22, fill=DIM)
    for index, unit in enumerate(player["field"]):
        _unit_box(canvas, 24 + index * 350, y + 120, unit, locale)
    return y + 300


def _last_lines(view: dict[str, Any], locale: str) -> list[str]:
    lines = []
    for spell in view["last"].get("spells", []):
        verb = "veil" if spell.get("veil") else ("remove" if spell["kind"] == "remove" else "reinforce")
        text = i18n.t(f"wars.option.{verb}", locale, cards=" + ".join(card_name(c, locale) for c in spell["cards"]),
                      target=card_name(spell["target"], locale))
        result = _t(f"board.{spell['result']}", locale)
        lines.append(f"• {text} ({result})")
    for magic in view["last"].get("magic", []):
        lines.append(f"• {i18n.t('wars.option.magic', locale, card=card_name(magic['card'], locale))}")
    combat = view["last"].get("combat")
    if combat:
        for step in combat["steps"]:
            key = "combat_transparent" if step["step"] == "transparent" else "combat_attack"
            seat_name = i18n.t(f"common.seat{combat['seat']}", locale)
            lines.append("• " + i18n.t(f"wars.event.{key}", locale, seat=seat_name, attack=step["attack"],
                                        block=step["block"], damage=step["damage"]))
    return lines


def render_board(view: dict[str, Any], locale: str) -> bytes:
    seat = view.get("seat")
    bottom = 0 if seat is None else seat
    top = 1 - bottom
    lines = _last_lines(view, locale)
    canvas = Canvas(WIDTH, 720 + 30 * max(1, len(lines)) + 20)
    header = "   ".join([i18n.t("wars.name", locale), i18n.t(f"wars.level.{view['level']}", locale),
                         _t("board.turn", locale, turn=view["turn"]), _t(f"step.{view['step']}", locale),
                         _t("board.deck", locale, count=view["deck_count"])])
    canvas.text((20, 14), header, size=26, bold=True)
    y = 60
    for owner in (top, bottom):
        title = i18n.t(f"common.seat{owner}", locale) + (f" ({_t('board.you', locale)})" if owner == seat else "")
        y = _player_band(canvas, y, view["players"][owner], title, view["active"] == owner, locale)
    canvas.text((20, y + 4), _t("board.last_spells", locale), size=22, bold=True)
    for index, line in enumerate(lines):
        canvas.text((30, y + 36 + index * 30), line[:90], size=20)
    return canvas.png()


def _card_tile(canvas: Canvas, x: int, y: int, card_id: str, locale: str) -> None:
    info = C.info(card_id)
    colour = ATTR_COLOURS.get(info["attribute"], PANEL)
    canvas.rect((x, y, x + 200, y + 150), fill=PANEL, outline=colour, width=4)
    canvas.rect((x, y, x + 200, y + 34), fill=colour, radius=8)
    canvas.text((x + 8, y + 5), card_id, size=20, bold=True)
    cost = "1-3" if "shift" in info["traits"] else ("" if info["kind"] != "unit" else str(info["cost"]))
    canvas.text((x + 192, y + 5), cost or " ", size=22, bold=True, anchor="ra")
    canvas.text_box((x + 8, y + 40, x + 192, y + 96), _name(card_id, locale), size=22, bold=True)
    traits = " ".join(TRAIT_LABELS[locale].get(t, t) for t in info["traits"])
    canvas.text_box((x + 8, y + 100, x + 192, y + 148), traits, size=18, fill=DIM)


def _tile_rows(canvas: Canvas, y: int, title: str, cards: list[str], locale: str) -> int:
    canvas.text((20, y), title, size=24, bold=True)
    y += 36
    for index, card_id in enumerate(cards):
        _card_tile(canvas, 20 + (index % 5) * 214, y + (index // 5) * 162, card_id, locale)
    rows = max(1, (len(cards) + 4) // 5)
    return y + rows * 162 + 10


def render_hand(view: dict[str, Any], locale: str) -> bytes:
    hand = list(view.get("hand", []))
    territories = list(view.get("territories", []))
    seat = view.get("seat")
    own_magic = [m["card"] for m in view["players"][seat]["magic"]] if seat is not None else []
    setup = view.get("setup") or {}
    pools = list(setup.get("magic_pool", [])) + [c for h in setup.get("hand_pool", []) for c in h]
    rows = sum(max(1, (len(cards) + 4) // 5) for cards in (hand, territories, own_magic, pools))
    canvas = Canvas(WIDTH, 60 + rows * 162 + 4 * 56)
    y = 14
    y = _tile_rows(canvas, y, _t("board.your_hand", locale), hand, locale)
    y = _tile_rows(canvas, y, _t("board.your_territories", locale), territories, locale)
    y = _tile_rows(canvas, y, _t("board.your_magic", locale), [c for c in own_magic if c] + pools, locale)
    return canvas.png()


def render_card(card: Card, locale: str) -> bytes:
    card_id = card.stats.get("alternate_of", card.id)
    info = C.info(card_id)
    colour = ATTR_COLOURS.get(info["attribute"], PANEL)
    canvas = Canvas(640, 560)
    canvas.rect((10, 10, 630, 550), fill=PANEL, outline=colour, width=6)
    canvas.rect((10, 10, 630, 70), fill=colour, radius=8)
    canvas.text((24, 20), f"{card.name(locale)}  {card.id}", size=30, bold=True)
    if info["kind"] != "magic":
        cost = "1-3" if "shift" in info["traits"] else ("-" if info["kind"] == "spell" else str(info["cost"]))
        canvas.text((616, 20), cost, size=30, bold=True, anchor="ra")
    canvas.text_box((24, 90, 616, 540), card.text(locale), size=22)
    return canvas.png()
