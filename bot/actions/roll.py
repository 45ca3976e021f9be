"""`/roll`: any dice expression (d20's notation and the server's ruleset's words), logged like
every other roll; a secret roll shows only to its roller and the admins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import for_reason, safe
from bot.actions.reply import Reply
from rules.dice import DiceWord
from rules.errors import PawpostError
from rules.rolls import Roll
from storage.settings import Guild

if TYPE_CHECKING:
    from rules.notation import Notation, Rolled

MAX_REASON_LENGTH = 200
SECRET_ROLL = "secret roll"  # noqa: S105 (not a password) the audit action of a secret roll: /log hides it from players
NO_ADMIN_CHANNEL = "No admin channel is set, so only you see this roll."


def clean_reason(reason: str | None) -> str | None:
    if reason is None:
        return None
    reason = " ".join(reason.split())
    if len(reason) > MAX_REASON_LENGTH:
        raise PawpostError(f"A reason can be at most {MAX_REASON_LENGTH} characters.")
    return reason or None


def words_of(services: Services, guild: Guild) -> tuple[DiceWord, ...]:
    """The counting words the server's ruleset adds to the dice notation (`evens`)."""
    ruleset = services.ruleset(guild.ruleset)
    return () if ruleset is None else ruleset.dice_words


def read_notation(expression: str, words: Sequence[DiceWord]) -> Notation:
    """Read typed dice notation (`rules.notation.read`)."""
    # Imported on the first roll, not at start: d20 builds its grammar when imported, a tenth of
    # the CPU time of every `pawpost run` start (and there are hundreds in the tests).
    from rules.notation import read

    return read(expression, words)


def roll_notation(services: Services, notation: Notation) -> tuple[Rolled, Roll]:
    """Roll a read expression with the bot's dice; the roll as shown and as logged."""
    from bot.actions.dice_text import shown  # d20's classes, as read_notation's import

    result = notation.roll(services.dice)
    return result, result.record(notation.text, shown(result))


def is_yes(value: str | None) -> bool:
    return value is not None and value.lower() == "yes"


@runs_in_database
def roll(
    services: Services,
    actor: Actor,
    expression: str,
    reason: str | None = None,
    secret: str | None = None,
) -> Reply:
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        notation = read_notation(expression, words_of(services, guild))
        result, record = roll_notation(services, notation)
        tx.audit.add(
            audit.entry(
                actor,
                SECRET_ROLL if is_yes(secret) else "roll",
                f"{notation.text}: {result.total}",
                now,
                rolls=[record],
                reason=reason,
            )
        )
    title = f"Roll {safe(notation.text)}{for_reason(reason)}"
    if is_yes(secret):
        return secret_reply(actor, guild, title, [record.shown or ""])
    return Reply(title=title, lines=[record.shown or ""])


def secret_reply(actor: Actor, guild: Guild, title: str, lines: list[str]) -> Reply:
    """A roll for its roller's eyes, the admins' channel, and a line for the channel saying a
    secret roll was made."""
    admins = guild.settings.admin_channel_id
    where = [] if admins is not None else [NO_ADMIN_CHANNEL]
    elsewhere: list[tuple[int | None, Reply]] = []
    if admins is not None:
        told = Reply(
            title=f"Secret: {title}",
            lines=[f"By <@{actor.user_id}> in <#{actor.channel_id}>.", *lines],
        )
        elsewhere.append((admins, told))
    return Reply(
        title=f"Secret: {title}",
        lines=[*lines, *where],
        ephemeral=True,
        announce=Reply(lines=[f"<@{actor.user_id}> made a secret roll."]),
        elsewhere=elsewhere,
    )
