"""The database thread holds results back while more work is queued (issue 33: every hand-back
wakes the loop, and both threads then fight for the GIL on every statement), yet no result
waits behind a long unit: results are handed back once at most one unit is left queued."""

from __future__ import annotations

import asyncio
import threading

from storage.worker import DatabaseThread


async def test_no_result_waits_behind_a_long_unit() -> None:
    thread = DatabaseThread(asyncio.get_running_loop())
    release = threading.Event()
    try:
        quick = [thread.submit(lambda n=n: n) for n in range(5)]
        long = thread.submit(lambda: release.wait(10))
        # every quick result comes back while the long unit is still running
        assert await asyncio.wait_for(asyncio.gather(*quick), 5) == list(range(5))
        assert not long.done()
        release.set()
        assert await long is True
    finally:
        release.set()
        thread.stop()
