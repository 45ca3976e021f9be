"""Taking Risks on the game clock and the verbs that follow it: each game day counts the weeks
of healing and takes the point of a Reputation acted against and not set right; `/heal` picks
the scar a week healed; an admin rules that a cat acted against a Reputation, or set it right."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.game_time import GameDay, game_day_at
from bot.actions.lookup import acting_character, named, require_admin
from bot.actions.reply import Reply
from rules.cat.healing import heal_scar
from rules.cat.healing import on_game_day as count_healing
from rules.cat.magic import dry_off
from rules.cat.reputation import (
    act_against,
    give_back_point,
    reputation_named,
    set_right,
    settle_reputations,
    times_at_risk,
)
from rules.cat.sheet import CatSheet, trait_named
from storage.cat import cat
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild


def on_game_day(tx: Transaction, guild: Guild, day: GameDay) -> list[str]:
    """As `day` dawns: heals due for each full week of healing (each cat named, its player
    pinged), Reputation points lost, drenched cats dry (book l. 142: wet "for the rest of the
    day"), and a Fighting Frenzy kept for a fight that never came fades."""
    changed: list[Character] = []
    lines, healing = [], []
    for character in _due_today(tx, guild.guild_id):
        sheet = character.sheet
        if not isinstance(sheet, CatSheet):
            continue
        settled = settle_reputations(count_healing(sheet, day.number), today=day.number)
        for loss in settled.losses:
            after = "gone" if loss.gone else f"now {loss.after}"
            points = _points(loss.before - loss.after)
            lines.append(f"{safe(character.name)} loses {points} of {safe(loss.name)} ({after}).")
        if settled.sheet.heals_due > sheet.heals_due:
            healing.append(character)
        new = settled.sheet
        if new.wet_on_day is not None and new.wet_on_day < day.number:
            new = dry_off(new)
        if new.frenzy_ready is not None:
            new = new.model_copy(update={"frenzy_ready": None})
        if new != sheet:
            character.sheet = new
            changed.append(character)
    tx.characters.save_sheets(changed)
    for character in healing:
        due = cat_sheet(character).heals_due
        scars = "a scar" if due == 1 else f"{due} scars"
        lines.append(
            f"{safe(character.name)} (<@{character.owner_id}>) can heal {scars}: its player "
            "picks which with /heal."
        )
    return lines


DAY_CHUNK = 500  # characters read in one statement


def _due_today(tx: Transaction, guild_id: int) -> list[Character]:
    """The server's live cats a game day may change (the others it would leave as they are),
    in id order."""
    ids = cat(tx).day_ids(guild_id)
    found: dict[int, Character] = {}
    for start in range(0, len(ids), DAY_CHUNK):
        found |= tx.characters.by_ids(guild_id, ids[start : start + DAY_CHUNK])
    return [found[i] for i in sorted(found)]


@runs_in_database
def heal(services: Services, actor: Actor, trait: str, character: str | None = None) -> Reply:
    """The player picks the scar a week of healing takes away."""
    chosen = trait_named(trait)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = acting_character(tx, actor, guild, character)
        today = game_day_at(now, guild.settings).number
        sheet = heal_scar(cat_sheet(found), chosen, today=today)
        found.sheet = sheet
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(actor, "heal", f"a scar of {chosen.label} healed", now, character=found)
        )
    return Reply(
        lines=[
            f"A scar of {safe(found.name)}'s {chosen.label} heals: "
            f"{sheet.scars(chosen)} left there, {sheet.heals_due} more due."
        ]
    )


def _points(count: int) -> str:
    return "a point" if count == 1 else f"{count} points"


def _admin_reputation(
    services: Services, actor: Actor, character: str, name: str, reason: str, *, restore: bool
) -> Reply:
    reason = required_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_cat(guild)
        found = named(tx, actor.guild_id, character)
        sheet = cat_sheet(found)
        today = game_day_at(now, guild.settings).number
        known = reputation_named(sheet, name)
        if restore and times_at_risk(sheet, known):
            found.sheet = set_right(sheet, known, today=today)
            summary = f"{known} set right"
            left = times_at_risk(cat_sheet(found), known)
            line = f"{safe(found.name)} set {safe(known)} right today: " + (
                "no point is lost."
                if not left
                else f"{_points(left)} still {'goes' if left == 1 else 'go'} at the game day's "
                "end unless set right again."
            )
        elif restore:
            found.sheet = give_back_point(sheet, known)
            summary = f"a point of {known} given back"
            line = (
                f"{safe(found.name)} gets a point of {safe(known)} back: now "
                f"{cat_sheet(found).reputations[known]}."
            )
        else:
            found.sheet = act_against(sheet, known, today=today)
            summary = f"acted against {known}"
            times = times_at_risk(cat_sheet(found), known)
            again = "" if times == 1 else f" again ({times} times today)"
            line = (
                f"{safe(found.name)} acted against {safe(known)}{again}: it loses "
                f"{_points(times)} when the game day ends, unless set right today "
                "(/admin reputation restore)."
            )
        tx.characters.save_sheet(found)
        tx.audit.add(audit.entry(actor, "reputation", summary, now, character=found, reason=reason))
    return Reply(lines=[line], footer=f"reason: {reason}")


@runs_in_database
def lose(services: Services, actor: Actor, character: str, name: str, reason: str) -> Reply:
    return _admin_reputation(services, actor, character, name, reason, restore=False)


@runs_in_database
def restore(services: Services, actor: Actor, character: str, name: str, reason: str) -> Reply:
    return _admin_reputation(services, actor, character, name, reason, restore=True)
