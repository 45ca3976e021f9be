"""What a ruleset gives the bot: one `Ruleset` object per ruleset, listed in `bot/registry.py`.

The core reads a ruleset only through these fields, so it never names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from datetime import datetime

    from bot.actions.builder.spec import Builder
    from bot.actions.buttons import ButtonHandler
    from bot.actions.contests import ContestRules
    from bot.actions.game_time import GameDay
    from bot.actions.reply import Card, ReplyField
    from bot.bench.mix import RulesetBench
    from bot.commands.spec import Command
    from bot.gm import GmTools
    from bot.outbox import Post
    from bot.scheduler import Job
    from rules.dice import DiceSource, DiceWord
    from rules.rulesets import RulesetInfo
    from rules.seasons import Season
    from storage.models import AuditEntry, Character, IdRange
    from storage.repositories import Transaction
    from storage.settings import Guild, GuildSettings


class Feature(StrEnum):
    """Shared parts a ruleset may take, with their commands (`Command.feature`)."""

    HUNTING = "hunting"  # once-a-day hunts, the weekly reminders and reports, away marks
    SEASONS = "seasons"  # the Clans' seasons, set by hand or turning by themselves


NEVER_STARVES = 2**31  # what `fails_until_starving` answers in a ruleset without starvation


class Hunger(Hashable, Protocol):
    """How hunting's weekly bookkeeping reads and changes a ruleset's starvation."""

    def fails_until_starving(self, fail_streak: int, youngest_kit_moons: int | None) -> int:
        """How many more failed hunts in a row would starve a cat that is not starving yet
        (`youngest_kit_moons`: the age of a mother's youngest kit, None for no kits)."""
        ...

    def missed_hunt(
        self, fail_streak: int, starving: bool, youngest_kit_moons: int | None
    ) -> tuple[int, bool, bool]:
        """A missed week counted as a failed hunt: (fail streak, starving, became starving)."""
        ...

    def starving_kits(self, ages: Mapping[int, int]) -> list[int]:
        """Of a newly starving mother's kits (id -> age in moons), those starving with her."""
        ...


SheetFields = Callable[["Transaction", "Character"], "list[ReplyField]"]
CardLayout = Callable[["Transaction", "Character"], "Card"]
# A game day's work for a server; returns the lines of that day's summary.
GameDayHook = Callable[["Transaction", "Guild", "GameDay"], "list[str]"]
# The same with the dice, for a ruleset whose game days roll (WCAGR's illnesses).
SunriseHook = Callable[["Transaction", "Guild", "GameDay", "DiceSource"], "list[str]"]
# The server's characters (all live ones, the ids given, or a slice of a moon tick) grow `moons`
# moons older; what it returns is posted (kept in the outbox in the same transaction), e.g. a
# choice to ask a player.
MoonHook = Callable[
    ["Transaction", "Guild", int, "Sequence[int] | IdRange | None"], "Sequence[Post] | None"
]
Export = Callable[["Transaction", int], dict[str, Any]]
# A sheet's values by name, for saved rolls (`1d20+{stealth}`): name -> value. It takes the
# ruleset's own sheet model.
RollValues = Callable[[Any], "Mapping[str, int]"]
# An admin's override of a logged roll (`/admin adjudicate`): applies what follows from the new
# outcome and returns (the outcome as logged, lines saying what changed); None for a roll whose
# outcome is free text with nothing following from it. Refuses a wrong outcome with PawpostError.
Adjudicate = Callable[
    ["Transaction", "Guild", "AuditEntry", str, "datetime"], "tuple[str, list[str]] | None"
]


@dataclass(frozen=True)
class WaitingSheet:
    """A sheet a ruleset keeps waiting for an admin outside the core's queue (a WCAGR cat over
    ten moons is not made until approved): listed in `/admin approvals` with its two buttons,
    and shown to its player."""

    name: str
    user_id: int
    what: str  # why it waits, as the player's words say it ("a cat of 12 moons")
    created_at: datetime
    approve_id: str  # the custom ids of its Approve and Refuse buttons
    refuse_id: str


# The ruleset's waiting sheets in a server (of one player, when given), oldest first, at most
# `limit`.
WaitingSheets = Callable[["Transaction", int, "int | None", int], "list[WaitingSheet]"]


@dataclass(frozen=True)
class Ruleset:
    rules: RulesetInfo  # id, name and sheet model: the pure part, which storage reads too
    commands: tuple[Command, ...]
    sheet_fields: SheetFields
    features: frozenset[Feature] = frozenset()
    buttons: Mapping[tuple[str, str], ButtonHandler] = field(default_factory=dict)
    jobs: tuple[Job, ...] = ()
    hunger: Hunger | None = None
    contest: ContestRules | None = None  # its contests, answered through the shared flow
    on_game_day: GameDayHook | None = None
    on_sunrise: SunriseHook | None = None  # a game day's work that rolls dice
    on_moon: MoonHook | None = None
    season_hunting: Callable[[Season], str] | None = None  # what a season means for hunting
    settings_field: Callable[[GuildSettings], ReplyField] | None = None  # in /config show
    export: Export | None = None  # the ruleset's own section of `/admin export`
    builder: Builder | None = None  # the steps of `/character new`; None: it has none yet
    bench: RulesetBench[Any] | None = None  # its verbs and mix for `pawpost bench`
    adjudicate: Adjudicate | None = None  # what an override of its rolls changes
    card: CardLayout | None = None  # what `/character card` shows of its sheets
    gm: GmTools | None = None  # what the GM toolkit's verbs mean for its sheets and scenes
    waiting: WaitingSheets | None = None  # its own sheets waiting for an admin, if it keeps any
    dice_words: tuple[DiceWord, ...] = ()  # its words after dice in /roll (`5d6 evens`)
    roll_values: RollValues | None = None  # its sheets' values by name in saved rolls
    groups: Mapping[tuple[str, ...], str] = field(default_factory=dict)  # its command groups

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def ages(self) -> bool:
        """Whether its characters grow older: a ruleset declares it by giving `on_moon`."""
        return self.on_moon is not None
