"""A server's command set: the shared commands, the shared features its ruleset takes, and the
ruleset's own. Discord's command tree, the console and the README's table are all built from it,
so the three cannot drift apart."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from bot.commands.clock import CLOCK_COMMANDS
from bot.commands.core import CORE_COMMANDS, MESSAGE_COMMANDS
from bot.commands.gm import GM_COMMANDS
from bot.commands.hunting import HUNTING_COMMANDS
from bot.commands.spec import Command
from bot.registry import RULESETS
from bot.ruleset import Ruleset


def _resolved(command: Command, registry: Mapping[str, Ruleset]) -> Command:
    """A shared command with the rulesets it is for: those that take its feature, less those
    that declare a command of the same path themselves (their own replaces it)."""
    own = frozenset(
        r.id for r in registry.values() if any(c.path == command.path for c in r.commands)
    )
    if command.feature is not None:
        takers = frozenset(r.id for r in registry.values() if command.feature in r.features)
        return replace(command, rulesets=takers - own)
    if own and command.rulesets is None:
        return replace(command, rulesets=frozenset(registry) - own)
    return command


def all_commands(registry: Mapping[str, Ruleset] = RULESETS) -> tuple[Command, ...]:
    """Every declaration once, each with the rulesets it is for (None: every ruleset)."""
    shared = tuple(
        _resolved(c, registry)
        for c in CORE_COMMANDS + GM_COMMANDS + CLOCK_COMMANDS + HUNTING_COMMANDS
    )
    return shared + tuple(c for ruleset in registry.values() for c in ruleset.commands)


COMMANDS: tuple[Command, ...] = all_commands()


def commands_for(ruleset: str, commands: tuple[Command, ...] = COMMANDS) -> tuple[Command, ...]:
    """The command set a server playing `ruleset` gets."""
    return tuple(c for c in commands if c.rulesets is None or ruleset in c.rulesets)


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
    `python -m bot.commands.catalog`)."""
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


if __name__ == "__main__":
    print(markdown_table())
