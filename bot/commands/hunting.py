"""Hunting's and the seasons' shared commands, for each ruleset that takes those features."""

from __future__ import annotations

from bot.actions import hunting, hunting_config, hunting_report, seasons
from bot.actions.weeks import WEEKDAYS
from bot.commands.spec import Command, Groups, Kind, Option, character_option
from bot.ruleset import Feature

SWITCH_CHOICES = hunting_config.SWITCH


def _switch(what: str) -> Option:
    return Option("value", Kind.text, what, True, choices=SWITCH_CHOICES)


HUNTING_GROUPS: Groups = {
    ("hunting",): "Hunting: a cat's log, this week's status, marking a cat away",
    ("admin", "hunting"): "Hunting: a cat's log, this week's status, marking a cat away",
    ("admin", "season"): "The season hunting is in",
    ("config", "reminders"): "The weekly hunting reminders",
    ("config", "seasons"): "Seasons set by hand or turning by themselves",
}


HUNTING_COMMANDS: tuple[Command, ...] = (
    Command(
        ("hunting", "status"),
        "This real week: which of a player's cats have hunted, streaks, starving",
        hunting.status,
        (Option("user", Kind.user, "Whose cats (default: yours)"),),
        feature=Feature.HUNTING,
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
        feature=Feature.HUNTING,
    ),
    Command(
        ("admin", "hunting", "report"),
        "Who missed the hunt in a real week that has ended, as the weekly report says",
        hunting_report.report,
        (
            Option(
                "week",
                Kind.text,
                "A day of the week, YYYY-MM-DD (default: the last week that ended)",
                max_length=10,
            ),
        ),
        admin=True,
        feature=Feature.HUNTING,
    ),
    Command(
        ("season",),
        "The season now, and what it means for hunting",
        seasons.show,
        (),
        feature=Feature.SEASONS,
    ),
    Command(
        ("admin", "season", "set"),
        "Set the season by hand (stops automatic turning)",
        seasons.set_season,
        (Option("season", Kind.text, "The season", True, choices=seasons.SEASON_CHOICES),),
        admin=True,
        feature=Feature.SEASONS,
        schedules=True,
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
        feature=Feature.SEASONS,
        schedules=True,
    ),
    Command(
        ("config", "seasons", "manual"),
        "Stop turning the seasons by themselves",
        seasons.set_manual,
        admin=True,
        feature=Feature.SEASONS,
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
        feature=Feature.HUNTING,
        schedules=True,
    ),
    Command(
        ("config", "reminders", "off"),
        "Stop the weekly hunting reminders",
        hunting_config.reminders_off,
        admin=True,
        feature=Feature.HUNTING,
        schedules=True,
    ),
    Command(
        ("config", "admin-channel"),
        "Where admins are told who missed the week's hunt",
        hunting_config.set_admin_channel,
        (Option("channel", Kind.channel, "The admins' channel", True, keyword="channel_id"),),
        admin=True,
        feature=Feature.HUNTING,
        schedules=True,
    ),
    Command(
        ("config", "missed-week-counts-as-failure"),
        "Whether missing a real week's hunt counts as a failed hunt",
        hunting_config.missed_week_counts_as_failure,
        (_switch("on or off (default off)"),),
        admin=True,
        feature=Feature.HUNTING,
        schedules=True,
    ),
    Command(
        ("config", "week-start"),
        "When the real week starts: the weekly hunt, reminders and report follow it",
        hunting_config.week_start,
        (
            Option("weekday", Kind.text, "Which day (default monday)", True, choices=WEEKDAYS),
            Option(
                "hour",
                Kind.integer,
                "Which hour, 0-23 (default 0)",
                True,
                min_value=0,
                max_value=23,
            ),
        ),
        admin=True,
        feature=Feature.HUNTING,
        schedules=True,
    ),
    Command(
        ("config", "away-needs-approval"),
        "Whether /hunting away waits for an admin's approval",
        hunting_config.away_needs_approval,
        (_switch("on or off (default off)"),),
        admin=True,
        feature=Feature.HUNTING,
    ),
)
