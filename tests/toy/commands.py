"""Toy's slash commands and its one command group, declared as a real ruleset declares them."""

from __future__ import annotations

from bot.commands.spec import Command, Groups, Kind, Option, character_option
from tests.toy import actions
from tests.toy.rules import CHECK_DC_MAX, LUCK_MAX

TOY = frozenset({actions.TOY})

TOY_GROUPS: Groups = {("luck",): "Toy: a character's Luck"}

TOY_COMMANDS: tuple[Command, ...] = (
    Command(
        ("character", "create"),
        "Make a Toy character with its Luck",
        actions.create,
        (
            Option("name", Kind.text, "The character's name", True, max_length=32),
            Option("luck", Kind.integer, "Luck, 0-5", True, min_value=0, max_value=LUCK_MAX),
        ),
        rulesets=TOY,
    ),
    Command(
        ("check",),
        "Roll d6 + Luck against a DC",
        actions.roll_check,
        (
            Option("dc", Kind.integer, "The DC", True, min_value=1, max_value=CHECK_DC_MAX),
            character_option(),
        ),
        rulesets=TOY,
    ),
    Command(
        ("luck", "show"),
        "A character's Luck and the hardest check it can pass",
        actions.show_luck,
        (character_option(),),
        rulesets=TOY,
    ),
)
