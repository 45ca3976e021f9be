"""What the core adds to every reply: the time and audit id, and for a reply about a character
its avatar and colour (else the outcome's tone), the same in every ruleset."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.reply import Reply, Tone
from storage.notes import Notes
from storage.profiles import Profile

if TYPE_CHECKING:
    from bot.actions.context import Services

# Logged outcomes (every ruleset's words) and the tone they colour an embed with.
SUCCESS_WORDS = frozenset({"success", "succeeded", "won", "accepted", "approved", "shared"})
FAILURE_WORDS = frozenset({"failure", "failed", "lost", "declined", "rejected", "fumble"})
# Hunting's outcomes, which read otherwise in a fight ("caught" escaping is a failure).
HUNT_TONES = {
    "caught": Tone.success,
    "no-prey": Tone.failure,
    "got-away": Tone.failure,
    "missed-week": Tone.failure,
}


def tone_of(action: str | None, outcome: str | None) -> Tone:
    """The tone of a logged outcome: its first word decides ("failure (fumble)" fails)."""
    if not outcome:
        return Tone.neutral
    if action == "hunt" and outcome in HUNT_TONES:
        return HUNT_TONES[outcome]
    word = outcome.strip().split(" ", 1)[0].lower()
    if word in SUCCESS_WORDS:
        return Tone.success
    if word in FAILURE_WORDS:
        return Tone.failure
    return Tone.neutral


def with_profile(reply: Reply, profile: Profile | None) -> Reply:
    """The reply shown with its character's avatar and colour, if they have them."""
    if profile is None:
        return reply
    return reply.model_copy(
        update={
            "avatar_url": reply.avatar_url or profile.avatar_url,
            "colour": reply.colour if reply.colour is not None else profile.colour,
        }
    )


def finish(services: Services, reply: Reply, notes: Notes) -> Reply:
    """Fill in what the unit of work noted, where the verb did not set it itself. Runs in the
    database thread, after the verb's transaction."""
    now = services.clock()
    update: dict[str, object] = {}
    if reply.timestamp is None:
        update["timestamp"] = now
    if reply.announce is not None and reply.announce.timestamp is None:
        update["announce"] = reply.announce.model_copy(update={"timestamp": now})
    # on the public record with a title (a roll, a sheet, a fight's step); a one-line answer or
    # a private one names none
    if (
        reply.audit_id is None
        and notes.audit_id is not None
        and reply.title
        and not reply.ephemeral
    ):
        update["audit_id"] = notes.audit_id
    if notes.character_id is not None:
        if reply.tone is None:
            update["tone"] = tone_of(notes.action, notes.outcome)
        profile = notes.profile
        if profile is not None and reply.avatar_url is None:
            update["avatar_url"] = profile.avatar_url
        if profile is not None and reply.colour is None:
            update["colour"] = profile.colour
    finished = reply.model_copy(update=update) if update else reply
    if notes.held:
        from bot.actions import approvals  # it builds on the verbs that import this module

        finished = approvals.announce_held(services, finished, list(notes.held))
    return finished
