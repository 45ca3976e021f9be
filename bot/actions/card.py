"""`/character card`: a picture of the sheet. A ruleset declares what its card shows (a
`bot.actions.reply.Card`); the core draws it (bot/actions/card_drawing.py) with the character's
avatar and colour."""

from __future__ import annotations

from bot.actions.about import with_profile
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, named
from bot.actions.reply import Reply
from rules.errors import PawpostError


@runs_in_database(read_only=True)
def card(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Anyone's card, by name; one's own active character's by default."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = (
            named(tx, actor.guild_id, character)
            if character
            else acting_character(tx, actor, guild, None, managing=True)
        )
        ruleset = services.ruleset(found.ruleset)
        if ruleset is None or ruleset.card is None:
            raise PawpostError(f"{ruleset.name if ruleset else 'This ruleset'} has no card yet.")
        drawn = ruleset.card(tx, found)
        profile = tx.profiles.get(actor.guild_id, found.id)
    if profile is not None:
        looks = {"avatar_url": profile.avatar_url, "colour": profile.colour}
        drawn = drawn.model_copy(update=looks)
    reply = Reply(title=f"{safe(found.name)}'s card", card=drawn)
    return with_profile(reply, profile)
