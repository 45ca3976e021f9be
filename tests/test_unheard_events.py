"""The events every command brings that the bot drops unheard: it has no handler for them (a
handler added later would fail this test, not go silently unheard)."""

from __future__ import annotations

from bot.discord.client import UNHEARD_EVENTS, PawpostBot


def test_no_handler_is_left_unheard() -> None:
    assert UNHEARD_EVENTS  # what each command brings: discord.py's socket and completion events
    for event in UNHEARD_EVENTS:
        assert not hasattr(PawpostBot, f"on_{event}"), event


def test_an_unheard_event_stops_before_discord_py() -> None:
    class NotABot:
        """Any use of discord.py's dispatch would fail on it."""

    for event in UNHEARD_EVENTS:
        PawpostBot.dispatch(NotABot(), event, "payload")  # type: ignore[arg-type]
