"""Finding the character a command means, with one clear sentence when it cannot be had."""

from __future__ import annotations

import unicodedata

from bot.actions.context import Actor
from bot.actions.formatting import safe
from rules.errors import PawpostError
from rules.life import Life
from rules.rulesets import RULESETS, RulesetNotBuilt
from storage.models import Character
from storage.names import BIDI_CONTROLS, is_invisible
from storage.repositories import Transaction
from storage.settings import Guild

MAX_NAME_LENGTH = 32


def clean_name(name: str) -> str:
    """A character name as stored: trimmed, one line, 1 to 32 characters, no control characters
    or bidi overrides, and something visible in it."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise PawpostError("A character needs a name.")
    for character in cleaned:
        if character in BIDI_CONTROLS or unicodedata.category(character) in ("Cc", "Cs"):
            raise PawpostError(
                "A character's name cannot hold control characters or text-direction overrides."
            )
    if all(is_invisible(character) or character.isspace() for character in cleaned):
        raise PawpostError("A character's name needs at least one visible character.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise PawpostError(
            f"A character's name can be at most {MAX_NAME_LENGTH} characters; "
            f"that one has {len(cleaned)}."
        )
    return cleaned


def require_built(guild: Guild) -> None:
    """Refuse a ruleset's verbs on a server whose ruleset is not built yet."""
    if RULESETS[guild.ruleset].sheet is None:
        raise RulesetNotBuilt(guild.ruleset)


def named(tx: Transaction, guild_id: int, name: str) -> Character:
    """Any live character of the server by name."""
    character = tx.characters.by_name(guild_id, name)
    if character is None:
        raise PawpostError(f"There is no character named {safe(name.strip())} in this server.")
    return character


def living(tx: Transaction, guild_id: int, name: str) -> Character:
    """A character of the server by name that can still be acted on (a target, a defender)."""
    return require_alive(named(tx, guild_id, name))


def require_alive(character: Character) -> Character:
    """Refuse a dead or retired character in one sentence (the core's life state)."""
    if not character.life.can_act:
        raise PawpostError(f"{safe(character.name)} {_OUT_OF_PLAY[character.life]}.")
    return character


_OUT_OF_PLAY = {Life.DEAD: "is dead", Life.RETIRED: "is retired: out of play, it cannot act"}


def acting_character(
    tx: Transaction, actor: Actor, guild: Guild, name: str | None, *, managing: bool = False
) -> Character:
    """The character the actor acts as: the named one (theirs, or any for an admin), else their
    active character, else their only one. A dead or retired one cannot act (`managing`: it
    may still be shown, renamed, deleted or given a profile)."""
    found = _chosen(tx, actor, guild, name)
    return found if managing else require_alive(found)


def _chosen(tx: Transaction, actor: Actor, guild: Guild, name: str | None) -> Character:
    if name:
        character = named(tx, actor.guild_id, name)
        if character.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(f"{safe(character.name)} belongs to another player.")
        return character
    return own_character(tx, actor)


def own_character(tx: Transaction, actor: Actor) -> Character:
    """The actor's active character, else their only one (dead or retired ones too): what a
    command acts on when no character is named."""
    active, own = tx.characters.default_for(actor.guild_id, actor.user_id)
    if active is not None:
        return active
    if len(own) == 1:
        return own[0]
    if not own:
        raise PawpostError(
            "You have no character in this server yet; make one with /character create."
        )
    raise PawpostError(
        "You have several characters; name one with the character option, "
        "or choose one with /character use."
    )


def require_admin(actor: Actor, guild: Guild) -> None:
    if not actor.admin_in(guild.settings):
        raise PawpostError("Only an admin of this server can do that.")
