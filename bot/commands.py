"""Every slash command, declared once: its path, options, who may use it and the action it runs.

Discord's command tree, the console and the README's command table are all built from this list,
so the three cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.actions import admin, characters, checks, log, roll, server_config
from bot.command_spec import (
    GERM,
    NOT_BUILT,
    REASON,
    Command,
    Kind,
    Option,
    character_option,
    not_built,
)
from bot.commands_combat import COMBAT_COMMANDS
from bot.commands_hunting import HUNTING_COMMANDS
from rules.germ.constants import MAX_POINTS_IN_STAT, POINTS_TO_SPEND
from rules.germ.sheet import STATS, Condition
from rules.rulesets import RULESETS

STAT_CHOICES = tuple(stat.value for stat in STATS)
CONTEST_CHOICES = ("strength", "charisma", "stealth")
CONDITION_CHOICES = tuple(c.value for c in Condition if not c.is_derived)

CORE_COMMANDS: tuple[Command, ...] = (
    Command(
        ("roll",),
        "Roll dice: 3d8+5, d20, d%, 5d6 evens",
        roll.roll,
        (
            Option("expression", Kind.text, "Dice to roll, e.g. 2d6+1", True, max_length=200),
            REASON,
        ),
    ),
    Command(
        ("character", "create"),
        f"Make a Germ cat: {POINTS_TO_SPEND} points over six stats, "
        f"at most {MAX_POINTS_IN_STAT} in one",
        characters.create,
        (
            Option("name", Kind.text, "The cat's name", True, max_length=32),
            *(
                Option(
                    stat.value,
                    Kind.integer,
                    f"Points in {stat.label}",
                    True,
                    min_value=0,
                    max_value=MAX_POINTS_IN_STAT,
                )
                for stat in STATS
            ),
            Option("age", Kind.integer, "Age in moons", True, min_value=0, max_value=600),
            Option("mother", Kind.character, "The cat's mother, if she is a character here"),
        ),
        rulesets=GERM,
    ),
    Command(
        ("character", "create"),
        "Make a character (this ruleset is not built yet)",
        not_built,
        (Option("name", Kind.text, "The character's name", True, max_length=32),),
        rulesets=NOT_BUILT,
    ),
    Command(
        ("character", "show"),
        "Show a character's sheet",
        characters.show,
        (Option("character", Kind.character, "Whose sheet (default: your active character)"),),
    ),
    Command(
        ("character", "list"),
        "List the server's characters",
        characters.list_characters,
        (Option("page", Kind.integer, "Page number", min_value=1),),
    ),
    Command(
        ("character", "rename"),
        "Rename one of your characters",
        characters.rename,
        (
            Option("name", Kind.text, "The new name", True, max_length=32, keyword="new_name"),
            character_option(),
        ),
    ),
    Command(
        ("character", "delete"),
        "Delete one of your characters (an admin can restore it)",
        characters.delete,
        (character_option(),),
    ),
    Command(
        ("character", "use"),
        "Choose which of your characters your commands act as",
        characters.use,
        (Option("character", Kind.character, "Your character", True),),
    ),
    Command(
        ("character", "edit"),
        "Change a cat's age or mother",
        characters.edit,
        (
            character_option(),
            Option("age", Kind.integer, "Age in moons", min_value=0, max_value=600),
            Option("mother", Kind.character, "The cat's mother"),
        ),
        rulesets=GERM,
    ),
    Command(
        ("character", "condition", "add"),
        "Give a cat a lasting condition",
        characters.add_condition,
        (
            Option("condition", Kind.text, "The condition", True, choices=CONDITION_CHOICES),
            character_option(),
        ),
        rulesets=GERM,
    ),
    Command(
        ("character", "condition", "remove"),
        "Take a lasting condition away",
        characters.remove_condition,
        (
            Option("condition", Kind.text, "The condition", True, choices=CONDITION_CHOICES),
            character_option(),
        ),
        rulesets=GERM,
    ),
    Command(
        ("check",),
        "Roll d20 + a stat, against a DC if given",
        checks.check,
        (
            Option("stat", Kind.text, "Which stat", True, choices=STAT_CHOICES),
            Option("dc", Kind.integer, "Difficulty to reach", min_value=-100, max_value=100),
            character_option(),
            REASON,
        ),
        rulesets=GERM,
    ),
    Command(
        ("check",),
        "Roll a check (this ruleset is not built yet)",
        not_built,
        rulesets=NOT_BUILT,
    ),
    Command(
        ("contest",),
        "Contest another cat: Strength, Charisma or Stealth against its counter",
        checks.start_contest,
        (
            Option("stat", Kind.text, "Your stat", True, choices=CONTEST_CHOICES),
            Option("target", Kind.character, "The cat you contest", True),
            character_option(),
            REASON,
        ),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("trust", "revoke"),
        "End full trust between two cats",
        checks.revoke_trust,
        (Option("target", Kind.character, "The other cat", True), character_option()),
        rulesets=GERM,
    ),
    Command(
        ("log",),
        "Recent rolls of a character, or of this channel",
        log.recent,
        (
            Option("character", Kind.character, "Whose rolls (default: this channel's)"),
            Option("limit", Kind.integer, "How many", min_value=1, max_value=log.MAX_LOG_LIMIT),
        ),
    ),
    Command(("config", "show"), "Show this server's settings", server_config.show),
    Command(
        ("config", "ruleset"),
        "Choose the ruleset this server plays",
        server_config.set_ruleset,
        (Option("ruleset", Kind.text, "The ruleset", True, choices=tuple(RULESETS)),),
        admin=True,
    ),
    Command(
        ("config", "timezone"),
        "Set the server's time zone",
        server_config.set_timezone,
        (Option("zone", Kind.zone, "An IANA name such as Europe/London", True),),
        admin=True,
    ),
    Command(
        ("config", "admin-role"),
        "Let a role adjudicate like Manage Server does",
        server_config.set_admin_role,
        (Option("role", Kind.role, "The admin role", True, keyword="role_id"),),
        admin=True,
    ),
    Command(
        ("admin", "export"),
        "Download this server's characters and log as JSON",
        log.export,
        admin=True,
    ),
    Command(
        ("admin", "restore"),
        "Bring back a deleted character",
        characters.restore,
        (Option("character", Kind.text, "The deleted character's name", True, max_length=32),),
        admin=True,
    ),
    Command(
        ("admin", "stats"),
        "Set a cat's stat (logged with the reason)",
        admin.set_stat,
        (
            Option("character", Kind.character, "The cat", True),
            Option("stat", Kind.text, "Which stat", True, choices=STAT_CHOICES),
            Option("value", Kind.integer, "New points", True, min_value=0, max_value=100),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("admin", "adjudicate"),
        "Override the outcome of a logged roll",
        admin.adjudicate,
        (
            Option("roll", Kind.integer, "The roll's number from /log", True, min_value=1),
            Option("outcome", Kind.text, "What happens instead", True, max_length=200),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
    ),
)


COMMANDS: tuple[Command, ...] = CORE_COMMANDS + COMBAT_COMMANDS + HUNTING_COMMANDS


def commands_for(ruleset: str) -> tuple[Command, ...]:
    """The command set a server playing `ruleset` gets."""
    return tuple(c for c in COMMANDS if c.rulesets is None or ruleset in c.rulesets)


@dataclass
class CommandIndex:
    """Commands of one ruleset by path, for the console's parser."""

    ruleset: str
    by_path: dict[tuple[str, ...], Command] = field(default_factory=dict)

    @classmethod
    def of(cls, ruleset: str) -> CommandIndex:
        return cls(ruleset, {command.path: command for command in commands_for(ruleset)})


def markdown_table() -> str:
    """The README's command table (kept equal to it by a test; print it with
    `python -m bot.commands`)."""
    rows = ["| command | rulesets | who | what it does |", "|---|---|---|---|"]
    for command in COMMANDS:
        rulesets = "all" if command.rulesets is None else ", ".join(sorted(command.rulesets))
        usage = command.usage().replace("|", "\\|")
        who = "admin" if command.admin else "anyone"
        rows.append(f"| `{usage}` | {rulesets} | {who} | {command.description} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(markdown_table())
