"""Taking Risks' slash commands: making a cat, Risks, Style, Reputations and healing."""

from __future__ import annotations

from bot.actions.cat import cats, days, reputation, risks, style
from bot.commands.spec import REASON, Command, Kind, Option, character_option
from rules.cat.constants import (
    MAX_POOL_DICE,
    NEW_CAT_BEST_TRAITS,
    NEW_CAT_GOOD_TRAITS,
    NEW_CAT_REPUTATION_POINTS,
    NEW_CAT_STRONG_TRAITS,
)
from rules.cat.risks import Difficulty
from rules.cat.sheet import TRAITS

CAT = frozenset({"cat"})
TRAIT_CHOICES = tuple(trait.value for trait in TRAITS)
DIFFICULTY_CHOICES = tuple(difficulty.value for difficulty in Difficulty)

CAT_COMMANDS: tuple[Command, ...] = (
    Command(
        ("character", "create"),
        f"Make a cat: {NEW_CAT_BEST_TRAITS} Best, {NEW_CAT_STRONG_TRAITS} Strong and "
        f"{NEW_CAT_GOOD_TRAITS} Good traits, {NEW_CAT_REPUTATION_POINTS} Reputation points",
        cats.create,
        (
            Option("name", Kind.text, "The cat's name", True, max_length=32),
            Option("best", Kind.text, "The Best trait", True, choices=TRAIT_CHOICES),
            Option(
                "strong",
                Kind.text,
                "Three Strong traits, e.g. claws, coat, legs",
                True,
                max_length=60,
            ),
            Option("good", Kind.text, "Two Good traits, e.g. face, tail", True, max_length=60),
            Option(
                "reputations",
                Kind.text,
                'Reputations and ranks, e.g. "Brave 3, Clever 2, Sly 2"',
                True,
                max_length=200,
            ),
        ),
        rulesets=CAT,
    ),
    Command(
        ("risk",),
        "Take a Risk: the trait's dice and more, counting evens against Easy 1, Moderate 2, Hard 3",
        risks.risk,
        (
            Option("trait", Kind.text, "Which trait", True, choices=TRAIT_CHOICES),
            Option("difficulty", Kind.text, "How hard", True, choices=DIFFICULTY_CHOICES),
            Option(
                "advantage",
                Kind.integer,
                "Advantage dice (a player's are marked as claimed)",
                min_value=0,
                max_value=MAX_POOL_DICE,
            ),
            Option(
                "reputation", Kind.text, "A Reputation that fits: its rank in dice", max_length=32
            ),
            Option(
                "style",
                Kind.integer,
                "Banked Style to spend as automatic evens",
                min_value=0,
                max_value=1000,
            ),
            Option(
                "dangerous", Kind.text, "Does a failure scar? (default: no)", choices=("yes", "no")
            ),
            character_option(),
            REASON,
        ),
        rulesets=CAT,
    ),
    Command(
        ("style", "spend"),
        "Spend banked Style on a scene edit outside a roll (logged with its text)",
        style.spend,
        (
            Option(
                "amount", Kind.integer, "Style points to spend", True, min_value=1, max_value=1000
            ),
            Option("scene", Kind.text, "What the edit adds to the scene", True, max_length=200),
            character_option(),
        ),
        rulesets=CAT,
    ),
    Command(
        ("reputation", "grant"),
        "Witness another cat's deed: grant it a Reputation at half the rank of one of yours",
        reputation.grant,
        (
            Option("to", Kind.character, "The cat that earns it", True),
            Option("name", Kind.text, "The new Reputation, e.g. Brave", True, max_length=32),
            Option(
                "from",
                Kind.text,
                "Your own Reputation that fits (you keep it)",
                True,
                max_length=32,
                keyword="from_reputation",
            ),
            character_option("Which of your cats witnessed it (default: your active one)"),
        ),
        rulesets=CAT,
    ),
    Command(
        ("heal",),
        "Once a game week of healing is due: pick the trait a scar heals from",
        days.heal,
        (
            Option("trait", Kind.text, "Which trait", True, choices=TRAIT_CHOICES),
            character_option(),
        ),
        rulesets=CAT,
    ),
    Command(
        ("admin", "reputation", "lose"),
        "Rule that a cat acted against a Reputation: a point goes at the game day's end",
        days.lose,
        (
            Option("character", Kind.character, "The cat", True),
            Option("name", Kind.text, "The Reputation", True, max_length=32),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("admin", "reputation", "restore"),
        "Rule that a cat set a Reputation right the same game day: no point is lost",
        days.restore,
        (
            Option("character", Kind.character, "The cat", True),
            Option("name", Kind.text, "The Reputation", True, max_length=32),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=CAT,
    ),
)
