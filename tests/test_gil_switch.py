"""The bot's process keeps the GIL 10 ms, not Python's 5, before handing it to a waiting
thread: under a burst the event loop and a database thread took it from each other so often
that the hand-overs cost 2 % of a command's CPU (bench.paired)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from bot.config import Settings
from bot.discord import client


def test_the_bot_keeps_the_gil_longer_before_a_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """`run_bot` sets the switch interval before the event loop starts (in its own process)."""
    seen: list[float] = []

    def serving(coroutine: Any) -> None:
        seen.append(sys.getswitchinterval())
        coroutine.close()

    before = sys.getswitchinterval()
    monkeypatch.setattr(client.asyncio, "run", serving)
    try:
        assert client.run_bot(Settings(), {}) == 0
    finally:
        sys.setswitchinterval(before)
    assert seen == [client.GIL_SWITCH_S] and before < client.GIL_SWITCH_S
