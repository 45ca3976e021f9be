"""Germ hunting's slash commands: hunting, sharing and stealing, seasons, reminders, away."""

from __future__ import annotations

from bot.actions import hunting, hunting_config, seasons
from bot.actions.weeks import WEEKDAYS
from bot.command_spec import GERM, NOT_BUILT, Command, Kind, Option, character_option, not_built

SWITCH_CHOICES = hunting_config.SWITCH


def _switch(what: str) -> Option:
    return Option("value", Kind.text, what, True, choices=SWITCH_CHOICES)


HUNTING_COMMANDS: tuple[Command, ...] = (
    Command(
        ("hunt",),
        "Hunt once a real day: Perception to find prey, then Stealth to catch it",
        hunting.hunt,
        (character_option("Which of your cats hunts (default: your active one)"),),
        rulesets=GERM,
    ),
    Command(
        ("hunt",),
        "Hunt (this ruleset is not built yet)",
        not_built,
        rulesets=NOT_BUILT,
    ),
    Command(
        ("share",),
        "Give your cat's latest catch to another cat, who eats it",
        hunting.share,
        (
            Option("to", Kind.character, "The cat that gets the catch", True),
            character_option("Which of your cats shares (default: your active one)"),
        ),
        rulesets=GERM,
    ),
    Command(
        ("steal",),
        "Try to steal another cat's recent catch: your Stealth against its Perception",
        hunting.steal,
        (
            Option("from", Kind.character, "The hunter to steal from", True, keyword="hunter"),
            character_option("Which of your cats steals (default: your active one)"),
        ),
        rulesets=GERM,
    ),
    Command(
        ("hunting", "log"),
        "A cat's hunts, newest first",
        hunting.hunting_log,
        (
            Option("character", Kind.character, "Whose hunts (default: your active cat)"),
            Option("limit", Kind.integer, "How many", min_value=1, max_value=hunting.MAX_LOG_LIMIT),
        ),
        rulesets=GERM,
    ),
    Command(
        ("hunting", "status"),
        "This real week: which of a player's cats have hunted, streaks, starving",
        hunting.status,
        (Option("user", Kind.user, "Whose cats (default: yours)"),),
        rulesets=GERM,
    ),
    Command(
        ("hunting", "away"),
        "Mark a cat away until a date: no reminders, and a missed week does not count",
        hunting.away,
        (
            Option(
                "until",
                Kind.text,
                "The last day away, YYYY-MM-DD",
                True,
                max_length=10,
                keyword="until_date",
            ),
            character_option("Which of your cats is away (default: your active one)"),
            Option("reason", Kind.text, "Why (admins see it)", max_length=200),
        ),
        rulesets=GERM,
    ),
    Command(
        ("season",),
        "The season now, and what it means for hunting",
        seasons.show,
        (),
        rulesets=GERM,
    ),
    Command(
        ("admin", "season", "set"),
        "Set the season by hand (stops automatic turning)",
        seasons.set_season,
        (Option("season", Kind.text, "The season", True, choices=seasons.SEASON_CHOICES),),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("admin", "starving", "clear"),
        "End a cat's starvation and failed-hunt streak (logged with the reason)",
        hunting.clear_starving,
        (
            Option("character", Kind.character, "The cat", True),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("config", "seasons", "auto"),
        "Turn the seasons by themselves, starting with Newleaf on a date",
        seasons.set_automatic,
        (
            Option(
                "start", Kind.text, "The first day of a Newleaf, YYYY-MM-DD", True, max_length=10
            ),
            Option(
                "weeks-per-season",
                Kind.integer,
                "How many real weeks each season lasts",
                True,
                min_value=1,
                max_value=seasons.MAX_WEEKS_PER_SEASON,
            ),
        ),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("config", "seasons", "manual"),
        "Stop turning the seasons by themselves",
        seasons.set_manual,
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("config", "reminders", "on"),
        "Post the cats that have not hunted yet, each real week at a local day and hour",
        hunting_config.reminders_on,
        (
            Option("channel", Kind.channel, "Where to post", True, keyword="channel_id"),
            Option("weekday", Kind.text, "Which day", True, choices=WEEKDAYS),
            Option("hour", Kind.integer, "Which hour, 0-23", True, min_value=0, max_value=23),
        ),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("config", "reminders", "off"),
        "Stop the weekly hunting reminders",
        hunting_config.reminders_off,
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("config", "admin-channel"),
        "Where admins are told who missed the week's hunt",
        hunting_config.set_admin_channel,
        (Option("channel", Kind.channel, "The admins' channel", True, keyword="channel_id"),),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("config", "missed-week-counts-as-failure"),
        "Whether missing a real week's hunt counts as a failed hunt",
        hunting_config.missed_week_counts_as_failure,
        (_switch("on or off (default off)"),),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
    Command(
        ("config", "away-needs-approval"),
        "Whether /hunting away waits for an admin's approval",
        hunting_config.away_needs_approval,
        (_switch("on or off (default off)"),),
        admin=True,
        rulesets=GERM,
    ),
    Command(
        ("config", "ageing"),
        "Whether cats grow a moon older each real week",
        hunting_config.ageing,
        (_switch("on or off (default off)"),),
        admin=True,
        rulesets=GERM,
        schedules=True,
    ),
)
