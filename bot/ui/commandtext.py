"""Slash command names, descriptions and choices in both languages (discord.py's translator).

Kept apart from bot/i18n.py so that a process drawing pictures imports no discord.py: ``bot.i18n`` is all
that pictures and messages need."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import catalogue, normalize_locale


class CommandTranslator(app_commands.Translator):
    """Slash command names, descriptions and choices in Japanese, from ``commands.*`` keys.

    A ``locale_str`` whose ``extras`` carry ``key`` is looked up as that key; Discord asks for every
    locale it supports and we answer only for Japanese (English is the command's own text).
    """

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        if key is None or normalize_locale(locale) != "ja":
            return None
        return catalogue("ja").get(key)


def cmd(key: str, english: str) -> app_commands.locale_str:
    """A translatable command string: English text, Japanese looked up under ``key``."""
    return app_commands.locale_str(english, key=key)
