"""The real `pawpost run` process against a FakeDiscord, and the checks every e2e test ends with.

``BotWorld`` owns one FakeDiscord and one database file; it starts and stops the bot as a
subprocess (env ``DISCORD_TOKEN=fake``, ``PAWPOST_DATABASE``, ``PAWPOST_TEST_DISCORD_URL``,
``PAWPOST_LOG_LEVEL=DEBUG``, and the test-only clock and dice when asked), keeps each process's
log for failure messages, and on a clean exit checks what the bot sent::

    async with bot_world(tmp_path) as world:
        await world.start()
        body = await world.command("check", {"stat": "strength"}, user=world.fake.player1)

On leaving, every bot is stopped with SIGTERM and must exit 0, and then ``check_sent`` asserts
over every request the fake recorded: no unhandled route, Discord's message and embed limits,
and ``allowed_mentions`` that never pings everyone or a role.
"""

# ruff: noqa: ASYNC109  (a `timeout=` argument on the wait helpers is the intended test API)
from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.scheduler import ROUND_DONE
from tests.e2e.fake_discord import FakeDiscord, Interaction, RequestRecord
from tests.e2e.fake_discord_state import EPHEMERAL_FLAG, Json, walk_components

READY_LINE = "ready as "
# Upper bounds, not expectations: on a 2-core machine shared with other test runs, a new
# process took 30 s to import discord.py and log its first line (a quiet one: under 2 s).
START_TIMEOUT = 90.0
STOP_TIMEOUT = 30.0
ROUND_TIMEOUT = 30.0
# Discord's limits (https://discord.com/developers/docs/resources/message).
CONTENT_LIMIT = 2000
EMBEDS_LIMIT = 10
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELDS_LIMIT = 25
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
ROWS_LIMIT = 5
BUTTONS_PER_ROW = 5
LABEL_LIMIT = 80
CUSTOM_ID_LIMIT = 100
MENTION = re.compile(r"<@!?(\d+)>")


def _pawpost_command() -> list[str]:
    """`pawpost run` from the running interpreter's environment (its console script)."""
    script = Path(sys.executable).with_name("pawpost")
    if script.exists():
        return [str(script), "run"]
    return [sys.executable, "-m", "bot.cli", "run"]


# The debug log prints whole gateway payloads on one line: a big sheet's embed passes asyncio's
# 64 KiB default for a line read from a pipe.
LOG_LINE_LIMIT = 16 * 1024 * 1024


@dataclass(eq=False)
class BotProcess:
    """One `pawpost run` subprocess and everything it logged (stdout and stderr together)."""

    proc: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    _reader: asyncio.Task[None] | None = None

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def tail(self, n: int = 60) -> str:
        """The last lines of the log, long lines (whole gateway payloads) cut; the full log is in
        the test's tmp folder."""
        return "".join(
            line if len(line) <= 400 else line[:400] + " …\n" for line in self.lines[-n:]
        )

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            self.lines.append(line.decode(errors="replace"))

    def traceback(self) -> str:
        """The log from a little before its first traceback on."""
        first = next(i for i, line in enumerate(self.lines) if "Traceback" in line)
        return "".join(self.lines[max(first - 3, 0) : first + 40])

    @property
    def running(self) -> bool:
        return self.proc.returncode is None

    async def stop(self) -> int:
        """SIGTERM, then wait for the exit; returns the exit code (killed: -9)."""
        if self.running:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.wait_for(self.proc.wait(), STOP_TIMEOUT)
        except TimeoutError:
            self.proc.kill()
            code = await self.proc.wait()
            self.lines.append(f"[test] did not stop within {STOP_TIMEOUT}s after SIGTERM\n")
        if self._reader is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._reader, 2)
        return code


@dataclass(eq=False)
class BotWorld:
    """A FakeDiscord, a database file, and the bot processes started against them."""

    fake: FakeDiscord
    tmp: Path
    database: Path | str  # an SQLite file, or a PostgreSQL URL (a fresh schema)
    processes: list[BotProcess] = field(default_factory=list)
    expect_bugs: bool = False  # the test provokes a bug on purpose: tracebacks are expected

    @property
    def bot(self) -> BotProcess:
        """The latest process."""
        return self.processes[-1]

    def environment(
        self, clock: datetime | None, dice: Iterable[int] | None, extra: dict[str, str]
    ) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("PAWPOST_") and k != "DISCORD_TOKEN"
        }
        env |= {
            "DISCORD_TOKEN": "fake",
            "PAWPOST_CONFIG": str(self.tmp / "no-config.toml"),
            "PAWPOST_DATABASE": str(self.database),
            "PAWPOST_TEST_DISCORD_URL": f"http://127.0.0.1:{self.fake.port}",
            "PAWPOST_LOG_LEVEL": "DEBUG",
            "PAWPOST_GUILD_READY_TIMEOUT": "0.05",
            "PYTHONUNBUFFERED": "1",
        }
        if clock is not None:
            env["PAWPOST_TEST_CLOCK"] = clock.isoformat()
        if dice is not None:
            env["PAWPOST_TEST_DICE"] = ",".join(str(face) for face in dice)
        return env | extra

    async def start(
        self,
        *,
        clock: datetime | None = None,
        dice: Iterable[int] | None = None,
        env: dict[str, str] | None = None,
        wait_ready: bool = True,
    ) -> BotProcess:
        """Start `pawpost run`; by default wait until it logged that it is ready (commands
        synced, scheduler started)."""
        assert not any(p.running for p in self.processes), "stop the running bot first"
        proc = await asyncio.create_subprocess_exec(
            *_pawpost_command(),
            cwd=self.tmp,
            env=self.environment(clock, dice, env or {}),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            limit=LOG_LINE_LIMIT,
        )
        bot = BotProcess(proc)
        bot._reader = asyncio.create_task(bot._read())
        self.processes.append(bot)
        if wait_ready:
            await self.wait_log(READY_LINE, START_TIMEOUT)
        return bot

    async def stop(self) -> None:
        """Stop the running bot; it must exit 0."""
        bot = self.bot
        code = await bot.stop()
        assert code == 0, f"pawpost run exited {code}; its log ends:\n{bot.tail()}"

    async def restart(self, **kwargs: Any) -> BotProcess:
        await self.stop()
        return await self.start(**kwargs)

    async def wait_log(self, text: str | re.Pattern[str], timeout: float = 5.0) -> str:
        """Wait until the latest process logs a line containing ``text`` (or matching it)."""
        bot = self.bot

        def found() -> str | None:
            for line in bot.lines:
                if (text in line) if isinstance(text, str) else text.search(line):
                    return line
            if not bot.running:
                raise AssertionError(
                    f"pawpost run exited {bot.proc.returncode} before logging {text!r}:\n"
                    f"{bot.tail()}"
                )
            return None

        try:
            return await self.fake.wait_until(found, timeout, f"bot log line {text!r}")
        except TimeoutError:
            raise AssertionError(
                f"the bot did not log {text!r} within {timeout}s; its log ends:\n{bot.tail()}"
            ) from None

    async def scheduler_round(self) -> None:
        """Wait until the latest process's scheduler has run its jobs and sent its outbox once
        (its first round starts at "ready"): what that round posts has reached the fake."""
        await self.wait_log(ROUND_DONE, ROUND_TIMEOUT)

    # ------------------------------------------------------------------ interactions
    async def command(
        self, name: str, options: Json | None = None, *, user: int, channel: str = "general"
    ) -> Json:
        """Run a slash command and return the data of the bot's answer (callback type 4)."""
        inter = await self.fake.slash(name, options, user=user, channel=channel)
        return await self.answer(inter)

    async def answer(self, inter: Interaction) -> Json:
        try:
            body = await inter.response()
        except TimeoutError:
            raise AssertionError(
                f"no answer to {inter.payload['data']}; the bot's log ends:\n{self.bot.tail()}"
            ) from None
        assert body["type"] in (4, 7), body
        return body["data"]

    async def click(self, message: Json, custom_id: str, *, user: int) -> Interaction:
        inter = await self.fake.click(message, custom_id, user=user)
        await self.answer(inter)
        return inter

    def stored(self, inter: Interaction) -> Json:
        """The message an interaction's answer made or updated, as stored now."""
        message = inter.original()
        assert message is not None, inter
        return message

    def synced_names(self) -> set[str]:
        return {c["name"] for c in self.fake.guild_commands.get(self.fake.guild_id, [])}


@contextlib.asynccontextmanager
async def bot_world(
    tmp_path: Path, *, compress: bool = False, database: str | None = None
) -> AsyncIterator[BotWorld]:
    """A FakeDiscord and a database (an SQLite file, unless `database` is a PostgreSQL URL); on
    leaving, stop the bots (exit 0) and check what was sent."""
    async with FakeDiscord(compress=compress) as fake:
        world = BotWorld(fake, tmp_path, database or tmp_path / "pawpost.sqlite3")
        failed = True
        try:
            yield world
            failed = False
        finally:
            codes = [await p.stop() for p in world.processes]
            for number, bot in enumerate(world.processes, 1):
                path = tmp_path / f"pawpost-run-{number}.log"
                path.write_text(bot.log, "utf-8")
                if failed:  # pytest shows this captured output with the failure
                    print(f"--- pawpost run #{number} (exit {bot.proc.returncode}), {path}:")
                    print(bot.tail(40))
        if not failed:
            for bot, code in zip(world.processes, codes, strict=True):
                assert code == 0, f"pawpost run exited {code}; its log ends:\n{bot.tail()}"
                if not world.expect_bugs:
                    assert "Traceback" not in bot.log, f"the bot logged a bug:\n{bot.traceback()}"
            check_sent(fake)


# ---------------------------------------------------------------------- checks over everything


def sent_bodies(fake: FakeDiscord) -> list[tuple[RequestRecord, Json]]:
    """Every message body the bot sent: interaction callbacks with a message, followups,
    webhook edits and channel posts."""
    found = []
    for record in fake.requests:
        body = record.json if isinstance(record.json, dict) else None
        if body is None or record.method not in ("POST", "PATCH"):
            continue
        if record.path.endswith("/callback"):
            if body.get("type") in (4, 7) and body.get("data") is not None:
                found.append((record, body["data"]))
        elif record.path.startswith(("/webhooks/", "/channels/")):
            found.append((record, body))
    return found


def embed_problems(embed: Json) -> list[str]:
    problems = []
    title, description = embed.get("title") or "", embed.get("description") or ""
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    fields = embed.get("fields") or []
    if len(title) > TITLE_LIMIT:
        problems.append(f"title of {len(title)} characters")
    if len(description) > DESCRIPTION_LIMIT:
        problems.append(f"description of {len(description)} characters")
    if len(footer) > FOOTER_LIMIT:
        problems.append(f"footer of {len(footer)} characters")
    if len(fields) > FIELDS_LIMIT:
        problems.append(f"{len(fields)} fields")
    total = len(title) + len(description) + len(footer) + len(author)
    for item in fields:
        name, value = item.get("name") or "", item.get("value") or ""
        if not name or not value:
            problems.append(f"an empty field name or value: {item}")
        if len(name) > FIELD_NAME_LIMIT:
            problems.append(f"field name of {len(name)} characters")
        if len(value) > FIELD_VALUE_LIMIT:
            problems.append(f"field value of {len(value)} characters")
        total += len(name) + len(value)
    if total > EMBED_TOTAL_LIMIT:
        problems.append(f"embed of {total} characters in all")
    return problems


def component_problems(components: list[Json]) -> list[str]:
    problems = []
    if len(components) > ROWS_LIMIT:
        problems.append(f"{len(components)} action rows")
    for row in components:
        if row.get("type") == 1 and len(row.get("components") or []) > BUTTONS_PER_ROW:
            problems.append(f"a row of {len(row['components'])} components")
    for comp in walk_components(components):
        if len(comp.get("label") or "") > LABEL_LIMIT:
            problems.append(f"label {comp['label']!r} is too long")
        if len(comp.get("custom_id") or "") > CUSTOM_ID_LIMIT:
            problems.append(f"custom id {comp['custom_id']!r} is too long")
    return problems


def limit_problems(body: Json) -> list[str]:
    problems = []
    content = body.get("content") or ""
    if len(content) > CONTENT_LIMIT:
        problems.append(f"content of {len(content)} characters")
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS_LIMIT:
        problems.append(f"{len(embeds)} embeds")
    for embed in embeds:
        problems += embed_problems(embed)
    if sum(sum(len(x) for x in _embed_texts(e)) for e in embeds) > EMBED_TOTAL_LIMIT:
        problems.append("embeds of more than 6000 characters together")
    problems += component_problems(body.get("components") or [])
    return problems


def _embed_texts(embed: Json) -> list[str]:
    texts = [embed.get("title") or "", embed.get("description") or ""]
    texts.append((embed.get("footer") or {}).get("text") or "")
    for item in embed.get("fields") or []:
        texts += [item.get("name") or "", item.get("value") or ""]
    return texts


def mention_problems(body: Json, members: set[int]) -> list[str]:
    """`allowed_mentions` must be set, never parse everyone or roles, and name only users the
    message mentions in its text who are members (not the bot)."""
    mentions = body.get("allowed_mentions")
    if mentions is None:
        if body.get("content") or body.get("embeds"):
            return ["no allowed_mentions (Discord would ping whatever the text names)"]
        return []
    problems = []
    parse = mentions.get("parse") or []
    if set(parse) & {"everyone", "roles"}:
        problems.append(f"allowed_mentions parse {parse}")
    if "users" in parse:
        problems.append("allowed_mentions parses every user named in the text")
    users = {int(u) for u in mentions.get("users") or []}
    named = {int(u) for u in MENTION.findall(body.get("content") or "")}
    if users - named:
        problems.append(f"allowed users {users - named} are not mentioned in the content")
    if users - members:
        problems.append(f"allowed users {users - members} are not players of the server")
    if mentions.get("roles"):
        problems.append(f"allowed roles {mentions['roles']}")
    return problems


def check_sent(fake: FakeDiscord) -> None:
    """What every e2e test ends with: nothing unhandled, limits and mentions everywhere."""
    assert fake.unhandled == [], f"requests the fake did not know: {fake.unhandled}"
    members = {uid for uid in fake.member_roles if uid != fake.bot_user}
    problems = []
    for record, body in sent_bodies(fake):
        for problem in limit_problems(body) + mention_problems(body, members):
            problems.append(f"{record.method} {record.path}: {problem}")
    assert problems == [], "\n".join(problems)


# ---------------------------------------------------------------------- small readers


@contextlib.contextmanager
def write_lock(database: Path) -> Iterator[sqlite3.Connection]:
    """Hold the database's write lock from another connection, as another process would."""
    other = sqlite3.connect(database, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield other
        if other.in_transaction:
            other.execute("ROLLBACK")
    finally:
        other.close()


def text_of(data: Json) -> str:
    """Everything a reader sees in a message body: content, titles, descriptions, fields."""
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += _embed_texts(embed)
    return "\n".join(p for p in parts if p)


def custom_ids(message: Json) -> list[str]:
    return [
        c["custom_id"] for c in walk_components(message.get("components") or []) if "custom_id" in c
    ]


def find_id(message: Json, pattern: str) -> str:
    """The custom id on ``message`` matching the regex ``pattern``."""
    found = [cid for cid in custom_ids(message) if re.fullmatch(pattern, cid)]
    assert len(found) == 1, f"{pattern!r} among {custom_ids(message)}"
    return found[0]


def is_ephemeral(data: Json) -> bool:
    return bool(int(data.get("flags") or 0) & EPHEMERAL_FLAG)


def one_sentence(text: str) -> bool:
    """A single line ending in a full stop, with no second sentence after it."""
    return "\n" not in text and text.endswith(".") and not re.search(r"[.!?] [A-Z]", text)


def pinged(data: Json) -> set[int]:
    """Users the message would ping: mentioned in the content and allowed."""
    allowed = data.get("allowed_mentions") or {}
    users = {int(u) for u in allowed.get("users") or []}
    return {int(u) for u in MENTION.findall(data.get("content") or "")} & users


# A valid Germ sheet: 22 points, at most 8 in a stat.
EVEN_SHEET = dict(strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3)


async def create_cat(world: BotWorld, name: str, *, user: int, age: int = 12, **stats: int) -> Json:
    """`/character create` with a valid 22-point sheet (or the stats given); returns the answer."""
    options: Json = {"name": name, **EVEN_SHEET, **stats, "age": age}
    body = await world.command("character create", options, user=user)
    assert "joins the server" in text_of(body), body
    return body
