"""Who is acting and what every action is given: the database, the dice and the clock."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast, overload

from bot.actions.about import finish
from bot.actions.free_text import clean_arguments
from bot.actions.reply import Reply
from rules.dice import DiceSource, SystemDice
from storage.database import Database
from storage.settings import GuildSettings

if TYPE_CHECKING:
    from bot.ruleset import Ruleset


@dataclass(frozen=True)
class Actor:
    """The member behind a command: their server, channel, user id and admin standing.

    `is_admin` is what the transport knows (Discord's Manage Server permission); a configured
    admin role is checked against `role_ids` once the server's settings are loaded.
    """

    guild_id: int
    channel_id: int
    user_id: int
    is_admin: bool = False
    role_ids: frozenset[int] = field(default_factory=frozenset)
    display_name: str = ""
    # The biggest file the transport may attach in answer (Discord's per-server upload limit);
    # None: no limit known.
    upload_limit: int | None = None

    def admin_in(self, settings: GuildSettings) -> bool:
        # @everyone (whose id is the server's) is refused as the admin role; one stored before
        # that was refused makes no one an admin.
        role = settings.admin_role_id
        return self.is_admin or (
            role is not None and role != self.guild_id and role in self.role_ids
        )


@dataclass(frozen=True)
class Upload:
    """A file a member attached to a command: where Discord keeps it, and its type."""

    url: str
    content_type: str | None = None
    filename: str = ""


def utc_now() -> datetime:
    return datetime.now(UTC)


# Why members' tagged messages are not re-posted as characters, when they are not.
PROXYING_OFF = (
    "Posting by proxy tags is off on this bot: its operator turns it on with proxying = true in "
    "config.toml (or PAWPOST_PROXYING=1) and the Message Content intent in Discord's Developer "
    "Portal (the README says how)."
)
NO_MESSAGE_CONTENT = (
    "Posting by proxy tags is on in this bot's config, but Discord does not give the bot the "
    "Message Content intent: its operator turns it on in the Developer Portal (Bot, Privileged "
    "Gateway Intents) and restarts the bot."
)


@dataclass
class Services:
    """What actions need from outside: passed in, never imported as globals. The rulesets
    come from the composition root (`bot/cli.py` passes `bot/registry.py`'s; a test its own).
    `proxying_off` says why tagged messages are not proxied (None: they are)."""

    db: Database
    dice: DiceSource = field(default_factory=SystemDice)
    clock: Callable[[], datetime] = utc_now
    rulesets: Mapping[str, Ruleset] = field(kw_only=True)
    proxying_off: str | None = PROXYING_OFF
    # Fetches the image a link serves, refusing in one sentence what is none (the bot's; the
    # console fetches nothing and takes any https link).
    fetch_image: Callable[[str], Awaitable[bytes]] | None = None

    def ruleset(self, ruleset_id: str) -> Ruleset | None:
        """The built ruleset of that id, or None when it is not built yet."""
        return self.rulesets.get(ruleset_id)


P = ParamSpec("P")
R = TypeVar("R")


Verb = Callable[Concatenate[Services, P], R]
InDatabase = Callable[Concatenate[Services, P], Coroutine[Any, Any, R]]


@overload
def runs_in_database(verb: Verb[P, R], /) -> InDatabase[P, R]: ...


@overload
def runs_in_database(
    *, read_only: bool = False, quick: bool = False
) -> Callable[[Verb[P, R]], InDatabase[P, R]]: ...


def runs_in_database(
    verb: Verb[P, R] | None = None, /, *, read_only: bool = False, quick: bool = False
) -> InDatabase[P, R] | Callable[[Verb[P, R]], InDatabase[P, R]]:
    """A verb whose whole unit of work (reads, rules, writes and the reply) runs in the database
    thread in one hop; the caller awaits it and the event loop stays free meanwhile.

    `@runs_in_database(read_only=True)` declares a verb that only reads (its transactions are
    `transaction(write=False)`): it runs in the read thread, so it is answered while a write
    waits for a lock or a long unit holds the database thread. Should it write after all, it
    fails at once (`WriteInReadOnlyUnit`), in tests as in play.

    `quick=True` declares a unit of a few rows by index whose size does not grow with the
    server, saving the hop to a thread and back: with `read_only` (`/character show`) it runs on
    the event loop's own read connection (`Database.run_quick`); without, one write
    transaction (a roll and its audit row: `/check`) runs on the loop's own write connection
    while the database thread has nothing to do (`Database.run_quick_write`). Either gives way
    to its thread when it meets a lock, so the loop never waits on SQLite."""

    def wrap(verb: Verb[P, R]) -> InDatabase[P, R]:
        @functools.wraps(verb)
        async def in_database(services: Services, /, *args: P.args, **kwargs: P.kwargs) -> R:
            args, kwargs = clean_arguments(verb, args, kwargs)  # type: ignore[assignment]
            unit = functools.partial(_noted, verb, services, *args, **kwargs)
            if quick:
                if read_only:
                    return await services.db.run_quick(unit)
                return await services.db.run_quick_write(unit)
            if read_only:
                return await services.db.run_read_only(unit)
            return await services.db.run(unit)

        return in_database

    return wrap if verb is None else wrap(verb)


def _noted(verb: Callable[..., R], services: Services, *args: Any, **kwargs: Any) -> R:
    """Run a verb in the database thread and give its reply what its unit of work noted: the
    time, the audit id, its character's avatar and colour (bot.actions.about)."""
    notes = services.db.notes
    notes.clear()
    result = verb(services, *args, **kwargs)
    if isinstance(result, Reply):
        return cast(R, finish(services, result, notes))
    return result
