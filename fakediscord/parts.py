"""What the gateway, the interactions service and the REST routes may ask of the fake they serve.

:class:`~fakediscord.server.FakeDiscord` builds those three parts and hands each itself (the REST routes
also get the gateway and the interactions service they forward to); each part names the composite by the
protocol here, which lists exactly what that part uses of it. So the parts never import the server (no
import circle), and a new use of the composite shows up as a new line here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Protocol

from .models import FakeChannel, FakeMessage
from .world import World


class GatewayHost(Protocol):
    """What :class:`~fakediscord.gateway.Gateway` uses: the world it sends READY from, the token check,
    the URL it tells clients to resume at, and the activity mark that ``idle()`` waits on."""

    @property
    def world(self) -> World: ...

    @property
    def gateway_url(self) -> str: ...

    def token_ok(self, token: str) -> bool: ...

    def touch(self) -> None: ...


class MessageHost(Protocol):
    """What both the interactions service and the REST routes use: the world, the fake's clock, and the
    message events (which also wake ``wait_for_message``/``wait_for_change``)."""

    @property
    def world(self) -> World: ...

    def now(self) -> float: ...

    async def emit_message_create(self, msg: FakeMessage) -> None: ...

    async def emit_message_update(self, msg: FakeMessage) -> None: ...

    async def delete_message(self, msg: FakeMessage) -> None: ...


class InteractionsHost(MessageHost, Protocol):
    """What :class:`~fakediscord.interactions.Interactions` uses besides messages: the answer deadline."""

    @property
    def interaction_deadline(self) -> float: ...


class RestHost(MessageHost, Protocol):
    """What :class:`~fakediscord.rest.RestApi` uses besides messages: what ``GET /gateway/bot`` reports,
    the channel and thread events, the nonce repeats it records and the signal that commands were synced."""

    @property
    def gateway_url(self) -> str: ...

    @property
    def shard_count(self) -> int: ...

    @property
    def nonce_repeats(self) -> list[FakeMessage]: ...

    @property
    def commands_synced(self) -> asyncio.Event: ...

    async def emit_channel(self, event: str, channel: FakeChannel) -> None: ...

    async def emit_thread_create(self, thread: FakeChannel) -> None: ...

    async def emit_thread_members(self, thread: FakeChannel, *, added: Iterable[int] = (),
                                  removed: Iterable[int] = ()) -> None: ...


class OAuthHost(Protocol):
    """What :class:`~fakediscord.oauth.OAuth` uses: the world (its users), the application it signs in to,
    and the fake's clock (codes and tokens expire)."""

    @property
    def world(self) -> World: ...

    @property
    def application_id(self) -> int: ...

    def now(self) -> float: ...
