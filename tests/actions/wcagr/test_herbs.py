"""`/herb` shows an entry's fields; an unknown herb is one sentence."""

from __future__ import annotations

import pytest

from bot.actions.wcagr.herbs import herb
from rules.errors import PawpostError
from tests.conftest import ALICE, actor


async def test_the_herb_command(services) -> None:
    reply = await herb(services, actor(ALICE), "Tansy")
    assert reply.title == "Tansy" and reply.ephemeral
    assert [f.name for f in reply.fields] == ["Description", "Location", "Usage"]
    with pytest.raises(PawpostError, match="no nightshade"):
        await herb(services, actor(ALICE), "nightshade")
