"""Harmony skills at a rest: `/harmony plan` says which a member will use at the party's next
rest (and a Patron Totem's second totem), `/harmony benefits` takes what a roll allows, which
lasts until the next rest."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.caverns.common import (
    caverns_sheet,
    items,
    party_members,
    party_of,
    require_caverns,
    save,
)
from bot.actions.caverns.parse import totem as parse_totem
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, living
from bot.actions.reply import Reply
from rules.caverns.party.harmony import choose_benefits, describe_benefits, harmony_skills_refused
from rules.caverns.party.harmony_skills import (
    HARMONY_SKILLS,
    HarmonyBenefit,
    parse_benefit,
    parse_harmony_skill,
)
from rules.caverns.wording import signed
from rules.errors import PawpostError
from storage.caverns import caverns


@runs_in_database
def plan(
    services: Services,
    actor: Actor,
    skills: str | None = None,
    totem: str | None = None,
    character: str | None = None,
) -> Reply:
    chosen = tuple(parse_harmony_skill(name) for name in items(skills))
    second = parse_totem(totem)
    if len(set(chosen)) != len(chosen):
        raise PawpostError("Each Harmony skill can be used once a rest.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = caverns_sheet(found)
        refused = harmony_skills_refused(sheet, chosen)
        if refused is not None:
            raise PawpostError(refused)
        if second is not None:
            if sheet.patron_totem is None:
                raise PawpostError("Only a character with a Patron Totem binds a second totem.")
            if second is sheet.patron_totem or not sheet.has_skill(second.skill_key):
                raise PawpostError(f"You cannot bind the {second.label} totem as a second one.")
        rests = caverns(tx).rests
        kept = rests.plan(found.id).model_copy(update={"harmony": chosen, "totem": second})
        rests.save_plan(guild.guild_id, found.id, kept, now)
    lines = [
        f"At the party's next rest {safe(found.name)} uses "
        + (", ".join(skill.label for skill in chosen) or "no Harmony skill")
        + f" (1 Harmony each, now {signed(sheet.harmony)})."
    ]
    if sheet.patron_totem is not None:
        lines.append(
            f"At the next Long Rest: binds the {second.label} totem."
            if second is not None
            else "At the next Long Rest: no second totem, +2 Vitae instead."
        )
    return Reply(lines=lines, ephemeral=True)


# Benefits that do not wait for the next rest: done at once (l. 345, 349).
ONCE_AND_FOR_ALL = {
    HarmonyBenefit.FIX_ITEM: "the item is fixed for good.",
    HarmonyBenefit.GIVE_VITAE: "the Vitae is given.",
}


@runs_in_database
def benefits(
    services: Services,
    actor: Actor,
    skill: str,
    chosen: str,
    item: str | None = None,
    ally: str | None = None,
    vitae: int | None = None,
    character: str | None = None,
) -> Reply:
    harmony_skill = parse_harmony_skill(skill)
    wanted = [parse_benefit(name, harmony_skill) for name in items(chosen)]
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        party = party_of(tx, guild, found, actor, now)
        friend = None
        if ally:
            friend = living(tx, guild.guild_id, ally)
            if (
                friend.id not in {m.id for m in party_members(tx, guild, party)}
                or friend.id == found.id
            ):
                raise PawpostError(f"{safe(friend.name)} is not another member of your party.")
        taken = choose_benefits(
            caverns_sheet(found),
            harmony_skill,
            wanted,
            item=item or "",
            ally=None if friend is None else caverns_sheet(friend),
            vitae=vitae or 0,
            catalogue=caverns(tx).catalogue.of(guild.guild_id),
        )
        save(tx, found, taken.sheet)
        if friend is not None and taken.ally is not None:
            save(tx, friend, taken.ally)
        tx.audit.add(
            audit.entry(
                actor,
                "harmony",
                f"{harmony_skill.label}: " + ", ".join(b.value for b in wanted),
                now,
                character=found,
            )
        )
    row = HARMONY_SKILLS[harmony_skill]
    lasting = [b for b in wanted if b not in ONCE_AND_FOR_ALL]
    lines = []
    if lasting:
        lines.append(f"{safe(found.name)}, until the next rest:")
        lines += [f"• {row.benefits[b]}" for b in lasting]
    lines += [f"{safe(found.name)}: {ONCE_AND_FOR_ALL[b]}" for b in wanted if b in ONCE_AND_FOR_ALL]
    left = next((p for p in taken.sheet.harmony_picks if p.skill is harmony_skill), None)
    if left is not None:
        lines.append(
            f"{left.allowed} more to choose from {describe_benefits(harmony_skill)}, until the "
            "next rest."
        )
    if row.whole_party:
        lines.append("Move Like the Wind's benefits apply to the whole party.")
    if HarmonyBenefit.ASK_THE_MC in wanted:
        lines.append("**For the MC**: answer one question about the world.")
    return Reply(title=harmony_skill.label, lines=lines)
