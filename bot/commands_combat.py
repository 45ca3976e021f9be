"""Germ combat's slash commands, declared once like every other command."""

from __future__ import annotations

from bot.actions import combat
from bot.command_spec import GERM, Command, Kind, Option, character_option
from rules.germ.constants import HIDING_IN_COMBAT_PENALTY

FIGHTER = "Which of your cats (default: the one in a combat)"
WHICH_COMBAT = "A cat in the combat (default: yours, or this channel's only combat)"

COMBAT_COMMANDS: tuple[Command, ...] = (
    Command(
        ("combat", "challenge"),
        "Challenge another cat to a fight; its player accepts or declines",
        combat.challenge,
        (
            Option("target", Kind.character, "The cat you challenge", True),
            character_option(),
            Option(
                "hiding",
                Kind.text,
                "Does the terrain allow hiding? (default: allowed)",
                choices=("allowed", "not-allowed"),
            ),
            Option(
                "ambush",
                Kind.text,
                "Are you hiding, to ambush them? (default: no)",
                choices=("yes", "no"),
            ),
        ),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("combat", "status"),
        "A combat's fighters, whose turn it is, wounds and last actions",
        combat.status,
        (Option("character", Kind.character, WHICH_COMBAT),),
        rulesets=GERM,
    ),
    Command(
        ("combat", "list"),
        "The combats going on in this server",
        combat.list_combats,
        rulesets=GERM,
    ),
    Command(
        ("combat", "end"),
        "Propose ending your combat by agreement (an admin ends it at once)",
        combat.propose_end,
        (Option("character", Kind.character, WHICH_COMBAT),),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("attack",),
        "On your turn: your Strength against the target's Agility",
        combat.attack,
        (
            Option("target", Kind.character, "Whom to attack (needed with three or more cats)"),
            Option("character", Kind.character, FIGHTER),
        ),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("run",),
        "On your turn: run instead of attacking; the other cat may chase",
        combat.run,
        (Option("character", Kind.character, FIGHTER),),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("hide",),
        f"On your turn: hide instead of attacking (Stealth − {HIDING_IN_COMBAT_PENALTY} against "
        "Perception)",
        combat.hide,
        (Option("character", Kind.character, FIGHTER),),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("admin", "combat", "first"),
        "Decide who attacks first in a combat",
        combat.admin_first,
        (Option("character", Kind.character, "The fighter who attacks first", True),),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("admin", "combat", "skip"),
        "Pass an absent fighter's turn to the next cat",
        combat.admin_skip,
        (Option("character", Kind.character, WHICH_COMBAT),),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("admin", "combat", "end"),
        "End a combat at once",
        combat.admin_end,
        (Option("character", Kind.character, WHICH_COMBAT),),
        admin=True,
        rulesets=GERM,
    ),
)
