"""The fake Discord's OAuth2, as Discord publishes it (topics/oauth2): the token exchange takes a form with
the client's credentials (in the form or as HTTP Basic), a code is single use, and a Bearer token reads
/users/@me and nothing else; the bot's own token keeps reading the bot's /users/@me."""

from __future__ import annotations

import base64

import aiohttp


def basic(user: str, password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


async def test_the_token_exchange_and_users_me_answer_as_discord_does(fake_world):
    fake, alice = fake_world.fake, fake_world.alice
    oauth = fake.oauth
    async with aiohttp.ClientSession() as http:
        url = f"{fake.api_base}/oauth2/token"
        form = {"grant_type": "authorization_code", "code": oauth.issue_code(alice.id)}
        async with http.post(url, json={**form, "client_id": oauth.client_id,
                                        "client_secret": oauth.client_secret}) as answer:
            assert answer.status == 400 and (await answer.json())["error"] == "invalid_request"
        client = basic(oauth.client_id, oauth.client_secret)
        async with http.post(url, data={**form, "grant_type": "client_credentials"}, headers=client) as answer:
            assert answer.status == 400 and (await answer.json())["error"] == "unsupported_grant_type"
        async with http.post(url, data=form, headers=basic(oauth.client_id, "wrong")) as answer:
            assert answer.status == 401 and (await answer.json())["error"] == "invalid_client"
        async with http.post(url, data=form, headers=client) as answer:
            grant = await answer.json()
            assert answer.status == 200 and grant["token_type"] == "Bearer" and grant["scope"] == "identify"
            assert grant["expires_in"] == 604800 and grant["refresh_token"]
        me = f"{fake.api_base}/users/@me"
        async with http.get(me, headers={"Authorization": f"Bearer {grant['access_token']}"}) as answer:
            user = await answer.json()
            assert answer.status == 200 and user["id"] == str(alice.id) and user["username"] == "alice"
        async with http.get(f"{fake.api_base}/users/{alice.id}",
                            headers={"Authorization": f"Bearer {grant['access_token']}"}) as answer:
            assert answer.status == 404, "an identify token reads /users/@me only"
        async with http.get(me, headers={"Authorization": "Bearer forged"}) as answer:
            assert answer.status == 401 and (await answer.json()) == {"message": "401: Unauthorized", "code": 0}
        fake.advance(604801)
        async with http.get(me, headers={"Authorization": f"Bearer {grant['access_token']}"}) as answer:
            assert answer.status == 401, "an access token lives seven days"
        async with http.get(me, headers={"Authorization": "Bot any-token"}) as answer:
            assert (await answer.json())["id"] == str(fake.bot_user_id), "the bot's own /users/@me is unchanged"
