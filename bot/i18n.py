"""Player-facing text: ``assets/locales/en.toml`` and ``ja.toml``.

Keys are dotted paths into the TOML tables (``lobby.challenge.self``, ``formation.prompt.attack``)
and values are ``str.format`` templates. A game may keep its own strings in
``assets/locales/<locale>/<game>.toml`` (merged in; a key defined twice is an error), so that games
written side by side do not edit one shared file. A key missing in Japanese falls back to English; a key
missing in both raises ``KeyError`` so tests catch it (the locale tests walk every key in use).

Plurals: where a language needs them, a key is a table of ``one`` and ``other`` templates
(``drew = { one = "{seat} drew a card.", other = "{seat} drew {count} cards." }``); ``one`` is used when
the first whole-number argument the ``other`` template names is 1. A language without plural forms
(Japanese) keeps a plain string under the same key.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent.parent / "assets" / "locales"
LOCALES = ("en", "ja")
DEFAULT_LOCALE = "en"


@cache
def catalogue(locale: str) -> dict[str, str]:
    flat: dict[str, str] = {}
    paths = [LOCALE_DIR / f"{locale}.toml", *sorted((LOCALE_DIR / locale).glob("*.toml"))]
    for path in paths:
        part: dict[str, str] = {}
        _flatten("", tomllib.loads(path.read_text(encoding="utf-8")), part)
        clash = sorted(set(part) & set(flat))
        if clash:
            raise ValueError(f"{path.name}: keys already defined: {clash[:5]}")
        flat.update(part)
    return flat


def register_strings(locale: str, strings: dict[str, str]) -> None:
    """Add strings at run time (the platform tests' tiny game keeps its text out of the real files)."""
    catalogue(locale).update(strings)


def _flatten(prefix: str, node: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in node.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(path + ".", value, out)
        else:
            out[path] = str(value)


def normalize_locale(locale: object) -> str:
    """Discord locale (``ja``, ``en-US``, ``discord.Locale.japanese``) -> ``ja`` or ``en``."""
    value = str(getattr(locale, "value", locale) or "")
    return "ja" if value.lower().startswith("ja") else DEFAULT_LOCALE


PLURAL_FORMS = ("one", "other")
PLACEHOLDER = re.compile(r"\{(\w+)")


def _template(strings: dict[str, str], key: str, args: dict[str, Any]) -> str | None:
    template = strings.get(key)
    if template is not None:
        return template
    other = strings.get(f"{key}.other")
    if other is None:
        return None
    counts = [args[name] for name in PLACEHOLDER.findall(other)
              if isinstance(args.get(name), int) and not isinstance(args.get(name), bool)]
    return strings.get(f"{key}.one", other) if counts and counts[0] == 1 else other


def defined_in(key: str, locale: str) -> bool:
    """The key has text of this locale's own (a plain template or a plural table), not by fallback."""
    strings = catalogue(normalize_locale(locale))
    return key in strings or f"{key}.other" in strings


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return defined_in(key, locale) or defined_in(key, DEFAULT_LOCALE)


def t(key: str, locale: str = DEFAULT_LOCALE, /, **args: Any) -> str:
    locale = normalize_locale(locale)
    template = _template(catalogue(locale), key, args)
    if template is None:
        template = _template(catalogue(DEFAULT_LOCALE), key, args)
        if template is None:
            raise KeyError(key)
    return template.format(**args) if args else template
