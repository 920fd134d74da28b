"""Every player-facing string exists in English and Japanese, and every literal key in use exists."""

from __future__ import annotations

import re
from pathlib import Path

from bot import i18n
from tests.platform import tinydeck
from tests.platform.tinygame import STRINGS

ROOT = Path(__file__).resolve().parents[2]
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")


PLURAL = re.compile(r"\.(one|other)$")


def file_keys(locale: str) -> set[str]:
    """Keys as code uses them: a plural table (``key.one``, ``key.other``) is its ``key``."""
    return {PLURAL.sub("", key) for key in i18n.catalogue(locale)} - set(STRINGS) - set(tinydeck.STRINGS)


def forms(locale: str, key: str) -> dict[str, str]:
    strings = i18n.catalogue(locale)
    return {"": strings[key]} if key in strings else {form: strings[f"{key}.{form}"]
                                                     for form in i18n.PLURAL_FORMS if f"{key}.{form}" in strings}


def test_english_and_japanese_have_the_same_keys():
    english, japanese = file_keys("en"), file_keys("ja")
    assert sorted(english - japanese) == []
    assert sorted(japanese - english) == []


def test_every_literal_key_used_in_code_exists():
    used = set()
    for path in list((ROOT / "bot").rglob("*.py")) + list((ROOT / "cogs").rglob("*.py")):
        used.update(LITERAL_KEY.findall(path.read_text(encoding="utf-8")))
    missing = sorted(key for key in used if key not in file_keys("en"))
    assert missing == []


def test_japanese_strings_are_japanese():
    japanese = i18n.catalogue("ja")
    for key in ("challenge.posted", "errors.stale_state", "panel.waiting_secret", "match.my_hand"):
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese[key]), key


def placeholders(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)", template))


def test_templates_format_with_their_placeholders_in_both_languages():
    for key in file_keys("en"):
        english, japanese = forms("en", key), forms("ja", key)
        full = english.get("", english.get("other"))
        assert full is not None and all(placeholders(j) == placeholders(full) for j in japanese.values()), key
        # "one" may say "a card" instead of "{count} cards", never name what "other" does not
        assert placeholders(english.get("one", full)) <= placeholders(full), key
        assert set(english) in ({""}, {"one", "other"}) and set(japanese) in ({""}, {"one", "other"}), key


def test_plural_forms_follow_the_first_count_the_template_names():
    assert i18n.t("afterlife.event.drew_public", "en", seat="Bob", count=1) == "Bob drew a card."
    assert i18n.t("afterlife.event.drew_public", "en", seat="Bob", count=3) == "Bob drew 3 cards."
    assert i18n.t("afterlife.event.drew_public", "en", seat="Bob", count=0) == "Bob drew 0 cards."
    assert i18n.t("afterlife.event.drew_public", "ja", seat="Bob", count=1) == "Bobがカードを1枚引いた。"
    # the first whole number named decides, not a later one ({cores} here)
    assert i18n.t("afterlife.event.core_added", "en", seat="Bob", amount=1, cores=5) == "Bob adds a core (5 in all)."
    assert i18n.t("afterlife.event.core_added", "en", seat="Bob", amount=2, cores=1) == "Bob adds 2 cores (1 in all)."
    assert i18n.has("afterlife.event.drew_public", "ja") and not i18n.has("afterlife.event.nothing_like_this")
