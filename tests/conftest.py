"""Fixtures every test layer shares: a real SQLite file in a temp folder, a clock, dice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.actions.context import Actor, Services
from rules.dice import ScriptedDice
from rules.rulesets import RULESETS, RulesetInfo
from storage.database import Database

GUILD = 1000
OTHER_GUILD = 2000
CHANNEL = 10
ALICE = 101
BOB = 102
CAROL = 103
ADMIN = 900


class Clock:
    """A clock tests move by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class Dice(ScriptedDice):
    """Scripted dice a test can load more faces into as it goes."""

    def __init__(self) -> None:
        super().__init__([])

    def load(self, *faces: int) -> None:
        self._faces.extend(faces)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "pawpost.sqlite3")
    yield database
    await database.close()


UNBUILT = "unbuilt"  # a ruleset a server may pick whose rules are not built (every real one is)


@pytest.fixture
def unbuilt_ruleset(monkeypatch: pytest.MonkeyPatch) -> str:
    """A fifth, not-built ruleset in the pure registry, for the core's "not built yet" path."""
    monkeypatch.setitem(RULESETS, UNBUILT, RulesetInfo(UNBUILT, "Unbuilt Game", None))
    return UNBUILT


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 11, 30, 12, 0, tzinfo=UTC))


@pytest.fixture
def dice() -> Dice:
    return Dice()


@pytest.fixture
def services(db: Database, dice: Dice, clock: Clock) -> Services:
    return Services(db=db, dice=dice, clock=clock)


def actor(user: int, *, guild: int = GUILD, admin: bool = False, channel: int = CHANNEL) -> Actor:
    return Actor(guild_id=guild, channel_id=channel, user_id=user, is_admin=admin)


def dump(path: str) -> list[str]:
    """Every row of every table, to compare the database before and after a refusal."""
    import sqlite3

    with sqlite3.connect(path) as connection:
        return list(connection.iterdump())


FIREPAW = {
    "name": "Firepaw",
    "strength": 4,
    "agility": 4,
    "charisma": 4,
    "intelligence": 4,
    "stealth": 3,
    "perception": 3,
    "age": 12,
}
TIGERCLAW = {
    "name": "Tigerclaw",
    "strength": 6,
    "agility": 4,
    "charisma": 2,
    "intelligence": 2,
    "stealth": 4,
    "perception": 4,
    "age": 40,
}


def cat(name: str, **changes: int | str) -> dict[str, int | str]:
    """A valid Germ sheet for `/character create` under another name."""
    return {**FIREPAW, "name": name, **changes}
