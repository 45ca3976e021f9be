"""`pawpost health`: the running bot answers on a Unix socket whether it is connected to Discord
and its database answers, for Docker's HEALTHCHECK. The socket lies beside an SQLite database
(`pawpost.sqlite3.health`), else in the temporary folder."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from storage.database import is_postgresql

log = logging.getLogger(__name__)
ANSWER_TIMEOUT_S = 5.0
# A status: whether the process is healthy, and one line saying why.
Status = Callable[[], Awaitable[tuple[bool, str]]]


def socket_path(database: str, configured: str | None = None) -> str:
    """Where the bot of this database answers."""
    if configured:
        return configured
    if is_postgresql(database):
        return str(Path(tempfile.gettempdir()) / "pawpost.health")
    return f"{database}.health"


@contextlib.asynccontextmanager
async def answering(path: str, status: Status) -> AsyncIterator[None]:
    """Answer health questions on `path` while the block runs (one line each, then closed). A
    path another process holds (or that cannot be made) is logged, and the bot runs without."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            healthy, line = await asyncio.wait_for(status(), ANSWER_TIMEOUT_S)
        except Exception as error:  # the health answer itself must never take the bot down
            healthy, line = False, f"the health check failed: {type(error).__name__}"
        writer.write(f"{'ok' if healthy else 'unhealthy'}: {line}\n".encode())
        with contextlib.suppress(OSError):
            await writer.drain()
        writer.close()

    if await _answers(path):
        log.warning("another process answers health checks at %s; this one does not", path)
        yield
        return
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)  # a socket left by a process that died
    try:
        server = await asyncio.start_unix_server(answer, path)
    except OSError as error:
        log.warning("cannot answer health checks at %s: %s", path, error.strerror)
        yield
        return
    try:
        yield
    finally:
        server.close()
        with contextlib.suppress(OSError):
            os.unlink(path)


async def _answers(path: str) -> bool:
    try:
        _, writer = await asyncio.wait_for(asyncio.open_unix_connection(path), 1.0)
    except (OSError, TimeoutError):
        return False
    writer.close()
    return True


async def ask(path: str) -> tuple[bool, str]:
    """Ask the bot at `path`; (healthy, its line), or (False, why nobody answered)."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_unix_connection(path), ANSWER_TIMEOUT_S
        )
    except (OSError, TimeoutError) as error:
        cause = getattr(error, "strerror", None) or "it did not answer in time"
        return False, f"no bot answers at {path} ({cause})"
    try:
        line = (await asyncio.wait_for(reader.readline(), ANSWER_TIMEOUT_S * 2)).decode().strip()
    except TimeoutError:
        return False, f"the bot at {path} did not answer in time"
    finally:
        writer.close()
    return line.startswith("ok:"), line or f"the bot at {path} closed without answering"


async def timed(work: Callable[[], Awaitable[object]]) -> float:
    """How long `work` takes, in milliseconds."""
    started = time.monotonic()
    await work()
    return (time.monotonic() - started) * 1000
