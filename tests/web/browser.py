"""A headless Chromium driven over its DevTools protocol (aiohttp's websocket client): open a page, read the
DOM with JavaScript, take a screenshot. Chromium comes from the distribution (``apt-get install chromium``);
without it the browser tests skip."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_browser() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


class Tab:
    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.ids = itertools.count(1)

    async def send(self, method: str, **params: Any) -> dict:
        call = next(self.ids)
        await self.socket.send_json({"id": call, "method": method, "params": params})
        async for message in self.socket:
            answer = json.loads(message.data)
            if answer.get("id") == call:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]
        raise RuntimeError("the browser closed its DevTools connection")

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result["result"].get("value")

    async def wait_for(self, expression: str, timeout: float = 10.0) -> Any:
        """Poll ``expression`` until it is truthy; its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = await self.evaluate(expression)
            if value:
                return value
            if loop.time() > deadline:
                raise AssertionError(f"the page never made {expression!r} true")
            await asyncio.sleep(0.05)

    async def open(self, url: str, width: int = 390, height: int = 844, mobile: bool = True) -> None:
        await self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                        mobile=mobile)
        await self.send("Page.enable")
        await self.send("Page.navigate", url=url)
        await self.wait_for("document.readyState === 'complete'")

    async def screenshot(self, path: Path) -> None:
        await self.wait_for("document.fonts.ready.then(() => document.fonts.status === 'loaded')")
        shot = await self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        path.write_bytes(base64.b64decode(shot["data"]))


@contextlib.asynccontextmanager
async def chromium(executable: str) -> AsyncIterator[Tab]:
    # Chromium may still be writing its profile as it exits: a leftover file must not fail the test.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = await asyncio.create_subprocess_exec(
            executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            for _ in range(300):
                if port_file.exists() and port_file.read_text().count("\n") >= 1:
                    break
                await asyncio.sleep(0.05)
            port = int(port_file.read_text().split("\n")[0])
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/json/list") as answer:
                    page = next(t for t in await answer.json() if t["type"] == "page")
                async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as socket:
                    yield Tab(socket)
        finally:
            process.terminate()
            with contextlib.suppress(ProcessLookupError):
                await asyncio.wait_for(process.wait(), 10)
