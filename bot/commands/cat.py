"""Taking Risks' slash commands: making a cat, Risks, Style, Reputations, healing, fights,
magic, and the Narrator's rulings."""

from __future__ import annotations

from bot.actions.cat import (
    cats,
    config,
    days,
    fights,
    foe_flow,
    magic,
    narrator,
    reputation,
    risks,
    style,
    wounds,
)
from bot.actions.lookup import MAX_NAME_LENGTH
from bot.commands.spec import REASON, Command, Groups, Kind, Option, character_option
from rules.cat.constants import (
    CLAIMED_ADVANTAGE_MOST,
    MAX_POOL_DICE,
    MAX_REPUTATION_NAME_LENGTH,
    MOST_FOES,
    MOST_STYLE_SPENT,
    NEW_CAT_BEST_TRAITS,
    NEW_CAT_GOOD_TRAITS,
    NEW_CAT_REPUTATION_POINTS,
    NEW_CAT_STRONG_TRAITS,
    SCAR_TIMEOUT_HOURS,
)
from rules.cat.dreams import DreamChange
from rules.cat.risks import Difficulty
from rules.cat.sheet import TRAITS

CAT = frozenset({"cat"})
TRAIT_CHOICES = tuple(trait.value for trait in TRAITS)
DIFFICULTY_CHOICES = tuple(difficulty.value for difficulty in Difficulty)
DREAM_CHOICES = tuple(change.value for change in DreamChange)
MOST_HOURS_OF_SLEEP = 24  # a day's sleep; more regains nothing more
MOST_FOE_SCARS = 100  # how many scars an admin's foe can take at the most

CAT_GROUPS: Groups = {
    ("fight",): "Fights between characters, by the server's ruleset",
    ("style",): "Taking Risks: banked Style spent on the scene",
    ("reputation",): "Taking Risks: Reputations granted, lost and set right",
    ("admin", "reputation"): "Taking Risks: Reputations granted, lost and set right",
    ("admin", "bauble"): "Taking Risks: the Bauble Curse started and ended",
}

CAT_COMMANDS: tuple[Command, ...] = (
    Command(
        ("character", "create"),
        f"Make a cat: {NEW_CAT_BEST_TRAITS} Best, {NEW_CAT_STRONG_TRAITS} Strong and "
        f"{NEW_CAT_GOOD_TRAITS} Good traits, {NEW_CAT_REPUTATION_POINTS} Reputation points",
        cats.create,
        (
            Option("name", Kind.text, "The cat's name", True, max_length=MAX_NAME_LENGTH),
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
                "reputation",
                Kind.text,
                "A Reputation that fits: its rank in dice",
                max_length=MAX_REPUTATION_NAME_LENGTH,
            ),
            Option(
                "style",
                Kind.integer,
                "Banked Style to spend as automatic evens",
                min_value=0,
                max_value=MOST_STYLE_SPENT,
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
                "amount",
                Kind.integer,
                "Style points to spend",
                True,
                min_value=1,
                max_value=MOST_STYLE_SPENT,
            ),
            Option("scene", Kind.text, "What the edit adds to the scene", True, max_length=200),
            character_option(),
        ),
        rulesets=CAT,
    ),
    Command(
        ("style", "ready"),
        "Set banked Style aside for your cat's next fight roll, as automatic evens (0: none)",
        style.ready,
        (
            Option(
                "amount",
                Kind.integer,
                "Style points to spend on the next fight roll",
                True,
                min_value=0,
                max_value=MOST_STYLE_SPENT,
            ),
            character_option(),
        ),
        rulesets=CAT,
    ),
    Command(
        ("scars",),
        "The scars your cat still owes, with the buttons to place them",
        wounds.owed,
        (character_option(),),
        rulesets=CAT,
    ),
    Command(
        ("reputation", "grant"),
        "Witness another cat's deed: grant it a Reputation at half the rank of one of yours",
        reputation.grant,
        (
            Option("to", Kind.character, "The cat that earns it", True),
            Option(
                "name",
                Kind.text,
                "The new Reputation, e.g. Brave",
                True,
                max_length=MAX_REPUTATION_NAME_LENGTH,
            ),
            Option(
                "from",
                Kind.text,
                "Your own Reputation that fits (you keep it)",
                True,
                max_length=MAX_REPUTATION_NAME_LENGTH,
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
            Option(
                "name", Kind.text, "The Reputation", True, max_length=MAX_REPUTATION_NAME_LENGTH
            ),
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
            Option(
                "name", Kind.text, "The Reputation", True, max_length=MAX_REPUTATION_NAME_LENGTH
            ),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("fight", "cat"),
        "Pick a one-round fight with another cat: its player answers with Claws, Fangs or a dodge",
        fights.challenge,
        (
            Option("target", Kind.character, "The cat you fight", True),
            Option(
                "with",
                Kind.text,
                "What you fight with",
                True,
                choices=("claws", "fangs"),
                keyword="with_",
            ),
            character_option("Which of your cats fights (default: your active one)"),
            REASON,
            Option(
                "style",
                Kind.integer,
                "Banked Style to spend as automatic evens (default: what you readied)",
                min_value=0,
                max_value=MOST_STYLE_SPENT,
            ),
        ),
        rulesets=CAT,
    ),
    Command(
        ("fight", "foe"),
        "Set a non-cat on a cat: its dice and the scars it takes; rounds go on by button",
        foe_flow.start,
        (
            Option("name", Kind.text, "The foe, e.g. Boggin", True, max_length=MAX_NAME_LENGTH),
            Option(
                "dice",
                Kind.integer,
                "The foe's dice each round",
                True,
                min_value=1,
                max_value=MAX_POOL_DICE,
            ),
            Option(
                "scars",
                Kind.integer,
                "Scars that put it out of the fight",
                True,
                min_value=1,
                max_value=MOST_FOE_SCARS,
            ),
            character_option("The cat that fights it (default: your active one)"),
            Option(
                "count",
                Kind.integer,
                "How many of them (default 1); a cat already fighting gets them as well",
                min_value=1,
                max_value=MOST_FOES,
            ),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("trick",),
        "Play a Trick: 1 Magic Point for the Tail's dice, each extra one an Advantage die",
        magic.trick,
        (
            Option(
                "name",
                Kind.text,
                "Which Trick",
                True,
                max_length=40,
                suggest=magic.trick_suggestions,
            ),
            Option(
                "extra-mp",
                Kind.integer,
                "Extra Magic Points, an Advantage die each",
                min_value=0,
                max_value=MAX_POOL_DICE,
            ),
            Option(
                "tier",
                Kind.text,
                "A variable Trick's tier (default: your Tail's)",
                choices=("good", "strong", "best"),
            ),
            Option(
                "style",
                Kind.integer,
                "Banked Style to spend as automatic evens",
                min_value=0,
                max_value=MOST_STYLE_SPENT,
            ),
            character_option(),
        ),
        rulesets=CAT,
    ),
    Command(
        ("sleep",),
        "Sleep: one Magic Point back per hour",
        magic.nap,
        (
            Option(
                "hours",
                Kind.integer,
                "Hours of sleep",
                True,
                min_value=1,
                max_value=MOST_HOURS_OF_SLEEP,
            ),
            character_option(),
        ),
        rulesets=CAT,
    ),
    Command(
        ("dream",),
        "Change the Dreamscape with a Tail Risk: 1 to 5 evens, by the change",
        magic.dream,
        (
            Option("change", Kind.text, "What the cat changes", True, choices=DREAM_CHOICES),
            Option(
                "advantage",
                Kind.integer,
                "Advantage dice (a player's are marked as claimed)",
                min_value=0,
                max_value=MAX_POOL_DICE,
            ),
            Option(
                "reputation",
                Kind.text,
                "A Reputation that fits: its rank in dice",
                max_length=MAX_REPUTATION_NAME_LENGTH,
            ),
            Option(
                "style",
                Kind.integer,
                "Banked Style to spend as automatic evens",
                min_value=0,
                max_value=MOST_STYLE_SPENT,
            ),
            character_option(),
        ),
        rulesets=CAT,
    ),
    Command(
        ("admin", "advantage"),
        "Grant a cat Advantage dice for its next Risk (shown as granted, not claimed)",
        narrator.advantage,
        (
            Option("character", Kind.character, "The cat", True),
            Option(
                "dice", Kind.integer, "Advantage dice", True, min_value=1, max_value=MAX_POOL_DICE
            ),
            REASON,
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("admin", "wet"),
        "A cat is drenched: no magic until the game day ends",
        narrator.wet,
        (
            Option("character", Kind.character, "The cat", True),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("admin", "bauble", "start"),
        "A bauble in sight holds a cat: no Risk but three Hard Tail Risks to break free",
        narrator.bauble_start,
        (
            Option("character", Kind.character, "The cat", True),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("admin", "bauble", "end"),
        "The bauble is gone or still: free a cat from the Bauble Curse",
        narrator.bauble_end,
        (
            Option("character", Kind.character, "The cat", True),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("config", "trick-evens"),
        "The evens a Trick needs at its Good, Strong and Best tiers (default 1, 2, 3)",
        config.trick_evens,
        (
            Option(
                "good",
                Kind.integer,
                "Evens at the Good tier",
                True,
                min_value=1,
                max_value=MAX_POOL_DICE,
            ),
            Option(
                "strong",
                Kind.integer,
                "Evens at the Strong tier",
                True,
                min_value=1,
                max_value=MAX_POOL_DICE,
            ),
            Option(
                "best",
                Kind.integer,
                "Evens at the Best tier",
                True,
                min_value=1,
                max_value=MAX_POOL_DICE,
            ),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("config", "claimed-advantage"),
        f"How many Advantage dice a player may claim on a roll (default {CLAIMED_ADVANTAGE_MOST})",
        config.claimed_advantage,
        (
            Option(
                "most",
                Kind.integer,
                "Dice a player may claim (0: only the Narrator grants them)",
                True,
                min_value=0,
                max_value=MAX_POOL_DICE,
            ),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("config", "scar-timeout"),
        f"Hours owed scars wait before the Narrator places them (default {SCAR_TIMEOUT_HOURS})",
        config.scar_timeout,
        (
            Option(
                "hours",
                Kind.integer,
                "Hours to wait",
                True,
                min_value=config.MIN_SCAR_TIMEOUT_HOURS,
                max_value=config.MAX_SCAR_TIMEOUT_HOURS,
            ),
        ),
        admin=True,
        rulesets=CAT,
    ),
    Command(
        ("config", "bauble-curse"),
        "When a cat breaks the Bauble Curse: at its first success (default) or its third try",
        config.bauble_curse,
        (
            Option(
                "free-at",
                Kind.text,
                "first-success or third-risk",
                True,
                choices=(config.FIRST_SUCCESS, config.THIRD_RISK),
            ),
        ),
        admin=True,
        rulesets=CAT,
    ),
)
