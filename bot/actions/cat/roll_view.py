"""What every Taking Risks roll's reply shares: its pool, the Advantage dice it takes (a player's
claim capped, the Narrator's grants used up), its Style to bank or spend on the scene, the
Life that turns a failed Risk into a success, the Narrator told of a failure, and the scars
the cat still owes."""

from __future__ import annotations

from datetime import datetime

from bot.actions.cat.owed import owed_lines
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.reply import Button, Reply, Style
from rules.cat.pools import PoolResult
from rules.cat.risks import take_granted_advantage
from rules.cat.sheet import CatSheet
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.settings import CatSettings
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

AREA = "cat-risk"  # the buttons of a stored roll (bot/actions/cat/risks.py answers them)


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def how_many_dice(count: int) -> str:
    """ "1 die", "3 dice"."""
    return f"{count} {'die' if count == 1 else 'dice'}"


def pool_line(result: PoolResult) -> str:
    parts = [f"{safe(part.reason)} {part.dice}" for part in result.pool]
    if result.automatic_evens:
        parts.append(f"Style spent {result.automatic_evens} automatic")
    return "Pool: " + " + ".join(parts)


def advantage_dice(
    sheet: CatSheet, actor: Actor, guild: Guild, advantage: int | None
) -> tuple[CatSheet, int, int]:
    """A roll's Advantage dice: those the Narrator granted the cat (used up now), an admin's
    `advantage` as granted too, a player's as claimed, up to the server's limit (book l. 25:
    Advantage dice are the Narrator's to hand out)."""
    sheet, granted = take_granted_advantage(sheet)
    extra = advantage or 0
    if actor.admin_in(guild.settings):
        return sheet, granted + extra, 0
    most = CatSettings.of(guild.settings).claimed_advantage_most
    if extra > most:
        raise PawpostError(
            f"A player may claim at most {most} Advantage {'die' if most == 1 else 'dice'} on a "
            f"roll; you claimed {extra}. The Narrator grants more (/admin advantage)."
        )
    return sheet, granted, extra


def style_buttons(risk_id: int, earned: int) -> list[Button]:
    """Bank a roll's surplus evens, or spend them now on a scene edit (book l. 115-116)."""
    return [
        Button(
            label=f"Bank {earned} Style",
            custom_id=f"pawpost:{AREA}:{risk_id}:bank",
            style=Style.success,
        ),
        Button(
            label=f"Edit the scene with {earned} Style",
            custom_id=f"pawpost:{AREA}:{risk_id}:scene",
        ),
    ]


def life_button(risk_id: int, *, last: bool) -> Button:
    if last:
        return Button(
            label="Spend the last Life (the cat dies)",
            custom_id=f"pawpost:{AREA}:{risk_id}:life-last",
            style=Style.danger,
        )
    return Button(
        label="Spend a Life to succeed",
        custom_id=f"pawpost:{AREA}:{risk_id}:life",
        style=Style.primary,
    )


def rolled(tx: Transaction, character: Character, now: datetime) -> None:
    """The cat rolls again: the story moved on, so no Life is spent on its earlier failures."""
    cat(tx).risks.move_on(character.guild_id, character.id, now)


def narrator(guild: Guild, *, start: bool = False) -> str:
    """Who narrates a failure: the Narrator, named by the server's admin role when it has one
    (`start`: at the start of a sentence)."""
    role = guild.settings.admin_role_id
    who = "The Narrator" if start else "the Narrator"
    return f"{who} (<@&{role}>)" if role and role != guild.guild_id else who


def tell_the_narrator(
    guild: Guild, actor: Actor, found: Character, what: str, entry_id: int
) -> list[tuple[int | None, Reply]]:
    """A failure is the Narrator's to narrate (book l. 21): a note in the admins' channel, when
    the server has one and the roll was elsewhere."""
    channel = guild.settings.admin_channel_id
    if channel is None or channel == actor.channel_id:
        return []
    return [
        (
            channel,
            Reply(
                title="Fate intervenes",
                lines=[
                    f"{safe(found.name)} failed {what} (roll #{entry_id}) in "
                    f"<#{actor.channel_id}>: the Narrator narrates what happens."
                ],
            ),
        )
    ]


def still_owed(tx: Transaction, guild: Guild, found: Character) -> list[str]:
    """The scars the rolling cat still owes, so that no one forgets them."""
    return owed_lines(tx, guild, found)
