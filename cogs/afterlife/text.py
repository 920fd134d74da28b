"""Localized words of Afterlife: card names, option labels and the event/prompt argument formatters.

Labels (buttons and selects, <= 80 chars) say what a choice does in the card's own words: a card to
use shows its cost and colour, an attack its power, a target or blocker the creature's power/toughness
and its creature id (``c3``, the move notation, also printed on the board). Everything comes from the
deciding seat's view; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import t
from bot.render.names import seat_label
from cogs.afterlife import cards as catalogue
from cogs.afterlife.effects import KEYWORD_EN, KEYWORD_JA, TYPE_EN, TYPE_JA

MAX_LABEL = 80
View = Mapping[str, Any]

COLOURS = ("R", "B", "G", "N")
COLOUR_LETTER = {"en": {"R": "R", "B": "B", "G": "G", "N": "N"}, "ja": {"R": "赤", "B": "青", "G": "緑", "N": "無"}}


def lang(locale: str) -> str:
    return "ja" if locale == "ja" else "en"


def shorten(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def joiner(locale: str) -> str:
    return "、" if lang(locale) == "ja" else ", "


# --- names ---------------------------------------------------------------------------------------


def card_name(card_id: Any, locale: str) -> str:
    """``R05`` -> its name in the locale; an unknown id comes back as it is."""
    found = catalogue.by_id().get(str(card_id))
    return found.name(lang(locale)) if found else str(card_id)


def _ids(value: Any) -> list[str]:
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [part for part in str(value).replace("+", ",").split(",") if part]


def card_list(cards: Any, locale: str) -> str:
    """A list (or comma-joined ids) -> localized names, ``Ember Imp ×2`` for repeats."""
    names: dict[str, int] = {}
    for card in _ids(cards):
        names[card_name(card, locale)] = names.get(card_name(card, locale), 0) + 1
    return joiner(locale).join(name if n == 1 else f"{name} ×{n}" for name, n in names.items())


def cid_list(cids: Any, locale: str) -> str:
    """Creature ids as the board prints them: ``c1, c4``."""
    return joiner(locale).join(_ids(cids))


def unit_ref(value: Any, locale: str) -> str:
    """``[card, cid]`` (a creature as events and prompts name it) -> ``Flame Lancer [c3]``."""
    if isinstance(value, list | tuple) and len(value) == 2:
        card, cid = (str(part) for part in value)
        return f"{card_name(card, locale)} [{cid}]" if card else cid
    return str(value)


def unit_refs(values: Any, locale: str) -> str:
    """A list of ``[card, cid]`` -> ``Flame Lancer [c3], Ember Imp [c4]`` (the order kept)."""
    if not isinstance(values, list | tuple):
        return str(values)
    return joiner(locale).join(unit_ref(value, locale) for value in values)


def colour_name(colour: Any, locale: str) -> str:
    return t(f"afterlife.ui.colour.{colour}", locale) if colour in COLOURS else str(colour)


def type_name(kind: Any, locale: str) -> str:
    names = TYPE_JA if lang(locale) == "ja" else TYPE_EN
    return names.get(str(kind), str(kind))


def keyword_name(keyword: Any, locale: str) -> str:
    names = KEYWORD_JA if lang(locale) == "ja" else KEYWORD_EN
    return names.get(str(keyword), str(keyword))


def timing_name(timing: Any, locale: str) -> str:
    key = f"afterlife.timing.{timing}"
    return t(key, locale) if timing in catalogue.TIMINGS else str(timing)


def reason_name(reason: Any, locale: str) -> str:
    key = f"afterlife.outcome.{reason}"
    return t(key, locale) if reason in ("life", "deck_out", "turn_limit") else str(reason)


def seat_name(seat: Any, locale: str) -> str:
    return seat_label(seat, locale) if seat in (0, 1) else str(seat)  # member names on match pictures


def phase_name(phase: Any, locale: str) -> str:
    return t(f"afterlife.phase.{phase}", locale) if phase in ("setup", "start", "main", "end") else str(phase)


def card_brief(card_id: str, locale: str) -> str:
    """``2◆ R creature 1000/800`` / ``2◆ 赤 クリーチャー 1000/800``."""
    if not catalogue.known(card_id):
        return ""
    info = catalogue.info(card_id)
    parts = [f"{info['cost']}◆", COLOUR_LETTER[lang(locale)][info["colour"]], type_name(info["type"], locale)]
    if info["type"] != "instant":
        parts.append(f"{info['power']}/{info['toughness']}")
    return " ".join(parts)


# --- the view ------------------------------------------------------------------------------------


def viewer_of(view: View) -> int:
    seat = view.get("seat")
    return int(view.get("active", 0) if seat is None else seat)


def unit_of(view: View, cid: str) -> tuple[int, Mapping[str, Any]] | None:
    """The creature ``cid`` on either field, with its controller."""
    for owner, player in enumerate(view.get("players") or []):
        for unit in player.get("field") or []:
            if unit.get("cid") == cid:
                return owner, unit
    return None


def unit_text(view: View, cid: str, locale: str, power: bool = True) -> str:
    """``Flame Lancer 1000/800 [c3]`` (damage shown as ``-400``); an unknown id stays ``c3``."""
    found = unit_of(view, cid)
    if found is None:
        return cid
    _, unit = found
    text = card_name(unit["card"], locale)
    if power:
        text += f" {unit['power']}/{unit['toughness']}"
        if unit.get("damage"):
            text += f"(-{unit['damage']})"
    return f"{text} [{cid}]"


def decision_kind(view: View) -> str:
    decision = view.get("decision") or {}
    return str(decision.get("kind") or "")


def _join(label: str, detail: str, locale: str) -> str:
    if not detail:
        return label
    return f"{label}：{detail}" if lang(locale) == "ja" else f"{label} · {detail}"


# --- option labels -------------------------------------------------------------------------------


def _bundle_label(number: str, view: View, locale: str) -> str:
    label = t("afterlife.ui.option.bundle", locale, number=number)
    players = view.get("players") or []
    seat = viewer_of(view)
    bundles = players[seat].get("bundles") or [] if seat < len(players) else []
    index = int(number) - 1
    if not 0 <= index < len(bundles):
        return label
    cards = sorted(bundles[index], key=lambda c: (catalogue.cost(c) if catalogue.known(c) else 0, c))
    return _join(label, joiner(locale).join(f"{card_name(c, locale)}" for c in cards), locale)


def _play_label(card: str, view: View, locale: str) -> str:
    label = t("afterlife.ui.option.play", locale, card=card_name(card, locale))
    players = view.get("players") or []
    seat = viewer_of(view)
    if seat < len(players) and card in (players[seat].get("public") or []):
        label += " " + t("afterlife.ui.option.from_public", locale)
    return _join(label, card_brief(card, locale), locale)


def _noblock_label(view: View, locale: str) -> str:
    combat = view.get("combat") or {}
    found = unit_of(view, str(combat.get("attacker", "")))
    if found is None:
        return t("afterlife.ui.option.noblock_plain", locale)
    return t("afterlife.ui.option.noblock", locale, amount=found[1]["power"])


def _target_label(cid: str, view: View, locale: str) -> str:
    found = unit_of(view, cid)
    if found is None:
        return t("afterlife.ui.option.target", locale, unit=cid)
    side = "own" if found[0] == viewer_of(view) else "theirs"
    return f"{t('afterlife.ui.option.target', locale, unit=unit_text(view, cid, locale))} " \
           f"({t(f'afterlife.ui.option.side_{side}', locale)})"


def _units_label(key: str, view: View, cids: str, locale: str, sep: str) -> str:
    """A block or damage order naming every creature: with power/toughness when it fits in a label, else
    names and ids, else the ids alone (two options never read the same)."""
    parts = cids.split("+")
    for power in (True, False):
        label = t(key, locale, units=sep.join(unit_text(view, cid, locale, power=power) for cid in parts))
        if len(label) <= MAX_LABEL:
            return label
    return shorten(t(key, locale, units=sep.join(parts)))


def option_label(option_id: str, view: View, locale: str) -> str:
    """Button/select label of one option id for the deciding seat (its own view), at most 80 chars."""
    verb, _, rest = option_id.partition(":")
    try:
        if option_id == "pass":
            kind = decision_kind(view)
            return t(f"afterlife.ui.option.pass_{kind}" if kind in ("send", "window") else "afterlife.ui.option.pass",
                     locale)
        if option_id in ("end", "draw3", "nocut", "several", "more", "done"):
            return t(f"afterlife.ui.option.{option_id}", locale)
        if option_id == "noblock":
            return shorten(_noblock_label(view, locale))
        if verb == "bundle" and rest.isdigit():
            return shorten(_bundle_label(rest, view, locale))
        if verb == "send" and rest:
            return shorten(t("afterlife.ui.option.send", locale, card=card_name(rest, locale)))
        if verb == "play" and rest:
            return shorten(_play_label(rest, view, locale))
        if verb == "attack" and rest:
            found = unit_of(view, rest)
            power = found[1]["power"] if found else "?"
            name = card_name(found[1]["card"], locale) if found else rest
            return shorten(t("afterlife.ui.option.attack", locale, card=name, power=power, cid=rest))
        if verb == "retreat" and rest:
            return shorten(t("afterlife.ui.option.retreat", locale, unit=unit_text(view, rest, locale, power=False)))
        if verb == "override" and rest.count(":") == 1:
            pair, shown = rest.split(":")
            return shorten(t("afterlife.ui.option.override", locale, card=card_name(pair, locale),
                             shown=card_name(shown, locale)))
        if verb == "on" and rest:
            return shorten(t("afterlife.ui.option.sacrifice", locale, unit=unit_text(view, rest, locale)))
        if verb == "show" and rest:
            return shorten(t("afterlife.ui.option.show", locale, card=card_name(rest, locale)))
        if verb == "cut" and rest:
            return shorten(t("afterlife.ui.option.cut", locale, card=card_name(rest, locale)))
        if verb == "target" and rest:
            return shorten(_target_label(rest, view, locale))
        if verb == "take" and rest:
            return shorten(_join(t("afterlife.ui.option.take", locale, card=card_name(rest, locale)),
                                 card_brief(rest, locale), locale))
        if verb == "block" and rest:
            return _units_label("afterlife.ui.option.block", view, rest, locale, " + ")
        if verb == "order" and rest:
            return _units_label("afterlife.ui.option.order", view, rest, locale, " → ")
    except (KeyError, ValueError, IndexError, TypeError):  # a malformed id never breaks a panel
        pass
    return shorten(option_id)


ARG_FORMATTERS: dict[str, Callable[[Any, str], str]] = {
    "card": card_name,
    "used": card_name,
    "shown": card_name,
    "cards": card_list,
    "cid": lambda cid, locale: str(cid),
    "cids": cid_list,
    "unit": unit_ref,
    "units": unit_refs,
    "attacker": lambda cid, locale: str(cid),
    "first": seat_name,
    "timing": timing_name,
    "keyword": keyword_name,
    "reason": reason_name,
}
