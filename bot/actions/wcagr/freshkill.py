"""The clans' fresh-kill piles: `/freshkill` shows one with each piece's age, `/eat` takes
rations from it (fresh prey first, oldest first), and crowfood's illness roll (l.402)."""

from __future__ import annotations

from fractions import Fraction

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import acting_character, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import parse
from bot.actions.wcagr.hunting import SIXTHS
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.life import Life
from rules.wcagr import CLANS, Clan
from rules.wcagr.constants import CROWFOOD_ILL_BELOW
from rules.wcagr.hunting import crowfood_roll, rations_words
from storage.wcagr import wcagr
from storage.wcagr.hunts import Piece
from storage.wcagr.settings import WcagrSettings

MOST_PIECES_SHOWN = 25


def sixths_words(sixths: int) -> str:
    return rations_words(Fraction(sixths, SIXTHS))


def is_crowfood(piece: Piece, today: int, after_days: int) -> bool:
    """RULINGS: prey older than the server's stale age (2 game days) is crowfood."""
    return today - piece.caught_day > after_days


def _age_words(days: int) -> str:
    if days == 0:
        return "caught today"
    return f"{days} game day{'s' if days != 1 else ''} old"


@runs_in_database(read_only=True)
def show_pile(
    services: Services, actor: Actor, clan: str | None = None, character: str | None = None
) -> Reply:
    """A clan's pile (the acting cat's clan by default), oldest first."""
    now = services.clock()
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        chosen = (
            parse.clan(clan)
            if clan is not None
            else wcagr_sheet(acting_character(tx, actor, guild, character)).clan
        )
        pieces = wcagr(tx).hunts.pile(guild.guild_id, chosen.value)
        settings = WcagrSettings.of(guild.settings)
        today = game_day_at(now, guild.settings).number
    total = sum(piece.sixths_left for piece in pieces)
    lines = [f"{sixths_words(total)} on the pile."]
    for piece in pieces[:MOST_PIECES_SHOWN]:
        stale = " · **crowfood**" if is_crowfood(piece, today, settings.crowfood_after_days) else ""
        lines.append(
            f"#{piece.id} {piece.weight.label.lower()} {piece.prey.label.lower()}: "
            f"{sixths_words(piece.sixths_left)} left, {_age_words(today - piece.caught_day)}"
            f"{stale}"
        )
    if len(pieces) > MOST_PIECES_SHOWN:
        lines.append(f"… and {len(pieces) - MOST_PIECES_SHOWN} older pieces.")
    return Reply(title=f"The {CLANS[chosen].label} fresh-kill pile", lines=lines)


@runs_in_database
def eat(services: Services, actor: Actor, rations: int = 1, character: str | None = None) -> Reply:
    """Take `rations` from the cat's clan's pile, fresh prey first and oldest first; a bite of
    crowfood rolls for illness (ShadowClan never does), once per meal."""
    if rations < 1:
        raise PawpostError(f"Eat at least 1 ration; you gave {rations}.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        # l.119: elders (retired cats) are "the first to eat", so a retired cat may; a dead one not
        cat = acting_character(tx, actor, guild, character, managing=True)
        if cat.life is Life.DEAD:
            raise PawpostError(f"{safe(cat.name)} is dead.")
        sheet = wcagr_sheet(cat)
        if sheet.knocked_out:  # l.423: "cannot do anything at all"; elders eat (l.119)
            raise PawpostError(f"{safe(cat.name)} is knocked out and cannot eat until healed.")
        settings = WcagrSettings.of(guild.settings)
        today = game_day_at(now, guild.settings).number
        pieces = wcagr(tx).hunts.pile(guild.guild_id, sheet.clan.value, lock=True)
        wanted = rations * SIXTHS
        left = sum(piece.sixths_left for piece in pieces)
        if left == 0:
            raise PawpostError(f"The {sheet.clan.label} fresh-kill pile is bare; hunt first.")
        if left < wanted:
            raise PawpostError(
                f"The {sheet.clan.label} pile holds only {sixths_words(left)}; eat less or hunt."
            )
        ordered = sorted(
            pieces,
            key=lambda p: (is_crowfood(p, today, settings.crowfood_after_days), p.caught_day),
        )
        taken: list[tuple[int, int]] = []
        stale = False
        for piece in ordered:
            if wanted == 0:
                break
            bite = min(wanted, piece.sixths_left)
            taken.append((piece.id, bite))
            wanted -= bite
            stale = stale or is_crowfood(piece, today, settings.crowfood_after_days)
        wcagr(tx).hunts.take(taken)
        ate = ", ".join(f"#{piece_id} ({sixths_words(bite)})" for piece_id, bite in taken)
        lines = [f"{safe(cat.name)} eats {sixths_words(rations * SIXTHS)} from the pile: {ate}."]
        rolls = []
        if stale:
            lines.append("Some of it was crowfood.")
            if sheet.clan is Clan.SHADOWCLAN:
                lines.append("ShadowClan stomachs take crowfood without harm.")
            elif sheet.illness is not None:
                lines.append(f"{safe(cat.name)} is already ill with {sheet.illness.label}.")
            else:
                roll, ill = crowfood_roll(sheet.clan, services.dice)
                assert roll is not None
                rolls.append(roll)
                lines.append(f"{describe_roll(roll)} (ill below {CROWFOOD_ILL_BELOW})")
                if ill:
                    illness = settings.crowfood_illness
                    cat.sheet = sheet.changed(illness=illness, illness_day=today)
                    tx.characters.save_sheet(cat)
                    lines.append(
                        f"{safe(cat.name)} falls ill with **{illness.label.lower()}**: no hunting "
                        "or fighting until cured."
                    )
                else:
                    lines.append("It keeps the crowfood down.")
        tx.audit.add(
            audit.entry(
                actor,
                "freshkill",
                f"ate {sixths_words(rations * SIXTHS)} from the {sheet.clan.label} pile: {ate}",
                now,
                character=cat,
                rolls=rolls,
                outcome=None if not rolls else ("ill" if cat.sheet != sheet else "well"),
            )
        )
    return Reply(title=f"{safe(cat.name)} eats", lines=lines)
