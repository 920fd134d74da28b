"""Message nonces about a match: the same in every process and after a restart.

Discord (``enforce_nonce``) answers a message sent again with the same nonce by returning the first
one, so a post retried after a crash (the thread's catch-up, a reminder whose claim ran out) is posted
once. Used by the thread (bot/ui/thread.py) and the timekeeper (bot/ui/timekeeper.py).
"""

from __future__ import annotations

import hashlib
import hmac


def match_nonce(kind: str, secret: str, match_id: int, version: int, stage: int, where: str) -> str:
    """The nonce of one message about a match: the same in every process and after a restart, so Discord
    (``enforce_nonce``) posts a retry once; opaque (keyed by the bot token), because anyone can read a
    message's nonce and the match version counts secret steps too. 25 characters, Discord's limit."""
    digest = hmac.new(secret.encode(), f"{match_id}.{version}.{stage}.{where}".encode(), hashlib.sha256)
    return kind + digest.hexdigest()[:24]


def reminder_nonce(secret: str, match_id: int, version: int, stage: int, where: str) -> str:
    """One reminder's nonce (``where``: ``t`` the thread, ``d0``/``d1`` a seat's DM)."""
    return match_nonce("r", secret, match_id, version, stage, where)
