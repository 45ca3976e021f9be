"""The GM toolkit's commands, the same in every ruleset (bot/actions/gm/)."""

from __future__ import annotations

from bot.actions.gm import complete, life, scenes, sheet, undo
from bot.commands.spec import REASON, Command, Kind, Option

MOST_AMOUNT = 1000  # Health, HP or wounds an admin deals or heals at once


def _character(description: str = "The character", required: bool = True) -> Option:
    return Option("character", Kind.character, description, required)


def _reason() -> Option:
    return Option("reason", Kind.text, "Why (shown in the log)", True, max_length=200)


def _amount(what: str) -> Option:
    return Option("amount", Kind.integer, what, True, min_value=1, max_value=MOST_AMOUNT)


GM_COMMANDS: tuple[Command, ...] = (
    Command(
        ("admin", "sheet", "show"),
        "Every settable field of a character's sheet, with its value",
        sheet.show,
        (_character(),),
        admin=True,
    ),
    Command(
        ("admin", "sheet", "set"),
        "Correct one field of a character's sheet, validated as at creation",
        sheet.set_field,
        (
            _character(),
            Option(
                "field",
                Kind.text,
                "The field, as the sheet names it",
                True,
                max_length=60,
                complete=complete.fields,
            ),
            Option("value", Kind.text, "Its new value", True, max_length=200),
            _reason(),
        ),
        admin=True,
    ),
    Command(
        ("admin", "undo"),
        "Take back an admin change (the latest, or the one numbered)",
        undo.undo,
        (
            Option("entry", Kind.integer, "The change's number from /log", min_value=1),
            REASON,
        ),
        admin=True,
    ),
    Command(
        ("admin", "damage"),
        "Hurt a character as the ruleset counts harm",
        life.damage,
        (
            _character(),
            _amount("How much harm"),
            _reason(),
            Option(
                "kind",
                Kind.text,
                "What dealt it, where the ruleset tells kinds apart",
                max_length=20,
            ),
        ),
        admin=True,
    ),
    Command(
        ("admin", "heal"),
        "Heal a character as the ruleset counts healing",
        life.heal,
        (_character(), _amount("How much healing"), _reason()),
        admin=True,
    ),
    Command(
        ("admin", "kill"),
        "A character dies (it leaves its scenes and can no longer act)",
        life.kill,
        (_character(), _reason()),
        admin=True,
    ),
    Command(
        ("admin", "revive"),
        "A dead character lives again, as the ruleset allows",
        life.revive,
        (_character(), _reason()),
        admin=True,
    ),
    Command(
        ("admin", "scene", "status"),
        "Every open scene of the server: whose turn, how long it has waited",
        scenes.status,
        admin=True,
    ),
    Command(
        ("admin", "scene", "skip"),
        "Pass an absent player's turn (in this channel's scene, or the named character's)",
        scenes.skip,
        (_character("The character whose turn is passed", required=False),),
        admin=True,
    ),
    Command(
        ("admin", "scene", "end"),
        "End a scene now (this channel's, or the named character's)",
        scenes.end,
        (_reason(), _character("A character in the scene", required=False)),
        admin=True,
    ),
)
