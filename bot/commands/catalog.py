"""A server's command set: the shared commands, the shared features its ruleset takes, and the
ruleset's own, with the descriptions of their groups. Discord's command tree, the console and
the table of docs/commands.md are all built from it, so the three cannot drift apart.

Each is built from the rulesets it is given (the composition root's registry, or a test's);
`COMMANDS` and `markdown_table` are those of `bot/registry.py`, the rulesets Pawpost ships.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from bot.commands.clock import CLOCK_COMMANDS, CLOCK_GROUPS
from bot.commands.core import CORE_COMMANDS, CORE_GROUPS, MESSAGE_COMMANDS
from bot.commands.gm import GM_COMMANDS, GM_GROUPS
from bot.commands.help import HELP
from bot.commands.hunting import HUNTING_COMMANDS, HUNTING_GROUPS
from bot.commands.spec import Command, Groups, Kind
from bot.commands.voices import VOICE_COMMANDS, VOICE_GROUPS
from bot.registry import RULESETS
from bot.ruleset import Ruleset
from rules.rulesets import RULESETS as PICKABLE

SHARED_GROUPS: Groups = {
    **CORE_GROUPS,
    **GM_GROUPS,
    **VOICE_GROUPS,
    **CLOCK_GROUPS,
    **HUNTING_GROUPS,
}


def _resolved(command: Command, registry: Mapping[str, Ruleset]) -> Command:
    """A shared command as `registry` makes it: a feature's command with the rulesets that take
    the feature, less those that declare a command of the same path themselves (their own
    replaces it); an option naming a ruleset with the rulesets a server can pick."""
    own = frozenset(
        r.id for r in registry.values() if any(c.path == command.path for c in r.commands)
    )
    if command.feature is not None:
        takers = frozenset(r.id for r in registry.values() if command.feature in r.features)
        command = replace(command, rulesets=takers - own)
    elif own and command.rulesets is None:
        command = replace(command, rulesets=frozenset(registry) - own)
    if any(option.kind is Kind.ruleset for option in command.options):
        ids = tuple(dict.fromkeys([*PICKABLE, *registry]))
        options = tuple(
            replace(option, choices=ids) if option.kind is Kind.ruleset else option
            for option in command.options
        )
        command = replace(command, options=options)
    return command


def all_commands(registry: Mapping[str, Ruleset] = RULESETS) -> tuple[Command, ...]:
    """Every declaration once, each with the rulesets it is for (None: every ruleset)."""
    shared = tuple(
        _resolved(c, registry)
        for c in (
            HELP,
            *CORE_COMMANDS,
            *GM_COMMANDS,
            *VOICE_COMMANDS,
            *CLOCK_COMMANDS,
            *HUNTING_COMMANDS,
        )
    )
    return shared + tuple(c for ruleset in registry.values() for c in ruleset.commands)


COMMANDS: tuple[Command, ...] = all_commands()


def commands_for(ruleset: str, commands: tuple[Command, ...] = COMMANDS) -> tuple[Command, ...]:
    """The command set a server playing `ruleset` gets."""
    return tuple(c for c in commands if c.rulesets is None or ruleset in c.rulesets)


@dataclass(frozen=True)
class CommandSet:
    """What a server playing `ruleset` gets: its commands, and the description of each group
    they sit in (`("config",)`, `("config", "game-day")`)."""

    ruleset: str
    commands: tuple[Command, ...]
    groups: Groups


def command_set(ruleset: str, registry: Mapping[str, Ruleset] = RULESETS) -> CommandSet:
    """A server's command set from `registry`. A group no one describes is refused here, so a
    ruleset missing one fails in the console and the tests as it would at the bot's start."""
    commands = commands_for(ruleset, all_commands(registry))
    own = registry.get(ruleset)
    groups = {**SHARED_GROUPS, **(own.groups if own is not None else {})}
    for command in commands:
        for depth in range(1, len(command.path)):
            group = command.path[:depth]
            if group not in groups:
                raise ValueError(
                    f"/{' '.join(group)} holds {command.name} but has no description: the "
                    f"ruleset {ruleset!r} gives it in its Ruleset's `groups`"
                )
    return CommandSet(ruleset, commands, groups)


@dataclass
class CommandIndex:
    """Commands of one ruleset by path, for the console's parser."""

    ruleset: str
    by_path: dict[tuple[str, ...], Command] = field(default_factory=dict)

    @classmethod
    def of(cls, ruleset: str, registry: Mapping[str, Ruleset] = RULESETS) -> CommandIndex:
        commands = command_set(ruleset, registry).commands
        return cls(ruleset, {command.path: command for command in commands})


def markdown_table() -> str:
    """The command table of docs/commands.md (kept equal to it by a test; write it there with
    `python -m bot.commands.catalog --write docs/commands.md`)."""
    rows = ["| command | rulesets | who | what it does |", "|---|---|---|---|"]
    for command in COMMANDS:
        if command.rulesets is not None and not command.rulesets:
            continue  # a "not built yet" stand-in no shipped ruleset needs
        rulesets = "all" if command.rulesets is None else ", ".join(sorted(command.rulesets))
        usage = command.usage().replace("|", "\\|")
        who = "admin" if command.admin else "anyone"
        rows.append(f"| `{usage}` | {rulesets} | {who} | {command.description} |")
    for message_command in MESSAGE_COMMANDS:  # on a message: right-click → Apps
        name, what = message_command.name, message_command.description
        rows.append(f"| Apps → `{name}` | all | anyone | {what} |")
    return "\n".join(rows)


TABLE_START = "<!-- commands:start -->"
TABLE_END = "<!-- commands:end -->"
WRITE_COMMAND = "python -m bot.commands.catalog --write docs/commands.md"
_TABLE = re.compile(re.escape(TABLE_START) + r"\n(?:.*?\n)?" + re.escape(TABLE_END), re.S)


def new_page(table: str) -> str:
    """docs/commands.md as a new page: a short introduction, then the table."""
    return f"""# Commands

Every slash command Pawpost declares, with the rulesets that have it (`all`: every server; `cat`
is Taking Risks, `caverns` Caverns and Cloiers) and who may use it. Options in brackets are
optional. `character` options autocomplete, your own characters first; when you leave
`character` out, your active character (`/character use`) or your only one is used. Inside
Discord, `/help` lists the server's own commands.

The table is written from the command declarations in `bot/commands/`; after changing one, write
it again with `{WRITE_COMMAND}`.

{TABLE_START}
{table}
{TABLE_END}
"""


def with_table(page: str, table: str) -> str:
    """`page` with `table` between its markers, the rest of it kept as it is."""
    if _TABLE.search(page) is None:
        raise ValueError(f"no {TABLE_START} … {TABLE_END} markers to put the table between")
    block = f"{TABLE_START}\n{table}\n{TABLE_END}"
    return _TABLE.sub(lambda _: block, page, count=1)


def write_table(path: Path, table: str) -> None:
    """Put `table` in the page at `path` between its markers (a new page when there is none)."""
    page = with_table(path.read_text("utf-8"), table) if path.exists() else new_page(table)
    path.write_text(page, "utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.commands.catalog",
        description="Print the command table, or write it into a page between its markers.",
    )
    parser.add_argument(
        "--write", metavar="FILE", type=Path, help="the page to write it into (docs/commands.md)"
    )
    arguments = parser.parse_args(argv)
    if arguments.write is None:
        print(markdown_table())
        return 0
    try:
        write_table(arguments.write, markdown_table())
    except (OSError, ValueError) as error:
        print(f"{arguments.write}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
