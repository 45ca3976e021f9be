"""The game clock's commands, shared by every ruleset: `/time`, the game-day settings, ageing."""

from __future__ import annotations

from bot.actions import clock
from bot.actions.hunting_config import SWITCH
from bot.commands.spec import Command, Groups, Kind, Option

CLOCK_GROUPS: Groups = {
    ("config", "game-day"): "Game days: when they turn, how fast, where they are summed up",
}

CLOCK_COMMANDS: tuple[Command, ...] = (
    Command(
        ("time",), "The game day, the season, the next sunrise and the next moon", clock.show_time
    ),
    Command(
        ("config", "game-day", "channel"),
        "Post a summary of each game day in a channel",
        clock.game_day_channel,
        (Option("channel", Kind.channel, "Where to post", True, keyword="channel_id"),),
        admin=True,
        schedules=True,
    ),
    Command(
        ("config", "game-day", "off"),
        "Stop posting the game days' summaries",
        clock.game_day_off,
        admin=True,
        schedules=True,
    ),
    Command(
        ("config", "game-day", "pace"),
        "When game days turn and how many pass in a real day",
        clock.game_day_pace,
        (
            Option(
                "sunrise",
                Kind.integer,
                "The local hour a game day starts, 0-23",
                True,
                min_value=0,
                max_value=23,
            ),
            Option(
                "days-per-real-day",
                Kind.integer,
                "Game days in one real day (1, 2, 3, 4, 6, 8, 12 or 24)",
                True,
                min_value=1,
                max_value=24,
            ),
        ),
        admin=True,
        schedules=True,
    ),
    Command(
        ("config", "ageing"),
        "Whether characters grow older by themselves, each real week or each 28 game days",
        clock.ageing,
        (
            Option("value", Kind.text, "on or off (default on)", True, choices=SWITCH),
            Option(
                "pace", Kind.text, "How often (default: each real week)", choices=clock.PACE_CHOICES
            ),
            Option(
                "moons-per-real-week",
                Kind.integer,
                "Moons a real week adds (default 1)",
                min_value=1,
                max_value=clock.MAX_MOONS_PER_REAL_WEEK,
            ),
        ),
        admin=True,
        schedules=True,
    ),
    Command(
        ("admin", "age"),
        "Make a character older (or younger) by some moons (logged with the reason)",
        clock.admin_age,
        (
            Option("character", Kind.character, "The character", True),
            Option(
                "moons",
                Kind.integer,
                "Moons to add (negative to take away)",
                True,
                min_value=-clock.MAX_ADMIN_MOONS,
                max_value=clock.MAX_ADMIN_MOONS,
            ),
            Option("reason", Kind.text, "Why", True, max_length=200),
        ),
        admin=True,
    ),
)
