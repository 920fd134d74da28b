"""Message nonces about a match: the same in every process and after a restart.

Discord (``enforce_nonce``) answers a message sent again with the same nonce by returning the first
one, so a post retried after a crash (the thread's catch-up, a reminder whose claim ran out) is posted
once. Used by the thread (bot/ui/thread.py) and the timekeeper (bot/ui/timekeeper.py); a channel post's
nonce, kept in the store while it is sent, also says to look for it (``sent_before_a_crash``) after a kill.
"""

from __future__ import annotations

import hashlib
import hmac
import logging

import discord

log = logging.getLogger(__name__)


def match_nonce(kind: str, secret: str, match_id: int, version: int, stage: int, where: str) -> str:
    """The nonce of one message about a match: the same in every process and after a restart, so Discord
    (``enforce_nonce``) posts a retry once; opaque (keyed by the bot token), because anyone can read a
    message's nonce and the match version counts secret steps too. 25 characters, Discord's limit."""
    digest = hmac.new(secret.encode(), f"{match_id}.{version}.{stage}.{where}".encode(), hashlib.sha256)
    return kind + digest.hexdigest()[:24]


def reminder_nonce(secret: str, match_id: int, version: int, stage: int, where: str) -> str:
    """One reminder's nonce (``where``: ``t`` the thread, ``d0``/``d1`` a seat's DM)."""
    return match_nonce("r", secret, match_id, version, stage, where)


async def sent_before_a_crash(bot_user_id: int, channel: discord.abc.Messageable, text: str) -> bool:
    """Whether the bot's recent posts in the channel hold the post ``text`` (by its first line, which names
    what the post is: a tournament's round post, a league's final table), sent by a process killed before it
    recorded it: its nonce alone finds it only for a few minutes (Discord's enforce_nonce window)."""
    title = text.split("\n", 1)[0]
    try:
        async for message in channel.history(limit=100):
            if message.author.id == bot_user_id and message.content.split("\n", 1)[0] == title:
                return True
    except discord.HTTPException as error:
        log.info("channel %s not readable (%s): posting anew", getattr(channel, "id", None), error)
    return False
