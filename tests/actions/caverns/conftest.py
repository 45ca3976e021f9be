"""A test that restarts its database (`services.db = await Database.open(...)`) leaves the new one
open; close it after the test, as the shared `db` fixture closes the first."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.actions.context import Services


@pytest.fixture(autouse=True)
async def close_reopened(services: Services) -> AsyncIterator[None]:
    yield
    await services.db.close()
