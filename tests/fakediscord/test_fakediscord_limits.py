"""The platform limits the fake enforces (pure checks, no network)."""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord import limits
from fakediscord.models import IS_COMPONENTS_V2, ApiError


def button(custom_id: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}


def select(n_options: int = 3, custom_id: str = "s") -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id,
            "options": [{"label": str(i), "value": str(i)} for i in range(n_options)]}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def codes(problems: list[limits.Problem]) -> list[str]:
    return [code for _path, code, _message in problems]


def test_a_normal_message_passes() -> None:
    body = {"content": "x" * 2000, "components": [row(button("a"), button("b")), row(select(25))],
            "embeds": [{"title": "t" * 256, "description": "d" * 4096}]}
    assert limits.check_message(body) == []


@pytest.mark.parametrize(("body", "path"), [
    ({"content": "x" * 2001}, "content"),
    ({"components": [row(button("c" * 101))]}, "components.0.components.0.custom_id"),
    ({"components": [row(button())] * 6}, "components"),
    ({"components": [row(*[button(str(i)) for i in range(6)])]}, "components.0.components"),
    ({"components": [row(select(), button())]}, "components.0.components"),
    ({"components": [row(select(26))]}, "components.0.components.0.options"),
    ({"components": [button()]}, "components.0.type"),
    ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
    ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "embeds.0.fields.0.value"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
    ({"content": "x", "attachments": [{"id": 0, "description": "a" * 1024},
                                      {"id": 1, "description": "d" * 1025}]}, "attachments.1.description"),
])
def test_each_limit_is_reported_at_its_path(body: dict[str, Any], path: str) -> None:
    problems = limits.check_message(body)
    assert path in [p for p, _code, _message in problems], problems


def test_alt_text_up_to_1024_characters_passes() -> None:
    body = {"content": "x", "attachments": [{"id": 0, "filename": "board.png", "description": "あ" * 1024}]}
    assert limits.check_message(body) == []


def test_error_answer_has_discords_shape() -> None:
    with pytest.raises(ApiError) as excinfo:
        limits.raise_if_invalid(limits.check_message({"content": "x" * 2001}))
    error = excinfo.value
    assert (error.status, error.code) == (400, 50035)
    assert error.to_json()["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"


def test_empty_message_and_big_files() -> None:
    with pytest.raises(ApiError) as empty:
        limits.check_message({"content": ""})
    assert empty.value.code == 50006
    limits.check_files([("ok.png", b"x" * limits.MAX_ATTACHMENT_BYTES)])
    with pytest.raises(ApiError) as big:
        limits.check_files([("big.png", b"x" * (limits.MAX_ATTACHMENT_BYTES + 1))])
    assert (big.value.status, big.value.code) == (413, 40005)


def test_components_v2() -> None:
    text = {"type": 10, "content": "hello"}
    container = {"type": 17, "components": [text, row(button("c" * 101))]}
    problems = limits.check_message({"flags": IS_COMPONENTS_V2, "components": [container]})
    assert [p for p, _c, _m in problems] == ["components.0.components.1.components.0.custom_id"]
    many = [{"type": 10, "content": "x"}] * 41
    assert "BASE_TYPE_MAX_LENGTH" in codes(limits.check_message({"flags": IS_COMPONENTS_V2, "components": many}))
    legacy = limits.check_message({"flags": IS_COMPONENTS_V2, "content": "hi", "components": [text]})
    assert codes(legacy) == ["MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"]


def test_autocomplete_choices_and_modal() -> None:
    assert limits.check_choices([{"name": "a", "value": "a"}] * 25) == []
    assert codes(limits.check_choices([{"name": "a", "value": "a"}] * 26)) == ["BASE_TYPE_MAX_LENGTH"]
    modal = {"title": "t" * 46, "custom_id": "m", "components": [row({"type": 4, "custom_id": "i" * 101})]}
    assert len(limits.check_modal(modal)) == 2


def test_command_definitions() -> None:
    good = {"name": "challenge", "description": "Challenge someone", "options": [
        {"type": 6, "name": "opponent", "description": "who", "required": True},
        {"type": 4, "name": "days", "description": "days"}]}
    assert limits.check_commands([good]) == []
    bad = {"name": "Challenge", "description": "d" * 101, "description_localizations": {"ja": "あ" * 101},
           "options": [{"type": 4, "name": "days", "description": "d"},
                       {"type": 6, "name": "opponent", "description": "who", "required": True}]}
    assert sorted(codes(limits.check_commands([bad, good, good]))) == sorted([
        "APPLICATION_COMMAND_INVALID_NAME", "BASE_TYPE_BAD_LENGTH", "BASE_TYPE_BAD_LENGTH",
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "APPLICATION_COMMANDS_DUPLICATE_NAME"])
    assert limits.check_commands([{**good, "name": "カード"}]) == []
