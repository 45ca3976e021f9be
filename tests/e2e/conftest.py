"""Shared fixtures for end-to-end tests against the fake Discord server."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tests.conftest import BACKENDS
from tests.e2e.fake_discord import FakeDiscord, discord_py_pointed_at


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord on 127.0.0.1 (plain JSON gateway frames)."""
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
def discord_py_at_fake(fake_discord: FakeDiscord) -> Iterator[FakeDiscord]:
    """The fake, with discord.py in this process pointed at it (restored afterwards)."""
    with discord_py_pointed_at(fake_discord):
        yield fake_discord


@pytest.fixture(params=BACKENDS)
def e2e_database(request: pytest.FixtureRequest) -> str | None:
    """For the few e2e tests run on both backends: None (the world's SQLite file) or the URL
    of a fresh PostgreSQL schema, so the real client path is covered on each."""
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgresql_schema"))
    return None
