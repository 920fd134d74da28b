"""A real PostgreSQL server for the tests (the ``pgserver`` wheel carries its binaries): started once per
test session, on first use, deleted at its end; a fresh database per test, copied from a migrated
template and dropped after the test."""

from __future__ import annotations

import asyncio
import itertools
import shutil
import tempfile
import threading
import warnings
from pathlib import Path

import pytest

TEMPLATE = "dueltable_template"


class PostgresCluster:
    """One server for the session; ``new_database`` is sync so any fixture can call it."""

    def __init__(self) -> None:
        self.root: Path | None = None
        self.server = None
        self._names = itertools.count(1)
        self._lock = threading.Lock()
        self.created: list[str] = []  # databases of the running test, dropped after it

    def _start(self):
        if self.server is None:
            with warnings.catch_warnings():  # platformdirs: no XDG_RUNTIME_DIR in CI containers
                warnings.simplefilter("ignore")
                import pgserver

                # Not under pytest's basetemp: as root, pgserver runs the server as a user of its own, and
                # another pytest session starting meanwhile resets that folder to 0700, locking it out.
                self.root = Path(tempfile.mkdtemp(prefix="dueltable-pg-"))
                self.server = pgserver.get_server(self.root / "data", cleanup_mode="delete")
            self.server.psql(f"CREATE DATABASE {TEMPLATE};")
            _in_thread(_migrate(self.server.get_uri(TEMPLATE)))
        return self.server

    def new_database(self, *, migrated: bool = True) -> str:
        """The URL of a new database: migrated (a copy of the template) or empty."""
        with self._lock:
            server = self._start()
            name = f"test_{next(self._names)}"
            template = TEMPLATE if migrated else "template0"
            server.psql(f"CREATE DATABASE {name} TEMPLATE {template};")
            self.created.append(name)
            return server.get_uri(name)

    def drop_created(self) -> None:
        """Drop the test's databases (each is a few MB on disk; a whole run makes hundreds)."""
        with self._lock:
            if self.server is not None and self.created:
                self.server.psql("".join(f"DROP DATABASE IF EXISTS {name} WITH (FORCE);" for name in self.created))
            self.created.clear()

    def close(self) -> None:
        if self.server is not None:
            self.server.cleanup()
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)


async def _migrate(url: str) -> None:
    from bot.store import Store

    store = await Store.open(url)
    await store.close()


def _in_thread(coroutine) -> None:
    # Fixtures may run inside the test's event loop; the template is migrated on a loop of its own.
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # re-raised in the caller
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


@pytest.fixture(scope="session")
def postgres_cluster():
    cluster = PostgresCluster()
    yield cluster
    cluster.close()


@pytest.fixture(autouse=True)
def _drop_test_databases(postgres_cluster):
    yield
    postgres_cluster.drop_created()


@pytest.fixture
def postgres_url(postgres_cluster) -> str:
    """A fresh, migrated PostgreSQL database for one test."""
    return postgres_cluster.new_database()


def pytest_addoption(parser):
    parser.addoption("--e2e-postgres", action="store_true",
                     help="run every bot the tests start (tests/e2e/table.py make_bot) on PostgreSQL, a fresh"
                          " database per SQLite path the test names")


@pytest.fixture(autouse=True)
def _bots_on_postgres(request):
    """With --e2e-postgres: the whole end-to-end suite on PostgreSQL (a restart reuses its database)."""
    if not request.config.getoption("--e2e-postgres"):
        yield
        return
    from tests.e2e import table

    cluster = request.getfixturevalue("postgres_cluster")
    urls: dict[str, str] = {}
    original = table.e2e_settings

    def on_postgres(database, **overrides):
        if str(database) not in urls:
            urls[str(database)] = cluster.new_database()
        overrides.setdefault("database_url", urls[str(database)])
        return original(database, **overrides)

    table.e2e_settings = on_postgres
    try:
        yield
    finally:
        table.e2e_settings = original
