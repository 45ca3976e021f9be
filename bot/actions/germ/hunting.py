"""Germ hunting: `/hunt`, `/share`, `/steal`, `/hunting log`, and clearing starvation."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions import hunting as hunting_days
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.hunting import hunted_today, outcome_words, plural, this_week
from bot.actions.lookup import acting_character, living, named, require_admin, require_built
from bot.actions.reply import Button, Reply
from bot.actions.roll import clean_reason
from bot.actions.seasons import current_season
from bot.actions.weeks import real_day, stamp, until, zone
from rules.errors import PawpostError
from rules.germ.constants import (
    HOURS_BETWEEN_HUNTS_AFTER_ZONE_CHANGE,
    HUNT_CATCH_DC,
    STARVING_AGILITY_PENALTY,
    STARVING_STRENGTH_PENALTY,
)
from rules.germ.hunger import starving_with_mother
from rules.germ.hunting import (
    ZONE_CHANGE_GAP,
    HuntResult,
    after_hunt,
    end_starvation,
    find_prey_dc,
    is_nursing,
    nursing_kits,
    with_hunger,
    zone_change_wait,
)
from rules.germ.hunting import hunt as roll_hunt
from rules.germ.hunting import steal as roll_steal
from rules.germ.sheet import GermSheet
from rules.seasons import Season
from storage.germ.settings import GermSettings
from storage.hunting import CatchLookup, Hunt, HuntAlreadyRecorded, HuntKind, Outcome
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

DEFAULT_LOG_LIMIT = 10
MAX_LOG_LIMIT = 20
STARVING_PENALTIES = f"−{STARVING_STRENGTH_PENALTY} Strength, −{STARVING_AGILITY_PENALTY} Agility"


def germ_sheet(character: Character) -> GermSheet:
    if not isinstance(character.sheet, GermSheet):
        raise PawpostError(f"{safe(character.name)} is not a Germ cat.")
    return character.sheet


# --- /hunt -----------------------------------------------------------------------------------


def _outcome(result: HuntResult) -> Outcome:
    if result.success:
        return Outcome.CAUGHT
    return Outcome.GOT_AWAY if result.found else Outcome.NO_PREY


def _roll_lines(result: HuntResult, leaf_bare: bool) -> list[str]:
    dc = find_prey_dc(leaf_bare=leaf_bare)
    found = "prey found." if result.found else "no prey found."
    lines = [f"Find prey: {describe_roll(result.find_roll)} against DC {dc}: {found}"]
    if result.catch_roll is not None:
        caught = "caught!" if result.success else "it got away."
        lines.append(
            f"Catch it: {describe_roll(result.catch_roll)} against DC {HUNT_CATCH_DC}: {caught}"
        )
    return lines


def _wait_after_zone_change(tx: Transaction, guild: Guild, cat: Character, now: datetime) -> None:
    """A new time zone may start a new real day early: then the cat waits 20 hours after its
    last hunt. Its last hunt is only looked up within 20 hours of a change."""
    changed = guild.settings.timezone_changed_at
    if changed is None or not timedelta(0) <= now - changed < ZONE_CHANGE_GAP:
        return
    wait = zone_change_wait(changed, tx.hunting.last_hunt_at(guild.guild_id, cat.id))
    if wait is not None and now < wait:
        raise PawpostError(
            f"{safe(cat.name)} hunted less than {HOURS_BETWEEN_HUNTS_AFTER_ZONE_CHANGE} hours ago "
            f"and the server's time zone has changed since, so it can hunt again in "
            f"{until(wait, now)}."
        )


@runs_in_database
def hunt(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Perception to find prey (DC 5, 10 in Leaf-bare), then Stealth DC 8 to catch it; once a
    real day; three failures in a row (two for a nursing mother) starve the cat."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        cat = acting_character(tx, actor, guild, character)
        tx.characters.lock(cat)
        sheet = germ_sheet(cat)
        day = real_day(now, zone(guild.settings.timezone))
        day_key = hunting_days.day_key(tx, guild, cat, day, now)
        _wait_after_zone_change(tx, guild, cat, now)
        season = current_season(guild.settings, now)
        leaf_bare = season is Season.LEAF_BARE
        result = roll_hunt(sheet, services.dice, leaf_bare=leaf_bare)
        # Only a failure can starve, so only then do the kits matter.
        kits = [] if result.success else tx.characters.kits_of(guild.guild_id, cat.id)
        ages = {kit.id: kit.sheet.age_moons for kit in kits if isinstance(kit.sheet, GermSheet)}
        nursing = is_nursing(ages.values())
        update = after_hunt(sheet.fail_streak, sheet.starving, result.success, nursing=nursing)
        cat.sheet = with_hunger(sheet, update)
        starved_kits = []
        if update.became_starving:
            young = set(nursing_kits(ages))
            for kit in kits:
                if kit.id in young and isinstance(kit.sheet, GermSheet) and not kit.sheet.starving:
                    kit.sheet = starving_with_mother(kit.sheet)
                    starved_kits.append(kit)
        outcome = _outcome(result)
        record = Hunt(
            guild_id=guild.guild_id,
            character_id=cat.id,
            user_id=actor.user_id,
            hunted_at=now,
            day_key=day_key,
            week_key=this_week(guild, now).key,
            season=season.value,
            find_total=result.find_roll.total,
            find_dc=result.find_roll.target,
            catch_total=None if result.catch_roll is None else result.catch_roll.total,
            catch_dc=None if result.catch_roll is None else result.catch_roll.target,
            outcome=outcome,
            fail_streak=update.fail_streak,
            became_starving=update.became_starving,
        )
        try:
            hunt_id = tx.hunting.add_hunt(record)
        except HuntAlreadyRecorded:
            raise hunted_today(cat.name, day, now) from None
        tx.characters.save_sheets([cat, *starved_kits])
        summary = f"Hunt in {season.label}: {outcome_words(outcome)}"
        if update.became_starving:
            summary += "; now starving"
            if starved_kits:
                summary += f", with {', '.join(kit.name for kit in starved_kits)}"
        tx.audit.add(
            audit.entry(
                actor,
                "hunt",
                summary,
                now,
                character=cat,
                rolls=[roll for roll in (result.find_roll, result.catch_roll) if roll],
                outcome=outcome.value,
            )
        )
    name = safe(cat.name)
    lines = _roll_lines(result, leaf_bare)
    if result.success:
        lines.append(f"**{name} caught prey.** Its catch can be shared with /share.")
        if sheet.starving:
            lines.append(f"{name} eats and is no longer starving.")
    elif update.became_starving:
        lines.append(
            f"**The hunt failed: {name} is now starving** after "
            f"{plural(update.fail_streak, 'failed hunt')} in a row ({STARVING_PENALTIES} "
            "until it eats)."
        )
        if starved_kits:
            kit_names = ", ".join(safe(kit.name) for kit in starved_kits)
            lines.append(f"Her kits under 2 moons starve with her: {kit_names}.")
    elif update.starving:
        lines.append(
            f"**The hunt failed.** {name} is still starving "
            f"({plural(update.fail_streak, 'failed hunt')} in a row)."
        )
    else:
        more = update.fails_until_starving or 0
        lines.append(
            f"**The hunt failed.** {plural(update.fail_streak, 'failed hunt')} in a row: "
            f"{plural(more, 'more failure')} and {name} starves."
        )
    return Reply(
        title=f"{name} hunts in {season.label}",
        lines=lines,
        footer=f"hunt #{hunt_id} · next hunt after midnight ({guild.settings.timezone})",
    )


# --- /share and /steal ------------------------------------------------------------------------


def fresh_catch(
    lookup: CatchLookup, name: str, window_days: int, now: datetime, *, doing: str, done: str
) -> Hunt:
    """The catch to share or steal, or one sentence saying why there is none."""
    if lookup.fresh_catch is not None:
        return lookup.fresh_catch
    newest, last = lookup.newest_catch, lookup.newest_hunt
    name = safe(name)
    if last is None:
        raise PawpostError(f"{name} has not hunted yet, so there is no catch to {doing}.")
    if newest is None or not last.caught:
        raise PawpostError(f"{name}'s last hunt failed, so there is no catch to {doing}.")
    taker = safe(newest.eaten_by_name or "another cat")
    if newest.shared_to is not None:
        raise PawpostError(f"{name}'s last catch was already shared with {taker}.")
    if newest.stolen_by is not None:
        raise PawpostError(f"{name}'s last catch was already stolen by {taker}.")
    age = (now - newest.hunted_at).days
    raise PawpostError(
        f"{name}'s last catch is {plural(age, 'day')} old; only a catch from the last "
        f"{plural(window_days, 'day')} can be {done}."
    )


@runs_in_database
def share(services: Services, actor: Actor, to: str, character: str | None = None) -> Reply:
    """The hunter gives its catch to another cat of the server, which eats it."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        giver = acting_character(tx, actor, guild, character)
        tx.characters.lock(giver)
        receiver = living(tx, actor.guild_id, to)
        if receiver.id == giver.id:
            raise PawpostError(
                f"{safe(giver.name)} cannot share a catch with itself; name the cat to give it to."
            )
        germ_sheet(giver)
        fed = germ_sheet(receiver)
        window = GermSettings.of(guild.settings).steal_window_days
        lookup = tx.hunting.catches(guild.guild_id, giver.id, now - timedelta(days=window))
        catch = fresh_catch(lookup, giver.name, window, now, doing="share", done="shared")
        if not tx.hunting.eat_catch(catch.id, now, shared_to=receiver.id):
            raise PawpostError(f"{safe(giver.name)}'s catch was eaten a moment ago.")
        receiver.sheet = with_hunger(fed, end_starvation())
        tx.characters.save_sheet(receiver)
        tx.audit.add(
            audit.entry(
                actor,
                "share",
                f"shared the catch of hunt #{catch.id} with {receiver.name}",
                now,
                character=giver,
                outcome="shared",
            )
        )
    lines = [f"{safe(giver.name)} shares its catch with {safe(receiver.name)}, who eats it."]
    if fed.starving:
        lines.append(f"{safe(receiver.name)} is no longer starving.")
    elif fed.fail_streak:
        lines.append(f"{safe(receiver.name)}'s run of failed hunts is over.")
    mentions = [receiver.owner_id] if receiver.owner_id != actor.user_id else []
    return Reply(title="A shared catch", lines=lines, mentions=mentions)


@runs_in_database
def steal(services: Services, actor: Actor, hunter: str, character: str | None = None) -> Reply:
    """The thief's Stealth against the hunter's Perception, both rolled at once, for the
    hunter's newest catch still uneaten within the steal window; one try per thief and catch."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        thief = acting_character(tx, actor, guild, character)
        victim = living(tx, actor.guild_id, hunter)
        tx.characters.lock(victim)
        if victim.id == thief.id:
            raise PawpostError(f"{safe(thief.name)} cannot steal from itself.")
        if victim.owner_id == thief.owner_id:
            raise PawpostError(
                f"{safe(thief.name)} and {safe(victim.name)} belong to the same player; "
                "a cat cannot steal from its own player's cats."
            )
        thief_sheet, victim_sheet = germ_sheet(thief), germ_sheet(victim)
        window = GermSettings.of(guild.settings).steal_window_days
        lookup = tx.hunting.catches(guild.guild_id, victim.id, now - timedelta(days=window))
        catch = fresh_catch(lookup, victim.name, window, now, doing="steal", done="stolen")
        if tx.hunting.steal_tried(guild.guild_id, catch.id, thief.id):
            raise PawpostError(
                f"{safe(thief.name)} already tried to steal {safe(victim.name)}'s catch of "
                f"{hunting_days.local_date(catch.day_key)}; a thief gets one try at each catch."
            )
        result = roll_steal(thief_sheet, victim_sheet, services.dice)
        stolen = result.initiator_won
        tx.hunting.add_steal_attempt(guild.guild_id, catch.id, thief.id, now, succeeded=stolen)
        if stolen:
            tx.hunting.eat_catch(catch.id, now, stolen_by=thief.id)
            thief.sheet = with_hunger(thief_sheet, end_starvation())
            tx.characters.save_sheet(thief)
        tx.audit.add(
            audit.entry(
                actor,
                "steal",
                f"tried to steal {victim.name}'s catch (hunt #{catch.id})",
                now,
                character=thief,
                rolls=[result.initiator_roll, result.defender_roll],
                outcome="stolen" if stolen else "spotted",
            )
        )
    thief_name, victim_name = safe(thief.name), safe(victim.name)
    lines = [
        f"<@{victim.owner_id}>, {thief_name} is after {victim_name}'s catch.",
        f"{thief_name}: {describe_roll(result.initiator_roll)}",
        f"{victim_name}: {describe_roll(result.defender_roll)}",
    ]
    if stolen:
        lines.append(f"**{thief_name} steals the catch unseen** (by {result.margin}) and eats it.")
        if thief_sheet.starving:
            lines.append(f"{thief_name} is no longer starving.")
    else:
        tie = " (a tie goes to the hunter)" if result.margin == 0 else f" (by {-result.margin})"
        lines.append(f"**{victim_name} spots {thief_name}**{tie} and keeps the catch.")
    return Reply(
        title=f"{thief_name} tries to steal from {victim_name}",
        lines=lines,
        mentions=[victim.owner_id],
    )


# --- /hunting log -----------------------------------------------------------------------------


def _log_line(hunt: Hunt) -> str:
    when = stamp(hunt.hunted_at, "d")
    if hunt.kind is HuntKind.MISSED_WEEK:
        text = f"`#{hunt.id}` {when} missed the week of {hunt.week_key}: counts as a failed hunt"
    else:
        season = Season(hunt.season).label if hunt.season else "?"
        parts = []
        if hunt.find_total is not None:
            found = "no prey" if hunt.outcome is Outcome.NO_PREY else "found prey"
            parts.append(f"{found} ({hunt.find_total} vs DC {hunt.find_dc})")
        if hunt.catch_total is not None:
            caught = "caught it" if hunt.caught else "it got away"
            parts.append(f"{caught} ({hunt.catch_total} vs DC {hunt.catch_dc})")
        text = f"`#{hunt.id}` {when} {season}: {', '.join(parts)}"
    if hunt.became_starving:
        text += " · became starving"
    elif not hunt.caught:
        text += f" · {plural(hunt.fail_streak, 'failure')} in a row"
    if hunt.shared_to is not None:
        text += f" · shared with {safe(hunt.eaten_by_name or '?')}"
    elif hunt.stolen_by is not None:
        text += f" · stolen by {safe(hunt.eaten_by_name or '?')}"
    return text


@runs_in_database(read_only=True)
def hunting_log(
    services: Services,
    actor: Actor,
    character: str | None = None,
    limit: int | None = None,
    *,
    before_id: int | None = None,
    character_id: int | None = None,
) -> Reply:
    """A cat's hunts, newest first, a page at a time with an Older button."""
    limit = max(1, min(limit or DEFAULT_LOG_LIMIT, MAX_LOG_LIMIT))
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        cat = _log_cat(tx, actor, guild, character, character_id)
        hunts = tx.hunting.hunts_of(actor.guild_id, cat.id, before_id=before_id, limit=limit + 1)
    more = len(hunts) > limit
    hunts = hunts[:limit]
    lines = [_log_line(hunt) for hunt in hunts] or [f"{safe(cat.name)} has not hunted yet."]
    buttons = []
    if more:
        buttons.append(
            Button(label="Older", custom_id=f"pawpost:hunts:{cat.id}:older:{hunts[-1].id}")
        )
    return Reply(
        title=f"Hunting log of {safe(cat.name)}",
        lines=lines,
        buttons=buttons,
        update=before_id is not None,
    )


def _log_cat(
    tx: Transaction, actor: Actor, guild: Guild, name: str | None, character_id: int | None
) -> Character:
    if name:
        return named(tx, actor.guild_id, name)
    if character_id is not None:
        found = tx.characters.by_id(actor.guild_id, character_id)
        if found is None:
            raise PawpostError("That cat is no longer in this server.")
        return found
    return acting_character(tx, actor, guild, None, managing=True)


# --- /admin starving clear --------------------------------------------------------------------


@runs_in_database
def clear_starving(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    """An admin ends a cat's starvation and failure streak (logged with the reason)."""
    reason_text = clean_reason(reason)
    if not reason_text:
        raise PawpostError("An admin change needs a reason, so the log can say why.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        cat = named(tx, actor.guild_id, character)
        sheet = germ_sheet(cat)
        if not sheet.starving and not sheet.fail_streak:
            raise PawpostError(
                f"{safe(cat.name)} is not starving and has no failed hunts to clear."
            )
        cat.sheet = with_hunger(sheet, end_starvation())
        tx.characters.save_sheet(cat)
        tx.audit.add(
            audit.entry(
                actor,
                "admin",
                f"starvation cleared (was {'starving' if sheet.starving else 'fed'}, "
                f"{sheet.fail_streak} failed hunts in a row)",
                now,
                character=cat,
                reason=reason_text,
            )
        )
    return Reply(
        lines=[f"{safe(cat.name)} is fed again: not starving, no failed hunts in a row."],
        footer=f"reason: {reason_text}",
    )


def season_hunting(season: Season) -> str:
    """What a season means for a Germ hunt."""
    dc = find_prey_dc(leaf_bare=season is Season.LEAF_BARE)
    return f"Finding prey needs Perception DC {dc}, catching it Stealth DC {HUNT_CATCH_DC}."


# --- Buttons ----------------------------------------------------------------------------------


async def _older(services: Services, actor: Actor, press: Press) -> Reply:
    return await hunting_log(services, actor, before_id=press.arg or 0, character_id=press.id)


HUNT_BUTTONS: dict[tuple[str, str], ButtonHandler] = {("hunts", "older"): _older}
