"""What a member reading a match thread saw, from the fake Discord's record of every message and its
edits: the lines shown at some point and missing from the thread's final text (issue 26: nothing posted is
ever lost). Used by tests/e2e/test_thread_story.py."""

from __future__ import annotations

import re

from bot import i18n

MENTION = re.compile(r"<@!?\d+>")
REPEATS = re.compile(r" ×\d+$")
COUNTS = {"times", "total"}


def story_lines(text: str) -> list[str]:
    """A message's lines of story: the ping line ("@Alice: your move.") moves to the newest message."""
    return [line for line in text.split("\n") if line.strip() and not MENTION.search(line)]


def _pattern(template: str) -> re.Pattern:
    parts = re.split(r"(\{\w+\})", template)
    regex = "".join(f"(?P<{p[1:-1]}>.+?)" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts)
    return re.compile(regex + "$")


def fold_patterns(locale: str) -> list[tuple[list[re.Pattern], list[re.Pattern]]]:
    """For each event with a fold text: the patterns of its plain line and of its folded line."""
    strings = i18n.catalogue(locale)
    pairs = []
    for key in strings:
        if key.endswith("_folded") or key.endswith("_folded.other"):
            base = key.replace("_folded", "")
            plain = [strings[k] for k in (base, f"{base.removesuffix('.other')}.one", base) if k in strings]
            folded = [strings[k] for k in (key, key.replace(".other", ".one")) if k in strings]
            pairs.append(([_pattern(t) for t in plain + folded], [_pattern(t) for t in folded]))
    return pairs


def _said(line: str, patterns: list[re.Pattern]) -> dict | None:
    for pattern in patterns:
        found = pattern.match(line)
        if found:
            return {k: v for k, v in found.groupdict().items() if k not in COUNTS}
    return None


def kept(line: str, final: list[str], folds) -> bool:
    """``line`` is in the final text as it is, with a repeat count, or as the fold of its event."""
    bare = REPEATS.sub("", line)
    if any(REPEATS.sub("", other) == bare for other in final):
        return True
    for said_as, folded_as in folds:
        args = _said(line, said_as)
        if args is not None and any(_said(other, folded_as) == args for other in final):
            return True
    return False


def lost_lines(messages: list[tuple[str, list[str]]], locale: str) -> list[str]:
    """Lines shown in some version of a thread message (``(final content, earlier contents)``) and missing
    from the final text of the whole thread."""
    folds = fold_patterns(locale)
    final = [line for content, _ in messages for line in story_lines(content)]
    lost = []
    for _, revisions in messages:
        for earlier in revisions:
            lost += [line for line in story_lines(earlier) if line not in final and not kept(line, final, folds)]
    return sorted(set(lost))
