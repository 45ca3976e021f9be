"""The README's command table is the command list, and no two commands collide."""

from __future__ import annotations

import re
from pathlib import Path

from bot.commands.catalog import COMMANDS, commands_for, markdown_table
from bot.discord.tree import build_command_set
from rules.rulesets import RULESETS

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_lists_every_command_exactly() -> None:
    text = README.read_text("utf-8")
    block = re.search(r"<!-- commands:start -->\n(.*?)\n<!-- commands:end -->", text, re.S)
    assert block is not None, "README has no command table markers"
    assert block.group(1).strip() == markdown_table(), (
        "README's command table is out of date: replace it with `python -m bot.commands.catalog`"
    )


def test_readme_quick_start_has_the_three_commands() -> None:
    text = README.read_text("utf-8")
    for line in (
        "pip install -e . && pawpost console",
        "DISCORD_TOKEN=... pawpost run",
        "pip install -e '.[test]' && pytest",
    ):
        assert line in text


def test_no_two_commands_of_a_ruleset_collide() -> None:
    for ruleset in RULESETS:
        paths = [command.path for command in commands_for(ruleset)]
        assert len(paths) == len(set(paths)), ruleset
        # A group cannot also be a command: "/character" and "/character show" cannot coexist.
        prefixes = {path[:n] for path in paths for n in range(1, len(path))}
        assert not prefixes & set(paths), ruleset


def test_every_ruleset_gets_the_generic_commands() -> None:
    generic = {command.path for command in COMMANDS if command.rulesets is None}
    for ruleset in RULESETS:
        assert generic <= {command.path for command in commands_for(ruleset)}


class _FakeBot:
    async def complete_character(self, interaction, current):  # pragma: no cover - not called
        return []

    async def complete_zone(self, interaction, current):  # pragma: no cover - not called
        return []

    def completer(self, completion):
        async def complete(interaction, current):  # pragma: no cover - not called
            return []

        return complete


async def _invoke(interaction, command, arguments):  # pragma: no cover - not called
    return None


def test_every_command_builds_for_discord() -> None:
    for ruleset in RULESETS:
        built = build_command_set(ruleset, _invoke, _FakeBot())  # type: ignore[arg-type]
        names = [command.name for command in built]
        assert len(names) == len(set(names))
        assert len(names) <= 100  # Discord's limit of guild commands
