"""Localized words of TetrAction: card and colour names, option labels and event/prompt argument formatters.

Option labels (buttons and selects, <= 80 chars) preview what a choice does where that helps: a
rotation or a tip shows the deciding seat's visible row afterwards, a mana tablet shows the row with
the tablet in its slot (``[■B]``), a spell shows its cost and effect, a charge the new charge. The
previews are computed from the seat's view with the engine's own geometry, never from the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.render.names import seat_label
from cogs.tetra import cards as catalogue
from cogs.tetra import cardtext
from cogs.tetra import geometry as geo

MAX_LABEL = 80
View = Mapping[str, Any]

# A shape per colour, so rows and costs read without colour vision (and in plain text labels).
SHAPE = {"red": "▲", "yellow": "●", "blue": "■"}
LETTER = {"en": {"red": "R", "yellow": "Y", "blue": "B"}, "ja": {"red": "赤", "yellow": "黄", "blue": "青"}}


def _locale(locale: str) -> str:
    return "ja" if locale == "ja" else "en"


def shorten(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- names ---------------------------------------------------------------------------------------


def card_name(card_id: Any, locale: str) -> str:
    """``P01`` -> "Spark" / "火花"; unknown ids come back as they are."""
    text = str(card_id)
    found = catalogue.by_id().get(text)
    return found.name(_locale(locale)) if found else text


def card_list(cards: Any, locale: str) -> str:
    """A comma-joined id list (``H-R3,H-R5``) or a list -> localized names."""
    items = cards if isinstance(cards, list | tuple) else [c for c in str(cards).split(",") if c]
    return ("、" if _locale(locale) == "ja" else ", ").join(card_name(c, locale) for c in items)


def colour_name(colour: Any, locale: str) -> str:
    key = f"tetra.colour.{colour}"
    return t(key, locale) if colour in geo.COLOURS else str(colour)


def colour_list(colours: Any, locale: str) -> str:
    """Paid tablets, e.g. ["red", "red", "blue"] -> "red, red, blue"."""
    separator = "、" if locale == "ja" else ", "
    return separator.join(colour_name(c, locale) for c in colours) if isinstance(colours, list) else str(colours)


def direction_name(direction: Any, locale: str) -> str:
    return t(f"tetra.direction.{direction}", locale) if direction in ("cw", "ccw") else str(direction)


def face_name(face: Any, locale: str) -> str:
    return t(f"tetra.face.{face}", locale) if face in ("white", "black", *geo.COLOURS) else str(face)


def rim_name(face: str, locale: str) -> str:
    """Short name of a face: "white rim" / "black rim" / the colour."""
    if face in ("white", "black"):
        return t(f"tetra.board.rim_{face}", locale)
    return colour_name(face, locale)


def placed_text(placed: Any, locale: str) -> str:
    """``1:red,3:blue`` (the mana_used event) -> "red in slot 1, blue in slot 3"."""
    parts = []
    for item in str(placed).split(","):
        slot, _, colour = item.partition(":")
        if slot and colour:
            parts.append(t("tetra.board.placed", locale, slot=slot, colour=colour_name(colour, locale)))
    return ("、" if _locale(locale) == "ja" else ", ").join(parts) or str(placed)


def seat_name(seat: int, locale: str) -> str:
    return seat_label(seat, locale)  # the member's name on a match picture, else "Player 1"


def symbol(colour: str, locale: str) -> str:
    """One symbol of a row or cost in plain text: ``▲R`` / ``▲赤``."""
    return SHAPE[colour] + LETTER[_locale(locale)][colour]


def cost_symbols(cost: Sequence[str], locale: str) -> str:
    return "".join(symbol(c, locale) for c in cost)


def row_text(groups: Sequence[Sequence[str]], locale: str, placement: Mapping[int, str] | None = None) -> str:
    """A visible row as the caster reads it, mana tablets in brackets: ``▲R [■B] ●Y ▲R ●Y``."""
    placement = placement or {}
    tokens = []
    for index, group in enumerate(groups):
        if index + 1 in placement:
            tokens.append(f"[{symbol(placement[index + 1], locale)}]")
        tokens.extend(symbol(c, locale) for c in group)
    if 4 in placement:
        tokens.append(f"[{symbol(placement[4], locale)}]")
    return " ".join(tokens)


def public_effect_text(card_id: str, locale: str) -> str:
    """What a public spell gives: "+1▲R mana, Rotate any" in short words."""
    stats = catalogue.card(card_id).stats
    parts = [f"+{count}{symbol(colour, locale)}" for colour, count in stats.get("gain", {}).items() if count]
    if stats.get("ether"):
        parts.append(f"+{stats['ether']}" + ("エーテル" if _locale(locale) == "ja" else " ether"))
    if stats.get("effect"):
        parts.append(t(f"tetra.board.effect_{stats['effect']}", locale))
    return ("、" if _locale(locale) == "ja" else ", ").join(parts)


def band_effect_text(effects: Mapping[str, Any], locale: str) -> str:
    """A hand card band (or one of its choices) in the card text's words."""
    if effects.get("choices"):
        joiner = " または " if _locale(locale) == "ja" else " OR "
        return joiner.join(cardtext.effects_text(choice, locale) for choice in effects["choices"])
    return cardtext.effects_text(effects, locale)


# --- the view ------------------------------------------------------------------------------------


def viewer_of(view: View) -> int:
    viewer = view.get("viewer")
    if viewer is None:
        viewer = view.get("active", 0)
    return int(viewer)


def hand_entry(view: View, card_id: str) -> dict[str, Any] | None:
    """The deciding seat's hand card record (id, charge, cubes) from the view."""
    players = view.get("players") or []
    seat = viewer_of(view)
    if seat >= len(players):
        return None
    return next((h for h in players[seat]["hand"] if h["id"] == card_id), None)


def _table(view: View) -> list[dict[str, Any]]:
    return [{"colour": tetrite["colour"], "faces": dict(tetrite["faces"])} for tetrite in view.get("tetrites", [])]


def row_after(view: View, colour: str, move: Callable[[Mapping[str, int]], dict[str, int]]) -> list[list[str]] | None:
    """The deciding seat's visible groups after ``move`` is applied to the ``colour`` tetrite."""
    table = _table(view)
    target = next((tetrite for tetrite in table if tetrite["colour"] == colour), None)
    if target is None or len(table) != 3:
        return None
    target["faces"] = move(target["faces"])
    return geo.row_symbols(table, viewer_of(view))


def current_groups(view: View) -> list[list[str]]:
    rows = view.get("rows") or []
    seat = viewer_of(view)
    return [list(g) for g in rows[seat]["groups"]] if seat < len(rows) else []


# --- option labels -------------------------------------------------------------------------------


def _with_preview(label: str, groups: Sequence[Sequence[str]] | None, locale: str,
                  placement: Mapping[int, str] | None = None) -> str:
    if not groups:
        return shorten(label)
    return shorten(f"{label} → {row_text(groups, locale, placement)}")


def _join(label: str, detail: str, locale: str) -> str:
    if not detail:
        return label
    return f"{label}：{detail}" if _locale(locale) == "ja" else f"{label} · {detail}"


def _cast_label(card_id: str, view: View, locale: str) -> str:
    label = t("tetra.option.cast", locale, card=card_name(card_id, locale))
    if card_id not in catalogue.by_id():
        return label
    found = catalogue.card(card_id)
    if found.kind == "public":
        return _join(label, f"{cost_symbols(found.stats['cost'], locale)} {public_effect_text(card_id, locale)}", locale)
    entry = hand_entry(view, card_id)
    charge = entry["charge"] if entry else 0
    band = catalogue.band_at(card_id, charge)
    return _join(label, f"{cost_symbols(catalogue.cost_at(card_id, charge), locale)} "
                        f"{band_effect_text(band, locale)}", locale)


def _charge_label(card_id: str, view: View, locale: str) -> str:
    label = t("tetra.option.charge", locale, card=card_name(card_id, locale))
    entry = hand_entry(view, card_id)
    if entry is None or card_id not in catalogue.by_id():
        return label
    most = catalogue.field(card_id, "max_charge")
    after = entry["charge"] + 1
    return f"{label} ({entry['charge']}→{after}/{most}{'!' if after > most else ''})"


def _card_brief(card_id: str, locale: str) -> str:
    if card_id not in catalogue.by_id() or catalogue.card(card_id).kind != "hand":
        return ""
    return t("tetra.option.card_brief", locale, cost=cost_symbols(catalogue.field(card_id, "cost"), locale),
             max=catalogue.field(card_id, "max_charge"), release=catalogue.field(card_id, "release_count"))


def _effect_label(number: str, view: View, locale: str) -> str:
    label = t("tetra.option.effect", locale, number=number)
    decision = view.get("decision") or {}
    card_id = (decision.get("args") or {}).get("card")
    entry = hand_entry(view, card_id) if card_id else None
    if entry is None:
        return label
    choices = catalogue.band_at(card_id, entry["charge"]).get("choices") or []
    index = int(number) - 1 if number.isdigit() else -1
    if not 0 <= index < len(choices):
        return label
    return _join(label, cardtext.effects_text(choices[index], locale), locale)


def option_label(option_id: str, view: View, locale: str) -> str:
    """Button/select label of one option id for the deciding seat (its own view), at most 80 chars."""
    parts = option_id.split(":")
    verb = parts[0]
    try:
        if option_id in ("skip", "pass"):
            return t(f"tetra.option.{option_id}", locale)
        if verb == "marker" and len(parts) == 2:
            return shorten(t("tetra.option.marker", locale, tetrite=colour_name(parts[1], locale)))
        if verb == "rotate" and len(parts) == 3:
            _, colour, direction = parts
            label = t("tetra.option.rotate", locale, tetrite=colour_name(colour, locale),
                      direction=direction_name(direction, locale))
            steps = geo.CW if direction == "cw" else geo.CCW
            return _with_preview(label, row_after(view, colour, lambda faces: geo.rotate(faces, steps)), locale)
        if verb == "tip" and len(parts) == 3:
            _, colour, face = parts
            label = t("tetra.option.tip", locale, tetrite=colour_name(colour, locale), face=face_name(face, locale))
            return _with_preview(label, row_after(view, colour, lambda faces: geo.tip(faces, face)), locale)
        if verb == "mana" and len(parts) == 3:
            slot = int(parts[1].removeprefix("slot"))
            label = t("tetra.option.mana", locale, colour=colour_name(parts[2], locale), slot=slot)
            return _with_preview(label, current_groups(view), locale, {slot: parts[2]})
        if verb == "cast" and len(parts) == 2:
            return shorten(_cast_label(parts[1], view, locale))
        if verb == "charge" and len(parts) == 2:
            return shorten(_charge_label(parts[1], view, locale))
        if verb == "effect" and len(parts) == 2:
            return shorten(_effect_label(parts[1], view, locale))
        if verb == "gain" and len(parts) == 2:
            return shorten(t("tetra.option.gain", locale, colour=colour_name(parts[1], locale))
                           + f" ({SHAPE.get(parts[1], '')})")
        if verb == "pay" and len(parts) == 2:
            return shorten(t("tetra.option.pay", locale, colour=colour_name(parts[1], locale))
                           + f" ({SHAPE.get(parts[1], '')})")
        if verb == "release" and len(parts) == 2:
            return shorten(t(f"tetra.option.release_{parts[1]}", locale))
        if verb == "carry" and len(parts) == 2:
            return shorten(t("tetra.option.carry", locale, count=parts[1]))
        if verb == "take" and len(parts) == 2:
            label = t("tetra.option.take", locale, card=card_name(parts[1], locale))
            return shorten(_join(label, _card_brief(parts[1], locale), locale))
        if verb == "bottom" and len(parts) == 2:
            return shorten(t("tetra.option.bottom", locale, card=card_name(parts[1], locale)))
    except (KeyError, ValueError):  # a malformed id never breaks a panel
        pass
    return shorten(option_id)


ARG_FORMATTERS: dict[str, Callable[[Any, str], str]] = {
    "card": card_name,
    "cards": card_list,
    "tetrite": colour_name,
    "colour": colour_name,
    "colours": colour_list,
    "direction": direction_name,
    "face": face_name,
    "placed": placed_text,
}
