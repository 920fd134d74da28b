"""Notification preferences (``/notify``): thread ping, DM or both, and quiet hours in the player's own
time zone. Quiet hours hold reminders back until they end; deadlines never move for them."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MODES = ("thread", "dm", "both")
_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)


def parse_timezone(text: str) -> dt.tzinfo | None:
    """``Asia/Tokyo``, ``UTC``, ``+9``, ``UTC-5:30``; None if it names no time zone."""
    text = text.strip()
    if text.upper() in ("UTC", "GMT", "Z"):
        return dt.UTC
    match = _OFFSET.match(text)
    if match:
        sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
        if hours > 14 or minutes >= 60:
            return None
        delta = dt.timedelta(hours=hours, minutes=minutes)
        return dt.timezone(-delta if sign == "-" else delta)
    if not re.fullmatch(r"[A-Za-z_]+(?:/[A-Za-z0-9_+\-]+){0,2}", text):
        return None
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``22-7`` (22:00 to 07:00 local time) -> (22, 7); None if malformed or empty."""
    match = re.fullmatch(r"\s*(\d{1,2})\s*-\s*(\d{1,2})\s*", text)
    if not match:
        return None
    start, end = int(match.group(1)), int(match.group(2))
    if start > 23 or end > 23 or start == end:
        return None
    return start, end


def quiet_until(now: float, start: int | None, end: int | None, timezone: str | None) -> float | None:
    """If ``now`` falls in the quiet hours ``start``..``end`` (local hours, end exclusive), when they end."""
    if start is None or end is None:
        return None
    zone = parse_timezone(timezone or "UTC") or dt.UTC
    local = dt.datetime.fromtimestamp(now, zone)
    hour = local.hour
    inside = start <= hour < end if start < end else (hour >= start or hour < end)
    if not inside:
        return None
    wake = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if wake <= local:
        wake += dt.timedelta(days=1)
    return wake.timestamp()
