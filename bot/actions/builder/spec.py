"""What a ruleset declares for its sheet builder: the draft's steps and its validation.

The core stores the draft, renders the steps as buttons, selects and modals, and calls the
ruleset's functions; it knows nothing of any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.actions.context import Actor
    from bot.actions.reply import Reply, ReplyField
    from rules.dice import DiceSource
    from storage.models import Character
    from storage.repositories import Transaction
    from storage.settings import Guild, GuildSettings

Choices = dict[str, Any]  # a draft's choices so far, by key (JSON values)

COUNTERS_PER_ROW = 2  # each takes two buttons, − and +
ROWS = 5  # Discord's rows of components in one message
PICKS_PER_ROW = 5  # the buttons that choose which select a builder of several picks shows


@dataclass(frozen=True)
class Counter:
    """A number chosen with − and + buttons (Germ: a stat)."""

    key: str
    label: str
    # The lowest and highest the number may be now, given the other choices (points left).
    bounds: Callable[[GuildSettings, Choices], tuple[int, int]]
    start: int = 0


@dataclass(frozen=True)
class FormField:
    """A text box of a form; a `number` must be a whole number."""

    key: str
    label: str
    required: bool = True
    number: bool = False
    max_length: int = 100
    placeholder: str = ""


@dataclass(frozen=True)
class Form:
    """A button that opens a modal of up to five text boxes (Germ: name, age and mother)."""

    label: str
    title: str
    fields: tuple[FormField, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.fields) <= 5:
            raise ValueError(f"the form {self.title!r} needs one to five fields")


@dataclass(frozen=True)
class Pick:
    """A select of options, each (label, value), offered by the server's settings, or by the
    settings and the choices so far (`offered`, when set: a class's skillsets). A builder with
    several picks shows one select at a time and a button for each pick (its `label`)."""

    key: str
    placeholder: str
    options: Callable[[GuildSettings], list[tuple[str, str]]]
    label: str = ""
    offered: Callable[[GuildSettings, Choices], list[tuple[str, str]]] | None = None
    # What picking a value gives (a race's attribute and trait), shown under its label.
    describe: Callable[[str], str] | None = None

    def options_for(self, settings: GuildSettings, choices: Choices) -> list[tuple[str, str]]:
        if self.offered is not None:
            return self.offered(settings, choices)
        return self.options(settings)


Step = Counter | Form | Pick


@dataclass(frozen=True)
class Builder:
    """A ruleset's builder. Its functions run inside the verb's one transaction.

    `problems` says what still stands between the draft and a character, one sentence each
    (none: Create is enabled); `create` makes the character, through the same validation as
    the ruleset's `/character create`, and answers as it does (rolling with the bot's dice
    where creation rolls, as a Moon Patron Totem does).
    """

    steps: tuple[Step, ...]
    title: Callable[[Choices], str]
    start: Callable[[GuildSettings], Choices]
    lines: Callable[[GuildSettings, Choices], list[str]]
    preview: Callable[[Transaction, Guild, Choices], list[ReplyField]]
    problems: Callable[[Transaction, Actor, Guild, Choices], list[str]]
    create: Callable[[Transaction, Actor, Guild, Choices, datetime, DiceSource], Reply]
    # An "All points" form setting every counter at once (many points over many counters)
    all_points: bool = False
    # A turned-down sheet reopened (issue 30): `choices_of` maps a character's sheet back to
    # the choices that make it again; `replace` puts the sheet the choices make, checked exactly
    # as `create` checks them, in place of the character's (`editing.store`: its id, profile
    # and history kept) and answers with what else its player is told (its lines) and, in
    # its `announce`, what the channel sees (a Germ mother asked to accept the kit).
    choices_of: Callable[[Transaction, Guild, Character], Choices] | None = None
    replace: (
        Callable[[Transaction, Actor, Guild, Choices, Character, datetime, DiceSource], Reply]
        | None
    ) = None

    def __post_init__(self) -> None:
        counters = sum(isinstance(step, Counter) for step in self.steps)
        picks = sum(isinstance(step, Pick) for step in self.steps)
        pick_rows = -(-picks // PICKS_PER_ROW) if picks > 1 else 0
        # The forms and Create share one row, the select takes one.
        rows = -(-counters // COUNTERS_PER_ROW) + 1 + min(picks, 1) + pick_rows
        # The forms, All points (with counters) and Create share one row of five.
        forms = sum(isinstance(step, Form) for step in self.steps) + self.all_points
        if rows > ROWS or forms > 4:
            raise ValueError("a builder's steps must fit one message's five rows")
