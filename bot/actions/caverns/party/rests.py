"""`/rest short|long` for the whole party (one plain 2d6, +3 with Make Camp), with each
member's planned Harmony skills and second totem; a Long Rest's experience questions as the
admins' buttons; and the level-up's Advanced skill, picked by a select that outlives restarts."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from bot.actions import audit
from bot.actions.caverns.battle.guard import refuse_rest_in_battle
from bot.actions.caverns.common import (
    caverns_sheet,
    party_label,
    party_members,
    party_of,
    party_title,
    require_caverns,
    save,
)
from bot.actions.caverns.death import come_back, fighting_in
from bot.actions.caverns.melding import land_after_rest
from bot.actions.caverns.moon import moon_lines
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, require_admin
from bot.actions.reply import Button, Reply, ReplyField, Select, SelectOption, Style
from rules.caverns.constants import HARMONY_BENEFIT_STEP, HARMONY_SKILL_FLOOR
from rules.caverns.party.experience import (
    EXPERIENCE_QUESTIONS,
    answer_experience_questions,
    learn_advanced_skill,
    level_up,
)
from rules.caverns.party.harmony import describe_benefits, harmony_skills_refused
from rules.caverns.party.harmony_skills import HarmonySkill
from rules.caverns.party.market import Carrying
from rules.caverns.party.rests import MemberRest, RestKind, RestResult, long_rest, short_rest
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import SKILLS, Totem, advanced_skills
from rules.caverns.wording import signed
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.caverns.parties import Party
from storage.caverns.settings import CavernsSettings
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

XP_AREA = "caverns-xp"
LEVEL_AREA = "caverns-level"


def resting_party(
    tx: Transaction, actor: Actor, guild: Guild, character: str | None, now: datetime
) -> Party:
    """The party of the actor's character; an admin with none rests the channel's party."""
    try:
        found = acting_character(tx, actor, guild, character)
    except PawpostError:
        if character is None and actor.admin_in(guild.settings):
            return caverns(tx).parties.of_channel(guild.guild_id, actor.channel_id, now)
        raise
    return party_of(tx, guild, found, actor, now)


def _gain(value: int, one: str, many: str) -> str | None:
    return f"{signed(value)} {one if value == 1 else many}" if value else None


def _member_lines(member: MemberRest) -> list[str]:
    sheet = member.sheet
    parts = [
        f"Health {sheet.health}/{sheet.max_health}"
        + (f" (+{member.health_gained})" if member.health_gained else ""),
        f"Harmony {signed(sheet.harmony)}"
        + (f" ({signed(member.harmony_change)})" if member.harmony_change else ""),
        f"Vitae {sheet.vitae}/{sheet.max_vitae}"
        + (f" (+{member.vitae_gained})" if member.vitae_gained else ""),
    ]
    lines = [" · ".join(parts)]
    for rolled in member.harmony_rolls:
        shown = f"{rolled.skill.label}: {describe_roll(rolled.roll)}: "
        if rolled.allowed:
            some = "1 benefit" if rolled.allowed == 1 else f"{rolled.allowed} benefits"
            shown += (
                f"{some} to choose with /harmony benefits from {describe_benefits(rolled.skill)}"
            )
        else:
            shown += f"under {HARMONY_BENEFIT_STEP}: no benefit"
        lines.append(shown)
    if member.ration_spent:
        lines.append("ate a ration")
    if member.without_ration:
        lines.append("**had no ration to eat: the MC decides what that costs**")
    if member.torch_spent:
        lines.append("lit the party's torch")
    if member.repaired:
        lines.append("repaired: " + ", ".join(safe(name) for name in member.repaired))
    if member.conditions_ended:
        lines.append("no longer " + ", ".join(c.state for c in member.conditions_ended))
    added = [
        _gain(member.rations_added, "ration", "rations"),
        _gain(member.torches_added, "torch", "torches"),
    ]
    if any(added):
        lines.append("restocked " + " and ".join(a for a in added if a))
    if member.bound_totem is not None:
        lines.append(f"bound the {member.bound_totem.label} totem")
    lines += moon_lines(member.moon_rolls, sheet.moon if member.moon_rolls else None)
    orders = member.orders
    for label, names in (
        ("delivered", orders.arrived),
        ("paid for", orders.paid),
        ("bought on the surface", orders.bought),
        ("could no longer afford", orders.lapsed),
        ("**did not pay for** (no Ask on Market until it is returned)", orders.unpaid),
        ("left behind", orders.left_behind),
    ):
        if names:
            lines.append(f"{label}: " + ", ".join(safe(name) for name in names))
    return lines


class Plans(NamedTuple):
    """What the members planned for this rest, by party index, notes on plans set aside, and
    the players those notes are for."""

    skills: dict[int, list[HarmonySkill]]
    totems: dict[int, Totem]
    withholding: list[int]
    notes: list[str]
    players: list[int]


def _set_aside(name: str, sheet: CavernsSheet) -> str:
    """Why a member's planned Harmony skills no longer fit its Harmony (l. 325)."""
    if sheet.harmony <= 0:
        why = f"Harmony {signed(sheet.harmony)} is not above 0"
    else:
        most = sheet.harmony - HARMONY_SKILL_FLOOR
        why = (
            f"with {signed(sheet.harmony)} Harmony {safe(name)} can use at most {most}, since "
            f"Harmony stops at {signed(HARMONY_SKILL_FLOOR)}"
        )
    return f"{safe(name)}'s Harmony skills are set aside: {why}. Plan again for the next rest."


def _plans(tx: Transaction, members: list[Character], kind: RestKind) -> Plans:
    """Each member's planned Harmony skills (kept while they still fit the member's Harmony,
    else set aside with a note for its player, so that one member cannot stop the party's
    rest) and, at a Long Rest, second totem and withheld payment."""
    rests = caverns(tx).rests
    plans = Plans({}, {}, [], [], [])
    for index, member in enumerate(members):
        plan = rests.plan(member.id)
        sheet = caverns_sheet(member)
        if plan.harmony:
            if harmony_skills_refused(sheet, plan.harmony) is None:
                plans.skills[index] = list(plan.harmony)
            else:
                plans.notes.append(f"<@{member.owner_id}>: {_set_aside(member.name, sheet)}")
                plans.players.append(member.owner_id)
        if kind is RestKind.LONG and plan.totem is not None:
            plans.totems[index] = plan.totem
        if kind is RestKind.LONG and plan.withhold:
            plans.withholding.append(index)
    return plans


def _returned(
    tx: Transaction, guild: Guild, members: list[Character]
) -> tuple[list[Character], list[str]]:
    """Before a rest, the dead come back by Vitae (or retire), so that no death stops the
    party's rest (RULINGS); one lying dead in a battle waits for its end."""
    resting: list[Character] = []
    lines: list[str] = []
    for member in members:
        if caverns_sheet(member).is_dead:
            if fighting_in(tx, guild, member) is not None:
                lines.append(f"{safe(member.name)} lies dead in a battle and does not rest.")
                continue
            lines.append(come_back(tx, member))
            if caverns_sheet(member).retired:
                continue
        resting.append(member)
    return resting, lines


def _experience_buttons(rest_id: int) -> list[Button]:
    buttons = []
    for question in range(len(EXPERIENCE_QUESTIONS)):
        for verb, label, style in (("yes", "yes", Style.success), ("no", "no", Style.secondary)):
            buttons.append(
                Button(
                    label=f"Question {question + 1}: {label}",
                    custom_id=f"pawpost:{XP_AREA}:{rest_id}:{verb}:{question}",
                    style=style,
                    row=question,
                )
            )
    return buttons


@runs_in_database
def rest(services: Services, actor: Actor, kind: str, character: str | None = None) -> Reply:
    """The party rests: one roll, the band's effects on every member, their Harmony skills."""
    try:
        rest_kind = RestKind(kind.strip().lower())
    except ValueError:
        raise PawpostError(f"{safe(kind)} is not a rest; choose short or long.") from None
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        party = resting_party(tx, actor, guild, character, now)
        members, returned = _returned(
            tx, guild, [m for m in party_members(tx, guild, party) if not caverns_sheet(m).retired]
        )
        if not members:
            raise PawpostError("This party has no adventurer to rest.")
        refuse_rest_in_battle(tx, guild, members)
        plans = _plans(tx, members, rest_kind)
        sheets = [caverns_sheet(member) for member in members]
        result: RestResult
        limits = CavernsSettings.of(guild.settings)
        if rest_kind is RestKind.SHORT:
            carrying = Carrying(rations=limits.max_rations, torches=limits.max_torches)
            result = short_rest(
                sheets, services.dice, harmony_skills=plans.skills, carrying=carrying
            )
        else:
            result = long_rest(
                sheets,
                services.dice,
                harmony_skills=plans.skills,
                second_totems=plans.totems,
                refuse_to_pay=plans.withholding,
                max_rations=limits.max_rations,
                max_torches=limits.max_torches,
            )
        land = land_after_rest(guild, party, result.sheets)
        for member, landed in zip(members, land, strict=True):
            save(tx, member, landed.sheet)
        tables = caverns(tx)
        tables.rests.clear_plans(
            [member.id for member in members], long_rest=rest_kind is RestKind.LONG
        )
        rest_id = tables.rests.add(
            guild.guild_id, party.id, rest_kind.value, result.roll.total, now
        )
        label = "Short Rest" if rest_kind is RestKind.SHORT else "Long Rest"
        tx.audit.add(
            audit.entry(
                actor,
                "rest",
                f"{label} for {party.name}",
                now,
                rolls=[result.roll],
                outcome=result.band.value,
            )
        )
        for member, rested in zip(members, result.members, strict=True):
            if rested.moon_rolls:  # a second totem bound: each its own Moon bond roll
                tx.audit.add(
                    audit.entry(
                        actor,
                        "moon bond",
                        f"{member.name}'s Moon bond rolled at the {label}",
                        now,
                        character=member,
                        rolls=list(rested.moon_rolls),
                    )
                )
    lines = [
        f"{party_label(party)} rests.",
        *returned,
        describe_roll(result.roll),
        f"**{result.band.value}**: {result.result}",
        *plans.notes,
    ]
    if result.no_torch:
        lines.append("**Nobody carried a torch to burn: the MC decides what the dark costs.**")
    fields = [
        ReplyField(
            name=member.name,
            value="\n".join([*_member_lines(after), *([landed.line] if landed.line else [])])[
                :1024
            ],
        )
        for member, after, landed in zip(members, result.members, land, strict=True)
    ]
    buttons: list[Button] = []
    if rest_kind is RestKind.LONG:
        lines.append("The MC answers the experience questions (admins, one button each):")
        lines += [f"{n}. {q}" for n, q in enumerate(EXPERIENCE_QUESTIONS, start=1)]
        buttons = _experience_buttons(rest_id)
    return Reply(
        title=f"{party_title(party)}: a {label}",
        lines=lines,
        fields=fields,
        buttons=buttons,
        mentions=plans.players,
    )


async def rest_short(services: Services, actor: Actor, character: str | None = None) -> Reply:
    return await rest(services, actor, RestKind.SHORT.value, character)


async def rest_long(services: Services, actor: Actor, character: str | None = None) -> Reply:
    return await rest(services, actor, RestKind.LONG.value, character)


def _level_button(character: Character) -> Button:
    return Button(
        label=f"{character.name}: pick an Advanced skill",
        custom_id=f"pawpost:{LEVEL_AREA}:{character.id}:choose",
        style=Style.primary,
    )


def _settle(
    tx: Transaction, guild: Guild, party_id: int, answers: list[bool], now: datetime
) -> tuple[list[str], list[Character]]:
    """Count the MC's answers for the party: its experience, and at level + 3 a level for
    every member (each then owes an Advanced skill). Returns the lines and who levelled."""
    tables = caverns(tx)
    party = tables.parties.get(guild.guild_id, party_id)
    assert party is not None
    gained = answer_experience_questions(party.progress, answers)
    party = party.model_copy(update={"progress": gained.progress})
    tables.parties.save_progress(party)
    lines = [f"The party gains {gained.gained} experience."]
    if not gained.levelled_up:
        progress = gained.progress
        lines.append(
            f"Experience {progress.experience} of {progress.needed} for level {progress.level + 1}."
        )
        return lines, []
    levelled: list[Character] = []
    for member in party_members(tx, guild, party):
        sheet = caverns_sheet(member)
        if sheet.retired:
            continue
        save(tx, member, level_up(sheet))
        levelled.append(member)
    lines.append(
        f"**The party reaches level {gained.progress.level}!** Each member gains a level and "
        "picks an Advanced skill of their class."
    )
    return lines, levelled


@runs_in_database
def answer_question(
    services: Services, actor: Actor, rest_id: int, question: int, yes: bool
) -> Reply:
    """An admin answers one experience question; the third answer counts them, once."""
    if not 0 <= question < len(EXPERIENCE_QUESTIONS):
        raise PawpostError("That button names no question.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        require_admin(actor, guild)
        rests = caverns(tx).rests
        stored = rests.get(guild.guild_id, rest_id)
        if stored is None or stored.kind != RestKind.LONG.value:
            raise PawpostError("That rest asks no experience questions.")
        if stored.settled_at is not None:
            raise PawpostError("That rest's experience is counted already.")
        if not rests.answer(rest_id, question, yes):
            raise PawpostError(f"Question {question + 1} is answered already.")
        stored = rests.get(guild.guild_id, rest_id)
        assert stored is not None
        answered = f"Question {question + 1}: {'yes' if yes else 'no'}."
        tx.audit.add(audit.entry(actor, "experience", f"rest #{rest_id}: {answered}", now))
        if not stored.answered:
            return Reply(lines=[answered])
        rests.settle(rest_id, now)
        settled = _settle(tx, guild, stored.party_id, [bool(a) for a in stored.answers], now)
    lines, levelled = settled
    return Reply(lines=[answered, *lines], buttons=[_level_button(m) for m in levelled[:20]])


def _own_levelling(tx: Transaction, actor: Actor, guild: Guild, character_id: int) -> Character:
    found = tx.characters.by_id(guild.guild_id, character_id)
    if found is None:
        raise PawpostError("That character no longer exists.")
    if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
        raise PawpostError(f"Only {safe(found.name)}'s player or an admin can pick its skill.")
    if caverns_sheet(found).advanced_skills_owed < 1:
        raise PawpostError(f"{safe(found.name)} has no Advanced skill to pick now.")
    return found


def skill_options(character: Character) -> list[tuple[str, str]]:
    """The Advanced skills the character may learn now: of its skillsets and class, unknown."""
    sheet = caverns_sheet(character)
    patron = None if sheet.patron_totem is None else sheet.patron_totem.skill_key
    return [
        (skill.label, skill.key)
        for skillset in sheet.skillsets
        for skill in advanced_skills(skillset, sheet.character_class)
        if skill.key not in sheet.skills and skill.key != patron
    ]


@runs_in_database(read_only=True)
def choose_skill(services: Services, actor: Actor, character_id: int) -> Reply:
    """The level-up's select of Advanced skills (only its player sees it)."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = _own_levelling(tx, actor, guild, character_id)
    options = skill_options(found)[:25]
    return Reply(
        lines=[f"{safe(found.name)}: pick the Advanced skill of this level."],
        select=Select(
            custom_id=f"pawpost:{LEVEL_AREA}:{found.id}:pick",
            placeholder="An Advanced skill",
            options=[SelectOption(label=label, value=key) for label, key in options],
        ),
        ephemeral=True,
    )


def _learn(
    tx: Transaction, actor: Actor, guild: Guild, found: Character, name: str, now: datetime
) -> Reply:
    sheet = learn_advanced_skill(caverns_sheet(found), name)
    save(tx, found, sheet)
    learned = SKILLS[sheet.skills[-1]]
    tx.audit.add(audit.entry(actor, "level", f"learned {learned.key}", now, character=found))
    return Reply(lines=[f"{safe(found.name)} learns {learned.label}: {learned.text}"])


@runs_in_database
def pick_skill(services: Services, actor: Actor, character_id: int, values: list[str]) -> Reply:
    if len(values) != 1:
        raise PawpostError("Pick one skill.")
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = _own_levelling(tx, actor, guild, character_id)
        return _learn(tx, actor, guild, found, values[0], now)


@runs_in_database
def learn_skill(services: Services, actor: Actor, name: str, character: str | None = None) -> Reply:
    """`/level skill`: the same pick, typed."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        return _learn(tx, actor, guild, found, name, now)


async def _xp_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await answer_question(services, actor, press.id, press.arg or 0, press.verb == "yes")


async def _level_button_pressed(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "choose":
        return await choose_skill(services, actor, press.id)
    return await pick_skill(services, actor, press.id, list(press.values))


REST_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (XP_AREA, "yes"): _xp_button,
    (XP_AREA, "no"): _xp_button,
    (LEVEL_AREA, "choose"): _level_button_pressed,
    (LEVEL_AREA, "pick"): _level_button_pressed,
}
