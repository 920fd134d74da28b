"""Signed links to a match's pages: ``/m/<match>/<token>``, the token saying whose page it is.

A token is a role (``p`` the public page, ``0``/``1`` a seat's) and an HMAC-SHA256 of the match id, its
seed and that role under the server's secret (``WEB_SECRET``), cut to 144 bits: never guessable, checked
in constant time (``hmac.compare_digest``), and revoked all at once by a new secret. The seed is in the
message so that a store started over (match ids counted again from 1) never honours an old link; the
HMAC shows nothing of it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from bot.store import MatchRow

PUBLIC = "p"
ROLES = (PUBLIC, "0", "1")
MAC_BYTES = 18  # 144 bits: 24 URL-safe characters, no padding


def role_of(seat: int | None) -> str:
    return PUBLIC if seat is None else str(seat)


def seat_of_role(role: str) -> int | None:
    return None if role == PUBLIC else int(role)


class Links:
    def __init__(self, secret: str, base_url: str) -> None:
        self._key = secret.encode()
        self.base_url = base_url.rstrip("/")

    def _mac(self, match: MatchRow, role: str) -> str:
        message = f"dueltable-web:{match.id}:{match.seed}:{role}".encode()
        digest = hmac.new(self._key, message, hashlib.sha256).digest()[:MAC_BYTES]
        return base64.urlsafe_b64encode(digest).decode()

    def token(self, match: MatchRow, seat: int | None) -> str:
        role = role_of(seat)
        return role + self._mac(match, role)

    def path(self, match: MatchRow, seat: int | None) -> str:
        return f"/m/{match.id}/{self.token(match, seat)}"

    def url(self, match: MatchRow, seat: int | None) -> str:
        return self.base_url + self.path(match, seat)

    def csrf(self, match: MatchRow, role: str) -> str:
        """The form token of a seat page's moves: bound to that seat's link (the match, its seed, the role)
        under the same secret, but not the link itself, so a form seen anywhere else is no key to the page."""
        message = f"dueltable-web-move:{match.id}:{match.seed}:{role}".encode()
        return base64.urlsafe_b64encode(hmac.new(self._key, message, hashlib.sha256).digest()[:MAC_BYTES]).decode()

    def role(self, match: MatchRow, token: str) -> str | None:
        """The role a token opens for this match (``p``, ``0``, ``1``), or None for a forged, stale or
        foreign one. The role is the token's first character; its MAC is compared in constant time."""
        role, mac = token[:1], token[1:]
        if role not in ROLES or len(mac) != len(self._mac(match, role)):
            return None
        return role if hmac.compare_digest(mac.encode(), self._mac(match, role).encode()) else None
