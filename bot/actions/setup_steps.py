"""A server's set-up steps: what an admin sets first, and whether each is set. `/help setup`
lists them; `/config show` ends with the ones not set up yet; the welcome post names the first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.ruleset import Feature, Ruleset
from storage.settings import Guild


@dataclass(frozen=True)
class SetupStep:
    command: str  # the command that sets it, as typed
    what: str
    done: Callable[[Guild], bool]
    feature: Feature | None = None  # a step of the rulesets that take this feature only


STEPS: tuple[SetupStep, ...] = (
    SetupStep(
        "/config ruleset ruleset:<game>",
        "the game this server plays (a new server plays the default until an admin picks)",
        lambda guild: True,  # the default is a game too: never "not set up"
    ),
    SetupStep(
        "/config timezone zone:<zone>",
        "the server's time zone, for days, weeks and reminders",
        lambda guild: (
            guild.settings.timezone_changed_at is not None or guild.settings.timezone != "UTC"
        ),
    ),
    SetupStep(
        "/config admin-channel channel:<channel>",
        "where admins get the sheets to approve and the week's reports",
        lambda guild: guild.settings.admin_channel_id is not None,
        Feature.HUNTING,
    ),
    SetupStep(
        "/config game-day channel channel:<channel>",
        "where each game day's summary is posted",
        lambda guild: guild.settings.clock.game_day_channel_id is not None,
    ),
    SetupStep(
        "/config reminders on channel:<channel> weekday:<day> hour:<hour>",
        "the weekly reminder of the cats that have not hunted yet",
        lambda guild: guild.settings.hunting.reminder_channel_id is not None,
        Feature.HUNTING,
    ),
)


def steps_for(ruleset: Ruleset | None) -> list[SetupStep]:
    """The steps of a server playing `ruleset` (its features decide the optional ones)."""
    features = frozenset() if ruleset is None else ruleset.features
    return [step for step in STEPS if step.feature is None or step.feature in features]


def not_set_up(guild: Guild, ruleset: Ruleset | None) -> list[SetupStep]:
    """The steps this server has not taken yet."""
    return [step for step in steps_for(ruleset) if not step.done(guild)]
