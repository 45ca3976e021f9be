"""Germ's slash commands: making and changing cats, checks and contests, combat, hunting."""

from __future__ import annotations

from bot.actions.germ import cats, checks, combat, mothers
from bot.actions.germ import config as germ_config
from bot.actions.germ import hunting as germ_hunting
from bot.commands.spec import REASON, Command, Groups, Kind, Option, character_option
from rules.germ.constants import (
    HIDING_IN_COMBAT_PENALTY,
    MAX_AGE_MOONS,
    MAX_POINTS_IN_STAT,
    POINTS_TO_SPEND,
)
from rules.germ.sheet import STATS, Condition

GERM = frozenset({"germ"})
STAT_CHOICES = tuple(stat.value for stat in STATS)
CONTEST_CHOICES = ("strength", "charisma", "stealth")
CONDITION_CHOICES = tuple(c.value for c in Condition if not c.is_derived)
FIGHTER = "Which of your cats (default: the one in a combat)"
WHICH_COMBAT = "A cat in the combat (default: yours, or this channel's only combat)"
OPPONENT = "From which cat (needed with three or more cats)"
HIDING = ("allowed", "not-allowed")
ADMIN_REASON = Option(
    "reason", Kind.text, "Why (needed for an admin's change; it is logged)", max_length=200
)

GERM_GROUPS: Groups = {
    ("character", "condition"): "A cat's lasting conditions",
    ("combat",): "Fights between cats: challenge, status, list, end",
    ("admin", "combat"): "Fights between cats: challenge, status, list, end",
    ("admin", "starving"): "A cat's starvation",
    ("trust",): "Full trust between cats",
}
GERM_COMMANDS: tuple[Command, ...] = (
    Command(
        ("character", "create"),
        f"Make a Germ cat: {POINTS_TO_SPEND} points over six stats, "
        f"at most {MAX_POINTS_IN_STAT} in one",
        cats.create,
        (
            Option("name", Kind.text, "The cat's name", True, max_length=32),
            *(
                Option(
                    stat.value,
                    Kind.integer,
                    f"Points in {stat.label}",
                    True,
                    min_value=0,
                    max_value=germ_config.MOST_POINTS_IN_STAT,  # the server's own most is checked
                )
                for stat in STATS
            ),
            Option("age", Kind.integer, "Age in moons", True, min_value=0, max_value=MAX_AGE_MOONS),
            Option("mother", Kind.character, "The cat's mother, if she is a character here"),
        ),
        rulesets=GERM,
    ),
    Command(
        ("character", "edit"),
        "Change a cat's age or mother (admins, with a reason)",
        cats.edit,
        (
            character_option(),
            Option("age", Kind.integer, "Age in moons", min_value=0, max_value=MAX_AGE_MOONS),
            Option("mother", Kind.character, "The cat's mother"),
            ADMIN_REASON,
        ),
        rulesets=GERM,
    ),
    Command(
        ("character", "condition", "add"),
        "Give a cat a lasting condition",
        cats.add_condition,
        (
            Option("condition", Kind.text, "The condition", True, choices=CONDITION_CHOICES),
            character_option(),
            ADMIN_REASON,
        ),
        rulesets=GERM,
    ),
    Command(
        ("character", "condition", "remove"),
        "Take a lasting condition away (admins, with a reason)",
        cats.remove_condition,
        (
            Option("condition", Kind.text, "The condition", True, choices=CONDITION_CHOICES),
            character_option(),
            ADMIN_REASON,
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
        ("contest",),
        "Contest another cat: Strength, Charisma or Stealth against its counter",
        checks.start_contest,
        (
            Option("stat", Kind.text, "Your stat", True, choices=CONTEST_CHOICES),
            Option("target", Kind.character, "The cat you contest", True),
            character_option(),
            REASON,
            Option("target-2", Kind.character, "Charisma only: a second listener"),
            Option("target-3", Kind.character, "Charisma only: a third listener"),
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
        ("admin", "stats"),
        "Set a cat's stat (logged with the reason)",
        cats.set_stat,
        (
            Option("character", Kind.character, "The cat", True),
            Option("stat", Kind.text, "Which stat", True, choices=STAT_CHOICES),
            Option(
                "value",
                Kind.integer,
                "New points (up to the server's most in one stat)",
                True,
                min_value=0,
                max_value=germ_config.MOST_POINTS_IN_STAT,
            ),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=GERM,
    ),
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
            Option("target-2", Kind.character, "Another cat you challenge"),
            Option("target-3", Kind.character, "A third cat you challenge"),
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
        ("combat", "join"),
        "Bring a cat into a running combat: yours into theirs, or theirs into yours",
        combat.join,
        (
            Option("target", Kind.character, "A cat in the combat, or the cat to bring in", True),
            character_option(),
        ),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("combat", "ambush"),
        "Before the first turn, once per cat: Stealth against Perception for a free attack",
        combat.ambush,
        (
            Option("target", Kind.character, "Whom to ambush (needed with three or more cats)"),
            Option("character", Kind.character, FIGHTER),
        ),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("combat", "terrain"),
        "Propose whether the terrain allows hiding; it changes when every fighter agrees",
        combat.terrain,
        (
            Option("hiding", Kind.text, "Does the terrain allow hiding?", True, choices=HIDING),
            Option("character", Kind.character, WHICH_COMBAT),
        ),
        rulesets=GERM,
        schedules=True,
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
        (
            Option("character", Kind.character, FIGHTER),
            Option("from", Kind.character, OPPONENT, keyword="opponent"),
        ),
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("hide",),
        f"On your turn: hide instead of attacking (Stealth − {HIDING_IN_COMBAT_PENALTY} against "
        "Perception)",
        combat.hide,
        (
            Option("character", Kind.character, FIGHTER),
            Option("from", Kind.character, OPPONENT, keyword="opponent"),
        ),
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
        ("admin", "combat", "terrain"),
        "Set whether a combat's terrain allows hiding",
        combat.admin_terrain,
        (
            Option("hiding", Kind.text, "Does the terrain allow hiding?", True, choices=HIDING),
            Option("character", Kind.character, WHICH_COMBAT),
        ),
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
    Command(
        ("hunt",),
        "Hunt once a real day: Perception to find prey, then Stealth to catch it",
        germ_hunting.hunt,
        (character_option("Which of your cats hunts (default: your active one)"),),
        rulesets=GERM,
    ),
    Command(
        ("share",),
        "Give your cat's latest catch to another cat, who eats it",
        germ_hunting.share,
        (
            Option("to", Kind.character, "The cat that gets the catch", True),
            character_option("Which of your cats shares (default: your active one)"),
        ),
        rulesets=GERM,
    ),
    Command(
        ("steal",),
        "Try to steal another cat's recent catch: your Stealth against its Perception",
        germ_hunting.steal,
        (
            Option("from", Kind.character, "The hunter to steal from", True, keyword="hunter"),
            character_option("Which of your cats steals (default: your active one)"),
        ),
        rulesets=GERM,
    ),
    Command(
        ("hunting", "log"),
        "A cat's hunts, newest first",
        germ_hunting.hunting_log,
        (
            Option("character", Kind.character, "Whose hunts (default: your active cat)"),
            Option(
                "limit", Kind.integer, "How many", min_value=1, max_value=germ_hunting.MAX_LOG_LIMIT
            ),
        ),
        rulesets=GERM,
    ),
    Command(
        ("admin", "starving", "clear"),
        "End a cat's starvation and failed-hunt streak (logged with the reason)",
        germ_hunting.clear_starving,
        (
            Option("character", Kind.character, "The cat", True),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("config", "creation-points"),
        "How many points a new cat spends over its six stats (default 22)",
        germ_config.creation_points,
        (Option("total", Kind.integer, "Points to spend", True, min_value=1, max_value=120),),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("config", "max-per-stat"),
        "The most points a new cat may put in one stat (default 8)",
        germ_config.max_per_stat,
        (
            Option(
                "points",
                Kind.integer,
                "Most points in one stat",
                True,
                min_value=1,
                max_value=germ_config.MOST_POINTS_IN_STAT,
            ),
        ),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("config", "steal-window"),
        "For how many days after the hunt a catch can be stolen (default 7)",
        germ_config.steal_window,
        (
            Option(
                "days",
                Kind.integer,
                "Days",
                True,
                min_value=1,
                max_value=germ_config.MOST_STEAL_WINDOW_DAYS,
            ),
        ),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("config", "free-attack-agility-cut"),
        "Whether a free attack's power is cut by the target's Agility (default on)",
        germ_config.free_attack_agility_cut,
        (Option("value", Kind.text, "on or off (default on)", True, choices=("on", "off")),),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("config", "mother-age-gap"),
        "How many moons older than her kit a mother must be",
        mothers.set_age_gap,
        (
            Option(
                "moons",
                Kind.integer,
                "Moons (default 12)",
                True,
                min_value=0,
                max_value=mothers.MAX_AGE_GAP_MOONS,
            ),
        ),
        admin=True,
        rulesets=GERM,
    ),
)
