"""WCAGR checks and ability points: `/check`, `/points show`, `/points convert`, and the
admins' `/admin refresh-points`."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import ability_lines, wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr import CheckResult, Critical, convert, refresh, roll_check
from storage.wcagr import wcagr


def outcome_of(result: CheckResult) -> str | None:
    """The logged outcome: success or failure against the DC (a critical decides), or the
    critical alone when there is no DC."""
    succeeded = result.succeeded
    if succeeded is None:
        return None if result.critical is None else result.critical.value
    word = "success" if succeeded else "failure"
    return word if result.critical is None else f"{word} ({result.critical.label})"


def result_lines(result: CheckResult, name: str) -> list[str]:
    """Every die and modifier, the outcome, a sprain, and what non-bonus knacks do."""
    line = describe_roll(result.roll)
    if result.roll.target is not None:
        line += f" vs DC {result.roll.target}"
    lines = [line]
    if result.critical is Critical.SUCCESS:
        lines.append("**Critical success**: two or more 6s.")
    elif result.critical is Critical.FAILURE:
        lines.append("**Critical failure**: two or more 1s.")
    if result.succeeded is not None and result.critical is None:
        lines.append("**Success**." if result.succeeded else "**Failure**.")
    if result.sprained:
        lines.append(
            f"{name} sprains a paw: no hunting or fighting for 3 sunrises of rest "
            "(an admin may clear it)."
        )
    lines += list(result.effects)
    return lines


@runs_in_database
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
    title = f"{safe(found.name)}: {label}" + (f" for {safe(reason)}" if reason else "")
    return Reply(
        title=title, lines=result_lines(result, safe(found.name)), footer=f"roll #{entry_id}"
    )


@runs_in_database
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
        paid = " and ".join(a.label for a in dict.fromkeys(paid_from))
        tx.audit.add(
            audit.entry(
                actor,
                "points",
                f"converted 2 {paid} points into 1 {into.label} point",
                services.clock(),
                character=found,
            )
        )
    return Reply(
        title=f"{safe(found.name)} converts 2 {paid} points into 1 {into.label} point",
        lines=ability_lines(wcagr_sheet(found)),
    )


@runs_in_database
def refresh_points(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Book l.225: when the GM says so every pool holds its score again (HP is not restored):
    one cat, or without `character` every cat of the server."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        if character:
            cats = [named(tx, actor.guild_id, character)]
            wcagr_sheet(cats[0])
        else:
            cats = list(
                tx.characters.by_ids(guild.guild_id, wcagr(tx).live_ids(guild.guild_id)).values()
            )
        for cat in cats:
            cat.sheet = refresh(wcagr_sheet(cat))
        tx.characters.save_sheets(cats)
        whom = safe(cats[0].name) if character else f"{len(cats)} cat(s) of the server"
        tx.audit.add(
            audit.entry(
                actor,
                "admin",
                f"refreshed the ability points of {cats[0].name if character else 'the server'}",
                now,
                character=cats[0] if character else None,
            )
        )
    return Reply(lines=[f"Ability points refreshed for {whom} (HP is not restored)."])


@runs_in_database
def hunt_not_built(services: Services, actor: Actor, character: str | None = None) -> Reply:
    raise PawpostError(
        "WCAGR hunting (Locate, Approach, Grab, Kill) is not built yet; roll the stages with "
        "/check for now."
    )
