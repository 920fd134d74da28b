"""Interactions: INTERACTION_CREATE payloads the driver sends, and the bot's callbacks/webhook calls.

Callback types handled: 4 message, 5 deferred message, 6 deferred update, 7 update message,
8 autocomplete result, 9 modal. discord.py >= 2.5 posts callbacks with ``?with_response=1`` and builds an
``InteractionCallbackResponse`` from the body, so that body is returned when asked for.
"""

from __future__ import annotations

import secrets
from typing import Any

from . import limits
from .models import (
    EPHEMERAL,
    JSON,
    LOADING,
    ApiError,
    FakeChannel,
    FakeFile,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
)
from .overwrites import channel_permissions
from .parts import InteractionsHost
from .world import as_id

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
FOLLOWUP_WINDOW = 15 * 60.0

# Slash option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)

LAUNCH_ACTIVITY = 12  # only for an app with Activities enabled (its EMBEDDED flag); no message
# Which callback types each interaction type accepts (Discord answers anything else with 400).
ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({4, 5, 9, LAUNCH_ACTIVITY}),
    MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9, LAUNCH_ACTIVITY}),
    AUTOCOMPLETE: frozenset({8}),
    MODAL_SUBMIT: frozenset({4, 5, 6, 7}),
}


def infer_option_type(value: Any) -> int:
    """Option type for a Python value, used when the bot never registered the command's schema."""
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return INTEGER
    if isinstance(value, float):
        return NUMBER
    if isinstance(value, FakeUser):
        return USER
    if isinstance(value, FakeChannel):
        return CHANNEL
    if isinstance(value, FakeRole):
        return ROLE
    if isinstance(value, FakeFile | tuple):
        return ATTACHMENT
    return STRING


class Interactions:
    def __init__(self, fake: InteractionsHost) -> None:
        self.fake = fake
        self.world = fake.world
        self.records: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        # Records not yet answered, so idle() stays cheap after thousands of interactions (bench).
        self._open: dict[int, InteractionRecord] = {}
        # Files given as attachment options: served by the fake CDN like message attachments.
        self.loose_files: dict[int, FakeFile] = {}

    # -- building INTERACTION_CREATE ------------------------------------------------------------------

    def new_record(self, type: int, user: FakeUser, channel: FakeChannel, *, locale: str | None,
                   data: JSON, message: FakeMessage | None = None) -> InteractionRecord:
        world = self.world
        interaction_id = world.ids.next()
        token = f"fake-interaction-{interaction_id}-{secrets.token_hex(8)}"
        guild = world.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        channel_data = world.channel_payload(channel)
        payload: JSON = {
            "id": str(interaction_id), "application_id": str(world.application_id), "type": type,
            "token": token, "version": 1, "data": data, "locale": locale or user.locale,
            "entitlements": [], "attachment_size_limit": limits.MAX_ATTACHMENT_BYTES,
            "channel_id": str(channel.id), "channel": channel_data,
        }
        if guild is not None:
            channel_data["permissions"] = str(channel_permissions(world, guild, user.id, channel))
            payload.update(
                guild_id=str(guild.id), guild_locale=guild.locale, context=0,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                member=world.member_payload(guild, user.id, with_permissions=True),
                app_permissions=str(world.permissions(guild, world.bot.id)),
                authorizing_integration_owners={"0": str(guild.id)},
            )
        else:
            payload.update(user=world.user_payload(user), context=1, app_permissions="0",
                           authorizing_integration_owners={"0": "0"})
        if message is not None:
            payload["message"] = world.message_payload(message)
        record = InteractionRecord(
            id=interaction_id, token=token, type=type, user_id=user.id, channel_id=channel.id,
            guild_id=guild.id if guild else None, payload=payload, created_at=self.fake.now(),
            source_message_id=message.id if message else None,
        )
        self.records[interaction_id] = record
        self.by_token[token] = record
        self._open[interaction_id] = record
        return record

    def find_command(self, name: str, guild_id: int | None) -> tuple[JSON | None, bool]:
        """The registered chat command, guild commands first (as Discord's client offers them)."""
        if guild_id is not None:
            for command in self.world.commands_guild.get(guild_id, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command, True
        for command in self.world.commands_global:
            if command["name"] == name and command.get("type", 1) == 1:
                return command, False
        return None, False

    def command_data(self, channel: FakeChannel, name: str, options: dict[str, Any], *,
                     subcommand: str | None, focused: str | None) -> JSON:
        root, *path = name.split()
        path += subcommand.split() if subcommand else []
        command, is_guild = self.find_command(root, channel.guild_id)
        resolved: dict[str, dict[str, JSON]] = {}
        top: list[JSON] = []
        container = top
        schema: list[JSON] | None = command.get("options") or [] if command else None
        for part in path:
            spec = _find(schema, part) if schema is not None else None
            if schema is not None and (spec is None or spec.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP)):
                raise ValueError(f"/{root} has no subcommand {part!r}")
            node: JSON = {"type": spec["type"] if spec else (SUB_COMMAND if part == path[-1] else SUB_COMMAND_GROUP),
                          "name": part, "options": []}
            container.append(node)
            container = node["options"]
            schema = (spec.get("options") or []) if spec else None
        if schema and any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
            raise ValueError(f"/{name} needs a subcommand: {[o['name'] for o in schema]}")
        container.extend(self._option_values(channel, root, schema, options, resolved, focused))
        data: JSON = {"id": str(command["id"]) if command else str(self.world.ids.next()),
                      "name": root, "type": 1, "options": top}
        if is_guild:
            data["guild_id"] = str(channel.guild_id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_values(self, channel: FakeChannel, command: str, schema: list[JSON] | None,
                       options: dict[str, Any], resolved: dict[str, dict[str, JSON]],
                       focused: str | None) -> list[JSON]:
        out: list[JSON] = []
        for name, value in options.items():
            spec = _find(schema, name) if schema is not None else None
            if schema is not None and spec is None:
                raise ValueError(f"/{command} has no option {name!r}; it has {[o['name'] for o in schema]}")
            otype = int(spec["type"]) if spec else infer_option_type(value)
            if name == focused:
                # While typing, Discord sends the raw text of the focused option.
                out.append({"name": name, "type": otype, "value": str(value), "focused": True})
                continue
            encoded = self._encode(channel, otype, value, resolved)
            if spec is not None:
                _check_option_value(command, spec, encoded)
            out.append({"name": name, "type": otype, "value": encoded})
        if schema is not None and focused is None:
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in options]
            if missing:
                raise ValueError(f"/{command} is missing required options {missing}")
        return out

    def _encode(self, channel: FakeChannel, otype: int, value: Any,
                resolved: dict[str, dict[str, JSON]]) -> Any:
        world = self.world
        if otype == STRING:
            return str(value)
        if otype == INTEGER:
            return int(value)
        if otype == NUMBER:
            return float(value)
        if otype == BOOLEAN:
            return bool(value)
        if otype == ATTACHMENT:
            file = value if isinstance(value, FakeFile) else FakeFile(world.ids.next(), value[0], bytes(value[1]))
            self.loose_files[file.id] = file
            holder = FakeMessage(id=0, channel_id=channel.id, author_id=0)
            resolved.setdefault("attachments", {})[str(file.id)] = world.attachment_payload(holder, file)
            return str(file.id)
        target = as_id(value)
        if otype in (USER, MENTIONABLE) and target in world.users:
            self._resolve_user(channel, target, resolved)
        elif otype in (ROLE, MENTIONABLE) and channel.guild_id is not None:
            role = world.guilds[channel.guild_id].roles.get(target)
            if role is None:
                raise ValueError(f"unknown role {target}")
            resolved.setdefault("roles", {})[str(target)] = world.role_payload(role)
        elif otype == CHANNEL:
            target_channel = world.channel(target)
            data = world.channel_payload(target_channel)
            if channel.guild_id is not None:
                data["permissions"] = str(world.permissions(world.guilds[channel.guild_id], world.bot.id))
            resolved.setdefault("channels", {})[str(target)] = data
        else:
            raise ValueError(f"cannot use {value!r} as an option of type {otype}")
        return str(target)

    def _resolve_user(self, channel: FakeChannel, user_id: int, resolved: dict[str, dict[str, JSON]]) -> None:
        # discord.py looks user options up in data.resolved (top level, also for subcommands).
        world = self.world
        resolved.setdefault("users", {})[str(user_id)] = world.user_payload(world.users[user_id])
        if channel.guild_id is not None:
            guild = world.guilds[channel.guild_id]
            if user_id in guild.member_ids:
                resolved.setdefault("members", {})[str(user_id)] = world.member_payload(
                    guild, user_id, with_user=False, with_permissions=True)

    def component_data(self, channel: FakeChannel, component: JSON, values: list[Any] | None) -> JSON:
        data: JSON = {"custom_id": component["custom_id"], "component_type": component["type"]}
        if component["type"] == 2:
            return data
        ids = [str(as_id(v)) if component["type"] != 3 else str(v) for v in values or []]
        data["values"] = ids
        resolved: dict[str, dict[str, JSON]] = {}
        for raw in ids if component["type"] != 3 else []:
            target = int(raw)
            if target in self.world.users:
                self._resolve_user(channel, target, resolved)
            elif target in self.world.channels:
                self._encode(channel, CHANNEL, target, resolved)
            else:
                self._encode(channel, ROLE, target, resolved)
        if resolved:
            data["resolved"] = resolved
        return data

    # -- callbacks ------------------------------------------------------------------------------------

    def record_for_callback(self, interaction_id: str, token: str) -> InteractionRecord:
        try:
            record = self.records[int(interaction_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10062, "Unknown interaction") from None
        if record.token != token:
            raise ApiError(404, 10062, "Unknown interaction")
        return record

    async def callback(self, record: InteractionRecord, body: JSON, files: list[tuple[str, bytes]],
                       *, with_response: bool) -> tuple[int, JSON | None]:
        try:
            return await self._callback(record, body, files, with_response=with_response)
        except ApiError as error:
            record.errors.append(error)
            record.mark_done()
            raise

    async def _callback(self, record: InteractionRecord, body: JSON, files: list[tuple[str, bytes]],
                        *, with_response: bool) -> tuple[int, JSON | None]:
        if record.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if self.fake.now() - record.created_at > self.fake.interaction_deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        ctype = body.get("type")
        data: JSON = body.get("data") or {}
        if ctype not in ALLOWED_CALLBACKS.get(record.type, frozenset()):
            raise ApiError(400, 50035, "Invalid Form Body", limits.error_tree(
                [("type", "INTERACTION_RESPONSE_TYPE_INVALID",
                  f"Callback type {ctype} is not valid for interaction type {record.type}")]))
        source = self.world.message_index.get(record.source_message_id or 0)
        if ctype in (6, 7) and source is None:
            raise ApiError(400, 50035, "Invalid Form Body", limits.error_tree(
                [("type", "INTERACTION_RESPONSE_TYPE_INVALID", "There is no message to update")]))
        await self._apply_callback(record, int(ctype), data, files, source)
        record.response = body
        record.response_type = int(ctype)
        record.original_changed = ctype in (4, 5, 7)
        record.responded_at = self.fake.now()
        if ctype != 5:
            record.mark_done()
        if not with_response:
            return 204, None
        return 200, self._callback_response(record, int(ctype))

    async def _apply_callback(self, record: InteractionRecord, ctype: int, data: JSON,
                              files: list[tuple[str, bytes]], source: FakeMessage | None) -> None:
        if ctype == 4:
            limits.raise_if_invalid(limits.check_message(data, prefix="data", files=files))
            record.original = await self._post(record, data, files)
        elif ctype == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            record.original = await self._post(record, {"content": "", "flags": flags}, [], extra_flags=flags)
        elif ctype == 6:
            record.original = source
        elif ctype == 7:
            assert source is not None
            limits.raise_if_invalid(limits.check_message(data, prefix="data", files=files, require_body=False))
            record.original = self.world.edit_message(source, data, files)
            await self.fake.emit_message_update(source)
        elif ctype == 8:
            limits.raise_if_invalid(limits.check_choices(data.get("choices") or []))
        elif ctype == 9:
            limits.raise_if_invalid(limits.check_modal(data))
        elif ctype == LAUNCH_ACTIVITY:
            if not self.world.activities_enabled:  # the refusal's wording is the fake's own: Discord's is unpublished
                raise ApiError(400, 50035, "Invalid Form Body", limits.error_tree(
                    [("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Activities are not enabled for this application")]))
            self.world.activity_launches.append((record.user_id, record.channel_id))

    async def _post(self, record: InteractionRecord, data: JSON, files: list[tuple[str, bytes]],
                    *, extra_flags: int = 0) -> FakeMessage:
        world = self.world
        channel = world.channels[record.channel_id]
        ephemeral = bool((int(data.get("flags") or 0) | extra_flags) & EPHEMERAL)
        msg = world.create_message(
            channel, world.bot.id, data, files, flags=extra_flags,
            type=20 if record.type in (APPLICATION_COMMAND, AUTOCOMPLETE) else 0,
            visible_to=record.user_id if ephemeral else None, webhook_id=world.application_id,
        )
        msg.interaction_id = record.id
        msg.interaction_type = record.type
        msg.interaction_user_id = record.user_id
        msg.interaction_name = record.data.get("name")
        await self.fake.emit_message_create(msg)
        return msg

    def _callback_response(self, record: InteractionRecord, ctype: int) -> JSON:
        message = record.original if ctype in (4, 5, 6, 7) else None
        interaction: JSON = {
            "id": str(record.id), "type": record.type, "activity_instance_id": None,
            "response_message_id": str(message.id) if message else None,
            "response_message_loading": ctype == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        resource: JSON = {"type": ctype}
        if ctype == LAUNCH_ACTIVITY:  # the instance the launch opened (or joined)
            instance = f"i-{record.channel_id}-{self.world.application_id}"
            interaction["activity_instance_id"] = instance
            resource["activity_instance"] = {"id": instance}
        if message is not None and ctype in (4, 5, 7):
            resource["message"] = self.world.message_payload(message)
        return {"interaction": interaction, "resource": resource}

    # -- webhooks (followups and @original) -----------------------------------------------------------

    def record_for_webhook(self, application_id: str, token: str) -> InteractionRecord:
        record = self.by_token.get(token)
        if str(application_id) != str(self.world.application_id) or record is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.fake.now() - record.created_at > FOLLOWUP_WINDOW:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return record

    async def followup(self, record: InteractionRecord, body: JSON, files: list[tuple[str, bytes]],
                       *, wait: bool) -> tuple[int, JSON | None]:
        if record.response_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        limits.raise_if_invalid(limits.check_message(body, files=files))
        original = record.original
        if original is not None and original.loading and record.response_type == 5:
            # The first followup after a "thinking" defer replaces the loading message.
            msg = self.world.edit_message(original, body, files)
            record.original_changed = True
            await self.fake.emit_message_update(msg)
        else:
            msg = await self._post(record, body, files)
            record.followups.append(msg)
        record.mark_done()
        return (200, self.world.message_payload(msg)) if wait else (204, None)

    def webhook_message(self, record: InteractionRecord, message_id: str) -> FakeMessage:
        if message_id == "@original":
            msg = record.original
        else:
            msg = next((m for m in [record.original, *record.followups] if m and str(m.id) == message_id), None)
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def edit_webhook_message(self, record: InteractionRecord, message_id: str, body: JSON,
                                   files: list[tuple[str, bytes]]) -> JSON:
        msg = self.webhook_message(record, message_id)
        limits.raise_if_invalid(limits.check_message(body, files=files, require_body=False))
        self.world.edit_message(msg, body, files)
        if msg is record.original:
            record.original_changed = True
        await self.fake.emit_message_update(msg)
        record.mark_done()
        return self.world.message_payload(msg)

    async def delete_webhook_message(self, record: InteractionRecord, message_id: str) -> None:
        msg = self.webhook_message(record, message_id)
        await self.fake.delete_message(msg)
        record.mark_done()

    # -- idle bookkeeping -----------------------------------------------------------------------------

    def pending(self) -> list[InteractionRecord]:
        """Interactions a user is still waiting on (unanswered within the deadline, or still "thinking")."""
        now = self.fake.now()
        out = []
        for record in list(self._open.values()):
            if record.done:
                del self._open[record.id]
                continue
            age = now - record.created_at
            limit = FOLLOWUP_WINDOW if record.response_type == 5 else self.fake.interaction_deadline
            if age <= limit:
                out.append(record)
        return out


def _find(schema: list[JSON] | None, name: str) -> JSON | None:
    return next((o for o in schema or [] if o.get("name") == name), None)


def _check_option_value(command: str, spec: JSON, value: Any) -> None:
    """What Discord's client would refuse to send: a value outside choices, ranges or lengths."""
    name = spec["name"]
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"/{command} {name}={value!r} is not one of {[c['value'] for c in choices]}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        low, high = spec.get("min_value"), spec.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"/{command} {name}={value!r} is outside [{low}, {high}]")
    if isinstance(value, str) and spec.get("type") == STRING:
        low, high = spec.get("min_length"), spec.get("max_length")
        if (low is not None and len(value) < low) or (high is not None and len(value) > high):
            raise ValueError(f"/{command} {name} length {len(value)} is outside [{low}, {high}]")
