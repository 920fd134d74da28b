"""Platform limits that Discord enforces server-side and discord.py does not check.

Each check appends ``(path, code, message)`` problems; :func:`raise_if_invalid` turns them into the
400 / 50035 "Invalid Form Body" answer with the nested ``errors`` tree Discord sends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from .models import IS_COMPONENTS_V2, JSON, ApiError

MAX_CONTENT = 2000
MAX_CUSTOM_ID = 100
MAX_ACTION_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CHOICES = 25
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR = 256
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
MAX_ATTACHMENTS = 10
MAX_ATTACHMENT_DESCRIPTION = 1024  # an attachment's alt text (attachments[].description)
MAX_BUTTON_LABEL = 80
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_MODAL_TITLE = 45

SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
# Component types that carry a custom_id somewhere in a message or modal.
INTERACTIVE_TYPES = frozenset({2, 3, 4, 5, 6, 7, 8, 19, 21, 22, 23})

Problem = tuple[str, str, str]

_COMMAND_NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")


class Problems(list[Problem]):
    def add(self, path: str, code: str, message: str) -> None:
        self.append((path, code, message))

    def too_long(self, path: str, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _join(prefix: str, key: str | int) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def error_tree(problems: Iterable[Problem]) -> JSON:
    """Nest ``a.b.0.c`` paths the way Discord's ``errors`` object does."""
    tree: JSON = {}
    for path, code, message in problems:
        node = tree
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree


def raise_if_invalid(problems: list[Problem]) -> None:
    if problems:
        raise ApiError(400, 50035, "Invalid Form Body", error_tree(problems))


# -- messages ---------------------------------------------------------------------------------------


def check_message(payload: JSON, *, prefix: str = "", files: list[tuple[str, bytes]] | None = None,
                  require_body: bool = True) -> list[Problem]:
    """A message create/edit body (or the ``data`` of an interaction callback)."""
    problems = Problems()
    flags = int(payload.get("flags") or 0)
    content = payload.get("content")
    problems.too_long(_join(prefix, "content"), content, MAX_CONTENT)
    embeds = payload.get("embeds") or []
    components = payload.get("components") or []
    check_embeds(embeds, problems, _join(prefix, "embeds"))
    check_components(components, problems, _join(prefix, "components"), v2=bool(flags & IS_COMPONENTS_V2))
    if flags & IS_COMPONENTS_V2 and (content or embeds):
        problems.add(_join(prefix, "content") if content else _join(prefix, "embeds"),
                     "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                     "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2")
    if files is not None and len(files) > MAX_ATTACHMENTS:
        problems.add(_join(prefix, "attachments"), "BASE_TYPE_MAX_LENGTH",
                     f"Must be {MAX_ATTACHMENTS} or fewer in length.")
    has_attachment_refs = bool(payload.get("attachments"))
    for index, entry in enumerate(payload.get("attachments") or []):
        if isinstance(entry, dict):
            problems.too_long(_join(prefix, f"attachments.{index}.description"), entry.get("description"),
                              MAX_ATTACHMENT_DESCRIPTION)
    if require_body and not (content or embeds or components or files or has_attachment_refs
                             or payload.get("sticker_ids") or payload.get("poll")):
        raise ApiError(400, 50006, "Cannot send an empty message")
    return problems


def check_files(files: list[tuple[str, bytes]]) -> None:
    """Discord answers an oversized upload with 413 / 40005 before looking at the body."""
    for _name, data in files:
        if len(data) > MAX_ATTACHMENT_BYTES:
            raise ApiError(413, 40005, "Request entity too large")


def check_embeds(embeds: list[JSON], problems: Problems, prefix: str) -> None:
    if len(embeds) > MAX_EMBEDS:
        problems.add(prefix, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for index, embed in enumerate(embeds):
        path = _join(prefix, index)
        title = embed.get("title") or ""
        description = embed.get("description") or ""
        problems.too_long(_join(path, "title"), title, MAX_EMBED_TITLE)
        problems.too_long(_join(path, "description"), description, MAX_EMBED_DESCRIPTION)
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        problems.too_long(_join(path, "footer.text"), footer, MAX_FOOTER)
        problems.too_long(_join(path, "author.name"), author, MAX_AUTHOR)
        fields = embed.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            problems.add(_join(path, "fields"), "BASE_TYPE_MAX_LENGTH",
                         f"Must be {MAX_EMBED_FIELDS} or fewer in length.")
        total += len(title) + len(description) + len(footer) + len(author)
        for f_index, fld in enumerate(fields):
            f_path = _join(_join(path, "fields"), f_index)
            name, value = fld.get("name") or "", fld.get("value") or ""
            problems.too_long(_join(f_path, "name"), name, MAX_FIELD_NAME)
            problems.too_long(_join(f_path, "value"), value, MAX_FIELD_VALUE)
            total += len(name) + len(value)
    if total > MAX_EMBED_TOTAL:
        problems.add(prefix, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


# -- components -------------------------------------------------------------------------------------


def iter_components(components: Iterable[JSON]) -> Iterator[JSON]:
    """Every component, depth first, through rows, containers, sections (accessory) and labels."""
    for component in components:
        yield component
        yield from iter_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


def check_components(components: list[JSON], problems: Problems, prefix: str, *, v2: bool) -> None:
    if v2:
        count = sum(1 for _ in iter_components(components))
        if count > MAX_V2_COMPONENTS:
            problems.add(prefix, "BASE_TYPE_MAX_LENGTH",
                         f"Must be {MAX_V2_COMPONENTS} or fewer in length (all components).")
        text = sum(len(c.get("content") or "") for c in iter_components(components) if c.get("type") == 10)
        if text > MAX_V2_TEXT:
            problems.add(prefix, "BASE_TYPE_MAX_LENGTH", f"Text displays must total {MAX_V2_TEXT} or fewer.")
    elif len(components) > MAX_ACTION_ROWS:
        problems.add(prefix, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ACTION_ROWS} or fewer in length.")
    _check_tree(components, problems, prefix, v2=v2, top=True)


def _check_tree(components: list[JSON], problems: Problems, prefix: str, *, v2: bool, top: bool) -> None:
    for index, component in enumerate(components):
        path = _join(prefix, index)
        ctype = component.get("type")
        if top and not v2 and ctype != 1:
            problems.add(_join(path, "type"), "UNION_TYPE_CHOICES",
                         "Top-level components must be action rows without the IS_COMPONENTS_V2 flag.")
        if ctype == 1:
            _check_row(component.get("components") or [], problems, _join(path, "components"))
        else:
            _check_leaf(component, problems, path)
        children = component.get("components")
        if children and ctype != 1:
            _check_tree(children, problems, _join(path, "components"), v2=v2, top=False)
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                _check_leaf(child, problems, _join(path, key))


def _check_row(row: list[JSON], problems: Problems, path: str) -> None:
    if not row:
        problems.add(path, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    selects = [c for c in row if c.get("type") in SELECT_TYPES]
    if selects and len(row) > 1:
        problems.add(path, "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                     "The specified component exceeds the maximum width (a select must be alone in its row)")
    buttons = [c for c in row if c.get("type") == 2]
    if len(buttons) > MAX_ROW_BUTTONS:
        problems.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROW_BUTTONS} or fewer in length.")
    for index, component in enumerate(row):
        _check_leaf(component, problems, _join(path, index))


def _check_leaf(component: JSON, problems: Problems, path: str) -> None:
    ctype = component.get("type")
    custom_id = component.get("custom_id")
    problems.too_long(_join(path, "custom_id"), custom_id, MAX_CUSTOM_ID)
    if ctype == 2:
        style = component.get("style")
        if style == 5:
            if not component.get("url"):
                problems.add(_join(path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        elif style != 6 and not custom_id:
            problems.add(_join(path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        problems.too_long(_join(path, "label"), component.get("label"), MAX_BUTTON_LABEL)
    elif ctype in SELECT_TYPES:
        if not custom_id:
            problems.add(_join(path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        problems.too_long(_join(path, "placeholder"), component.get("placeholder"), 150)
        _check_select_values(component, problems, path)
    elif ctype == 4 and not custom_id:
        problems.add(_join(path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")


def _check_select_values(component: JSON, problems: Problems, path: str) -> None:
    options = component.get("options")
    if component.get("type") == 3:
        options = options or []
        if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
            problems.add(_join(path, "options"), "BASE_TYPE_BAD_LENGTH",
                         f"Must be between 1 and {MAX_SELECT_OPTIONS} in length.")
        for index, option in enumerate(options):
            o_path = _join(_join(path, "options"), index)
            for key in ("label", "value", "description"):
                problems.too_long(_join(o_path, key), option.get(key), 100)
        values = [o.get("value") for o in options]
        if len(values) != len(set(values)):
            problems.add(_join(path, "options"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                         "Select options must have unique values")
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not (0 <= low <= 25 and 1 <= high <= 25 and low <= high):
        problems.add(_join(path, "max_values"), "BASE_TYPE_BAD_INT", "min/max_values must be 0..25, min <= max")
    if options is not None and component.get("type") == 3 and high > len(options):
        problems.add(_join(path, "max_values"), "BASE_TYPE_MAX", f"Must be {len(options)} or less.")


# -- interaction callbacks --------------------------------------------------------------------------


def check_choices(choices: list[JSON], prefix: str = "data.choices") -> list[Problem]:
    problems = Problems()
    if len(choices) > MAX_CHOICES:
        problems.add(prefix, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length.")
    for index, choice in enumerate(choices):
        path = _join(prefix, index)
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            problems.add(_join(path, "name"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        problems.too_long(_join(path, "value"), choice.get("value"), 100)
    return problems


def check_modal(data: JSON, prefix: str = "data") -> list[Problem]:
    problems = Problems()
    problems.too_long(_join(prefix, "title"), data.get("title"), MAX_MODAL_TITLE)
    problems.too_long(_join(prefix, "custom_id"), data.get("custom_id"), MAX_CUSTOM_ID)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.add(_join(prefix, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    for index, component in enumerate(iter_components(components)):
        problems.too_long(_join(_join(prefix, "components"), index) + ".custom_id",
                          component.get("custom_id"), MAX_CUSTOM_ID)
    return problems


# -- application commands ---------------------------------------------------------------------------


def check_commands(commands: list[JSON]) -> list[Problem]:
    """The checks behind most real CommandSyncFailure errors: names, lengths, counts, option order."""
    problems = Problems()
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        key = (int(command.get("type", 1)), str(command.get("name")))
        if key in seen:
            problems.add(f"{index}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME",
                         f"Application command names must be unique ({key[1]})")
        seen.add(key)
        _check_command_like(command, problems, str(index), slash=key[0] == 1, depth=0)
    return problems


def _check_name(name: Any, problems: Problems, path: str, *, slash: bool) -> None:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        problems.add(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
    elif slash and (name != name.lower() or not _COMMAND_NAME.match(name)):
        problems.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid ({name!r})")


def _check_command_like(command: JSON, problems: Problems, path: str, *, slash: bool, depth: int) -> None:
    _check_name(command.get("name"), problems, _join(path, "name"), slash=slash)
    for locale, name in (command.get("name_localizations") or {}).items():
        _check_name(name, problems, _join(path, f"name_localizations.{locale}"), slash=slash)
    if slash:
        description = command.get("description")
        if not isinstance(description, str) or not 1 <= len(description) <= 100:
            problems.add(_join(path, "description"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        for locale, text in (command.get("description_localizations") or {}).items():
            if not isinstance(text, str) or not 1 <= len(text) <= 100:
                problems.add(_join(path, f"description_localizations.{locale}"), "BASE_TYPE_BAD_LENGTH",
                             "Must be between 1 and 100 in length.")
    options = command.get("options") or []
    if len(options) > 25:
        problems.add(_join(path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    optional_seen = False
    for o_index, option in enumerate(options):
        o_path = _join(_join(path, "options"), o_index)
        otype = option.get("type")
        if otype in (1, 2):
            if depth >= 2 or (otype == 2 and depth >= 1):
                problems.add(o_path, "APPLICATION_COMMAND_OPTION_INVALID_DEPTH", "Subcommands nested too deep")
            _check_command_like(option, problems, o_path, slash=True, depth=depth + 1)
            continue
        _check_command_like({**option, "options": []}, problems, o_path, slash=True, depth=depth + 1)
        if option.get("required"):
            if optional_seen:
                problems.add(o_path, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                             "Required options must be placed before non-required options")
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            problems.add(_join(o_path, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        if choices and option.get("autocomplete"):
            problems.add(_join(o_path, "autocomplete"), "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                         "Autocomplete cannot be used with choices")
