"""The shape of a slash command declaration: path, typed options, handler, who may use it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bot.actions.context import Actor, Services
from bot.actions.reply import Reply
from rules.rulesets import RULESETS, RulesetNotBuilt

if TYPE_CHECKING:
    from bot.ruleset import Feature
    from storage.repositories import Transaction

Handler = Callable[..., Awaitable[Reply]]
# Autocomplete that reads the server's data: (services, transaction, guild id, user id, what
# was typed, the other options typed so far) -> (label, value) suggestions.
Completion = Callable[
    [Services, "Transaction", int, int, str, Mapping[str, Any]], Sequence[tuple[str, str]]
]


class Kind(StrEnum):
    """What an option holds; Discord validates the type, ranges and choices itself."""

    text = "text"
    integer = "integer"
    character = "character"  # a character name, autocompleted, the caller's own first
    channel = "channel"
    role = "role"
    user = "user"
    zone = "zone"  # an IANA time zone, autocompleted
    attachment = "attachment"  # a file the member attaches (bot.actions.context.Upload)
    npc = "npc"  # an NPC's name, autocompleted
    saved_roll = "saved-roll"  # a saved roll's name, autocompleted from the character's
    ruleset = "ruleset"  # a ruleset's id: its choices are the registered rulesets (catalog)


@dataclass(frozen=True)
class Option:
    name: str
    kind: Kind
    description: str
    required: bool = False
    choices: tuple[str, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    max_length: int | None = None
    # The action's keyword when it differs from the option's name (Python keywords, clashes).
    keyword: str | None = None
    # Autocomplete from a fixed list: what was typed -> (label, value) suggestions.
    suggest: Callable[[str], Sequence[tuple[str, str]]] | None = None
    # Autocomplete from the server's data (a sheet's fields, a roll's outcomes).
    complete: Completion | None = None

    @property
    def argument(self) -> str:
        return self.keyword or self.name.replace("-", "_")


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]
    description: str
    handler: Handler
    options: tuple[Option, ...] = ()
    admin: bool = False
    rulesets: frozenset[str] | None = None  # None: every ruleset (that has `feature`)
    feature: Feature | None = None  # a shared part only some rulesets take
    schedules: bool = False  # it may create timed work: the scheduler looks again after it

    @cached_property
    def name(self) -> str:
        return "/" + " ".join(self.path)

    def usage(self) -> str:
        parts = [self.name]
        for option in self.options:
            shown = f"{option.name}:<{'|'.join(option.choices) or option.kind.value}>"
            parts.append(shown if option.required else f"[{shown}]")
        return " ".join(parts)


# A message command's action: (services, actor, the message's id, its text).
MessageHandler = Callable[[Services, Actor, int, str], Awaitable[Reply]]


@dataclass(frozen=True)
class MessageCommand:
    """A command on a message (right-click → Apps), for every ruleset."""

    name: str
    description: str  # for the README; Discord shows message commands by name only
    handler: MessageHandler


def not_built(services: Services, actor: Actor, **_: Any) -> Awaitable[Reply]:
    async def refuse() -> Reply:
        guild = await services.db.read(lambda tx: tx.guilds.get(actor.guild_id))
        raise RulesetNotBuilt(guild.ruleset)

    return refuse()


# The descriptions of command groups, by path: ("config",) for /config, ("config", "game-day")
# for /config game-day. Whoever declares commands in a group declares its description.
Groups = Mapping[tuple[str, ...], str]

NOT_BUILT = frozenset(ruleset for ruleset, info in RULESETS.items() if info.sheet is None)
REASON = Option("reason", Kind.text, "Why (shown in the log)", max_length=200)


def character_option(
    description: str = "Which of your characters (default: your active one)",
) -> Option:
    return Option("character", Kind.character, description)
