"""OAuth2 as Discord publishes it, for an Activity's sign-in (docs: topics/oauth2, activities/development-guides).

What the Discord client does when a member accepts an Activity's ``commands.authorize`` is :meth:`OAuth.issue_code`
(the driver's call: the fake has no client). The app's server then trades the code:

    POST /api/v10/oauth2/token   application/x-www-form-urlencoded: grant_type=authorization_code, code,
                                 [redirect_uri]; the client's id and secret in the form or as HTTP Basic auth
        200 {"access_token", "token_type": "Bearer", "expires_in", "refresh_token", "scope"}
        400 {"error": "invalid_grant"} an unknown, used, expired or another client's code
        400 {"error": "unsupported_grant_type"} / {"error": "invalid_request"} (not a form)
        401 {"error": "invalid_client"} a wrong client id or secret

    GET /api/v10/users/@me       Authorization: Bearer <access_token> (scope ``identify``)
        200 the user object; 401 {"message": "401: Unauthorized", "code": 0} for any other token

A code is single use and lives ten minutes; an access token seven days (``expires_in`` 604800), as Discord's.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qsl

from aiohttp import web

from .parts import OAuthHost

CODE_LIFETIME = 600.0
TOKEN_LIFETIME = 604800


@dataclass
class Grant:
    user_id: int
    client_id: str
    scopes: tuple[str, ...]
    expires_at: float


class OAuth:
    def __init__(self, fake: OAuthHost) -> None:
        self.fake = fake
        #: The application's client secret (Developer Portal, OAuth2 page); its client id is the application id.
        self.client_secret = "fake-client-secret-" + secrets.token_urlsafe(12)
        self.codes: dict[str, Grant] = {}
        self.tokens: dict[str, Grant] = {}
        #: Every token exchange asked of the fake, answered or not: (status, error or None).
        self.exchanges: list[tuple[int, str | None]] = []

    @property
    def client_id(self) -> str:
        return str(self.fake.application_id)

    def issue_code(self, user_id: int, scopes: tuple[str, ...] = ("identify",), *, client_id: str | None = None) -> str:
        """The code the Discord client hands ``commands.authorize`` once the member accepts."""
        code = secrets.token_urlsafe(22)
        self.codes[code] = Grant(user_id, client_id or self.client_id, scopes, self.fake.now() + CODE_LIFETIME)
        return code

    def _refuse(self, status: int, error: str, description: str) -> web.Response:
        self.exchanges.append((status, error))
        return web.json_response({"error": error, "error_description": description}, status=status)

    async def token(self, request: web.Request) -> web.Response:
        if not request.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
            return self._refuse(400, "invalid_request", "Request body must be application/x-www-form-urlencoded")
        form = dict(parse_qsl((await request.read()).decode("utf-8", "replace")))
        client_id, client_secret = form.get("client_id"), form.get("client_secret")
        basic = request.headers.get("Authorization", "")
        if basic.startswith("Basic "):
            try:
                client_id, _, client_secret = base64.b64decode(basic[6:]).decode().partition(":")
            except (ValueError, UnicodeDecodeError):
                return self._refuse(401, "invalid_client", "Invalid client")
        if client_id != self.client_id or not secrets.compare_digest(str(client_secret or ""), self.client_secret):
            return self._refuse(401, "invalid_client", "Invalid client")
        if form.get("grant_type") != "authorization_code":
            return self._refuse(400, "unsupported_grant_type", "Unsupported grant type")
        grant = self.codes.pop(form.get("code", ""), None)  # single use: gone even when refused below
        if grant is None or grant.client_id != client_id or grant.expires_at < self.fake.now():
            return self._refuse(400, "invalid_grant", 'Invalid "code" in request.')
        access = secrets.token_urlsafe(24)
        self.tokens[access] = Grant(grant.user_id, client_id, grant.scopes, self.fake.now() + TOKEN_LIFETIME)
        self.exchanges.append((200, None))
        return web.json_response({"access_token": access, "token_type": "Bearer", "expires_in": TOKEN_LIFETIME,
                                  "refresh_token": secrets.token_urlsafe(24), "scope": " ".join(grant.scopes)})

    async def bearer(self, request: web.Request, path: str) -> web.Response:
        """A call with a Bearer token: only ``GET /users/@me`` (scope ``identify``) is served here."""
        grant = self.tokens.get(request.headers.get("Authorization", "")[len("Bearer "):])
        if grant is None or grant.expires_at < self.fake.now() or "identify" not in grant.scopes:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        if request.method != "GET" or path != "/users/@me":
            return web.json_response({"message": "404: Not Found", "code": 0}, status=404)
        world = self.fake.world
        return web.json_response({**world.user_payload(world.user(grant.user_id)), "locale": "en-US",
                                  "mfa_enabled": False, "flags": 0, "premium_type": 0})
