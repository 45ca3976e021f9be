"""WCAGR illness: the cough season (on the season's turn or `/admin illness season`), an admin
giving an illness, `/treat` by a medicine cat, its apprentice or an admin, and each sick cat's
sunrise."""

from __future__ import annotations

from datetime import datetime

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import acting_character, named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr.checks import outcome_of
from bot.actions.wcagr.herb_stock import take_for_treatment
from bot.actions.wcagr.sheet import SPRAIN_REST, cats_by_id, wcagr_sheet
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.wcagr import Illness, Rank, refuse_dead
from rules.wcagr.illness import cough_season, sick, treat
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.settings import WcagrSettings

BOT_USER = 0  # the log's user for what the bot does by itself
HEALER_RANKS = frozenset(
    {
        Rank.MEDICINE_CAT,
        Rank.MEDICINE_CAT_APPRENTICE,
        Rank.SILVERBLOOD,
        Rank.SILVERBLOOD_APPRENTICE,
        Rank.HEALER,
    }
)


def season_lines(
    tx: Transaction, guild: Guild, day: int, dice: DiceSource, now: datetime
) -> list[str]:
    """Every live cat's cough-season checks (l.437, 449), each with its dice, in the audit log
    too; a critical failure on these Strength checks sprains the cat (RULINGS), said so."""
    cats = cats_by_id(tx, guild.guild_id, wcagr(tx).live_ids(guild.guild_id))
    caught: list[str] = []
    rolled_lines: list[str] = []
    changed: list[Character] = []
    for cat in cats:
        rolled = cough_season(wcagr_sheet(cat), day, dice)
        if not rolled.checks:
            continue
        cat.sheet = rolled.sheet
        changed.append(cat)
        name = safe(cat.name)
        for check in rolled.checks:
            kept = "falls ill" if not check.succeeded else "keeps well"
            rolled_lines.append(
                f"{name}: {check.roll.label} {describe_roll(check.roll)} vs DC "
                f"{check.roll.target}: {kept}"
                + (f" ({check.critical.label})" if check.critical else "")
                + "."
            )
            if check.sprained:
                rolled_lines.append(f"{name} sprains a paw on the critical failure: {SPRAIN_REST}.")
            tx.audit.add(
                AuditEntry(
                    guild_id=guild.guild_id,
                    user_id=BOT_USER,
                    character_id=cat.id,
                    character_name=cat.name,
                    action="illness",
                    summary=f"cough season: {check.roll.label} DC {check.roll.target}",
                    rolls=[check.roll],
                    outcome=outcome_of(check),
                    created_at=now,
                )
            )
        if rolled.caught is not None:
            caught.append(f"{name} ({rolled.caught.label.lower()})")
    tx.characters.save_sheets(changed)
    return [
        f"The cough season begins: {len(changed)} cat(s) rolled Strength against it; "
        + (f"ill: {', '.join(caught)}." if caught else "none fell ill."),
        *rolled_lines,
    ]


@runs_in_database
def admin_season(services: Services, actor: Actor, reason: str) -> Reply:
    """An admin calls the cough season now."""
    reason = required_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        day = game_day_at(now, guild.settings).number
        lines = season_lines(tx, guild, day, services.dice, now)
        tx.audit.add(audit.entry(actor, "admin", "called the cough season", now, reason=reason))
    return Reply(title="The cough season", lines=lines, footer=f"reason: {reason}")


@runs_in_database
def admin_give(
    services: Services, actor: Actor, character: str, illness: str, reason: str
) -> Reply:
    """The GM's own illness for a cat, from today."""
    reason = required_reason(reason)
    try:
        chosen = Illness(illness.strip().lower())
    except ValueError:
        raise PawpostError(f"Choose one of {', '.join(i.value for i in Illness)}.") from None
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        cat = named(tx, guild.guild_id, character)
        sheet = wcagr_sheet(cat)
        if sheet.dead:
            raise PawpostError(f"{safe(cat.name)} is dead.")
        cat.sheet = sick(sheet, chosen, game_day_at(now, guild.settings).number)
        tx.characters.save_sheet(cat)
        tx.audit.add(
            audit.entry(actor, "admin", f"gave {chosen.value}", now, character=cat, reason=reason)
        )
    return Reply(
        lines=[f"{safe(cat.name)} has {chosen.label.lower()} from today: no hunting or fighting."],
        footer=f"reason: {reason}",
    )


@runs_in_database
def treat_cat(
    services: Services, actor: Actor, target: str, herbs: str, character: str | None = None
) -> Reply:
    """`/treat`: a medicine cat (or silverblood, Healer, or their apprentices) or an admin
    records a treatment with the herbs given."""
    given = [herb for herb in herbs.replace(";", ",").split(",") if herb.strip()]
    if not given:
        raise PawpostError("Name the herbs, e.g. catmint, tansy.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        is_admin = actor.admin_in(guild.settings)
        healer = None
        if not is_admin or character:
            healer = acting_character(tx, actor, guild, character)
            refuse_dead(wcagr_sheet(healer))
            if wcagr_sheet(healer).rank not in HEALER_RANKS and not is_admin:
                raise PawpostError(
                    f"{safe(healer.name)} is no medicine cat: only a medicine cat, a "
                    "silverblood, a Healer, their apprentices or an admin treats illness."
                )
        patient = named(tx, guild.guild_id, target)
        sheet = wcagr_sheet(patient)
        illness = sheet.illness
        chickweed = WcagrSettings.of(guild.settings).chickweed_for_catmint
        patient.sheet = treat(sheet, given, chickweed_for_catmint=chickweed, by_admin=is_admin)
        tx.characters.save_sheet(patient)
        herbs_used = [] if healer is None else take_for_treatment(tx, guild, healer, given, now)
        by = healer.name if healer is not None else "an admin"
        tx.audit.add(
            audit.entry(
                actor,
                "treat",
                f"{by} treated {illness.value if illness else ''} with {', '.join(given)[:80]}",
                now,
                character=patient,
            )
        )
    label = illness.label.lower() if illness else "illness"
    return Reply(lines=[f"{safe(patient.name)} is cured of {label}.", *herbs_used])
