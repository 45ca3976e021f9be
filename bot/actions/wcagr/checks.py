"""WCAGR checks and ability points: `/check`, `/points show`, `/points convert`, and the
admins' `/admin refresh-points`."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, for_reason, safe
from bot.actions.lookup import acting_character, named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import SPRAIN_REST, ability_lines, wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr import (
    Ability,
    CheckResult,
    Critical,
    WcagrSheet,
    convert,
    refresh,
    roll_check,
    without_sprain,
)
from rules.wcagr.constants import (
    CONVERSION_POINTS_GAINED,
    CONVERSION_POINTS_PAID,
    CRITICAL_FAILURE_FACE,
    CRITICAL_MATCHES,
    CRITICAL_SUCCESS_FACE,
)
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr

CHANNEL_SCOPE = "channel"
SERVER_SCOPE = "server"
CHANNEL_SCENE_HOURS = 24  # docs/rulings.md: a channel's cats are those that acted there in a day


def outcome_of(result: CheckResult) -> str | None:
    """The logged outcome: success or failure against the DC (a critical decides), or the
    critical alone when there is no DC."""
    succeeded = result.succeeded
    if succeeded is None:
        return None if result.critical is None else result.critical.value
    word = "success" if succeeded else "failure"
    return word if result.critical is None else f"{word} ({result.critical.label})"


def critical_lines(result: CheckResult) -> list[str]:
    """A critical, and against a DC what it did: a critical failure against an easy DC must
    not read like a success (RULINGS: a critical decides whatever the total)."""
    outcome = (
        ""
        if result.succeeded is None
        else "; the check " + ("succeeds" if result.succeeded else "fails")
    )
    if result.critical is Critical.SUCCESS:
        return [
            f"**Critical success**: {CRITICAL_MATCHES} or more {CRITICAL_SUCCESS_FACE}s{outcome}."
        ]
    if result.critical is Critical.FAILURE:
        return [
            f"**Critical failure**: {CRITICAL_MATCHES} or more {CRITICAL_FAILURE_FACE}s{outcome}."
        ]
    return []


def result_lines(result: CheckResult, name: str) -> list[str]:
    """Every die and modifier, the outcome, a sprain, and what non-bonus knacks do."""
    line = describe_roll(result.roll)
    if result.roll.target is not None:
        line += f" vs DC {result.roll.target}"
    lines = [line, *critical_lines(result)]
    if result.succeeded is not None and result.critical is None:
        lines.append("**Success**." if result.succeeded else "**Failure**.")
    if result.sprained:
        lines.append(f"{name} sprains a paw: {SPRAIN_REST} (an admin may clear it).")
    lines += list(result.effects)
    return lines


@runs_in_database(quick=True)
def check(
    services: Services,
    actor: Actor,
    ability: str | None = None,
    skill: str | None = None,
    dc: int | None = None,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    """3d6 + ability + skill + points spent + knack bonuses; the points are taken from the
    sheet's pools and saved, a critical failure on a physical check sprains the cat."""
    chosen_ability = None if ability is None else parse.ability(ability)
    chosen_skill = None if skill is None else parse.skill(skill)
    uses = parse.knack_uses(knacks)
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = wcagr_sheet(found)
        result = roll_check(
            sheet,
            services.dice,
            skill=chosen_skill,
            ability=chosen_ability,
            dc=dc,
            spend=spend,
            knacks=uses,
        )
        if result.sheet != sheet:
            found.sheet = result.sheet
            tx.characters.save_sheet(found)
        label = result.roll.label
        summary = f"{label} check" + ("" if dc is None else f" DC {dc}")
        entry_id = tx.audit.add(
            audit.entry(
                actor,
                "check",
                summary,
                now,
                character=found,
                rolls=[result.roll],
                outcome=outcome_of(result),
                reason=reason,
            )
        )
    title = f"{safe(found.name)}: {label}" + for_reason(reason)
    return Reply(
        title=title, lines=result_lines(result, safe(found.name)), footer=f"roll #{entry_id}"
    )


@runs_in_database(read_only=True)
def show_points(services: Services, actor: Actor, character: str | None = None) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = (
            named(tx, actor.guild_id, character)
            if character
            else acting_character(tx, actor, guild, None)
        )
        sheet = wcagr_sheet(found)
    return Reply(title=f"{safe(found.name)}'s ability points", lines=ability_lines(sheet))


@runs_in_database
def convert_points(
    services: Services, actor: Actor, from_: str, to: str, character: str | None = None
) -> Reply:
    """Book l.226: 2 points (of one kind, or one each of two kinds) become 1 of another."""
    paid_from = parse.abilities(from_)
    if not paid_from:
        raise PawpostError("Name the ability (or two) the points come from.")
    into = parse.ability(to)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = wcagr_sheet(found)
        found.sheet = convert(sheet, paid_from, into)
        tx.characters.save_sheet(found)
        paid = _paid_words(paid_from)
        gained = f"{CONVERSION_POINTS_GAINED} {into.label} point"
        tx.audit.add(
            audit.entry(
                actor,
                "points",
                f"converted {paid} into {gained}",
                services.clock(),
                character=found,
            )
        )
    return Reply(
        title=f"{safe(found.name)} converts {paid} into {gained}",
        lines=ability_lines(wcagr_sheet(found)),
    )


def _paid_words(paid_from: tuple[Ability, ...]) -> str:
    """ "2 Strength points", or "1 Strength and 1 Intelligence point" (l.226)."""
    kinds = list(dict.fromkeys(paid_from))
    if len(kinds) == 1:
        return f"{CONVERSION_POINTS_PAID} {kinds[0].label} points"
    each = CONVERSION_POINTS_PAID // len(kinds)
    return " and ".join(f"{each} {a.label}" for a in kinds) + " point"


def _scope_cats(
    tx: Transaction, actor: Actor, guild: Guild, character: str | None, scope: str, now: datetime
) -> tuple[list[Character], str]:
    """The cats a refresh covers and how the post names them: one cat; the cats played in this
    channel (a logged action here within the last day, docs/rulings.md); or the whole server."""
    if character:
        cat = named(tx, actor.guild_id, character)
        wcagr_sheet(cat)
        return [cat], safe(cat.name)
    if scope == CHANNEL_SCOPE:
        since = now - timedelta(hours=CHANNEL_SCENE_HOURS)
        ids = wcagr(tx).ids_in_channel(guild.guild_id, actor.channel_id, since)
        found = tx.characters.by_ids(guild.guild_id, ids).values()
        cats = [cat for cat in found if isinstance(cat.sheet, WcagrSheet)]
        return cats, f"{len(cats)} cat(s) played in this channel"
    if scope != SERVER_SCOPE:
        raise PawpostError("Refresh one character, this channel or the whole server.")
    ids = wcagr(tx).live_ids(guild.guild_id)
    return list(tx.characters.by_ids(guild.guild_id, ids).values()), (
        f"{len(ids)} cat(s) of the server"
    )


@runs_in_database
def refresh_points(
    services: Services, actor: Actor, character: str | None = None, scope: str = SERVER_SCOPE
) -> Reply:
    """Book l.225: when the GM says so every pool holds its score again (HP is not restored):
    one cat, the cats of this channel's scene, or every cat of the server."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        cats, whom = _scope_cats(tx, actor, guild, character, scope, now)
        for cat in cats:
            cat.sheet = refresh(wcagr_sheet(cat))
        tx.characters.save_sheets(cats)
        tx.audit.add(
            audit.entry(
                actor,
                "admin",
                f"refreshed the ability points of {cats[0].name if character else whom}",
                now,
                character=cats[0] if character else None,
            )
        )
    return Reply(lines=[f"Ability points refreshed for {whom} (HP is not restored)."])


@runs_in_database
def clear_sprain(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    """RULINGS: an admin may clear a sprain before its 3 sunrises of rest."""
    reason = required_reason(reason)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        found = named(tx, actor.guild_id, character)
        sheet = wcagr_sheet(found)
        if not sheet.sprained:
            raise PawpostError(f"{safe(found.name)} has no sprain to clear.")
        found.sheet = without_sprain(sheet)
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor, "admin", "cleared a sprain", services.clock(), character=found, reason=reason
            )
        )
    return Reply(
        lines=[f"{safe(found.name)}'s sprain is cleared: it may hunt and fight again."],
        footer=f"reason: {reason}",
    )
