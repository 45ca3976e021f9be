"""Process settings: `config.toml` (optional) overlaid by environment variables, validated once."""

from __future__ import annotations

import logging
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from rules.errors import PawpostError

DEFAULT_CONFIG_FILE = "config.toml"
DEFAULT_DATABASE = "./data/pawpost.sqlite3"
# The console's own database: trying things never touches a running bot's.
CONSOLE_DATABASE = "./data/console.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseModel):
    """Everything `pawpost run` needs; see config.example.toml for each setting."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    token: SecretStr | None = None
    database: str = DEFAULT_DATABASE
    log_level: str = "INFO"
    scheduler_max_sleep_seconds: int = Field(default=3600, ge=1, le=86400)
    # Seconds discord.py waits for the servers' data at start-up before the bot is ready.
    guild_ready_timeout: float = Field(default=2.0, gt=0, le=60)
    # Several processes over Discord's gateway shards: how many shards there are in all, and
    # the range this process holds ("0-3", or one shard "2"). Unset: one process for all.
    shard_count: int | None = Field(default=None, ge=1, le=16384)
    shards: str | None = Field(default=None, pattern=r"^\d+(-\d+)?$")
    # How many `/character card` pictures are drawn at once (each is CPU work); the rest wait.
    cards_at_once: int = Field(default=2, ge=1, le=32)
    # The Unix socket where `pawpost health` asks the running bot (unset: beside an SQLite
    # database, else in the temporary folder).
    health_socket: str | None = None
    # Re-post members' messages written in a character's proxy tags (needs Discord's Message
    # Content intent, turned on in the Developer Portal, and Manage Messages): off by default.
    proxying: bool = False
    # Test-only (tests/e2e), never set in production: point discord.py at a fake Discord on
    # loopback; start the bot's clock at a fixed moment; roll these dice faces in this order.
    test_discord_url: str | None = None
    test_clock: AwareDatetime | None = None
    test_dice: tuple[int, ...] | None = None
    # Test-only: answer "thinking" at this age of an interaction instead of the usual 2 s
    # (Discord drops one not answered within 3), and give a command's database work this budget.
    test_defer_after_seconds: float | None = Field(default=None, gt=0, le=2.5)
    test_command_budget_seconds: float | None = Field(default=None, gt=0, le=600)
    # Test-only: the first wait before a failed scheduled post is tried again (usually 30 s).
    test_outbox_retry_seconds: float | None = Field(default=None, gt=0, le=3600)

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        if value not in LOG_LEVELS:
            raise ValueError(f"it is one of {', '.join(LOG_LEVELS)}, not {value!r}")
        return value

    @model_validator(mode="after")
    def _shard_range(self) -> Settings:
        if self.shards is not None and self.shard_count is None:
            raise ValueError("a range of shards needs the shard count (shard_count)")
        if self.shard_count is not None and self.shards is not None:
            first, _, last = self.shards.partition("-")
            if not 0 <= int(first) <= int(last or first) < self.shard_count:
                raise ValueError(
                    f"the shards {self.shards} are not a range within 0-{self.shard_count - 1}"
                )
        return self

    @property
    def shard_ids(self) -> list[int]:
        """The shards this process holds (all of them when no range is given)."""
        if self.shard_count is None:
            return []
        if self.shards is None:
            return list(range(self.shard_count))
        first, _, last = self.shards.partition("-")
        return list(range(int(first), int(last or first) + 1))

    @field_validator("test_dice", mode="before")
    @classmethod
    def _faces(cls, value: Any) -> Any:
        """`PAWPOST_TEST_DICE=4,17,2`: comma-separated faces."""
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value


ENVIRONMENT = {
    "DISCORD_TOKEN": "token",
    "PAWPOST_DATABASE": "database",
    "PAWPOST_LOG_LEVEL": "log_level",
    "PAWPOST_GUILD_READY_TIMEOUT": "guild_ready_timeout",
    "PAWPOST_SHARD_COUNT": "shard_count",
    "PAWPOST_SHARDS": "shards",
    "PAWPOST_HEALTH_SOCKET": "health_socket",
    "PAWPOST_PROXYING": "proxying",
    "PAWPOST_CARDS_AT_ONCE": "cards_at_once",
    "PAWPOST_TEST_DISCORD_URL": "test_discord_url",
    "PAWPOST_TEST_CLOCK": "test_clock",
    "PAWPOST_TEST_DICE": "test_dice",
    "PAWPOST_TEST_DEFER_AFTER": "test_defer_after_seconds",
    "PAWPOST_TEST_COMMAND_BUDGET": "test_command_budget_seconds",
    "PAWPOST_TEST_OUTBOX_RETRY": "test_outbox_retry_seconds",
}


def load_settings(
    path: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> Settings:
    """Read the config file (if there is one) and the environment. A named file that is missing,
    a malformed file, an unknown key or a bad value is a `PawpostError` with one sentence."""
    environ = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}  # where each value came from, for the sentence about it
    file = (
        Path(path) if path is not None else Path(environ.get("PAWPOST_CONFIG", DEFAULT_CONFIG_FILE))
    )
    if file.exists():
        try:
            values.update(tomllib.loads(file.read_text("utf-8")))
            sources.update((key, str(file)) for key in values)
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            raise PawpostError(f"{file} is not valid TOML: {error}.") from None
    elif path is not None:
        raise PawpostError(f"There is no config file at {file}.")
    for variable, key in ENVIRONMENT.items():
        if environ.get(variable):
            values[key] = environ[variable]
            sources[key] = f"{variable} (environment)"
    if isinstance(values.get("log_level"), str):
        values["log_level"] = values["log_level"].upper()
    try:
        return Settings.model_validate(values)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"]) or "config"
        source = sources.get(str(problem["loc"][0]) if problem["loc"] else "", str(file))
        if problem["type"] == "extra_forbidden":
            raise PawpostError(f"{source}: {where} is not a setting Pawpost knows.") from None
        message = str(problem["msg"]).removeprefix("Value error, ")
        raise PawpostError(f"{source}: {where}: {message}.") from None


def settings_with_shards(settings: Settings, count: int | None, shards: str | None) -> Settings:
    """The settings with `pawpost run --shard-count N --shards a-b` over the file's and the
    environment's; a bad range is one sentence."""
    values = settings.model_dump()
    if count is not None:
        values["shard_count"] = count
    if shards is not None:
        values["shards"] = shards
    try:
        return Settings.model_validate(values)
    except ValidationError as error:
        problem = error.errors()[0]
        raise PawpostError(f"--shards: {problem['msg'].removeprefix('Value error, ')}.") from None


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
