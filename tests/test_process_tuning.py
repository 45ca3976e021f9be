"""The bot's process: its event loop is uvloop's where uvloop is installed (asyncio's on
Windows), it keeps the GIL 10 ms, not Python's 5, before handing it to a waiting thread, and it
looks for cycles among its young objects every 10,000, not 700. Under a burst asyncio's loop
cost 3-5 % of a command's CPU more, the hand-overs 2 % and the collector 4-6 % (bench.paired)."""

from __future__ import annotations

import asyncio
import gc
import sys
from typing import Any

import pytest

from bot import process
from bot.config import Settings
from bot.discord import client


def test_the_bot_switches_threads_and_collects_young_objects_less_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`run_bot` sets both before the event loop starts (in its own process)."""
    seen: list[tuple[float, int]] = []

    def serving(coroutine: Any) -> None:
        seen.append((sys.getswitchinterval(), gc.get_threshold()[0]))
        coroutine.close()

    switch, threshold = sys.getswitchinterval(), gc.get_threshold()
    monkeypatch.setattr(client, "run_loop", serving)
    try:
        assert client.run_bot(Settings(), {}) == 0
    finally:
        sys.setswitchinterval(switch)
        gc.set_threshold(*threshold)
    assert seen == [(process.GIL_SWITCH_S, process.YOUNG_OBJECTS_A_COLLECTION)]
    assert switch < process.GIL_SWITCH_S and threshold[0] < process.YOUNG_OBJECTS_A_COLLECTION


def test_the_benchmark_times_the_bots_work_in_a_process_tuned_as_the_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`pawpost bench` runs tuned as `pawpost run` is, and leaves the process as it was."""
    from bot import cli
    from bot.bench import run

    seen: list[tuple[float, int]] = []

    async def timing(*_: Any) -> None:
        seen.append((sys.getswitchinterval(), gc.get_threshold()[0]))

    monkeypatch.setattr(run, "bench", timing)
    before = (sys.getswitchinterval(), gc.get_threshold())
    assert cli.main(["bench", "--tick-only"]) == 0
    assert seen == [(process.GIL_SWITCH_S, process.YOUNG_OBJECTS_A_COLLECTION)]
    assert (sys.getswitchinterval(), gc.get_threshold()) == before


async def _loop_module(into: list[str]) -> None:
    into.append(type(asyncio.get_running_loop()).__module__)


def test_the_bot_runs_on_uvloop_where_it_is_installed() -> None:
    pytest.importorskip("uvloop")  # installed everywhere but Windows (pyproject.toml)
    seen: list[str] = []
    client.run_loop(_loop_module(seen))
    assert seen[0].startswith("uvloop")


def test_without_uvloop_the_bot_runs_on_asyncios_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as on Windows: the import fails
    seen: list[str] = []
    client.run_loop(_loop_module(seen))
    assert seen[0].startswith("asyncio")
